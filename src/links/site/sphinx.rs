//! Sphinx: `conf.py`, the pages it makes (SPEC section 11a).

use super::{Generator, Site};
use std::path::Path;

/// Sphinx (its documentation, "Configuration"): the source folder; pages
/// it makes, and `html_additional_pages`.
pub(super) fn sphinx(dir: &Path, conf: &str) -> Site {
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
    // `html_extra_path` folders are copied to the output's root
    // (Sphinx, "Options for HTML output").
    if let Ok(re) = regex::Regex::new(r"(?s)html_extra_path\s*=\s*\[([^\]]*)\]")
        && let Some(c) = re.captures(conf)
        && let Ok(item) = regex::Regex::new(r#"['"]([^'"]+)['"]"#)
    {
        for i in item.captures_iter(&c[1]) {
            let extra = crate::paths::lexical(&dir.join(&i[1]));
            site.rooted.push(extra.clone());
            site.contents.push(extra);
        }
    }
    site
}
