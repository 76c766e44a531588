//! The scanner: finds URIs in free text (SPEC section 1).
//!
//! Candidates are found with `memchr` on `:` (SPEC E1), never by running a
//! regular expression over the input. At each colon the scanner looks back
//! over the scheme and decides, per RFC 3986 Appendix C and RFC 1738's
//! appendix "Recommendations for URLs in Context", whether a URI ends its
//! scheme there and how it is delimited:
//!
//! - `<...>` and `<URL:...>` (with or without a space after `URL:`): the
//!   brackets are not part of the URI, and whitespace inside them is removed,
//!   so a URI broken over lines is rejoined; a break right after `-` keeps the
//!   hyphen and marks the URI as hyphen-ambiguous.
//! - `"..."`: the quotes are not part of the URI.
//! - Otherwise the URI ends at whitespace, a control character, `<`, `>`,
//!   `"`, a backtick, invalid UTF-8 or Unicode punctuation such as `”` or `。`;
//!   trailing `. , ; : ! ? ' *` are left out, and `)`, `]`, `}` are kept only
//!   when they close a bracket opened inside the URI.
//!
//! A candidate is a URI when its scheme is followed by `//` and more, or when
//! the scheme is a registered opaque one (`mailto:`, `urn:`, `news:` ...) and
//! something follows: `Note: x`, `12:30` and `C:\dir` are not URIs.
//!
//! ```
//! use urilint::scan::{Delimiter, Scanner};
//!
//! let text = b"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n\
//!              type=d> (see also http://example.com/a_(b)).";
//! let found: Vec<_> = Scanner::new().scan(text).collect();
//! assert_eq!(found[0].uri, b"ftp://info.cern.ch/pub/www/doc;type=d");
//! assert_eq!(found[0].delimiter, Delimiter::AngleUrlPrefix);
//! assert!(found[0].flags.rejoined);
//! assert_eq!(found[1].uri, b"http://example.com/a_(b)");
//! assert_eq!((found[1].line, found[1].column), (2, 19));
//! ```
//!
//! The same findings come from any [`std::io::Read`], in bounded memory:
//!
//! ```
//! # use urilint::scan::Scanner;
//! let reader = std::io::Cursor::new(b"mail <mailto:a@example.org> now".to_vec());
//! let uris: Vec<String> = Scanner::new()
//!     .scan_reader(reader)
//!     .map(|f| f.unwrap().uri_lossy().into_owned())
//!     .collect();
//! assert_eq!(uris, ["mailto:a@example.org"]);
//! ```

mod candidate;
mod engine;
pub(crate) mod template;
mod window;
mod wrap;

use std::borrow::Cow;
use std::fmt;
use std::io::{self, Read};
use std::sync::Arc;

use crate::schemes::Registry;
use candidate::{Ctx, LOOKBACK};
use engine::{Engine, Step};

/// How a URI was delimited in the text (SPEC E3, E5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Delimiter {
    /// Not delimited: ended by whitespace or punctuation (SPEC E4).
    None,
    /// `<...>` (RFC 3986 App. C).
    Angle,
    /// `<URL:...>`, the RFC 1738 appendix form.
    AngleUrlPrefix,
    /// `"..."` (RFC 3986 App. C).
    Quote,
}

impl Delimiter {
    /// The name used in output: `none`, `angle`, `angle-url-prefix`, `quote`.
    /// Every delimiter.
    pub const ALL: [Delimiter; 4] = [
        Delimiter::None,
        Delimiter::Angle,
        Delimiter::AngleUrlPrefix,
        Delimiter::Quote,
    ];

    /// Its name in output.
    pub fn as_str(self) -> &'static str {
        match self {
            Delimiter::None => "none",
            Delimiter::Angle => "angle",
            Delimiter::AngleUrlPrefix => "angle-url-prefix",
            Delimiter::Quote => "quote",
        }
    }
}

impl fmt::Display for Delimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a URI was written (SPEC E5, E6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// Whitespace inside angle brackets was removed (RFC 3986 App. C).
    pub rejoined: bool,
    /// Rejoined at a line break right after `-`: the hyphen may or may not
    /// belong to the URI (RFC 3986 App. C; RFC 1738 App.).
    pub hyphen_ambiguous: bool,
    /// Longer than the scanner's cap; `uri` holds only its beginning.
    pub truncated: bool,
    /// Holds a placeholder (`{name}`, `${VAR}`, `%s`, `<name>`, ...): a
    /// template, not a URI to follow (SPEC section 3a).
    pub template: bool,
}

