//! Following links in the editor: completion of relative paths and
//! `#fragment`s inside link syntax, go-to-definition from a link to its
//! target file and heading, and hover on a finding (its rule's page) or
//! on a link (where it lands).
//!
//! A link's target is found as the site's generator finds it for the
//! common cases (the file named, a page's source for its `.html`, a
//! folder's index page); the anchors offered are those `check` accepts
//! for that target (SPEC section 11).

use std::path::{Path, PathBuf};

use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse, CompletionTextEdit,
    GotoDefinitionParams, GotoDefinitionResponse, Hover, HoverContents, HoverParams, Location,
    MarkupContent, MarkupKind, Position, Range, TextEdit,
};

use super::index::percent as decoded;
use super::text::{Encoding, Text};
use super::{Server, index, uri_of};
use crate::format::{self, Format, Targets};
use crate::links::{LinkOptions, Links};

/// Where a link's value starts, in each format's link syntax: Markdown
/// `](` and `]: `, HTML `href=` and `src=`, reStructuredText `` <``,
/// AsciiDoc `xref:`, `link:` and `<<`.
const OPENERS: [&str; 10] = [
    "](", "]: ", "href=\"", "href='", "src=\"", "src='", "xref:", "link:", "<<", " <",
];

/// What ends a link's value in those syntaxes.
fn ends_value(c: char) -> bool {
    c.is_whitespace() || "\"'()<>[]`,".contains(c)
}

/// The link value being written before the cursor on its line, and which
/// opener began it.
fn value_before(line: &str) -> Option<(&'static str, &str)> {
    OPENERS
        .iter()
        .filter_map(|o| {
            let at = line.rfind(o)? + o.len();
            let value = &line[at..];
            (!value.contains(ends_value)).then_some((*o, value))
        })
        .min_by_key(|(_, v)| v.len())
}

/// A file name as a path segment of a link: what is not unreserved or a
/// sub-delimiter that link syntax leaves alone percent-encoded (RFC 3986
/// s2.1, s3.3).
fn encoded(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for b in name.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                out.push(b as char)
            }
            b'!' | b'$' | b'&' | b'*' | b'+' | b',' | b';' | b'=' | b'@' => out.push(b as char),
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// The file a relative reference's path leads to from `dir` (`root` for
/// a `/`-rooted one): the file named; for a page's `.html` or a name
/// without extension, its source; for a folder, its index page.
fn target_file(dir: &Path, root: Option<&Path>, path: &str) -> Option<PathBuf> {
    let path = decoded(path);
    let joined = match path.strip_prefix('/') {
        Some(rest) => root?.join(rest),
        None => dir.join(&path),
    };
    let p = crate::paths::lexical(&joined);
    if p.is_file() {
        return Some(p);
    }
    const SOURCES: [&str; 5] = ["md", "markdown", "rst", "adoc", "html"];
    let mut candidates = Vec::new();
    if p.is_dir() || path.ends_with('/') {
        for stem in ["index", "README", "_index", "readme"] {
            candidates.extend(SOURCES.iter().map(|e| p.join(format!("{stem}.{e}"))));
        }
    } else {
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        let base = match ext {
            "html" | "htm" | "" => p.with_extension(""),
            _ => p.clone(),
        };
        candidates.extend(SOURCES.iter().map(|e| base.with_extension(e)));
        candidates.extend(SOURCES.iter().map(|e| base.join(format!("index.{e}"))));
    }
    candidates.into_iter().find(|c| c.is_file())
}

/// A document's text: its buffer when open, else its file.
fn text_of(server: &Server, path: &Path) -> Option<String> {
    match server.documents.get(path) {
        Some(doc) => Some(doc.text.text.clone()),
        None => crate::regular::read(path, crate::format::MAX_PARSED)
            .ok()
            .map(|b| String::from_utf8_lossy(&b).into_owned()),
    }
}

/// A link's target read for its anchors: its format, its titles and ids,
/// and its site's generator, which makes ids of titles (SPEC section 11).
struct Page {
    format: Format,
    targets: Targets,
    generator: Option<crate::links::Generator>,
}

impl Page {
    /// The file at `path`, holding `text`.
    fn read(path: &Path, text: &str) -> Page {
        let format = Format::from_name(path).unwrap_or(Format::Markdown);
        let targets = format::targets(format, text.as_bytes(), format::Options::default());
        let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let generator = abs
            .parent()
            .and_then(|d| Links::new(LinkOptions::default()).site_of(d))
            .map(|s| s.generator);
        Page {
            format,
            targets,
            generator,
        }
    }

    /// The anchors a fragment into it may name, as `check` makes them.
    fn names(&self) -> Vec<String> {
        let mut names = crate::links::anchors::offered(self.format, self.generator, &self.targets);
        names.retain(|n| !n.is_empty() && n != "top");
        names.sort_unstable();
        names.dedup();
        names
    }
}

