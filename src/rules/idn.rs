//! Hosts as a reader sees them, for the deception rules (RFC 3986 s7.6):
//! percent-decoded (s3.2.2) and each Punycode label (`xn--...`) decoded
//! to Unicode (IDNA, RFC 5891 s5; RFC 3492).

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
    let decoded = crate::secrets::percent_decode(host, None);
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
