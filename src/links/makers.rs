//! What may make a page's headings that a site's model does not see
//! (SPEC section 11a): shortcodes, components, snippets and includes a
//! generator renders, and template sources rendered elsewhere. A fragment
//! they may make is left unchecked, with the reason.

use std::path::Path;

use super::{Generator, Links, Site, cached, read_page};

/// What in a page may make headings its model does not see (see
/// [`Links::may_make_headings`]), read once a page.
#[derive(Debug, Default)]
pub(super) struct Makers {
    /// What makes them, for the reason.
    by: Option<&'static str>,
    /// For components, the letters and digits of each one's line: a
    /// fragment is theirs only if one names it.
    named: Option<Vec<String>>,
    /// MDX files the page imports and renders as components
    /// (`import Part from './_part.mdx'`, then `<Part />`): their
    /// headings are the page's.
    pub(super) imports: Vec<std::path::PathBuf>,
    /// mkdocstrings: the objects of the page's `::: path` blocks, whose
    /// ids (`pydantic.config.ConfigDict`, its members after a `.`) are
    /// made from the code.
    objects: Vec<String>,
}

/// Letters and digits only, in lower case: `usage-chart` is named by
/// `<UsageChart />`.
fn bare(s: &[u8]) -> String {
    String::from_utf8_lossy(s)
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

impl Links {
    /// What in the page at `path` may make the heading `fragment` names
    /// that the model does not see, as its `generator` renders it: a Hugo
    /// or Zola shortcode on a line of its own, an MDX or Vue component
    /// whose line names the fragment (`<ApiMethod name="subscribe" />`,
    /// `<UsageChart />`), an MkDocs snippet, an mdBook `{{#include}}`.
    pub(super) fn may_make_headings(
        &self,
        generator: Generator,
        path: &Path,
        fragment: &str,
    ) -> Option<&'static str> {
        let makers = self.makers_of(generator, path);
        if makers.objects.iter().any(|o| {
            fragment == o
                || fragment
                    .strip_prefix(o.as_str())
                    .is_some_and(|rest| rest.starts_with(['.', ':', '-']))
        }) {
            return Some("mkdocstrings' `:::` blocks");
        }
        let by = makers.by?;
        match &makers.named {
            None => Some(by),
            Some(lines) => {
                let wanted = bare(fragment.as_bytes());
                (!wanted.is_empty() && lines.iter().any(|l| l.contains(&wanted))).then_some(by)
            }
        }
    }
}

impl Links {
    /// What in the page at `path` may make headings, read once.
    pub(super) fn makers_of(&self, generator: Generator, path: &Path) -> std::sync::Arc<Makers> {
        cached(&self.makers, path.as_os_str(), || {
            let templates = match generator {
                Generator::Hugo => self
                    .site_of_file(path)
                    .map(|s| shortcode_folders(&s.home))
                    .unwrap_or_default(),
                _ => Vec::new(),
            };
            heading_makers(generator, path, &templates)
        })
    }
}

