//! Docusaurus: `docusaurus.config.*`, its content plugins and their
//! routes (SPEC sections 11a, 11b).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Generator, Site, try_read_config};
use crate::links::permalinks::join;

/// A docs plugin instance (Docusaurus, "Docs": `path`, `routeBasePath`,
/// `id`; "Versioning").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocsPlugin {
    /// Its folder, absolute.
    pub path: PathBuf,
    /// Its `routeBasePath`, without `/` at either end.
    pub base: String,
    /// Its `id` (`default` for the preset's).
    pub id: String,
    /// `lastVersion`, when the config writes it as a string.
    pub last_version: Option<String>,
    /// Its released versions, newest first (`versions.json`, or
    /// `<id>_versions.json`).
    pub versions: Vec<String>,
}

/// What a Docusaurus site's content plugins serve, and what else may make
/// routes.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// The docs plugins, the preset's first.
    pub docs: Vec<DocsPlugin>,
    /// The blog's folder and `routeBasePath`, unless `blog: false`.
    pub blog: Option<(PathBuf, String)>,
    /// `src/pages`.
    pub pages: PathBuf,
    /// Plugins whose routes the model does not know.
    pub unknown: Vec<String>,
}

/// Plugins known to make no page: styles, analytics, search, images,
/// bundlers, Markdown plug-ins.
const QUIET: &[&str] = &[
    "sass",
    "scss",
    "less",
    "css",
    "tailwind",
    "gtag",
    "google",
    "analytics",
    "plausible",
    "umami",
    "matomo",
    "sitemap",
    "pwa",
    "image",
    "zoom",
    "search",
    "lunr",
    "algolia",
    "copy",
    "svgr",
    "webpack",
    "rspack",
    "postcss",
    "llms",
    "mermaid",
    "katex",
    "math",
    "vercel",
    "remark",
    "rehype",
    "alias",
    "dotenv",
    "theme",
    "debug",
    "faster",
];

