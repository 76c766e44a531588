//! Each generator's markers, and what its config says of its pages
//! (SPEC section 11a). A config that cannot be read leaves its site
//! known but unread: its links are unchecked, never broken.

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use super::{Generator, Site, try_read_config};
use crate::links::tree::Listing;

/// The site whose config file is in folder `dir` (listed in `listing`).
pub(crate) fn detect(
    dir: &Path,
    listing: &Listing,
    sub: &dyn Fn(&str) -> Option<Arc<Listing>>,
) -> Option<Site> {
    if listing.contains("book.toml") {
        return Some(mdbook(dir));
    }
    if listing.contains("antora.yml") {
        return Some(antora(dir));
    }
    if let Some(name) = ["mkdocs.yml", "mkdocs.yaml"]
        .into_iter()
        .find(|n| listing.contains(n))
    {
        return Some(mkdocs(dir, name));
    }
    if listing.contains(".vitepress")
        && let Some(vp) = sub(".vitepress")
        && let Some(name) = ["config.ts", "config.mts", "config.js", "config.mjs"]
            .into_iter()
            .find(|n| vp.contains(n))
    {
        return Some(vitepress(dir, &dir.join(".vitepress").join(name)));
    }
    if let Some(name) = [
        "astro.config.mjs",
        "astro.config.ts",
        "astro.config.js",
        "astro.config.mts",
    ]
    .into_iter()
    .find(|n| listing.contains(n))
    {
        let text = try_read_config(&dir.join(name)).unwrap_or_default();
        if text.contains("starlight") {
            let mut site = starlight(dir);
            if let Ok(re) =
                regex::Regex::new(r"(?m)^\s*'?([a-z]{2,3}(?:-[a-zA-Z]{2,4})?)'?\s*:\s*\{\s*label")
            {
                site.locales = re
                    .captures_iter(&text)
                    .map(|c| c[1].to_string())
                    .filter(|l| l != "root")
                    .collect();
            }
            return Some(site);
        }
    }
    for name in [
        "docusaurus.config.js",
        "docusaurus.config.ts",
        "docusaurus.config.mjs",
    ] {
        if listing.contains(name) {
            return Some(docusaurus(dir, dir, name));
        }
        // A repository's `docs/` beside the site in `website/`.
        if listing.contains("website")
            && let Some(w) = sub("website")
            && w.contains(name)
        {
            return Some(docusaurus(dir, &dir.join("website"), name));
        }
    }
    if let Some(site) = hugo_or_zola(dir, listing, sub) {
        return Some(site);
    }
    if listing.contains("conf.py") {
        // Only a Sphinx configuration: other projects have a `conf.py`.
        let text = try_read_config(&dir.join("conf.py")).unwrap_or_default();
        if text.contains("sphinx") || text.contains("html_theme") {
            return Some(sphinx(dir, &text));
        }
    }
    if listing.contains("_config.yml") {
        return Some(jekyll(dir));
    }
    None
}

/// Where a config file could not be read, for the reason of its links.
fn unreadable(site: &mut Site, file: &Path, why: impl std::fmt::Display) {
    let name = file
        .strip_prefix(&site.home)
        .unwrap_or(file)
        .display()
        .to_string();
    site.broken = Some(Arc::from(format!(
        "{} config `{name}` could not be read: {why}",
        site.generator.as_str()
    )));
}

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
fn mdbook(dir: &Path) -> Site {
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
            // mdbook-spec: `r[rule.id]` makes the anchor `#r-rule.id`.
            "spec" => site.anchors = super::globs(&["r-*"]),
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

/// MkDocs (its documentation, "Configuration"): pages from `docs_dir`.
/// `footnotes` makes `#fn:N` and `#fnref:N`.
fn mkdocs(dir: &Path, name: &str) -> Site {
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
            if text.contains("footnotes") {
                ids.extend(["fn:*", "fnref:*"]);
            }
            if text.contains("pymdownx.tabbed") {
                ids.push("__tabbed_*");
            }
            site.anchors = super::globs(&ids);
        }
    }
    site
}

