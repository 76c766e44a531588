//! Site models (SPEC sections 11 and 11a): for each site generator, the
//! markers that detect it, the folders its pages and files come from, how
//! a link written in a page resolves, which pages and files it makes, and
//! where the model's knowledge ends. A link a model covers is found or
//! broken; where the model ends it is [unchecked](super::Reason). Pages a
//! generator looks up by its own syntax are resolved in `links::page_refs`.
//!
//! | generator | marker | relative links | `/`-rooted links | where the model ends |
//! |---|---|---|---|---|
//! | mdBook | `book.toml` | from the file; `name.html` from `name.md` | from `src` | third-party preprocessors, backends' files |
//! | MkDocs | `mkdocs.yml` | from the file | from `docs_dir` | |
//! | Sphinx | `conf.py` | from the file; `html_additional_pages` | from the source folder | |
//! | Jekyll | `_config.yml` | from the file, or from the page's permalink; `{% link %}` from the site folder, `{% post_url %}` from `_posts/` | from the site folder | |
//! | Docusaurus | `docusaurus.config.*` | from the file, bare paths from the docs root | from the docs root and `static/` | |
//! | Hugo | `hugo.*`, `config.*` + `content/` | GetPage: page-relative (a bundle's from its parent, `..` kept in `content/`), then from `content/`; `ref`/`relref` also by base name | from `content/` and `static/` | render hooks on non-paths, mounts, content adapters, shortcode headings |
//! | Zola | `config.toml` + `content/` | `@/` from `content/` | from `content/` and `static/` | |
//! | Antora | `antora.yml` | from the module's `pages/`, `images/` and resource families; `<<Title>>` by title | | other components |
//! | VitePress | `.vitepress/config.*` | from the file, extensionless | from `srcDir` (after `rewrites`) and `public/` | |
//! | Starlight | `astro.config.*` + `src/content/docs` | from the file | from `src/content/docs` and `public/` | |

mod antora;
mod config_file;
mod detect;
pub(crate) mod docsify;
pub(crate) mod docusaurus;
pub(crate) mod eleventy;
mod hugo;
mod jekyll;
mod mdbook;
mod mkdocs;
mod myst;
pub(crate) mod nextra;
pub(crate) mod quarto;
mod sphinx;
mod starlight;
mod vitepress;
mod zola;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(crate) use antora::antora_module;
pub(crate) use detect::detect;
pub(crate) use myst::MystIndex;

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
    /// MyST: `myst.yml` (mystmd, Jupyter Book 2), or Jupyter Book 1's
    /// `_config.yml` with `_toc.yml`.
    Myst,
    /// `_quarto.yml`.
    Quarto,
    /// Next.js with Nextra: `next.config.*` naming `nextra`.
    Nextra,
    /// Docsify: an `index.html` with `window.$docsify`.
    Docsify,
    /// Eleventy: `.eleventy.js` or `eleventy.config.*`.
    Eleventy,
}