impl Flags {
    /// The names of the flags that are set, in a fixed order: `rejoined`,
    /// `hyphen-ambiguous`, `truncated`, `template`.
    pub fn names(mut self) -> impl Iterator<Item = &'static str> {
        self.by_name()
            .map(|(set, name)| (*set, name))
            .into_iter()
            .filter_map(|(set, name)| set.then_some(name))
    }

    /// Sets the flag named `name` (as [`Flags::names`] gives it); false if
    /// there is none.
    pub fn set(&mut self, name: &str) -> bool {
        self.by_name()
            .into_iter()
            .find(|(_, n)| *n == name)
            .map(|(set, _)| *set = true)
            .is_some()
    }

    fn by_name(&mut self) -> [(&mut bool, &'static str); 4] {
        [
            (&mut self.rejoined, "rejoined"),
            (&mut self.hyphen_ambiguous, "hyphen-ambiguous"),
            (&mut self.truncated, "truncated"),
            (&mut self.template, "template"),
        ]
    }
}

/// A URI found in the input (SPEC E5).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Finding {
    /// The URI, with the whitespace of a broken URI removed. Bytes, since the
    /// input need not be UTF-8 (SPEC E7).
    pub uri: Vec<u8>,
    /// Byte offset of the URI's first byte in the input (delimiters excluded).
    pub start: u64,
    /// Byte offset just past the URI's last byte, whitespace inside included.
    pub end: u64,
    /// 1-based line of `start`.
    pub line: u64,
    /// 1-based column of `start`, in Unicode scalar values.
    pub column: u64,
    /// Byte offset of the start of line `line`, for showing the source.
    pub line_start: u64,
    /// How the URI was delimited.
    pub delimiter: Delimiter,
    /// How it was written.
    pub flags: Flags,
}

impl Finding {
    /// The URI as text, with invalid UTF-8 replaced by U+FFFD.
    pub fn uri_lossy(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(&self.uri)
    }
}

/// Default cap on a URI's length (SPEC E6). Longer ones are reported
/// truncated, with [`Flags::truncated`] set.
pub const DEFAULT_MAX_URI_LEN: usize = 64 * 1024;
/// The smallest cap a scanner accepts.
pub const MIN_MAX_URI_LEN: usize = 256;
/// Default size of one read from a stream.
pub const DEFAULT_CHUNK_SIZE: usize = 64 * 1024;

#[derive(Clone, Debug)]
struct Config {
    registry: Arc<Registry>,
    max_uri_len: usize,
    chunk_size: usize,
    templates: bool,
    /// The text is link targets, each between `"` on a line of its own
    /// ([`Scanner::link_targets`]).
    link_targets: bool,
}

impl Config {
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            registry: &self.registry,
            max_uri_len: self.max_uri_len,
            templates: self.templates,
            link_targets: self.link_targets,
        }
    }
}

/// Builds a [`Scanner`].
#[derive(Debug)]
pub struct ScannerBuilder {
    config: Config,
}

impl ScannerBuilder {
    /// The scheme registry that says which schemes are opaque (SPEC E2).
    pub fn registry(mut self, registry: Arc<Registry>) -> Self {
        self.config.registry = registry;
        self
    }

    /// The longest URI kept whole; at least [`MIN_MAX_URI_LEN`].
    pub fn max_uri_len(mut self, bytes: usize) -> Self {
        self.config.max_uri_len = bytes.max(MIN_MAX_URI_LEN);
        self
    }

    /// Whether findings carry [`Flags::template`] (default: yes). Off, it
    /// is always false and no finding costs the pass over its URI that
    /// tells: for callers that read only the URIs. The rule engine reads
    /// the flag to leave templates to the rules that check them, so a
    /// scanner whose findings are linted keeps it on.
    pub fn templates(mut self, on: bool) -> Self {
        self.config.templates = on;
        self
    }

    /// How many bytes [`Scanner::scan_reader`] asks for at a time (at least
    /// 1). It changes speed, never findings.
    pub fn chunk_size(mut self, bytes: usize) -> Self {
        self.config.chunk_size = bytes.max(1);
        self
    }

    /// The scanner.
    pub fn build(self) -> Scanner {
        let links = Config {
            link_targets: true,
            ..self.config.clone()
        };
        Scanner {
            config: Arc::new(self.config),
            links: Arc::new(links),
        }
    }
}

/// Finds URIs in bytes or in a stream. Cheap to clone and share.
#[derive(Clone, Debug)]
pub struct Scanner {
    config: Arc<Config>,
    /// The same, for link targets ([`Scanner::link_targets`]): made once,
    /// not for each document.
    links: Arc<Config>,
}

impl Default for Scanner {
    fn default() -> Self {
        Scanner::new()
    }
}

