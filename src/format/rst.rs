//! reStructuredText (SPEC section 9). Hyperlink references
//! (`` `text <url>`_ ``), targets (`.. _label: url`) and `:target:` options
//! are text the scanner already reads; this reader applies backslash
//! escapes and skips literal blocks (`::`), `code-block`/`code`/
//! `sourcecode` directives and inline literals unless code is asked for
//! (docutils' reStructuredText Markup Specification, "Literal Blocks",
//! "Escaping Mechanism", "Inline markup recognition rules").
//!
//! Every block that is skipped is announced by a `::`, so the reader finds
//! those with `memmem` and reads the lines of only those blocks; the rest
//! of the file is read in long runs.

use std::ops::Range;

use super::{Doc, Options, Segment};

const CODE_DIRECTIVES: &[&[u8]] = &[b"code-block::", b"code::", b"sourcecode::"];

/// Reads an rST file into `doc`.
pub(crate) fn read(raw: &[u8], options: Options, doc: &mut Doc) {
    // Blocks skipped (`true`) and line breaks inside a target's URI
    // removed (`false`), in order.
    let mut edits: Vec<(Range<usize>, bool)> =
        target_joins(raw).into_iter().map(|r| (r, false)).collect();
    let blocks = literal_blocks(raw);
    if doc.want_anchors {
        super::anchors::rst(raw, &blocks, &mut doc.targets);
    }
    if !options.include_code {
        let skips = blocks;
        edits.retain(|(r, _)| !skips.iter().any(|s| s.start < r.end && r.start < s.end));
        edits.extend(skips.into_iter().map(|r| (r, true)));
    }
    edits.sort_by_key(|(r, _)| r.start);
    let mut at = 0;
    for (r, skip) in edits {
        if r.start < at {
            continue;
        }
        text(raw, at..r.start, &mut doc.text, options.include_code);
        if skip {
            doc.text.separate();
        } else {
            doc.text.decoded(r.clone(), b"");
        }
        at = r.end;
    }
    text(raw, at..raw.len(), &mut doc.text, options.include_code);
    if doc.want_refs {
        references(raw, doc);
    }
}

/// The anchors of an rST file read without them (SPEC section 11).
pub(crate) fn anchors(raw: &[u8], out: &mut super::Targets) {
    super::anchors::rst(raw, &literal_blocks(raw), out);
}

/// The targets of hyperlink references and targets in the text read
/// (literal blocks left out): `` `text <target>`_ `` (and `__`), and
/// `.. _label: target` (docutils' reStructuredText Markup Specification,
/// "Embedded URIs and Aliases", "Hyperlink Targets"). An alias
/// (`<label_>`) names another target, not a URI.
fn references(raw: &[u8], doc: &mut Doc) {
    let text = doc.text.text();
    let mut found = Vec::new();
    for k in memchr::memmem::find_iter(text, b">`_") {
        let Some(lt) = memchr::memrchr(b'<', &text[..k]) else {
            continue;
        };
        // The phrase's opening backquote comes before the `<`, with no
        // backquote between; `\<name\>` (its `<` escaped in the raw text)
        // is a reference name, not an embedded URI.
        let escaped = raw.get(doc.text.raw_start(lt)) == Some(&b'\\');
        if escaped
            || memchr::memchr(b'`', &text[lt..k]).is_some()
            || memchr::memrchr(b'`', &text[..lt]).is_none()
        {
            continue;
        }
        // An email address becomes a `mailto:` link in docutils
        // ("Standalone Hyperlinks"), not a relative reference.
        let email = memchr::memchr(b'@', &text[lt..k]).is_some()
            && memchr::memchr(b'/', &text[lt..k]).is_none();
        if k > lt + 1 && text[k - 1] != b'_' && !email {
            found.push(lt + 1..k);
        }
    }
    for p in memchr::memmem::find_iter(text, b".. _") {
        if p > 0 && text[p - 1] != b'\n' {
            continue;
        }
        let end = memchr::memchr(b'\n', &text[p..]).map_or(text.len(), |k| p + k);
        let line = &text[p + 4..end];
        // `.. _label: target`, the label possibly in backquotes (and then
        // holding `: `, as in `` .. _`Framework :: Twisted`: ``).
        let colon = match line.strip_prefix(b"`") {
            Some(q) => memchr::memmem::find(q, b"`:").map(|k| k + 2),
            None => memchr::memmem::find(line, b": "),
        };
        let Some(colon) = colon else {
            continue;
        };
        if line
            .get(colon + 1)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            continue;
        }
        let target = (p + 4 + colon + 2).min(end);
        let t = &text[target..end];
        let lead = t.iter().take_while(|b| b.is_ascii_whitespace()).count();
        if target + lead < end && !t.ends_with(b"_") {
            found.push(target + lead..end);
        }
    }
    // `.. image:: path` and `.. figure:: path`, also as a substitution
    // (`.. |name| image:: path`) (reStructuredText Directives, "Images").
    for p in memchr::memmem::find_iter(text, b".. ") {
        if p > 0 && text[p - 1] != b'\n' {
            continue;
        }
        let end = memchr::memchr(b'\n', &text[p..]).map_or(text.len(), |k| p + k);
        let mut line = &text[p + 3..end];
        if line.first() == Some(&b'|')
            && let Some(k) = memchr::memchr(b'|', &line[1..])
        {
            line = line[k + 2..].trim_ascii_start();
        }
        let Some(rest) = line
            .strip_prefix(b"image::")
            .or_else(|| line.strip_prefix(b"figure::"))
        else {
            continue;
        };
        let lead = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let target = rest[lead..].trim_ascii_end();
        if !target.is_empty() && !target.contains(&b' ') {
            let start = end - rest.len() + lead;
            found.push(start..start + target.len());
        }
    }
    found.sort_by_key(|r| r.start);
    for d in found {
        doc.text_reference(raw, d, b"");
    }
}

