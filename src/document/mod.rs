//! A document, read and scanned (SPEC section 9): its format's reader
//! ([`crate::format`]) gives text segments with offset maps, the scanner
//! runs over them, and each finding is placed back where it is written in
//! the raw file. Mail archives are read by [`crate::mail`] and scanned by
//! [`mail`].
//!
//! ```
//! use urilint::document::scan;
//! use urilint::format::{Format, Options};
//! use urilint::scan::Scanner;
//!
//! let html = br#"<p>See <a href="https://bugs.python.org/issue?&#64;action=redirect&amp;bpo=43693">bpo</a>.</p>"#;
//! let found = scan(Format::Html, html, &Scanner::new(), Options::default());
//! assert_eq!(found[0].uri, b"https://bugs.python.org/issue?@action=redirect&bpo=43693");
//! // The position is where the attribute value is written.
//! assert_eq!(&html[found[0].start as usize..found[0].end as usize],
//!            b"https://bugs.python.org/issue?&#64;action=redirect&amp;bpo=43693");
//! ```

pub mod mail;

use crate::format::{
    ByteMap, Format, Lines, Options, Reference, Segment, Targets, anchors_of, read, relative,
    segments,
};
use crate::scan::{Finding, Scanner};

impl Reference {
    /// The reference as a scanner finding, for the rules and records of
    /// link integrity (SPEC section 11).
    pub fn finding(&self) -> Finding {
        Finding {
            uri: self.value.clone(),
            start: self.start,
            end: self.end,
            line: self.line,
            column: self.column,
            line_start: 0,
            delimiter: crate::scan::Delimiter::None,
            flags: crate::scan::Flags::default(),
        }
    }
}

/// [`scan`] and [`crate::format::references`] from one read of the file.
pub fn scan_with_references(
    format: Format,
    raw: &[u8],
    scanner: &Scanner,
    options: Options,
) -> (Vec<Finding>, Vec<Reference>) {
    let doc = read(format, raw, options, true, false);
    let refs = relative(doc.refs, raw);
    let found = findings(vec![doc.text, doc.links], raw, scanner, false);
    (found.into_iter().map(|l| l.finding).collect(), refs)
}

/// A document read for link integrity (SPEC section 11): its URIs (with
/// where each byte is written when asked, as [`scan_located`]), its
/// relative references and its [`Targets`], from one read of the file.
#[derive(Debug)]
pub struct Document {
    /// The URIs found, in order.
    pub located: Vec<Located>,
    /// The relative references, in order.
    pub references: Vec<Reference>,
    /// What fragments can name in it: its `part` and `base` always, its
    /// headings, ids, labels and `includes` when `anchors`.
    pub targets: Targets,
    /// Whether `targets` holds the anchors: always for Markdown and HTML,
    /// whose parsers give them on the way; for rST and AsciiDoc, which
    /// take a pass of their own, only when a reference of the document
    /// names a fragment of it (`#setup`). Links into it from other files
    /// read them when first needed.
    pub anchors: bool,
}

/// Reads a whole file as `format` for link integrity: [`located`] (where
/// each URI byte is written when `bytes`), [`crate::format::references`]
/// and [`crate::format::targets`]
/// from one read.
pub fn read_document(
    format: Format,
    raw: &[u8],
    scanner: &Scanner,
    options: Options,
    bytes: bool,
) -> Document {
    let separate = matches!(format, Format::Rst | Format::Asciidoc);
    let doc = read(format, raw, options, true, !separate);
    let references = relative(doc.refs, raw);
    let mut targets = doc.targets;
    let anchors = !separate || references.iter().any(|r| r.value.starts_with(b"#"));
    if separate && anchors {
        anchors_of(format, raw, &mut targets);
    }
    Document {
        located: findings(vec![doc.text, doc.links], raw, scanner, bytes),
        references,
        targets,
        anchors,
    }
}

/// The URIs of a whole file read as `format`, in the order they are
/// written, with positions in `raw` (SPEC section 9).
pub fn scan(format: Format, raw: &[u8], scanner: &Scanner, options: Options) -> Vec<Finding> {
    located(format, raw, scanner, options, false)
        .into_iter()
        .map(|l| l.finding)
        .collect()
}

/// A URI found in a document, and where each of its bytes is written: a
/// secret in a decoded URI (`s3cr&#101;t`) is then redacted in the raw
/// text too.
#[derive(Clone, Debug)]
pub struct Located {
    /// The finding, with positions in the raw file.
    pub finding: Finding,
    /// For each byte of the URI, the raw range it was read from.
    raw: ByteMap,
}

