//! An `@` written as an escape that some reader decodes (issue 31, S1),
//! and any other printable ASCII character so written (issue 49):
//! an HTML character reference (`&#64;`, `&#x40;`, `&commat;`; HTML
//! Standard 13.2.5.72-80), a JSON or JavaScript escape (`\u0040`,
//! `\u{40}`, `\x40`; RFC 8259 s7, ECMA-262 12.9.4). A file read as text
//! keeps them, but a browser, a JSON5 or YAML parser, or a template turns
//! them into the `@` that ends a userinfo (RFC 3986 s3.2.1), so the
//! password before one is a secret whatever format the file was read as.

/// The character references HTML names for the ASCII characters that
/// shape a URI's credentials and parameters (HTML Standard 13.5, "Named
/// character references"), lower-cased; read without regard to case, as
/// the `;` they need is.
const NAMED: [(&[u8], u8); 11] = [
    (b"amp;", b'&'),
    (b"colon;", b':'),
    (b"commat;", b'@'),
    (b"equals;", b'='),
    (b"lowbar;", b'_'),
    (b"num;", b'#'),
    (b"percnt;", b'%'),
    (b"period;", b'.'),
    (b"quest;", b'?'),
    (b"sol;", b'/'),
    (b"bsol;", b'\\'),
];

