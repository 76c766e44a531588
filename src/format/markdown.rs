//! Markdown (SPEC section 9), read with pulldown-cmark and its source
//! offsets: text with backslash escapes and entities decoded (CommonMark
//! 2.4, 2.5), link and image destinations, autolinks and reference
//! definitions as delimited URIs, HTML through the HTML reader, and code
//! spans and blocks skipped unless code is asked for.

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Options as Extensions, Parser, Tag, TagEnd};

use super::align::{Decodes, align};
use super::{Doc, Options, html, myst};

const DECODES: Decodes = Decodes {
    entities: true,
    backslash: true,
    drop_soft_hyphens: false,
    url: false,
};

const VERBATIM: Decodes = Decodes {
    entities: false,
    backslash: false,
    drop_soft_hyphens: false,
    url: false,
};

/// An open link or image.
struct Open {
    kind: LinkType,
    dest: String,
    range: Range<usize>,
    /// Where its text ends, so far.
    text_end: usize,
}

/// Reads a Markdown file into `doc`. A file that is not UTF-8 is read as
/// text, since the parser reads only UTF-8.
pub(crate) fn read(raw: &[u8], options: Options, doc: &mut Doc) {
    let Ok(source) = std::str::from_utf8(raw) else {
        doc.text.raw(0, raw);
        return;
    };
    // Quarto's `{{< include _part.qmd >}}`: the part's headings are the
    // page's (Quarto, "Includes").
    // The file it names is a link too: a missing one stops the render.
    if doc.want_refs && memchr::memmem::find(raw, b"{{< include ").is_some() {
        let mut at = 0;
        for line in source.split_inclusive('\n') {
            let start = at;
            at += line.len();
            let Some((k, path)) = myst::quarto_include(line) else {
                continue;
            };
            let off = start + k;
            if doc.want_anchors {
                doc.targets.includes.push(path.to_string());
            }
            doc.reference_owned(off, path.as_bytes(), path.as_bytes().to_vec());
        }
    }
    // The text of the heading being read: what its slug is made from.
    let mut heading: Option<String> = None;
    let mut heading_id: Option<String> = None;
    // The labels reference links use.
    let mut used: foldhash::HashSet<String> = foldhash::HashSet::default();
    let mut events = parser(source, doc.want_refs).into_offset_iter();
    // MyST directives that hold Markdown (```` ```{note} ````): their
    // bodies are read as Markdown, from a parse where nothing else shows,
    // in place of the code block the parser makes of them.
    let directives = myst::prose_directives(source);
    let masked = myst::masked(source, &directives);
    let mut inner = match &masked {
        Some(m) => parser(m, doc.want_refs).into_offset_iter().collect(),
        None => Vec::new(),
    }
    .into_iter()
    .peekable();
    let mut queued: std::collections::VecDeque<(Event, Range<usize>)> = Default::default();
    // The end of the directive whose code block's events are skipped.
    let mut skip_until: Option<usize> = None;
    let mut links: Vec<Open> = Vec::new();
    let mut code_block = false;
    let mut html_block: Option<Range<usize>> = None;
    // Inside an autolink, whose text is its destination.
    let mut autolink = 0usize;
    // Inside inline HTML code elements (`<code>`, `<kbd>` ...).
    let mut inline_code = 0usize;
    // What no event covers, to find the definitions no event stands for:
    // events come in file order, so the gaps are found as they come.
    let mut gaps: Vec<Range<usize>> = Vec::new();
    let mut reach = 0;
    // The bodies of Hugo's code shortcodes: listings, as code blocks are.
    let bodies = super::shortcodes::code_bodies(raw);
    let in_body = |at: usize| within(&bodies, at);
    loop {
        let (event, range) = match queued.pop_front() {
            Some(e) => e,
            None => match events.next() {
                None => break,
                Some((event, range)) => {
                    if let Some(end) = skip_until {
                        if range.start < end {
                            continue;
                        }
                        skip_until = None;
                    }
                    if let Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock) = &event
                        && let Some(d) = directives.iter().find(|d| d.block.start == range.start)
                    {
                        // An MDX component's tags: their attributes.
                        if d.jsx && !in_body(d.block.start) {
                            let tags = myst::tags_only(&raw[d.block.clone()]);
                            html::read(&tags, d.block.start, options.include_code, doc);
                        }
                        if range.start > reach {
                            gaps.push(reach..range.start);
                        }
                        reach = reach.max(range.end);
                        while let Some(e) = inner.next_if(|(_, r)| r.start < d.block.end) {
                            queued.push_back(e);
                        }
                        skip_until = Some(d.block.end);
                        doc.text.separate();
                        continue;
                    }
                    (event, range)
                }
            },
        };
        if !matches!(event, Event::Start(_) | Event::End(_))
            || matches!(
                event,
                Event::Start(
                    Tag::CodeBlock(_)
                        | Tag::HtmlBlock
                        | Tag::Link { .. }
                        | Tag::Image { .. }
                        | Tag::FootnoteDefinition(_)
                )
            )
        {
            if range.start > reach {
                gaps.push(reach..range.start);
            }
            reach = reach.max(range.end);
        }
        if let Some(open) = links.last_mut()
            && !matches!(event, Event::End(TagEnd::Link | TagEnd::Image))
        {
            open.text_end = open.text_end.max(range.end);
        }
        if doc.want_refs {
            match &event {
                // Headings, ids and labels: only what a fragment names.
                Event::Start(Tag::Heading { id, .. }) if doc.want_anchors => {
                    heading_id = id.as_ref().map(|id| id.to_string());
                    if let Some(id) = &heading_id {
                        doc.targets.ids.push(id.clone());
                    }
                    heading = Some(String::new());
                }
                Event::End(TagEnd::Heading(_)) if doc.want_anchors => {
                    // GitHub has no heading attributes: it makes the id of
                    // `Setup {#install}` from all of it, `setup-install`.
                    if let (Some(h), Some(id)) = (&heading, heading_id.take()) {
                        let written = format!("{h} {{#{id}}}");
                        doc.targets.ids.push(crate::slug::github(&written));
                        doc.targets.pinned.push(doc.targets.headings.len());
                    }
                    doc.targets.headings.extend(heading.take());
                }
                // A definition makes a link only where a reference link
                // uses its label (CommonMark 4.7).
                Event::Start(
                    Tag::Link { link_type, id, .. } | Tag::Image { link_type, id, .. },
                ) if !matches!(
                    link_type,
                    LinkType::Inline | LinkType::Autolink | LinkType::Email
                ) =>
                {
                    used.insert(normal_label(id));
                }
                // MyST's `(label)=` line names the block after it
                // (Sphinx's Markdown); the parser reads it as text.
                Event::Text(t)
                    if doc.want_anchors
                        && heading.is_none()
                        && t.starts_with('(')
                        && t.ends_with(")=")
                        && t.len() > 3
                        && !t.contains(char::is_whitespace) =>
                {
                    let label = &t[1..t.len() - 2];
                    doc.targets.labels.push(label.to_string());
                    doc.targets.ids.push(label.to_string());
                }
                // kramdown's block IAL `{: #id}` on its own line gives
                // the block before it that id (kramdown's syntax, "Block
                // Inline Attribute Lists"): Jekyll's headings.
                // An attribute list at the end of a block or a span, with an
                // id: kramdown's `{: #id}`, Python-Markdown's attr_list
                // `{#id}`, `{ #id .class }`, `{ id="x" }` (MkDocs), the
                // autorefs anchor `[](){#id}`, Pandoc's and MyST's `{#id}`.
                Event::Text(t)
                    if doc.want_anchors && heading.is_none() && t.trim_end().ends_with('}') =>
                {
                    attribute_ids(t, &mut doc.targets.ids)
                }
                // Tags are left out of a heading's text, as GitHub's
                // slugs leave them out.
                Event::Text(t) | Event::Code(t) => {
                    if let Some(h) = heading.as_mut() {
                        h.push_str(t);
                    }
                }
                _ => {}
            }
        }
        match event {
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                ..
            })
            | Event::Start(Tag::Image {
                link_type,
                dest_url,
                ..
            }) => {
                if matches!(link_type, LinkType::Autolink | LinkType::Email) {
                    autolink += 1;
                }
                // A link's text is a run of its own: a URI in it ends with
                // it, whatever follows (`[http://x.org](http://x.org){:target="_blank"}`,
                // kramdown's span IAL).
                doc.text.separate();
                links.push(Open {
                    kind: link_type,
                    dest: dest_url.into_string(),
                    text_end: range.start + 1,
                    range,
                });
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                doc.text.separate();
                if let Some(open) = links.pop() {
                    if !in_body(open.range.start) {
                        destination(raw, &open, doc);
                    }
                    if matches!(open.kind, LinkType::Autolink | LinkType::Email) {
                        autolink -= 1;
                    }
                }
            }
            Event::Text(text) if autolink == 0 => {
                if inline_code > 0 && !options.include_code {
                    doc.text.separate();
                } else if code_block || in_body(range.start) {
                    // A body is a run of its own, as a code block is.
                    let body = !code_block;
                    if body {
                        doc.text.separate();
                    }
                    if options.include_code {
                        align(
                            &mut doc.text,
                            &raw[range.clone()],
                            range.start,
                            text.as_bytes(),
                            VERBATIM,
                        );
                    }
                    if body {
                        doc.text.separate();
                    }
                } else {
                    align(
                        &mut doc.text,
                        &raw[range.clone()],
                        range.start,
                        text.as_bytes(),
                        DECODES,
                    );
                    if doc.want_refs && raw[range.clone()] == *text.as_bytes() {
                        crossrefs(&text, range.start, doc);
                    }
                }
            }
            Event::Code(code) => {
                doc.text.separate();
                if options.include_code {
                    let inner = code_span_inner(raw, range);
                    align(
                        &mut doc.text,
                        &raw[inner.clone()],
                        inner.start,
                        code.as_bytes(),
                        VERBATIM,
                    );
                    doc.text.separate();
                }
            }
            Event::SoftBreak => doc.text.raw(range.start, &raw[range]),
            Event::Html(_) => {
                // An HTML block comes a line at a time; it is read whole.
                let r = html_block.get_or_insert(range.clone());
                r.end = range.end;
            }
            Event::InlineHtml(_) => {
                // `x <code>http://...</code>`: the text between the tags
                // comes as Markdown text, and is code.
                let tag = &raw[range.clone()];
                if let Some((name, closing)) = html::tag_name(tag)
                    && html::is_code(name)
                {
                    inline_code = if closing {
                        inline_code.saturating_sub(1)
                    } else {
                        inline_code + 1
                    };
                }
                if !in_body(range.start) {
                    html::read(tag, range.start, options.include_code, doc)
                }
            }
            Event::Start(Tag::CodeBlock(_)) => {
                code_block = true;
                doc.text.separate();
            }
            Event::End(TagEnd::CodeBlock) => {
                code_block = false;
                doc.text.separate();
            }
            Event::End(TagEnd::HtmlBlock) => {
                if let Some(r) = html_block.take()
                    && !in_body(r.start)
                {
                    html::read(&raw[r.clone()], r.start, options.include_code, doc);
                }
                doc.text.separate();
            }
            // Emphasis and the like may split a word; blocks end one.
            Event::Start(
                Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Superscript
                | Tag::Subscript,
            )
            | Event::End(
                TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Superscript
                | TagEnd::Subscript,
            ) => {}
            _ => doc.text.separate(),
        }
    }
    // The all-contributors bot's table links each contribution's emoji
    // to `#<type>-<login>`, an anchor no page has (all-contributors'
    // specification, "Emoji key"): between its markers, `#` links are
    // the bot's.
    bot_links(raw, doc);
    // Reference definitions: `[label]: <dest> "title"`, in file order.
    let defs: Vec<(Range<usize>, String)> = events
        .reference_definitions()
        .iter()
        .map(|(_, def)| (def.span.clone(), def.dest.to_string()))
        .collect();
    if reach < raw.len() {
        gaps.push(reach..raw.len());
    }
    let mut defs: Vec<(Range<usize>, Option<String>)> = defs
        .into_iter()
        .map(|(span, dest)| (span, Some(dest)))
        .collect();
    // A second definition of a label is dropped by the parser (CommonMark
    // 4.7) but is still a link written in the file: a definition line in
    // a gap that no kept definition spans.
    let in_gap = |at: usize| within(&gaps, at);
    // Sorted, so each `[` is looked up, not compared with every kept
    // definition (definitions do not overlap).
    let mut kept: Vec<Range<usize>> = defs.iter().map(|(span, _)| span.clone()).collect();
    kept.sort_unstable_by_key(|k| k.start);
    let is_covered = |at: usize| !in_gap(at) || within(&kept, at);
    // A `[` that starts a line, after at most three spaces.
    for p in memchr::memchr_iter(b'[', raw) {
        let spaces = raw[..p]
            .iter()
            .rev()
            .take(4)
            .take_while(|&&b| b == b' ')
            .count();
        let start = p - spaces;
        if spaces > 3 || (start > 0 && !matches!(raw[start - 1], b'\n' | b'\r')) {
            continue;
        }
        let end = memchr::memchr2(b'\n', b'\r', &raw[p..]).map_or(raw.len(), |k| p + k);
        let line = &raw[start..end];
        if !raw[p..].starts_with(b"[^") && label_end(line).is_some() && !is_covered(p) {
            defs.push((start..end, None));
        }
    }
    super::page_refs::read(raw, doc);
    defs.sort_by_key(|(span, _)| span.start);
    for (span, dest) in defs {
        let after_label = label_end(&raw[span.clone()]).map(|k| span.start + k);
        if let Some(from) = after_label {
            let refs = doc.refs.len();
            push_destination(raw, from, span.end, dest.as_deref(), doc);
            // An unused definition, or a label's second one, links nothing:
            // it is no reference to check (its URI is still scanned).
            let label = String::from_utf8_lossy(&raw[span.start..from - 2]);
            let label = label.trim_start().strip_prefix('[').unwrap_or(&label);
            if dest.is_none() || !used.contains(&normal_label(label)) {
                doc.refs.truncate(refs);
            }
        }
    }
}

