//! mdBook: `book.toml`, its chapters in `src` (SPEC section 11a).

use std::path::Path;
use std::sync::Arc;
use std::sync::LazyLock;

use serde::Deserialize;

use super::config_file::unreadable;
use super::{Generator, Site, try_read_config};

#[derive(Deserialize, Default)]
struct BookToml {
    #[serde(default)]
    book: BookSection,
    #[serde(default)]
    output: toml::Table,
    #[serde(default)]
    preprocessor: toml::Table,
}

#[derive(Deserialize, Default)]
struct BookSection {
    src: Option<String>,
}

/// mdBook (its documentation, "Configuration"): pages from `src`, made
/// into `.html`; `index.html`, `print.html` and the redirects made. Its
/// built-in preprocessors are modelled; any other may rewrite links, and
/// a backend other than `html` makes files the tree does not hold.
pub(super) fn mdbook(dir: &Path) -> Site {
    let path = dir.join("book.toml");
    let parsed = try_read_config(&path)
        .and_then(|t| toml::from_str::<BookToml>(&t).map_err(|e| e.message().to_string()));
    let book = match &parsed {
        Ok(b) => b,
        Err(_) => &BookToml::default(),
    };
    let source = dir.join(book.book.src.as_deref().unwrap_or("src"));
    let mut site = Site::new(Generator::MdBook, dir, source.clone()).with_pages(&[
        "index.html",
        "print.html",
        "toc.html",
        "404.html",
        "searchindex.json",
    ]);
    site.rooted = vec![source];
    if let Err(why) = &parsed {
        unreadable(&mut site, &path, why);
        return site;
    }
    if let Some(toml::Value::Table(html)) = book.output.get("html")
        && let Some(toml::Value::Table(redirect)) = html.get("redirect")
    {
        site.pages.extend(
            redirect
                .keys()
                .map(|k| k.trim_start_matches('/').to_string()),
        );
    }
    let mut rewriters = Vec::new();
    for name in book.preprocessor.keys() {
        match name.as_str() {
            // Built in: `{{#include}}` and `README.md` as `index.html`.
            "links" | "index" => {}
            // mdbook-spec: `r[rule.id]` makes the anchor `#r-rule.id`,
            // and it turns rule names (`expr.closure`) and `std::` paths
            // in link destinations into links.
            "spec" => {
                site.anchors = super::globs(&["r-*"]);
                rewriters.push("'spec'".to_string());
            }
            // Preprocessors known not to touch links.
            "svgbob" | "katex" | "mermaid" | "admonish" | "toc" | "gettext" | "alerts"
            | "pagetoc" | "catppuccin" | "footnote" => {}
            other => rewriters.push(format!("'{other}'")),
        }
    }
    if !rewriters.is_empty() {
        site.rewriter = Some(Arc::from(format!(
            "mdBook preprocessor {} may rewrite them",
            rewriters.join(", ")
        )));
    }
    let makers: Vec<String> = book
        .output
        .keys()
        .filter(|k| !matches!(k.as_str(), "html" | "markdown" | "linkcheck" | "linkcheck2"))
        .map(|k| format!("'{k}'"))
        .collect();
    if !makers.is_empty() {
        site.makers = Some(Arc::from(format!(
            "mdBook backend {} may make them",
            makers.join(", ")
        )));
    }
    site
}

impl Site {
    /// Whether `page` (absolute, a `.md` under `source`) is a chapter of
    /// an mdBook: listed in `SUMMARY.md` (mdBook, "SUMMARY.md"), which
    /// renders no other page. `true` where no summary is known.
    pub(crate) fn is_chapter(&self, page: &Path) -> bool {
        let chapters = self.chapters.get_or_init(|| {
            let text = crate::regular::read_string(
                &self.source.join("SUMMARY.md"),
                crate::format::MAX_PARSED,
            )
            .ok()?;
            static RE: LazyLock<Option<regex::Regex>> =
                LazyLock::new(|| regex::Regex::new(r"\]\(<?([^)>#?]+)").ok());
            let re = RE.as_ref()?;
            Some(
                re.captures_iter(&text)
                    .map(|c| crate::paths::lexical(&self.source.join(c[1].trim())))
                    .collect(),
            )
        });
        chapters.as_ref().is_none_or(|c| c.contains(page))
    }
}
