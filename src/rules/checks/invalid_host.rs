//! invalid-host: RFC 3986 s3.2.2; RFC 1034 s3.1.

use crate::rules::{Context, Hit};
use crate::uri::{Component, HostKind};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(span) = cx.uri.span(Component::Host) else { return };
    let host = &cx.text[span.start..span.end];
    // RFC 8089 Appendix E: `file:` URIs are written in many non-standard
    // ways, and a file name where the host goes (BitBake's and Yocto's
    // `SRC_URI = "file://fix-build.patch"`, relative to the recipe) is
    // one of them. DNS's label rules do not apply to it.
    if cx.scheme.is_some_and(|s| s.name == "file") && cx.uri.host_kind() != HostKind::BadLiteral {
        return;
    }
    let shown = String::from_utf8_lossy(host);
    let msg = match cx.uri.host_kind() {
        HostKind::BadLiteral => format!("`{shown}` is neither an IPv6 address nor an IPvFuture literal"),
        HostKind::RegName if host[0].is_ascii_digit() && is_dotted_decimal(host) => {
            format!("`{shown}` looks like an IPv4 address but has an octet above 255")
        }
        HostKind::RegName if host.len() > 255 => format!("host name is {} octets long; the limit is 255", host.len()),
        HostKind::RegName if bad_label(host).is_some() => bad_label(host).unwrap_or_default(),
        HostKind::RegName if host.len() <= 63 => return,
        HostKind::RegName => match host.split(|&b| b == b'.').find(|l| l.len() > 63) {
            Some(label) => format!("label `{}` is {} octets long; the limit is 63", String::from_utf8_lossy(label), label.len()),
            None => return,
        },
        _ => return,
    };
    out.push(Hit::new(msg).at(span));
}

/// RFC 1034 s3.5, RFC 1123 s2.1: a label is not empty and neither starts
/// nor ends with `-` (a name may end with the root's `.`). Names with
/// percent-encoding or non-ASCII are left to other rules.
fn bad_label(host: &[u8]) -> Option<String> {
    // `ssh://...` is an ellipsis in prose, not a host.
    if host.iter().any(|&b| b == b'%' || b >= 0x80) || host.iter().all(|&b| b == b'.') {
        return None;
    }
    let name = host.strip_suffix(b".").unwrap_or(host);
    for label in name.split(|&b| b == b'.') {
        if label.is_empty() {
            return Some(format!("`{}` has an empty label (RFC 1034 s3.5)", String::from_utf8_lossy(host)));
        }
        if label[0] == b'-' || label[label.len() - 1] == b'-' {
            let l = String::from_utf8_lossy(label);
            return Some(format!("label `{l}` starts or ends with `-` (RFC 1034 s3.5, RFC 1123 s2.1)"));
        }
    }
    None
}

/// Four decimal parts without leading zeros (those are rare-ip-format's).
fn is_dotted_decimal(h: &[u8]) -> bool {
    h.split(|&b| b == b'.').count() == 4
        && h.split(|&b| b == b'.').all(|p| {
            !p.is_empty() && p.iter().all(u8::is_ascii_digit) && (p.len() == 1 || p[0] != b'0')
        })
}
