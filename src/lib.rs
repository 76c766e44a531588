//! urilint finds URIs in free text and lints them.
//!
//! It reads text the way RFC 3986 Appendix C and RFC 1738's appendix
//! "Recommendations for URLs in Context" say a URI sits in it: delimited by
//! `<...>`, `<URL:...>` or `"..."`, broken over lines and rejoined, or
//! undelimited and followed by punctuation that is not part of it.
//!
//! The crate is a library first; the `urilint` binary is a thin layer over it.
//!
//! - [`scan`]: the streaming scanner ([`scan::Scanner`]); [`format`] and
//!   [`mail`]: the readers of documents and mail; [`document`]: a document
//!   read and scanned, with positions in the raw file.
//! - [`schemes`]: the scheme registry compiled from `rules/schemes.toml`.
//! - [`uri`]: the RFC 3986 model: components, grammar, normalization, resolution.
//! - [`rules`]: the rule engine and its rules; [`report`]: output formats.
//! - [`walk`]: the files a list of paths names, in a fixed order.
//! - [`secrets`]: passwords, tokens and signed URLs, found and redacted;
//!   [`redact`]: those of free text.
//! - [`slug`]: heading ids as renderers and site generators make them.
//! - [`config`], [`suppress`], [`baseline`]: what a project tells urilint.
//! - [`fix`]: fixes written back into files in their own syntax.

//!
//! ```
//! use urilint::scan::Scanner;
//!
//! let text = "Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n\
//!             but you can probably pick it up from <ftp://foo.example.\n\
//!             com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n\
//!             ietf/uri/historical.html#WARNING>.";
//! let uris: Vec<String> = Scanner::new()
//!     .scan(text.as_bytes())
//!     .map(|f| f.uri_lossy().into_owned())
//!     .collect();
//! assert_eq!(uris, [
//!     "http://www.w3.org/Addressing/",
//!     "ftp://foo.example.com/rfc/",
//!     "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
//! ]);
//! ```
#![warn(missing_docs)]
// The library never prints; the binary owns output (STYLE.md).
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod baseline;
pub mod check;
pub mod config;
pub mod document;
pub(crate) mod drive;
pub mod filter;
pub mod fix;
pub mod format;
pub mod hosts;
pub mod links;
pub mod list;
pub mod mail;
pub mod pathglobs;
pub mod paths;
pub mod redact;
pub(crate) mod regular;
pub mod report;
pub mod rules;
pub mod scan;
pub mod schemes;
pub mod secrets;
pub mod server;
pub mod slug;
pub mod suppress;
pub(crate) mod text;
pub mod uri;
pub mod walk;

/// The README's Rust examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The library guide's Rust examples, run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../docs/library.md")]
struct LibraryDoctests;
