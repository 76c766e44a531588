//! doubled-scheme: RFC 3986 s3.1, s3.2.

use crate::rules::{Context, Hit};
use crate::uri::{Component, Span};

/// The schemes a pasted URL brings with it.
const WEB: &[&[u8]] = &[b"https", b"http", b"ftp", b"wss", b"ws"];

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(scheme) = cx.uri.span(Component::Scheme) else { return };
    let text = cx.text;
    let auth = scheme.end + 3;
    if !text[scheme.end..].starts_with(b"://") {
        return;
    }
    let rest = &text[auth..];
    // `http://http://`, `https://https//`, `http://https:/`.
    for w in WEB {
        let n = w.len();
        if rest.len() > n
            && rest[..n].eq_ignore_ascii_case(w)
            && (rest[n..].starts_with(b":/") || rest[n..].starts_with(b"//"))
        {
            let again = String::from_utf8_lossy(&rest[..n]).to_ascii_lowercase();
            let msg = format!("the scheme is written twice: `{again}` is read as the host");
            out.push(Hit::new(msg).at(Span { start: auth, end: auth + n }));
            return;
        }
    }
    // A whole URL pasted into the path (`https://a.org/docs/https://b.org/x`):
    // an absolute link resolved as if relative (RFC 3986 s5.2), which no
    // server answers. Archives and proxies take URLs in their paths.
    let Some(path) = cx.uri.span(Component::Path) else { return };
    let p = &text[path.start..path.end];
    let host = cx.uri.get(Component::Host).unwrap_or_default().to_ascii_lowercase();
    for i in memchr::memchr_iter(b'/', p) {
        let after = &p[i + 1..];
        let Some(w) = WEB.iter().find(|w| {
            after.len() > w.len() + 3 && after[..w.len()].eq_ignore_ascii_case(w) && after[w.len()..].starts_with(b"://")
        }) else {
            continue;
        };
        if takes_urls(&host, &p[..i]) {
            return;
        }
        let at = path.start + i + 1;
        let msg = "a whole URL is pasted into this one's path: an absolute link was resolved as a relative one";
        out.push(Hit::new(msg).at(Span { start: at, end: at + w.len() + 3 }).severity(crate::rules::Severity::Warning));
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
