//! JSON, JSON Lines and notebooks (SPEC section 9): every string, with its
//! escapes decoded (RFC 8259 s7), read as a quoted string; a string whose
//! value is HTML is read as HTML.

use super::Doc;

/// Reads the strings of a JSON text into `doc`. Broken JSON loses nothing:
/// a string also ends at a line break.
pub(crate) fn read(raw: &[u8], include_code: bool, doc: &mut Doc) {
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'"', &raw[i..]) {
        let open = i + k;
        doc.text.synthetic(b"\"");
        i = match html_string(raw, open + 1, include_code, doc) {
            Some(next) => next,
            None => string(raw, open + 1, doc),
        };
        doc.text.synthetic(b"\"\n");
    }
}

/// Reads the string from `start` as HTML if its value is HTML: a fragment
/// that starts with a tag, or holds a link (`"desc": "<p>See <a
/// href=\"...\">"`, as Node.js's `api/all.json` and many API dumps hold).
/// Its escapes are decoded first, and every byte read keeps its place in
/// the file. Where reading goes on; `None` for any other string.
fn html_string(raw: &[u8], start: usize, include_code: bool, doc: &mut Doc) -> Option<usize> {
    // Where the string ends: its closing quote, or a line break.
    let mut stop = start;
    loop {
        let Some(k) = memchr::memchr3(b'"', b'\\', b'\n', &raw[stop..]) else {
            stop = raw.len();
            break;
        };
        stop += k;
        if raw[stop] != b'\\' {
            break;
        }
        stop += escape(&raw[stop..]).0;
    }
    let body = &raw[start..stop];
    if memchr::memchr(b'<', body).is_none() && memchr::memmem::find(body, b"\\u003").is_none() {
        return None;
    }
    let mut dec = Vec::with_capacity(body.len());
    let mut at = Vec::with_capacity(body.len() + 1);
    let mut i = start;
    while i < stop {
        if raw[i] == b'\\' {
            let (len, ch) = escape(&raw[i..]);
            let mut buf = [0; 4];
            for &b in ch.encode_utf8(&mut buf).as_bytes() {
                dec.push(b);
                at.push(i..i + len);
            }
            i += len;
        } else {
            dec.push(raw[i]);
            at.push(i..i + 1);
            i += 1;
        }
    }
    at.push(stop..stop);
    if !is_html(&dec) {
        return None;
    }
    let mut inner = Doc::default();
    super::html::read(&dec, 0, include_code, &mut inner);
    doc.text.append_mapped(&inner.text, &at);
    doc.links.append_mapped(&inner.links, &at);
    Some(if raw.get(stop) == Some(&b'"') {
        stop + 1
    } else {
        stop
    })
}

/// Whether a string's value is HTML: it starts with a tag (`<p>`, `<!--`,
/// `</b>`), or holds a link (`<a `, `href=`) after a `<`.
fn is_html(value: &[u8]) -> bool {
    let t = value.trim_ascii_start();
    let tag = t.first() == Some(&b'<')
        && t.get(1)
            .is_some_and(|&c| c.is_ascii_alphabetic() || c == b'!' || c == b'/');
    tag || memchr::memmem::find(value, b"<a ").is_some()
        || (memchr::memchr(b'<', value).is_some()
            && memchr::memmem::find(value, b"href=").is_some())
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
