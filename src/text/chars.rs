//! Which characters end an undelimited URI (SPEC E4, E7; RFC 3986 App. C).

/// Whitespace that angle brackets may hold inside a URI and that extraction
/// removes (RFC 3986 App. C; RFC 1738 App.): space, tab, CR, LF.
#[inline]
pub(crate) fn is_wrap_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// What a byte means to an undelimited URI. `URI` is by far the most common
/// class, so the hot loops test for it alone.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// Part of the URI.
    Uri,
    /// Ends it: controls and space (RFC 1738 s2.2 makes them unsafe, RFC 3986
    /// App. C uses whitespace as a delimiter), and `<`, `>`, `"` and the
    /// backtick, which delimit URIs in text and markup; a `<name>`
    /// placeholder after a separator is read over ([`find_end`]).
    End,
    /// `(`, `[` or `{`.
    Open(u8),
    /// `)`, `]` or `}`: part of the URI only if it closes one it opened.
    Close(u8),
    /// Starts a UTF-8 sequence, or is invalid UTF-8.
    High,
}

pub(crate) static CLASS: [Class; 256] = {
    let mut t = [Class::Uri; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = if i <= 0x20 || i == 0x7f {
            Class::End
        } else if i >= 0x80 {
            Class::High
        } else {
            match i as u8 {
                b'<' | b'>' | b'"' | b'`' => Class::End,
                b'(' => Class::Open(0),
                b'[' => Class::Open(1),
                b'{' => Class::Open(2),
                b')' => Class::Close(0),
                b']' => Class::Close(1),
                b'}' => Class::Close(2),
                _ => Class::Uri,
            }
        };
        i += 1;
    }
    t
};

/// Whether an ASCII byte ends an undelimited URI (SPEC E4): controls,
/// space, `<`, `>`, `"` and the backtick.
pub(crate) fn ends_undelimited(b: u8) -> bool {
    CLASS[b as usize] == Class::End
}

/// Non-ASCII characters that end an undelimited URI: C1 controls, Unicode
/// spaces, quotation marks and CJK/full-width punctuation that prose wraps
/// around a URI and that no URI contains unencoded (SPEC E4).
pub(crate) fn is_unicode_end(c: char) -> bool {
    matches!(c,
        '\u{0080}'..='\u{00A0}'        // C1 controls, no-break space
        | '\u{00AB}' | '\u{00BB}'      // « »
        | '\u{1680}'
        | '\u{2000}'..='\u{200B}'      // en quad .. zero-width space
        | '\u{2013}' | '\u{2014}'      // en and em dash
        | '\u{2018}'..='\u{201F}'      // ‘ ’ ‚ ‛ “ ” „ ‟
        | '\u{2026}'                   // …
        | '\u{2028}' | '\u{2029}' | '\u{202F}' | '\u{205F}'
        | '\u{2039}' | '\u{203A}'      // ‹ ›
        | '\u{3000}'..='\u{3003}'      // ideographic space, 、 。 〃
        | '\u{3008}'..='\u{3011}'      // 〈 〉 《 》 「 」 『 』 【 】
        | '\u{3014}'..='\u{301F}'      // 〔 〕 〖 〗 〘 〙 〚 〛 〜 〝 〞 〟
        | '\u{FEFF}'                   // byte order mark
        | '\u{FF01}' | '\u{FF08}' | '\u{FF09}' | '\u{FF0C}' | '\u{FF0E}'
        | '\u{FF1A}' | '\u{FF1B}' | '\u{FF1F}' // ！ （ ） ， ． ： ； ？
        | '\u{FF3B}' | '\u{FF3D}' | '\u{FF5B}' | '\u{FF5D}' // ［ ］ ｛ ｝
        | '\u{FF61}'..='\u{FF64}'      // ｡ ｢ ｣ ､
        | '\u{FFFD}'
    )
}

