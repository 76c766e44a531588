//! Passwords in userinfo: where they are, whether they are placeholders, and
//! redaction (RFC 3986 s3.2.1, s7.5: applications should not render them).

use std::borrow::Cow;

use crate::uri::{Component, Span, Uri};

/// The span of a non-empty password in a URI's userinfo.
pub fn password_span(uri: &Uri) -> Option<Span> {
    uri.span(Component::Password).filter(|s| !s.is_empty())
}

/// The URI with a non-empty password replaced by `****`.
///
/// ```
/// assert_eq!(urilint::rules::redact(b"ftp://u:pw@h/"), &b"ftp://u:****@h/"[..]);
/// assert_eq!(urilint::rules::redact(b"ftp://u@h/"), &b"ftp://u@h/"[..]);
/// ```
pub fn redact(uri: &[u8]) -> Cow<'_, [u8]> {
    // No userinfo without an `@`: most URIs need no parse.
    if memchr::memchr(b'@', uri).is_none() {
        return Cow::Borrowed(uri);
    }
    match password_span(&Uri::parse(uri)) {
        None => Cow::Borrowed(uri),
        Some(s) => {
            let mut out = Vec::with_capacity(uri.len());
            out.extend_from_slice(&uri[..s.start]);
            out.extend_from_slice(b"****");
            out.extend_from_slice(&uri[s.end..]);
            Cow::Owned(out)
        }
    }
}

/// Whether a password is a template placeholder rather than a secret:
/// `${PASSWORD}`, `$PASS`, `$(pass)`, `%(pw)s`, `<password>`, `{{ secret }}`,
/// `{password}`, `****`, `xxx`, or the word itself (`password`, `secret`,
/// `changeme` ...). Percent-encoded forms count too.
///
/// ```
/// use urilint::rules::is_placeholder;
/// assert!(is_placeholder(b"${DB_PASSWORD}"));
/// assert!(is_placeholder(b"%7B%7Bsecret%7D%7D"));
/// assert!(!is_placeholder(b"hunter2"));
/// ```
pub fn is_placeholder(pw: &[u8]) -> bool {
    let decoded = percent_decode(pw);
    let p = decoded.trim_ascii();
    let ident = |s: &[u8]| {
        !s.is_empty()
            && s.iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    let inner = |open: &[u8], close: &[u8]| {
        p.strip_prefix(open)
            .and_then(|r| r.strip_suffix(close))
            .map(|r| r.trim_ascii())
    };
    let words: &[&[u8]] = &[
        b"password",
        b"passwd",
        b"pass",
        b"pw",
        b"pwd",
        b"secret",
        b"changeme",
        b"redacted",
    ];
    p.strip_prefix(b"$").is_some_and(ident)
        || inner(b"${", b"}").is_some_and(ident)
        || inner(b"$(", b")").is_some_and(ident)
        || inner(b"%(", b")s").is_some_and(ident)
        || inner(b"<", b">").is_some_and(|r| !r.is_empty())
        || inner(b"{{", b"}}").is_some_and(|r| !r.is_empty())
        || inner(b"{", b"}").is_some_and(ident)
        || (p.len() >= 3 && p.iter().all(|&b| b == b'*'))
        || (p.len() >= 3 && p.iter().all(|&b| b == b'x' || b == b'X'))
        || words.iter().any(|w| p.eq_ignore_ascii_case(w))
}

fn percent_decode(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        let hex = s.get(i + 1..i + 3).and_then(crate::uri::hex_pair);
        match (s[i], hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}