/// External hyperlink targets whose URI goes on over indented lines
/// (`.. _name: https://x.example/` then `   long/path`): docutils removes
/// the whitespace, so the line break and the indentation read as nothing.
fn target_joins(raw: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let starts =
        memchr::memmem::find_iter(raw, b".. _").chain(memchr::memmem::find_iter(raw, b"__ "));
    for p in starts {
        let (start, end) = line_at(raw, p);
        let base = indent(&raw[start..end]);
        if start + base != p {
            continue; // not at the start of its line
        }
        let mut e = end;
        loop {
            let next = next_line(raw, e);
            if next >= raw.len() {
                break;
            }
            let ne = line_end(raw, next);
            let line = &raw[next..ne];
            if is_blank(line) || indent(line) <= base {
                break;
            }
            out.push(e..next + indent(line));
            e = ne;
        }
    }
    out
}

/// The line around `p`: where it starts and ends (LF, CRLF or CR).
fn line_at(raw: &[u8], p: usize) -> (usize, usize) {
    let start = memchr::memrchr2(b'\n', b'\r', &raw[..p]).map_or(0, |k| k + 1);
    (start, line_end(raw, p))
}

/// Where the line holding `p` ends.
fn line_end(raw: &[u8], p: usize) -> usize {
    memchr::memchr2(b'\n', b'\r', &raw[p..]).map_or(raw.len(), |k| p + k)
}

/// Where the line that ends at `end` is followed by the next one.
fn next_line(raw: &[u8], end: usize) -> usize {
    match raw.get(end) {
        Some(b'\r') if raw.get(end + 1) == Some(&b'\n') => end + 2,
        Some(_) => end + 1,
        None => end,
    }
}

fn indent(line: &[u8]) -> usize {
    line.iter()
        .take_while(|&&b| b == b' ' || b == b'\t')
        .count()
}

fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// The lines from `from` on that are blank or indented more than `base`,
/// up to the start of the first that is not (blank lines at the end are
/// left out).
fn indented_block(raw: &[u8], from: usize, base: usize) -> Range<usize> {
    let mut at = from;
    let mut end = from;
    while at < raw.len() {
        let e = line_end(raw, at);
        let line = &raw[at..e];
        if !is_blank(line) {
            if indent(line) <= base {
                break;
            }
            end = e;
        }
        at = next_line(raw, e);
    }
    from..end
}