impl Generator {
    /// Whether its sources are a folder of pages only (mdBook's `src`,
    /// MkDocs' `docs`, VitePress' `srcDir`, Starlight's content), where a
    /// folder is a page only with an index. Jekyll, Sphinx and Docusaurus
    /// sites often are a repository's root, whose folders GitHub shows.
    pub fn pages_only(self) -> bool {
        matches!(
            self,
            Generator::MdBook | Generator::MkDocs | Generator::VitePress | Generator::Starlight
        )
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
            Generator::Myst => "MyST",
            Generator::Quarto => "Quarto",
            Generator::Nextra => "Nextra",
            Generator::Docsify => "Docsify",
            Generator::Eleventy => "Eleventy",
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
    /// What provides static files from outside the tree: a theme, a
    /// module.
    pub assets: Option<Arc<str>>,
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
    /// locale's; Nextra: the locales of `next.config`'s `i18n`.
    pub locales: Vec<String>,
    /// Jekyll: the collections' folders whose pages are served at
    /// `name/`.
    pub pretty: Vec<PathBuf>,
    /// Jekyll: the posts' folder and their permalink pattern.
    pub posts: Option<(PathBuf, String)>,
    /// mdBook: the chapters `SUMMARY.md` lists, read when first needed
    /// (`None`: no summary could be read, so none is known).
    pub chapters: std::sync::OnceLock<Option<HashSet<PathBuf>>>,
    /// Quarto: whether cross-references (`@sec-x`) name labels of the
    /// whole project (a book) or of their page only.
    pub crossrefs: Option<bool>,
    /// Hugo: page URLs are lower-cased (no `disablePathToLower`).
    pub lowercase_urls: bool,
    /// What may make any page the tree does not hold (an MkDocs hook or
    /// plug-in): a missing page is unchecked.
    pub made: Option<Arc<str>>,
    /// What may rewrite pages' headings (an MkDocs hook), and which pages
    /// (`None`: any): a fragment into one is unchecked.
    pub rewritten: Vec<(Arc<str>, Option<HashSet<PathBuf>>)>,
    /// Docsify: the routes its `alias` serves from elsewhere.
    pub aliases: Vec<regex::Regex>,
    /// Docusaurus: its content plugins.
    pub docusaurus: Option<Arc<docusaurus::Layout>>,
    /// MyST (mystmd, Jupyter Book, Sphinx with `myst_parser` or
    /// `myst_nb`): its Markdown's `#label` and label destinations resolve
    /// against every explicit target of the project.
    pub myst: bool,
    /// What else resolves a MyST reference urilint cannot see (Sphinx's
    /// domains and intersphinx inventories): a label not found is then
    /// unchecked, not broken.
    pub domains: Option<Arc<str>>,
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
            assets: None,
            anchors: globset::GlobSet::empty(),
            broken: None,
            mounted: Vec::new(),
            component: None,
            locales: Vec::new(),
            pretty: Vec::new(),
            posts: None,
            chapters: std::sync::OnceLock::new(),
            myst: false,
            domains: None,
            docusaurus: None,
            crossrefs: None,
            aliases: Vec::new(),
            made: None,
            rewritten: Vec::new(),
            lowercase_urls: false,
        }
    }

    /// Adds the pages `names` it makes.
    pub(crate) fn with_pages(mut self, names: &[&str]) -> Site {
        self.pages.extend(names.iter().map(|s| s.to_string()));
        self
    }

    /// Whether the generator turns a link to a page's source (`x.md`) into
    /// a link to the page: mdBook, MkDocs, Docusaurus, VitePress, Hugo
    /// through a link render hook, Antora's xrefs; and Jekyll, where
    /// `jekyll-relative-links` (on by default on GitHub Pages) may.
    pub fn rewrites_sources(&self) -> bool {
        match self.generator {
            // MyST turns a link to a project document into one to its page.
            Generator::Sphinx => self.myst,
            Generator::Zola | Generator::Starlight => false,
            Generator::Hugo => self.rewriter.is_some(),
            _ => true,
        }
    }

    /// Whether the page at `file` is served at a folder of its own
    /// (`/docs/name/`) and its links are written against that: Jekyll's
    /// collections with a permalink ending in `/`, and pages whose front
    /// matter's `permalink` does; Zola's pages.
    pub(crate) fn is_pretty(
        &self,
        file: &Path,
        head: impl FnOnce() -> Option<crate::links::permalinks::Heads>,
    ) -> bool {
        if is_index(file) {
            return false;
        }
        match self.generator {
            Generator::Zola => self.contents.iter().any(|c| file.starts_with(c)),
            Generator::Jekyll => {
                self.pretty.iter().any(|d| file.starts_with(d))
                    || jekyll::front_matter_pretty(head())
            }
            _ => false,
        }
    }

    /// The other ways the reference `value` (its path `path`), written in
    /// the file at `file` (in folder `dir`), may resolve on this site: a
    /// folder and the path from it, tried in order once the file's own
    /// folder found nothing.
    pub(crate) fn tries(&self, file: &Path, dir: &Path, path: &[u8]) -> Vec<(PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        // `#frag` alone names this document, on every site.
        if path.is_empty() {
            return out;
        }
        if let Some(rest) = path.strip_prefix(b"/") {
            for (prefix, to) in &self.prefixes {
                if let Some(r) = rest.strip_prefix(prefix.as_bytes()) {
                    out.push((to.clone(), r.to_vec()));
                }
            }
            for r in &self.rooted {
                out.push((r.clone(), rest.to_vec()));
            }
            // Quarto's HTML formats name an image written without an
            // extension `.png` (`default-image-extension`).
            if self.generator == Generator::Quarto && !crate::links::fit::has_extension_bytes(rest)
            {
                for r in &self.rooted {
                    out.push((r.clone(), [rest, b".png"].concat()));
                }
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
            Generator::Hugo => hugo::tries(self, file, dir, path, &mut out),
            Generator::Antora => antora::tries(dir, path, &mut out),
            Generator::Docusaurus => {
                // A bare path (`api/Store.md`) is tried against the docs
                // root before the file's folder (Docusaurus, "Markdown
                // links": file paths are relative to the docs folder).
                if !path.starts_with(b".")
                    && let Some(c) = docusaurus::docs_root(self, file)
                {
                    out.push((c, path.to_vec()));
                    out.push((self.home.clone(), path.to_vec()));
                }
            }
            // A page is served at `name/` by default, or where its
            // front matter's permalink says (`/index.html`).
            Generator::Eleventy => {
                if let Some(stem) = file.file_stem()
                    && !is_index(file)
                {
                    out.push((dir.join(stem), path.to_vec()));
                }
                if let Some(folder) = self.eleventy_permalink_folder(file) {
                    out.push((folder, path.to_vec()));
                }
            }
            Generator::Jekyll | Generator::Zola => {
                // A page is served at `/dir/name/` (pretty permalinks, and
                // a collection's `/:collection/:path/`): its links are
                // written against that folder.
                if let Some(stem) = file.file_stem()
                    && !is_index(file)
                {
                    out.push((dir.join(stem), path.to_vec()));
                }
                if self.generator == Generator::Zola
                    && let (Some(rest), Some(c)) = (path.strip_prefix(b"@/"), self.contents.first())
                {
                    out.push((c.clone(), rest.to_vec()));
                }
            }
            Generator::Quarto if !crate::links::fit::has_extension_bytes(path) => {
                out.push((dir.to_path_buf(), [path, b".png"].concat()));
            }
            // `html_extra_path` files sit at the output's root, beside
            // the pages made from the source folder.
            Generator::Sphinx => {
                if let Ok(rel) = dir.strip_prefix(&self.source) {
                    for extra in &self.contents {
                        out.push((extra.join(rel), path.to_vec()));
                    }
                }
            }
            // Links resolve from the docs' root (`relativePath` off).
            Generator::Docsify => {
                if let Some(root) = self.contents.first() {
                    out.push((root.clone(), path.to_vec()));
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

impl Site {
    /// The folder an Eleventy page's front-matter permalink puts it in
    /// (`permalink: /use/index.html` is `use/` of the input folder), when
    /// it has one without a template in it.
    fn eleventy_permalink_folder(&self, file: &Path) -> Option<PathBuf> {
        let head = crate::links::permalinks::head(file)?;
        let front = crate::links::permalinks::front_matter(&head)?;
        let link = crate::links::permalinks::value(front, "permalink")?;
        if link.contains(['{', '%']) || link == "false" {
            return None;
        }
        let link = link.trim_start_matches('/');
        let folder = match link.rsplit_once('/') {
            Some((d, _)) => d,
            None => "",
        };
        Some(self.source.join(folder))
    }
}

/// Whether `file` is a folder's index page (`index.md`, `_index.md`,
/// `README.md`).
pub(crate) fn is_index(file: &Path) -> bool {
    file.file_stem()
        .and_then(|s| s.to_str())
        .is_some_and(|s| matches!(s, "index" | "_index" | "README" | "readme"))
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
    crate::regular::read_string(path, MAX_CONFIG).map_err(|e| e.to_string())
}
