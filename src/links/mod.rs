//! Link integrity (SPEC section 11): the relative references of markup
//! resolved against their file's location (RFC 3986 s5.2, RFC 1808 s4)
//! and checked offline against the tree: the target exists
//! (`broken-relative-link`) and its fragment names an anchor there
//! (`broken-fragment`).
//!
//! Folders are listed once each and every target's anchors are made once,
//! whatever the number of links into it and the number of threads, and
//! only for a file a fragment names: from what the file's own check
//! [learned](Links::learn) of it, else by reading it. A broken fragment's
//! suggestion needs the anchors' names, made once a file too.
//!
//! ```
//! use std::path::Path;
//! use urilint::format::{Format, Options, references};
//! use urilint::links::{LinkOptions, Links, Source};
//!
//! let dir = tempfile::tempdir().unwrap();
//! std::fs::write(dir.path().join("guide.md"), "# Set up\n").unwrap();
//! let readme = b"[a](guide.md#set-up) [b](guide.md#install) [c](gone.md)\n";
//! std::fs::write(dir.path().join("README.md"), readme).unwrap();
//!
//! let links = Links::new(LinkOptions::default());
//! let refs = references(Format::Markdown, readme, Options::default());
//! let path = dir.path().join("README.md");
//! let source = Source { path: &path, tree: dir.path() };
//! let (problems, _) = links.check(&source, &refs);
//! let found: Vec<(&str, &str)> = problems
//!     .iter()
//!     .map(|(i, p)| (std::str::from_utf8(&refs[*i].value).unwrap(), p.rule()))
//!     .collect();
//! assert_eq!(found, [("guide.md#install", "broken-fragment"), ("gone.md", "broken-relative-link")]);
//! ```

pub mod anchors;
mod build;
mod check;
pub mod fit;
mod kept;
mod makers;
mod markup;
mod model;
mod page_refs;
use makers::Makers;
use markup::{elsewhere, is_markup, is_markup_name, may_be_asciidoc};
use model::{Routes, is_route, source_link, unlisted_chapter};

mod path;
pub(crate) mod permalinks;
mod problem;
mod resolve;
mod site;
mod targets;
mod tree;

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

pub use anchors::Anchors;
pub(crate) use path::normal;
use path::{Frag, Parts, Seg, is_anchor_fragment, os_str, parts, percent_decode};
pub use problem::{Kind, Problem, Reason, Tally, Unchecked};
pub use site::{Generator, Site};
use tree::{FileCells, Found, Tree};

use crate::format::{self, Format, Reference, Targets};

/// The file names that stand for their folder (a web server's index, and
/// what GitHub and generators show for a folder).
const INDEXES: &[&str] = &[
    "index.html",
    "index.htm",
    "index.md",
    "README.md",
    "readme.md",
    "index.markdown",
    "index.mdx",
    "index.rst",
    "index.adoc",
    "_index.md",
];

/// The extensions of the sources a generated page is made from, by
/// default (`[links] source-extensions` in config).
pub const SOURCE_EXTENSIONS: &[&str] = &[
    "md", "markdown", "mdx", "qmd", "rmd", "rst", "adoc", "ipynb",
];

/// How a file's format is told: by name and first bytes (the CLI adds its
/// `[formats]` globs).
pub type FormatOf = Arc<dyn Fn(&Path, &[u8]) -> Format + Send + Sync>;

/// `--site URL=DIR`: a site's absolute URIs are checked as files under
/// `DIR`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiteMap {
    /// The site's URL, ending in `/`.
    pub url: String,
    /// The folder it is built from.
    pub dir: PathBuf,
}

impl FromStr for SiteMap {
    type Err = String;

    /// `https://docs.example.com/=site` (the first `=` splits them).
    fn from_str(s: &str) -> Result<SiteMap, String> {
        // The argument as an error shows it: redacted, and what comes
        // before an `@` hidden, scheme or not (`u:pw@host=dir`).
        let shown = || {
            let r = crate::redact::redact_text(s).into_owned();
            match r.rfind('@') {
                Some(at) => format!("****{}", &r[at..]),
                None => r,
            }
        };
        let (url, dir) = s
            .split_once('=')
            .ok_or_else(|| format!("`{}`: expected URL=DIR", shown()))?;
        let scheme_end = url.find("://").filter(|&k| {
            k > 0 && crate::schemes::is_scheme_name(&url.as_bytes()[..k]) && url.len() > k + 3
        });
        if scheme_end.is_none() || dir.is_empty() {
            return Err(format!(
                "`{}`: expected an absolute URL with a host, `=`, and a folder",
                shown()
            ));
        }
        let mut url = url.to_string();
        if !url.ends_with('/') {
            url.push('/');
        }
        Ok(SiteMap {
            url,
            dir: PathBuf::from(dir),
        })
    }
}

