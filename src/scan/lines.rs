//! Line and column numbers for findings, counted incrementally so a stream
//! can drop what it has read.

/// Counts lines (LF-terminated) and columns (Unicode scalar values; each
/// byte of invalid UTF-8 that is not a continuation byte counts as one) up
/// to an absolute offset that only moves forward.
#[derive(Clone, Debug)]
pub(crate) struct LineCounter {
    counted_to: u64,
    line: u64,
    line_start: u64,
    chars_in_line: u64,
}

impl Default for LineCounter {
    fn default() -> Self {
        LineCounter {
            counted_to: 0,
            line: 1,
            line_start: 0,
            chars_in_line: 0,
        }
    }
}

impl LineCounter {
    /// Counts `window[counted_to - base .. target - base]`.
    pub(crate) fn advance(&mut self, window: &[u8], base: u64, target: u64) {
        debug_assert!(self.counted_to >= base && target >= self.counted_to);
        let from = (self.counted_to - base) as usize;
        let to = (target - base) as usize;
        let region = &window[from..to];
        match memchr::memrchr(b'\n', region) {
            Some(nl) => {
                self.line += count_newlines(&region[..=nl]);
                self.line_start = self.counted_to + nl as u64 + 1;
                self.chars_in_line = count_chars(&region[nl + 1..]);
            }
            None => self.chars_in_line += count_chars(region),
        }
        self.counted_to = target;
    }

    /// 1-based line and column of the offset counted to.
    pub(crate) fn position(&self) -> (u64, u64) {
        (self.line, self.chars_in_line + 1)
    }

    /// Byte offset where the current line starts.
    pub(crate) fn line_start(&self) -> u64 {
        self.line_start
    }
}

// Every byte of the input passes through count_newlines, so it uses
// bytecount's SIMD counting.
fn count_newlines(bytes: &[u8]) -> u64 {
    bytecount::count(bytes, b'\n') as u64
}

/// Counts the bytes that are not UTF-8 continuation bytes (0b10xx_xxxx).
fn count_chars(bytes: &[u8]) -> u64 {
    bytecount::num_chars(bytes) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_across_several_advances() {
        let text = "ab\ncdé\nfg".as_bytes();
        let mut lc = LineCounter::default();
        lc.advance(text, 0, 1);
        assert_eq!(lc.position(), (1, 2));
        lc.advance(text, 0, 7); // the LF after "cdé": three characters in, five bytes
        assert_eq!(lc.position(), (2, 4));
        lc.advance(text, 0, text.len() as u64);
        assert_eq!(lc.position(), (3, 3));
    }

    #[test]
    fn windows_with_a_base() {
        let mut lc = LineCounter::default();
        lc.advance(b"x\ny", 0, 2);
        assert_eq!(lc.position(), (2, 1));
        // The first two bytes were dropped; the window now starts at 2.
        lc.advance(b"yz\n\nw", 2, 7);
        assert_eq!(lc.position(), (4, 2));
        assert_eq!(lc.line_start(), 6);
    }
}
