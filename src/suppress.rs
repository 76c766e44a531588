//! Inline suppressions: `urilint: ignore[rule-id, ...]` on a URI's line,
//! `urilint: ignore-next-line[rule-id, ...]` on the line before,
//! `urilint: disable[rule-id, ...]` to the next `urilint: enable` (or
//! `enable[rule-id, ...]`) or the end of the file, and `urilint:
//! disable-file[rule-id, ...]` anywhere for the whole file; without a list,
//! every rule. The comment syntax around them does not matter, so they work
//! in each format's comments: `<!-- -->` in Markdown and HTML, `..` in
//! reStructuredText, `//` in AsciiDoc, `.\"` in man pages, `#` in text. In
//! a document's code (a code block or span, `<pre>`, a literal block) they
//! are examples the page shows, and apply to nothing
//! ([`Directives::of_document`]).
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
//!
//! let text = b"a\n<!-- urilint: disable[well-known-port] -->\nb\nc\n\
//!              <!-- urilint: enable -->\nd\n.. urilint: disable-file[non-ascii]\n";
//! let d = urilint::suppress::Directives::of(text);
//! assert!(!d.suppresses(1, "well-known-port"));
//! assert!(d.suppresses(3, "well-known-port") && d.suppresses(4, "well-known-port"));
//! assert!(!d.suppresses(6, "well-known-port"));
//! assert!(d.suppresses(1, "non-ascii") && d.suppresses(6, "non-ascii"));
//! ```

use std::io::{self, Read};

use crate::text::count_breaks;

/// What a suppression comment reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// `ignore`: its own line.
    Line,
    /// `ignore-next-line`: the line after it.
    NextLine,
    /// `disable`: its line and those after, to an `enable` of its rules.
    Disable,
    /// `enable`: ends a `disable` of its rules (silences nothing itself).
    Enable,
    /// `disable-file`: every line of the file.
    File,
}

/// One suppression comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directive {
    /// The 1-based line it stands on.
    pub line: u64,
    /// The 1-based column of its `urilint:` mark, in bytes.
    pub column: u64,
    /// The byte range of the directive, from its mark to the end of its
    /// line (at most [`MAX_DIRECTIVE`] bytes past the mark).
    pub span: std::ops::Range<u64>,
    /// What it reaches.
    pub reach: Reach,
    /// The rules it names; `None` for all.
    pub rules: Option<Vec<String>>,
}

impl Directive {
    /// Whether it names `rule` (or names none: every rule).
    pub fn names(&self, rule: &str) -> bool {
        self.rules
            .as_ref()
            .is_none_or(|r| r.iter().any(|id| id == rule))
    }

    /// Whether it silences `rule` on `line` by itself (`ignore` and
    /// `ignore-next-line`; a block's reach depends on the others).
    pub fn covers(&self, line: u64, rule: &str) -> bool {
        let target = match self.reach {
            Reach::Line => self.line,
            Reach::NextLine => self.line + 1,
            _ => return false,
        };
        target == line && self.names(rule)
    }
}

/// The directives of one input, in line order (as they are read).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Directives(pub Vec<Directive>);

/// The line of the directive of `list` (in line order) that silences
/// `rule` on `line`. `ignore` and `ignore-next-line` on `line` and the line
/// before are found by a binary search, so a file with a directive on
/// every line is checked in O(n log n), not O(n^2); then a
/// `disable-file`, or the last `disable` before `line` not ended by an
/// `enable` (blocks are few: they are looked through in order).
fn matching_in(list: &[Directive], blocks: &[usize], line: u64, rule: &str) -> Option<u64> {
    let from = list.partition_point(|d| d.line + 1 < line);
    let own = list[from..]
        .iter()
        .take_while(|d| d.line <= line)
        .find(|d| d.covers(line, rule))
        .map(|d| d.line);
    if own.is_some() {
        return own;
    }
    let mut open = None;
    for d in blocks.iter().map(|&i| &list[i]) {
        match d.reach {
            Reach::File if d.names(rule) => return Some(d.line),
            _ if d.line > line => {}
            Reach::Disable if d.names(rule) => open = Some(d.line),
            Reach::Enable if d.names(rule) => open = None,
            _ => {}
        }
    }
    open
}

/// The indices of the directives of `list` that reach more than a line.
fn blocks_of(list: &[Directive]) -> Vec<usize> {
    list.iter()
        .enumerate()
        .filter(|(_, d)| !matches!(d.reach, Reach::Line | Reach::NextLine))
        .map(|(i, _)| i)
        .collect()
}

