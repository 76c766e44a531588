//! control-character: RFC 1738 s2.2; RFC 3986 s2.

use crate::rules::{Context, Hit};
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::CONTROL) {
        return;
    }
    let uri = cx.text;
    let mut controls = uri.iter().enumerate().filter(|&(_, &b)| b < 0x20 || b == 0x7F);
    let Some((at, &b)) = controls.next() else { return };
    let more = controls.count();
    let extra = if more > 0 { format!(" and {more} more") } else { String::new() };
    let msg = format!("control character U+{b:04X}{extra} in the URI; remove or percent-encode it");
    out.push(Hit::new(msg).at(Span { start: at, end: at + 1 }));
}
