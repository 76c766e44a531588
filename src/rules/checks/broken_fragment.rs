//! broken-fragment: RFC 3986 s3.5, s5.2; SPEC section 11. The anchors
//! are [`crate::links`]'s; this reports a fragment that names none.

use crate::links::Problem;
use crate::rules::{Context, Hit};
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if let Some(p @ (Problem::NoAnchor { .. } | Problem::NoLabel { .. })) = cx.link {
        let mut hit = Hit::new(p.message());
        if let Some(k) = memchr::memchr(b'#', cx.text) {
            hit = hit.at(Span {
                start: k,
                end: cx.text.len(),
            });
        }
        out.push(hit);
    }
}
