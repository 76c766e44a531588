//! Next.js and Nextra: `next.config.*`, page routes from `pages/` and
//! `app/`, locale files, redirects (SPEC section 11b).

use std::path::{Path, PathBuf};

use super::{Generator, Site};

/// Next.js with Nextra (Nextra 2's docs, "Docs Theme", "i18n"; Next.js,
/// "Pages Router", "App Router", "Redirects"): pages from `pages/` (or
/// `app/` pages named `page.mdx`, or `src/` under either), `/` the site's
/// root, `public/` served at it; a locale's file `name.ja.mdx`; the
/// destinations `next.config` redirects.
pub(super) fn nextra(dir: &Path, config: &str) -> Site {
    let mut site = Site::new(Generator::Nextra, dir, dir.to_path_buf());
    site.rooted = vec![dir.join("public")];
    site.locales = regex::Regex::new(r#"locales\s*:\s*\[([^\]]*)\]"#)
        .ok()
        .and_then(|re| re.captures(config))
        .map(|c| {
            c[1].split(',')
                .map(|s| s.trim().trim_matches(['"', '\'', '`']).to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .unwrap_or_default();
    // Redirects' sources are routes: `source: "/docs/options"`, and those
    // with a parameter (`/blog/:slug*`) every route under their prefix.
    if let Ok(re) = regex::Regex::new(r#"source\s*:\s*["'`]([^"'`]+)["'`]"#) {
        for c in re.captures_iter(config) {
            site.pages.insert(c[1].trim_matches('/').to_string());
        }
    }
    site
}

/// The folders Next.js takes routes from, and whether each is an app
/// router's (`app/`, where a folder's `page.*` is its page).
pub(crate) fn route_folders(home: &Path) -> Vec<(PathBuf, bool)> {
    let mut out = Vec::new();
    for base in [home.to_path_buf(), home.join("src")] {
        for (name, app) in [("pages", false), ("app", true)] {
            let d = base.join(name);
            if d.is_dir() {
                out.push((d, app));
            }
        }
    }
    // Nextra 4 keeps its Markdown in `content/`, served by a catch-all
    // page of `app/`.
    let content = home.join("content");
    if content.is_dir() {
        out.push((content, false));
    }
    out
}

/// The route of a page file under a routes folder, and its locale: a
/// pages router's `docs/cache.ja.mdx` is `docs/cache` in `ja`, its
/// `index.mdx` its folder's; an app router's `docs/page.mdx` is `docs`
/// (route groups `(name)` take no part). `None` for what is no page:
/// `_app`, `_document`, `_meta`, API routes, an app router's other files.
pub(crate) fn route_of(
    rel: &Path,
    app: bool,
    locales: &[String],
) -> Option<(String, Option<String>)> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop()?;
    let (stem, ext) = file.rsplit_once('.')?;
    if !matches!(ext, "md" | "mdx" | "js" | "jsx" | "ts" | "tsx") {
        return None;
    }
    if stem.starts_with('_') || parts.first().is_some_and(|p| p == "api") && !app {
        return None;
    }
    let (stem, locale) = match stem.rsplit_once('.') {
        Some((s, l)) if locales.iter().any(|x| x == l) => (s, Some(l.to_string())),
        _ => (stem, None),
    };
    let folders: Vec<&String> = parts
        .iter()
        .filter(|p| !(p.starts_with('(') && p.ends_with(')')))
        .collect();
    let folder = folders
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join("/");
    let route = if app {
        if stem != "page" {
            return None;
        }
        folder
    } else if stem == "index" {
        folder
    } else if folder.is_empty() {
        stem.to_string()
    } else {
        format!("{folder}/{stem}")
    };
    Some((route, locale))
}

/// Nextra's custom heading id, `## Cache Provider [#cache-provider]`
/// (Nextra 2.13, "Custom Heading Id"): the id, if the heading ends in one.
pub(crate) fn custom_id(heading: &str) -> Option<&str> {
    let h = heading.trim_end();
    let inner = h.strip_suffix(']')?;
    let k = inner.rfind("[#")?;
    let id = &inner[k + 2..];
    (!id.is_empty() && !id.contains(char::is_whitespace)).then_some(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_of_pages() {
        let l = vec!["en-US".to_string(), "ja".to_string()];
        let r = |p: &str, app| route_of(Path::new(p), app, &l);
        assert_eq!(
            r("docs/cache.ja.mdx", false),
            Some(("docs/cache".into(), Some("ja".into())))
        );
        assert_eq!(
            r("docs/index.en-US.mdx", false),
            Some(("docs".into(), Some("en-US".into())))
        );
        assert_eq!(r("_app.mdx", false), None);
        assert_eq!(
            r("docs/(guide)/setup/page.mdx", true),
            Some(("docs/setup".into(), None))
        );
        assert_eq!(r("docs/layout.tsx", true), None);
        assert_eq!(
            custom_id("Cache Provider [#cache-provider]"),
            Some("cache-provider")
        );
        assert_eq!(custom_id("キャッシュ [#cache]"), Some("cache"));
        assert_eq!(custom_id("Plain"), None);
    }
}