/// Whether `at` is in one of `ranges` (sorted, not overlapping).
fn within(ranges: &[Range<usize>], at: usize) -> bool {
    let i = ranges.partition_point(|r| r.start <= at);
    i > 0 && ranges[i - 1].end > at
}

/// The ids of the attribute list a text ends in: kramdown's block IAL
/// (`{: #id .class}`), Python-Markdown's attr_list (`{ #id }`, `{ id="x"
/// }`), Pandoc's attributes (`{#id}`).
#[inline(never)]
fn attribute_ids(t: &str, ids: &mut Vec<String>) {
    let t = t.trim_end();
    let Some(open) = t.rfind('{') else { return };
    let inner = &t[open + 1..t.len() - 1];
    let inner = inner.strip_prefix(':').unwrap_or(inner);
    for word in inner.split_whitespace() {
        let id = word.strip_prefix('#').or_else(|| {
            word.strip_prefix("id=")
                .map(|v| v.trim_matches(['"', '\'']))
        });
        if let Some(id) = id.filter(|i| !i.is_empty() && !i.contains(['{', '}'])) {
            ids.push(id.to_string());
        }
    }
}

/// pulldown-cmark's parser over `source` as the Markdown reader runs it:
/// CommonMark with GitHub's extensions, YAML front matter, and with
/// `heading_ids` the `## Title {#id}` attribute (mdBook, kramdown,
/// Pandoc), which names an anchor and is read only for link integrity.
/// `benches/corpus.py` measures it alone, as the floor of reading
/// Markdown.
pub fn parser(source: &str, heading_ids: bool) -> Parser<'_> {
    let mut extensions = Extensions::ENABLE_TABLES
        | Extensions::ENABLE_FOOTNOTES
        | Extensions::ENABLE_STRIKETHROUGH
        | Extensions::ENABLE_TASKLISTS
        | Extensions::ENABLE_YAML_STYLE_METADATA_BLOCKS
        | Extensions::ENABLE_GFM;
    if heading_ids {
        extensions |= Extensions::ENABLE_HEADING_ATTRIBUTES;
    }
    Parser::new_ext(source, extensions)
}

