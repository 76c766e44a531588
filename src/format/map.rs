//! Decoded text and the map from it back to the raw file (SPEC section 9):
//! every byte a format hands the scanner knows where it was written.

use std::ops::Range;

/// A run of decoded bytes and where it came from.
#[derive(Clone, Copy, Debug)]
struct Piece {
    /// Offset of the run in the decoded text.
    dec: usize,
    /// The raw bytes it was read from.
    raw: usize,
    raw_end: usize,
    /// Byte for byte the same as the raw text (`raw_end - raw` bytes long).
    identity: bool,
}

/// Text for the scanner, built piece by piece, with its offset map.
#[derive(Debug, Default)]
pub struct Segment {
    text: Vec<u8>,
    pieces: Vec<Piece>,
    /// Raw offset of the last byte pushed, for synthetic bytes.
    raw_at: usize,
}

impl Segment {
    /// Room for `n` more bytes of text, so a document's text grows in one
    /// allocation, not in many, and for its pieces (markup breaks text
    /// into runs of tens to hundreds of bytes).
    pub fn reserve(&mut self, n: usize) {
        self.text.reserve(n);
        self.pieces.reserve(n / 128);
    }

    /// The decoded text.
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    /// Copies raw bytes that read as themselves, written at `raw_off`.
    pub fn raw(&mut self, raw_off: usize, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        let dec = self.text.len();
        self.text.extend_from_slice(bytes);
        let raw_end = raw_off + bytes.len();
        self.raw_at = raw_end;
        if let Some(last) = self.pieces.last_mut()
            && last.identity
            && last.raw_end == raw_off
            && last.dec + (last.raw_end - last.raw) == dec
        {
            last.raw_end = raw_end;
            return;
        }
        self.pieces.push(Piece {
            dec,
            raw: raw_off,
            raw_end,
            identity: true,
        });
    }

    /// Pushes `decoded`, which the raw bytes `raw` stand for (`&amp;` for
    /// `&`, `\-` for `-`). It may be empty: the raw bytes read as nothing.
    pub fn decoded(&mut self, raw: Range<usize>, decoded: &[u8]) {
        self.raw_at = raw.end;
        if decoded.is_empty() {
            return;
        }
        self.pieces.push(Piece {
            dec: self.text.len(),
            raw: raw.start,
            raw_end: raw.end,
            identity: false,
        });
        self.text.extend_from_slice(decoded);
    }

    /// Pushes bytes that were never written (a line break between blocks,
    /// the quotes around an attribute value).
    pub fn synthetic(&mut self, bytes: &[u8]) {
        let at = self.raw_at;
        self.decoded(at..at, bytes);
    }

    /// Ends the current run of text: what follows is not read together with
    /// what came before (a separator, unless one is already there).
    pub fn separate(&mut self) {
        if !matches!(self.text.last(), None | Some(b'\n')) {
            self.synthetic(b"\n");
        }
    }

    /// Appends `inner`, text read from a decoded string (a JSON string
    /// holding HTML) whose byte `k` was written at `at[k]` in the raw file:
    /// a range of one byte if it is written as itself, the whole escape
    /// (`\"`, `\u003c`) if it is not; `at[inner_len]` is where the string
    /// ends.
    pub fn append_mapped(&mut self, inner: &Segment, at: &[Range<usize>]) {
        let end = at.last().map_or(self.raw_at, |r| r.start);
        let place = |k: usize| at.get(k).map_or(end..end, Clone::clone);
        for (i, p) in inner.pieces.iter().enumerate() {
            let stop = inner.pieces.get(i + 1).map_or(inner.text.len(), |n| n.dec);
            let bytes = &inner.text[p.dec..stop];
            if !p.identity {
                // One decoded run, from the raw bytes of its first to its
                // last source byte (a reference, a synthetic separator).
                let (first, last) = (place(p.raw), place(p.raw_end.max(p.raw + 1) - 1));
                let raw = if p.raw == p.raw_end {
                    first.start..first.start
                } else {
                    first.start..last.end
                };
                self.decoded(raw, bytes);
                continue;
            }
            // Read as itself from the string: as itself from the file too,
            // but where the string's own escapes stood for it.
            let mut k = 0;
            while k < bytes.len() {
                let r = place(p.raw + k);
                let mut n = 1;
                if r.len() == 1 {
                    while k + n < bytes.len()
                        && place(p.raw + k + n) == (r.start + n..r.start + n + 1)
                    {
                        n += 1;
                    }
                    self.raw(r.start, &bytes[k..k + n]);
                } else {
                    while k + n < bytes.len() && place(p.raw + k + n) == r {
                        n += 1;
                    }
                    self.decoded(r, &bytes[k..k + n]);
                }
                k += n;
            }
        }
    }

    fn piece(&self, d: usize) -> Option<&Piece> {
        let i = self.pieces.partition_point(|p| p.dec <= d);
        i.checked_sub(1).map(|i| &self.pieces[i])
    }

