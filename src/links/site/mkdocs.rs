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