/// Docusaurus (its documentation, "Docs", "Markdown links", "Static
/// assets", "Blog", "Creating pages"): the docs plugins' `path` (default
/// `docs`) served at `routeBasePath` (default `docs`), the blog, pages
/// from `src/pages`, and `static/` at the root.
pub(super) fn docusaurus(repo: &Path, home: &Path, name: &str) -> Site {
    let text = try_read_config(&home.join(name)).unwrap_or_default();
    let mut layout = layout(home, &text);
    let docs = layout.docs[0].path.clone();
    // The site's pages come from its home and its docs, wherever they are.
    let source = common_root(repo, home, &docs);
    let mut site =
        Site::new(Generator::Docusaurus, home, source).with_pages(&["404.html", "search"]);
    site.contents = vec![docs.clone()];
    let route = layout.docs[0].base.clone();
    if route.is_empty() {
        site.rooted.push(docs);
    } else {
        site.prefixes.push((format!("{route}/"), docs));
    }
    site.rooted.push(home.join("static"));
    site.rooted.push(home.join("src/pages"));
    if !layout.unknown.is_empty() {
        site.makers = Some(Arc::from(format!(
            "Docusaurus plugin {} may make them",
            layout
                .unknown
                .iter()
                .map(|p| format!("`{p}`"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    // A versions file that cannot be read leaves the versions' routes
    // unknown: what does not resolve is unchecked, naming the file.
    for d in &mut layout.docs {
        let name = match d.id.as_str() {
            "default" => "versions.json".to_string(),
            id => format!("{id}_versions.json"),
        };
        let path = home.join(&name);
        if !path.exists() {
            continue;
        }
        match try_read_config(&path)
            .and_then(|t| serde_json::from_str::<Vec<String>>(&t).map_err(|e| e.to_string()))
        {
            Ok(versions) => d.versions = versions,
            Err(why) => super::config_file::unreadable(&mut site, &path, why),
        }
    }
    site.docusaurus = Some(Arc::new(layout));
    site
}

/// The content plugins `config` (the text of `docusaurus.config.*`)
/// declares, read from its object literals.
pub(crate) fn layout(home: &Path, config: &str) -> Layout {
    let mut out = Layout {
        pages: home.join("src/pages"),
        ..Layout::default()
    };
    let blocks = object_blocks(config);
    let preset_docs = blocks.iter().find(|b| b.key.as_deref() == Some("docs"));
    let plugin = |b: &Block| DocsPlugin {
        path: crate::paths::lexical(&home.join(b.get("path").unwrap_or("docs"))),
        base: b
            .get("routeBasePath")
            .unwrap_or("docs")
            .trim_matches('/')
            .to_string(),
        id: b.get("id").unwrap_or("default").to_string(),
        last_version: b.get("lastVersion").map(str::to_string),
        versions: Vec::new(),
    };
    match preset_docs {
        Some(b) => out.docs.push(plugin(b)),
        None => out.docs.push(DocsPlugin {
            path: home.join("docs"),
            base: "docs".to_string(),
            id: "default".to_string(),
            last_version: None,
            versions: Vec::new(),
        }),
    }
    for b in blocks
        .iter()
        .filter(|b| b.plugin.as_deref() == Some("@docusaurus/plugin-content-docs"))
    {
        out.docs.push(plugin(b));
    }
    let blog_off =
        regex::Regex::new(r#"["']?blog["']?\s*:\s*false"#).is_ok_and(|re| re.is_match(config));
    let blog = blocks
        .iter()
        .find(|b| b.key.as_deref() == Some("blog"))
        .map(|b| (b.get("path"), b.get("routeBasePath")));
    if !blog_off {
        let (path, base) = blog.unwrap_or((None, None));
        out.blog = Some((
            crate::paths::lexical(&home.join(path.unwrap_or("blog"))),
            base.unwrap_or("blog").trim_matches('/').to_string(),
        ));
    }
    // Every plugin named, and whether the model knows what it serves.
    if let Ok(re) =
        regex::Regex::new(r#"['"]((?:@[\w.-]+/)?[\w.-]*(?:plugin|docusaurus)[\w.-]*)['"]"#)
    {
        for c in re.captures_iter(config) {
            let name = c[1].to_string();
            let known = matches!(
                name.as_str(),
                "@docusaurus/plugin-content-docs"
                    | "@docusaurus/plugin-content-blog"
                    | "@docusaurus/plugin-content-pages"
                    | "@docusaurus/types"
                    | "@docusaurus/preset-classic"
            ) || name.starts_with("@docusaurus/theme")
                || name.starts_with("@docusaurus/core")
                || name.starts_with("@docusaurus/utils")
                || QUIET.iter().any(|q| name.contains(q));
            if !known && !out.unknown.contains(&name) {
                out.unknown.push(name);
            }
        }
    }
    out
}

/// An object literal of the config: the key it is the value of, or the
/// plugin it configures (`['@docusaurus/plugin-content-docs', {...}]`),
/// and its own string-valued keys.
struct Block {
    key: Option<String>,
    plugin: Option<String>,
    strings: Vec<(String, String)>,
}

impl Block {
    fn get(&self, key: &str) -> Option<&str> {
        self.strings
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The object literals of a JavaScript or TypeScript config, read with a
/// scanner that knows strings and comments (not a parser: enough for the
/// keys a config writes as literals).
fn object_blocks(text: &str) -> Vec<Block> {
    let b = text.as_bytes();
    // (start of the object, its key or plugin, its strings), open ones.
    let mut stack: Vec<Block> = Vec::new();
    let mut out = Vec::new();
    // The last string literal and the last key seen, at this point.
    let mut last_string: Option<String> = None;
    let mut pending_key: Option<String> = None;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = memchr::memchr(b'\n', &b[i..]).map_or(b.len(), |k| i + k);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = memchr::memmem::find(&b[i + 2..], b"*/").map_or(b.len(), |k| i + k + 4);
                continue;
            }
            q @ (b'"' | b'\'' | b'`') => {
                let mut j = i + 1;
                while j < b.len() && b[j] != q {
                    if b[j] == b'\\' {
                        j += 1;
                    }
                    j += 1;
                }
                let s = String::from_utf8_lossy(&b[i + 1..j.min(b.len())]).into_owned();
                // A key written as a string: `"path": "./docs"`.
                let rest = &b[(j + 1).min(b.len())..];
                let colon = rest
                    .iter()
                    .position(|c| !c.is_ascii_whitespace())
                    .is_some_and(|k| rest[k] == b':');
                if colon {
                    pending_key = Some(s);
                } else {
                    if let (Some(k), Some(top)) = (pending_key.take(), stack.last_mut()) {
                        top.strings.push((k, s.clone()));
                    }
                    last_string = Some(s);
                }
                i = j + 1;
                continue;
            }
            b'{' => {
                stack.push(Block {
                    key: pending_key.take(),
                    plugin: last_string.take(),
                    strings: Vec::new(),
                });
            }
            b'}' => {
                if let Some(done) = stack.pop() {
                    out.push(done);
                }
                pending_key = None;
            }
            b',' | b'[' | b']' | b'(' | b')' | b';' => {
                pending_key = None;
                if b[i] != b',' {
                    last_string = None;
                }
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c == b'$' => {
                let mut j = i;
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_' || b[j] == b'$')
                {
                    j += 1;
                }
                let rest = &b[j..];
                let colon = rest
                    .iter()
                    .position(|c| !c.is_ascii_whitespace())
                    .is_some_and(|k| rest[k] == b':' && rest.get(k + 1) != Some(&b':'));
                if colon {
                    pending_key = Some(String::from_utf8_lossy(&b[i..j]).into_owned());
                } else {
                    // An identifier as a value: not a string.
                    pending_key = None;
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The docs folder of the version that holds `file`: a docs plugin's
/// folder, or a version's (`versioned_docs/version-2.0`); `None` for a
/// file in neither.
pub(crate) fn docs_root(site: &Site, file: &Path) -> Option<PathBuf> {
    let layout = site.docusaurus.as_ref()?;
    for d in &layout.docs {
        if file.starts_with(&d.path) {
            return Some(d.path.clone());
        }
        let prefix = match d.id.as_str() {
            "default" => String::new(),
            id => format!("{id}_"),
        };
        let versioned = site.home.join(format!("{prefix}versioned_docs"));
        if let Ok(rel) = file.strip_prefix(&versioned)
            && let Some(version) = rel.iter().next()
            && version.to_string_lossy().starts_with("version-")
        {
            return Some(versioned.join(version));
        }
    }
    None
}

/// The deepest of `a`'s ancestors that holds `b` and `c`.
fn common_root(a: &Path, b: &Path, c: &Path) -> std::path::PathBuf {
    a.ancestors()
        .find(|d| b.starts_with(d) && c.starts_with(d))
        .unwrap_or(a)
        .to_path_buf()
}

/// A blog post's route under the blog's base (Docusaurus, "Blog": a date
/// in the file or folder name, `YYYY-MM-DD-name`, makes
/// `YYYY/MM/DD/name`), its front matter's `slug` aside; its folder's
/// index is the folder's post.
pub(crate) fn blog_routes(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let Some(last) = parts.pop() else {
        return Vec::new();
    };
    let stem = last
        .rsplit_once('.')
        .map_or(last.as_str(), |(s, _)| s)
        .to_string();
    let name = if stem == "index" {
        match parts.pop() {
            Some(folder) => folder,
            None => return vec![String::new()],
        }
    } else {
        stem
    };
    let dated = |n: &str| -> Option<(String, String)> {
        let b = n.as_bytes();
        let digits =
            |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
        (b.len() > 11
            && digits(0..4)
            && b[4] == b'-'
            && digits(5..7)
            && b[7] == b'-'
            && digits(8..10)
            && b[10] == b'-')
            .then(|| {
                (
                    format!("{}/{}/{}", &n[0..4], &n[5..7], &n[8..10]),
                    n[11..].to_string(),
                )
            })
    };
    let folder = parts.join("/");
    match dated(&name) {
        Some((date, name)) => vec![
            join(&folder, &join(&date, &name)),
            join(&date, &join(&folder, &name)),
        ],
        None => vec![join(&folder, &name)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_plugins_of_a_config() {
        let config = r#"
const config = {
  presets: [
    ['classic', {
        docs: {
          "path": "./docs",
          "routeBasePath": "/", // at the root
          lastVersion: lastDocsVersion,
        },
        blog: { "path": "blog" },
    }],
  ],
  plugins: [
    'docusaurus-plugin-sass',
    [
      '@docusaurus/plugin-content-docs',
      { id: 'pnpr', path: './pnpr-docs', routeBasePath: 'pnpr' },
    ],
    ['docusaurus-plugin-openapi-docs', { id: 'api' }],
  ],
};"#;
        let home = Path::new("/site");
        let l = layout(home, config);
        let docs: Vec<(&str, &str, &str)> = l
            .docs
            .iter()
            .map(|d| (d.path.to_str().unwrap(), d.base.as_str(), d.id.as_str()))
            .collect();
        assert_eq!(
            docs,
            [
                ("/site/docs", "", "default"),
                ("/site/pnpr-docs", "pnpr", "pnpr")
            ]
        );
        assert_eq!(
            l.blog,
            Some((PathBuf::from("/site/blog"), "blog".to_string()))
        );
        assert_eq!(l.unknown, ["docusaurus-plugin-openapi-docs"]);
    }

    #[test]
    fn blog_post_routes() {
        let r = |p: &str| blog_routes(Path::new(p));
        assert_eq!(
            r("2020-05-27-flat.md"),
            ["2020/05/27/flat", "2020/05/27/flat"]
        );
        assert_eq!(
            r("2021-01-02-post/index.md"),
            ["2021/01/02/post", "2021/01/02/post"]
        );
        assert_eq!(r("releases/11.0.md"), ["releases/11.0"]);
    }
}
