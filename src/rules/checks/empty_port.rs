//! empty-port: RFC 3986 s3.2.3, s6.2.3.

use crate::rules::{Context, Edit, Hit};
use crate::uri::{Component, Span};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(p) = cx.uri.span(Component::Port) else { return };
    // On a documentation host the URI is an example, often of this very
    // form (SPEC section 3a: port rules do not fire there).
    if p.is_empty() && p.start > 0 && cx.text[p.start - 1] == b':' && !super::host_allowed(cx) {
        let at = Span { start: p.start - 1, end: p.start };
        let fix = vec![Edit::delete(at.start..at.end)];
        out.push(Hit::new("empty port after `:`; leave the `:` out").at(at).fix(fix));
    }
}
