//! Docsify: a site rendered in the browser from `index.html`'s
//! `window.$docsify` (SPEC section 11b).

use std::path::Path;

use super::{Generator, Site};

/// Docsify (its documentation, "Configuration", "Helpers"): the folder of
/// the `index.html` that configures it holds the pages; a link resolves
/// from that folder unless `relativePath` is on; `page` is `page.md`,
/// `page?id=x` names the heading `x` of it; an `alias` route is served
/// from elsewhere.
pub(super) fn docsify(dir: &Path, index: &str) -> Site {
    let mut site = Site::new(Generator::Docsify, dir, dir.to_path_buf());
    site.rooted = vec![dir.to_path_buf()];
    let relative = regex::Regex::new(r"relativePath\s*:\s*true").is_ok_and(|re| re.is_match(index));
    if !relative {
        site.contents = vec![dir.to_path_buf()];
    }
    // `alias: { '.*?/awesome': 'https://...', '/zh-cn/(.*)': '...' }`.
    if let Some(k) = index.find("alias")
        && let Some(open) = index[k..].find('{')
        && let Some(close) = index[k + open..].find('}')
        && let Ok(key) = regex::Regex::new(r#"['"]([^'"]+)['"]\s*:"#)
    {
        let body = &index[k + open + 1..k + open + close];
        for c in key.captures_iter(body) {
            if let Ok(re) = regex::Regex::new(&format!("^(?:{})$", &c[1])) {
                site.aliases.push(re);
            }
        }
    }
    site
}

/// Whether an `index.html` configures Docsify.
pub(crate) fn configures(index: &str) -> bool {
    index.contains("window.$docsify")
}

/// A heading's own id, `# Title :id=custom` (Docsify, "Helpers": "Custom
/// heading id"), and the title without it.
pub(crate) fn custom_id(heading: &str) -> Option<&str> {
    let k = heading.rfind(":id=")?;
    let id = heading[k + 4..].split_whitespace().next()?;
    (!id.is_empty()).then_some(id)
}

/// A Docsify destination as a link: `page?id=x` is `page#x` (Docsify,
/// "Helpers": linking to a heading of another page).
pub(crate) fn as_link(value: &[u8]) -> Vec<u8> {
    let Some(q) = memchr::memchr(b'?', value) else {
        return value.to_vec();
    };
    let (path, query) = value.split_at(q);
    let id = query[1..]
        .split(|&b| b == b'&')
        .find_map(|p| p.strip_prefix(b"id="));
    match id {
        Some(id) => [path, b"#", id].concat(),
        None => path.to_vec(),
    }
}

/// Whether an `alias` serves the route of `path` (a path from the docs'
/// root, `.md` or not) from elsewhere.
pub(crate) fn aliased(site: &Site, path: &str) -> bool {
    let route = format!("/{}", path.trim_start_matches('/'));
    let bare = route.strip_suffix(".md").unwrap_or(&route);
    site.aliases
        .iter()
        .any(|re| re.is_match(&route) || re.is_match(bare))
}
