//! AsciiDoc (SPEC section 9). A URL right before `[` is a macro whose text
//! follows (`https://x[text]`, `link:url[text]`, `mailto:a@b[text]`), so
//! the URI ends at the `[`; listing (`----`) and literal (`....`) blocks
//! and `[source]` paragraphs are skipped unless code is asked for, and
//! comments (`//`, `////`) always (Asciidoctor's language documentation,
//! "URLs", "Delimited blocks").

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use super::anchors::is_underline;
use super::lines::lines;
use super::{Doc, Options, RefKind};

/// Reads an AsciiDoc file into `doc`.
pub(crate) fn read(raw: &[u8], options: Options, doc: &mut Doc) {
    // The open delimited block: its delimiter line, and whether its
    // content is skipped.
    let mut open: Option<(&[u8], bool)> = None;
    // A `[source]`-style paragraph is being skipped.
    let mut literal_paragraph = false;
    // The previous line, when it was text: a title an underline may follow.
    let mut prev_text: Option<&[u8]> = None;
    // The previous line was blank, and a literal paragraph (its lines
    // indented) is open (Asciidoctor, "Literal paragraphs").
    let mut prev_blank = true;
    let mut indented = false;
    for l in lines(raw) {
        let body = raw[l.start..l.end].trim_ascii_end();
        if let Some((delim, skip)) = open {
            if body == delim {
                open = None;
                prev_text = None;
                doc.text.separate();
            } else if skip {
                doc.text.separate();
            } else {
                macro_line(raw, l.start, l.end, l.next, doc);
            }
            continue;
        }
        let was_blank = std::mem::replace(&mut prev_blank, body.is_empty());
        if body.is_empty() {
            indented = false;
        } else if !options.include_code
            && matches!(body[0], b' ' | b'\t')
            && (indented || was_blank && !is_list_item(body.trim_ascii_start()))
        {
            indented = true;
            prev_text = None;
            doc.text.separate();
            continue;
        }
        // A line of `-`, `=`, `~`... under a title as long as it is an
        // underline (a two-line section title), not a block delimiter. The
        // title's characters are counted only then.
        let underline = prev_text.is_some_and(|title| is_underline(title, body));
        // A title starts with a word character (not `[NOTE]`, `// x`).
        prev_text = body
            .first()
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
            .then_some(body);
        if let Some(kind) = delimiter(body).filter(|_| !underline) {
            let skip = kind == b'/' || (!options.include_code && matches!(kind, b'-' | b'.'));
            open = Some((body, skip));
            literal_paragraph = false;
            doc.text.separate();
            continue;
        }
        if body.is_empty() {
            literal_paragraph = false;
        }
        if body.starts_with(b"//") {
            doc.text.separate();
            continue;
        }
        // A table cell's block starts after its `|` (`|[source]`).
        let cell = body.strip_prefix(b"|").unwrap_or(body);
        if !options.include_code
            && (cell.starts_with(b"[source")
                || cell.starts_with(b"[listing")
                || cell.starts_with(b"[literal"))
            && cell.ends_with(b"]")
        {
            // The block or paragraph that follows is code.
            literal_paragraph = true;
            doc.text.separate();
            continue;
        }
        if literal_paragraph && !body.is_empty() {
            doc.text.separate();
            continue;
        }
        macro_line(raw, l.start, l.end, l.next, doc);
    }
    if doc.want_refs {
        references(raw, doc);
        super::anchors::asciidoc(raw, &mut doc.targets, doc.want_anchors);
    }
}