/// How links are checked.
#[derive(Clone)]
pub struct LinkOptions {
    /// `--root`: the folder `/`-rooted references resolve against;
    /// without it they are counted, not checked.
    pub root: Option<PathBuf>,
    /// `--site`: sites whose absolute URIs are checked as files.
    pub sites: Vec<SiteMap>,
    /// Check fragments (`--no-fragments` turns it off).
    pub fragments: bool,
    /// The extensions of page sources (without the dot).
    pub source_extensions: Vec<String>,
    /// Follow symbolic links, as the walker does with `-L`.
    pub follow_links: bool,
    /// How a target file's format is told, to read its anchors.
    pub format_of: FormatOf,
    /// `[links] generated`: globs of targets a generator makes, which
    /// exist on the built site (SPEC section 11a).
    pub generated: Vec<String>,
    /// `[links] anchors`: globs of ids a plug-in makes.
    pub anchors: Vec<String>,
    /// Pages held elsewhere than on disk (an editor's unsaved buffers):
    /// their anchors are read from this text.
    pub pages: Option<Pages>,
    /// `--links strict`: the model-fit gate is off, and every broken link
    /// is reported (SPEC section 11b).
    pub strict: bool,
}

/// The text of pages held elsewhere than on disk, by absolute path (an
/// editor's unsaved buffers, `urilint server`): `None` for a page read
/// from disk.
#[derive(Clone)]
pub struct Pages(pub Arc<PageText>);

/// The text of a page held elsewhere than on disk, if it is.
pub type PageText = dyn Fn(&Path) -> Option<Arc<[u8]>> + Send + Sync;

impl fmt::Debug for Pages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Pages(..)")
    }
}

impl Default for LinkOptions {
    fn default() -> Self {
        LinkOptions {
            root: None,
            sites: Vec::new(),
            fragments: true,
            source_extensions: SOURCE_EXTENSIONS.iter().map(|s| s.to_string()).collect(),
            follow_links: false,
            format_of: Arc::new(|p: &Path, head: &[u8]| Format::detect(head, Some(p))),
            generated: Vec::new(),
            anchors: Vec::new(),
            pages: None,
            strict: false,
        }
    }
}

impl fmt::Debug for LinkOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LinkOptions")
            .field("root", &self.root)
            .field("sites", &self.sites)
            .field("fragments", &self.fragments)
            .field("source_extensions", &self.source_extensions)
            .field("follow_links", &self.follow_links)
            .field("generated", &self.generated)
            .field("anchors", &self.anchors)
            .field("pages", &self.pages)
            .field("strict", &self.strict)
            .finish()
    }
}

/// A file whose references are checked.
#[derive(Clone, Copy, Debug)]
pub struct Source<'a> {
    /// Its path.
    pub path: &'a Path,
    /// The tree it is checked in (references leaving it are not checked):
    /// the CLI gives the folder named on the command line it was found
    /// under, else the working directory when the file is under it, else
    /// its own folder.
    pub tree: &'a Path,
}

type Cell<T> = Arc<OnceLock<T>>;

/// A map keyed by absolute, normalized paths as bytes: hashing a `Path`
/// walks its components, which costs more than the lookup.
type PathMap<V> = foldhash::HashMap<OsString, V>;

/// A markup file's format and targets.
type Read = (Format, Targets);

