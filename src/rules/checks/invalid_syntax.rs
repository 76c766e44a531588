//! invalid-syntax: RFC 3986 Appendix A.

use crate::rules::{Context, Hit};
use crate::uri::{ErrorKind, Span};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Err(e) = cx.uri.validate() else { return };
    // Left to the rules that say more: characters that must be encoded,
    // controls, non-ASCII octets, bad percent-encodings, bad IP literals.
    let covered = match e.kind {
        ErrorKind::InvalidChar(b) => {
            !(0x20..0x7F).contains(&b) || b"{}|\\^`<>\" []#".contains(&b)
        }
        ErrorKind::BadPercent | ErrorKind::BadIpLiteral => true,
        _ => false,
    };
    if !covered {
        let at = Span { start: e.offset, end: (e.offset + 1).min(cx.finding.uri.len()) };
        out.push(Hit::new(e.to_string()).at(at));
    }
}
