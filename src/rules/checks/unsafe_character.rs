//! unsafe-character: RFC 1738 s2.2; RFC 3986 s2.

use crate::rules::util::show_byte;
use crate::rules::{Context, Hit, is_placeholder, password_span};
use crate::uri::{Component, HostKind, Span};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    use crate::rules::class::{BRACKET, HASH, TILDE, UNSAFE};
    let tilde = if cx.options.rfc1738 { TILDE } else { 0 };
    if !cx.has(UNSAFE | BRACKET | HASH | tilde) {
        return;
    }
    // The first `#` starts the fragment; only a second one is unsafe.
    let second_hash = || cx.uri.get(Component::Fragment).is_some_and(|f| f.contains(&b'#'));
    if !cx.has(UNSAFE | BRACKET | tilde) && !second_hash() {
        return;
    }
    let uri = &cx.finding.uri;
    // The brackets of an IP literal are its delimiters (RFC 3986 s3.2.2).
    let literal = match cx.uri.host_kind() {
        HostKind::Ipv6 | HostKind::IpvFuture | HostKind::BadLiteral => cx.uri.span(Component::Host),
        _ => None,
    };
    let fragment = cx.uri.span(Component::Fragment);
    // A template's placeholder password (`${PASSWORD}`) is embedded-password's
    // note, not a character problem of the URI.
    let placeholder = password_span(&cx.uri).filter(|p| is_placeholder(&uri[p.start..p.end]));
    let mut first = None;
    let mut seen: Vec<u8> = Vec::new();
    let mut in_password = false;
    for (i, &b) in uri.iter().enumerate() {
        if placeholder.is_some_and(|p| p.start <= i && i < p.end) {
            continue;
        }
        let unsafe_here = match b {
            b'{' | b'}' | b'|' | b'\\' | b'^' | b'`' | b'<' | b'>' | b'"' | b' ' => true,
            b'[' | b']' => !literal.is_some_and(|l| i == l.start || i + 1 == l.end),
            b'#' => fragment.is_some_and(|f| i >= f.start),
            b'~' => cx.options.rfc1738,
            _ => false,
        };
        if unsafe_here {
            first.get_or_insert(i);
            if super::in_password(cx, i) {
                in_password = true;
            } else if !seen.contains(&b) {
                seen.push(b);
            }
        }
    }
    let Some(at) = first else { return };
    let list: Vec<String> = seen.iter().map(|&b| format!("{} as `%{b:02X}`", show_byte(b))).collect();
    let msg = if seen.is_empty() && in_password {
        "the password holds unsafe characters that must be percent-encoded".to_string()
    } else if seen == [b'#'] && !in_password {
        "a second `#`: the fragment cannot hold one; encode it as `%23`".to_string()
    } else {
        format!("unsafe characters must be percent-encoded: {}", list.join(", "))
    };
    out.push(Hit::new(msg).at(Span { start: at, end: at + 1 }));
}