/// The link checker of a run: folder listings, generators and anchors,
/// each found once and shared between threads.
pub struct Links {
    options: LinkOptions,
    cwd: PathBuf,
    root: Option<PathBuf>,
    sites: Vec<(String, PathBuf)>,
    tree: Tree,
    generators: RwLock<foldhash::HashMap<OsString, Option<Arc<Site>>>>,
    /// Folders no site is looked for in: `/`, the temporary and the home
    /// folder.
    shared: Vec<PathBuf>,
    /// Each folder's build file (`Makefile`, `meson.build`), read once.
    builds: RwLock<PathMap<Cell<Option<String>>>>,
    /// The bytes of learned targets kept (see [`KEPT_TARGETS`]).
    kept: AtomicUsize,
    /// What each missing path looked up is (at most [`MAX_MISSING`]), by
    /// the path, the length of the base it was looked up from, and
    /// whether it ends in `/`.
    missing: RwLock<foldhash::HashMap<(OsString, usize, bool), Missed>>,
    /// Each site's pages by the URL their front matter sets, read once
    /// the first time a link there is not found otherwise.
    permalinks: RwLock<PathMap<Arc<std::collections::HashMap<String, PathBuf>>>>,
    /// Each Docusaurus site's routes, by file and by route.
    routes: RwLock<PathMap<Arc<Routes>>>,
    /// What may make headings in each page a broken fragment names.
    makers: RwLock<PathMap<Arc<Makers>>>,
    /// Each MyST or Quarto project's explicit targets (by its home), and
    /// each Quarto website page's (by its path).
    labels: RwLock<PathMap<Arc<site::MystIndex>>>,
    /// Each Eleventy or Jekyll site's layout ids, by its home.
    layout_ids: RwLock<PathMap<Arc<std::collections::HashSet<String>>>>,
    /// Each folder's `.gitignore`, read once.
    gitignores: RwLock<PathMap<Arc<Option<ignore::gitignore::Gitignore>>>>,
    /// `[links] generated` and `anchors`, compiled.
    generated: globset::GlobSet,
    anchors: globset::GlobSet,
}

/// How many bytes of the targets of files learned are kept, packed, in
/// all: a tree's titles and ids are a small part of its text, so most runs
/// keep them all, and a broken fragment's suggestion never parses its
/// target again; a huge tree keeps memory bounded (past it, a file's
/// anchors are kept as hashes and its targets read again if needed).
const KEPT_TARGETS: usize = 16 << 20;

/// How many missing paths are remembered: enough for the stylesheets and
/// pages a tree's files all name, and a bound on what a tree of distinct
/// broken links keeps (those past it are looked into each time).
const MAX_MISSING: usize = 1 << 16;

/// How many files a site's own index (its permalinks, routes, aliases)
/// reads at most.
const MAX_LISTED: usize = 50_000;

/// How deep and how many `include::`s are followed for a document's
/// anchors.
const MAX_INCLUDE_DEPTH: usize = 8;
const MAX_INCLUDES: usize = 512;

/// What looking a path up found.
enum Looked {
    Fine,
    /// It goes through a symbolic link not followed, or a folder that
    /// cannot be read: not checked, counted.
    Unseen,
    Problem(Problem),
}

impl From<Option<Problem>> for Looked {
    fn from(p: Option<Problem>) -> Looked {
        match p {
            Some(p) => Looked::Problem(p),
            None => Looked::Fine,
        }
    }
}

/// Where a reference leads before it is looked up.
enum Resolved<'a> {
    /// Not a link to check (a template, a network-path reference).
    Skip,
    Unchecked(Reason),
    /// `..` past the tree's root: maybe into a `--site`'s folder.
    Leaves,
    Malformed(String),
    /// `#frag` alone: this document.
    Same(Option<Frag<'a>>),
    Path {
        base: &'a Path,
        segments: Vec<Seg<'a>>,
        /// Ends in `/`.
        dir: bool,
        fragment: Option<Frag<'a>>,
    },
}

impl Links {
    /// A checker of the same options that knows nothing yet: no folder
    /// listed, no anchor learned (the files may have changed since).
    pub fn fresh(&self) -> Links {
        Links::new(self.options.clone())
    }

    /// A link checker.
    pub fn new(options: LinkOptions) -> Links {
        let cwd = std::env::current_dir().unwrap_or_default();
        let root = options.root.as_ref().map(|r| normal(r, &cwd));
        let mut sites: Vec<(String, PathBuf)> = options
            .sites
            .iter()
            .map(|s| (s.url.clone(), normal(&s.dir, &cwd)))
            .collect();
        // The longest URL first, so a site inside another maps its own.
        sites.sort_by_key(|s| std::cmp::Reverse(s.0.len()));
        let shared = [
            Some(PathBuf::from("/")),
            Some(std::env::temp_dir()),
            std::env::var_os("HOME").map(PathBuf::from),
        ]
        .into_iter()
        .flatten()
        .map(|d| normal(&d, &cwd))
        .collect();
        Links {
            permalinks: RwLock::default(),
            routes: RwLock::default(),
            makers: RwLock::default(),
            labels: RwLock::default(),
            gitignores: RwLock::default(),
            layout_ids: RwLock::default(),
            generated: site::globs(&options.generated),
            anchors: site::globs(&options.anchors),
            tree: Tree::new(options.follow_links),
            options,
            cwd,
            root,
            sites,
            generators: RwLock::default(),
            shared,
            builds: RwLock::default(),
            kept: AtomicUsize::new(0),
            missing: RwLock::default(),
        }
    }