/// Reads the page at `path` for what may make headings (see
/// [`Links::may_make_headings`]).
fn heading_makers(generator: Generator, path: &Path, templates: &[std::path::PathBuf]) -> Makers {
    let mut out = Makers::default();
    let Some(text) = read_page(path) else {
        return out;
    };
    let components = matches!(
        generator,
        Generator::Docusaurus | Generator::Starlight | Generator::VitePress
    );
    if components {
        out.named = Some(Vec::new());
    }
    let mut code = false;
    // MDX imports of local Markdown: `import Name from './_part.mdx'`.
    let mut imported: Vec<(String, std::path::PathBuf)> = Vec::new();
    for l in text.split(|&b| b == b'\n') {
        let l = l.trim_ascii();
        if components
            && !code
            && let Some(rest) = l.strip_prefix(b"import ")
            && let Some((name, from)) = mdx_import(rest)
            && let Some(dir) = path.parent()
        {
            imported.push((name, crate::paths::lexical(&dir.join(from))));
            continue;
        }
        if !imported.is_empty()
            && l.first() == Some(&b'<')
            && let Some(k) = imported.iter().position(|(n, _)| {
                l[1..].starts_with(n.as_bytes())
                    && l.get(n.len() + 1)
                        .is_none_or(|c| !c.is_ascii_alphanumeric())
            })
        {
            let (_, file) = imported.swap_remove(k);
            out.imports.push(file);
            continue;
        }
        if l.starts_with(b"```") || l.starts_with(b"~~~") {
            code = !code;
            continue;
        }
        if code {
            continue;
        }
        if generator == Generator::MkDocs
            && let Some(object) = l.strip_prefix(b"::: ")
            && let Ok(object) = std::str::from_utf8(object)
        {
            out.objects.push(object.trim().to_string());
            continue;
        }
        let found = match generator {
            // A shortcode whose template is in the tree and writes no
            // heading (no `<h1>`..`<h6>`, no partial or page it renders)
            // makes none.
            Generator::Hugo => {
                (l.starts_with(b"{{<") || l.starts_with(b"{{%"))
                    && !l.starts_with(b"{{</")
                    && !l.starts_with(b"{{%/")
                    && !shortcode_is_quiet(l, templates)
            }
            Generator::Zola => {
                (l.starts_with(b"{{") || l.starts_with(b"{%"))
                    && l.contains(&b'(')
                    && !l.starts_with(b"{% end")
            }
            _ if components => {
                l.first() == Some(&b'<') && l.get(1).is_some_and(u8::is_ascii_uppercase)
            }
            // A shortcode that may bring headings (`embed`, `contents`,
            // an extension's: Quarto's other built-ins make none; an
            // `include`'s part is read), or a listing a template renders.
            Generator::Quarto => {
                (l.starts_with(b"{{<") && !quarto_quiet_shortcode(l)) || l.starts_with(b"listing:")
            }
            Generator::MkDocs => memchr::memmem::find(l, b"--8<--").is_some(),
            Generator::MdBook => l.starts_with(b"{{#include") || l.starts_with(b"{{ #include"),
            _ => false,
        };
        if !found {
            continue;
        }
        out.by = Some(match generator {
            Generator::Hugo => "Hugo shortcodes",
            Generator::Zola => "Zola shortcodes",
            Generator::MkDocs => "snippets included",
            Generator::MdBook => "`{{#include}}`s",
            Generator::Quarto => "Quarto shortcodes or listings",
            _ => "components",
        });
        match &mut out.named {
            Some(lines) => lines.push(bare(l)),
            None => break,
        }
    }
    out
}

/// Whether the Markdown file at `path` is a template source: it holds
/// Handlebars directives (`{{~`, `{{*`, `{{#if`, `{{#each`, `{{>`), or
/// Jinja or Liquid tags (`{%`) outside a generator that expands them in
/// its pages (Jekyll, Eleventy, Zola, MkDocs with its macros), outside
/// code. mdBook's `{{#include}}`, Hugo's and Quarto's `{{<` and `{{%`
/// are the generators' own syntax, not a template's.
fn markdown_template(path: &Path, site: Option<&Site>) -> bool {
    let Some(text) = read_page(path) else {
        return false;
    };
    let liquid_expanded = site.is_some_and(|s| {
        matches!(
            s.generator,
            Generator::Jekyll | Generator::Eleventy | Generator::Zola | Generator::MkDocs
        )
    });
    const HANDLEBARS: &[&[u8]] = &[b"{{~", b"{{*", b"{{#if", b"{{#each", b"{{#unless", b"{{>"];
    let marks: Vec<usize> = memchr::memchr_iter(b'{', &text)
        .filter(|&k| {
            let rest = &text[k..];
            // `{%` of Hugo's `{{% shortcode %}}` is not a tag's.
            let liquid =
                !liquid_expanded && rest.starts_with(b"{%") && (k == 0 || text[k - 1] != b'{');
            liquid || HANDLEBARS.iter().any(|m| rest.starts_with(m))
        })
        .take(64)
        .collect();
    // Outside code: a template shown in a code block or span is text.
    crate::format::in_code(crate::format::Format::Markdown, &text, &marks)
        .iter()
        .any(|&code| !code)
}

/// `Name from './part.mdx'` (what follows `import `): the name and the
/// path of a local Markdown or MDX file.
fn mdx_import(rest: &[u8]) -> Option<(String, String)> {
    let text = std::str::from_utf8(rest).ok()?;
    let (name, from) = text.split_once(" from ")?;
    let name = name.trim();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    let from = from.trim().trim_end_matches(';').trim();
    let from = from.strip_prefix(['\'', '"'])?.strip_suffix(['\'', '"'])?;
    let local = from.starts_with("./") || from.starts_with("../");
    let markdown = from.ends_with(".md") || from.ends_with(".mdx");
    (local && markdown).then(|| (name.to_string(), from.to_string()))
}

