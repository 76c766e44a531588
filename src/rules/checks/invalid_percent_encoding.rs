//! invalid-percent-encoding: RFC 3986 s2.1, s2.4.

use crate::rules::{Context, Hit};
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::PERCENT) {
        return;
    }
    let uri = cx.text;
    let mut bad = memchr::memchr_iter(b'%', uri)
        .filter(|&i| !uri.get(i + 1..i + 3).is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit)));
    let Some(at) = bad.next() else { return };
    let more = bad.count();
    let extra = if more > 0 { format!(" ({more} more like it)") } else { String::new() };
    let msg = format!("`%` at offset {at} is not followed by two hex digits{extra}; write a literal `%` as `%25`");
    out.push(Hit::new(msg).at(Span { start: at, end: at + 1 }));
}
