//! trailing-punctuation: RFC 3986 App. C; RFC 1738 App.; SPEC E4.

use crate::rules::{Context, Hit};
use crate::scan::Delimiter;
use crate::uri::{Component, Span};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    // Only angle brackets: a quoted URI may hold a sentence's period by
    // the American convention (`"http://x.org/a."`).
    if !matches!(cx.finding.delimiter, Delimiter::Angle | Delimiter::AngleUrlPrefix) || cx.finding.flags.truncated {
        return;
    }
    let text = cx.text;
    // Opaque URIs end as their scheme says (`data:,` is an empty one).
    if cx.uri.get(Component::Host).is_none() {
        return;
    }
    let Some(&last) = text.last() else { return };
    let what = match last {
        b',' | b';' => "punctuation",
        // A sentence's period after a lower-case word in a fragment
        // (`#operations.`): anchors are slugs. Page names end in `.` too
        // (`wiki/Apple_Inc.`, `wiki/etc.`), and `!` and `?` end real names
        // and empty queries (`Yahoo!`, `swap!`).
        b'.' if cx.uri.get(Component::Fragment).is_some() && ends_lowercase_word(text) => "punctuation",
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

/// Whether `text` ends in `.` after a word of at least three letters, none
/// of them in upper case, since the last `/`, `#`, `_` or `-`.
fn ends_lowercase_word(text: &[u8]) -> bool {
    let body = &text[..text.len() - 1];
    let start = body.iter().rposition(|b| matches!(b, b'/' | b'#' | b'_' | b'-' | b'.')).map_or(0, |k| k + 1);
    let word = &body[start..];
    let segment_start = body.iter().rposition(|b| matches!(b, b'/' | b'#')).map_or(0, |k| k + 1);
    word.len() >= 3
        && word.iter().all(u8::is_ascii_lowercase)
        && !body[segment_start..].iter().any(u8::is_ascii_uppercase)
}
