//! hyphen-line-break: RFC 3986 Appendix C; RFC 1738 Appendix.

use crate::rules::{Context, Edit, Hit};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if cx.finding.flags.hyphen_ambiguous {
        out.push(Hit::new(
            "URI was rejoined at a line break after `-`: the hyphen may not belong to it",
        ).fix(vec![Edit::Join]));
    }
}
