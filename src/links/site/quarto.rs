//! Quarto: `_quarto.yml`, its pages, partials and cross-references (SPEC
//! section 11b).

use std::path::Path;

use super::config_file::{parse_yaml, unreadable};
use super::{Generator, Site, try_read_config};

/// Quarto (its documentation, "Quarto Projects", "Books", "Includes",
/// "Cross References"): the project's folder holds its pages; `.qmd`,
/// `.md` and `.ipynb` sources are served as `.html`, and a link to one is
/// rewritten to its page; `/`-rooted links resolve from the project's
/// folder. Cross-references (`@sec-x`) name labels of their page, or, in a
/// book, of any chapter.
pub(super) fn quarto(dir: &Path) -> Site {
    let mut site = Site::new(Generator::Quarto, dir, dir.to_path_buf()).with_pages(&[
        "search.json",
        "404.html",
        "sitemap.xml",
        "listings.json",
    ]);
    site.rooted = vec![dir.to_path_buf()];
    let path = dir.join("_quarto.yml");
    let parsed = try_read_config(&path).and_then(|t| parse_yaml(&t));
    match parsed {
        Ok(config) => {
            let kind = config
                .get("project")
                .and_then(|p| p.get("type"))
                .and_then(|t| t.as_str())
                .unwrap_or("default");
            site.crossrefs = Some(kind == "book");
        }
        Err(why) => {
            unreadable(&mut site, &path, why);
            site.crossrefs = Some(false);
        }
    }
    site
}

/// Whether the file at `path` is a Quarto partial: a file whose name
/// starts with `_`, which Quarto does not render on its own, only where
/// a page includes it (Quarto, "Includes").
pub(crate) fn is_partial(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with('_'))
}