/// The printable ASCII character an escape at the start of `s` stands
/// for, and the escape's length: an HTML character reference, numeric
/// (`&#58;`, `&#x3A;`, the `;` left out or not) or named ([`NAMED`]), a
/// JSON or JavaScript escape (`\u003A`, `\u{3a}`, `\x3a`, `\/`) or
/// YAML's and Python's `\U0000003A`.
pub(crate) fn escape(s: &[u8]) -> Option<(u8, usize)> {
    let printable = |v: u32| (0x20..0x7F).contains(&v).then_some(v as u8);
    match s.first()? {
        b'&' => {
            let rest = &s[1..];
            if rest.first()?.is_ascii_alphabetic() {
                return NAMED.iter().find_map(|&(name, c)| {
                    let n = name.len();
                    (rest.len() >= n && rest[..n].eq_ignore_ascii_case(name)).then_some((c, 1 + n))
                });
            }
            let rest = rest.strip_prefix(b"#")?;
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
            if n == 0 || significant > 4 {
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
            Some((printable(value)?, 2 + usize::from(hex) + n + semi))
        }
        // A percent-encoded byte that writes another escape or a
        // delimiter (`%5Cu003a`, `%26colon%3B`, `x%3Ftoken%3D...`).
        b'%' => {
            let hex = s.get(1..3)?;
            let v = u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
            matches!(v, b'\\' | b'&' | b';' | b'#' | b'?' | b'=' | b'/' | b'.').then_some((v, 3))
        }
        b'\\' => {
            let (digits, skip, close) = match s.get(1)? {
                // JSON's escaped solidus (RFC 8259 s7), an escaped
                // backslash (a string escaped twice: `\\u003a`).
                b'/' => return Some((b'/', 2)),
                b'\\' => return Some((b'\\', 2)),
                // C's and Python's octal escapes (`\072`, `\100`).
                b'0'..=b'3' => {
                    let oct = s.get(1..4)?;
                    if !oct.iter().all(|b| (b'0'..=b'7').contains(b)) {
                        return None;
                    }
                    let v = oct.iter().fold(0u32, |a, &b| a * 8 + u32::from(b - b'0'));
                    return Some((printable(v)?, 4));
                }
                b'u' if s.get(2) == Some(&b'{') => (&s[3..], 3, true),
                b'u' => (s.get(2..6)?, 2, false),
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
            Some((printable(value)?, skip + n + usize::from(close)))
        }
        _ => None,
    }
}

/// The length of the escape of `@` that `s` starts with, if it does.
pub(crate) fn at_escape(s: &[u8]) -> Option<usize> {
    escape(s).and_then(|(c, n)| (c == b'@').then_some(n))
}

/// Whether `uri` may hold an escaped `@`: a quick test before [`decode`].
pub fn may_hold(uri: &[u8]) -> bool {
    memchr::memchr2_iter(b'&', b'\\', uri).any(|k| at_escape(&uri[k..]).is_some())
}

/// Whether `uri` holds an escape of any character ([`escape`]) but
/// `&amp;`, which decodes to what a URI's query holds anyway: a quick
/// test before [`decode_all`].
pub fn may_hold_any(uri: &[u8]) -> bool {
    memchr::memchr3_iter(b'&', b'\\', b'%', uri).any(|k| match escape(&uri[k..]) {
        // `&amp;` only when it escapes another reference (`&amp;colon;`).
        Some((b'&', 5)) => {
            let rest = &uri[k + 5..];
            rest.first() == Some(&b'#')
                || NAMED.iter().any(|(name, _)| {
                    rest.len() >= name.len() && rest[..name.len()].eq_ignore_ascii_case(name)
                })
        }
        found => found.is_some(),
    })
}

/// `uri` with each escaped `@` from `from` on decoded, and where each
/// decoded byte was written (then the raw length); `None` when there is
/// none.
pub(crate) fn decode(uri: &[u8], from: usize) -> Option<(Vec<u8>, Vec<usize>)> {
    decode_with(uri, from, |s| at_escape(s).map(|n| (b'@', n)))
}

/// `uri` with each escape ([`escape`]) decoded, as a browser, a JSON5
/// or YAML parser, or a template reads it, and where each decoded byte
/// was written (then the raw length); `None` when there is none. A
/// password or a secret parameter hidden behind `&colon;`, `\u003A`,
/// `\u005f` or `\u003d` is found in it (issue 49).
pub(crate) fn decode_all(uri: &[u8]) -> Option<(Vec<u8>, Vec<usize>)> {
    decode_with(uri, 0, escape)
}

/// The decoding of `uri` from `from` on that `read` makes of each escape.
fn decode_with(
    uri: &[u8],
    from: usize,
    read: impl Fn(&[u8]) -> Option<(u8, usize)>,
) -> Option<(Vec<u8>, Vec<usize>)> {
    let mut text = Vec::new();
    let mut map = Vec::new();
    let mut done = 0;
    for k in memchr::memchr3_iter(b'&', b'\\', b'%', &uri[from..]).map(|k| from + k) {
        if k < done {
            continue;
        }
        let Some((c, n)) = read(&uri[k..]) else {
            continue;
        };
        if text.is_empty() {
            text.reserve(uri.len());
            map.reserve(uri.len() + 1);
        }
        text.extend_from_slice(&uri[done..k]);
        map.extend(done..k);
        text.push(c);
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

    #[test]
    fn escapes_of_other_characters_are_decoded_too() {
        for (s, c, n) in [
            ("&colon;", b':', 7),
            ("&COLON;", b':', 7),
            ("&#58;", b':', 5),
            ("&#x3a", b':', 5),
            ("\\u003A", b':', 6),
            ("\\u005f", b'_', 6),
            ("\\u003d", b'=', 6),
            ("\\u003f", b'?', 6),
            ("\\/", b'/', 2),
            ("&lowbar;", b'_', 8),
        ] {
            assert_eq!(escape(s.as_bytes()), Some((c, n)), "{s}");
        }
        // Not printable ASCII, or no escape.
        for s in ["&#10;", "&#x1F600;", "\\u00e9", "&colon", "&nbsp;", "\\n"] {
            assert_eq!(escape(s.as_bytes()), None, "{s}");
        }
        let uri = b"https://u&colon;pw@h/?access\\u005ftoken\\u003dS3";
        let (text, map) = decode_all(uri).unwrap();
        assert_eq!(text, b"https://u:pw@h/?access_token=S3");
        assert_eq!(map[text.len() - 2], uri.len() - 2);
        assert!(may_hold_any(uri));
        assert!(!may_hold_any(b"https://h/?a=1&amp;b=2&c=3"));
    }
}
