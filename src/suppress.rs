//! Inline suppressions: `urilint: ignore[rule-id, ...]` on a URI's line, or
//! `urilint: ignore-next-line[rule-id, ...]` on the line before; without a
//! list, every rule. The comment syntax around them does not matter, so they
//! work in any language's comments and in Markdown's `<!-- -->`.
//!
//! [`DirectiveReader`] finds them while the scanner reads, so a stream is read
//! once and never held whole.
//!
//! ```
//! use std::io::Read;
//! use urilint::suppress::DirectiveReader;
//!
//! let text = b"a http://x:99/ # urilint: ignore[non-default-port]\n\
//!              <!-- urilint: ignore-next-line -->\nhttp://y:99/\n";
//! let mut r = DirectiveReader::new(&text[..]);
//! std::io::copy(&mut r, &mut std::io::sink()).unwrap();
//! let d = r.into_directives();
//! assert!(d.suppresses(1, "non-default-port"));
//! assert!(!d.suppresses(1, "default-port"));
//! assert!(d.suppresses(3, "anything"));
//! assert_eq!(urilint::suppress::Directives::of(text), d);
//! ```

use std::io::{self, Read};

use crate::text::count_breaks;

/// One suppression comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    /// The 1-based line it stands on.
    pub line: u64,
    /// `ignore-next-line` rather than `ignore`.
    pub next_line: bool,
    /// The rules it names; `None` for all.
    pub rules: Option<Vec<String>>,
}

impl Directive {
    /// Whether it silences `rule` on `line`.
    pub fn covers(&self, line: u64, rule: &str) -> bool {
        let target = if self.next_line {
            self.line + 1
        } else {
            self.line
        };
        target == line
            && self
                .rules
                .as_ref()
                .is_none_or(|r| r.iter().any(|id| id == rule))
    }
}

/// The directives of one input, in line order (as they are read).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Directives(pub Vec<Directive>);

/// The line of the first directive of `list` (in line order) that silences
/// `rule` on `line`: only those on `line` and the line before can, found by
/// a binary search, so a file with a directive on every line is checked in
/// O(n log n), not O(n^2).
fn matching_in(list: &[Directive], line: u64, rule: &str) -> Option<u64> {
    let from = list.partition_point(|d| d.line + 1 < line);
    list[from..]
        .iter()
        .take_while(|d| d.line <= line)
        .find(|d| d.covers(line, rule))
        .map(|d| d.line)
}

impl Directives {
    /// The directives of a text held whole: found by their mark, lines
    /// counted only up to each, the text not copied (as a
    /// [`DirectiveReader`] must, not knowing what comes).
    pub fn of(text: &[u8]) -> Directives {
        let mut reader = DirectiveReader::new(io::empty());
        reader.search(text, text.len());
        Directives(reader.found)
    }

    /// Whether a finding of `rule` on `line` is suppressed.
    pub fn suppresses(&self, line: u64, rule: &str) -> bool {
        self.matching(line, rule).is_some()
    }

    /// The line of the directive that silences `rule` on `line`, if one does.
    pub fn matching(&self, line: u64, rule: &str) -> Option<u64> {
        matching_in(&self.0, line, rule)
    }
}

const MARK: &[u8] = b"urilint:";
/// The longest directive text read after its mark.
const MAX_DIRECTIVE: usize = 512;
/// A line longer than this is searched in pieces.
const MAX_PENDING: usize = 64 * 1024;

/// Passes a reader through and collects the directives in it.
pub struct DirectiveReader<R> {
    inner: R,
    /// Bytes of the current, unfinished line.
    pending: Vec<u8>,
    /// The line number of `pending`'s first byte.
    line: u64,
    found: Vec<Directive>,
}

impl<R: Read> DirectiveReader<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        DirectiveReader {
            inner,
            pending: Vec::new(),
            line: 1,
            found: Vec::new(),
        }
    }

    /// How many lines have been read to their end: the directives that can
    /// silence a finding on any of them are known.
    pub fn lines_done(&self) -> u64 {
        self.line - 1
    }

    /// Whether the directives read so far silence `rule` on `line`.
    pub fn suppresses(&self, line: u64, rule: &str) -> bool {
        self.matching(line, rule).is_some()
    }

    /// The line of the directive read so far that silences `rule` on
    /// `line`, if one does.
    pub fn matching(&self, line: u64, rule: &str) -> Option<u64> {
        matching_in(&self.found, line, rule)
    }

    /// The directives read so far (all of them, once the reader is done).
    pub fn into_directives(mut self) -> Directives {
        let rest = std::mem::take(&mut self.pending);
        self.search(&rest, rest.len());
        Directives(self.found)
    }

    /// Records the directives whose mark starts before `upto` in `text`,
    /// which begins at line `self.line`, and counts its lines.
    fn search(&mut self, text: &[u8], upto: usize) {
        let mut line = self.line;
        let mut counted = 0;
        // Built once: a searcher costs more to make than a small file
        // costs to search.
        static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
            std::sync::LazyLock::new(|| memchr::memmem::Finder::new(MARK));
        for at in FINDER.find_iter(text).take_while(|&at| at < upto) {
            line += count_breaks(&text[counted..at]);
            counted = at;
            let end = (at + MARK.len() + MAX_DIRECTIVE).min(text.len());
            let line_end = memchr::memchr2(b'\n', b'\r', &text[at..end]).map_or(end, |i| at + i);
            if let Some(d) = parse(&text[at + MARK.len()..line_end], line) {
                self.found.push(d);
            }
        }
    }

    fn feed(&mut self, data: &[u8]) {
        self.pending.extend_from_slice(data);
        // The last line break, but not a CR that may be half of a CRLF.
        let mut last = memchr::memrchr2(b'\n', b'\r', &self.pending);
        if let Some(k) = last
            && self.pending[k] == b'\r'
            && k + 1 == self.pending.len()
        {
            last = memchr::memrchr2(b'\n', b'\r', &self.pending[..k]);
        }
        if let Some(nl) = last {
            let done: Vec<u8> = self.pending.drain(..=nl).collect();
            self.search(&done, done.len());
            self.line += count_breaks(&done);
        } else if self.pending.len() > MAX_PENDING {
            // One long line: search all but a tail a directive may start in.
            let cut = self.pending.len() - MAX_DIRECTIVE - MARK.len();
            let head: Vec<u8> = self.pending.drain(..cut).collect();
            let mut both = head;
            both.extend_from_slice(&self.pending);
            self.search(&both, cut);
        }
    }
}

impl<R: Read> Read for DirectiveReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.feed(&buf[..n]);
        Ok(n)
    }
}

/// Reads what follows `urilint:`: `ignore` or `ignore-next-line`, then an
/// optional `[id, ...]`.
fn parse(after: &[u8], line: u64) -> Option<Directive> {
    let text = std::str::from_utf8(after).ok()?.trim_start();
    let (next_line, rest) = if let Some(r) = text.strip_prefix("ignore-next-line") {
        (true, r)
    } else {
        (false, text.strip_prefix("ignore")?)
    };
    // `ignored` or `ignore-next` are not directives.
    if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
        return None;
    }
    let rules = match rest.strip_prefix('[') {
        None => None,
        Some(list) => {
            let list = &list[..list.find(']')?];
            Some(
                list.split(',')
                    .map(|id| id.trim().to_string())
                    .filter(|id| !id.is_empty())
                    .collect(),
            )
        }
    };
    Some(Directive {
        line,
        next_line,
        rules,
    })
}
