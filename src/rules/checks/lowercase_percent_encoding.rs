//! lowercase-percent-encoding: RFC 3986 s2.1, s6.2.2.1.

use crate::rules::util::triplets;
use crate::rules::{Context, Edit, Hit};
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::PERCENT) {
        return;
    }
    let uri = cx.text;
    let lower: Vec<usize> = triplets(uri)
        .map(|(i, _)| i)
        .filter(|&i| uri[i + 1..i + 3].iter().any(u8::is_ascii_lowercase))
        .collect();
    let Some(&at) = lower.first() else { return };
    let more = lower.len() - 1;
    // The fix upper-cases every such triplet's digits (s6.2.2.1).
    let edits = lower
        .iter()
        .map(|&i| Edit::replace(i + 1..i + 3, uri[i + 1..i + 3].to_ascii_uppercase()))
        .collect();
    let t = String::from_utf8_lossy(&uri[at..at + 3]);
    let extra = if more > 0 { format!(" ({more} more)") } else { String::new() };
    let msg = format!("`{t}` should be written `{}`{extra}", t.to_ascii_uppercase());
    out.push(Hit::new(msg).at(Span { start: at, end: at + 3 }).fix(edits));
}
