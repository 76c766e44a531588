//! deceptive-userinfo: RFC 3986 s7.6.

use crate::rules::{Context, Hit};
use crate::uri::{Component, is_ipv4};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(user) = cx.uri.get(Component::User) else { return };
    let host = cx.uri.get(Component::Host).unwrap_or_default();
    let Some(named) = held_host(user) else { return };
    // The user's own mail domain on its own server (`jane%40corp.com@
    // git.corp.com`), or the host itself, deceives no one.
    let lower = String::from_utf8_lossy(host).to_ascii_lowercase();
    let name = named.to_ascii_lowercase();
    if lower == name || lower.ends_with(&format!(".{name}")) || name.ends_with(&format!(".{lower}")) {
        return;
    }
    // `https://good.example\@evil.example/` and `good.example%2F@...`: a
    // browser, or a parser that decodes first, goes to the name before
    // the `\` or `%2F`; parser-differential says so.
    let special = cx
        .uri
        .get(Component::Scheme)
        .is_some_and(crate::uri::differential::is_special);
    if special && (user.contains(&b'\\') || crate::uri::differential::has_encoded_delimiter(user)) {
        return;
    }
    let host = String::from_utf8_lossy(host);
    let msg = if named.len() == user.len() {
        format!("userinfo `{named}` looks like a host name, but the host is `{host}`")
    } else {
        // Only the name is quoted: what surrounds it may be a password
        // (`paypal.com%3Ahunter2`).
        format!("userinfo holds the host name `{named}`, but the host is `{host}`")
    };
    out.push(Hit::new(msg).at(cx.uri.span(Component::User).expect("has user")));
}

/// The host name a user name holds, whatever surrounds it, once
/// percent-decoded and up to a decoded `:` (what follows is a password):
/// RFC 3986 s7.6's own `cnn.example.com&story=breaking_news`, and
/// `user%40trusted.example.net`. The whole user name when it is one.
fn held_host(user: &[u8]) -> Option<String> {
    if looks_like_host(user) {
        return Some(String::from_utf8_lossy(user).into_owned());
    }
    let decoded = crate::uri::percent_decode(user, None);
    let before = decoded.split(|&b| b == b':').next().unwrap_or_default();
    before
        .split(|&b| !(b.is_ascii_alphanumeric() || b == b'.' || b == b'-'))
        .map(|t| t.trim_ascii_start().trim_ascii_end())
        .map(|t| {
            let end = t.len() - t.iter().rev().take_while(|&&b| b == b'.' || b == b'-').count();
            &t[..end]
        })
        .find(|t| looks_like_host(t))
        .map(|t| String::from_utf8_lossy(t).into_owned())
}

/// Top-level domains a user name rarely ends in: the generic ones in common
/// use, and RFC 2606's `example`.
const GENERIC: &[&[u8]] = &[
    b"com", b"net", b"org", b"edu", b"gov", b"mil", b"int", b"info", b"biz", b"io", b"app", b"dev",
    b"xyz", b"online", b"site", b"shop", b"store", b"cloud", b"tech", b"example",
];

/// An IPv4 address, or a domain name: labels of letters, digits and hyphens
/// whose last is a common generic top-level domain, or two letters (a
/// country) after at least two labels. `john.doe`, `first.last.name` and
/// `jan.de` are user names.
pub(super) fn looks_like_host(s: &[u8]) -> bool {
    if is_ipv4(s) {
        return true;
    }
    let labels: Vec<&[u8]> = s.split(|&b| b == b'.').collect();
    if labels.len() < 2
        || !labels
            .iter()
            .all(|l| !l.is_empty() && l.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-'))
    {
        return false;
    }
    let tld = labels[labels.len() - 1].to_ascii_lowercase();
    tld.iter().all(u8::is_ascii_alphabetic)
        && (GENERIC.contains(&&tld[..]) || (tld.len() == 2 && labels.len() >= 3))
}