/// Marks the fragment links between `<!-- ALL-CONTRIBUTORS-LIST:START`
/// and `<!-- ALL-CONTRIBUTORS-LIST:END` as the bot's.
fn bot_links(raw: &[u8], doc: &mut Doc) {
    const START: &[u8] = b"<!-- ALL-CONTRIBUTORS-LIST:START";
    const END: &[u8] = b"<!-- ALL-CONTRIBUTORS-LIST:END";
    if !doc.want_refs {
        return;
    }
    let Some(start) = memchr::memmem::find(raw, START) else {
        return;
    };
    let end = memchr::memmem::find(&raw[start..], END).map_or(raw.len(), |k| start + k);
    for (range, value, kind) in &mut doc.refs {
        if range.start > start && range.end <= end && value.first() == Some(&b'#') {
            *kind = super::RefKind::Bot;
        }
    }
}

/// The kinds of Quarto cross-references (Quarto, "Cross References"):
/// `@sec-`, `@fig-`, `@tbl-`, `@eq-` ...
const CROSSREF_KINDS: &[&str] = &[
    "sec", "fig", "tbl", "eq", "lst", "thm", "lem", "cor", "prp", "cnj", "def", "exm", "exr",
    "sol", "rem", "alg", "nte", "wrn", "tip", "imp", "cau",
];

