//! Document formats (SPEC section 9): a file is read as what it is.
//!
//! A format turns a file's raw bytes into text for the scanner, with every
//! decoded byte mapped back to where it was written ([`Segment`]): HTML
//! character references, Markdown and rST backslash escapes, roff escapes
//! and JSON string escapes are decoded, link targets and URL attributes are
//! read as delimited URIs, and code is skipped unless asked for. The
//! formats are readers only: [`crate::document`] scans what they read and
//! hands back findings whose `line`, `column`, `start` and `end` point into
//! the raw file. The scanner and the rules never learn which format a
//! finding came from.

mod align;
mod anchors;
mod asciidoc;
mod bytemap;
mod globs;
mod html;
mod html_tokens;
mod json;
mod lines;
pub mod mailbox;
mod man;
mod map;
mod markdown;
mod myst;
pub(crate) use myst::quarto_include;
mod page_refs;
mod po;
mod rst;
mod shortcodes;
mod tags;

use std::fmt;
use std::path::Path;

pub use bytemap::ByteMap;
pub use globs::FormatGlobs;
/// The parsers the readers are built on, run as the readers run them: the
/// floors `benches/corpus.py` measures (`examples/peers.rs`). What they
/// return follows the readers (`html_tokens` replaced `html_events` when
/// the HTML reader got an emitter of its own); not a stable API.
pub mod parsers {
    pub use super::html::tokens as html_tokens;
    pub use super::markdown::parser as markdown_parser;
}
pub(crate) use map::{Lines, Segment};

/// How a file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Format {
    /// Plain text, streamed (SPEC section 1).
    Text,
    /// An mbox archive or a message (SPEC section 6).
    Mail,
    /// HTML, XHTML, XML and SVG.
    Html,
    /// CommonMark with GitHub's extensions.
    Markdown,
    /// reStructuredText.
    Rst,
    /// AsciiDoc.
    Asciidoc,
    /// roff man pages (man and mdoc macros).
    Man,
    /// JSON, JSON Lines and notebooks.
    Json,
    /// GNU gettext PO files: their strings, continued over lines.
    Po,
}

/// The size up to which a structured format is parsed whole; a larger file
/// is read as text (SPEC section 9).
pub const MAX_PARSED: u64 = 64 * 1024 * 1024;

impl Format {
    /// Every format, in the order `--input` lists them.
    pub const ALL: [Format; 9] = [
        Format::Text,
        Format::Mail,
        Format::Html,
        Format::Markdown,
        Format::Rst,
        Format::Asciidoc,
        Format::Man,
        Format::Json,
        Format::Po,
    ];

