//! encoded-delimiter: RFC 1738 s6; RFC 3986 s7.2, s7.3.

use crate::rules::util::triplets;
use crate::rules::{Context, Hit};
use crate::uri::{Component, Span};

/// Schemes whose query is form data, decoded into values by the server
/// (HTML's application/x-www-form-urlencoded; RFC 6455 s3 for WebSocket):
/// a line break in it is a value's own, not a break in the request line.
const FORM_QUERY: &[&str] = &["http", "https", "ws", "wss"];

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::PERCENT) {
        return;
    }
    // RFC 3986 s3.5: the fragment is never sent, so its CR and LF reach
    // no protocol; nor do those of a form query's values. The path, the
    // authority and a query read as lines (`mailto:` headers, RFC 6068
    // s2) keep them. A NUL cuts a string short wherever it is decoded.
    let data_from = {
        let form = cx.scheme.is_some_and(|s| FORM_QUERY.contains(&s.name.as_str()));
        let query = cx.uri.span(Component::Query).filter(|_| form);
        let fragment = cx.uri.span(Component::Fragment);
        query.or(fragment).map(|s| s.start)
    };
    for (i, v) in triplets(cx.text) {
        let what = match v {
            0x0D => "a carriage return",
            0x0A => "a line feed",
            0x00 => "a NUL",
            _ => continue,
        };
        if v != 0x00 && data_from.is_some_and(|from| i >= from) {
            continue;
        }
        let msg = format!("`%{v:02X}` encodes {what}, used to inject headers or cut strings short");
        out.push(Hit::new(msg).at(Span { start: i, end: i + 3 }));
    }
}
