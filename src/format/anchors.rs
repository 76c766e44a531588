//! What fragments can name in rST and AsciiDoc files (SPEC section 11):
//! section titles and the ids and labels written in them. Markdown's and
//! HTML's come from their parsers' events.

use std::ops::Range;

use super::Targets;
use super::lines::{Line, lines};

/// The characters an rST section adornment is made of (docutils'
/// reStructuredText Markup Specification, "Sections": any non-alphanumeric
/// printable 7-bit ASCII character).
fn is_adornment(line: &[u8]) -> bool {
    let line = line.trim_ascii_end();
    line.len() >= 2 && line[0].is_ascii_punctuation() && line.iter().all(|&b| b == line[0])
}

fn text(s: &[u8]) -> String {
    String::from_utf8_lossy(s.trim_ascii()).into_owned()
}

/// rST: section titles (underlined, or over- and underlined, as long as
/// their text at least) and internal targets (`.. _label:`, `:name:`
/// options, inline `` _`target` ``), outside the literal blocks `skip`.
pub(crate) fn rst(raw: &[u8], skip: &[Range<usize>], out: &mut Targets) {
    // The lines outside the literal blocks (both in order).
    let mut blocks = skip.iter().peekable();
    let all: Vec<Line> = lines(raw)
        .filter(|l| {
            while blocks.next_if(|s| s.end <= l.start).is_some() {}
            blocks.peek().is_none_or(|s| s.start > l.start)
        })
        .collect();
    let body = |l: &Line| &raw[l.start..l.end];
    for (i, l) in all.iter().enumerate() {
        let line = body(l);
        if is_adornment(line) && i > 0 {
            let title = body(&all[i - 1]);
            let before_blank = i < 2 || body(&all[i - 2]).trim_ascii().is_empty();
            let overlined = i >= 2
                && is_adornment(body(&all[i - 2]))
                && body(&all[i - 2]).trim_ascii_end() == line.trim_ascii_end();
            let t = title.trim_ascii();
            // An underline shorter than its title is still one (docutils
            // warns) when it is at least four long.
            let long = bytecount::num_chars(line.trim_ascii_end());
            if !t.is_empty()
                && !is_adornment(title)
                && (overlined
                    || (before_blank
                        && !title[0].is_ascii_whitespace()
                        && (long >= bytecount::num_chars(t) || long >= 4)))
            {
                out.headings.push(text(&strip_roles(t)));
            }
            continue;
        }
        let trimmed = line.trim_ascii_start();
        if let Some(rest) = trimmed.strip_prefix(b".. _") {
            // `.. _label:` alone names this place; `.. _label: target`
            // names a URI.
            let (label, after) = match rest.strip_prefix(b"`") {
                Some(q) => match memchr::memmem::find(q, b"`:") {
                    Some(k) => (&q[..k], &q[k + 2..]),
                    None => continue,
                },
                None => match memchr::memchr(b':', rest) {
                    Some(k) => (&rest[..k], &rest[k + 1..]),
                    None => continue,
                },
            };
            if after.trim_ascii().is_empty() && !label.is_empty() {
                out.labels.push(text(label));
            }
        } else if let Some(name) = trimmed.strip_prefix(b":name:")
            && !name.trim_ascii().is_empty()
        {
            out.labels.push(text(name));
        }
        // Inline internal targets: `` _`a target` ``.
        for p in memchr::memchr_iter(b'_', line) {
            if line.get(p + 1) != Some(&b'`') || (p > 0 && line[p - 1].is_ascii_alphanumeric()) {
                continue;
            }
            if let Some(k) = memchr::memchr(b'`', &line[p + 2..])
                && k > 0
            {
                out.labels.push(text(&line[p + 2..p + 2 + k]));
            }
        }
    }
}

/// A title's text without interpreted-text roles (`:pep:`8``).
fn strip_roles(t: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(t.len());
    let mut i = 0;
    while i < t.len() {
        if t[i] == b':'
            && (i == 0 || !t[i - 1].is_ascii_alphanumeric())
            && let Some(k) = t[i + 1..].iter().position(|&b| b == b':')
            && k > 0
            && t[i + 1..i + 1 + k]
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && t.get(i + 2 + k) == Some(&b'`')
        {
            i += k + 2;
            continue;
        }
        out.push(t[i]);
        i += 1;
    }
    out
}