    /// The name used in options, config and output.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Mail => "mail",
            Format::Html => "html",
            Format::Markdown => "markdown",
            Format::Rst => "rst",
            Format::Asciidoc => "asciidoc",
            Format::Man => "man",
            Format::Json => "json",
            Format::Po => "po",
        }
    }

    /// The format of a name, as [`Format::as_str`] writes it.
    pub fn parse(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.as_str() == name)
    }

    /// Whether the file is parsed whole (not streamed).
    pub fn is_structured(self) -> bool {
        !matches!(self, Format::Text | Format::Mail)
    }

    /// The format a file's name says, if it says one.
    ///
    /// ```
    /// use std::path::Path;
    /// use urilint::format::Format;
    ///
    /// assert_eq!(Format::from_name(Path::new("index.HTML")), Some(Format::Html));
    /// assert_eq!(Format::from_name(Path::new("perlre.3perl")), Some(Format::Man));
    /// assert_eq!(Format::from_name(Path::new("index.rst.txt")), Some(Format::Rst));
    /// assert_eq!(Format::from_name(Path::new("notes.txt")), None);
    /// assert_eq!(Format::from_name(Path::new("notes.")), None);
    /// ```
    pub fn from_name(path: &Path) -> Option<Format> {
        let name = path.file_name()?.to_str()?.to_ascii_lowercase();
        if name.ends_with(".rst.txt") {
            return Some(Format::Rst); // Sphinx's copy of a page's source
        }
        let (_, ext) = name.rsplit_once('.')?;
        Some(match ext {
            "html" | "htm" | "xhtml" | "xml" | "svg" => Format::Html,
            "md" | "markdown" | "mdx" | "qmd" | "rmd" => Format::Markdown,
            "rst" | "rest" => Format::Rst,
            "adoc" | "asciidoc" => Format::Asciidoc,
            "man" | "roff" => Format::Man,
            "json" | "ipynb" | "webmanifest" | "jsonl" => Format::Json,
            "po" | "pot" => Format::Po,
            "mbox" | "eml" => Format::Mail,
            // Man page sections, with their suffixes: `.1`, `.3perl`, `.1ssl`.
            _ if ext
                .as_bytes()
                .first()
                .is_some_and(|b| (b'1'..=b'9').contains(b))
                && ext.len() <= 8
                && ext.bytes().all(|b| b.is_ascii_alphanumeric()) =>
            {
                Format::Man
            }
            _ => return None,
        })
    }

    /// The format of a file: by its name, else by its first bytes (a roff
    /// page starts with `.TH` or `.Dd`; mail is detected strictly, SPEC
    /// section 9), else text. `.txt` is AsciiDoc under a tree that has an
    /// `asciidoc.conf` (or `asciidoc.conf.in`), and so is a file without an
    /// extension there that opens with a document title.
    ///
    /// ```
    /// use urilint::format::Format;
    ///
    /// assert_eq!(Format::detect(b".\\\" page\n.TH LS 1\n", None), Format::Man);
    /// assert_eq!(Format::detect(b"From here on, see http://x.example/\n", None), Format::Text);
    /// let lock = std::path::Path::new("flake.lock");
    /// assert_eq!(Format::detect(b"{\"nodes\": {}}", Some(lock)), Format::Json);
    /// assert_eq!(Format::detect(b"# yarn lockfile v1\n", Some(lock)), Format::Text);
    /// ```
    pub fn detect(head: &[u8], path: Option<&Path>) -> Format {
        if let Some(f) = path.and_then(Format::from_name) {
            return f;
        }
        // Source maps and lock files that hold JSON (`app.js.map`,
        // `composer.lock`, `flake.lock`): their strings, escapes decoded.
        if let Some(p) = path
            && p.extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("map") || e.eq_ignore_ascii_case("lock"))
            && matches!(head.trim_ascii_start().first(), Some(b'{' | b'['))
        {
            return Format::Json;
        }
        if is_roff(head) {
            return Format::Man;
        }
        if mailbox::detect(head, None) != mailbox::InputKind::Text {
            return Format::Mail;
        }
        if is_html(head) {
            return Format::Html;
        }
        if let Some(p) = path
            && ((p.extension().is_some_and(|e| e.eq_ignore_ascii_case("txt"))
                && asciidoc::is_asciidoc_txt(p, head))
                || (p.extension().is_none() && asciidoc::is_asciidoc_bare(p, head)))
        {
            return Format::Asciidoc;
        }
        Format::Text
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a file starts as an HTML document: `<!DOCTYPE html` or `<html`
/// (any case) after a byte order mark and white space, so that HTML on
/// standard input, or in a file named otherwise, is read as HTML: its
/// links decoded, its entity-encoded secrets redacted (SPEC section 10).
fn is_html(head: &[u8]) -> bool {
    let head = head
        .strip_prefix(b"\xEF\xBB\xBF")
        .unwrap_or(head)
        .trim_ascii_start();
    let starts = |p: &[u8]| head.len() >= p.len() && head[..p.len()].eq_ignore_ascii_case(p);
    (starts(b"<!doctype html") || starts(b"<html"))
        && head
            .get(if starts(b"<html") { 5 } else { 14 })
            .is_none_or(|b| b.is_ascii_whitespace() || *b == b'>')
}

/// Whether a file starts as a roff page: comment lines, then `.TH` (man)
/// or `.Dd` (mdoc).
fn is_roff(head: &[u8]) -> bool {
    for line in head.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() || line.starts_with(b".\\\"") || line.starts_with(b"'\\\"") {
            continue;
        }
        return line.starts_with(b".TH ") || line.starts_with(b".Dd ") || line == b".Dd";
    }
    false
}

/// How formats read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Read code blocks, code spans and `<pre>` too (`--include-code`).
    pub include_code: bool,
}

