//! VitePress: `.vitepress/config.*`, `srcDir` and `rewrites` (SPEC section 11a).

use super::config_file::first_string;
use super::{Generator, Site, try_read_config};
use std::path::Path;

/// `srcDir:`.
static SRC_DIR: std::sync::LazyLock<Option<regex::Regex>> =
    std::sync::LazyLock::new(|| regex::Regex::new(r#"srcDir:\s*['"]([^'"]+)['"]"#).ok());

/// VitePress (its documentation, "Routing"): pages from `srcDir`, served
/// without `.md`; `rewrites` move a folder's pages (`'en/:rest*':
/// ':rest*'`); `public/` at the root.
pub(super) fn vitepress(dir: &Path, config: &Path) -> Site {
    let text = try_read_config(config).unwrap_or_default();
    let src = first_string(&text, &SRC_DIR);
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
