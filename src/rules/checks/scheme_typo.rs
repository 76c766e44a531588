//! scheme-typo: RFC 3986 s3.1, s3.3.

use crate::rules::{Context, Hit};
use crate::uri::{Component, Span};

/// Schemes whose misspellings are worth an error: the common ones.
const COMMON: &[&str] = &["http", "https", "ftp", "ftps", "sftp", "ssh", "git", "file", "ws", "wss"];

/// Web schemes, which always have an authority (`//host`).
const WEB: &[&str] = &["http", "https", "ftp", "ws", "wss"];

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(span) = cx.uri.span(Component::Scheme) else { return };
    let name = cx.scheme_name();
    let after = &cx.text[span.end..];
    if cx.scheme.is_none()
        && !name.contains('+')
        && let Some(meant) = COMMON.iter().find(|c| one_edit(&name, c))
    {
        let msg = format!("scheme `{name}` looks like a typo of `{meant}`");
        out.push(Hit::new(msg).at(span));
        return;
    }
    if !WEB.contains(&name.as_str()) {
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
    out.push(Hit::new(msg).at(Span { start: span.start, end: span.end + 1 }));
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
