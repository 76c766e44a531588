//! An `@` written as an escape that some reader decodes (issue 31, S1):
//! an HTML character reference (`&#64;`, `&#x40;`, `&commat;`; HTML
//! Standard 13.2.5.72-80), a JSON or JavaScript escape (`\u0040`,
//! `\u{40}`, `\x40`; RFC 8259 s7, ECMA-262 12.9.4). A file read as text
//! keeps them, but a browser, a JSON5 or YAML parser, or a template turns
//! them into the `@` that ends a userinfo (RFC 3986 s3.2.1), so the
//! password before one is a secret whatever format the file was read as.

/// The length of the escape of `@` that `s` starts with, if it does.
pub(crate) fn at_escape(s: &[u8]) -> Option<usize> {
    match s.first()? {
        b'&' => {
            if s.len() >= 8 && s[..8].eq_ignore_ascii_case(b"&commat;") {
                return Some(8);
            }
            let rest = s.strip_prefix(b"&#")?;
            let (hex, digits) = match rest.first()? {
                b'x' | b'X' => (true, &rest[1..]),
                _ => (false, rest),
            };
            // Any number of leading zeros (HTML 13.2.5.76-80 reads them
            // all); a run longer than a reference is read no further.
            let n = digits
                .iter()
                .take(64)
                .take_while(|b| match hex {
                    true => b.is_ascii_hexdigit(),
                    false => b.is_ascii_digit(),
                })
                .count();
            let significant = digits[..n].iter().skip_while(|&&b| b == b'0').count();
            if significant > 4 {
                return None;
            }
            let radix = if hex { 16 } else { 10 };
            let text = std::str::from_utf8(&digits[n - significant..n]).ok()?;
            let value = match text.is_empty() {
                true => 0,
                false => u32::from_str_radix(text, radix).ok()?,
            };
            // The `;` may be left out (HTML's "missing semicolon" error,
            // which a browser forgives).
            let semi = usize::from(digits.get(n) == Some(&b';'));
            (n > 0 && value == 0x40).then_some(2 + usize::from(hex) + n + semi)
        }
        b'\\' => {
            let (digits, skip, close) = match s.get(1)? {
                b'u' if s.get(2) == Some(&b'{') => (&s[3..], 3, true),
                b'u' => (s.get(2..6)?, 2, false),
                // YAML's and Python's `\U00000040`.
                b'U' => (s.get(2..10)?, 2, false),
                b'x' => (s.get(2..4)?, 2, false),
                _ => return None,
            };
            let n = match close {
                true => memchr::memchr(b'}', &digits[..digits.len().min(9)])?,
                false => digits.len(),
            };
            let hex = &digits[..n];
            if n == 0 || !hex.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            let value = u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
            (value == 0x40).then_some(skip + n + usize::from(close))
        }
        _ => None,
    }
}

/// Whether `uri` may hold an escaped `@`: a quick test before [`decode`].
pub fn may_hold(uri: &[u8]) -> bool {
    memchr::memchr2_iter(b'&', b'\\', uri).any(|k| at_escape(&uri[k..]).is_some())
}

/// `uri` with each escaped `@` from `from` on decoded, and where each
/// decoded byte was written (then the raw length); `None` when there is
/// none.
pub(crate) fn decode(uri: &[u8], from: usize) -> Option<(Vec<u8>, Vec<usize>)> {
    let mut text = Vec::new();
    let mut map = Vec::new();
    let mut done = 0;
    for k in memchr::memchr2_iter(b'&', b'\\', &uri[from..]).map(|k| from + k) {
        if k < done {
            continue;
        }
        let Some(n) = at_escape(&uri[k..]) else {
            continue;
        };
        if text.is_empty() {
            text.reserve(uri.len());
            map.reserve(uri.len() + 1);
        }
        text.extend_from_slice(&uri[done..k]);
        map.extend(done..k);
        text.push(b'@');
        map.push(k);
        done = k + n;
    }
    if done == 0 {
        return None;
    }
    text.extend_from_slice(&uri[done..]);
    map.extend(done..=uri.len());
    Some((text, map))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_of_at_are_read_as_a_reader_reads_them() {
        for (s, n) in [
            ("&#64;x", 5),
            ("&#064;", 6),
            ("&#x40;", 6),
            ("&#X040;", 7),
            ("&#64x", 4),
            ("&commat;", 8),
            ("&COMMAT;", 8),
            ("\\u0040", 6),
            ("\\u{40}", 6),
            ("\\x40", 4),
            ("\\U00000040", 10),
            ("&#000000064;", 12),
        ] {
            assert_eq!(at_escape(s.as_bytes()), Some(n), "{s}");
        }
        for s in [
            "&#65;", "&#;", "&#x;", "&amp;", "\\u0041", "\\u00", "\\x4", "\\u{}", "&",
        ] {
            assert_eq!(at_escape(s.as_bytes()), None, "{s}");
        }
        let uri = b"https://u:pw&#64;h/?a=1&b=\\x40";
        let (text, map) = decode(uri, 8).unwrap();
        assert_eq!(text, b"https://u:pw@h/?a=1&b=@");
        assert_eq!(map.len(), text.len() + 1);
        assert_eq!(map[12], 12);
        assert_eq!(map[13], 17);
        assert_eq!(*map.last().unwrap(), uri.len());
        assert!(decode(b"https://u:pw@h/?a=1&b=2", 8).is_none());
    }
}