    /// The generated site whose sources hold folder `dir` (absolute), if a
    /// generator's config is found in it or above it: up to the folder that
    /// holds `.git`. The filesystem's root, the temporary folder and the home folder
    /// are never read for one: a stray `_config.yml` there is no site.
    pub fn site_of(&self, dir: &Path) -> Option<Arc<Site>> {
        if let Some(s) = self.generators.read().ok()?.get(dir.as_os_str()) {
            return s.clone();
        }
        if self.shared.iter().any(|d| d == dir) {
            return None;
        }
        let listing = self.tree.listing(dir);
        let found = match &listing {
            Some(l) => {
                let sub = |name: &str| self.tree.listing(&dir.join(name));
                site::detect(dir, l, &sub).map(Arc::new)
            }
            None => None,
        };
        // Up to the repository's root, past the working directory: `cd
        // content && urilint .` is checked as the site whose config is
        // above (SPEC section 11b), as config discovery finds its config.
        let found = match found {
            Some(s) => Some(s),
            None if listing.as_ref().is_some_and(|l| l.contains(".git")) => None,
            None => dir.parent().and_then(|p| self.site_of(p)),
        };
        if let Ok(mut g) = self.generators.write() {
            g.insert(dir.as_os_str().to_os_string(), found.clone());
        }
        found
    }

    /// The site a file at `abs` belongs to: one whose sources hold it.
    fn site_of_file(&self, abs: &Path) -> Option<Arc<Site>> {
        let site = self.site_of(abs.parent()?)?;
        abs.starts_with(&site.source).then_some(site)
    }

    /// The files under folder `root` whose extension is one of `exts`,
    /// from the folder listings links share (read once each), hidden
    /// folders and `node_modules` left out, at most [`MAX_LISTED`].
    pub(crate) fn files_under(&self, root: &Path, exts: &[&str]) -> Vec<PathBuf> {
        let mut out = Vec::new();
        let mut stack = vec![root.to_path_buf()];
        while let Some(dir) = stack.pop() {
            let Some(listing) = self.tree.listing(&dir) else {
                continue;
            };
            for (name, kind) in listing.entries() {
                let bytes = name.as_encoded_bytes();
                match kind {
                    tree::Kind::Dir
                        if !bytes.starts_with(b".")
                            && bytes != b"node_modules"
                            && bytes != b"_site" =>
                    {
                        stack.push(dir.join(name))
                    }
                    tree::Kind::File
                        if memchr::memrchr(b'.', bytes).is_some_and(|k| {
                            exts.iter()
                                .any(|e| bytes[k + 1..].eq_ignore_ascii_case(e.as_bytes()))
                        }) =>
                    {
                        out.push(dir.join(name));
                        if out.len() >= MAX_LISTED {
                            return out;
                        }
                    }
                    _ => {}
                }
            }
        }
        // The same order on every run, whatever the hash of the listing.
        out.sort_unstable();
        out
    }

    /// Where the model-fit gate groups the links of `source` (SPEC
    /// section 11b): the root of its site (where the file is in one), else
    /// its tree, and the names of its folder under that root.
    pub fn place(&self, source: &Source) -> (PathBuf, Vec<OsString>) {
        let abs = normal(source.path, &self.cwd);
        let dir = abs.parent().map(Path::to_path_buf).unwrap_or_default();
        let root = match self.site_of_file(&abs) {
            Some(site) => site.source.clone(),
            None => normal(source.tree, &self.cwd),
        };
        match dir.strip_prefix(&root) {
            Ok(rel) => {
                let folder = rel.iter().map(|s| s.to_os_string()).collect();
                (root, folder)
            }
            Err(_) => (dir, Vec::new()),
        }
    }

