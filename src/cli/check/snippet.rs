//! The source lines under human diagnostics, read back by offset from the
//! file, the spool of standard input, or a document held in memory.
//!
//! Each snippet reads a window around its URI, never the line from its
//! start: a minified file or a line of 12,000 URIs costs a bounded read per
//! finding, not the line's length (issue 14).

use std::fs::File;
use std::io;
use std::ops::Range;
use std::os::unix::fs::FileExt;

use urilint::report::{Record, SHOWN_BEFORE, Shown, Snippet};
use urilint::secrets::locate_text;

/// Where a snippet's bytes are read from.
pub(super) enum Source<'a> {
    /// A document read whole.
    Memory(&'a [u8]),
    /// A file, or the spool of standard input, of which the first `limit`
    /// bytes can be read back.
    File { file: File, limit: u64 },
}

/// Makes the snippets of one input's records.
pub(super) struct Snippets<'a> {
    pub source: Source<'a>,
    /// Secrets are shown (`--show-secrets`): none is looked for.
    pub show_secrets: bool,
    /// Where secrets are written that a scan of the shown lines does not
    /// find: those of decoded URIs and of relative references, sorted and
    /// merged ([`merge`]).
    pub written: &'a [Range<u64>],
}

/// Bytes read before the shown text, so that a URI that began on an
/// earlier line (broken inside `<...>`, RFC 3986 App. C) and holds a
/// secret on this one is found too; and bytes read past the URI, for the
/// rest of its line.
const BEFORE: u64 = 4096;
const REST: u64 = 1024;

impl Snippets<'_> {
    /// The snippet of `record`, with every secret on its line redacted;
    /// `None` when its source cannot be read back (past the spool).
    pub fn of(&mut self, record: &Record) -> io::Result<Option<Snippet>> {
        let from = record.start.saturating_sub(SHOWN_BEFORE + BEFORE);
        let to = record.end + REST;
        let mut buf = Vec::new();
        let (bytes, cut) = match &mut self.source {
            Source::Memory(raw) => {
                let end = (to as usize).min(raw.len());
                (
                    &raw[(from as usize).min(end)..end],
                    (to as usize) <= raw.len(),
                )
            }
            Source::File { file, limit } => {
                if to > *limit {
                    return Ok(None);
                }
                // pread: the spool of standard input is written through
                // a clone of this file, which shares its offset.
                buf.resize((to - from) as usize, 0);
                let mut got = 0;
                while got < buf.len() {
                    match file.read_at(&mut buf[got..], from + got as u64) {
                        Ok(0) => break,
                        Ok(n) => got += n,
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        Err(e) => return Err(e),
                    }
                }
                let cut = got == buf.len();
                buf.truncate(got);
                (&buf[..], cut)
            }
        };
        let shown = Shown::new(bytes, from, record.start);
        let secrets = if self.show_secrets {
            Vec::new()
        } else {
            let end = from + bytes.len() as u64;
            let mut secrets = secrets_in(&shown, cut);
            let first = self.written.partition_point(|r| r.end <= from);
            secrets.extend(
                self.written[first..]
                    .iter()
                    .take_while(|r| r.start < end)
                    .filter(|r| r.end > from)
                    .map(|r| (r.start.max(from) - from) as usize..(r.end.min(end) - from) as usize),
            );
            merge(secrets)
        };
        Ok(Some(Snippet::new(&shown, record, &secrets)))
    }
}

/// Every secret in the shown text, of whatever URI (SPEC section 10). The
/// text is scanned from the start of its line, or of what was read of it:
/// a password may hold a space (`"https://u:correct horse@h/"`), so the
/// shown text, which may start after such a space, does not hold the whole
/// URI; and a lone CR does not end a URI's credentials, so the line is
/// taken from the last LF. When a `<` before is still open, from all the
/// bytes read: a URI in angle brackets goes on over line breaks (RFC 3986
/// App. C).
fn secrets_in(shown: &Shown, cut: bool) -> Vec<Range<usize>> {
    let (text, at) = (shown.bytes, shown.from);
    let before = &text[..at];
    let open = memchr::memrchr(b'<', before)
        .is_some_and(|lt| memchr::memchr(b'>', &before[lt..]).is_none());
    let from = match open {
        true => 0,
        false => memchr::memrchr(b'\n', before).map_or(0, |k| k + 1),
    };
    let mut secrets = locate_text(&text[from..], cut);
    for r in &mut secrets {
        *r = r.start + from..r.end + from;
    }
    // What is left of a URI a space broke (`<https://x a?token=...>`).
    let line_end = memchr::memchr2(b'\n', b'\r', &text[at..]).map_or(text.len(), |k| at + k);
    secrets.extend(
        urilint::secrets::locate_loose(&text[at..line_end])
            .into_iter()
            .map(|r| r.start + at..r.end + at),
    );
    merge(secrets)
}

/// Ranges sorted and merged where they overlap or touch.
pub(super) fn merge<T: Ord + Copy>(mut ranges: Vec<Range<T>>) -> Vec<Range<T>> {
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<Range<T>> = Vec::with_capacity(ranges.len());
    for r in ranges {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}