/// AsciiDoc: section titles (`== Title`, or a two-line title) and anchors
/// (`[[id]]`, `[[id,text]]`, `[#id]`, `[#id.role]`, `anchor:id[]`)
/// (Asciidoctor's language documentation, "Sections", "Anchors"), in the
/// lines that are not in a skipped block (`text` is what the reader read).
/// Without `anchors`, only whether it is a part, which its header tells:
/// the rest of the document is not read.
pub(crate) fn asciidoc(raw: &[u8], out: &mut Targets, anchors: bool) {
    let mut prev: Option<&[u8]> = None;
    let mut comment = false;
    // A block title waiting for its block, and whether the block has an id.
    let mut block_title: Option<String> = None;
    let mut block_id = false;
    // The document title: `= Title`, or a title underlined with `=`,
    // before the first block (Asciidoctor, "Document Header").
    let mut header = true;
    out.part = true;
    // Built once: a searcher costs more to make than one line to search.
    let anchor_macro = memchr::memmem::Finder::new(b"anchor:");
    for l in lines(raw) {
        let line = raw[l.start..l.end].trim_ascii_end();
        if line == b"////" {
            comment = !comment;
            continue;
        }
        if comment || line.starts_with(b"//") {
            prev = None;
            continue;
        }
        if anchors && let Some(target) = include(line) {
            out.includes.push(text(target));
        }
        if header {
            if line.starts_with(b"= ")
                || (prev.is_some() && line.len() >= 2 && line.iter().all(|&b| b == b'='))
            {
                out.part = false;
            }
            if !line.is_empty() && !line.starts_with(b":") && prev.is_some() {
                header = false;
            }
        }
        if !anchors {
            if !header {
                return;
            }
            prev = line
                .first()
                .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
                .then_some(line);
            continue;
        }
        // `== Title` (level 0 to 5), or Markdown's `## Title`.
        let marks = line
            .iter()
            .take_while(|&&b| b == line[0] && (b == b'=' || b == b'#'))
            .count();
        if (1..=6).contains(&marks) && line.get(marks) == Some(&b' ') {
            // `== Title ==`: a symmetric title's closing marks are no part
            // of it.
            let t = &line[marks + 1..];
            let t = t
                .strip_suffix(&line[..marks])
                .filter(|r| r.ends_with(b" "))
                .map_or(t, <[u8]>::trim_ascii_end);
            out.headings.push(text(t));
        } else if let Some(p) = prev
            && is_underline(p, line)
            && line.iter().all(|&b| b == line[0])
            && line.len() >= 2
        {
            out.headings.push(text(p));
        }
        // `.Title`: a block's title, which a natural cross reference
        // names when the block has an id (Asciidoctor resolves a title
        // among the ids it registered) (not `..`, nor a list item's `. `).
        // The title and the block's attribute lines come in any order
        // before the block.
        let title = line.strip_prefix(b".").filter(|t| {
            t.first()
                .is_some_and(|&b| b != b'.' && !b.is_ascii_whitespace())
        });
        let attributes = line.starts_with(b"[") && line.ends_with(b"]");
        if let Some(t) = title {
            block_title = Some(text(t));
        } else if !attributes {
            if let (Some(t), true) = (block_title.take(), block_id) {
                out.labels.push(t);
            }
            block_id = false;
        }
        let ids_before = out.ids.len();
        prev = line
            .first()
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b >= 0x80)
            .then_some(line);
        // Every anchor below holds a `[`: most lines hold none, and are
        // not searched three times.
        if memchr::memchr(b'[', line).is_none() {
            continue;
        }
        ids_of_line(line, &anchor_macro, out);
        block_id |= attributes && out.ids.len() > ids_before;
    }
    if let (Some(t), true) = (block_title, block_id) {
        out.labels.push(t);
    }
}

