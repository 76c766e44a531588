//! Pages a build makes that are not in the tree: git's
//! `Documentation/Makefile` makes `howto-index.html` from a script, so a
//! link to it works on the built site though no file or source is there.

use std::path::Path;

use super::{Links, cell};

/// Build files whose rules make pages that are not in the tree.
const BUILD_FILES: &[&str] = &["Makefile", "GNUmakefile", "makefile", "meson.build"];

impl Links {
    /// Whether a build file in the folder of `full` or above it (up to
    /// `base`) names it (`howto-index` for `howto-index.html`, as git's
    /// `Documentation/Makefile` makes it): a page the build makes, not a
    /// broken link.
    pub(super) fn built(&self, base: &Path, full: &Path) -> bool {
        if !full.starts_with(base) {
            return false;
        }
        let stem = full.with_extension("");
        // The folders from that of `full` up to `base`, counted once
        // rather than compared with `base` at each step.
        let levels = full.components().count() - base.components().count();
        for d in full.ancestors().skip(1).take(levels) {
            let Some(listing) = self.tree.listing(d) else {
                continue;
            };
            let mut names = BUILD_FILES
                .iter()
                .filter(|n| listing.contains(n))
                .peekable();
            if names.peek().is_none() {
                continue;
            }
            if let Ok(rel) = stem.strip_prefix(d) {
                let rel = rel.to_string_lossy();
                for name in names {
                    let text = cell(&self.builds, &d.join(name))
                        .get_or_init(|| Some(super::site::read_config(&d.join(name))))
                        .clone();
                    if text.is_some_and(|t| names_target(&t, &rel)) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Whether a build file's `text` names `target` (a path without its
/// extension) as a word: not inside a longer name.
fn names_target(text: &str, target: &str) -> bool {
    let word =
        |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '/'));
    // With an extension after it (`howto-index.adoc`, `x.html`): a bare
    // word is a make target (`install`), not a file.
    text.match_indices(target).any(|(k, _)| {
        let after = &text[k + target.len()..];
        !word(text[..k].chars().next_back())
            && after.starts_with('.')
            && after[1..].starts_with(|c: char| c.is_ascii_alphabetic())
    })
}