/// The literal blocks and code directives' bodies, in order.
fn literal_blocks(raw: &[u8]) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    for p in memchr::memmem::find_iter(raw, b"::") {
        if out.last().is_some_and(|r| p < r.end) {
            continue; // inside a block already skipped
        }
        let (start, end) = line_at(raw, p);
        let line = &raw[start..end];
        let base = indent(line);
        let body = &line[base..];
        let next = next_line(raw, end);
        if let Some(d) = body.strip_prefix(b".. ") {
            // `.. code-block:: python` and its options and body.
            if CODE_DIRECTIVES
                .iter()
                .any(|c| d.trim_ascii_start().starts_with(c))
            {
                let block = indented_block(raw, next, base);
                if !block.is_empty() {
                    out.push(block);
                }
            }
            continue;
        }
        // A paragraph that ends with `::` (this one), then a blank line,
        // then the indented literal block.
        if !(body.trim_ascii_end().ends_with(b"::") && p + 2 == start + line.trim_ascii_end().len())
        {
            continue;
        }
        let blank_end = line_end(raw, next.min(raw.len()));
        if next >= raw.len() || !is_blank(&raw[next..blank_end]) {
            continue;
        }
        let block = indented_block(raw, next, base);
        if !block.is_empty() {
            out.push(block);
        }
    }
    out
}

/// Where the paragraph that holds `p` ends: at the next blank line.
fn paragraph_end(raw: &[u8], p: usize, limit: usize) -> usize {
    let mut e = line_end(raw, p);
    while e < limit {
        let next = next_line(raw, e);
        let ne = line_end(raw, next.min(raw.len()));
        if next >= limit || is_blank(&raw[next..ne.min(limit)]) {
            return e.min(limit);
        }
        e = ne;
    }
    limit
}

/// Text in `r` with backslash escapes applied; inline literals
/// (``` ``x`` ```) are read as they are when `code`, else left out.
fn text(raw: &[u8], r: Range<usize>, seg: &mut Segment, code: bool) {
    let mut i = r.start;
    // The end of the paragraph of the last literal looked at.
    let mut para_end = r.start;
    while i < r.end {
        let Some(k) = memchr::memchr2(b'\\', b'`', &raw[i..r.end]).map(|k| i + k) else {
            seg.raw(i, &raw[i..r.end]);
            return;
        };
        seg.raw(i, &raw[i..k]);
        if raw[k] == b'\\' {
            // An escaped space or line break is removed; any other escaped
            // character stands for itself.
            match raw.get(k + 1).filter(|_| k + 1 < r.end) {
                Some(b' ' | b'\n' | b'\r') => seg.decoded(k..k + 2, b""),
                Some(c) => seg.decoded(k..k + 2, std::slice::from_ref(c)),
                None => seg.raw(k, b"\\"),
            }
            i = (k + 2).min(r.end);
            continue;
        }
        // An inline literal: `` followed by a non-space, closed by `` after
        // a non-space, within the paragraph.
        let opens = raw[k..r.end].starts_with(b"``")
            && raw.get(k + 2).is_some_and(|b| !b.is_ascii_whitespace())
            && (k == 0 || raw[k - 1] != b'`');
        if !opens {
            seg.raw(k, b"`");
            i = k + 1;
            continue;
        }
        if k >= para_end {
            para_end = paragraph_end(raw, k, r.end);
        }
        let close = memchr::memchr_iter(b'`', &raw[k + 2..para_end])
            .map(|c| k + 2 + c)
            .find(|&c| {
                c > k + 2 && raw.get(c + 1) == Some(&b'`') && !raw[c - 1].is_ascii_whitespace()
            })
            .filter(|&c| c + 1 < para_end);
        let Some(c) = close else {
            // Not closed: not a literal (docutils reports it and reads on).
            seg.raw(k, b"``");
            i = k + 2;
            continue;
        };
        // ```x`` ``: the literal holds the third backtick.
        let mut after = c + 2;
        while after < r.end && raw[after] == b'`' {
            after += 1;
        }
        seg.separate();
        if code {
            seg.raw(k + 2, &raw[k + 2..c]);
            seg.separate();
        }
        i = after;
    }
}
