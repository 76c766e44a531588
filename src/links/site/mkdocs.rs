//! MkDocs: `mkdocs.yml`, its pages in `docs_dir` (SPEC section 11a).

use super::config_file::{parse_yaml, unreadable};
use super::{Generator, Site, try_read_config};
use std::path::Path;

/// MkDocs (its documentation, "Configuration"): pages from `docs_dir`.
/// `footnotes` makes `#fn:N` and `#fnref:N`.
pub(super) fn mkdocs(dir: &Path, name: &str) -> Site {
    let path = dir.join(name);
    let parsed = try_read_config(&path).and_then(|t| parse_yaml(&t));
    let docs_dir = match &parsed {
        Ok(v) => v
            .get("docs_dir")
            .and_then(|d| d.as_str())
            .unwrap_or("docs")
            .to_string(),
        Err(_) => "docs".to_string(),
    };
    let source = dir.join(docs_dir);
    let mut site = Site::new(Generator::MkDocs, dir, source.clone()).with_pages(&[
        "404.html",
        "search.html",
        "sitemap.xml",
    ]);
    site.rooted = vec![source];
    match parsed {
        Err(why) => unreadable(&mut site, &path, why),
        Ok(v) => {
            let text = serde_yaml_ng::to_string(
                v.get("markdown_extensions")
                    .unwrap_or(&serde_yaml_ng::Value::Null),
            )
            .unwrap_or_default();
            // Material's image fragments pick a colour scheme.
            let mut ids = vec!["only-light", "only-dark"];
            // pymdownx.extra holds footnotes (and attr_list, read always).
            if text.contains("footnotes") || text.contains("pymdownx.extra") {
                ids.extend(["fn:*", "fnref:*"]);
            }
            if text.contains("pymdownx.tabbed") {
                ids.push("__tabbed_*");
            }
            site.anchors = super::globs(&ids);
            hooks(&mut site, dir, &v);
            plugins(&mut site, &v);
        }
    }
    site
}

/// Plug-ins known to make no page and no heading, or whose pages and ids
/// the model reads (redirects, autorefs' anchors, mkdocstrings' blocks).
const KNOWN_PLUGINS: &[&str] = &[
    "search",
    "social",
    "mike",
    "llmstxt",
    "exclude",
    "exclude-search",
    "minify",
    "minify-html",
    "git-revision-date",
    "git-revision-date-localized",
    "git-committers",
    "git-authors",
    "glightbox",
    "privacy",
    "offline",
    "optimize",
    "typeset",
    "meta",
    "tags",
    "redirects",
    "mkdocstrings",
    "autorefs",
    "section-index",
    "literate-nav",
    "awesome-pages",
    "awesome-nav",
    "macros",
    "include-markdown",
    "termynal",
    "swagger-ui-tag",
    "table-reader",
    "rss",
    "open-in-new-tab",
    "mermaid2",
    "codeinclude",
    "markdownextradata",
];

/// What `plugins:` holds that the model does not know: such a plug-in
/// may make pages and ids (`gen-files`, `blog`, `i18n`, a site's own).
fn plugins(site: &mut Site, config: &serde_yaml_ng::Value) {
    let Some(list) = config.get("plugins").and_then(|p| p.as_sequence()) else {
        return;
    };
    let names: Vec<String> = list
        .iter()
        .filter_map(|p| match p {
            serde_yaml_ng::Value::String(s) => Some(s.clone()),
            serde_yaml_ng::Value::Mapping(m) => m.keys().next()?.as_str().map(str::to_string),
            _ => None,
        })
        .collect();
    let unknown: Vec<String> = names
        .into_iter()
        .filter(|n| {
            let bare = n.rsplit('/').next().unwrap_or(n);
            !KNOWN_PLUGINS.contains(&bare) && !bare.starts_with("material")
        })
        .collect();
    if unknown.is_empty() {
        return;
    }
    let by = format!(
        "MkDocs plug-in {} may make them",
        unknown
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    site.made = Some(std::sync::Arc::from(by.as_str()));
    site.rewritten
        .push((std::sync::Arc::from(by.as_str()), None));
}

/// MkDocs hooks (MkDocs, "Hooks"): Python files whose event handlers may
/// make pages (`on_pre_build`, `on_files`, `on_config`, `on_nav`) or
/// rewrite them (`on_page_markdown`, `on_page_content`, ...). The pages a
/// hook names (`'changelog.md'`, `page.file.src_uri != 'why.md'`) are
/// the ones it makes or rewrites; a hook that names none may make or
/// rewrite any.
fn hooks(site: &mut Site, dir: &Path, config: &serde_yaml_ng::Value) {
    let Some(list) = config.get("hooks").and_then(|h| h.as_sequence()) else {
        return;
    };
    let named = regex::Regex::new(r#"['"]([^'"\s]+\.md)['"]"#).ok();
    for h in list.iter().filter_map(|h| h.as_str()) {
        let text = try_read_config(&dir.join(h)).unwrap_or_default();
        let defines = |events: &[&str]| events.iter().any(|e| text.contains(&format!("def {e}(")));
        let pages: std::collections::HashSet<String> = named
            .as_ref()
            .map(|re| re.captures_iter(&text).map(|c| c[1].to_string()).collect())
            .unwrap_or_default();
        let by = format!("MkDocs hook `{h}`");
        if defines(&[
            "on_pre_build",
            "on_files",
            "on_config",
            "on_nav",
            "on_startup",
        ]) {
            if pages.is_empty() {
                site.made = Some(std::sync::Arc::from(format!("{by} may make them").as_str()));
            } else {
                site.pages.extend(pages.iter().cloned());
            }
        }
        if defines(&[
            "on_page_markdown",
            "on_page_content",
            "on_page_context",
            "on_post_page",
        ]) {
            let pages = (!pages.is_empty()).then(|| {
                pages
                    .iter()
                    .map(|p| crate::paths::lexical(&site.source.join(p)))
                    .collect()
            });
            site.rewritten.push((
                std::sync::Arc::from(format!("{by} may rewrite their headings").as_str()),
                pages,
            ));
        }
    }
}