/// The targets of link, cross-reference and image macros in the text read
/// (listings and comments left out): `link:target[...]`,
/// `xref:target[...]`, `image:target[...]` and `image::target[...]`, and
/// `<<id>>` or `<<file.adoc#id,text>>` (a bare id is this document's
/// `#id`) (Asciidoctor's language documentation, "Links", "Cross
/// References", "Images").
fn references(raw: &[u8], doc: &mut Doc) {
    let text = doc.text.text();
    // `:imagesdir: images`: image targets after it are under that folder
    // (Asciidoctor, "Set the images directory"). Entries are read from
    // the text, so one shown in a listing or a comment sets nothing.
    let mut images_dirs: Vec<(usize, Vec<u8>)> = Vec::new();
    for p in memchr::memmem::find_iter(text, b":imagesdir:") {
        if p > 0 && !matches!(text[p - 1], b'\n' | b'\r') {
            continue;
        }
        let end = memchr::memchr2(b'\n', b'\r', &text[p..]).map_or(text.len(), |k| p + k);
        let v = text[p + b":imagesdir:".len()..end].trim_ascii();
        // One made of attributes (`{assets}/img`) leaves the images
        // after it templates, and one that is a URL makes them URIs.
        let mut dir = v.to_vec();
        if !dir.is_empty() && !dir.ends_with(b"/") {
            dir.push(b'/');
        }
        images_dirs.push((p, dir));
    }
    let images_dir = |at: usize| -> &[u8] {
        let i = images_dirs.partition_point(|(p, _)| *p < at);
        match i {
            0 => b"",
            i => &images_dirs[i - 1].1,
        }
    };
    // Each target, and what goes before it (`#` for a bare `<<id>>`).
    let mut found: Vec<(std::ops::Range<usize>, &[u8], RefKind)> = Vec::new();
    // One pass over the colons that end a macro's name and the `<<` that
    // open a cross reference, not one search a form.
    let mut pairs_from = 0;
    // The next `>>` (`None`: there is none left), found again only once
    // passed: text with many `<<` and no `>>` is searched once, not once a
    // `<<`. It starts before the text, so the first `<<` looks.
    let mut close = Some(0);
    let mut passthroughs = Passthroughs::default();
    for c in memchr::memchr2_iter(b':', b'<', text) {
        if text[c] == b'<' {
            if c < pairs_from || text.get(c + 1) != Some(&b'<') {
                continue;
            }
            pairs_from = c + 2;
            if close.is_some_and(|k| k < c + 2) {
                close = find_pair(text, c + 2, b'>');
            }
            if let Some(k) = close {
                cross_reference(text, c + 2..k, &mut found);
            }
            continue;
        }
        let Some(name) = [&b"link"[..], b"xref", b"image"]
            .into_iter()
            .find(|n| text[..c].ends_with(n))
        else {
            continue;
        };
        let p = c - name.len();
        // `\image:x[]` is escaped: text, not a macro.
        if p > 0
            && (text[p - 1].is_ascii_alphanumeric() || matches!(text[p - 1], b':' | b'_' | b'\\'))
        {
            continue;
        }
        let mut from = c + 1;
        // `image::` is a block image.
        if name == b"image" && text.get(from) == Some(&b':') {
            from += 1;
        }
        let end = text[from..]
            .iter()
            .position(|&b| b == b'[' || b.is_ascii_whitespace())
            .map_or(text.len(), |k| from + k);
        // A macro's target ends at its `[`; the reader breaks the text
        // there with a space.
        let target = text[from..end]
            .strip_suffix(b" ")
            .map_or(end, |t| from + t.len());
        if target > from && !passthroughs.at(text, p) {
            let image = name == b"image"
                && text[from] != b'/'
                && !crate::format::has_scheme(&text[from..target]);
            let kind = match name {
                b"xref" => RefKind::Xref,
                b"image" => RefKind::Image,
                _ => RefKind::Link,
            };
            found.push((
                from..target,
                if image { images_dir(from) } else { b"" },
                kind,
            ));
        }
    }
    found.sort_by_key(|(r, _, _)| r.start);
    for (d, prefix, kind) in found {
        doc.ref_kind = kind;
        doc.text_reference(raw, d, prefix);
    }
    doc.ref_kind = RefKind::Link;
}

