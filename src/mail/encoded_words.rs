//! A bound on RFC 2047 encoded words per header line (issue 31, P4).
//!
//! mailparse decodes a header's encoded words (`=?utf-8?q?...?=`, RFC 2047
//! s2) line by line, and tests each `=?` for a word boundary by counting
//! characters from the line's start: a line of thousands of `=?` costs
//! their square. A real header has a few per line (RFC 2047 s2 keeps each
//! word under 76 characters, and s6.2 a line under the usual 998), so a
//! header line with more than [`MAX_PER_LINE`] (counting each `?=`, which
//! mailparse tests the same way, as half of one) is crafted or garbled:
//! its `=?` are made `=_` (same length, so every offset holds) and left
//! undecoded, with a warning.

/// More encoded words than this on one header line are not decoded.
pub(super) const MAX_PER_LINE: usize = 64;

/// `bytes` with the `=?` of every over-full header line made `=_`, and the
/// 0-based index of the first such line; `None` when no line needs it.
/// Header lines are those of the message's header block and of each MIME
/// part's (after a line starting with `--`, up to a blank line).
pub(super) fn defuse(bytes: &[u8]) -> Option<(Vec<u8>, usize)> {
    // Quick test: few `=?` and `?=` in all, nothing to do.
    marks(bytes).nth(2 * MAX_PER_LINE)?;
    let mut out: Option<(Vec<u8>, usize)> = None;
    let mut in_header = true;
    let mut start = 0;
    for (index, end) in memchr::memchr_iter(b'\n', bytes)
        .chain(std::iter::once(bytes.len()))
        .enumerate()
    {
        let line = &bytes[start..end];
        let body = line.strip_suffix(b"\r").unwrap_or(line);
        if body.is_empty() {
            in_header = false;
        } else if body.starts_with(b"--") && !body.starts_with(b"-- ") {
            // A MIME boundary (RFC 2046 s5.1.1), not a signature's `-- `.
            in_header = true;
        } else if in_header && marks(line).nth(2 * MAX_PER_LINE).is_some() {
            let (copy, _) = out.get_or_insert_with(|| (bytes.to_vec(), index));
            for k in memchr::memmem::find_iter(line, b"=?") {
                copy[start + k + 1] = b'_';
            }
        }
        start = end + 1;
    }
    out
}

/// Where words may start (`=?`) or end (`?=`): mailparse tests each for
/// a boundary, at a cost that grows with its column.
fn marks(s: &[u8]) -> impl Iterator<Item = usize> + '_ {
    memchr::memchr_iter(b'?', s)
        .filter(move |&k| (k > 0 && s[k - 1] == b'=') || s.get(k + 1) == Some(&b'='))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_over_full_header_lines_change() {
        let words = "=?utf-8?q?a?= ".repeat(MAX_PER_LINE + 1);
        let mail = format!("Subject: {words}\nX: =?utf-8?q?b?=\n\nbody {words}\n");
        let (out, line) = defuse(mail.as_bytes()).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(line, 0);
        assert_eq!(out.len(), mail.len());
        let lines: Vec<&str> = out.lines().collect();
        assert!(!lines[0].contains("=?") && lines[0].contains("=_utf-8?q?a?="));
        assert_eq!(lines[1], "X: =?utf-8?q?b?=");
        assert!(lines[3].contains("=?utf-8?q?a?="));
    }

    #[test]
    fn word_ends_count_too_and_a_signature_is_body() {
        let ends = format!("Subject: =?u?q?a{}\n\nx", "?=x".repeat(2 * MAX_PER_LINE));
        assert!(defuse(ends.as_bytes()).is_some());
        let words = "=?utf-8?q?a?= ".repeat(MAX_PER_LINE + 1);
        let signed = format!("A: b\n\nbody\n-- \n{words}\n");
        assert_eq!(defuse(signed.as_bytes()), None);
    }

    #[test]
    fn part_headers_are_header_lines() {
        let words = "=?utf-8?q?a?= ".repeat(MAX_PER_LINE + 1);
        let mail = format!("A: b\n\n--x\nContent-Type: text/plain; n=\"{words}\"\n\nbody\n");
        let (out, line) = defuse(mail.as_bytes()).unwrap();
        assert_eq!(line, 3);
        assert!(!String::from_utf8(out).unwrap().contains("=?"));
        assert_eq!(defuse(b"Subject: =?utf-8?q?a?=\n\nx"), None);
    }
}
