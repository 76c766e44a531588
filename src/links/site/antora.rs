//! Antora: `antora.yml` beside `modules/`, and its resource ids (SPEC section 11a).

use super::config_file::{parse_yaml, unreadable};
use super::{Generator, Site, try_read_config};
use std::path::{Path, PathBuf};

/// Antora (its documentation, "Component version descriptor", "Resource
/// IDs"): `antora.yml` beside `modules/`; each module's `pages/`,
/// `images/`, `partials/`, `examples/` and `attachments/`.
pub(super) fn antora(dir: &Path) -> Site {
    let path = dir.join("antora.yml");
    let parsed = try_read_config(&path).and_then(|t| parse_yaml(&t));
    let mut site = Site::new(Generator::Antora, dir, dir.to_path_buf());
    match parsed {
        Err(why) => unreadable(&mut site, &path, why),
        Ok(v) => site.component = v.get("name").and_then(|n| n.as_str()).map(str::to_string),
    }
    site
}

/// Antora resolves a page's references from its module (Antora's
/// documentation, "Resource IDs"): `xref:` from `pages/`, `image::` from
/// `images/`, and `family$path` from the family's folder.
pub(super) fn tries(dir: &Path, path: &[u8], out: &mut Vec<(PathBuf, Vec<u8>)>) {
    let Some(module) = antora_module(dir) else {
        return;
    };
    if let Some(k) = memchr::memchr(b'$', path) {
        let family = match &path[..k] {
            b"attachment" => "attachments",
            b"partial" => "partials",
            b"example" => "examples",
            b"image" => "images",
            b"page" => "pages",
            _ => return,
        };
        out.push((module.join(family), path[k + 1..].to_vec()));
        return;
    }
    for family in ["pages", "images", "assets/images", "attachments"] {
        out.push((module.join(family), path.to_vec()));
    }
}

/// The Antora module folder (`modules/<name>`) that holds folder `dir`.
pub(crate) fn antora_module(dir: &Path) -> Option<PathBuf> {
    let mut d = dir;
    loop {
        let parent = d.parent()?;
        if parent.file_name().is_some_and(|n| n == "modules") {
            return Some(d.to_path_buf());
        }
        d = parent;
    }
}
