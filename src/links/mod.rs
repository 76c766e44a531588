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

mod anchors;
mod build;
mod kept;
mod model;
mod page_refs;
use model::{Makers, Routes, is_route, source_link, unlisted_chapter};

mod path;
pub(crate) mod permalinks;
mod problem;
mod site;
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
pub const SOURCE_EXTENSIONS: &[&str] = &["md", "markdown", "mdx", "rst", "adoc", "ipynb"];

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
        let (url, dir) = s
            .split_once('=')
            .ok_or_else(|| format!("`{s}`: expected URL=DIR"))?;
        let scheme_end = url.find("://").filter(|&k| {
            k > 0 && crate::schemes::is_scheme_name(&url.as_bytes()[..k]) && url.len() > k + 3
        });
        if scheme_end.is_none() || dir.is_empty() {
            return Err(format!(
                "`{s}`: expected an absolute URL with a host, `=`, and a folder"
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
    /// holds `.git`, and not above the working directory when `dir` is in
    /// it. The filesystem's root, the temporary folder and the home folder
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
        let found = match found {
            Some(s) => Some(s),
            None if listing.as_ref().is_some_and(|l| l.contains(".git")) => None,
            None if dir == self.cwd => None,
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

    /// Records what a file read whole for its check can be linked to, so
    /// links into it do not read it again: whether its links resolve
    /// elsewhere, and its targets (titles and ids), from which its
    /// anchors are made if a fragment names one. An AsciiDoc file's are
    /// kept whole, since its anchors take in those of the files it
    /// includes; another's while [`KEPT_TARGETS`] lasts, and past it its
    /// anchors are made at once. Without `anchors` (`targets` holds only
    /// where its links resolve), the anchors are read from the file when
    /// a link first needs them.
    pub fn learn(&self, path: &Path, format: Format, raw: &[u8], targets: Targets, anchors: bool) {
        if !is_markup(format) {
            return;
        }
        let abs = normal(path, &self.cwd);
        let Some(cells) = self.tree.cells(&abs) else {
            return;
        };
        // What its site's model reads of its head (front matter, page
        // aliases), so that it is not opened again for them.
        if self.site_of_file(&abs).is_some() {
            let _ = cells.head.set(permalinks::kept_head(raw));
        }
        let _ = cells.elsewhere.set(elsewhere(format, &targets));
        if !anchors {
            return;
        }
        if format == Format::Asciidoc {
            // Its anchors take in those of the files it includes, which
            // may not be read yet: they are made when first needed.
            let _ = cells.targets.set(Some(Arc::new((format, targets))));
        } else if let Some(kept) = kept::Kept::new(format, &targets)
            && self.keep(kept.size())
        {
            // Its targets (titles and ids, not its text) are kept, packed,
            // while the run's budget lasts: its anchors are made from them
            // if a fragment names one, and a broken fragment's suggestion.
            let _ = cells.kept.set(Box::new(kept));
        } else {
            // Past it, the anchors are made now, while the file is at
            // hand, as hashes; its targets are let go, and read again if
            // a suggestion needs them.
            let generator = self.site_of_file(&abs).map(|s| s.generator);
            let anchors = Anchors::new(format, generator, &targets);
            let _ = cells.anchors.set(Some(Arc::new(anchors)));
        }
    }

    /// What a site's model reads of the head of the page at `abs`: kept
    /// from its check, else read.
    pub(crate) fn head_of(&self, abs: &Path) -> Option<permalinks::Heads> {
        if let Some(h) = self.tree.cells(abs).and_then(|c| c.head.get().cloned()) {
            return Some(h);
        }
        permalinks::head(abs).map(permalinks::Heads::from)
    }

    /// Whether `size` bytes fit in what is left of [`KEPT_TARGETS`],
    /// taking them if so.
    fn keep(&self, size: usize) -> bool {
        self.kept
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |k| {
                (k + size <= KEPT_TARGETS).then_some(k + size)
            })
            .is_ok()
    }

    /// The format and targets of the markup file at `abs`: unpacked from
    /// what its check kept (each time: they are needed once for its
    /// anchors, and once more only for a suggestion), else read once.
    fn targets_of(&self, abs: &Path) -> Option<Arc<Read>> {
        let cells = self.tree.cells(abs)?;
        if let Some(kept) = cells.kept.get() {
            return Some(Arc::new((kept.format, kept.targets())));
        }
        cells
            .targets
            .get_or_init(|| {
                let raw = read_page(abs)?;
                let format = (self.options.format_of)(abs, &raw[..raw.len().min(8192)]);
                if !is_markup(format) {
                    return None;
                }
                let targets = format::targets(format, &raw, format::Options::default());
                Some(Arc::new((format, targets)))
            })
            .clone()
    }

    /// The anchors of the file at `abs` (whose cells are `cells`), made
    /// once, and borrowed: counting each use of them would make threads
    /// share the count's cache line.
    fn anchors_of<'c>(&self, abs: &Path, cells: &'c FileCells) -> Option<&'c Anchors> {
        cells
            .anchors
            .get_or_init(|| {
                let (own, all) = self.all_targets(abs)?;
                let generator = self.site_of_file(abs).map(|s| s.generator);
                let targets = all.as_ref().unwrap_or(&own.1);
                Some(Arc::new(Anchors::new(own.0, generator, targets)))
            })
            .as_deref()
    }

    /// The names of the anchors of the file at `abs`, to suggest one: made
    /// again, since only a broken fragment needs them.
    fn anchor_names(&self, abs: &Path) -> Arc<Vec<String>> {
        let make = || {
            let Some((own, all)) = self.all_targets(abs) else {
                return Arc::default();
            };
            let generator = self.site_of_file(abs).map(|s| s.generator);
            let mut names = anchors::names(own.0, generator, all.as_ref().unwrap_or(&own.1));
            names.sort_unstable();
            names.dedup();
            Arc::new(names)
        };
        // Made once a file, however many of its fragments are broken.
        match self.tree.cells(abs) {
            Some(cells) => cells.names.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// The targets of the file at `abs`, and for AsciiDoc with them those
    /// of the files it includes, transitively (`None` when it includes
    /// none).
    fn all_targets(&self, abs: &Path) -> Option<(Arc<Read>, Option<Targets>)> {
        let own = self.targets_of(abs)?;
        if own.1.includes.is_empty() {
            return Some((own, None));
        }
        let mut all = own.1.clone();
        let mut seen = std::collections::HashSet::from([abs.to_path_buf()]);
        let mut queue: Vec<(PathBuf, String, usize)> = own
            .1
            .includes
            .iter()
            .map(|i| (abs.to_path_buf(), i.clone(), 1))
            .collect();
        while let Some((from, include, depth)) = queue.pop() {
            let Some(dir) = from.parent() else { continue };
            let path = normal(Path::new(&include), dir);
            if seen.len() > MAX_INCLUDES || !seen.insert(path.clone()) {
                continue;
            }
            let Some(part) = self.targets_of(&path) else {
                continue;
            };
            all.headings.extend(part.1.headings.iter().cloned());
            all.ids.extend(part.1.ids.iter().cloned());
            all.labels.extend(part.1.labels.iter().cloned());
            if depth < MAX_INCLUDE_DEPTH {
                queue.extend(
                    part.1
                        .includes
                        .iter()
                        .map(|i| (path.clone(), i.clone(), depth + 1)),
                );
            }
        }
        Some((own, Some(all)))
    }

    /// Checks the relative references of `source`: the index in `refs`
    /// and the problem of each broken one, and what was left unchecked.
    pub fn check(&self, source: &Source, refs: &[Reference]) -> (Vec<(usize, Problem)>, Unchecked) {
        let abs = normal(source.path, &self.cwd);
        let Some(dir) = abs.parent() else {
            return (Vec::new(), Unchecked::default());
        };
        if refs.is_empty() {
            return (Vec::new(), Unchecked::default());
        }
        // An AsciiDoc part's links resolve in the document that includes
        // it, and those of an HTML page with `<base href>` against that:
        // neither is known here.
        let learned = self
            .tree
            .cells(&abs)
            .and_then(|c| c.elsewhere.get().copied());
        let resolves_elsewhere = learned.unwrap_or_else(|| {
            (may_be_asciidoc(&abs) || is_markup_name(&abs))
                && self.targets_of(&abs).is_some_and(|t| elsewhere(t.0, &t.1))
        });
        let site = self.site_of_file(&abs);
        // Antora resolves a module's resource ids wherever they are
        // written (its nav files have no title); only a partial's links
        // resolve in the page that includes it.
        let antora_module = site
            .as_ref()
            .filter(|s| s.generator == Generator::Antora)
            .and_then(|_| site::antora_module(dir));
        let in_partials =
            |m: &PathBuf| dir.strip_prefix(m).is_ok_and(|r| r.starts_with("partials"));
        let resolves_elsewhere =
            resolves_elsewhere && antora_module.as_ref().is_none_or(in_partials);
        if resolves_elsewhere {
            let unchecked = Unchecked {
                checked: 0,
                links: (0..refs.len()).map(|i| (i, Reason::elsewhere())).collect(),
            };
            return (Vec::new(), unchecked);
        }
        let tree = normal(source.tree, &self.cwd);
        // The site's root bounds it too: a reference that leaves it
        // leaves the site.
        let boundary = match &site {
            Some(s) if s.source.starts_with(&tree) => s.source.clone(),
            _ => tree,
        };
        let boundary = if dir.starts_with(&boundary) {
            boundary
        } else {
            dir.to_path_buf()
        };
        // The file's folder from the boundary, once for all its links.
        let start: Vec<OsString> = match dir.strip_prefix(&boundary) {
            Ok(rel) => rel.iter().map(|s| s.to_os_string()).collect(),
            Err(_) => Vec::new(),
        };
        let mut problems = Vec::new();
        let mut unchecked = Unchecked::default();
        // Whether the file is a template source, read once if needed.
        let mut template = None;
        // This file's own cells, for its `#frag`s.
        let mut own = None;
        let mut boundary_listing: Option<Option<Arc<tree::Listing>>> = None;
        // A page served at `name/` (Jekyll's and Zola's pretty URLs) has
        // its links resolved from there, not from its file's folder.
        let pretty = site
            .as_ref()
            .is_some_and(|s| s.is_pretty(&abs, || self.head_of(&abs)));
        for (i, r) in refs.iter().enumerate() {
            // A page the generator looks up by its own rules; in another
            // generator's site, no link at all.
            if matches!(
                r.kind,
                format::RefKind::Ref | format::RefKind::Page | format::RefKind::Post
            ) {
                if let Some(outcome) = self.page_ref(site.as_deref(), &abs, &r.value, r.kind) {
                    let outcome = match outcome {
                        Ok(Some(p)) => {
                            self.limits(&abs, site.as_deref(), &r.value, p, &mut template)
                        }
                        o => o,
                    };
                    record(i, outcome, &mut problems, &mut unchecked);
                }
                continue;
            }
            // Antora's `xref:` and `image::` name resource ids of the
            // module, wherever they are written.
            if let (Some(site), Some(module)) = (&site, &antora_module)
                && r.kind != format::RefKind::Link
                && !r.value.starts_with(b"#")
                && memchr::memmem::find(&r.value, b"://").is_none()
            {
                let outcome = self.antora_id(site, module, &r.value, r.kind);
                record(i, outcome, &mut problems, &mut unchecked);
                continue;
            }
            // A Docusaurus doc's extensionless link is a route.
            if let Some(site) = &site
                && site.generator == Generator::Docusaurus
                && is_route(&r.value)
                && let Some(found) = self.docusaurus_route(site, &abs, &r.value)
            {
                record(i, found, &mut problems, &mut unchecked);
                continue;
            }
            let resolved = match self.resolve(dir, &boundary, &start, &r.value) {
                Resolved::Path { .. } | Resolved::Leaves if pretty => {
                    Resolved::Unchecked(Reason::outside())
                }
                r => r,
            };
            let problem = match resolved {
                Resolved::Skip => continue,
                Resolved::Unchecked(u) => Err(u),
                // `/..` past `--root`.
                Resolved::Leaves => Err(Reason::outside()),
                Resolved::Malformed(why) => Ok(Some(Problem::Malformed { why })),
                Resolved::Same(fragment) => {
                    let cells = own.get_or_insert_with(|| self.tree.cells(&abs));
                    let p =
                        self.fragment_problem(&abs, cells.as_deref(), fragment.as_deref(), false);
                    // A natural cross reference names an id, or else a
                    // title (Asciidoctor, "Natural cross references").
                    let titled = || {
                        let (Some(c), Some(f)) = (cells.as_deref(), fragment.as_deref()) else {
                            return false;
                        };
                        self.anchors_of(&abs, c)
                            .is_some_and(|a| a.contains(&anchors::title(f)))
                    };
                    match p {
                        Some(Problem::NoAnchor { .. })
                            if r.kind == format::RefKind::Natural && titled() =>
                        {
                            Ok(None)
                        }
                        p => Ok(p),
                    }
                }
                Resolved::Path {
                    base,
                    segments,
                    dir,
                    fragment,
                } => {
                    // Most links start at the boundary: its listing is
                    // looked up once.
                    let listing = if base == boundary.as_path() {
                        boundary_listing
                            .get_or_insert_with(|| self.tree.listing(&boundary))
                            .as_ref()
                    } else {
                        None
                    };
                    match self.look_up(base, listing, &segments, dir, fragment) {
                        Looked::Fine => Ok(None),
                        Looked::Unseen => Err(Reason::unseen()),
                        Looked::Problem(p) => Ok(Some(p)),
                    }
                }
            };
            // Where the file's folder finds nothing, the site's own ways,
            // then where its model ends (SPEC section 11a).
            let problem = match (problem, &site) {
                (Ok(Some(p)), Some(site)) => self.by_site(site, &abs, dir, &r.value, Ok(p)),
                (Err(u), Some(site)) if matches!(u.kind, Kind::RootRelative | Kind::Outside) => {
                    self.by_site(site, &abs, dir, &r.value, Err(u))
                }
                (p, _) => p,
            };
            let problem = match (problem, &site) {
                (Ok(None), Some(site)) if !site.rewrites_sources() => source_link(site, &r.value),
                // A page that is not rendered itself is read on GitHub,
                // where its links to other sources work.
                (Ok(None), Some(site))
                    if site.generator == Generator::MdBook && site.is_chapter(&abs) =>
                {
                    Ok(unlisted_chapter(site, dir, &r.value))
                }
                (p, _) => p,
            };
            let problem = match problem {
                Ok(Some(p)) => self.limits(&abs, site.as_deref(), &r.value, p, &mut template),
                p => p,
            };
            record(i, problem, &mut problems, &mut unchecked);
        }
        (problems, unchecked)
    }

    /// Whether `uri` is one of a `--site`'s, and if so what is wrong with
    /// it (`Some(None)`: nothing).
    pub fn check_uri(&self, uri: &[u8]) -> Option<Option<Problem>> {
        let (prefix, dir) = self.site_for(uri)?;
        let mut rest = b"/".to_vec();
        rest.extend_from_slice(&uri[prefix.len()..]);
        Some(match self.look_up_from(dir, &rest) {
            Some(Looked::Problem(p)) => Some(p),
            _ => None,
        })
    }

    /// Looks up the path of `value` (with its fragment) from folder
    /// `base`: `None` when it is no path there (it climbs out of `base`).
    fn look_up_from(&self, base: &Path, value: &[u8]) -> Option<Looked> {
        match self.resolve_path(base, &[], parts(value)) {
            Resolved::Path {
                base,
                segments,
                dir,
                fragment,
            } => Some(self.look_up(base, None, &segments, dir, fragment)),
            Resolved::Malformed(why) => Some(Looked::Problem(Problem::Malformed { why })),
            _ => None,
        }
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

    /// Resolves a reference written in folder `dir` (RFC 3986 s5.2.2 for
    /// a reference without scheme or authority), kept inside `boundary`.
    fn resolve<'a>(
        &'a self,
        dir: &Path,
        boundary: &'a Path,
        start: &'a [OsString],
        value: &'a [u8],
    ) -> Resolved<'a> {
        // Templates (`{{ site.url }}/x`, `${base}/x`) are not links yet:
        // they resolve where they are rendered.
        if memchr::memchr2(b'{', b'}', value).is_some()
            || value.starts_with(b"$")
            || memchr::memchr_iter(b'$', value).any(|k| value.get(k + 1) == Some(&b'('))
        {
            return Resolved::Unchecked(Reason::new(
                Kind::Template,
                "holding template placeholders, which resolve where they are rendered",
            ));
        }
        let parts = parts(value);
        let path = parts.path;
        if path.is_empty() {
            return match parts.fragment {
                Some(f) => Resolved::Same(Some(f)),
                None => Resolved::Skip,
            };
        }
        if path.starts_with(b"//") {
            return Resolved::Skip; // a network-path reference (s4.2)
        }
        if path.starts_with(b"/") {
            return match &self.root {
                Some(root) => self.resolve_path(root, &[], parts),
                None => Resolved::Unchecked(Reason::root_relative()),
            };
        }
        let fragment = parts.fragment.clone();
        match self.resolve_path(boundary, start, parts) {
            Resolved::Leaves => self.outside(dir, path, fragment),
            r => r,
        }
    }

    /// The segments of `value`'s path from `boundary`, starting in the
    /// folder `start` below it, dot-segments applied (RFC 3986 s5.2.4)
    /// and each percent-decoded (s2.1).
    fn resolve_path<'a>(
        &self,
        boundary: &'a Path,
        start: &'a [OsString],
        parts: Parts<'a>,
    ) -> Resolved<'a> {
        let Parts {
            path,
            query,
            fragment,
        } = parts;
        // GitHub's `?plain=1#L5` names a line of the source, not an anchor.
        let fragment = fragment.filter(|_| {
            !query
                .split(|&b| b == b'&' || b == b'?')
                .any(|p| p == b"plain=1")
        });
        if memchr::memchr(b'\\', path).is_some() {
            return Resolved::Malformed(
                "`\\` separates folders on Windows only; a URL's path separates them with `/`"
                    .to_string(),
            );
        }
        let mut segments: Vec<Seg<'a>> = Vec::with_capacity(start.len() + 4);
        segments.extend(start.iter().map(|s| Seg::Borrowed(s.as_os_str())));
        let path = path.strip_prefix(b"/").unwrap_or(path);
        let last = memchr::memrchr(b'/', path).map_or(path, |k| &path[k + 1..]);
        let dir_ref = last.is_empty() || last == b"." || last == b"..";
        for part in path.split(|&b| b == b'/') {
            match part {
                b"" | b"." => {}
                b".." => {
                    if segments.pop().is_none() {
                        return Resolved::Leaves;
                    }
                }
                _ if memchr::memchr(b'%', part).is_none() => segments.push(os_str(part)),
                _ => match percent_decode(part) {
                    // `%2e%2e` is `..` (URL Standard, "single-dot and
                    // double-dot URL path segments").
                    Ok(seg) if seg == "." => {}
                    Ok(seg) if seg == ".." => {
                        if segments.pop().is_none() {
                            return Resolved::Leaves;
                        }
                    }
                    Ok(seg) => segments.push(Seg::Owned(seg)),
                    Err(why) => return Resolved::Malformed(why),
                },
            }
        }
        Resolved::Path {
            base: boundary,
            segments,
            dir: dir_ref,
            fragment,
        }
    }

    /// A reference that leaves its tree: checked if it lands in a
    /// `--site`'s folder, else counted.
    fn outside<'a>(&'a self, dir: &Path, path: &[u8], fragment: Option<Frag<'a>>) -> Resolved<'a> {
        let Ok(decoded) = percent_decode(path) else {
            return Resolved::Unchecked(Reason::outside());
        };
        let lexical = normal(Path::new(&decoded), dir);
        for (_, site) in &self.sites {
            if let Ok(rel) = lexical.strip_prefix(site) {
                return Resolved::Path {
                    base: site,
                    segments: rel.iter().map(|s| Seg::Owned(s.to_os_string())).collect(),
                    dir: path.ends_with(b"/"),
                    fragment,
                };
            }
        }
        Resolved::Unchecked(Reason::outside())
    }

    /// Looks `segments` up from `base`; what is wrong, if anything.
    fn look_up(
        &self,
        base: &Path,
        listing: Option<&Arc<tree::Listing>>,
        segments: &[Seg],
        dir_ref: bool,
        fragment: Option<Frag<'_>>,
    ) -> Looked {
        let owned;
        let from = match listing {
            Some(l) => Some(l),
            None => {
                owned = self.tree.listing(base);
                owned.as_ref()
            }
        };
        let (target, cells) = match self.tree.find(base, from, segments) {
            Found::File(p, cells) if !dir_ref => (p, Some(cells)),
            Found::File(..) => {
                return Looked::Problem(Problem::Missing {
                    path: self.show(base, segments) + "/",
                    page: false,
                });
            }
            Found::ThroughLink => return Looked::Unseen,
            Found::Dir(p, listing) => match INDEXES.iter().find(|i| listing.contains(i)) {
                Some(index) => (p.join(index), None),
                None => {
                    let site = self
                        .site_of(&p)
                        .filter(|s| s.generator.pages_only() && p.starts_with(&s.source));
                    let parent = p.parent().and_then(|d| self.tree.listing(d));
                    if site.is_some()
                        && parent.is_none_or(|l| self.source_of(&p, &l, segments, true).is_none())
                    {
                        return Looked::Problem(Problem::NoIndex {
                            path: self.show(base, segments),
                        });
                    }
                    return Looked::Fine;
                }
            },
            Found::Missing { at, case, listing } => {
                let full = join(base, segments);
                // The pages of a tree often all name one missing file (a
                // stylesheet, in a sampled tree): it is looked into once.
                // Only when the path gives back its segments: a decoded
                // `%2F` is a `/` inside one (`a%2Fb.html` is not `a/b.html`).
                // A generated page's source is found again each time: it
                // costs a few lookups, and a site's pages are many.
                let plain = segments
                    .iter()
                    .all(|s| memchr::memchr(b'/', s.as_encoded_bytes()).is_none());
                let key = (full.into_os_string(), base.as_os_str().len(), dir_ref);
                let known = match plain {
                    true => self
                        .missing
                        .read()
                        .unwrap_or_else(|e| e.into_inner())
                        .get(&key)
                        .cloned(),
                    false => None,
                };
                let missed = known.unwrap_or_else(|| {
                    let full = Path::new(&key.0);
                    let m = self.look_into(base, full, segments, at, case, listing, dir_ref);
                    if plain && !matches!(m, Missed::Source(_)) {
                        let mut missing = self.missing.write().unwrap_or_else(|e| e.into_inner());
                        if missing.len() < MAX_MISSING {
                            missing.insert(key.clone(), m.clone());
                        }
                    }
                    m
                });
                return match missed {
                    Missed::Source(source) => self
                        .fragment_problem(&source, None, fragment.as_deref(), true)
                        .into(),
                    Missed::Fine => Looked::Fine,
                    Missed::Problem(p) => Looked::Problem(p),
                };
            }
        };
        self.fragment_problem(&target, cells, fragment.as_deref(), true)
            .into()
    }

    /// What a path that is not in the tree (`full`, `base` joined with
    /// `segments`, missing from segment `at` on) is: a generated page made
    /// from a source, a page the build or the generator makes, or a
    /// broken link.
    #[allow(clippy::too_many_arguments)]
    fn look_into(
        &self,
        base: &Path,
        full: &Path,
        segments: &[Seg],
        at: usize,
        case: Option<OsString>,
        listing: Option<&tree::Listing>,
        dir_ref: bool,
    ) -> Missed {
        let last = at + 1 == segments.len();
        // A generated page: its source, or a page the generator makes or
        // redirects.
        if last
            && let Some(listing) = listing
            && let Some(source) = self.source_of(full, listing, segments, dir_ref)
        {
            return Missed::Source(source);
        }
        let parent = full.parent().unwrap_or(base);
        if self.built(base, full) {
            return Missed::Fine;
        }
        if let Some(site) = self.site_of(parent)
            && let Ok(rel) = full.strip_prefix(&site.source)
            && let rel = rel.to_string_lossy().replace('\\', "/")
            && (site.pages.contains(&rel)
                || site
                    .pages
                    .contains(&format!("{}.html", rel.trim_end_matches('/'))))
        {
            return Missed::Fine;
        }
        let case = case.map(|c| c.to_string_lossy().into_owned()).or_else(|| {
            let listing = listing.filter(|_| last)?;
            self.source_in_other_case(listing, segments, dir_ref)
        });
        Missed::Problem(match case {
            Some(actual) => Problem::Case {
                written: segments[at].to_string_lossy().into_owned(),
                actual,
            },
            None => Problem::Missing {
                path: self.display(full),
                page: last && page_stem(segments, dir_ref).is_some(),
            },
        })
    }

    /// The source a generated page at `full` is made from: `name.html`,
    /// `name/` or `name` made from `name.md` (or another source
    /// extension) in the same folder, `index.html` from `README.md`.
    fn source_of(
        &self,
        full: &Path,
        listing: &tree::Listing,
        segments: &[Seg],
        dir_ref: bool,
    ) -> Option<PathBuf> {
        let stem = page_stem(segments, dir_ref)?;
        let parent = full.parent()?;
        if stem == "index" && listing.contains("README.md") {
            return Some(parent.join("README.md"));
        }
        let mut candidate = String::with_capacity(stem.len() + 10);
        for ext in &self.options.source_extensions {
            candidate.clear();
            candidate.push_str(stem);
            candidate.push('.');
            candidate.push_str(ext);
            if listing.get(std::ffi::OsStr::new(&candidate)) == Some(tree::Kind::File) {
                return Some(parent.join(&candidate));
            }
        }
        None
    }

    /// A source of the generated page that differs from its name only in
    /// case (`CH15-00.html` for `ch15-00.md`).
    fn source_in_other_case(
        &self,
        listing: &tree::Listing,
        segments: &[Seg],
        dir_ref: bool,
    ) -> Option<String> {
        let stem = page_stem(segments, dir_ref)?;
        self.options.source_extensions.iter().find_map(|ext| {
            let name = format!("{stem}.{ext}");
            listing
                .case_of(std::ffi::OsStr::new(&name))
                .map(|n| n.to_string_lossy().into_owned())
        })
    }

    /// What is wrong with `fragment` in the file at `target`: nothing when
    /// its anchors cannot be read (not markup, not readable) or fragments
    /// are not checked.
    fn fragment_problem(
        &self,
        target: &Path,
        cells: Option<&FileCells>,
        fragment: Option<&str>,
        other: bool,
    ) -> Option<Problem> {
        let fragment = fragment?;
        if !self.options.fragments || !is_anchor_fragment(fragment) {
            return None;
        }
        if !is_markup_name(target) {
            return None;
        }
        let found;
        let cells = match cells {
            Some(c) => c,
            None => {
                found = self.tree.cells(target)?;
                &*found
            }
        };
        let anchors = self.anchors_of(target, cells)?;
        if anchors.contains(fragment) {
            return None;
        }
        Some(Problem::NoAnchor {
            nearest: anchors::nearest(&self.anchor_names(target), fragment).map(str::to_string),
            path: other.then(|| self.display(target)),
            fragment: fragment.to_string(),
        })
    }

    fn show(&self, base: &Path, segments: &[Seg]) -> String {
        self.display(&join(base, segments))
    }

    /// A path as the user names it: relative to the working directory
    /// when it is under it.
    fn display(&self, p: &Path) -> String {
        crate::paths::relative(p, &self.cwd)
            .into_os_string()
            .into_string()
            .unwrap_or_else(|s| s.to_string_lossy().into_owned())
    }
}

