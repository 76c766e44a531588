//! broken-relative-link: RFC 3986 s5.2, RFC 1808 s4; SPEC section 11.
//! The resolving and looking up is [`crate::links`]'s; this reports it.

use crate::links::Problem;
use crate::rules::{Context, Hit};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if let Some(p) = cx.link
        && !matches!(p, Problem::NoAnchor { .. } | Problem::NoLabel { .. })
    {
        out.push(Hit::new(p.message()));
    }
}
