//! Jekyll: `_config.yml`, its collections and permalinks (SPEC section 11a).

use super::config_file::{parse_yaml, unreadable};
use super::{Generator, Site, try_read_config};
use std::path::Path;

/// Jekyll (its documentation, "Configuration", "Permalinks",
/// "Collections"): the site folder; a collection `_docs` served at
/// `/docs/`.
pub(super) fn jekyll(dir: &Path) -> Site {
    let path = dir.join("_config.yml");
    let parsed = try_read_config(&path).and_then(|t| parse_yaml(&t));
    let mut site = Site::new(Generator::Jekyll, dir, dir.to_path_buf()).with_pages(&[
        "404.html",
        "feed.xml",
        "sitemap.xml",
    ]);
    site.rooted = vec![dir.to_path_buf()];
    match parsed {
        Err(why) => unreadable(&mut site, &path, why),
        Ok(v) => {
            let global = v.get("permalink").and_then(|p| p.as_str()).unwrap_or("");
            site.posts = Some((dir.join("_posts"), global.to_string()));
            if let Some(serde_yaml_ng::Value::Mapping(c)) = v.get("collections") {
                for (name, value) in c.iter() {
                    let Some(name) = name.as_str() else { continue };
                    let folder = dir.join(format!("_{name}"));
                    let permalink = value
                        .get("permalink")
                        .and_then(|p| p.as_str())
                        .unwrap_or(global);
                    if permalink.ends_with('/') || permalink == "pretty" {
                        site.pretty.push(folder.clone());
                    }
                    if name == "posts" {
                        site.posts = Some((folder, permalink.to_string()));
                    } else {
                        site.prefixes.push((format!("{name}/"), folder));
                    }
                }
            }
        }
    }
    site
}

/// Whether the page at `file` sets a `permalink` ending in `/` in its
/// front matter.
pub(super) fn front_matter_pretty(head: Option<crate::links::permalinks::Heads>) -> bool {
    use crate::links::permalinks::{front_matter, value};
    head.is_some_and(|h| {
        front_matter(&h)
            .and_then(|f| value(f, "permalink"))
            .is_some_and(|p| p.ends_with('/'))
    })
}
