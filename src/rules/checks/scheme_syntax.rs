//! scheme-syntax: RFC 1738 s3 and s5; RFC 9110 s4.2; RFC 6068.

use crate::rules::{Context, Hit};
use crate::secrets::Kind;
use crate::uri::{Component, HostKind};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(scheme) = cx.scheme.map(|s| s.name.as_str()) else { return };
    let path = cx.uri.get(Component::Path).unwrap_or_default();
    let path_span = cx.uri.span(Component::Path).expect("path");
    match scheme {
        "http" | "https" | "ws" | "wss" => {
            // With a password or a token, embedded-password or
            // embedded-token says it more strongly.
            let secret = cx.uri.span(Component::Password).is_some_and(|p| !p.is_empty())
                || cx.secrets.iter().any(|s| matches!(s.kind, Kind::Token { .. } | Kind::Userinfo { .. }));
            if let Some(ui) = cx.uri.span(Component::Userinfo)
                && !secret
            {
                let msg = format!("userinfo in an `{scheme}` URI is deprecated (RFC 9110 s4.2.4)");
                out.push(Hit::new(msg).at(ui));
            }
            if matches!(cx.uri.host_kind(), HostKind::None | HostKind::Empty) {
                out.push(Hit::new(format!("an `{scheme}` URI must have a host (RFC 9110 s4.2.1)")).at(path_span));
            }
        }
        "ftp" => {
            // RFC 1738 s3.2.2: ftpurl = ... [ ";type=" ftptype ], ftptype = A / I / D.
            if let Some(t) = find(path, b";type=") {
                let code = &path[t + 6..];
                if !matches!(code, b"a" | b"i" | b"d" | b"A" | b"I" | b"D") {
                    let msg = "ftp `;type=` must be `a`, `i` or `d` (RFC 1738 s3.2.2)";
                    out.push(Hit::new(msg).at(path_span));
                }
            }
        }
        "nntp" => {
            // RFC 1738 s3.7: nntp://<host>:<port>/<newsgroup-name>/<article-number>
            let mut segs = path.strip_prefix(b"/").unwrap_or(b"").split(|&b| b == b'/');
            let group_ok = segs.next().is_some_and(|g| !g.is_empty());
            let article_ok = segs.next().is_none_or(|a| !a.is_empty() && a.iter().all(u8::is_ascii_digit));
            if !group_ok || !article_ok || segs.next().is_some() {
                let msg = "an `nntp` URI is `nntp://host/<newsgroup>[/<article-number>]` (RFC 1738 s3.7)";
                out.push(Hit::new(msg).at(path_span));
            }
        }
        "telnet" if !path.is_empty() && path != b"/" => {
            out.push(Hit::new("a `telnet` URI has no path but `/` (RFC 1738 s3.8)").at(path_span));
        }
        "mailto" if !path.is_empty() && !path.contains(&b'@') && find(path, b"%40").is_none() => {
            out.push(Hit::new("the `mailto` address has no `@` (RFC 6068 s2)").at(path_span));
        }
        _ => {}
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}
