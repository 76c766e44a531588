//! deceptive-userinfo: RFC 3986 s7.6.

use crate::rules::{Context, Hit};
use crate::uri::{Component, is_ipv4};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(user) = cx.uri.get(Component::User) else { return };
    if !looks_like_host(user) {
        return;
    }
    let host = String::from_utf8_lossy(cx.uri.get(Component::Host).unwrap_or_default());
    let msg = format!(
        "userinfo `{}` looks like a host name, but the host is `{host}`",
        String::from_utf8_lossy(user)
    );
    out.push(Hit::new(msg).at(cx.uri.span(Component::User).expect("has user")));
}

/// An IPv4 address, or a domain name: labels of letters, digits and hyphens
/// whose last is a common generic top-level domain or two letters (a
/// country), or three labels or more. `john.doe` is a user name.
fn looks_like_host(s: &[u8]) -> bool {
    if is_ipv4(s) {
        return true;
    }
    let labels: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    if labels.len() < 2
        || !labels.iter().all(|l| !l.is_empty() && l.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-'))
    {
        return false;
    }
    let tld = labels[labels.len() - 1].to_ascii_lowercase();
    let generic: &[&[u8]] = &[
        b"com", b"net", b"org", b"edu", b"gov", b"mil", b"int", b"info", b"biz", b"io", b"app", b"dev",
    ];
    tld.iter().all(u8::is_ascii_alphabetic) && (labels.len() >= 3 || tld.len() == 2 || generic.contains(&&tld[..]))
}