/// What a format reads from a file: its text, and its link targets and URL
/// attributes (each between `"`, a delimited URI).
#[derive(Debug, Default)]
pub(crate) struct Doc {
    pub text: Segment,
    pub links: Segment,
    /// Every link target and URL attribute as written: its raw range and
    /// decoded value (SPEC section 11 reads the relative ones).
    pub refs: Vec<(std::ops::Range<usize>, Vec<u8>, RefKind)>,
    /// The kind of the references a reader records next (AsciiDoc's
    /// macros say it; every other reference is a link).
    pub ref_kind: RefKind,
    /// Whether `refs` and the placement of `targets` (`part`, `base`,
    /// `includes`) are wanted.
    pub want_refs: bool,
    /// Whether the anchors of `targets` are wanted too: reading them costs
    /// a pass of rST and AsciiDoc text that only a fragment needs.
    pub want_anchors: bool,
    /// What a fragment can name in this document (SPEC section 11).
    pub targets: Targets,
}

/// What a document's fragments can name (SPEC section 11): its section
/// titles, from which generators make ids, and the ids written in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// Section titles as they read (markup left out), in order.
    pub headings: Vec<String>,
    /// The indices in `headings` of the Markdown headings with an id of
    /// their own (`## Title {#id}`): a generator that reads the attribute
    /// makes no id of their text.
    pub pinned: Vec<usize>,
    /// Ids written as they are: HTML `id` and `name`, Markdown `{#id}`,
    /// AsciiDoc `[[id]]`, `[#id]` and `anchor:id[]`.
    pub ids: Vec<String>,
    /// Names a generator turns into ids: rST `.. _label:` targets and
    /// `:name:` options (docutils lower-cases them and makes ids of them).
    /// AsciiDoc: block titles (`.Title`) and reference texts
    /// (`[[id,Text]]`), which a natural cross reference names.
    pub labels: Vec<String>,
    /// AsciiDoc `include::` targets, as written: their anchors are this
    /// document's too.
    pub includes: Vec<String>,
    /// An AsciiDoc file without a document title: a part for
    /// `include::`, whose links resolve where it is included.
    pub part: bool,
    /// An HTML `<base href>`: the document's relative references resolve
    /// against it, not against the file (HTML 4.2.3).
    pub base: bool,
}

impl Doc {
    /// Pushes a link target: a delimited URI whose decoded value is `dec`.
    pub(crate) fn link(&mut self, raw: &[u8], raw_off: usize, dec: &[u8], d: align::Decodes) {
        self.links.synthetic(b"\"");
        let d = align::Decodes { url: true, ..d };
        align::align(&mut self.links, raw, raw_off, dec, d);
        self.links.synthetic(b"\"\n");
        self.reference(raw_off, raw, dec);
    }

    /// Records a link target written as `raw` at `raw_off` whose decoded
    /// value is `dec`: ASCII tab and newline removed and C0 controls and
    /// spaces trimmed, as the URL Standard's parser does (the raw range
    /// without the whitespace around it).
    pub(crate) fn reference(&mut self, raw_off: usize, raw_text: &[u8], dec: &[u8]) {
        // MyST's `project:` names a document or a label of the project
        // (MyST-Parser, "Cross-referencing"): what follows it is a
        // relative reference.
        if self.want_refs
            && dec.starts_with(b"project:")
            && raw_text.starts_with(b"project:")
            && dec.len() > 8
        {
            self.reference_owned(raw_off + 8, &raw_text[8..], dec[8..].to_vec());
            return;
        }
        // Most values with a scheme are URIs, not relative references
        // (RFC 3986 s4.2): they are not copied only to be let go.
        if self.want_refs && !(dec.iter().all(|&b| b > b' ') && has_scheme(dec)) {
            self.reference_owned(raw_off, raw_text, dec.to_vec());
        }
    }

