//! non-ascii: RFC 1738 s2.2; RFC 3986 s2; RFC 3987.

use crate::rules::{Context, Hit};
use crate::uri::{Component, Span};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::HIGH) {
        return;
    }
    let uri = cx.text;
    let Some(at) = uri.iter().position(|&b| b >= 0x80) else { return };
    let seq_len = uri[at..].iter().skip(1).take_while(|&&b| (0x80..0xC0).contains(&b)).count() + 1;
    let seq = &uri[at..at + seq_len.min(4)];
    let encoded: String = seq.iter().map(|b| format!("%{b:02X}")).collect();
    let in_host = cx.uri.span(Component::Host).is_some_and(|h| h.start <= at && at < h.end);
    let msg = match std::str::from_utf8(seq) {
        Ok(_) if in_host => format!(
            "non-ASCII host `{}`: an IRI; write the host's IDNA A-label (`xn--...`)",
            String::from_utf8_lossy(cx.uri.get(Component::Host).unwrap_or_default())
        ),
        Ok(c) => format!("unencoded non-ASCII `{c}`: an IRI; percent-encode it as `{encoded}`"),
        Err(_) => format!("byte 0x{:02X} is not UTF-8 and not percent-encoded", uri[at]),
    };
    out.push(Hit::new(msg).at(Span { start: at, end: at + seq.len() }));
}
