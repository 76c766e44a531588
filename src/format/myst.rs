//! MyST directives in backtick fences (MyST-Parser, "Roles and
//! Directives"): ```` ```{note} ```` holds Markdown, whose links and
//! URIs are read as any Markdown's; ```` ```{code-cell} ```` holds code.
//! CommonMark parses both as fenced code blocks (CommonMark 4.5), so
//! the bodies of the first kind are parsed again, alone.

use std::ops::Range;

use pulldown_cmark::{Event, Parser, Tag};

/// A block whose body is Markdown: a MyST directive, or an MDX
/// component (`<Callout>...</Callout>`), whose children MDX parses as
/// Markdown (MDX 2, "Markdown in components").
pub(crate) struct Directive {
    /// The fenced block, fences included; the HTML block.
    pub block: Range<usize>,
    /// Its body: the lines between the fences; the whole block.
    pub body: Range<usize>,
    /// An MDX component's block: its tags are blanked for the Markdown
    /// read, and read alone as HTML for their attributes.
    pub jsx: bool,
}

/// The directives whose bodies are prose: admonitions, figures, tables,
/// cards, tabs, version notes... Any other (`code`, `code-cell`, `math`,
/// `mermaid`, `eval-rst`, a Quarto cell such as `{python}`) is code, as
/// is a name not known here.
fn is_prose(name: &str) -> bool {
    const PROSE: &[&str] = &[
        "admonition",
        "attention",
        "caution",
        "danger",
        "error",
        "hint",
        "important",
        "note",
        "seealso",
        "tip",
        "warning",
        "todo",
        "topic",
        "sidebar",
        "margin",
        "aside",
        "epigraph",
        "pull-quote",
        "highlights",
        "versionadded",
        "versionchanged",
        "versionremoved",
        "deprecated",
        "dropdown",
        "card",
        "grid",
        "grid-item",
        "grid-item-card",
        "tab-set",
        "tab-item",
        "tabs",
        "tab",
        "div",
        "container",
        "figure",
        "table",
        "list-table",
        "glossary",
        "only",
        "centered",
        "hlist",
        "exercise",
        "solution",
        "proof",
        "button-ref",
        "button-link",
    ];
    PROSE.contains(&name) || name.starts_with("prf:") || name.ends_with("admonition")
}

/// The file a line of its own that is Quarto's `{{< include path >}}`
/// names, and where in the line the path starts (Quarto, "Includes").
pub(crate) fn quarto_include(line: &str) -> Option<(usize, &str)> {
    let trimmed = line.trim();
    if !(trimmed.starts_with("{{< include ") && trimmed.ends_with(">}}")) {
        return None;
    }
    let k = line.find("{{< include ")? + 12;
    let arg = &line[k..k + line[k..].find(">}}")?];
    let path = arg.trim().trim_matches(['"', '\'']);
    if path.is_empty() || path.contains("{{") {
        return None;
    }
    Some((k + arg.find(path).unwrap_or(0), path))
}

/// Whether `text` starts with a JSX component's name: upper-case first,
/// with a lower-case letter somewhere (`Callout`, `TOCInline`, `Tabs.Tab`),
/// which HTML written in capitals (`P`, `A`, `TABLE`) never has.
fn pascal(text: &[u8]) -> bool {
    let name = text
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.'));
    text.first().is_some_and(u8::is_ascii_uppercase) && name.into_iter().any(u8::is_ascii_lowercase)
}

