//! Hosts as a reader sees them, for the deception rules (RFC 3986 s7.6):
//! percent-decoded (s3.2.2) and each Punycode label (`xn--...`) decoded
//! to Unicode (IDNA, RFC 5891 s5; RFC 3492).

use crate::rules::{Context, class};
use crate::uri::{Component, Span};

/// The host of the URI and its labels ([`labels`]), when it may read as
/// other than its ASCII bytes: what mixed-script-host and confusable-host
/// look at. Most URIs are ASCII without a `-`, which every Punycode label
/// has: for them this is a test of their byte classes.
#[inline]
pub(crate) fn host(cx: &Context) -> Option<(Span, Vec<(String, String)>)> {
    if !cx.has(class::HIGH | class::PERCENT | class::HYPHEN) {
        return None;
    }
    host_slow(cx)
}

#[inline(never)]
fn host_slow(cx: &Context) -> Option<(Span, Vec<(String, String)>)> {
    let span = cx.uri.span(Component::Host)?;
    let host = &cx.text[span.start..span.end];
    if !may_be_idn(host) {
        return None;
    }
    Some((span, labels(host)?))
}

/// The host as written and, when it reads otherwise, as read:
/// `` `xn--pple-43d.com` (`аpple.com`) ``.
pub(crate) fn forms(written: &[u8], labels: &[(String, String)]) -> String {
    let written = String::from_utf8_lossy(written);
    let shown = unicode(labels);
    if written == shown {
        format!("`{written}`")
    } else {
        format!("`{written}` (`{shown}`)")
    }
}

/// Whether `host` may read as something other than its ASCII bytes: it
/// holds non-ASCII or percent-encoded octets, or a Punycode label.
pub(crate) fn may_be_idn(host: &[u8]) -> bool {
    // One pass over the (short) host: a `--` is rare outside `xn--`.
    let mut dashes = false;
    for (i, &b) in host.iter().enumerate() {
        if b >= 0x80 || b == b'%' {
            return true;
        }
        dashes |= b == b'-' && i > 0 && host[i - 1] == b'-';
    }
    dashes
        && host
            .split(|&b| b == b'.')
            .any(|l| l.len() > 4 && l[..4].eq_ignore_ascii_case(b"xn--"))
}

/// The labels of `host` as a reader sees them: each label with its
/// written form (as in the URI) and its Unicode form. `None` when the
/// host is not UTF-8 once decoded, or a Punycode label does not decode.
pub(crate) fn labels(host: &[u8]) -> Option<Vec<(String, String)>> {
    let decoded = crate::uri::percent_decode(host, None);
    let text = std::str::from_utf8(&decoded).ok()?;
    // IDNA's other full stops separate labels too (UTS #46 maps them to
    // `.`): `аррӏе。com` is two labels.
    text.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'])
        .map(|label| {
            let unicode = if label.len() > 4 && label.as_bytes()[..4].eq_ignore_ascii_case(b"xn--")
            {
                let (u, result) = idna::domain_to_unicode(label);
                result.ok()?;
                u
            } else {
                label.to_string()
            };
            Some((label.to_string(), unicode))
        })
        .collect()
}

/// The host in Unicode, labels joined.
pub(crate) fn unicode(labels: &[(String, String)]) -> String {
    labels
        .iter()
        .map(|(_, u)| u.as_str())
        .collect::<Vec<_>>()
        .join(".")
}