    /// Finds the site of each folder of `files` before their links are
    /// checked, so that what one site says of a file outside it (a MyST
    /// page that includes it) is known whatever the order of the checks.
    pub fn prepare<'p>(&self, files: impl Iterator<Item = &'p Path>) {
        let mut seen = std::collections::HashSet::new();
        for f in files {
            let abs = normal(f, &self.cwd);
            if let Some(dir) = abs.parent()
                && seen.insert(dir.to_path_buf())
            {
                self.site_of(dir);
            }
        }
    }

    /// Whether the model-fit gate is on (not `--links strict`).
    pub fn gated(&self) -> bool {
        !self.options.strict
    }

    /// Whether a `--site` is set: absolute URIs may be links to check.
    pub fn has_sites(&self) -> bool {
        !self.sites.is_empty()
    }

    /// Whether `uri` is under a `--site` URL.
    pub fn is_site_uri(&self, uri: &[u8]) -> bool {
        self.site_for(uri).is_some()
    }

    /// The `--site` whose URL `uri` starts with (scheme and host in any
    /// case, RFC 3986 s6.2.2.1), the longest first.
    fn site_for(&self, uri: &[u8]) -> Option<&(String, PathBuf)> {
        self.sites.iter().find(|(url, _)| {
            uri.len() >= url.len() && uri[..url.len()].eq_ignore_ascii_case(url.as_bytes())
        })
    }

    fn show(&self, base: &Path, segments: &[Seg]) -> String {
        self.display(&join(base, segments))
    }

    /// A path as the user names it: relative to the working directory
    /// when it is under it.
    pub(crate) fn display(&self, p: &Path) -> String {
        crate::paths::relative(p, &self.cwd)
            .into_os_string()
            .into_string()
            .unwrap_or_else(|s| s.to_string_lossy().into_owned())
    }
}

/// The bytes of the regular file at `path` if a page of it is read
/// ([`format::MAX_PARSED`] at most); else nothing.
fn read_page(path: &Path) -> Option<Vec<u8>> {
    crate::regular::read(path, format::MAX_PARSED).ok()
}

/// Counts the outcome of the link at `i`: found, broken (its problem
/// kept) or unchecked (its reason kept).
fn record(
    i: usize,
    outcome: Result<Option<Problem>, Reason>,
    problems: &mut Vec<(usize, Problem)>,
    unchecked: &mut Unchecked,
) {
    match outcome {
        Ok(None) => {
            unchecked.checked += 1;
            unchecked.found.push(i);
        }
        Ok(Some(p)) => {
            unchecked.checked += 1;
            problems.push((i, p));
        }
        Err(u) => unchecked.links.push((i, u)),
    }
}

/// The value of `key` in `map`, made by `make` the first time (one made
/// value is kept if two threads race).
fn cached<T>(
    map: &RwLock<PathMap<Arc<T>>>,
    key: &std::ffi::OsStr,
    make: impl FnOnce() -> T,
) -> Arc<T> {
    if let Some(v) = map.read().unwrap_or_else(|e| e.into_inner()).get(key) {
        return v.clone();
    }
    let made = Arc::new(make());
    map.write()
        .unwrap_or_else(|e| e.into_inner())
        .entry(key.to_os_string())
        .or_insert(made)
        .clone()
}

/// `base` with `segments` after it.
fn join(base: &Path, segments: &[Seg]) -> PathBuf {
    let len = segments.iter().map(|s| s.len() + 1).sum::<usize>();
    let mut full = PathBuf::with_capacity(base.as_os_str().len() + len);
    full.push(base);
    full.extend(segments.iter().map(|s| &**s));
    full
}

/// What a path missing from the tree is (see [`Links::look_into`]).
#[derive(Clone)]
enum Missed {
    /// A generated page, made from this source.
    Source(PathBuf),
    /// A page the build or the generator makes.
    Fine,
    Problem(Problem),
}

/// The name a generated page is made from: `name` for `name.html`,
/// `name.htm`, `name/` and an extensionless `name`.
fn page_stem<'s>(segments: &'s [Seg], dir_ref: bool) -> Option<&'s str> {
    let name = segments.last()?.to_str()?;
    // A dot that starts no extension is part of the name:
    // `migrating-to-1.0.0` is made from `migrating-to-1.0.0.md`.
    if dir_ref || !fit::has_extension(name) {
        return Some(name);
    }
    name.strip_suffix(".html")
        .or_else(|| name.strip_suffix(".htm"))
}

/// The cell of `key` in `map`, made if it is not there.
fn cell<T: Default>(map: &RwLock<PathMap<Arc<T>>>, key: &Path) -> Arc<T> {
    // Read-mostly: every file's cell is made once, then only read.
    if let Some(c) = map
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .get(key.as_os_str())
    {
        return c.clone();
    }
    let mut map = map.write().unwrap_or_else(|e| e.into_inner());
    map.entry(key.as_os_str().to_os_string())
        .or_default()
        .clone()
}
