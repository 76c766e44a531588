//! Line and column numbers for findings, counted incrementally so a stream
//! can drop what it has read.

/// Counts lines (ended by LF, CRLF or a lone CR, SPEC section 9) and
/// columns (Unicode scalar values; each byte of invalid UTF-8 that is not a
/// continuation byte counts as one; a byte order mark at the start of the
/// input counts as none) up to an absolute offset that only moves forward.
#[derive(Clone, Debug)]
pub(crate) struct LineCounter {
    counted_to: u64,
    line: u64,
    line_start: u64,
    chars_in_line: u64,
    /// The last byte counted was a CR: a LF right after it ends no line.
    after_cr: bool,
    /// The input starts with a byte order mark.
    bom: bool,
    /// How many of its first bytes match one so far.
    bom_bytes: u8,
    /// No lone CR stands before this absolute offset (found by looking
    /// ahead in the window once, not at every step).
    cr_free_until: u64,
    /// The current line's mail quote prefix so far (`> > `: `>`, spaces
    /// and tabs from its start, at most [`PREFIX`] bytes), kept as the
    /// bytes are counted so a stream that drops them still knows it.
    prefix: [u8; PREFIX],
    prefix_len: u8,
    /// The prefix may go on: no other byte has followed it yet.
    prefix_open: bool,
}

/// The longest quote prefix kept.
const PREFIX: usize = 16;

impl Default for LineCounter {
    fn default() -> Self {
        LineCounter {
            counted_to: 0,
            line: 1,
            line_start: 0,
            chars_in_line: 0,
            after_cr: false,
            bom: false,
            bom_bytes: 0,
            cr_free_until: 0,
            prefix: [0; PREFIX],
            prefix_len: 0,
            prefix_open: true,
        }
    }
}

impl LineCounter {
    /// Counts `window[counted_to - base .. target - base]`.
    /// An offset already counted to is a no-op: the engine counts to a
    /// URI's start before it knows whether a wrap needs more input.
    pub(crate) fn advance(&mut self, window: &[u8], base: u64, target: u64) {
        if target <= self.counted_to {
            return;
        }
        debug_assert!(self.counted_to >= base);
        let from = (self.counted_to - base) as usize;
        let to = (target - base) as usize;
        let region = &window[from..to];
        if region.is_empty() {
            return;
        }
        // The byte order mark, byte by byte: a stream may count its first
        // bytes a few at a time.
        if self.counted_to < 3 && u64::from(self.bom_bytes) == self.counted_to {
            const BOM: &[u8] = b"\xEF\xBB\xBF";
            let upto = (target.min(3) - self.counted_to) as usize;
            self.bom_bytes += region[..upto]
                .iter()
                .zip(&BOM[self.counted_to as usize..])
                .take_while(|(a, b)| a == b)
                .count() as u8;
            self.bom = self.bom_bytes == 3;
        }
        if target > self.cr_free_until {
            // Look ahead, once per window, to the next lone CR: a CR of a
            // CRLF needs no care (its LF ends the line), and a CR at the
            // window's end may be lone.
            let from = (self.cr_free_until.max(self.counted_to) - base) as usize;
            let ahead = &window[from..];
            let lone = match memchr::memchr(b'\r', ahead) {
                None => None,
                Some(first) => {
                    let (cr, crlf) = count_cr(&ahead[first..]);
                    if cr == crlf {
                        None // every CR is half of a CRLF (a vectorised count)
                    } else {
                        memchr::memchr_iter(b'\r', ahead)
                            .find(|&k| ahead.get(k + 1) != Some(&b'\n'))
                            .map(|k| from + k)
                    }
                }
            };
            self.cr_free_until = base + lone.unwrap_or(window.len()) as u64;
        }
        if self.after_cr || target > self.cr_free_until {
            self.advance_with_cr(region);
        } else {
            // LFs alone end lines here; CRs here are all in CRLFs.
            match memchr::memrchr(b'\n', region) {
                Some(nl) => {
                    self.line += count_newlines(&region[..=nl]);
                    self.line_start = self.counted_to + nl as u64 + 1;
                    self.chars_in_line = count_chars(&region[nl + 1..]);
                }
                None => self.chars_in_line += count_chars(region),
            }
        }
        self.track_prefix(region);
        self.counted_to = target;
    }

