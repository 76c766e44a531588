//! Site models (SPEC sections 11 and 11a): for each site generator, the
//! markers that detect it, the folders its pages and files come from, how
//! a link written in a page resolves, which pages and files it makes, and
//! where the model's knowledge ends. A link a model covers is found or
//! broken; where the model ends it is [unchecked](super::Reason).
//!
//! | generator | marker | relative links | `/`-rooted links | where the model ends |
//! |---|---|---|---|---|
//! | mdBook | `book.toml` | from the file; `name.html` from `name.md` | from `src` | third-party preprocessors, backends' files |
//! | MkDocs | `mkdocs.yml` | from the file | from `docs_dir` | |
//! | Sphinx | `conf.py` | from the file; `html_additional_pages` | from the source folder | |
//! | Jekyll | `_config.yml` | from the file, or from the page's permalink | from the site folder | |
//! | Docusaurus | `docusaurus.config.*` | from the file, bare paths from the docs root | from the docs root and `static/` | |
//! | Hugo | `hugo.*`, `config.*` + `content/` | GetPage: page-relative (a bundle's from its parent, `..` kept in `content/`), then from `content/` | from `content/` and `static/` | render hooks on non-paths, mounts, shortcode headings |
//! | Zola | `config.toml` + `content/` | `@/` from `content/` | from `content/` and `static/` | |
//! | Antora | `antora.yml` | from the module's `pages/`, `images/` and resource families | | other components |
//! | VitePress | `.vitepress/config.*` | from the file, extensionless | from `srcDir` (after `rewrites`) and `public/` | |
//! | Starlight | `astro.config.*` + `src/content/docs` | from the file | from `src/content/docs` and `public/` | |

mod detect;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(crate) use detect::detect;

/// A site generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// `book.toml`.
    MdBook,
    /// `conf.py`.
    Sphinx,
    /// `mkdocs.yml`.
    MkDocs,
    /// `_config.yml`.
    Jekyll,
    /// `docusaurus.config.js` (or `.ts`, `.mjs`).
    Docusaurus,
    /// `hugo.toml` (or `.yaml`, `.json`), `config.toml`, `config/_default/`.
    Hugo,
    /// `config.toml` with `base_url`.
    Zola,
    /// `antora.yml`.
    Antora,
    /// `.vitepress/config.*`.
    VitePress,
    /// `astro.config.*` with Starlight.
    Starlight,
}

impl Generator {
    /// Whether its sources are a folder of pages only (mdBook's `src`,
    /// MkDocs' `docs`), where a folder is a page only with an index. Jekyll,
    /// Sphinx and Docusaurus sites often are a repository's root, whose
    /// folders GitHub shows.
    pub fn pages_only(self) -> bool {
        matches!(self, Generator::MdBook | Generator::MkDocs)
    }

    /// Its name, for messages.
    pub fn as_str(self) -> &'static str {
        match self {
            Generator::MdBook => "mdBook",
            Generator::Sphinx => "Sphinx",
            Generator::MkDocs => "MkDocs",
            Generator::Jekyll => "Jekyll",
            Generator::Docusaurus => "Docusaurus",
            Generator::Hugo => "Hugo",
            Generator::Zola => "Zola",
            Generator::Antora => "Antora",
            Generator::VitePress => "VitePress",
            Generator::Starlight => "Starlight",
        }
    }
}

/// A generated site's sources, as its model reads them.
#[derive(Clone, Debug)]
pub struct Site {
    /// Which generator.
    pub generator: Generator,
    /// The folder its config is in.
    pub home: PathBuf,
    /// The absolute folder its pages come from (mdBook's `src`, MkDocs'
    /// `docs_dir`, Hugo's and Zola's `content`): the site's root, which
    /// bounds its links.
    pub source: PathBuf,
    /// Pages that exist on the site without a source, as paths under
    /// `source`: what the generator makes (`genindex.html`, `print.html`)
    /// and redirects (mdBook's `[output.html.redirect]`).
    pub pages: HashSet<String>,
    /// Where `/`-rooted references resolve, in order (content, then
    /// static files); empty where the model does not know.
    pub rooted: Vec<PathBuf>,
    /// The folders a generator resolves links from besides the file's own
    /// (Hugo's GetPage and Zola's `@/` from `content/`, Docusaurus'
    /// bare paths from the docs root), the default language's first.
    pub contents: Vec<PathBuf>,
    /// `/`-rooted paths under a prefix that resolve in another folder
    /// (Jekyll's `/docs/` from `_docs/`, VitePress' `rewrites`).
    pub prefixes: Vec<(String, PathBuf)>,
    /// What may rewrite a destination that is not a path: a link render
    /// hook, a preprocessor.
    pub rewriter: Option<Arc<str>>,
    /// What makes files the tree does not hold: a backend, a plug-in.
    pub makers: Option<Arc<str>>,
    /// Ids plug-ins make, as globs (`r-*` for mdbook-spec's rules).
    pub anchors: globset::GlobSet,
    /// Why its config could not be read: then its links are unchecked
    /// where they do not resolve.
    pub broken: Option<Arc<str>>,
    /// Pages and folders mounted into its content from elsewhere (Hugo's
    /// `module.mounts`), as paths under a content folder.
    pub mounted: Vec<String>,
    /// Antora: the component's name.
    pub component: Option<String>,
    /// Starlight: the locales whose missing pages fall back to the root
    /// locale's.
    pub locales: Vec<String>,
}

