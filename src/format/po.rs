//! GNU gettext PO files (the gettext manual, "The Format of PO Files"):
//! each `msgstr` and `msgstr[N]` is one string, written as C string
//! literals on one line or continued on the lines after it, so a URI
//! wrapped across `"..."` lines is read whole; `\n`, `\t`, `\"` and the
//! other C escapes are decoded. Translator comments (`#`) are read as
//! text. What `xgettext` copied from the sources (`msgid`,
//! `msgid_plural`, `msgctxt`, `#.` comments, `#|` previous strings) is
//! not: it is read, and fixed, where it is written (`#:` says where), and
//! a finding on the copy would only repeat it.

use super::Doc;

/// The keywords that open a string, and whether the string is the
/// translation (rather than a copy of the source).
const KEYWORDS: &[(&[u8], bool)] = &[
    (b"msgctxt", false),
    (b"msgid_plural", false),
    (b"msgid", false),
    (b"msgstr", true),
];

/// Reads a PO file into `doc`. A broken string (no closing quote) ends at
/// its line's end, and loses nothing after it.
pub(crate) fn read(raw: &[u8], doc: &mut Doc) {
    let mut at = 0;
    // Whether the string being continued is a translation.
    let mut translated = false;
    while at < raw.len() {
        let end = memchr::memchr(b'\n', &raw[at..]).map_or(raw.len(), |k| at + k);
        let line = &raw[at..end];
        let indent = line.len() - line.trim_ascii_start().len();
        let l = &line[indent..];
        if let Some((rest, own)) = KEYWORDS
            .iter()
            .find_map(|(k, own)| Some((l.strip_prefix(*k)?, *own)))
        {
            // `msgstr[0] "..."`: a new string.
            doc.text.separate();
            translated = own;
            let rest = match rest.strip_prefix(b"[") {
                Some(r) => memchr::memchr(b']', r).map_or(r, |k| &r[k + 1..]),
                None => rest,
            };
            if let Some(q) = memchr::memchr(b'"', rest).filter(|_| own) {
                let open = end - rest.len() + q;
                literal(raw, open + 1, end, doc);
            }
        } else if l.first() == Some(&b'"') {
            // A continuation: the same string goes on.
            if translated {
                literal(raw, at + indent + 1, end, doc);
            }
        } else if [&b"#:"[..], b"#,", b"#|", b"#."]
            .iter()
            .any(|p| l.starts_with(p))
        {
            // Source references, flags, previous strings and comments
            // extracted from the source.
            translated = false;
            doc.text.separate();
        } else {
            doc.text.separate();
            doc.text.raw(at, line);
            doc.text.separate();
        }
        at = end + 1;
    }
    doc.text.separate();
}

/// Reads a string literal's contents from `i` up to its closing quote (or
/// `end`, the line's end), escapes decoded (C11 6.4.4.4).
fn literal(raw: &[u8], mut i: usize, end: usize, doc: &mut Doc) {
    while i < end {
        let Some(k) = memchr::memchr2(b'"', b'\\', &raw[i..end]) else {
            doc.text.raw(i, &raw[i..end]);
            return;
        };
        let at = i + k;
        doc.text.raw(i, &raw[i..at]);
        if raw[at] == b'"' {
            return;
        }
        let (len, decoded) = escape(&raw[at..end]);
        doc.text.decoded(at..at + len, &decoded);
        i = at + len;
    }
}

/// The escape at the start of `s` (a `\`): its length and what it stands
/// for.
fn escape(s: &[u8]) -> (usize, Vec<u8>) {
    let one = |b: u8| (2, vec![b]);
    match s.get(1) {
        Some(b'n') => one(b'\n'),
        Some(b't') => one(b'\t'),
        Some(b'r') => one(b'\r'),
        Some(b'a') => one(0x07),
        Some(b'b') => one(0x08),
        Some(b'f') => one(0x0c),
        Some(b'v') => one(0x0b),
        Some(b'x') => {
            let digits = s[2..]
                .iter()
                .take(2)
                .take_while(|b| b.is_ascii_hexdigit())
                .count();
            match std::str::from_utf8(&s[2..2 + digits])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                Some(v) => (2 + digits, vec![v]),
                None => one(b'x'),
            }
        }
        Some(b'0'..=b'7') => {
            let digits = s[1..]
                .iter()
                .take(3)
                .take_while(|b| (b'0'..=b'7').contains(b))
                .count();
            let v = s[1..1 + digits]
                .iter()
                .fold(0u32, |v, d| v * 8 + u32::from(d - b'0'));
            (1 + digits, vec![(v & 0xff) as u8])
        }
        Some(&c) => one(c),
        None => (1, vec![b'\\']),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(raw: &[u8]) -> String {
        let mut doc = Doc::default();
        read(raw, &mut doc);
        String::from_utf8_lossy(doc.text.text()).into_owned()
    }

    #[test]
    fn strings_joined_and_escapes_decoded() {
        let po = b"#: src/guide.md:12\nmsgid \"\"\n\"Siehe https://example.com/very/\"\nmsgstr \"\"\n\"See https://example.com/very/\"\n\"long/path and \\\"quotes\\\"\\n\"\nmsgstr[1] \"ord --proxy https://ordinals.com\\n\"\n";
        assert_eq!(
            text(po),
            "See https://example.com/very/long/path and \"quotes\"\nord --proxy https://ordinals.com\n"
        );
    }

    #[test]
    fn copies_of_the_source_are_not_read() {
        let po = b"# Translator: see https://team.example/\n#. https://extracted.example/\n#| msgid \"https://old.example/\"\nmsgctxt \"https://ctx.example/\"\nmsgid \"https://id.example/\"\n\"more\"\nmsgid_plural \"https://plural.example/\"\nmsgstr[0] \"https://str.example/\"\n\"/more\"\n";
        assert_eq!(
            text(po),
            "# Translator: see https://team.example/\nhttps://str.example//more\n"
        );
    }
}
