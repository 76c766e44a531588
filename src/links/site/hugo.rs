//! Hugo: its config, content mounts, link render hooks and GetPage (SPEC section 11a).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;

use super::config_file::unreadable;
use super::zola::zola;
use super::{Generator, Site, try_read_config};
use crate::links::tree::Listing;

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct HugoConfig {
    content_dir: Option<String>,
    #[serde(default)]
    theme: serde_json::Value,
    #[serde(default)]
    module: HugoModule,
    #[serde(default)]
    languages: serde_json::Map<String, serde_json::Value>,
    /// Zola's key.
    #[serde(rename = "base_url")]
    base_url: Option<String>,
}

#[derive(Deserialize, Default)]
struct HugoModule {
    #[serde(default)]
    mounts: Vec<HugoMount>,
}

#[derive(Deserialize, Default)]
struct HugoMount {
    #[serde(default)]
    source: String,
    #[serde(default)]
    target: String,
}

/// Hugo (its documentation, "Configure Hugo", "Link render hooks",
/// "Module mounts") or Zola ("Configuration", "Internal links"), which
/// share `config.toml` and `content/`.
pub(super) fn hugo_or_zola(
    dir: &Path,
    listing: &Listing,
    sub: &dyn Fn(&str) -> Option<Arc<Listing>>,
) -> Option<Site> {
    let names = [
        "hugo.toml",
        "hugo.yaml",
        "hugo.yml",
        "hugo.json",
        "config.toml",
        "config.yaml",
        "config.yml",
        "config.json",
    ];
    let (path, named_hugo) = match names.iter().find(|n| listing.contains(n)) {
        Some(n) => (dir.join(n), n.starts_with("hugo")),
        None => {
            // `config/_default/hugo.toml`.
            let d = sub("config")?;
            d.contains("_default").then_some(())?;
            let def = dir.join("config/_default");
            let n = names[..4]
                .iter()
                .chain(&names[4..])
                .find(|n| def.join(n).is_file())?;
            (def.join(n), true)
        }
    };
    let has_content = listing.contains("content");
    if !named_hugo && !has_content {
        return None;
    }
    let text = try_read_config(&path);
    let lowercase_urls = !text.as_ref().is_ok_and(|t| {
        regex::Regex::new(r"(?i)disablePathToLower\W+true").is_ok_and(|re| re.is_match(t))
    });
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let parsed: Result<HugoConfig, String> = text.and_then(|t| match ext {
        "toml" => toml::from_str(&t).map_err(|e| e.message().to_string()),
        "json" => serde_json::from_str(&t).map_err(|e| e.to_string()),
        _ => serde_yaml_ng::from_str(&t).map_err(|e| e.to_string()),
    });
    // Zola's `config.toml` names `base_url`; Hugo's `baseURL`.
    if !named_hugo
        && let Ok(c) = &parsed
        && c.base_url.is_some()
    {
        return Some(zola(dir));
    }
    let config = match &parsed {
        Ok(c) => c,
        Err(_) => &HugoConfig::default(),
    };
    let mut site = Site::new(Generator::Hugo, dir, dir.to_path_buf());
    site.lowercase_urls = lowercase_urls;
    if let Err(why) = &parsed {
        unreadable(&mut site, &path, why);
    }
    // `module.toml` beside `hugo.toml` in `config/_default/`.
    let mut mounts: Vec<HugoMount> = config
        .module
        .mounts
        .iter()
        .map(|m| HugoMount {
            source: m.source.clone(),
            target: m.target.clone(),
        })
        .collect();
    if let Some(parent) = path.parent()
        && let Ok(t) = try_read_config(&parent.join("module.toml"))
        && let Ok(m) = toml::from_str::<HugoModule>(&t)
    {
        mounts.extend(m.mounts);
    }
    let content_dir = config
        .content_dir
        .clone()
        .unwrap_or_else(|| "content".to_string());
    for m in &mounts {
        if m.target == "content" || m.target.starts_with("content/") {
            let from = crate::paths::lexical(&dir.join(&m.source));
            if !from.starts_with(dir) || m.target != "content" {
                // A file or folder mounted in from elsewhere.
                let under = m.target.strip_prefix("content").unwrap_or("");
                site.mounted.push(under.trim_start_matches('/').to_string());
            } else {
                site.contents.push(from);
            }
        }
    }
    // A language's own `contentDir` (Hugo, "Multilingual mode": "Translation
    // by content directory"), in the config or `config/_default/languages.*`.
    let mut languages = config.languages.clone();
    if let Some(parent) = path.parent()
        && let Ok(t) = try_read_config(&parent.join("languages.toml"))
        && let Ok(m) = toml::from_str::<serde_json::Map<String, serde_json::Value>>(&t)
    {
        languages.extend(m);
    }
    for v in languages.values() {
        let dir_of = |k: &str| v.get(k).and_then(|d| d.as_str()).map(str::to_string);
        if let Some(d) = dir_of("contentDir").or_else(|| dir_of("contentdir")) {
            let d = crate::paths::lexical(&dir.join(d));
            if d.starts_with(dir) && !site.contents.contains(&d) {
                site.contents.push(d);
            }
        }
    }
    if site.contents.is_empty() {
        site.contents.push(dir.join(&content_dir));
    }
    // The default taxonomies' pages are made (Hugo, "Taxonomies").
    site.mounted
        .extend(["categories".to_string(), "tags".to_string()]);
    site.rooted = site.contents.clone();
    site.rooted.push(dir.join("static"));
    let hook = [
        "layouts/_markup/render-link.html",
        "layouts/_default/_markup/render-link.html",
    ]
    .into_iter()
    .find(|h| dir.join(h).is_file());
    let theme = match &config.theme {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Array(a) => a.first().and_then(|v| v.as_str()).map(str::to_string),
        _ => None,
    };
    // A theme or a module (mounted from `node_modules` or elsewhere)
    // brings its own static files, layouts and output formats.
    let outside = mounts.iter().any(|m| {
        !crate::paths::lexical(&dir.join(&m.source)).starts_with(dir)
            || m.source.contains("node_modules")
    });
    site.assets = match (&theme, outside) {
        (Some(t), _) => Some(Arc::from(format!("Hugo theme `{t}` may provide them"))),
        (None, true) => Some(Arc::from(
            "a Hugo module mounted from outside the tree may provide them",
        )),
        _ => None,
    };
    site.rewriter = match (hook, theme) {
        (Some(h), _) => Some(Arc::from(format!(
            "Hugo link render hook `{h}` may rewrite them"
        ))),
        (None, Some(t)) => Some(Arc::from(format!(
            "Hugo theme `{t}` may rewrite them with a link render hook"
        ))),
        // Multilingual single-host sites get the embedded hook.
        (None, None) if config.languages.len() > 1 => Some(Arc::from(
            "Hugo's embedded link render hook may rewrite them",
        )),
        _ => None,
    };
    Some(site)
}

