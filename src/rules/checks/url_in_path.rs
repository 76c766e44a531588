//! url-in-path: RFC 3986 s5.2, s3.3.

use crate::rules::{Context, Hit};
use crate::uri::{Component, Span};


pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    // A whole URL pasted into the path (`https://a.org/docs/https://b.org/x`):
    // an absolute link resolved as if relative (RFC 3986 s5.2), which no
    // server answers. Archives and proxies take URLs in their paths.
    let Some(path) = cx.uri.span(Component::Path) else { return };
    let p = &cx.text[path.start..path.end];
    if memchr::memchr(b':', p).is_none() {
        return;
    }
    let host = cx.uri.get(Component::Host).unwrap_or_default().to_ascii_lowercase();
    for i in memchr::memchr_iter(b'/', p) {
        let after = &p[i + 1..];
        let Some(w) = crate::schemes::WEB.iter().find(|w| {
            after.len() > w.len() + 3 && after[..w.len()].eq_ignore_ascii_case(w) && after[w.len()..].starts_with(b"://")
        }) else {
            continue;
        };
        if takes_urls(&host, &p[..i]) {
            return;
        }
        let at = path.start + i + 1;
        let msg = "a whole URL is pasted into this one's path: an absolute link was resolved as a relative one";
        out.push(Hit::new(msg).at(Span { start: at, end: at + w.len() + 3 }));
        return;
    }
}

/// Services whose paths hold other URLs: web archives
/// (`web.archive.org/web/2020/https://...`, `archive.ph`), caches and
/// proxies, told by a host label or a path segment.
fn takes_urls(host: &[u8], before: &[u8]) -> bool {
    let label = |w: &[u8]| host.split(|&b| b == b'.').any(|l| memchr::memmem::find(l, w).is_some());
    label(b"archive")
        || label(b"cache")
        || label(b"proxy")
        || label(b"webcitation")
        || matches!(host, b"r.jina.ai" | b"12ft.io")
        || before.split(|&b| b == b'/').any(|s| {
            s.eq_ignore_ascii_case(b"web") || s.eq_ignore_ascii_case(b"save") || s.eq_ignore_ascii_case(b"proxy")
        })
}