/// Quarto's built-in shortcodes that write no heading (Quarto,
/// "Shortcodes"), and `include`, whose part's headings are read.
fn quarto_quiet_shortcode(line: &[u8]) -> bool {
    let name = shortcode_name(line);
    matches!(
        name.as_str(),
        "include"
            | "video"
            | "pagebreak"
            | "kbd"
            | "meta"
            | "var"
            | "env"
            | "lipsum"
            | "placeholder"
            | "version"
            | "brand"
            | "iconify"
            | "fa"
            | "bi"
    )
}

/// The name of the shortcode a line opens: `{{< name args >}}`.
fn shortcode_name(line: &[u8]) -> String {
    let rest = &line[3.min(line.len())..];
    let rest = rest.trim_ascii_start();
    let n = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'/' | b'.'))
        .count();
    String::from_utf8_lossy(&rest[..n]).into_owned()
}

/// The folders a Hugo site's shortcode templates are in: its own
/// `layouts/`, its themes', and the folders its `hugo.work` uses.
fn shortcode_folders(home: &Path) -> Vec<std::path::PathBuf> {
    let mut roots = vec![home.to_path_buf()];
    if let Ok(entries) = std::fs::read_dir(home.join("themes")) {
        roots.extend(entries.flatten().map(|e| e.path()));
    }
    if let Some(work) = read_page(&home.join("hugo.work")) {
        for line in String::from_utf8_lossy(&work).lines() {
            if let Some(dir) = line.trim().strip_prefix("use ") {
                roots.push(crate::paths::lexical(&home.join(dir.trim())));
            }
        }
    }
    roots
        .iter()
        .flat_map(|r| [r.join("layouts/_shortcodes"), r.join("layouts/shortcodes")])
        .filter(|d| d.is_dir())
        .collect()
}

/// Whether the shortcode a line calls has its template in `folders`, and
/// it writes no heading: no `<h1>` to `<h6>`, and nothing it renders
/// from elsewhere (a partial, another page, a file).
fn shortcode_is_quiet(line: &[u8], folders: &[std::path::PathBuf]) -> bool {
    let name = shortcode_name(line);
    if name.is_empty() {
        return false;
    }
    let Some(text) = folders
        .iter()
        .find_map(|d| read_page(&d.join(format!("{name}.html"))))
    else {
        return false;
    };
    let heading = text
        .windows(3)
        .any(|w| w[0] == b'<' && (w[1] == b'h' || w[1] == b'H') && (b'1'..=b'6').contains(&w[2]));
    let elsewhere = [
        &b"partial"[..],
        b"GetPage",
        b"readFile",
        b".Content",
        b"RenderString",
    ]
    .iter()
    .any(|m| memchr::memmem::find(&text, m).is_some());
    !heading && !elsewhere
}

/// Whether the file at `path` is a template source: HTML (or a
/// template's own extension) holding Handlebars, Jinja or Liquid
/// directives (`{{#`, `{{~`, `{%`), rendered elsewhere.
pub(super) fn is_template_source(path: &Path, site: Option<&Site>) -> bool {
    // A generator's template folders, outside its content.
    let in_content = site.is_some_and(|s| {
        s.contents.iter().any(|c| path.starts_with(c))
            || (s.source != s.home && path.starts_with(&s.source))
    });
    // Jekyll's and Eleventy's include, layout and data folders hold
    // templates wherever they are.
    if path.parent().is_some_and(|d| {
        d.iter()
            .any(|n| matches!(n.to_str(), Some("_includes" | "_layouts" | "_data")))
    }) {
        return true;
    }
    if !in_content
        && path.parent().is_some_and(|d| {
            d.iter().any(|n| {
                matches!(
                    n.to_str(),
                    Some(
                        "templates" | "_templates" | "_includes" | "_layouts" | "layouts" | "theme"
                    )
                )
            })
        })
    {
        return true;
    }
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default();
    if matches!(
        ext.as_str(),
        "hbs" | "handlebars" | "j2" | "jinja" | "jinja2" | "liquid" | "njk" | "tmpl"
    ) {
        return true;
    }
    if matches!(ext.as_str(), "md" | "markdown" | "mdx") {
        return markdown_template(path, site);
    }
    if !matches!(ext.as_str(), "html" | "htm" | "xhtml") {
        return false;
    }
    let Some(text) = read_page(path) else {
        return false;
    };
    memchr::memchr_iter(b'{', &text).any(|k| {
        matches!(text.get(k + 1..k + 3), Some(b"{#" | b"{~")) || text.get(k + 1) == Some(&b'%')
    })
}
