//! uppercase-scheme-or-host: RFC 3986 s3.1, s6.2.2.1; RFC 1738 s2.1.

use crate::rules::{Context, Edit, Hit};
use crate::uri::{Component, HostKind};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::UPPER) {
        return;
    }
    if let Some(s) = cx.uri.get(Component::Scheme)
        && s.iter().any(u8::is_ascii_uppercase)
    {
        let msg = format!("scheme `{}` is not in lower case", String::from_utf8_lossy(s));
        let span = cx.uri.span(Component::Scheme).expect("scheme");
        let fix = vec![Edit::replace(span.start..span.end, s.to_ascii_lowercase())];
        out.push(Hit::new(msg).at(span).fix(fix));
    }
    if !matches!(cx.uri.host_kind(), HostKind::RegName | HostKind::Ipv6 | HostKind::IpvFuture) {
        return;
    }
    let host = cx.uri.get(Component::Host).expect("host");
    let span = cx.uri.span(Component::Host).expect("host");
    // Letters of percent-encodings are upper case by rule (s2.1): skip
    // them. An IPv6 zone id (`%25eth0`, RFC 6874) keeps its case.
    let mut lower = host.to_vec();
    let mut upper = false;
    let mut i = 0;
    while i < host.len() {
        if host[i] == b'%' {
            if host[i..].starts_with(b"%25") && host[0] == b'[' {
                break;
            }
            i += 3;
            continue;
        }
        upper |= host[i].is_ascii_uppercase();
        lower[i] = host[i].to_ascii_lowercase();
        i += 1;
    }
    if upper {
        let msg = format!("host `{}` is not in lower case", String::from_utf8_lossy(host));
        // Only a host name (letters, digits, `-`, `.`: RFC 1123 s2.1) or
        // an IP literal is fixed: a "host" holding `=` or `_` is more
        // likely text run on after one (`credential.https://h.com.useHttpPath=true`).
        let name = host.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
        let hit = Hit::new(msg).at(span);
        out.push(if name || host.starts_with(b"[") {
            hit.fix(vec![Edit::replace(span.start..span.end, lower)])
        } else {
            hit
        });
    }
}