impl Site {
    /// A site of `generator` with its config in `home` and its pages in
    /// `source`, making nothing else.
    pub(crate) fn new(generator: Generator, home: &Path, source: PathBuf) -> Site {
        Site {
            generator,
            home: home.to_path_buf(),
            source,
            pages: HashSet::new(),
            rooted: Vec::new(),
            contents: Vec::new(),
            prefixes: Vec::new(),
            rewriter: None,
            makers: None,
            anchors: globset::GlobSet::empty(),
            broken: None,
            mounted: Vec::new(),
            component: None,
            locales: Vec::new(),
        }
    }

    /// Adds the pages `names` it makes.
    pub(crate) fn with_pages(mut self, names: &[&str]) -> Site {
        self.pages.extend(names.iter().map(|s| s.to_string()));
        self
    }

    /// The other ways the reference `value` (its path `path`), written in
    /// the file at `file` (in folder `dir`), may resolve on this site: a
    /// folder and the path from it, tried in order once the file's own
    /// folder found nothing.
    pub(crate) fn tries(&self, file: &Path, dir: &Path, path: &[u8]) -> Vec<(PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        if let Some(rest) = path.strip_prefix(b"/") {
            for (prefix, to) in &self.prefixes {
                if let Some(r) = rest.strip_prefix(prefix.as_bytes()) {
                    out.push((to.clone(), r.to_vec()));
                }
            }
            for r in &self.rooted {
                out.push((r.clone(), rest.to_vec()));
            }
            // An untranslated page is served from the root locale's
            // (Starlight, "Internationalization": fallback content).
            if let Some(k) = memchr::memchr(b'/', rest)
                && self.locales.iter().any(|l| l.as_bytes() == &rest[..k])
                && let Some(docs) = self.contents.first()
            {
                out.push((docs.clone(), rest[k + 1..].to_vec()));
            }
            return out;
        }
        match self.generator {
            Generator::Hugo => hugo_tries(self, file, dir, path, &mut out),
            Generator::Zola => {
                if let (Some(rest), Some(c)) = (path.strip_prefix(b"@/"), self.contents.first()) {
                    out.push((c.clone(), rest.to_vec()));
                }
            }
            Generator::Antora => antora_tries(dir, path, &mut out),
            Generator::Docusaurus => {
                // A bare path (`api/Store.md`) is tried against the docs
                // root before the file's folder (Docusaurus, "Markdown
                // links": file paths are relative to the docs folder).
                if !path.starts_with(b".")
                    && let Some(c) = self.contents.first()
                {
                    out.push((c.clone(), path.to_vec()));
                    out.push((self.home.clone(), path.to_vec()));
                }
            }
            Generator::Jekyll => {
                // A page is served at `/dir/name/` (pretty permalinks, and
                // a collection's `/:collection/:path/`): its links are
                // written against that folder.
                if let Some(stem) = file.file_stem()
                    && !is_index(file)
                {
                    out.push((dir.join(stem), path.to_vec()));
                }
            }
            Generator::VitePress | Generator::Starlight => {
                // A page is served at `/dir/name/` or `/dir/name`; with a
                // trailing slash, links resolve from its own folder.
                if let Some(stem) = file.file_stem()
                    && !is_index(file)
                {
                    out.push((dir.join(stem), path.to_vec()));
                }
            }
            _ => {}
        }
        out
    }
}

/// Whether `file` is a folder's index page (`index.md`, `_index.md`,
/// `README.md`).
pub(crate) fn is_index(file: &Path) -> bool {
    file.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(|s| matches!(s, "index" | "_index" | "README" | "readme"))
}

/// Hugo resolves a link through GetPage (Hugo's documentation, "Link
/// render hooks" and `GetPage`): relative to the page, where a leaf
/// bundle's `index.md` is the page itself, so its links start at the
/// bundle's parent, and `..` stops at `content/`; then from `content/`.
fn hugo_tries(
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

/// Antora resolves a page's references from its module (Antora's
/// documentation, "Resource IDs"): `xref:` from `pages/`, `image::` from
/// `images/`, and `family$path` from the family's folder.
fn antora_tries(dir: &Path, path: &[u8], out: &mut Vec<(PathBuf, Vec<u8>)>) {
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

/// `patterns` as one set; a pattern that is not a glob matches nothing
/// (config checks its globs when it is read).
pub(crate) fn globs<S: AsRef<str>>(patterns: &[S]) -> globset::GlobSet {
    let mut b = globset::GlobSetBuilder::new();
    for p in patterns {
        if let Ok(g) = globset::Glob::new(p.as_ref()) {
            b.add(g);
        }
    }
    b.build().unwrap_or_else(|_| globset::GlobSet::empty())
}

/// The most of a config or build file read: a site's config is small.
const MAX_CONFIG: u64 = 1 << 20;

/// A config or build file's text, if it is a regular file (not a FIFO that
/// would block, nor a device that never ends) of at most [`MAX_CONFIG`]
/// bytes; else nothing.
pub(crate) fn read_config(path: &Path) -> String {
    try_read_config(path).unwrap_or_default()
}

/// [`read_config`], saying why a file could not be read.
pub(crate) fn try_read_config(path: &Path) -> Result<String, String> {
    use std::io::Read;
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() <= MAX_CONFIG => {}
        Ok(m) if m.is_file() => return Err(format!("larger than {MAX_CONFIG} bytes")),
        Ok(_) => return Err("not a regular file".to_string()),
        Err(e) => return Err(e.to_string()),
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_CONFIG).read_to_end(&mut bytes))
        .map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|_| "not UTF-8".to_string())
}