/// Records the Quarto cross-references in `text`, written at `at`:
/// `@sec-setup`, `[-@fig-plot]`, not an address (`a@sec-x.org`).
fn crossrefs(text: &str, at: usize, doc: &mut Doc) {
    let b = text.as_bytes();
    for k in memchr::memchr_iter(b'@', b) {
        if k > 0 && (b[k - 1].is_ascii_alphanumeric() || matches!(b[k - 1], b'.' | b'_' | b'@')) {
            continue;
        }
        let rest = &text[k + 1..];
        let Some((kind, _)) = rest.split_once('-') else {
            continue;
        };
        if !CROSSREF_KINDS.contains(&kind) {
            continue;
        }
        let len = rest
            .bytes()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b'.' | b':'))
            .count();
        // A label ends in a letter or digit: `@fig-a.` ends a sentence.
        let label = rest[..len].trim_end_matches(['.', ':', '-']);
        if label.len() <= kind.len() + 1 {
            continue;
        }
        let prev = doc.ref_kind;
        doc.ref_kind = super::RefKind::Crossref;
        let value = format!("#{label}").into_bytes();
        doc.reference_owned(at + k + 1, label.as_bytes(), value);
        doc.ref_kind = prev;
    }
}

/// A link label as pulldown-cmark matches it (CommonMark 4.7): runs of
/// ASCII whitespace one space, trimmed, and Unicode case folding (with
/// unicase, as pulldown-cmark compares labels: `ΣΑΣ` is `σας` too).
fn normal_label(label: &str) -> String {
    let mut out = String::with_capacity(label.len());
    for word in label
        .split(|c| matches!(c, '\t'..='\r' | ' '))
        .filter(|w| !w.is_empty())
    {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_ascii() {
        out.make_ascii_lowercase();
        return out;
    }
    unicase::UniCase::new(out).to_folded_case()
}

/// Where a definition's label ends: past the first `]:` that no backslash
/// escapes (CommonMark 4.7).
fn label_end(def: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 1 < def.len() {
        match def[i] {
            b'\\' => i += 1,
            b']' if def[i + 1] == b':' => return Some(i + 2),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The inside of a code span: without its backtick strings and the one
/// space CommonMark strips on each side (6.1).
fn code_span_inner(raw: &[u8], range: Range<usize>) -> Range<usize> {
    let s = &raw[range.clone()];
    let ticks = s.iter().take_while(|&&b| b == b'`').count();
    let (mut a, mut b) = (
        range.start + ticks,
        range.end.saturating_sub(ticks).max(range.start + ticks),
    );
    let space = |c: u8| matches!(c, b' ' | b'\n' | b'\r');
    if b > a + 1 && space(raw[a]) && space(raw[b - 1]) {
        a += 1;
        b -= 1;
    }
    a..b
}

/// Pushes the destination of a link or image where it is written.
fn destination(raw: &[u8], open: &Open, doc: &mut Doc) {
    match open.kind {
        LinkType::Inline => {
            // `[text](dest "title")`: after the text's `]` comes `(`.
            let r = &open.range;
            let Some(k) = memchr::memmem::find(&raw[open.text_end.min(r.end)..r.end], b"](") else {
                return;
            };
            push_destination(raw, open.text_end + k + 2, r.end, Some(&open.dest), doc);
        }
        LinkType::Autolink => {
            // `<scheme:...>`: the destination is what the brackets hold.
            let r =
                open.range.start + 1..open.range.end.saturating_sub(1).max(open.range.start + 1);
            doc.link(&raw[r.clone()], r.start, open.dest.as_bytes(), DECODES);
        }
        // A reference link's destination is written at its definition.
        _ => {}
    }
}

/// Pushes a destination that starts after optional whitespace at `from`
/// (CommonMark 6.3: `<...>`, or up to whitespace or an unbalanced `)`).
/// `dest` is the parser's decoded destination; without one, backslash
/// escapes are decoded here.
fn push_destination(raw: &[u8], from: usize, limit: usize, dest: Option<&str>, doc: &mut Doc) {
    if dest == Some("") {
        return;
    }
    // Whitespace, with at most a line break, after which a block quote's
    // `>` markers may stand again.
    let mut a = from;
    while a < limit && raw[a].is_ascii_whitespace() {
        a += 1;
        if raw[a - 1] == b'\n' {
            while a < limit && matches!(raw[a], b'>' | b' ' | b'\t') {
                a += 1;
            }
        }
    }
    let b = if raw.get(a) == Some(&b'<') {
        a += 1;
        memchr::memchr(b'>', &raw[a..limit]).map_or(limit, |k| a + k)
    } else {
        let mut depth = 0usize;
        let mut b = a;
        while b < limit {
            match raw[b] {
                b'\\' if b + 1 < limit => b += 1,
                b'(' => depth += 1,
                b')' if depth == 0 => break,
                b')' => depth -= 1,
                c if c.is_ascii_whitespace() || c.is_ascii_control() => break,
                _ => {}
            }
            b += 1;
        }
        b.min(limit)
    };
    let decoded;
    let dest = match dest {
        Some(d) => d.as_bytes(),
        None => {
            decoded = unescape(&raw[a..b]);
            &decoded
        }
    };
    if !dest.is_empty() {
        doc.link(&raw[a..b], a, dest, DECODES);
    }
}

/// CommonMark backslash escapes (2.4) decoded.
fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && raw.get(i + 1).is_some_and(u8::is_ascii_punctuation) {
            i += 1;
        }
        out.push(raw[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::normal_label;
    use pulldown_cmark::{Event, LinkType, Tag};

    /// Whether the parser resolves `[t][used]` to `[defined]: x`.
    fn resolves(used: &str, defined: &str) -> bool {
        let doc = format!("[t][{used}]\n\n[{defined}]: http://x.example/\n");
        super::parser(&doc, false).any(|e| {
            matches!(
                e,
                Event::Start(Tag::Link {
                    link_type: LinkType::Reference,
                    ..
                })
            )
        })
    }

    #[test]
    fn labels_match_as_the_parser_matches_them() {
        let labels = [
            "Foo",
            "foo",
            "FOO  bar",
            "foo bar",
            "foo\tbar",
            "foo\u{b}bar",
            "foo\u{a0}bar",
            " foo ",
            "ΣΑΣ",
            "σας",
            "σασ",
            "Straße",
            "STRASSE",
            "ǅ",
            "ǆ",
            "x\\]y",
        ];
        for used in labels {
            for defined in labels {
                assert_eq!(
                    normal_label(used) == normal_label(defined),
                    resolves(used, defined),
                    "{used:?} against {defined:?}"
                );
            }
        }
    }
}