/// CJK ideographs, kana and Hangul.
fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{11FF}'        // Hangul Jamo
        | '\u{3040}'..='\u{30FF}'      // Hiragana, Katakana
        | '\u{3130}'..='\u{318F}'      // Hangul compatibility Jamo
        | '\u{31F0}'..='\u{31FF}'      // Katakana extensions
        | '\u{3400}'..='\u{4DBF}'      // CJK extension A
        | '\u{4E00}'..='\u{9FFF}'      // CJK unified ideographs
        | '\u{AC00}'..='\u{D7AF}'      // Hangul syllables
        | '\u{F900}'..='\u{FAFF}'      // CJK compatibility ideographs
        | '\u{FF66}'..='\u{FF9F}'      // half-width Katakana
        | '\u{20000}'..='\u{3FFFF}'    // CJK extensions B and on
    )
}

/// One UTF-8 sequence read at a position.
pub(crate) enum Utf8 {
    Char(char, usize),
    /// Not valid UTF-8 (SPEC E7).
    Invalid,
    /// The sequence runs past the bytes at hand.
    Incomplete,
}

/// Decodes the UTF-8 sequence starting at `w[i]`, a byte >= 0x80.
pub(crate) fn decode(w: &[u8], i: usize, eof: bool) -> Utf8 {
    let len = match w[i] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Utf8::Invalid,
    };
    let Some(seq) = w.get(i..i + len) else {
        // Decide now if a byte we do have already breaks the sequence, so a
        // short window and a long one agree.
        if w[i + 1..].iter().any(|&b| b & 0xC0 != 0x80) || eof {
            return Utf8::Invalid;
        }
        return Utf8::Incomplete;
    };
    match std::str::from_utf8(seq) {
        Ok(s) => Utf8::Char(s.chars().next().expect("non-empty"), len),
        Err(_) => Utf8::Invalid,
    }
}

/// Where the raw text of an undelimited URI stops.
pub(crate) enum End {
    /// At this index: a terminator, invalid UTF-8, the end of the input, or
    /// (when asked for) a closing bracket that closes nothing.
    At(usize),
    /// The URI is longer than the cap; this is the last character boundary
    /// within it.
    Limit(usize),
    /// The window ends before the URI does; everything before this index has
    /// been read and belongs to the URI.
    Need(usize),
}

/// Finds the end of an undelimited URI whose text continues at `from`.
/// `limit` is the index past which the URI is cut (SPEC E6). With
/// `balance`, a `)`, `]` or `}` that closes no bracket opened since `from`
/// ends the URI too (SPEC E4).
pub(crate) fn find_end(w: &[u8], from: usize, limit: usize, eof: bool, balance: bool) -> End {
    find_end_after(w, from, from, limit, eof, balance)
}

