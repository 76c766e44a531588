//! scheme-typo: RFC 3986 s3.1, s3.3.

use crate::rules::{Context, Edit, Hit};
use crate::uri::{Component, Span};

/// Schemes whose misspellings are worth an error: the common ones.
const COMMON: &[&str] = &["http", "https", "ftp", "ftps", "sftp", "ssh", "git", "file", "ws", "wss"];


pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(span) = cx.uri.span(Component::Scheme) else { return };
    let name = cx.scheme_name();
    let after = &cx.text[span.end..];
    if cx.scheme.is_none()
        && !name.contains('+')
        && let Some(meant) = typo_of(&name)
    {
        let msg = format!("scheme `{name}` looks like a typo of `{meant}`");
        out.push(Hit::new(msg).at(span).fix(vec![Edit::replace(span.start..span.end, meant)]));
        return;
    }
    if !crate::schemes::is_web(name.as_bytes()) {
        return;
    }
    // RFC 3986 s3.3: without `//` there is no authority.
    let msg = if after.starts_with(b":///") {
        "three slashes after the scheme: the host is empty and the rest is a path"
    } else if after.starts_with(b"::/") {
        "a second `:` after the scheme: `://` was meant"
    } else if after.starts_with(b":/") && !after.starts_with(b"://") {
        "one slash after the scheme: the host is read as a path; `://` was meant"
    } else {
        return;
    };
    // What the slashes lead to must be a host for this to be a web address
    // mistyped: `http::/site/path` in prose is a malformed URL described.
    let first = after.iter().position(|&b| b != b':' && b != b'/').unwrap_or(after.len());
    // Past any userinfo (`http:/user:pw@host`), as a browser reads it.
    let auth = &after[first..];
    let auth_end = auth.iter().position(|b| matches!(b, b'/' | b'?' | b'#')).unwrap_or(auth.len());
    let host = match memchr::memrchr(b'@', &auth[..auth_end]) {
        Some(at) => &auth[at + 1..],
        None => auth,
    };
    if !host_like(host) {
        return;
    }
    // The fix writes `://` for the colons and slashes typed (RFC 3986 s3).
    let fix = vec![Edit::replace(span.end..span.end + first, &b"://"[..])];
    out.push(Hit::new(msg).at(Span { start: span.start, end: span.end + 1 }).fix(fix));
}

/// Whether `rest` starts with what can only be a host: an IP literal,
/// `localhost`, or a dotted name ending in a label of letters (a top-level
/// domain, RFC 1123 s2.1).
fn host_like(rest: &[u8]) -> bool {
    let end = rest
        .iter()
        .position(|b| matches!(b, b'/' | b'?' | b'#' | b':'))
        .unwrap_or(rest.len());
    let host = &rest[..end];
    let last = host.rsplit(|&b| b == b'.').next().unwrap_or_default();
    // A file name is not a host: `http:/index.html`.
    let file = [&b"html"[..], b"htm", b"php", b"asp", b"aspx", b"jsp", b"cgi", b"txt", b"pdf", b"xml", b"json", b"js", b"css", b"png", b"jpg", b"gif", b"svg"]
        .iter()
        .any(|e| last.eq_ignore_ascii_case(e));
    host.starts_with(b"[")
        || host.eq_ignore_ascii_case(b"localhost")
        || (host.contains(&b'.') && last.len() >= 2 && last.iter().all(u8::is_ascii_alphabetic) && !file)
        || std::str::from_utf8(host).is_ok_and(|h| h.parse::<std::net::Ipv4Addr>().is_ok())
}

/// The common scheme an unknown `name` is one edit away from (`hhttps`:
/// `https`), which this rule reports, so `experimental-scheme` need not.
pub(super) fn typo_of(name: &str) -> Option<&'static str> {
    (!name.contains('+')).then(|| COMMON.iter().find(|c| one_edit(name, c)).copied()).flatten()
}

/// Whether `a` is one insertion, deletion or substitution away from `b`
/// (and not equal).
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a == b || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (ra, rb) = (&a[prefix..], &b[prefix..]);
    match ra.len().cmp(&rb.len()) {
        std::cmp::Ordering::Equal => ra[1..] == rb[1..],
        std::cmp::Ordering::Greater => ra[1..] == *rb,
        std::cmp::Ordering::Less => *ra == rb[1..],
    }
}
