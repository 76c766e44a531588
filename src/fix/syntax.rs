//! How fixed URI text is written in each format (SPEC sections 9 and 12).

use crate::format::Format;

/// The syntax a fix is written in: the file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    /// Plain text: every byte reads as itself.
    Plain,
    /// Markdown, reStructuredText, AsciiDoc: what a fix writes there
    /// (percent-encodings, lower-case letters, unreserved characters)
    /// reads as itself, but a byte written with a backslash escape is left
    /// alone (the escape may be what stops a link); a fix after which the
    /// file no longer reads as intended is dropped by the re-check
    /// ([`super::Fixer`]).
    Markup,
    /// HTML: `&`, `<`, `>`, `"` and `'` as character references (WHATWG
    /// HTML 13.1.4), so an `&` in an attribute is written `&amp;`.
    Html,
    /// roff: `\` as `\e` and `-` as `\-` (groff(7)), so that a hyphen a
    /// fix writes (IDNA's `xn--`) is not typeset as one.
    Man,
    /// A JSON string: `"`, `\` and controls escaped (RFC 8259 s7).
    Json,
}

impl Syntax {
    /// The syntax of `format`, or None for one whose text is not written
    /// as it reads in the file (mail is decoded from its transfer encoding:
    /// a fix there would have to encode again).
    pub fn of(format: Format) -> Option<Syntax> {
        Some(match format {
            Format::Text => Syntax::Plain,
            Format::Markdown | Format::Rst | Format::Asciidoc => Syntax::Markup,
            Format::Html => Syntax::Html,
            Format::Man => Syntax::Man,
            // A PO string is a C string literal: `"` and `\` escaped.
            Format::Json | Format::Po => Syntax::Json,
            Format::Mail => return None,
        })
    }

    /// Whether a byte written as markup (an escape, a character reference)
    /// may be written over: in HTML and JSON a reference reads as its
    /// character wherever it is; in Markdown, rST, AsciiDoc and roff an
    /// escape also says what the text around it is.
    pub(crate) fn rewrites_markup(self) -> bool {
        matches!(self, Syntax::Html | Syntax::Json | Syntax::Plain)
    }

    /// `text`, a URI's bytes, as written in this syntax.
    pub fn encode(self, text: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(text.len());
        for &b in text {
            match (self, b) {
                (Syntax::Html, b'&') => out.extend_from_slice(b"&amp;"),
                (Syntax::Html, b'<') => out.extend_from_slice(b"&lt;"),
                (Syntax::Html, b'>') => out.extend_from_slice(b"&gt;"),
                (Syntax::Html, b'"') => out.extend_from_slice(b"&quot;"),
                (Syntax::Html, b'\'') => out.extend_from_slice(b"&#39;"),
                (Syntax::Man, b'\\') => out.extend_from_slice(b"\\e"),
                (Syntax::Man, b'-') => out.extend_from_slice(b"\\-"),
                (Syntax::Json, b'"' | b'\\') => out.extend_from_slice(&[b'\\', b]),
                (Syntax::Json, 0..=0x1F) => out.extend_from_slice(format!("\\u{b:04x}").as_bytes()),
                _ => out.push(b),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_markup_as_each_format_reads_it() {
        assert_eq!(Syntax::Html.encode(b"a=1&b=2"), b"a=1&amp;b=2");
        assert_eq!(Syntax::Man.encode(b"xn--bcher-kva"), b"xn\\-\\-bcher\\-kva");
        assert_eq!(Syntax::Json.encode(b"a\"b"), b"a\\\"b");
        assert_eq!(Syntax::Plain.encode(b"%7E~"), b"%7E~");
        assert_eq!(Syntax::of(Format::Mail), None);
    }
}