    /// Follows the quote prefix of the current line over `region`, which
    /// starts at `counted_to` (before it moves on).
    fn track_prefix(&mut self, region: &[u8]) {
        let mut from = 0;
        if self.line_start >= self.counted_to {
            // A line starts in the region (or at its start): a new prefix.
            from = (self.line_start - self.counted_to) as usize;
            self.prefix_len = 0;
            self.prefix_open = true;
        }
        if !self.prefix_open {
            return;
        }
        for &b in &region[from..] {
            if matches!(b, b'>' | b' ' | b'\t') && usize::from(self.prefix_len) < PREFIX {
                self.prefix[usize::from(self.prefix_len)] = b;
                self.prefix_len += 1;
            } else {
                self.prefix_open = false;
                return;
            }
        }
    }

    /// The mail quote prefix of the line counted to (`> > `), or nothing
    /// when the line is not quoted.
    pub(crate) fn quote_prefix(&self) -> &[u8] {
        let p = &self.prefix[..usize::from(self.prefix_len)];
        if p.contains(&b'>') { p } else { &[] }
    }

    /// The path for text that holds CRs: a CR ends a line, and so does a LF
    /// unless it follows a CR.
    fn advance_with_cr(&mut self, region: &[u8]) {
        let lf = count_newlines(region);
        let (cr, crlf) = count_cr(region);
        let joined = u64::from(self.after_cr && region[0] == b'\n');
        self.line += lf + cr - crlf - joined;
        self.after_cr = region.last() == Some(&b'\r');
        match memchr::memrchr2(b'\n', b'\r', region) {
            Some(k) => {
                self.line_start = self.counted_to + k as u64 + 1;
                self.chars_in_line = count_chars(&region[k + 1..]);
            }
            None => self.chars_in_line += count_chars(region),
        }
    }

    /// 1-based line and column of the offset counted to.
    pub(crate) fn position(&self) -> (u64, u64) {
        let bom = u64::from(self.bom && self.line_start == 0);
        (self.line, self.chars_in_line + 1 - bom)
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

/// Counts the CRs, and the CRs followed by a LF, in one pass over blocks
/// the compiler turns into SIMD (a byte counter per lane cannot overflow
/// in a block of 64).
fn count_cr(bytes: &[u8]) -> (u64, u64) {
    let Some((&last, head)) = bytes.split_last() else {
        return (0, 0);
    };
    let (mut cr, mut crlf) = (u64::from(last == b'\r'), 0u64);
    for (x, y) in head.chunks(64).zip(bytes[1..].chunks(64)) {
        let (mut c, mut p) = (0u8, 0u8);
        for (a, b) in x.iter().zip(y) {
            let is_cr = u8::from(*a == b'\r');
            c += is_cr;
            p += is_cr & u8::from(*b == b'\n');
        }
        cr += u64::from(c);
        crlf += u64::from(p);
    }
    (cr, crlf)
}

/// The line breaks in `bytes`, a whole text or one that ends where a line
/// does: LF, CRLF and a lone CR each end a line (SPEC section 9). The one
/// count of lines that suppressions and whole documents share with the
/// scanner.
pub(crate) fn count_breaks(bytes: &[u8]) -> u64 {
    let lf = count_newlines(bytes);
    if memchr::memchr(b'\r', bytes).is_none() {
        return lf;
    }
    let (cr, crlf) = count_cr(bytes);
    lf + cr - crlf
}

/// Where the last line in `bytes` starts: past its last line break.
pub(crate) fn last_line_start(bytes: &[u8]) -> Option<usize> {
    memchr::memrchr2(b'\n', b'\r', bytes).map(|k| k + 1)
}

/// The 1-based column of `text[to]` on a line starting at `text[from]`,
/// counted on from the last call when that was on the same line and not
/// after `to` (`counted`: where it counted to, and the characters up to
/// there): a line of thousands of URIs is counted once, not once a URI.
pub(crate) fn column_on(text: &[u8], from: usize, to: usize, counted: &mut (usize, u64)) -> u64 {
    let to = to.min(text.len());
    let from = from.min(to);
    if counted.0 < from || counted.0 > to {
        *counted = (from, 0);
    }
    counted.1 += count_chars(&text[counted.0..to]);
    counted.0 = to;
    counted.1 + 1
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
    fn lone_cr_and_crlf_end_lines_and_a_bom_is_no_column() {
        let text = "\u{feff}a\rb\r\nc\n\rd".as_bytes();
        let mut lc = LineCounter::default();
        lc.advance(text, 0, 4);
        assert_eq!(lc.position(), (1, 2));
        // CR and LF counted in separate steps still make one break.
        lc.advance(text, 0, 7);
        lc.advance(text, 0, 8);
        assert_eq!((lc.position(), lc.line_start()), ((3, 1), 8));
        lc.advance(text, 0, text.len() as u64);
        assert_eq!((lc.position(), lc.line_start()), ((5, 2), 11));
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