/// Whether a line (its indent taken off) starts a list item: `*`, `-`,
/// `.` markers (repeated for depth) or `1.`/`a.`, then a space (an
/// indented list item is no literal paragraph).
fn is_list_item(line: &[u8]) -> bool {
    let marks = line
        .iter()
        .take_while(|&&b| matches!(b, b'*' | b'-' | b'.'))
        .count();
    let ordered = line
        .iter()
        .position(|&b| b == b'.')
        .filter(|&k| k > 0 && line[..k].iter().all(u8::is_ascii_alphanumeric));
    let after = match (marks, ordered) {
        (m, _) if m > 0 => m,
        (_, Some(k)) => k + 1,
        _ => return false,
    };
    line.get(after).is_some_and(|&b| b == b' ' || b == b'\t')
}

/// Whether a place is inside an inline passthrough on its line: `+...+`
/// (and `++`, `+++`) or `pass:[...]`, whose text is shown as written, no
/// macro in it (Asciidoctor, "Inline passthroughs"). Asked of places in
/// order, it reads each line once, however many macros it holds (issue
/// 49: a line of 20,000 unclosed `link:` macros was read once a macro).
#[derive(Default)]
struct Passthroughs {
    /// The line being read: its start and end.
    line: (usize, usize),
    /// How far it has been read, and whether a `+` passthrough is open
    /// there.
    read: usize,
    inside: bool,
    /// The `[` of the last `pass:[` read, and the last `]` read.
    pass_open: Option<usize>,
    close: Option<usize>,
    /// The first `+` at or after the last place asked (`None`: none on
    /// the line).
    next_plus: Option<usize>,
}

impl Passthroughs {
    /// Whether `text[at]` is inside one; `at` is at or after the place
    /// asked before.
    fn at(&mut self, text: &[u8], at: usize) -> bool {
        if at < self.read || at >= self.line.1.max(self.line.0 + 1) || at < self.line.0 {
            let start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |k| k + 1);
            let end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |k| at + k);
            *self = Passthroughs {
                line: (start, end),
                read: start,
                next_plus: Some(start),
                ..Passthroughs::default()
            };
        }
        let start = self.line.0;
        // A `+` opens a passthrough where no word character precedes it,
        // and one closes it later on the line; a ` +` at the end is a
        // hard break.
        let opens = |i: usize| {
            text[i] == b'+'
                && (i == start || !(text[i - 1].is_ascii_alphanumeric() || text[i - 1] == b'+'))
                && text
                    .get(i + 1)
                    .is_some_and(|&b| b != b' ' && b != b'\n' && b != b'\r')
        };
        let mut i = self.read;
        while i < at {
            match text[i] {
                b'+' if !self.inside && opens(i) => {
                    self.inside = true;
                    while i < at && text[i] == b'+' {
                        i += 1;
                    }
                    continue;
                }
                b'+' if self.inside => self.inside = false,
                // The reader puts a space before a macro's `[` (`pass: [`).
                b'p' if text[i..].starts_with(b"pass:") => {
                    let after = &text[i + 5..self.line.1];
                    let skip = after.len() - after.trim_ascii_start().len();
                    self.pass_open = (after.get(skip) == Some(&b'[')).then_some(i + 5 + skip);
                }
                b']' => self.close = Some(i),
                _ => {}
            }
            i += 1;
        }
        self.read = at;
        if self
            .pass_open
            .is_some_and(|o| o < at && self.close.is_none_or(|c| c < o))
        {
            return true;
        }
        if self.next_plus.is_some_and(|k| k < at) {
            self.next_plus = memchr::memchr(b'+', &text[at..self.line.1]).map(|k| at + k);
        }
        self.inside && self.next_plus.is_some()
    }
}

/// The first `bb` (`b` twice) in `text` at or after `from`.
fn find_pair(text: &[u8], from: usize, b: u8) -> Option<usize> {
    memchr::memchr_iter(b, text.get(from..)?)
        .map(|k| from + k)
        .find(|&k| text.get(k + 1) == Some(&b))
}