impl Scanner {
    /// A scanner with the built-in scheme registry and default limits.
    pub fn new() -> Scanner {
        Scanner::builder().build()
    }

    /// A builder with the defaults of [`Scanner::new`].
    pub fn builder() -> ScannerBuilder {
        ScannerBuilder {
            config: Config {
                registry: Registry::shared(),
                max_uri_len: DEFAULT_MAX_URI_LEN,
                chunk_size: DEFAULT_CHUNK_SIZE,
                templates: true,
                link_targets: false,
            },
        }
    }

    /// This scanner, for text that is link targets and URL attributes,
    /// each written between `"` on a line of its own, as formats hand them
    /// over (SPEC section 9): there the value is the URI whatever it holds,
    /// a space included (`href="a b"` links `a%20b`), so its extent is
    /// certain and a quoted URI runs to its closing `"`.
    pub(crate) fn link_targets(&self) -> Scanner {
        Scanner {
            config: Arc::clone(&self.links),
            links: Arc::clone(&self.links),
        }
    }

    /// The URIs in a whole buffer, in order.
    pub fn scan<'a>(&'a self, input: &'a [u8]) -> Findings<'a> {
        Findings {
            config: &self.config,
            input,
            engine: Engine::default(),
            done: false,
        }
    }

    /// The URIs in a stream, in order, read in chunks: memory stays bounded by
    /// the chunk size and the URI cap whatever the input's size (SPEC E6). An
    /// I/O error is yielded once and ends the iteration.
    pub fn scan_reader<R: Read>(&self, reader: R) -> ReaderFindings<R> {
        ReaderFindings {
            config: Arc::clone(&self.config),
            reader,
            window: window::Window::take(),
            base: 0,
            eof: false,
            done: false,
            engine: Engine::default(),
        }
    }
}

/// Iterator over the URIs of a buffer; see [`Scanner::scan`].
pub struct Findings<'a> {
    config: &'a Config,
    input: &'a [u8],
    engine: Engine,
    done: bool,
}

impl Iterator for Findings<'_> {
    type Item = Finding;

    fn next(&mut self) -> Option<Finding> {
        if self.done {
            return None;
        }
        match self.engine.step(&self.config.ctx(), self.input, 0, true) {
            Step::Found(f) => Some(f),
            Step::NeedMore | Step::Done => {
                self.done = true;
                None
            }
        }
    }
}

/// Iterator over the URIs of a stream; see [`Scanner::scan_reader`].
pub struct ReaderFindings<R> {
    config: Arc<Config>,
    reader: R,
    /// The bytes from absolute offset `base` on that the engine may still
    /// need, in this thread's reused buffer.
    window: window::Window,
    base: u64,
    eof: bool,
    done: bool,
    engine: Engine,
}

impl<R: Read> ReaderFindings<R> {
    /// The reader, to get at what a wrapper collected while the scanner read.
    pub fn into_reader(self) -> R {
        self.reader
    }

    /// The reader, while scanning goes on.
    pub fn reader(&self) -> &R {
        &self.reader
    }

    /// Drops what the engine no longer needs, then reads at least a chunk
    /// (or to the end of input), so that a reader returning a few bytes at a
    /// time does not make the engine re-read a long URI for each of them.
    fn refill(&mut self) -> io::Result<()> {
        let keep = self.engine.keep_from().max(self.base);
        self.engine.forget_before(&self.window, self.base, keep);
        self.window.drain(..(keep - self.base) as usize);
        self.base = keep;
        debug_assert!(self.window.len() <= LOOKBACK + self.config.max_uri_len + 8);

        let want = self.config.chunk_size as u64;
        // Room up front for the chunk and the read that finds the end, so
        // read_to_end neither probes nor grows; the buffer is reused for
        // the thread's next input, so this is made once.
        self.window.reserve(self.config.chunk_size + 32);
        let got = (&mut self.reader)
            .take(want)
            .read_to_end(&mut self.window)?;
        if (got as u64) < want {
            self.eof = true;
        }
        Ok(())
    }
}

impl<R: Read> Iterator for ReaderFindings<R> {
    type Item = io::Result<Finding>;

    fn next(&mut self) -> Option<io::Result<Finding>> {
        while !self.done {
            match self
                .engine
                .step(&self.config.ctx(), &self.window, self.base, self.eof)
            {
                Step::Found(f) => return Some(Ok(f)),
                Step::Done => self.done = true,
                Step::NeedMore => {
                    if let Err(e) = self.refill() {
                        self.done = true;
                        return Some(Err(e));
                    }
                }
            }
        }
        None
    }
}
