//! trailing-punctuation: RFC 3986 App. C; RFC 1738 App.; SPEC E4.

use crate::rules::{Context, Hit};
use crate::scan::Delimiter;
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    // Only angle brackets: a quoted URI may hold a sentence's period by
    // the American convention (`"http://x.org/a."`).
    if !matches!(cx.finding.delimiter, Delimiter::Angle | Delimiter::AngleUrlPrefix) || cx.finding.flags.truncated {
        return;
    }
    let text = cx.text;
    let Some(&last) = text.last() else { return };
    let what = match last {
        b'.' | b',' | b';' | b':' | b'!' | b'?' => "punctuation",
        b')' | b']' | b'}' if unbalanced(text, last) => "a bracket that closes nothing in it",
        _ => return,
    };
    let msg = format!("the URI ends in `{}`, {what}: inside `<...>` it is part of the link", last as char);
    let end = text.len();
    out.push(Hit::new(msg).at(Span { start: end - 1, end }));
}

/// Whether the closing bracket `close` at the end of `text` closes no
/// bracket opened inside it (SPEC E4).
fn unbalanced(text: &[u8], close: u8) -> bool {
    let open = match close {
        b')' => b'(',
        b']' => b'[',
        _ => b'{',
    };
    let opened = text.iter().filter(|&&b| b == open).count();
    let closed = text.iter().filter(|&&b| b == close).count();
    closed > opened
}