/// The bytes of the regular file at `path` if a page of it is read
/// ([`format::MAX_PARSED`] at most); else nothing.
fn read_page(path: &Path) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > format::MAX_PARSED {
        return None;
    }
    std::fs::read(path).ok()
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
        Ok(None) => unchecked.checked += 1,
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
    if dir_ref || !name.contains('.') {
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

/// Whether a file's name says a format whose anchors urilint reads,
/// without making a lower-case copy of it.
fn is_markup_name(path: &Path) -> bool {
    // The name is what follows the last `/` (splitting the path into
    // components costs more than the test), unless the path ends in
    // `/`, `.` or `..`, which `Path` reads its own way.
    let bytes = path.as_os_str().as_encoded_bytes();
    let name = memchr::memrchr(b'/', bytes).map_or(bytes, |k| &bytes[k + 1..]);
    let ext = match name {
        b"" | b"." | b".." => match path.extension() {
            Some(e) => e.as_encoded_bytes(),
            None => return false,
        },
        // A leading dot starts a hidden name, not an extension.
        _ => match memchr::memrchr(b'.', name) {
            Some(k) if k > 0 => &name[k + 1..],
            _ => return false,
        },
    };
    MARKUP_EXTENSIONS
        .iter()
        .any(|m| ext.eq_ignore_ascii_case(m.as_bytes()))
}

/// The extensions of the formats whose anchors urilint reads.
const MARKUP_EXTENSIONS: &[&str] = &[
    "html", "htm", "xhtml", "svg", "md", "markdown", "mdx", "rst", "rest", "adoc", "asciidoc",
];

/// Whether a document's links resolve elsewhere than in its folder: an
/// AsciiDoc part, an HTML `<base href>`.
fn elsewhere(format: Format, t: &Targets) -> bool {
    (format == Format::Asciidoc && t.part) || t.base
}

/// Whether a file may be AsciiDoc: its name says so, or it has no
/// extension (git's `Documentation/` keeps AsciiDoc so, SPEC section 9).
fn may_be_asciidoc(path: &Path) -> bool {
    match path.extension().and_then(|e| e.to_str()) {
        None => true,
        Some(e) => {
            e.eq_ignore_ascii_case("adoc")
                || e.eq_ignore_ascii_case("asciidoc")
                || e.eq_ignore_ascii_case("txt")
        }
    }
}

/// Whether a format's files have anchors urilint reads.
fn is_markup(f: Format) -> bool {
    matches!(
        f,
        Format::Html | Format::Markdown | Format::Rst | Format::Asciidoc
    )
}

#[cfg(test)]
mod tests {
    use super::{MARKUP_EXTENSIONS, is_markup_name};
    use std::path::Path;

    /// The name's extension, as `Path::extension` reads it.
    #[test]
    fn markup_names_as_path_reads_them() {
        for p in [
            "a.md",
            "/x/a.MD",
            "/x/a.html",
            "a.b.rst",
            "/x/.md",
            "/x/a.",
            "/x/a",
            "/x/a.md/",
            "/x/a.md/.",
            "/x/a.md/..",
            "/",
            "",
            ".",
            "..",
            "/x.adoc/b",
            "/x/b.adoc",
            "a.txt",
            "/x/README.markdown",
        ] {
            let want = Path::new(p)
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| MARKUP_EXTENSIONS.iter().any(|m| e.eq_ignore_ascii_case(m)));
            assert_eq!(is_markup_name(Path::new(p)), want, "{p:?}");
        }
    }
}
