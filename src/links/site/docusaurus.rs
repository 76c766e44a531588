//! Docusaurus: `docusaurus.config.*`, its docs folder and routes (SPEC section 11a).

use super::config_file::first_string;
use super::{Generator, Site, try_read_config};
use std::path::Path;

/// The docs plugin's `path:`.
static DOCS_PATH: std::sync::LazyLock<Option<regex::Regex>> =
    std::sync::LazyLock::new(|| regex::Regex::new(r#"(?m)^\s*path:\s*['"]([^'"]+)['"]"#).ok());

/// The docs plugin's `routeBasePath:`.
static ROUTE_BASE: std::sync::LazyLock<Option<regex::Regex>> =
    std::sync::LazyLock::new(|| regex::Regex::new(r#"routeBasePath:\s*['"]([^'"]*)['"]"#).ok());

/// Docusaurus (its documentation, "Docs", "Markdown links", "Static
/// assets"): the docs plugin's `path` (default `docs`) served at
/// `routeBasePath` (default `docs`), and `static/` at the root.
pub(super) fn docusaurus(repo: &Path, home: &Path, name: &str) -> Site {
    let text = try_read_config(&home.join(name)).unwrap_or_default();
    let path = first_string(&text, &DOCS_PATH).unwrap_or_else(|| "docs".to_string());
    let route = first_string(&text, &ROUTE_BASE).unwrap_or_else(|| "docs".to_string());
    let docs = crate::paths::lexical(&home.join(&path));
    // The site's pages come from its home and its docs, wherever they are.
    let source = common_root(repo, home, &docs);
    let mut site =
        Site::new(Generator::Docusaurus, home, source).with_pages(&["404.html", "search"]);
    site.contents = vec![docs.clone()];
    let route = route.trim_matches('/');
    site.route_base = route.to_string();
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
