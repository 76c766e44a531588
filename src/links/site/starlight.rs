//! Astro Starlight: `astro.config.*`, its content collection and locales (SPEC section 11a).

use super::{Generator, Site};
use std::path::Path;

/// Astro Starlight (its documentation, "Pages", "Internationalization"):
/// pages from `src/content/docs`, served at their path; `public/` at the
/// root.
pub(super) fn starlight(dir: &Path) -> Site {
    let docs = dir.join("src/content/docs");
    let mut site = Site::new(Generator::Starlight, dir, dir.to_path_buf());
    site.contents = vec![docs.clone()];
    site.rooted = vec![docs, dir.join("public")];
    site
}