    /// [`Doc::reference`] of a value already copied.
    fn reference_owned(&mut self, raw_off: usize, raw_text: &[u8], mut value: Vec<u8>) {
        let lead = raw_text
            .iter()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        let trail = raw_text[lead..]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_whitespace())
            .count();
        let raw = raw_off + lead..raw_off + raw_text.len() - trail;
        // Most values hold no whitespace or control to take out.
        if value.iter().any(|&b| b <= b' ') {
            value.retain(|&b| !matches!(b, b'\t' | b'\n' | b'\r'));
            let end = value.iter().rposition(|&b| b > b' ').map_or(0, |k| k + 1);
            value.truncate(end);
            let start = value.iter().position(|&b| b > b' ').unwrap_or(value.len());
            value.drain(..start);
        }
        // `xref:module:page.adoc` is a resource id, not a scheme.
        if self.ref_kind == RefKind::Xref || !has_scheme(&value) {
            self.refs.push((raw, value, self.ref_kind));
        }
    }

    /// Records the reference read as `text[d]` (decoded text bytes `d`),
    /// with whitespace inside it removed (a target broken over lines):
    /// readers whose links are in their text (rST, AsciiDoc).
    /// `prefix` goes before the value (`#` for AsciiDoc's `<<id>>`).
    pub(crate) fn text_reference(&mut self, raw: &[u8], d: std::ops::Range<usize>, prefix: &[u8]) {
        if !self.want_refs {
            return;
        }
        let text = &self.text.text()[d.clone()];
        let spaced = text.iter().any(u8::is_ascii_whitespace);
        if prefix.is_empty() && !spaced && has_scheme(text) && self.ref_kind != RefKind::Xref {
            return;
        }
        let mut value = Vec::with_capacity(prefix.len() + text.len());
        value.extend_from_slice(prefix);
        match spaced {
            // A title's words are kept apart by one space, wherever its
            // line broke.
            true if self.ref_kind == RefKind::Natural => {
                for (k, w) in text
                    .split(u8::is_ascii_whitespace)
                    .filter(|w| !w.is_empty())
                    .enumerate()
                {
                    if k > 0 {
                        value.push(b' ');
                    }
                    value.extend_from_slice(w);
                }
            }
            true => value.extend(text.iter().filter(|b| !b.is_ascii_whitespace())),
            false => value.extend_from_slice(text),
        }
        let (a, b) = (self.text.raw_start(d.start), self.text.raw_end(d.end));
        if a <= b && b <= raw.len() && !value.is_empty() {
            self.reference_owned(a, &raw[a..b], value);
        }
    }
}

/// How a reference is written, where the markup says: a site generator
/// may resolve each kind from its own folder (Antora resolves `xref:`
/// from a module's `pages/`, `image::` from its `images/`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum RefKind {
    /// A link: a Markdown or rST link, an HTML URL attribute,
    /// AsciiDoc's `link:`.
    #[default]
    Link,
    /// A cross reference: AsciiDoc's `xref:` and `<<file.adoc#id>>`.
    Xref,
    /// An image: AsciiDoc's `image:` and `image::`.
    Image,
    /// A page Hugo looks up by its own rules: the `ref` and `relref`
    /// shortcodes.
    Ref,
    /// A file Jekyll looks up from the site's source: the `link` tag.
    Page,
    /// A Jekyll post named by `post_url`: `2010-07-21-name` from
    /// `_posts/`.
    Post,
    /// An AsciiDoc natural cross reference, `<<Section Title>>`: an id
    /// of this document or else the title of one of its sections or
    /// blocks (its value is `#` and the title, spaces kept).
    Natural,
    /// A Quarto cross-reference, `@sec-setup`, `@fig-plot`: a label of
    /// its page, or of the project in a book (its value is `#` and the
    /// label).
    Crossref,
    /// A link a bot writes and keeps, which names no anchor by design:
    /// the all-contributors table's emoji links (`#content-login`).
    Bot,
}

/// A relative reference written in a link target or URL attribute
/// (`[t](../guide.md#setup)`, `href="img/a.png"`, `#frag`): a URI
/// reference without a scheme (RFC 3986 s4.2), to resolve against the
/// document's own URI (s5.2) (SPEC section 11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    /// The reference, decoded as the markup says (`&amp;` is `&`).
    pub value: Vec<u8>,
    /// Byte offset where it is written in the raw file.
    pub start: u64,
    /// Byte offset just past it.
    pub end: u64,
    /// 1-based line of `start`.
    pub line: u64,
    /// 1-based column of `start`, in Unicode scalar values.
    pub column: u64,
    /// How it is written.
    pub kind: RefKind,
}

/// Whether `value` starts with a scheme (RFC 3986 s3.1): then it is an
/// absolute URI, not a relative reference (s4.2).
pub(crate) fn has_scheme(value: &[u8]) -> bool {
    match memchr::memchr3(b':', b'/', b'?', value) {
        Some(k) if value[k] == b':' => crate::schemes::is_scheme_name(&value[..k]),
        _ => false,
    }
}

/// Reads `raw` as `format` into text segments with their offset maps.
/// Text and mail are read as they are (one identity segment).
pub(crate) fn segments(format: Format, raw: &[u8], options: Options) -> Vec<Segment> {
    let doc = read(format, raw, options, false, false);
    vec![doc.text, doc.links]
}

