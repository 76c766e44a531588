//! non-ascii: RFC 1738 s2.2; RFC 3986 s2; RFC 3987.

use crate::rules::{Context, Edit, Hit, percent_encode};
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
    out.push(Hit::new(msg).at(Span { start: at, end: at + seq.len() }).fix(fix(cx)));
}

/// The URI in URI form (RFC 3987 s3.1): the host as its IDNA A-label
/// (UTS #46, `xn--...`), every other non-ASCII octet percent-encoded as
/// UTF-8. None for octets that are not UTF-8: their charset is unknown.
fn fix(cx: &Context) -> Vec<Edit> {
    let uri = cx.text;
    if std::str::from_utf8(uri).is_err() {
        return Vec::new();
    }
    let host = cx.uri.span(Component::Host).filter(|h| !h.is_empty());
    let mut edits = Vec::new();
    let mut i = 0;
    while i < uri.len() {
        if let Some(h) = host.filter(|h| h.start == i) {
            let name = &uri[h.start..h.end];
            if name.iter().any(|&b| b >= 0x80) {
                // A host that IDNA refuses (or an IP literal) is left
                // as it is: there is no one right form to write.
                let Ok(ascii) = idna::domain_to_ascii(std::str::from_utf8(name).expect("UTF-8"))
                else {
                    return Vec::new();
                };
                if name.contains(&b'%') || name.starts_with(b"[") {
                    return Vec::new();
                }
                edits.push(Edit::replace(h.start..h.end, ascii));
            }
            i = h.end;
            continue;
        }
        // A character at a time: markup may have written it as one
        // (`&eacute;`), so its octets are replaced together.
        let n = uri[i..].iter().take_while(|&&b| b >= 0x80).count();
        if n > 0 {
            let start = i;
            let mut text = Vec::with_capacity(3 * n);
            while i < start + n {
                let len = match uri[i] {
                    0xF0.. => 4,
                    0xE0.. => 3,
                    _ => 2,
                }
                .min(start + n - i);
                text.clear();
                for &b in &uri[i..i + len] {
                    text.extend_from_slice(&percent_encode(b));
                }
                edits.push(Edit::replace(i..i + len, text.clone()));
                i += len;
            }
            continue;
        }
        i += 1;
    }
    edits
}