/// The target of the cross reference whose text between `<<` and `>>` is
/// `text[inner]`, if it is one.
fn cross_reference(
    text: &[u8],
    inner: std::ops::Range<usize>,
    found: &mut Vec<(std::ops::Range<usize>, &[u8], RefKind)>,
) {
    // A cross reference is an id or a title and its text: a longer run
    // between `<<` and `>>` is prose, and each `<<` in it is not read to
    // its end again.
    const MAX_XREF: usize = 512;
    if inner.len() > MAX_XREF {
        return;
    }
    let start = inner.start;
    let inner = &text[inner];
    let target = inner.iter().position(|&b| b == b',').unwrap_or(inner.len());
    // An id or a path starts with a word character (not the `<<<<<<<` of a
    // conflict marker, nor `<< x >>` in a listing of shell).
    let starts = inner.first().is_some_and(|&b| {
        b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'/') || b >= 0x80
    });
    let t = &inner[..target];
    if !starts || target == 0 || t.iter().any(|&b| matches!(b, b'<' | b'>' | b'`')) {
        return;
    }
    let spaced = t.iter().any(u8::is_ascii_whitespace);
    // A path has a `#` or a document's extension (`<<b.adoc#x>>`,
    // `<<b.adoc>>`); `<<Node.js>>` is an id or a title.
    let id = !t.contains(&b'#') && !t.trim_ascii_end().ends_with(b".adoc");
    if !spaced {
        // `<<id>>`: an anchor of this document; `<<Install>>`, an id or
        // else a title (a natural cross reference names a title in any
        // case but lower: Asciidoctor's `refid.downcase != refid`).
        let upper = std::str::from_utf8(t).is_ok_and(|t| t.chars().any(char::is_uppercase));
        let kind = match id && upper {
            true => RefKind::Natural,
            false => RefKind::Xref,
        };
        found.push((start..start + target, if id { b"#" } else { b"" }, kind));
    } else if id {
        // `<<Section Title>>`: a natural cross reference, which names a
        // section or block by its title (Asciidoctor, "Cross
        // References": "Natural cross references").
        let end = start + t.trim_ascii_end().len();
        found.push((start..end, b"#", RefKind::Natural));
    }
}

/// A delimited block's line: four or more of `-`, `.` or `/` (or `+`, `=`,
/// `*`, `_` for blocks whose text is read), alone on the line.
fn delimiter(line: &[u8]) -> Option<u8> {
    let &c = line.first()?;
    (line.len() >= 4
        && matches!(c, b'-' | b'.' | b'/' | b'+' | b'=' | b'*' | b'_')
        && line.iter().all(|&b| b == c))
    .then_some(c)
}

/// A text line `raw[start..end]` and its line break (up to `next`), with
/// a break before each `[` that opens a macro's attribute list right after
/// a URL.
fn macro_line(raw: &[u8], start: usize, end: usize, next: usize, doc: &mut Doc) {
    // Most lines have neither a macro nor an attribute: one search, and
    // the line and its break pushed at once.
    if memchr::memchr2(b'[', b'{', &raw[start..end]).is_none() {
        doc.text.raw(start, &raw[start..next]);
        return;
    }
    let mut i = start;
    for k in memchr::memchr_iter(b'[', &raw[start..end]) {
        let at = start + k;
        let before = if at > start { raw[at - 1] } else { b' ' };
        // `http://[::1]/` is an IP literal, not a macro.
        if before.is_ascii_whitespace() || before == b'[' || raw[..at].ends_with(b"//") {
            continue;
        }
        attributes(raw, i, at, doc);
        doc.text.synthetic(b" ");
        i = at;
    }
    attributes(raw, i, end, doc);
    doc.text.raw(end, &raw[end..next]);
}