/// A YAML document, as a value (mkdocs' `!!python/name:` tags are kept
/// as tagged values).
fn parse_yaml(text: &str) -> Result<serde_yaml_ng::Value, String> {
    serde_yaml_ng::from_str(text).map_err(|e| e.to_string())
}

/// Antora (its documentation, "Component version descriptor", "Resource
/// IDs"): `antora.yml` beside `modules/`; each module's `pages/`,
/// `images/`, `partials/`, `examples/` and `attachments/`.
fn antora(dir: &Path) -> Site {
    let path = dir.join("antora.yml");
    let parsed = try_read_config(&path).and_then(|t| parse_yaml(&t));
    let mut site = Site::new(Generator::Antora, dir, dir.to_path_buf());
    match parsed {
        Err(why) => unreadable(&mut site, &path, why),
        Ok(v) => site.component = v.get("name").and_then(|n| n.as_str()).map(str::to_string),
    }
    site
}

/// Jekyll (its documentation, "Configuration", "Permalinks",
/// "Collections"): the site folder; a collection `_docs` served at
/// `/docs/`.
fn jekyll(dir: &Path) -> Site {
    let path = dir.join("_config.yml");
    let parsed = try_read_config(&path).and_then(|t| parse_yaml(&t));
    let mut site = Site::new(Generator::Jekyll, dir, dir.to_path_buf()).with_pages(&[
        "404.html",
        "feed.xml",
        "sitemap.xml",
    ]);
    site.rooted = vec![dir.to_path_buf()];
    match parsed {
        Err(why) => unreadable(&mut site, &path, why),
        Ok(v) => {
            if let Some(serde_yaml_ng::Value::Mapping(c)) = v.get("collections") {
                for name in c.keys().filter_map(|k| k.as_str()) {
                    if name != "posts" {
                        site.prefixes
                            .push((format!("{name}/"), dir.join(format!("_{name}"))));
                    }
                }
            }
        }
    }
    site
}

