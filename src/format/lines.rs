//! Lines of a raw file, for the line-based readers (AsciiDoc, man).

/// One line: `start..end` without its line break, `next` past it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Line {
    pub start: usize,
    pub end: usize,
    pub next: usize,
}

/// The lines of `raw`, ended by LF, CRLF or a lone CR.
pub(crate) fn lines(raw: &[u8]) -> impl Iterator<Item = Line> + '_ {
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= raw.len() {
            return None;
        }
        let (end, next) = match memchr::memchr2(b'\n', b'\r', &raw[start..]) {
            Some(k) => {
                let e = start + k;
                let crlf = raw[e] == b'\r' && raw.get(e + 1) == Some(&b'\n');
                (e, e + 1 + usize::from(crlf))
            }
            None => (raw.len(), raw.len()),
        };
        let line = Line { start, end, next };
        start = next;
        Some(line)
    })
}