/// AsciiDoc's built-in character replacement attributes (Asciidoctor's
/// documentation, "Character replacement attributes"): `{tilde}` is `~`.
const CHARACTERS: &[(&[u8], &[u8])] = &[
    (b"tilde", b"~"),
    (b"plus", b"+"),
    (b"caret", b"^"),
    (b"startsb", b"["),
    (b"endsb", b"]"),
    (b"vbar", b"|"),
    (b"backslash", b"\\"),
    (b"amp", b"&"),
    (b"lt", b"<"),
    (b"gt", b">"),
    (b"apos", b"'"),
    (b"quot", b"\""),
    (b"two-colons", b"::"),
    (b"two-semicolons", b";;"),
    (b"empty", b""),
    (b"sp", b" "),
    (b"nbsp", "\u{a0}".as_bytes()),
    (b"zwsp", "\u{200b}".as_bytes()),
    (b"wj", "\u{2060}".as_bytes()),
    (b"deg", "\u{b0}".as_bytes()),
];

/// Text `raw[start..end]` with each built-in character attribute
/// (`{tilde}`) replaced by its character, so `git://host/{tilde}alice/`
/// is the URI a reader of the page sees.
fn attributes(raw: &[u8], start: usize, end: usize, doc: &mut Doc) {
    let mut i = start;
    for k in memchr::memchr_iter(b'{', &raw[start..end]) {
        let at = start + k;
        if at < i {
            continue;
        }
        let Some(close) = memchr::memchr(b'}', &raw[at..end]) else {
            break;
        };
        let name = &raw[at + 1..at + close];
        if let Some((_, ch)) = CHARACTERS.iter().find(|(n, _)| *n == name) {
            doc.text.raw(i, &raw[i..at]);
            doc.text.decoded(at..at + close + 1, ch);
            i = at + close + 1;
        }
    }
    doc.text.raw(i, &raw[i..end]);
}

/// Whether a `.txt` file is AsciiDoc: a folder above it has an
/// `asciidoc.conf` (as git's Documentation does), or it opens with a
/// document title followed by attribute entries.
pub(crate) fn is_asciidoc_txt(path: &Path, head: &[u8]) -> bool {
    is_asciidoc_tree(path, head)
}

/// Whether a file without an extension (git's `SubmittingPatches`) is
/// AsciiDoc: it lies in an AsciiDoc tree and opens with a document title,
/// `= Title` or a title underlined with `=`.
pub(crate) fn is_asciidoc_bare(path: &Path, head: &[u8]) -> bool {
    let mut ls = head
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .skip_while(|l| l.trim_ascii().is_empty());
    let titled = match (ls.next(), ls.next()) {
        (Some(t), _) if t.starts_with(b"= ") => true,
        (Some(t), Some(u)) => {
            u.len() >= 3
                && u.iter().all(|&b| b == b'=')
                && u.len().abs_diff(t.trim_ascii_end().len()) <= 2
        }
        _ => false,
    };
    titled && is_asciidoc_tree(path, b"")
}

/// Whether `head` opens as an AsciiDoc document (`= Title` then an
/// attribute) or the file lies under a folder with `asciidoc.conf`.
fn is_asciidoc_tree(path: &Path, head: &[u8]) -> bool {
    let mut ls = head.split(|&b| b == b'\n');
    if let (Some(title), Some(attr)) = (ls.next(), ls.next())
        && title.starts_with(b"= ")
        && attr.starts_with(b":")
        && attr[1..].contains(&b':')
    {
        return true;
    }
    static SEEN: OnceLock<Mutex<HashMap<PathBuf, bool>>> = OnceLock::new();
    let seen = SEEN.get_or_init(Default::default);
    let Some(dir) = path.parent() else {
        return false;
    };
    if let Some(&known) = seen.lock().ok().as_ref().and_then(|m| m.get(dir)) {
        return known;
    }
    let found = dir.ancestors().take(8).any(|d| {
        let d = if d.as_os_str().is_empty() {
            Path::new(".")
        } else {
            d
        };
        d.join("asciidoc.conf").is_file() || d.join("asciidoc.conf.in").is_file()
    });
    if let Ok(mut m) = seen.lock() {
        m.insert(dir.to_path_buf(), found);
    }
    found
}