/// Completion of paths and fragments inside a link's value.
pub(super) fn complete(
    server: &mut Server,
    params: CompletionParams,
) -> Option<CompletionResponse> {
    let at = params.text_document_position;
    let path = server.path_of_open(&at.text_document.uri)?;
    let enc = server.encoding;
    let doc = &server.documents[&path];
    let offset = doc.text.offset(at.position, enc);
    let line = doc.text.line_range(doc.text.line_of(offset));
    let (opener, value) = value_before(&doc.text.text[line.start..offset])?;
    if format::has_scheme(value.as_bytes()) {
        return None;
    }
    let dir = path.parent()?.to_path_buf();
    let root = server.root_of(&path);
    let edit_from = |typed: &str| -> Range {
        let from = offset - typed.len();
        doc.text.range(from, offset, enc)
    };
    // `<<id` in AsciiDoc names an anchor of this document.
    let (file_part, fragment) = match (value.split_once('#'), opener) {
        (Some((f, frag)), _) => (f, Some(frag)),
        (None, "<<") => ("", Some(value)),
        (None, _) => (value, None),
    };
    let items: Vec<CompletionItem> = match fragment {
        Some(typed) => {
            let target = match file_part {
                "" => path.clone(),
                f => target_file(&dir, root.as_deref(), f)?,
            };
            if !server.may_read(&path, &target) {
                return None;
            }
            let text = text_of(server, &target)?;
            let names = Page::read(&target, &text).names();
            let range = edit_from(typed);
            names
                .into_iter()
                .map(|n| CompletionItem {
                    label: n.clone(),
                    kind: Some(CompletionItemKind::REFERENCE),
                    text_edit: Some(CompletionTextEdit::Edit(TextEdit { range, new_text: n })),
                    ..CompletionItem::default()
                })
                .collect()
        }
        None => {
            let (folder, typed) = match file_part.rfind('/') {
                Some(k) => (&file_part[..=k], &file_part[k + 1..]),
                None => ("", file_part),
            };
            let base = match folder.strip_prefix('/') {
                Some(rest) => root?.join(decoded(rest)),
                None => dir.join(decoded(folder)),
            };
            if !server.may_read(&path, &base) {
                return None;
            }
            let range = edit_from(typed);
            let mut entries: Vec<(String, bool)> = std::fs::read_dir(&base)
                .ok()?
                .flatten()
                .filter_map(|e| {
                    let name = e.file_name().to_str()?.to_string();
                    let is_dir = e.file_type().ok()?.is_dir();
                    // A name that holds a secret (a page saved with its
                    // `?access_token=`) is not offered (SPEC section 10).
                    let secret = crate::redact::redact_text(&name) != name;
                    (!name.starts_with('.') && !secret).then_some((name, is_dir))
                })
                .collect();
            entries.sort();
            entries
                .into_iter()
                .map(|(name, is_dir)| {
                    // A space or bracket would end the link: written
                    // percent-encoded (RFC 3986 s2.1).
                    let name = encoded(&name);
                    let new_text = match is_dir {
                        true => format!("{name}/"),
                        false => name.clone(),
                    };
                    CompletionItem {
                        label: new_text.clone(),
                        kind: Some(match is_dir {
                            true => CompletionItemKind::FOLDER,
                            false => CompletionItemKind::FILE,
                        }),
                        text_edit: Some(CompletionTextEdit::Edit(TextEdit { range, new_text })),
                        ..CompletionItem::default()
                    }
                })
                .collect()
        }
    };
    Some(CompletionResponse::Array(items))
}

/// The relative reference under the cursor: its value, and the file and
/// anchor line it leads to.
struct Followed {
    value: String,
    target: PathBuf,
    /// The heading or id the fragment names, and its line.
    anchor: Option<(String, usize)>,
}

fn follow(server: &Server, path: &Path, offset: usize) -> Option<Followed> {
    let doc = server.documents.get(path)?;
    if !index::is_markup(doc.format) {
        return None;
    }
    let refs = format::references(
        doc.format,
        doc.text.text.as_bytes(),
        format::Options::default(),
    );
    let r = refs
        .iter()
        .find(|r| (r.start as usize) <= offset && offset <= (r.end as usize))?;
    let value = String::from_utf8_lossy(&r.value).into_owned();
    let (before, fragment) = match value.split_once('#') {
        Some((b, f)) => (b, Some(decoded(f))),
        None => (value.as_str(), None),
    };
    let file_part = before.split('?').next().unwrap_or("");
    let target = match file_part {
        "" => path.to_path_buf(),
        f => target_file(path.parent()?, server.root_of(path).as_deref(), f)?,
    };
    if !server.may_read(path, &target) {
        return None;
    }
    let anchor = match fragment {
        Some(f) if !f.is_empty() => {
            let text = text_of(server, &target)?;
            anchor_line(&target, &text, &f)
        }
        _ => None,
    };
    Some(Followed {
        value: file_part.to_string(),
        target,
        anchor,
    })
}

