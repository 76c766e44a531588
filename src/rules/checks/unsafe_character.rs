//! unsafe-character: RFC 1738 s2.2; RFC 3986 s2.

use crate::rules::util::show_byte;
use crate::rules::{Context, Edit, Hit, percent_encode};
use crate::scan::Delimiter;
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
    let uri = cx.text;
    // The brackets of an IP literal are its delimiters (RFC 3986 s3.2.2).
    let literal = match cx.uri.host_kind() {
        HostKind::Ipv6 | HostKind::IpvFuture | HostKind::BadLiteral => cx.uri.span(Component::Host),
        _ => None,
    };
    let fragment = cx.uri.span(Component::Fragment);
    let mut first = None;
    let mut seen: Vec<u8> = Vec::new();
    let mut edits = Vec::new();
    // Secrets are masked in `cx.text`: a password's characters are
    // embedded-password's business, and never quoted.
    for (i, &b) in uri.iter().enumerate() {
        let unsafe_here = match b {
            b'{' | b'}' | b'|' | b'\\' | b'^' | b'`' | b'<' | b'>' | b'"' | b' ' => true,
            b'[' | b']' => !literal.is_some_and(|l| i == l.start || i + 1 == l.end),
            b'#' => fragment.is_some_and(|f| i >= f.start),
            b'~' => cx.options.rfc1738,
            _ => false,
        };
        if unsafe_here {
            first.get_or_insert(i);
            // `~` is unreserved in RFC 3986 (s2.3): the profile flags it,
            // but encoding it is no fix.
            if b != b'~' {
                edits.push(Edit::replace(i..i + 1, percent_encode(b)));
            }
            if !seen.contains(&b) {
                seen.push(b);
            }
        }
    }
    let Some(at) = first else { return };
    let list: Vec<String> = seen.iter().map(|&b| format!("{} as `%{b:02X}`", show_byte(b))).collect();
    let msg = if seen == [b'#'] {
        "a second `#`: the fragment cannot hold one; encode it as `%23`".to_string()
    } else {
        format!("unsafe characters must be percent-encoded: {}", list.join(", "))
    };
    let hit = Hit::new(msg).at(Span { start: at, end: at + 1 });
    // Only a URI whose end is certain is fixed: delimited, or a link
    // target in markup (RFC 3986 App. C). Undelimited, `a b` may be a URI
    // and a word.
    if cx.finding.delimiter == Delimiter::None {
        out.push(hit);
    } else {
        out.push(hit.fix(edits));
    }
}
