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

use crate::redact::locate_text;
use crate::report::{Record, SHOWN_BEFORE, Shown, Snippet};

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
    source: Source<'a>,
    /// Secrets are shown (`--show-secrets`): none is looked for.
    show_secrets: bool,
    /// Where secrets are written that a scan of the shown lines does not
    /// find: those of decoded URIs and of relative references, sorted and
    /// merged ([`merge`]).
    written: &'a [Range<u64>],
    /// The bytes last read, with their secrets: the snippets of the
    /// records whose windows they hold are cut from them.
    block: Option<Block>,
}

/// Bytes read from the source once for the snippets of the records after
/// one (issue 32): thousands of findings on one line read it and look
/// for its secrets once, not once a record.
struct Block {
    /// Offset of the first byte.
    base: u64,
    bytes: Vec<u8>,
    /// Whether the source may go on past them.
    cut: bool,
    /// Where the record it was read for starts: its secrets were found
    /// from that record's line on, so a record before it reads its own.
    first: u64,
    /// Where the secrets of the URIs in them are written, as offsets in
    /// the input (none with `--show-secrets`).
    secrets: Vec<Range<u64>>,
}

/// Bytes read before the shown text, so that a URI that began on an
/// earlier line (broken inside `<...>`, RFC 3986 App. C) and holds a
/// secret on this one is found too; and bytes read past the URI, for the
/// rest of its line.
const BEFORE: u64 = 4096;
const REST: u64 = 1024;

/// Bytes a block reads at least: the records of a dense stretch share it,
/// and a lone record reads a few times its own window.
const BLOCK: u64 = 16 * 1024;

impl<'a> Snippets<'a> {
    /// Snippets read from `source`, with the secrets of `written` (sorted
    /// and merged) redacted besides those a scan of the lines finds.
    pub fn new(source: Source<'a>, show_secrets: bool, written: &'a [Range<u64>]) -> Self {
        Snippets {
            source,
            show_secrets,
            written,
            block: None,
        }
    }

    /// The snippet of `record`, with every secret on its line redacted;
    /// `None` when its source cannot be read back (past the spool).
    pub fn of(&mut self, record: &Record) -> io::Result<Option<Snippet>> {
        let from = record.start.saturating_sub(SHOWN_BEFORE + BEFORE);
        let to = record.end + REST;
        if let Source::File { limit, .. } = &self.source
            && to > *limit
        {
            return Ok(None);
        }
        // A document held whole ends where its block does if that is
        // short. A block read short from the spool of standard input, which
        // may still be written, is not shared: its secrets were found as if
        // the text ended there.
        let whole = matches!(self.source, Source::Memory(_));
        let settled = match self.source {
            Source::Memory(_) => true,
            Source::File { limit, .. } => limit == u64::MAX,
        };
        let covered = |b: &Block| {
            b.base <= from
                && b.first <= record.start
                && (b.cut || settled)
                && (to <= b.base + b.bytes.len() as u64 || (whole && !b.cut))
        };
        let block = match self.block.take() {
            Some(b) if covered(&b) => self.block.insert(b),
            _ => {
                let b = self.read(from, to, record.start)?;
                self.block.insert(b)
            }
        };
        // The record's window, as if read on its own: to `to`, or to the
        // end of the input.
        let window = &block.bytes[(from - block.base) as usize..];
        let window = &window[..window.len().min((to - from) as usize)];
        let shown = Shown::new(window, from, record.start);
        let secrets = if self.show_secrets {
            Vec::new()
        } else {
            let end = from + window.len() as u64;
            let within = |all: &[Range<u64>]| {
                let first = all.partition_point(|r| r.end <= from);
                all[first..]
                    .iter()
                    .take_while(|r| r.start < end)
                    .filter(|r| r.end > from)
                    .map(|r| (r.start.max(from) - from) as usize..(r.end.min(end) - from) as usize)
                    .collect::<Vec<_>>()
            };
            let mut secrets = within(&block.secrets);
            secrets.extend(loose_in(&shown));
            secrets.extend(within(self.written));
            merge(secrets)
        };
        Ok(Some(Snippet::new(&shown, record, &secrets)))
    }

    /// Reads from `from` at least to `to`, or [`BLOCK`] bytes, and finds
    /// their secrets from the line of the URI at `start`.
    fn read(&mut self, from: u64, to: u64, start: u64) -> io::Result<Block> {
        let want = (to - from).max(BLOCK);
        let (bytes, cut) = match &mut self.source {
            Source::Memory(raw) => {
                let end = (from.saturating_add(want) as usize).min(raw.len());
                (
                    raw[(from as usize).min(end)..end].to_vec(),
                    from.saturating_add(want) as usize <= raw.len(),
                )
            }
            Source::File { file, limit } => {
                // Never past what may be read back.
                let want = want.min(*limit - from);
                // pread: the spool of standard input is written through
                // a clone of this file, which shares its offset.
                let mut buf = vec![0; want as usize];
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
                (buf, cut)
            }
        };
        let secrets = if self.show_secrets {
            Vec::new()
        } else {
            let shown = Shown::new(&bytes, from, start);
            // Merged, so that a window finds its first by bisection.
            merge(
                secrets_in(&shown, cut)
                    .into_iter()
                    .map(|r| from + r.start as u64..from + r.end as u64)
                    .collect(),
            )
        };
        Ok(Block {
            base: from,
            bytes,
            cut,
            first: start,
            secrets,
        })
    }
}

/// Every secret in the shown text, of whatever URI (SPEC section 10). The
/// text is scanned from the start of its line, or of what was read of it:
/// a password may hold a space (`"https://u:correct horse@h/"`), so the
/// shown text, which may start after such a space, does not hold the whole
/// URI; and a lone CR does not end a URI's credentials, so the line is
/// taken from the last LF. When a `<` before is still open, from all the
/// bytes read: a URI in angle brackets goes on over line breaks (RFC 3986
/// App. C); when a `"` on the line before is, from that line.
fn secrets_in(shown: &Shown, cut: bool) -> Vec<Range<usize>> {
    let (text, at) = (shown.bytes, shown.from);
    let before = &text[..at];
    let open = memchr::memrchr(b'<', before)
        .is_some_and(|lt| memchr::memchr(b'>', &before[lt..]).is_none());
    let line = memchr::memrchr(b'\n', before).map_or(0, |k| k + 1);
    // A quote left open on the line before: a quoted URI broken there
    // (inside its password) goes on on this line.
    let previous = memchr::memrchr(b'\n', &before[..line.saturating_sub(1)]).map_or(0, |k| k + 1);
    let quoted = line > 0 && bytecount::count(&before[previous..line], b'"') % 2 == 1;
    let from = match (open, quoted) {
        (true, _) => 0,
        (false, true) => previous,
        (false, false) => line,
    };
    let mut secrets = locate_text(&text[from..], cut);
    for r in &mut secrets {
        *r = r.start + from..r.end + from;
    }
    secrets
}

/// What is left of a URI a space broke (`<https://x a?token=...>`), on
/// the shown line.
fn loose_in(shown: &Shown) -> Vec<Range<usize>> {
    let (text, at) = (shown.bytes, shown.from);
    let line_end = memchr::memchr2(b'\n', b'\r', &text[at..]).map_or(text.len(), |k| at + k);
    crate::redact::locate_loose(&text[at..line_end])
        .into_iter()
        .map(|r| r.start + at..r.end + at)
        .collect()
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