/// The heading or id `fragment` names in `text` (the file at `path`),
/// and the 0-based line it is on.
fn anchor_line(path: &Path, text: &str, fragment: &str) -> Option<(String, usize)> {
    let page = Page::read(path, text);
    let line_of = |k: usize| text[..k].matches('\n').count();
    // An id written as it is.
    let written = [
        format!("id=\"{fragment}\""),
        format!("id='{fragment}'"),
        format!("name=\"{fragment}\""),
        format!("{{#{fragment}"),
        format!("[[{fragment}"),
        format!("[#{fragment}"),
        format!("anchor:{fragment}["),
        format!(".. _{fragment}:"),
    ];
    if let Some(k) = written.iter().filter_map(|w| text.find(w.as_str())).min() {
        return Some((fragment.to_string(), line_of(k)));
    }
    // A heading whose id it is: found in order, each after the one before.
    let mut from = 0;
    for title in &page.targets.headings {
        let one = Targets {
            headings: vec![title.clone()],
            ..Targets::default()
        };
        let found = text[from..].find(title.as_str()).map(|k| from + k);
        if let Some(k) = found {
            from = k + title.len();
        }
        if crate::links::anchors::names(page.format, page.generator, &one)
            .iter()
            .any(|n| n == fragment)
        {
            return Some((title.clone(), found.map_or(0, line_of)));
        }
    }
    None
}

/// Go to a link's target file, at the heading its fragment names.
pub(super) fn definition(
    server: &mut Server,
    params: GotoDefinitionParams,
) -> Option<GotoDefinitionResponse> {
    let at = params.text_document_position_params;
    let path = server.path_of_open(&at.text_document.uri)?;
    let offset = server.documents[&path]
        .text
        .offset(at.position, server.encoding);
    let followed = follow(server, &path, offset)?;
    let line = followed.anchor.map_or(0, |(_, l)| l as u32);
    let start = Position::new(line, 0);
    Some(GotoDefinitionResponse::Scalar(Location {
        uri: uri_of(&followed.target)?,
        range: Range::new(start, start),
    }))
}

/// Hover: a finding's rule and its page; a link's target and heading.
pub(super) fn hover(server: &mut Server, params: HoverParams) -> Option<Hover> {
    let at = params.text_document_position_params;
    let path = server.path_of_open(&at.text_document.uri)?;
    let enc = server.encoding;
    let doc = &server.documents[&path];
    let offset = doc.text.offset(at.position, enc);
    let here: Vec<_> = doc
        .records
        .iter()
        .filter(|r| (r.start as usize) <= offset && offset <= (r.end as usize))
        .collect();
    if let Some(first) = here.first() {
        let parts: Vec<String> = here
            .iter()
            .map(|r| {
                let page = crate::rules::doc(&r.rule).map_or(String::new(), |d| d.to_markdown());
                format!("**urilint `{}`**: {}\n\n{page}", r.rule, r.message)
            })
            .collect();
        return Some(markdown(
            parts.join("\n\n---\n\n"),
            &doc.text,
            first.start,
            first.end,
            enc,
        ));
    }
    let followed = follow(server, &path, offset)?;
    let root = server.root_of(&path);
    let shown = root
        .as_deref()
        .and_then(|r| followed.target.strip_prefix(r).ok())
        .unwrap_or(&followed.target);
    let mut text = format!("`{}` leads to `{}`", followed.value, shown.display());
    if followed.value.is_empty() {
        text = "Leads into this document".to_string();
    }
    if let Some((title, line)) = &followed.anchor {
        text.push_str(&format!(", at `{title}` (line {})", line + 1));
    }
    // A heading, a path or a file name may hold a secret: what a hover
    // shows is redacted as every message is (SPEC section 10, issue 49).
    let text = crate::redact::redact_text(&text).into_owned();
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: None,
    })
}

fn markdown(value: String, text: &Text, start: u64, end: u64, enc: Encoding) -> Hover {
    Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value,
        }),
        range: Some(text.range(start as usize, end as usize, enc)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn link_values_are_found_in_each_syntax() {
        assert_eq!(
            value_before("see [a](../guide.md#ins"),
            Some(("](", "../guide.md#ins"))
        );
        assert_eq!(value_before("<a href=\"api/"), Some(("href=\"", "api/")));
        assert_eq!(
            value_before("`Guide <guide.html#"),
            Some((" <", "guide.html#"))
        );
        assert_eq!(
            value_before("See xref:setup.adoc#"),
            Some(("xref:", "setup.adoc#"))
        );
        assert_eq!(value_before("See <<inst"), Some(("<<", "inst")));
        assert_eq!(value_before("[a](done.md) and more"), None);
        assert_eq!(encoded("My Page (v2).md"), "My%20Page%20%28v2%29.md");
    }
}
