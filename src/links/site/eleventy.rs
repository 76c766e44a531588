//! Eleventy: its config's input folder, permalinks and layouts (SPEC
//! section 11b).

use std::path::Path;

use super::{Generator, Site, try_read_config};

/// The names of an Eleventy config, in the order Eleventy looks for them.
pub(crate) const CONFIGS: &[&str] = &[
    ".eleventy.js",
    "eleventy.config.js",
    "eleventy.config.mjs",
    "eleventy.config.cjs",
    "eleventy.config.ts",
    ".eleventy.cjs",
];

/// Eleventy (its documentation, "Configuration", "Permalinks", "Layouts"):
/// pages from `dir.input` (default the config's folder), served where
/// their permalink says: by default at `name/`, so a link resolves from
/// there, or from the file's folder where a permalink ends in `.html`
/// (`{{ page.filePathStem }}.html`); `/` is the output's root, the input
/// folder's mirror. The ids a layout template writes (`<h2
/// id="further-reading">`) are its pages' too.
pub(super) fn eleventy(dir: &Path, name: &str) -> Site {
    let text = try_read_config(&dir.join(name)).unwrap_or_default();
    let input = regex::Regex::new(r#"input\s*:\s*["'`]([^"'`]+)["'`]"#)
        .ok()
        .and_then(|re| re.captures(&text))
        .map(|c| c[1].to_string())
        .unwrap_or_else(|| ".".to_string());
    let source = crate::paths::lexical(&dir.join(input));
    let mut site = Site::new(Generator::Eleventy, dir, source.clone());
    // A `pathPrefix` other than `/` (set for some builds, as a
    // deployment under `/docs/latest/` does) serves the site below the
    // host's root: a `/`-rooted link in a page is not the site's.
    let prefixed =
        regex::Regex::new(r#"pathPrefix\s*[:=]\s*["'`]([^"'`]*)["'`]"#).is_ok_and(|re| {
            re.captures_iter(&text)
                .any(|c| !c[1].trim_matches('/').is_empty())
        });
    if !prefixed {
        site.rooted = vec![source];
    }
    site
}

/// The ids written literally (`id="x"`, no template in them) in the
/// layout and include templates under `includes` (`_includes/`).
pub(crate) fn layout_ids(files: &[std::path::PathBuf]) -> std::collections::HashSet<String> {
    let mut out = std::collections::HashSet::new();
    let Ok(re) = regex::Regex::new(r#"\bid\s*=\s*["']([^"'{}%<>\s]+)["']"#) else {
        return out;
    };
    for f in files {
        if let Ok(text) = try_read_config(f) {
            out.extend(re.captures_iter(&text).map(|c| c[1].to_string()));
        }
    }
    out
}