/// The directives of `source` whose bodies are Markdown, in order. Only
/// a file with a fence opening `{` is parsed for them.
pub(crate) fn prose_directives(source: &str) -> Vec<Directive> {
    let raw = source.as_bytes();
    let opens = memchr::memmem::find(raw, b"```{").is_some()
        || memchr::memmem::find(raw, b"~~~{").is_some();
    // An MDX component at a line's start: `<Callout`, `<Tabs.Tab`, named
    // in PascalCase (`<P>` and `<A HREF>` are HTML in capitals).
    let jsx = memchr::memchr_iter(b'<', raw)
        .any(|k| (k == 0 || raw[k - 1] == b'\n') && pascal(&raw[k + 1..]));
    if !opens && !jsx {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (event, range) in Parser::new(source).into_offset_iter() {
        if jsx
            && let Event::Start(Tag::HtmlBlock) = event
            && source.as_bytes().get(range.start) == Some(&b'<')
            && pascal(&source.as_bytes()[range.start + 1..])
        {
            out.push(Directive {
                block: range.clone(),
                body: range,
                jsx: true,
            });
            continue;
        }
        let Event::Start(Tag::CodeBlock(pulldown_cmark::CodeBlockKind::Fenced(info))) = event
        else {
            continue;
        };
        let name = info
            .trim()
            .strip_prefix('{')
            .and_then(|r| r.split_once('}'))
            .map(|(n, _)| n.trim());
        if !name.is_some_and(is_prose) {
            continue;
        }
        let block = &source[range.clone()];
        let Some(first) = block.find('\n') else {
            continue;
        };
        let start = range.start + first + 1;
        // The closing fence is the block's last line, if it has one.
        let trimmed = block.trim_end_matches(['\n', '\r']);
        let last = trimmed.rfind('\n').map_or(0, |k| k + 1);
        let closing = trimmed[last..].trim_start();
        let end = if last > first && (closing.starts_with("```") || closing.starts_with("~~~")) {
            range.start + last
        } else {
            range.end
        };
        if start < end {
            out.push(Directive {
                block: range,
                body: start..end,
                jsx: false,
            });
        }
    }
    out
}

/// `source` with only the directives' bodies left: every other byte but
/// line breaks is a space, so a parse of it has the same offsets. `None`
/// without directives.
pub(crate) fn masked(source: &str, directives: &[Directive]) -> Option<String> {
    if directives.is_empty() {
        return None;
    }
    let mut out: Vec<u8> = source
        .bytes()
        .map(|b| if b == b'\n' { b'\n' } else { b' ' })
        .collect();
    for d in directives {
        out[d.body.clone()].copy_from_slice(&source.as_bytes()[d.body.clone()]);
        if d.jsx {
            for t in tag_spans(&source.as_bytes()[d.body.clone()]) {
                for b in &mut out[d.body.start + t.start..d.body.start + t.end] {
                    if *b != b'\n' {
                        *b = b' ';
                    }
                }
            }
        }
    }
    // Bodies start and end at line breaks, so they hold whole characters.
    String::from_utf8(out).ok()
}

/// An MDX component block with only its tags left (the rest blanked,
/// line breaks kept), for the HTML reader's attributes.
pub(crate) fn tags_only(block: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = block
        .iter()
        .map(|&b| if b == b'\n' { b'\n' } else { b' ' })
        .collect();
    for t in tag_spans(block) {
        out[t.clone()].copy_from_slice(&block[t]);
    }
    out
}

/// The tags of a block, `<...>`: a `>` in a quoted value or a `{...}`
/// expression does not end one.
fn tag_spans(b: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'<', &b[i..]) {
        let start = i + k;
        let next = b.get(start + 1).copied();
        if !next.is_some_and(|c| c.is_ascii_alphabetic() || c == b'/' || c == b'!') {
            i = start + 1;
            continue;
        }
        let mut j = start + 1;
        let (mut quote, mut depth) = (None::<u8>, 0usize);
        while j < b.len() {
            match (quote, b[j]) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, c @ (b'"' | b'\'')) => quote = Some(c),
                (None, b'{') => depth += 1,
                (None, b'}') => depth = depth.saturating_sub(1),
                (None, b'>') if depth == 0 => break,
                _ => {}
            }
            j += 1;
        }
        let end = (j + 1).min(b.len());
        out.push(start..end);
        i = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_bodies_only() {
        let src = "# T\n\n```{note}\nSee [a](a.md).\n```\n\n```{code-cell} python\nx = '[b](b.md)'\n```\n";
        let d = prose_directives(src);
        assert_eq!(d.len(), 1);
        assert_eq!(&src[d[0].body.clone()], "See [a](a.md).\n");
        let m = masked(src, &d).unwrap();
        assert_eq!(m.len(), src.len());
        assert_eq!(m.trim(), "See [a](a.md).");
    }

    #[test]
    fn mdx_component_children_are_markdown() {
        let src = "# T\n\n<Callout type=\"info\">\nSee [a](a.md).\n</Callout>\n";
        let d = prose_directives(src);
        assert_eq!(d.len(), 1);
        assert!(d[0].jsx);
        let m = masked(src, &d).unwrap();
        assert_eq!(
            m.split_whitespace().collect::<Vec<_>>(),
            ["See", "[a](a.md)."]
        );
        let block = &src.as_bytes()[d[0].block.clone()];
        let tags = String::from_utf8(tags_only(block)).unwrap();
        assert_eq!(
            tags.split_whitespace().collect::<Vec<_>>(),
            ["<Callout", "type=\"info\">", "</Callout>"]
        );
    }

    #[test]
    fn components_are_told_from_html_in_capitals() {
        for name in ["Callout ", "TOCInline />", "Tabs.Tab>", "APITable>"] {
            assert!(pascal(name.as_bytes()), "{name}");
        }
        for name in ["P>", "A HREF=x>", "TABLE>", "div>", "!-- x -->"] {
            assert!(!pascal(name.as_bytes()), "{name}");
        }
        // Old HTML in capitals is not parsed as a component.
        assert!(
            prose_directives(
                "<P>
See [a](a.md).
</P>
"
            )
            .is_empty()
        );
    }
}