/// Which of the raw offsets `marks` lie in code: text the reader of
/// `format` reads only with `--include-code` (a code block or span,
/// `<pre>`, a literal or listing block), which shows text rather than
/// being markup. Reads `raw` twice: for the few files that need to know.
pub(crate) fn in_code(format: Format, raw: &[u8], marks: &[usize]) -> Vec<bool> {
    if !format.is_structured() || marks.is_empty() {
        return vec![false; marks.len()];
    }
    let with = read(format, raw, Options { include_code: true }, false, false).text;
    let without = read(
        format,
        raw,
        Options {
            include_code: false,
        },
        false,
        false,
    )
    .text;
    marks
        .iter()
        .map(|&m| with.covers(m) && !without.covers(m))
        .collect()
}

/// Reads `raw` as `format`, with its references when `refs` and its
/// anchors when `anchors`.
pub(crate) fn read(format: Format, raw: &[u8], options: Options, refs: bool, anchors: bool) -> Doc {
    let mut doc = Doc {
        want_refs: refs,
        want_anchors: refs && anchors,
        ..Doc::default()
    };
    if format.is_structured() {
        doc.text.reserve(raw.len());
    }
    match format {
        Format::Html => html::read(raw, 0, options.include_code, &mut doc),
        Format::Markdown => markdown::read(raw, options, &mut doc),
        Format::Rst => rst::read(raw, options, &mut doc),
        Format::Asciidoc => asciidoc::read(raw, options, &mut doc),
        Format::Man => man::read(raw, &mut doc),
        Format::Json => json::read(raw, options.include_code, &mut doc),
        Format::Po => po::read(raw, &mut doc),
        Format::Text | Format::Mail => doc.text.raw(0, raw),
    }
    doc
}

/// The relative references of a whole file read as `format`, in the order
/// they are written (SPEC section 11): link targets and URL attributes
/// without a scheme, `#frag` alone included. Text, man pages, JSON and mail
/// have none.
pub fn references(format: Format, raw: &[u8], options: Options) -> Vec<Reference> {
    relative(read(format, raw, options, true, false).refs, raw)
}

/// What fragments can name in a whole file read as `format`: section
/// titles and ids (SPEC section 11). Text, man pages, JSON and mail have
/// none.
///
/// ```
/// use urilint::format::{Format, Options, targets};
///
/// let md = b"# Getting started\n\n<a id=\"old-name\"></a>\n\n## Setup {#install}\n";
/// let t = targets(Format::Markdown, md, Options::default());
/// assert_eq!(t.headings, ["Getting started", "Setup"]);
/// // GitHub has no heading attributes: there the id is `setup-install`.
/// assert_eq!(t.ids, ["old-name", "install", "setup-install"]);
/// ```
pub fn targets(format: Format, raw: &[u8], options: Options) -> Targets {
    match format {
        // Their anchors take a pass of their own: the text is not needed.
        Format::Rst | Format::Asciidoc => {
            let mut targets = Targets::default();
            anchors_of(format, raw, &mut targets);
            targets
        }
        _ => read(format, raw, options, true, true).targets,
    }
}

/// Adds to `targets` the anchors of an rST or AsciiDoc file read without
/// them; an AsciiDoc pass gives its `part` and `includes` again.
pub(crate) fn anchors_of(format: Format, raw: &[u8], targets: &mut Targets) {
    match format {
        Format::Rst => rst::anchors(raw, targets),
        _ => {
            *targets = Targets::default();
            anchors::asciidoc(raw, targets, true);
        }
    }
}

/// The relative ones of a document's link targets, in order, with lines.
pub(crate) fn relative(
    refs: Vec<(std::ops::Range<usize>, Vec<u8>, RefKind)>,
    raw: &[u8],
) -> Vec<Reference> {
    let mut refs: Vec<(std::ops::Range<usize>, Vec<u8>, RefKind)> = refs
        .into_iter()
        .filter(|(_, v, k)| !v.is_empty() && (*k == RefKind::Xref || !has_scheme(v)))
        .collect();
    refs.sort_by_key(|(r, _, _)| (r.start, r.end));
    let mut lines = Lines::new(raw);
    refs.into_iter()
        .map(|(r, value, kind)| {
            let (line, column, _) = lines.position(r.start);
            Reference {
                value,
                start: r.start as u64,
                end: r.end as u64,
                line,
                column,
                kind,
            }
        })
        .collect()
}