impl Directives {
    /// The directives of a document read as `format`, held whole: those
    /// in code (a code block or span, `<pre>`, a literal block), which a
    /// page shows as examples, are left out, unless code is read as text
    /// (`--include-code`); the format's comments hold the ones that
    /// apply.
    ///
    /// ```
    /// use urilint::format::{Format, Options};
    /// use urilint::suppress::Directives;
    ///
    /// let md = b"Write `<!-- urilint: disable-file -->` to turn it off:\n\n\
    ///            ```html\n<!-- urilint: ignore[non-ascii] -->\n```\n\n\
    ///            <!-- urilint: ignore-next-line[non-default-port] -->\n";
    /// let options = Options::default();
    /// let found = Directives::of_document(Format::Markdown, md, options);
    /// let lines: Vec<u64> = found.0.iter().map(|d| d.line).collect();
    /// assert_eq!(lines, [7]);
    /// // As text, or with code read as text, every mark counts.
    /// assert_eq!(Directives::of_document(Format::Text, md, options).0.len(), 3);
    /// let code = Options { include_code: true };
    /// assert_eq!(Directives::of_document(Format::Markdown, md, code).0.len(), 3);
    /// ```
    pub fn of_document(
        format: crate::format::Format,
        text: &[u8],
        options: crate::format::Options,
    ) -> Directives {
        let mut found = Directives::of(text);
        if options.include_code {
            // Code is read as text (`--include-code`): its comments count.
            return found;
        }
        let marks: Vec<usize> = found.0.iter().map(|d| d.span.start as usize).collect();
        let code = crate::format::in_code(format, text, &marks);
        let mut i = 0;
        found.0.retain(|_| {
            i += 1;
            !code[i - 1]
        });
        found
    }

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
        matching_in(&self.0, &blocks_of(&self.0), line, rule)
    }

    /// Every line of the file silenced for `rule` by a `disable-file`: the
    /// directive's line.
    pub fn whole_file(&self, rule: &str) -> Option<u64> {
        self.0
            .iter()
            .find(|d| d.reach == Reach::File && d.names(rule))
            .map(|d| d.line)
    }

    /// A matcher that looks up many findings: the block directives found
    /// once.
    pub fn matcher(&self) -> impl Fn(u64, &str) -> Option<u64> + '_ {
        let blocks = blocks_of(&self.0);
        move |line, rule| matching_in(&self.0, &blocks, line, rule)
    }
}

const MARK: &[u8] = b"urilint:";
/// The longest directive text read after its mark.
pub const MAX_DIRECTIVE: usize = 512;
/// A line longer than this is searched in pieces.
const MAX_PENDING: usize = 64 * 1024;

/// Passes a reader through and collects the directives in it.
pub struct DirectiveReader<R> {
    inner: R,
    /// Bytes of the current, unfinished line.
    pending: Vec<u8>,
    /// The line number of `pending`'s first byte.
    line: u64,
    /// The offset of `pending`'s first byte in the input.
    offset: u64,
    /// The offset of the start of line `line`.
    line_start: u64,
    found: Vec<Directive>,
}

impl<R: Read> DirectiveReader<R> {
    /// Wraps `inner`.
    pub fn new(inner: R) -> Self {
        DirectiveReader {
            inner,
            pending: Vec::new(),
            line: 1,
            offset: 0,
            line_start: 0,
            found: Vec::new(),
        }
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
        let mut line_start = self.line_start;
        // Built once: a searcher costs more to make than a small file
        // costs to search.
        static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
            std::sync::LazyLock::new(|| memchr::memmem::Finder::new(MARK));
        for at in FINDER.find_iter(text).take_while(|&at| at < upto) {
            line += count_breaks(&text[counted..at]);
            if let Some(k) = memchr::memrchr2(b'\n', b'\r', &text[counted..at]) {
                line_start = self.offset + (counted + k + 1) as u64;
            }
            counted = at;
            let end = (at + MARK.len() + MAX_DIRECTIVE).min(text.len());
            let line_end = memchr::memchr2(b'\n', b'\r', &text[at..end]).map_or(end, |i| at + i);
            if let Some(mut d) = parse(&text[at + MARK.len()..line_end], line) {
                let start = self.offset + at as u64;
                d.column = start - line_start + 1;
                d.span = start..self.offset + line_end as u64;
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
            self.offset += done.len() as u64;
            self.line_start = self.offset;
        } else if self.pending.len() > MAX_PENDING {
            // One long line: search all but a tail a directive may start in.
            let cut = self.pending.len() - MAX_DIRECTIVE - MARK.len();
            let head: Vec<u8> = self.pending.drain(..cut).collect();
            let mut both = head;
            both.extend_from_slice(&self.pending);
            self.search(&both, cut);
            self.offset += cut as u64;
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

/// Reads what follows `urilint:`: `ignore`, `ignore-next-line`,
/// `disable`, `enable` or `disable-file`, then an optional `[id, ...]`.
fn parse(after: &[u8], line: u64) -> Option<Directive> {
    let text = std::str::from_utf8(after).ok()?.trim_start();
    // Longest first: `ignore` is a prefix of `ignore-next-line`.
    let (reach, rest) = [
        ("ignore-next-line", Reach::NextLine),
        ("ignore", Reach::Line),
        ("disable-file", Reach::File),
        ("disable", Reach::Disable),
        ("enable", Reach::Enable),
    ]
    .into_iter()
    .find_map(|(word, reach)| text.strip_prefix(word).map(|rest| (reach, rest)))?;
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
        column: 0,
        span: 0..0,
        reach,
        rules,
    })
}
