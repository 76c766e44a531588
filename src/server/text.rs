//! A document's text and its positions: LSP positions count lines from 0
//! and characters in the encoding the client and server agreed on
//! (UTF-16 code units by default, UTF-8 bytes or UTF-32 code points when
//! the client offers them; LSP 3.17, "Position"). urilint's records count
//! bytes.

use lsp_types::{Position, PositionEncodingKind, Range, TextDocumentContentChangeEvent};

/// How characters of a line are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Encoding {
    Utf8,
    Utf16,
    Utf32,
}

impl Encoding {
    /// The first of `offered` that urilint speaks, UTF-8 first; UTF-16
    /// when the client offers none (LSP's default).
    pub(super) fn choose(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or_default();
        let has = |k: &PositionEncodingKind| offered.contains(k);
        if has(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else if has(&PositionEncodingKind::UTF32) && !has(&PositionEncodingKind::UTF16) {
            Encoding::Utf32
        } else {
            Encoding::Utf16
        }
    }

    /// Its name in `initialize`'s result.
    pub(super) fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    fn width(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Utf32 => 1,
        }
    }
}

/// A text with the byte offset of each of its lines.
#[derive(Clone, Debug, Default)]
pub(super) struct Text {
    pub text: String,
    starts: Vec<usize>,
}

impl Text {
    pub(super) fn new(text: String) -> Text {
        let mut starts = vec![0];
        // A line ends at LF, CRLF or a lone CR (LSP 3.17 "Text
        // Documents"), as `check` counts lines.
        let b = text.as_bytes();
        starts.extend(
            memchr::memchr2_iter(b'\n', b'\r', b)
                .filter(|&k| !(b[k] == b'\r' && b.get(k + 1) == Some(&b'\n')))
                .map(|k| k + 1),
        );
        Text { text, starts }
    }

    /// The 0-based line that holds byte `offset`.
    pub(super) fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// The byte range of line `line` (0-based), its line break left out.
    pub(super) fn line_range(&self, line: usize) -> std::ops::Range<usize> {
        let start = self.starts.get(line).copied().unwrap_or(self.text.len());
        let b = self.text.as_bytes();
        let mut end = self.starts.get(line + 1).map_or(b.len(), |&s| s - 1);
        if b.get(end) == Some(&b'\n') && end > start && b[end - 1] == b'\r' {
            end -= 1;
        }
        start..end
    }

    /// The number of lines.
    pub(super) fn lines(&self) -> usize {
        self.starts.len()
    }

    /// The position of byte `offset` (moved back to a character's start,
    /// and to the text's end).
    pub(super) fn position(&self, offset: usize, enc: Encoding) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let start = self.starts[line];
        let character = match enc {
            Encoding::Utf8 => offset - start,
            _ => self.text[start..offset].chars().map(|c| enc.width(c)).sum(),
        };
        Position::new(line as u32, character as u32)
    }

    /// The range of bytes `start..end`.
    pub(super) fn range(&self, start: usize, end: usize, enc: Encoding) -> Range {
        Range::new(self.position(start, enc), self.position(end, enc))
    }

    /// The byte offset of `pos`: past a line's end is its end, past the
    /// last line the text's end; inside a character, its start.
    pub(super) fn offset(&self, pos: Position, enc: Encoding) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[self.line_range(pos.line as usize)];
        let want = pos.character as usize;
        let mut seen = 0;
        for (k, c) in line.char_indices() {
            if seen >= want {
                return start + k;
            }
            seen += enc.width(c);
            if seen > want {
                return start + k;
            }
        }
        start + line.len()
    }

    /// Applies one change of `textDocument/didChange`: a range replaced,
    /// or the whole text when it has none.
    pub(super) fn apply(&mut self, change: TextDocumentContentChangeEvent, enc: Encoding) {
        let Some(range) = change.range else {
            *self = Text::new(change.text);
            return;
        };
        let start = self.offset(range.start, enc);
        let end = self.offset(range.end, enc).max(start);
        let mut text = std::mem::take(&mut self.text);
        text.replace_range(start..end, &change.text);
        *self = Text::new(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_in_the_agreed_encoding() {
        let t = Text::new("a\r\nh\u{e9}\u{1F600}x\nend".to_string());
        // `x` is byte 10: line 1 starts at 3, then `h` (1 byte), `é` (2)
        // and the emoji (4).
        assert_eq!(t.position(10, Encoding::Utf8), Position::new(1, 7));
        assert_eq!(t.position(10, Encoding::Utf16), Position::new(1, 4));
        assert_eq!(t.position(10, Encoding::Utf32), Position::new(1, 3));
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            assert_eq!(t.offset(t.position(10, enc), enc), 10);
        }
        // Inside the emoji: its start. Past a line's end: before `\r\n`.
        assert_eq!(t.offset(Position::new(1, 3), Encoding::Utf16), 6);
        assert_eq!(t.offset(Position::new(0, 9), Encoding::Utf16), 1);
        assert_eq!(t.offset(Position::new(9, 0), Encoding::Utf16), t.text.len());
    }

    #[test]
    fn a_lone_cr_ends_a_line() {
        let t = Text::new("a\rb\r\nc\nd".to_string());
        assert_eq!(t.lines(), 4);
        let ranges: Vec<_> = (0..4).map(|l| t.line_range(l)).collect();
        assert_eq!(ranges, [0..1, 2..3, 5..6, 7..8]);
        assert_eq!(t.position(2, Encoding::Utf16), Position::new(1, 0));
    }

    #[test]
    fn changes_apply_in_place() {
        let mut t = Text::new("# One\n\nsee [x](#one)\n".to_string());
        let change = |l1, c1, l2, c2, s: &str| TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l1, c1), Position::new(l2, c2))),
            range_length: None,
            text: s.to_string(),
        };
        t.apply(change(0, 2, 0, 5, "Two"), Encoding::Utf16);
        t.apply(change(2, 4, 2, 4, "the "), Encoding::Utf16);
        assert_eq!(t.text, "# Two\n\nsee the [x](#one)\n");
        assert_eq!(t.line_range(2), 7..24);
    }
}