/// Hugo resolves a link through GetPage (Hugo's documentation, "Link
/// render hooks" and `GetPage`): relative to the page, where a leaf
/// bundle's `index.md` is the page itself, so its links start at the
/// bundle's parent, and `..` stops at `content/`; then from `content/`.
pub(super) fn tries(
    site: &Site,
    file: &Path,
    dir: &Path,
    path: &[u8],
    out: &mut Vec<(PathBuf, Vec<u8>)>,
) {
    // The content folder that holds the file, then the others (a
    // language's pages fall back to the default language's).
    let Some(content) = site.contents.iter().find(|c| dir.starts_with(c)) else {
        return;
    };
    let orig = path;
    // `page.md/`: the page, as its URL is written.
    let path = trim_page_slash(path);
    let leaf = file
        .file_name()
        .is_some_and(|n| n == "index.md" || n == "index.markdown" || n == "index.html");
    let page_dir = if leaf {
        dir.parent().unwrap_or(dir)
    } else {
        dir
    };
    if let Ok(rel) = page_dir.strip_prefix(content) {
        // `..` past `content/` is clamped there.
        let mut segs: Vec<&[u8]> = rel
            .iter()
            .filter_map(|s| s.to_str())
            .map(str::as_bytes)
            .collect();
        let mut rest = path;
        loop {
            if let Some(r) = rest.strip_prefix(b"../") {
                segs.pop();
                rest = r;
            } else if let Some(r) = rest.strip_prefix(b"./") {
                rest = r;
            } else {
                break;
            }
        }
        let mut joined = Vec::new();
        for s in segs {
            joined.extend_from_slice(s);
            joined.push(b'/');
        }
        joined.extend_from_slice(rest);
        out.push((content.clone(), joined));
        // Then from `content/` itself, and the other languages'.
        out.push((content.clone(), rest.to_vec()));
        for other in site.contents.iter().filter(|c| *c != content) {
            out.push((other.clone(), rest.to_vec()));
        }
    }
    if path.len() != orig.len() {
        out.push((dir.to_path_buf(), path.to_vec()));
    }
    // A destination no hook rewrites reaches the browser as written, and
    // resolves against the page's URL: a page is served at `name/`
    // (Hugo, "URL management": pretty URLs), so `../icon` from `tabs.md`
    // is its sibling `icon.md`. Themes whose hook resolves only
    // `/`-rooted destinations pass the others through (Hextra's).
    if !super::is_index(file)
        && let Some(stem) = file.file_stem()
        && !path.starts_with(b"/")
    {
        out.push((dir.join(stem), path.to_vec()));
    }
}

/// `x.md/` as `x.md` (the fragment and query kept).
fn trim_page_slash(path: &[u8]) -> &[u8] {
    for ext in [&b".md/"[..], b".markdown/", b".html/"] {
        if let Some(k) = memchr::memmem::find(path, ext) {
            let end = k + ext.len();
            if end == path.len() {
                return &path[..end - 1];
            }
        }
    }
    path
}
