//! encoded-delimiter: RFC 1738 s6; RFC 3986 s7.2, s7.3.

use crate::rules::util::triplets;
use crate::rules::{Context, Hit};
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::PERCENT) {
        return;
    }
    for (i, v) in triplets(cx.text) {
        let what = match v {
            0x0D => "a carriage return",
            0x0A => "a line feed",
            0x00 => "a NUL",
            _ => continue,
        };
        let msg = format!("`%{v:02X}` encodes {what}, used to inject headers or cut strings short");
        out.push(Hit::new(msg).at(Span { start: i, end: i + 3 }));
    }
}