    /// For each decoded byte in `range` that `keep` accepts, the raw
    /// range it was read from; one pass over the pieces, not a search per
    /// byte.
    pub fn raw_ranges(
        &self,
        range: Range<usize>,
        keep: impl Fn(u8) -> bool,
        limit: usize,
    ) -> super::ByteMap {
        let mut out = super::ByteMap::default();
        let end = range.end.min(self.text.len());
        let mut i = self.pieces.partition_point(|p| p.dec <= range.start).max(1) - 1;
        let mut d = range.start;
        while d < end && out.len() < limit && i < self.pieces.len() {
            let p = self.pieces[i];
            let piece_end = self.pieces.get(i + 1).map_or(self.text.len(), |n| n.dec);
            while d < end.min(piece_end) && out.len() < limit {
                if keep(self.text[d]) {
                    if p.identity {
                        let r = (p.raw + (d - p.dec)) as u64;
                        out.push(r, r + 1);
                    } else {
                        out.push(p.raw as u64, p.raw_end as u64);
                    }
                }
                d += 1;
            }
            i += 1;
        }
        out
    }

    /// Whether some byte of the text was read from raw offset `at`.
    pub fn covers(&self, at: usize) -> bool {
        self.pieces.iter().any(|p| p.raw <= at && at < p.raw_end)
    }

    /// The raw offset where the decoded byte at `d` was written.
    pub fn raw_start(&self, d: usize) -> usize {
        match self.piece(d) {
            Some(p) if p.identity => (p.raw + (d - p.dec)).min(p.raw_end),
            Some(p) => p.raw,
            None => 0,
        }
    }

    /// The raw offset just past where the decoded bytes before `d` end.
    pub fn raw_end(&self, d: usize) -> usize {
        if d == 0 {
            return self.raw_start(0);
        }
        match self.piece(d - 1) {
            Some(p) if p.identity => (p.raw + (d - p.dec)).min(p.raw_end),
            Some(p) => p.raw_end,
            None => 0,
        }
    }
}

/// Line and column numbers in a raw file, counted forward: LF, CRLF and a
/// lone CR each end a line; a UTF-8 byte order mark is not a column.
#[derive(Debug)]
pub struct Lines<'a> {
    raw: &'a [u8],
    /// Counted up to here.
    at: usize,
    line: u64,
    line_start: usize,
    /// Characters of the current line counted, and up to where: a line
    /// holding thousands of URIs is counted once, not once a URI.
    chars: (usize, u64),
}

impl<'a> Lines<'a> {
    /// Counts from the start of `raw`.
    pub fn new(raw: &'a [u8]) -> Lines<'a> {
        Lines {
            raw,
            at: 0,
            line: 1,
            line_start: 0,
            chars: (0, 0),
        }
    }

    /// 1-based line and column (in Unicode scalar values) of `off`, and
    /// where its line starts. Offsets are asked for in increasing order.
    pub fn position(&mut self, off: usize) -> (u64, u64, u64) {
        let off = off.min(self.raw.len());
        if off >= self.at {
            // A CR right before `off` may be half of a CRLF: it is counted
            // with what follows it.
            let mut upto = off;
            if upto > self.at && self.raw[upto - 1] == b'\r' && self.raw.get(upto) == Some(&b'\n') {
                upto -= 1;
            }
            let region = &self.raw[self.at..upto];
            self.line += crate::text::count_breaks(region);
            if let Some(k) = crate::text::last_line_start(region) {
                self.line_start = self.at + k;
            }
            self.at = upto;
        }
        let bom = self.line_start == 0 && self.raw.starts_with(b"\xEF\xBB\xBF");
        let from = if bom { 3.min(off) } else { self.line_start };
        let column = crate::text::column_on(self.raw, from, off, &mut self.chars);
        (self.line, column, self.line_start as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_decoded_ranges_to_raw_ones() {
        // raw: `a&amp;b` then a separator then `xy` at 20.
        let mut s = Segment::default();
        s.raw(0, b"a");
        s.decoded(1..6, b"&");
        s.raw(6, b"b");
        s.separate();
        s.raw(20, b"xy");
        assert_eq!(s.text(), b"a&b\nxy");
        assert_eq!((s.raw_start(0), s.raw_end(3)), (0, 7));
        assert_eq!((s.raw_start(1), s.raw_end(2)), (1, 6));
        assert_eq!((s.raw_start(4), s.raw_end(6)), (20, 22));
    }

    #[test]
    fn lines_end_at_lf_crlf_and_lone_cr() {
        let raw = b"\xEF\xBB\xBFab\rc\r\nd\ne";
        let mut lines = Lines::new(raw);
        assert_eq!(lines.position(3), (1, 1, 0));
        assert_eq!(lines.position(4), (1, 2, 0));
        assert_eq!(lines.position(6), (2, 1, 6));
        // Between the CR and the LF of a CRLF: still the line before.
        assert_eq!(lines.position(8), (2, 3, 6));
        assert_eq!(lines.position(9), (3, 1, 9));
        assert_eq!(lines.position(11), (4, 1, 11));
    }
}