/// [`find_end`] of a URI whose text began at `start`, at or before `from`
/// (the rest of an over-long URI, skipped from where it was cut): a `<`
/// at `from` then follows the URI's own byte, in a stream as in a whole
/// buffer (SPEC E6).
pub(crate) fn find_end_after(
    w: &[u8],
    start: usize,
    from: usize,
    limit: usize,
    eof: bool,
    balance: bool,
) -> End {
    let mut depth = [0u32; 3];
    let mut i = from;
    loop {
        let stop = w.len().min(limit);
        while i < stop && CLASS[w[i] as usize] == Class::Uri {
            i += 1;
        }
        let Some(&b) = w.get(i) else {
            return if eof { End::At(i) } else { End::Need(i) };
        };
        match CLASS[b as usize] {
            // A `<name>` placeholder inside a URI template
            // (`https://github.com/<owner>/<repo>`): the template runs on.
            // It follows an ASCII separator: after a letter, `Vec<T>` and
            // `x.org<section>` are code and markup.
            Class::End
                if b == b'<'
                    && i > start
                    && w[i - 1] < 0x80
                    && !w[i - 1].is_ascii_alphanumeric() =>
            {
                match placeholder(w, i, limit, eof) {
                    Some(Some(n)) => i += n,
                    Some(None) => return End::At(i),
                    // Resume at the separator, so that the `<` is decided
                    // with the byte before it in view, as a whole buffer
                    // decides it (SPEC E6).
                    None => return End::Need(i - 1),
                }
            }
            Class::End => return End::At(i),
            Class::High => match decode(w, i, eof) {
                Utf8::Invalid => return End::At(i),
                Utf8::Incomplete => return End::Need(i),
                Utf8::Char(c, _) if is_unicode_end(c) => return End::At(i),
                // SPEC section 9: CJK text right after an ASCII letter or
                // digit is prose (`damo找到`); after `/`, `=`, `#` ... it is
                // a path or a value (`/wiki/日本語`).
                Utf8::Char(c, _) if i > 0 && w[i - 1].is_ascii_alphanumeric() && is_cjk(c) => {
                    return End::At(i);
                }
                Utf8::Char(_, n) if i + n > limit => return End::Limit(i),
                Utf8::Char(_, n) => i += n,
            },
            _ if i >= limit => return End::Limit(i),
            Class::Open(k) => {
                depth[k as usize] += 1;
                i += 1;
            }
            Class::Close(k) if balance => {
                if depth[k as usize] == 0 {
                    return End::At(i);
                }
                depth[k as usize] -= 1;
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// The longest `<name>` placeholder read inside a URI.
const MAX_PLACEHOLDER: usize = 48;

/// HTML elements written right after a URI in text (`http://x.org<br>`):
/// markup, not placeholders.
const TAGS: &[&[u8]] = &[
    b"a",
    b"abbr",
    b"address",
    b"article",
    b"aside",
    b"audio",
    b"b",
    b"big",
    b"blockquote",
    b"body",
    b"br",
    b"button",
    b"canvas",
    b"caption",
    b"center",
    b"cite",
    b"code",
    b"dd",
    b"del",
    b"details",
    b"dfn",
    b"div",
    b"dl",
    b"dt",
    b"em",
    b"figcaption",
    b"figure",
    b"font",
    b"footer",
    b"form",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"head",
    b"header",
    b"hr",
    b"html",
    b"i",
    b"iframe",
    b"img",
    b"ins",
    b"kbd",
    b"li",
    b"main",
    b"mark",
    b"nav",
    b"nobr",
    b"noscript",
    b"ol",
    b"p",
    b"pre",
    b"q",
    b"ref",
    b"s",
    b"samp",
    b"script",
    b"section",
    b"select",
    b"small",
    b"span",
    b"strong",
    b"style",
    b"sub",
    b"summary",
    b"sup",
    b"svg",
    b"table",
    b"tbody",
    b"td",
    b"textarea",
    b"tfoot",
    b"th",
    b"thead",
    b"tr",
    b"tt",
    b"u",
    b"ul",
    b"var",
    b"video",
    b"wbr",
];

/// At `w[i] == '<'` inside a URI: the length of a `<name>` placeholder
/// there (`Some(Some(n))`), none (`Some(None)`), or `None` when the window
/// ends too soon to tell. A name is a letter, then letters, digits, `_`,
/// `-` or `.`; an HTML element's name is markup.
pub(crate) fn placeholder(w: &[u8], i: usize, limit: usize, eof: bool) -> Option<Option<usize>> {
    let mut j = i + 1;
    loop {
        if j - i > MAX_PLACEHOLDER || j >= limit {
            return Some(None);
        }
        let Some(&b) = w.get(j) else {
            return if eof { Some(None) } else { None };
        };
        match b {
            b'>' if j > i + 1 => {
                let name = &w[i + 1..j];
                let tag = TAGS.iter().any(|t| name.eq_ignore_ascii_case(t));
                // A placeholder is followed by what goes on in a URI, not a
                // word (`http://x.org<label>ok` is markup and prose).
                return match w.get(j + 1) {
                    None if !eof && j + 1 < limit => None,
                    Some(c) if j + 1 < limit && c.is_ascii_alphanumeric() => Some(None),
                    _ => Some((!tag).then_some(j + 1 - i)),
                };
            }
            b'A'..=b'Z' | b'a'..=b'z' => {}
            b'0'..=b'9' | b'_' | b'-' | b'.' if j > i + 1 => {}
            _ => return Some(None),
        }
        j += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end_of(s: &[u8]) -> usize {
        match find_end(s, 0, usize::MAX, true, false) {
            End::At(i) => i,
            _ => unreachable!(),
        }
    }

    #[test]
    fn ascii_terminators() {
        for t in [
            " ", "\t", "\n", "\r", "\x00", "\x1b", "\x7f", "<", ">", "\"", "`",
        ] {
            assert_eq!(end_of(format!("ab{t}c").as_bytes()), 2, "{t:?}");
        }
        assert_eq!(end_of(b"a{b}|c\\d^e"), 10);
    }

    #[test]
    fn unicode_terminators_and_iri_characters() {
        for t in ["»", "”", "’", "。", "，", "\u{a0}", "\u{3000}", "」", "…"] {
            assert_eq!(end_of(format!("ab{t}c").as_bytes()), 2, "{t:?}");
        }
        // Letters of an IRI stay in it (the non-ascii rule reports them).
        assert_eq!(end_of("東京é".as_bytes()), 8);
    }

    #[test]
    fn placeholders_are_read_over_but_tags_and_other_angles_end_the_uri() {
        assert_eq!(end_of(b"x/<owner>/<repo-name>.git y"), 25);
        assert_eq!(end_of(b"x//[<user>@]<host>[:<port>]/p"), 29);
        assert_eq!(end_of(b"x.org<br>"), 5);
        assert_eq!(end_of(b"x.org<section>Intro"), 5);
        assert_eq!(end_of(b"x.org/<x>http://b.org/y"), 6);
        assert_eq!(end_of(b"x.org:25<label>ok"), 8);
        assert_eq!(end_of(b"x/Vec<T> for"), 5);
        assert_eq!(end_of(b"x/<pkg>-<version>.tar.gz"), 24);
        assert_eq!(end_of(b"x.org<BR>"), 5);
        assert_eq!(end_of(b"x<http://y>"), 1);
        assert_eq!(end_of(b"x<a b>"), 1);
        assert_eq!(end_of(b"x<>"), 1);
        assert_eq!(end_of(b"x<1a>"), 1);
        assert_eq!(end_of(b"<name>"), 0); // not inside a URI yet
        // A short window waits; the cap stops a placeholder.
        assert!(matches!(
            find_end(b"x/<own", 0, usize::MAX, false, false),
            End::Need(1)
        ));
        assert!(matches!(
            find_end(b"x/<owner>", 0, 5, true, false),
            End::At(2)
        ));
    }

    #[test]
    fn invalid_utf8_ends_the_uri() {
        assert_eq!(end_of(b"ab\xffc"), 2);
        assert_eq!(end_of(b"ab\xc3("), 2);
        assert_eq!(end_of(b"ab\xe2\x80"), 2); // truncated at end of input
        assert_eq!(end_of(b"ab\xed\xa0\x80"), 2); // a surrogate
    }

    #[test]
    fn incomplete_sequence_asks_for_more() {
        assert!(matches!(
            find_end(b"ab\xe2\x80", 0, usize::MAX, false, false),
            End::Need(2)
        ));
        assert!(matches!(
            find_end(b"ab\xe2(", 0, usize::MAX, false, false),
            End::At(2)
        ));
    }

    #[test]
    fn limit_falls_on_a_character_boundary() {
        assert!(matches!(
            find_end("abé".as_bytes(), 0, 3, true, false),
            End::Limit(2)
        ));
        assert!(matches!(
            find_end(b"abcd", 0, 2, true, false),
            End::Limit(2)
        ));
        assert!(matches!(find_end(b"ab cd", 0, 2, true, false), End::At(2)));
    }

    #[test]
    fn unbalanced_closing_brackets_end_the_uri_when_balancing() {
        let at = |s: &[u8], balance| match find_end(s, 0, usize::MAX, true, balance) {
            End::At(i) => i,
            _ => unreachable!(),
        };
        assert_eq!(at(b"a(b)c)d", true), 5);
        assert_eq!(at(b"a(b)c)d", false), 7);
        assert_eq!(at(b"a[(b])c]", true), 7); // each kind is counted on its own
        assert_eq!(at(b"a}", true), 1);
    }
}
