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
    // A URI that ends inside an escape (`...%3A%2`) was cut, by a hard wrap
    // in quoted mail most often: advice for a whole URI would be wrong.
    let cut = uri.len() == at + 2 && uri[at + 1].is_ascii_hexdigit();
    let msg = if more == 0 && cut && !cx.finding.flags.template {
        let cut = String::from_utf8_lossy(&uri[at..]);
        format!("the URI ends inside a percent-escape (`{cut}`): it was cut short, as by a line wrap, and does not work as written")
    } else {
        format!("`%` at offset {at} is not followed by two hex digits{extra}; write a literal `%` as `%25`")
    };
    out.push(Hit::new(msg).at(Span { start: at, end: at + 1 }));
}
