//! Zola: `config.toml` with `base_url`, `content/` and `@/` links (SPEC section 11a).

use super::{Generator, Site};
use std::path::Path;

/// Zola: pages from `content/`, `@/` links from there, `static/` at the
/// root.
pub(super) fn zola(dir: &Path) -> Site {
    let content = dir.join("content");
    let mut site = Site::new(Generator::Zola, dir, dir.to_path_buf());
    site.contents = vec![content.clone()];
    site.rooted = vec![content, dir.join("static")];
    site
}
