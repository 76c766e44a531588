//! rare-ip-format: RFC 3986 s7.4.

use crate::rules::{Context, Hit};
use crate::uri::{Component, HostKind};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if cx.uri.host_kind() != HostKind::RegName {
        return;
    }
    let host = cx.uri.get(Component::Host).expect("reg-name");
    // Every part of such a host starts with a digit: names rarely do.
    if !host.first().is_some_and(u8::is_ascii_digit) {
        return;
    }
    let Some((addr, form)) = inet_aton(host) else { return };
    let [a, b, c, d] = addr.to_be_bytes();
    let msg = format!(
        "host `{}` is an IPv4 address in {form} form; write it as `{a}.{b}.{c}.{d}`",
        String::from_utf8_lossy(host)
    );
    out.push(Hit::new(msg).at(cx.uri.span(Component::Host).expect("host")));
}

/// Reads `host` the way the C library's inet_aton does: one to four parts,
/// each decimal, octal (leading `0`) or hexadecimal (`0x`), the last filling
/// the remaining bytes. Returns the address and the form that makes it rare.
fn inet_aton(host: &[u8]) -> Option<(u32, &'static str)> {
    let parts: Vec<&[u8]> = host.split(|&b| b == b'.').collect();
    if parts.len() > 4 {
        return None;
    }
    let (mut hex, mut octal) = (false, false);
    let mut values = Vec::with_capacity(4);
    for p in &parts {
        let (digits, radix) = if let Some(h) = p.strip_prefix(b"0x").or_else(|| p.strip_prefix(b"0X")) {
            hex = true;
            (h, 16)
        } else if p.len() > 1 && p[0] == b'0' {
            octal = true;
            (&p[1..], 8)
        } else {
            (*p, 10)
        };
        if digits.is_empty() && radix != 16 || digits.len() > 10 {
            return None;
        }
        let text = std::str::from_utf8(digits).ok()?;
        values.push(if digits.is_empty() { 0 } else { u64::from_str_radix(text, radix).ok()? });
    }
    let (last, head) = values.split_last()?;
    if head.iter().any(|&v| v > 255) || *last >= 1u64 << (8 * (4 - head.len())) {
        return None;
    }
    let addr = head.iter().enumerate().fold(*last, |acc, (i, &v)| acc | (v << (8 * (3 - i))));
    let form = if hex {
        "hexadecimal"
    } else if octal {
        "octal"
    } else if parts.len() == 1 {
        "dotless"
    } else {
        "short dotted"
    };
    Some((addr as u32, form))
}
