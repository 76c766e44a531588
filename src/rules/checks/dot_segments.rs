//! dot-segments: RFC 3986 s5.2.4, s6.2.2.3.

use crate::rules::{Context, Hit};
use crate::uri::{Component, remove_dot_segments};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::DOT) {
        return;
    }
    let path = cx.uri.get(Component::Path).unwrap_or_default();
    if cx.uri.span(Component::Scheme).is_none() || !path.starts_with(b"/") {
        return;
    }
    if path.split(|&b| b == b'/').any(|s| s == b"." || s == b"..") {
        let resolved = String::from_utf8_lossy(&remove_dot_segments(path)).into_owned();
        let msg = format!("path has `.` or `..` segments; it resolves to `{resolved}`");
        out.push(Hit::new(msg).at(cx.uri.span(Component::Path).expect("path")));
    }
}
