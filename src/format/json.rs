//! JSON, JSON Lines and notebooks (SPEC section 9): every string, with its
//! escapes decoded (RFC 8259 s7), read as a quoted string.

use super::Doc;

/// Reads the strings of a JSON text into `doc`. Broken JSON loses nothing:
/// a string also ends at a line break.
pub(crate) fn read(raw: &[u8], doc: &mut Doc) {
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'"', &raw[i..]) {
        let open = i + k;
        doc.text.synthetic(b"\"");
        i = string(raw, open + 1, doc);
        doc.text.synthetic(b"\"\n");
    }
}

/// Reads a string's contents from `i`; returns where reading goes on.
fn string(raw: &[u8], mut i: usize, doc: &mut Doc) -> usize {
    loop {
        let Some(k) = memchr::memchr3(b'"', b'\\', b'\n', &raw[i..]) else {
            doc.text.raw(i, &raw[i..]);
            return raw.len();
        };
        let at = i + k;
        doc.text.raw(i, &raw[i..at]);
        match raw[at] {
            b'"' => return at + 1,
            b'\n' => return at,
            _ => {
                let (len, ch) = escape(&raw[at..]);
                let mut buf = [0; 4];
                doc.text
                    .decoded(at..at + len, ch.encode_utf8(&mut buf).as_bytes());
                i = at + len;
            }
        }
    }
}

/// The escape at the start of `s` (a `\`): its length and what it stands for.
fn escape(s: &[u8]) -> (usize, char) {
    let hex = |s: &[u8]| -> Option<u32> {
        let h = std::str::from_utf8(s.get(..4)?).ok()?;
        u32::from_str_radix(h, 16).ok()
    };
    match s.get(1) {
        Some(b'u') => match hex(&s[2..]) {
            Some(hi @ 0xD800..=0xDBFF) => match (s.get(6..8), s.get(8..).and_then(hex)) {
                (Some(b"\\u"), Some(lo @ 0xDC00..=0xDFFF)) => {
                    let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    (12, char::from_u32(c).unwrap_or('\u{FFFD}'))
                }
                _ => (6, '\u{FFFD}'),
            },
            Some(c) => (6, char::from_u32(c).unwrap_or('\u{FFFD}')),
            None => (2, 'u'),
        },
        Some(b'n') => (2, '\n'),
        Some(b't') => (2, '\t'),
        Some(b'r') => (2, '\r'),
        Some(b'b') => (2, '\u{8}'),
        Some(b'f') => (2, '\u{c}'),
        Some(&c) if c.is_ascii() => (2, c as char),
        _ => (1, '\\'),
    }
}