impl Located {
    /// A finding of a text read as it is ([`Format::Text`]), with where
    /// each byte is written, from `window`: raw bytes that start at offset
    /// `from` and hold the finding's span. The bytes are the same, less the
    /// whitespace of a URI rejoined inside `<...>` (RFC 3986 App. C). None
    /// if the window does not hold them.
    pub fn from_text(finding: Finding, window: &[u8], from: u64) -> Option<Located> {
        let start = finding.start.checked_sub(from)? as usize;
        let end = finding.end.checked_sub(from)? as usize;
        let span = window.get(start..end)?;
        let mut raw = ByteMap::default();
        let mut j = 0;
        for &b in &finding.uri {
            // Whitespace, and a mail quote's `>` (no URI holds one).
            while j < span.len()
                && span[j] != b
                && (span[j].is_ascii_whitespace() || span[j] == b'>')
            {
                j += 1;
            }
            if span.get(j) != Some(&b) {
                return None;
            }
            let at = finding.start + j as u64;
            raw.push(at, at + 1);
            j += 1;
        }
        Some(Located { finding, raw })
    }

    /// For each byte of the URI, the raw range it was read from (several
    /// bytes share one when markup was decoded: `&amp;`).
    pub fn bytes(&self) -> &ByteMap {
        &self.raw
    }

    /// The raw range the URI's bytes `r` were read from.
    pub fn raw_range(&self, r: std::ops::Range<usize>) -> std::ops::Range<u64> {
        let r = r.start.min(self.raw.len())..r.end.min(self.raw.len());
        let last = r.end.checked_sub(1).and_then(|e| self.raw.get(e));
        match (self.raw.get(r.start), last) {
            (Some(first), Some(last)) if !r.is_empty() => first.0..last.1.max(first.0),
            (first, _) => {
                let at = first.map_or(self.finding.end, |p| p.0);
                at..at
            }
        }
    }
}

/// [`scan`], keeping where each byte of each URI was written.
pub fn scan_located(
    format: Format,
    raw: &[u8],
    scanner: &Scanner,
    options: Options,
) -> Vec<Located> {
    located(format, raw, scanner, options, true)
}

/// [`scan_located`], keeping where each byte of each URI was written
/// only when `bytes` (else [`Located::bytes`] is empty): most uses need
/// only the findings' positions, and the bytes cost an allocation a URI.
pub fn located(
    format: Format,
    raw: &[u8],
    scanner: &Scanner,
    options: Options,
    bytes: bool,
) -> Vec<Located> {
    findings(segments(format, raw, options), raw, scanner, bytes)
}

/// The URI of `f` as written in `raw`, when a reader's backslash escapes
/// (reStructuredText's, roff's) made of it a URI whose secret no longer
/// reads as one: `https://hooks.slack.com\services\T0..\B0..\x` read as
/// `https://hooks.slack.comservicesT0..B0..x`, `u\u003Apw@h` as
/// `uu003Apw@h`. Its secret is then found and hidden as written (SPEC
/// section 10, issue 49): when in doubt, more is hidden.
fn as_written<'r>(f: &Finding, raw: &'r [u8]) -> Option<&'r [u8]> {
    let written = raw.get(f.start as usize..f.end as usize)?;
    if written.len() > 4096
        || memchr::memchr(b'\\', written).is_none()
        || written == &f.uri[..]
        || memchr::memchr3(b'\n', b'\r', b' ', written).is_some()
    {
        return None;
    }
    let found = crate::secrets::locate(written, false);
    (!found.is_empty() && crate::secrets::locate(&f.uri, false).is_empty()).then_some(written)
}

/// The findings in a document's segments, positioned in `raw`.
fn findings(segments: Vec<Segment>, raw: &[u8], scanner: &Scanner, bytes: bool) -> Vec<Located> {
    let mut found = Vec::new();
    // The second segment is link targets (SPEC section 9).
    let targets = scanner.link_targets();
    for (i, seg) in segments.into_iter().enumerate() {
        let text = seg.text();
        let scanner = if i == 1 { &targets } else { scanner };
        for mut f in scanner.scan(text) {
            // The URI's bytes in the segment: all of start..end, less the
            // whitespace of a URI rejoined inside `<...>` and the quote
            // prefix of one rejoined in quoted mail (no URI holds `>`).
            let rejoined = f.flags.rejoined;
            let raw_bytes = if bytes {
                seg.raw_ranges(
                    f.start as usize..(f.end as usize).min(text.len()),
                    |b| !(rejoined && matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'>')),
                    f.uri.len(),
                )
            } else {
                ByteMap::default()
            };
            let start = seg.raw_start(f.start as usize);
            f.end = seg.raw_end(f.end as usize).max(start) as u64;
            f.start = start as u64;
            let raw_bytes = match as_written(&f, raw) {
                // A reader's escapes hid its secret: the URI as written.
                Some(written) => {
                    f.uri = written.to_vec();
                    let mut map = ByteMap::default();
                    if bytes {
                        for k in f.start..f.end {
                            map.push(k, k + 1);
                        }
                    }
                    map
                }
                None => raw_bytes,
            };
            found.push(Located {
                finding: f,
                raw: raw_bytes,
            });
        }
    }
    found.sort_by_key(|l| (l.finding.start, l.finding.end));
    // Lines and columns, counted forward from one finding to the next.
    let mut lines = Lines::new(raw);
    for l in &mut found {
        let f = &mut l.finding;
        (f.line, f.column, f.line_start) = lines.position(f.start as usize);
    }
    found
}