/// The ids and reference texts written on an AsciiDoc `line`.
fn ids_of_line(line: &[u8], anchor_macro: &memchr::memmem::Finder, out: &mut Targets) {
    // `[[id]]`, `[[id, text]]`, and a bibliography's `[[[id]]]`.
    for p in memchr::memchr_iter(b'[', line).filter(|&p| line.get(p + 1) == Some(&b'[')) {
        let from = p + 2 + usize::from(line.get(p + 2) == Some(&b'['));
        if let Some(k) = memchr::memmem::find(&line[from..], b"]]") {
            let inner = &line[from..from + k];
            let mut parts = inner.splitn(2, |&b| b == b',');
            let id = parts.next().unwrap_or(b"").trim_ascii();
            if is_id(id) {
                out.ids.push(text(id));
                // `[[id,Text]]`: its reference text.
                if let Some(t) = parts.next().map(<[u8]>::trim_ascii)
                    && !t.is_empty()
                {
                    out.labels.push(text(t));
                }
            }
        }
    }
    // `[#id]`, `[#id.role%option]`, `[quote#id]`: a block's or a
    // phrase's id.
    if line.starts_with(b"[") || memchr::memchr(b'#', line).is_some() {
        for p in memchr::memchr_iter(b'[', line) {
            let Some(k) = memchr::memchr(b']', &line[p..]) else {
                continue;
            };
            let attrs = &line[p + 1..p + k];
            let first = attrs.split(|&b| b == b',').next().unwrap_or(b"");
            if let Some(h) = memchr::memchr(b'#', first) {
                let id = &first[h + 1..];
                let end = id
                    .iter()
                    .position(|&b| matches!(b, b'.' | b'%' | b'#'))
                    .unwrap_or(id.len());
                if is_id(&id[..end]) {
                    out.ids.push(text(&id[..end]));
                }
            }
            for a in attrs.split(|&b| b == b',') {
                if let Some(v) = a.trim_ascii().strip_prefix(b"reftext=") {
                    let v = v.strip_prefix(b"\"").unwrap_or(v);
                    let v = v.strip_suffix(b"\"").unwrap_or(v);
                    out.labels.push(text(v));
                }
                if let Some(v) = a.trim_ascii().strip_prefix(b"id=") {
                    let v = v.strip_prefix(b"\"").unwrap_or(v);
                    let v = v.strip_suffix(b"\"").unwrap_or(v);
                    if is_id(v) {
                        out.ids.push(text(v));
                    }
                }
            }
        }
    }
    for p in anchor_macro.find_iter(line) {
        let rest = &line[p + 7..];
        if let Some(k) = memchr::memchr(b'[', rest)
            && is_id(&rest[..k])
        {
            out.ids.push(text(&rest[..k]));
        }
    }
}

/// The target of an `include::target[...]` line (not one made of
/// attributes, `include::{dir}/x.adoc[]`, unknown here).
fn include(line: &[u8]) -> Option<&[u8]> {
    let target = line.strip_prefix(b"include::")?;
    let k = memchr::memchr(b'[', target)?;
    memchr::memchr(b'{', &target[..k])
        .is_none()
        .then_some(&target[..k])
}

/// Whether `s` can be an AsciiDoc id: a name without spaces (an XML
/// Name, loosely).
fn is_id(s: &[u8]) -> bool {
    !s.is_empty()
        && s.iter().all(|&b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':') || b >= 0x80
        })
}

/// Whether `line` underlines the line `title` (a two-line section title):
/// `=`, `-`, `~`, `^` or `+` as many characters long, give or take two
/// (Asciidoctor, "Setext section titles").
pub(crate) fn is_underline(title: &[u8], line: &[u8]) -> bool {
    // Characters are counted only for a line that may be one.
    matches!(line.first(), Some(b'=' | b'-' | b'~' | b'^' | b'+'))
        && bytecount::num_chars(title).abs_diff(bytecount::num_chars(line)) <= 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The includes of `doc`; whether it is a part is the same read
    /// without the anchors, which stops at the header's end.
    fn includes_of(doc: &str) -> Vec<String> {
        let mut with = Targets::default();
        asciidoc(doc.as_bytes(), &mut with, true);
        let mut without = Targets::default();
        asciidoc(doc.as_bytes(), &mut without, false);
        assert_eq!(with.part, without.part, "{doc:?}");
        with.includes
    }

    #[test]
    fn includes_outside_comment_blocks() {
        let doc = "= Title\n:toc:\n\ninclude::a.adoc[]\nText include::no.adoc[]\n\
                   ////\ninclude::commented.adoc[]\n////\n//include::line-comment.adoc[]\n\
                   include::{dir}/attr.adoc[]\r\ninclude::b.adoc[leveloffset=+1]\r\n\
                   /////\ninclude::c.adoc[]\n  include::indented.adoc[]\rinclude::d.adoc[]";
        assert_eq!(includes_of(doc), ["a.adoc", "b.adoc", "c.adoc", "d.adoc"]);
    }

    #[test]
    fn includes_in_a_part_and_its_header() {
        // No title: a part; an include on its first line, and one after a
        // comment block opened in what would be the header.
        let doc =
            "include::first.adoc[]\n////\ninclude::x.adoc[]\n////\nText.\n\ninclude::last.adoc[]\n";
        assert_eq!(includes_of(doc), ["first.adoc", "last.adoc"]);
        let mut t = Targets::default();
        asciidoc(doc.as_bytes(), &mut t, false);
        assert!(t.part);
        let mut t = Targets::default();
        asciidoc(b"= Title\n\nText.\n", &mut t, false);
        assert!(!t.part);
    }
}
