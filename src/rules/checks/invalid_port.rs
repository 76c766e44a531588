//! invalid-port: RFC 3986 s3.2.3.

use crate::rules::{Context, Hit};
use crate::uri::Component;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(p) = cx.uri.get(Component::Port) else { return };
    if p.is_empty() || !p.iter().all(u8::is_ascii_digit) {
        return; // not a number: invalid-syntax's
    }
    let digits = std::str::from_utf8(p).expect("digits").trim_start_matches('0');
    if digits.len() > 5 || digits.parse::<u32>().is_ok_and(|v| v > 65535) {
        let msg = format!("port {} is above 65535", String::from_utf8_lossy(p));
        out.push(Hit::new(msg).at(cx.uri.span(Component::Port).expect("port")));
    }
}
