//! The URLs pages set for themselves in front matter (Jekyll's
//! `permalink` and `redirect_from`, Hugo's `url` and `aliases`,
//! Docusaurus' `slug`): read once per site, the first time a link there
//! is not found otherwise (SPEC section 11a).

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// How much of a page is read for its front matter.
const HEAD: u64 = 4096;

/// How many files a site's index reads at most: past it, the rest are
/// not looked into.
const MAX_FILES: usize = 50_000;

/// The pages under `source` that set their URL, by the URL without its
/// leading and trailing `/` and without `.html`.
pub(crate) fn index(source: &Path) -> HashMap<String, PathBuf> {
    let mut out = HashMap::new();
    let walk = walkdir::WalkDir::new(source)
        .follow_links(false)
        .into_iter()
        .filter_entry(|e| {
            let n = e.file_name().to_string_lossy();
            e.depth() == 0 || !(n.starts_with('.') || n == "node_modules" || n == "_site")
        });
    for entry in walk.flatten().take(MAX_FILES) {
        if !entry.file_type().is_file() {
            continue;
        }
        let p = entry.path();
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !matches!(ext, "md" | "markdown" | "mdx" | "html" | "htm") {
            continue;
        }
        let mut head = Vec::new();
        if let Ok(f) = std::fs::File::open(p)
            && f.take(HEAD).read_to_end(&mut head).is_ok()
        {
            for url in front_matter_urls(&head) {
                out.entry(key(&url)).or_insert_with(|| p.to_path_buf());
            }
        }
    }
    out
}

/// A URL as the index keys it.
pub(crate) fn key(url: &str) -> String {
    let url = url.trim().trim_matches('/');
    let url = url.strip_suffix(".html").unwrap_or(url);
    url.strip_suffix("/index").unwrap_or(url).to_string()
}

/// The URLs a page's YAML front matter gives it: `permalink:`, `url:`,
/// an absolute `slug:`, and the items of `aliases:` and
/// `redirect_from:`.
fn front_matter_urls(head: &[u8]) -> Vec<String> {
    let Ok(text) =
        std::str::from_utf8(head).or_else(|e| std::str::from_utf8(&head[..e.valid_up_to()]))
    else {
        return Vec::new();
    };
    let Some(rest) = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut list = false;
    for line in rest.lines() {
        if line.trim_end() == "---" {
            break;
        }
        let unquote = |v: &str| v.trim().trim_matches(['"', '\'']).to_string();
        if list {
            if let Some(item) = line.trim_start().strip_prefix("- ") {
                out.push(unquote(item));
                continue;
            }
            list = false;
        }
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        match k.trim_end() {
            "permalink" | "url" => out.push(unquote(v)),
            "slug" if unquote(v).starts_with('/') => out.push(unquote(v)),
            "aliases" | "redirect_from" => {
                let v = v.trim();
                if v.is_empty() {
                    list = true;
                } else if let Some(items) = v.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                    out.extend(items.split(',').map(unquote));
                } else {
                    out.push(unquote(v));
                }
            }
            _ => {}
        }
    }
    out.retain(|u| !u.is_empty() && !u.contains(':') || u.starts_with('/'));
    out
}

#[cfg(test)]
mod tests {
    use super::{front_matter_urls, key};

    #[test]
    fn front_matter_gives_the_page_its_urls() {
        let page = b"---\ntitle: Help\npermalink: /help/\nredirect_from:\n  - /docs/help/\n  - /support\n---\n# Help\n";
        assert_eq!(
            front_matter_urls(page),
            ["/help/", "/docs/help/", "/support"]
        );
        let hugo = b"---\nurl: /a/b/\naliases: [/old, \"/older/\"]\n---\n";
        assert_eq!(front_matter_urls(hugo), ["/a/b/", "/old", "/older/"]);
        assert!(front_matter_urls(b"# No front matter\npermalink: /x/\n").is_empty());
        // A relative slug is the page's own name, not a URL.
        assert!(front_matter_urls(b"---\nslug: intro\n---\n").is_empty());
        assert_eq!(key("/help/"), "help");
        assert_eq!(key("/docs/x.html"), "docs/x");
    }
}
