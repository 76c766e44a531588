//! broken-across-lines: RFC 3986 Appendix C; RFC 1738 Appendix.

use crate::rules::{Context, Edit, Hit};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    // A break after a hyphen is hyphen-line-break's, which says more.
    if cx.finding.flags.rejoined && !cx.finding.flags.hyphen_ambiguous {
        out.push(Hit::new("URI was broken across lines and rejoined; many readers link only its first line").fix(vec![Edit::Join]));
    }
}
