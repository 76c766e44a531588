//! MyST directives in backtick fences (MyST-Parser, "Roles and
//! Directives"): ```` ```{note} ```` holds Markdown, whose links and
//! URIs are read as any Markdown's; ```` ```{code-cell} ```` holds code.
//! CommonMark parses both as fenced code blocks (CommonMark 4.5), so
//! the bodies of the first kind are parsed again, alone.

use std::ops::Range;

use pulldown_cmark::{Event, Parser, Tag};

/// A directive whose body is Markdown.
pub(crate) struct Directive {
    /// The fenced block, fences included.
    pub block: Range<usize>,
    /// Its body: the lines between the fences.
    pub body: Range<usize>,
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

/// The directives of `source` whose bodies are Markdown, in order. Only
/// a file with a fence opening `{` is parsed for them.
pub(crate) fn prose_directives(source: &str) -> Vec<Directive> {
    let raw = source.as_bytes();
    let opens = memchr::memmem::find(raw, b"```{").is_some()
        || memchr::memmem::find(raw, b"~~~{").is_some();
    if !opens {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (event, range) in Parser::new(source).into_offset_iter() {
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
    }
    // Bodies start and end at line breaks, so they hold whole characters.
    String::from_utf8(out).ok()
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
}