/// Docusaurus (its documentation, "Docs", "Markdown links", "Static
/// assets"): the docs plugin's `path` (default `docs`) served at
/// `routeBasePath` (default `docs`), and `static/` at the root.
fn docusaurus(repo: &Path, home: &Path, name: &str) -> Site {
    let text = try_read_config(&home.join(name)).unwrap_or_default();
    let path = first_string(&text, r#"(?m)^\s*path:\s*['"]([^'"]+)['"]"#)
        .unwrap_or_else(|| "docs".to_string());
    let route = first_string(&text, r#"routeBasePath:\s*['"]([^'"]*)['"]"#)
        .unwrap_or_else(|| "docs".to_string());
    let docs = crate::paths::lexical(&home.join(&path));
    // The site's pages come from its home and its docs, wherever they are.
    let source = common_root(repo, home, &docs);
    let mut site =
        Site::new(Generator::Docusaurus, home, source).with_pages(&["404.html", "search"]);
    site.contents = vec![docs.clone()];
    let route = route.trim_matches('/');
    if route.is_empty() {
        site.rooted.push(docs);
    } else {
        site.prefixes.push((format!("{route}/"), docs));
    }
    site.rooted.push(home.join("static"));
    site.rooted.push(home.join("src/pages"));
    site
}

/// The deepest of `a`'s ancestors that holds `b` and `c`.
fn common_root(a: &Path, b: &Path, c: &Path) -> std::path::PathBuf {
    a.ancestors()
        .find(|d| b.starts_with(d) && c.starts_with(d))
        .unwrap_or(a)
        .to_path_buf()
}

/// The first capture of `pattern` in `text`.
fn first_string(text: &str, pattern: &str) -> Option<String> {
    regex::Regex::new(pattern)
        .ok()?
        .captures(text)
        .map(|c| c[1].to_string())
}

/// VitePress (its documentation, "Routing"): pages from `srcDir`, served
/// without `.md`; `rewrites` move a folder's pages (`'en/:rest*':
/// ':rest*'`); `public/` at the root.
fn vitepress(dir: &Path, config: &Path) -> Site {
    let text = try_read_config(config).unwrap_or_default();
    let src = first_string(&text, r#"srcDir:\s*['"]([^'"]+)['"]"#);
    let source = match &src {
        Some(s) => crate::paths::lexical(&dir.join(s)),
        None => dir.to_path_buf(),
    };
    let mut site = Site::new(Generator::VitePress, dir, source.clone());
    if let Ok(re) = regex::Regex::new(r#"['"]([\w./-]+)/:rest\*['"]\s*:\s*['"]:rest\*['"]"#) {
        for c in re.captures_iter(&text) {
            site.rooted.push(source.join(&c[1]));
        }
    }
    site.rooted.push(source.clone());
    site.rooted.push(source.join("public"));
    site
}

/// Astro Starlight (its documentation, "Pages", "Internationalization"):
/// pages from `src/content/docs`, served at their path; `public/` at the
/// root.
fn starlight(dir: &Path) -> Site {
    let docs = dir.join("src/content/docs");
    let mut site = Site::new(Generator::Starlight, dir, dir.to_path_buf());
    site.contents = vec![docs.clone()];
    site.rooted = vec![docs, dir.join("public")];
    site
}

/// Sphinx (its documentation, "Configuration"): the source folder; pages
/// it makes, and `html_additional_pages`.
fn sphinx(dir: &Path, conf: &str) -> Site {
    let mut site = Site::new(Generator::Sphinx, dir, dir.to_path_buf()).with_pages(&[
        "genindex.html",
        "search.html",
        "py-modindex.html",
        "modindex.html",
        "glossary.html",
    ]);
    if let Ok(re) = regex::Regex::new(r"(?s)html_additional_pages\s*=\s*\{([^}]*)\}")
        && let Some(c) = re.captures(conf)
        && let Ok(key) = regex::Regex::new(r#"['"]([^'"]+)['"]\s*:"#)
    {
        for k in key.captures_iter(&c[1]) {
            site.pages.insert(format!("{}.html", &k[1]));
        }
    }
    site.rooted = vec![dir.to_path_buf()];
    site
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct HugoConfig {
    content_dir: Option<String>,
    #[serde(default)]
    theme: serde_json::Value,
    #[serde(default)]
    module: HugoModule,
    #[serde(default)]
    languages: serde_json::Map<String, serde_json::Value>,
    /// Zola's key.
    #[serde(rename = "base_url")]
    base_url: Option<String>,
}

#[derive(Deserialize, Default)]
struct HugoModule {
    #[serde(default)]
    mounts: Vec<HugoMount>,
}

#[derive(Deserialize, Default)]
struct HugoMount {
    #[serde(default)]
    source: String,
    #[serde(default)]
    target: String,
}

/// Hugo (its documentation, "Configure Hugo", "Link render hooks",
/// "Module mounts") or Zola ("Configuration", "Internal links"), which
/// share `config.toml` and `content/`.
fn hugo_or_zola(
    dir: &Path,
    listing: &Listing,
    sub: &dyn Fn(&str) -> Option<Arc<Listing>>,
) -> Option<Site> {
    let names = [
        "hugo.toml",
        "hugo.yaml",
        "hugo.yml",
        "hugo.json",
        "config.toml",
        "config.yaml",
        "config.yml",
        "config.json",
    ];
    let (path, named_hugo) = match names.iter().find(|n| listing.contains(n)) {
        Some(n) => (dir.join(n), n.starts_with("hugo")),
        None => {
            // `config/_default/hugo.toml`.
            let d = sub("config")?;
            d.contains("_default").then_some(())?;
            let def = dir.join("config/_default");
            let n = names[..4]
                .iter()
                .chain(&names[4..])
                .find(|n| def.join(n).is_file())?;
            (def.join(n), true)
        }
    };
    let has_content = listing.contains("content");
    if !named_hugo && !has_content {
        return None;
    }
    let text = try_read_config(&path);
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let parsed: Result<HugoConfig, String> = text.and_then(|t| match ext {
        "toml" => toml::from_str(&t).map_err(|e| e.message().to_string()),
        "json" => serde_json::from_str(&t).map_err(|e| e.to_string()),
        _ => serde_yaml_ng::from_str(&t).map_err(|e| e.to_string()),
    });
    // Zola's `config.toml` names `base_url`; Hugo's `baseURL`.
    if !named_hugo
        && let Ok(c) = &parsed
        && c.base_url.is_some()
    {
        return Some(zola(dir));
    }
    let config = match &parsed {
        Ok(c) => c,
        Err(_) => &HugoConfig::default(),
    };
    let mut site = Site::new(Generator::Hugo, dir, dir.to_path_buf());
    if let Err(why) = &parsed {
        unreadable(&mut site, &path, why);
    }
    // `module.toml` beside `hugo.toml` in `config/_default/`.
    let mut mounts: Vec<HugoMount> = config
        .module
        .mounts
        .iter()
        .map(|m| HugoMount {
            source: m.source.clone(),
            target: m.target.clone(),
        })
        .collect();
    if let Some(parent) = path.parent()
        && let Ok(t) = try_read_config(&parent.join("module.toml"))
        && let Ok(m) = toml::from_str::<HugoModule>(&t)
    {
        mounts.extend(m.mounts);
    }
    let content_dir = config
        .content_dir
        .clone()
        .unwrap_or_else(|| "content".to_string());
    for m in &mounts {
        if m.target == "content" || m.target.starts_with("content/") {
            let from = crate::paths::lexical(&dir.join(&m.source));
            if !from.starts_with(dir) || m.target != "content" {
                // A file or folder mounted in from elsewhere.
                let under = m.target.strip_prefix("content").unwrap_or("");
                site.mounted.push(under.trim_start_matches('/').to_string());
            } else {
                site.contents.push(from);
            }
        }
    }
    if site.contents.is_empty() {
        site.contents.push(dir.join(&content_dir));
    }
    // The default taxonomies' pages are made (Hugo, "Taxonomies").
    site.mounted
        .extend(["categories".to_string(), "tags".to_string()]);
    site.rooted = site.contents.clone();
    site.rooted.push(dir.join("static"));
    let hook = [
        "layouts/_markup/render-link.html",
        "layouts/_default/_markup/render-link.html",
    ]
    .into_iter()
    .find(|h| dir.join(h).is_file());
    let theme = match &config.theme {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Array(a) => a.first().and_then(|v| v.as_str()).map(str::to_string),
        _ => None,
    };
    site.rewriter = match (hook, theme) {
        (Some(h), _) => Some(Arc::from(format!(
            "Hugo link render hook `{h}` may rewrite them"
        ))),
        (None, Some(t)) => Some(Arc::from(format!(
            "Hugo theme `{t}` may rewrite them with a link render hook"
        ))),
        // Multilingual single-host sites get the embedded hook.
        (None, None) if config.languages.len() > 1 => Some(Arc::from(
            "Hugo's embedded link render hook may rewrite them",
        )),
        _ => None,
    };
    Some(site)
}

/// Zola: pages from `content/`, `@/` links from there, `static/` at the
/// root.
fn zola(dir: &Path) -> Site {
    let content = dir.join("content");
    let mut site = Site::new(Generator::Zola, dir, dir.to_path_buf());
    site.contents = vec![content.clone()];
    site.rooted = vec![content, dir.join("static")];
    site
}
