//! uri-too-long: RFC 9110 s4.1; SPEC E6.

use crate::rules::{Context, Hit};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if cx.finding.flags.truncated {
        out.push(Hit::new(format!(
            "URI is longer than the scanner's limit; only its first {} bytes were checked",
            cx.text.len()
        )));
    }
}
