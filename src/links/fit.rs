//! Model fit (SPEC section 11b): noticing, from the links of a tree
//! themselves, where a site model does not fit it.
//!
//! A convention urilint does not model (a preprocessor that turns
//! `expr.closure` into a link, labels resolved project-wide, routes made
//! from front matter) leaves a mark: a whole class of links in one place
//! that almost never resolve. A real break is rare, and links of the same
//! shape from the same place resolve around it. So once a run's links are
//! resolved, every link checked (found or broken) is put in groups by the
//! *shape* of what it names ([`Shape`]) and by *where* it is written: its
//! folder, the folder's section (the first folder under the site's root),
//! and the site. Never by target: links to one deleted page stay in groups
//! with links of the same shape that resolve.
//!
//! A broken link is judged in the smallest of its places whose group of
//! its shape holds at least [`Fit::min_links`] links. It is *gated* (left
//! unchecked, with the group as its reason) when at least
//! [`Fit::min_ratio`] of that group's links fail and they fail on at least
//! [`Fit::min_targets`] different targets: a deleted page, a reworded
//! heading or a file renamed in case is one target, however many links
//! name it, and is always reported. `--links strict` turns the gate off.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::path::{is_anchor_fragment, parts};
use super::{Kind, Problem, Reason};

/// The thresholds of the gate (SPEC section 11b; chosen on the trees of
/// `shared/corpus/sites` and `sites2`, see `docs/links.md`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    /// The fewest links a group needs to be judged.
    pub min_links: usize,
    /// The share of a group's links that fail for it to be gated.
    pub min_ratio: f64,
    /// The fewest different targets its failing links name.
    pub min_targets: usize,
}

impl Default for Fit {
    fn default() -> Fit {
        Fit {
            min_links: 5,
            min_ratio: 0.8,
            min_targets: 3,
        }
    }
}

/// What kind of name a fragment or a last path segment is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ident {
    /// A slug or a file name.
    Plain,
    /// A dotted identifier (`expr.closure`, `pydantic.main.BaseModel`).
    Dotted,
    /// A path of `::` (`std::fmt`).
    Colons,
}

/// What a link's last path segment ends in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ext {
    /// A document's extension (`.md`, `.html`, `.rst`, ...).
    Document,
    /// Another extension (`.png`, `.py`).
    Other,
    /// None (`cli/add`, `awesome`).
    None,
}

/// The shape of what a link names, as the gate groups it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// The fragment of a link: `#x` alone (`same`) or after a path.
    Fragment {
        /// `#x` alone: an anchor of the page it is written in.
        same: bool,
        /// What kind of name it is.
        ident: Ident,
    },
    /// The path of a link.
    Path {
        /// `/`-rooted.
        rooted: bool,
        /// Ends in `/`.
        trailing: bool,
        /// No `/` in it (`awesome`, `expr.closure`).
        single: bool,
        /// What its last segment ends in.
        ext: Ext,
        /// What kind of name its last segment is.
        ident: Ident,
    },
}

/// The extensions of documents a link may name.
const DOCUMENTS: &[&str] = &[
    "md", "markdown", "mdx", "qmd", "rmd", "rst", "adoc", "asciidoc", "html", "htm", "xhtml",
    "ipynb", "txt",
];

/// What kind of name `s` is: `a::b` is [`Ident::Colons`]; two or more
/// names of letters, digits and `_` joined by single dots, whose last is
/// no document extension, [`Ident::Dotted`].
fn ident(s: &str) -> Ident {
    if s.contains("::") {
        return Ident::Colons;
    }
    let mut names = s.split('.');
    let dotted = s.contains('.')
        && names.clone().all(|n| {
            !n.is_empty()
                && n.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        })
        && !names.next_back().is_some_and(is_extension)
        && s.bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_');
    match dotted {
        true => Ident::Dotted,
        false => Ident::Plain,
    }
}

/// The extensions of other files a link commonly names.
const FILES: &[&str] = &[
    "png",
    "jpg",
    "jpeg",
    "gif",
    "svg",
    "webp",
    "avif",
    "ico",
    "bmp",
    "tif",
    "tiff",
    "pdf",
    "ps",
    "eps",
    "zip",
    "gz",
    "tgz",
    "tar",
    "xz",
    "bz2",
    "zst",
    "7z",
    "rar",
    "jar",
    "whl",
    "deb",
    "rpm",
    "dmg",
    "exe",
    "msi",
    "py",
    "pyi",
    "rs",
    "js",
    "mjs",
    "cjs",
    "ts",
    "mts",
    "tsx",
    "jsx",
    "vue",
    "svelte",
    "astro",
    "json",
    "jsonl",
    "yml",
    "yaml",
    "toml",
    "xml",
    "xsd",
    "xsl",
    "css",
    "scss",
    "sass",
    "less",
    "sh",
    "bash",
    "zsh",
    "fish",
    "ps1",
    "bat",
    "cmd",
    "c",
    "h",
    "cc",
    "cpp",
    "hpp",
    "cxx",
    "go",
    "java",
    "kt",
    "kts",
    "scala",
    "swift",
    "m",
    "rb",
    "php",
    "pl",
    "pm",
    "lua",
    "r",
    "jl",
    "hs",
    "ml",
    "ex",
    "exs",
    "erl",
    "clj",
    "dart",
    "cs",
    "fs",
    "vb",
    "sql",
    "csv",
    "tsv",
    "parquet",
    "mp4",
    "webm",
    "mov",
    "avi",
    "mkv",
    "mp3",
    "wav",
    "ogg",
    "flac",
    "woff",
    "woff2",
    "ttf",
    "otf",
    "eot",
    "wasm",
    "lock",
    "cfg",
    "ini",
    "conf",
    "env",
    "log",
    "diff",
    "patch",
    "tex",
    "bib",
    "cls",
    "sty",
    "dot",
    "gv",
    "drawio",
    "excalidraw",
    "ipynb",
    "epub",
    "mobi",
    "docx",
    "xlsx",
    "pptx",
    "odt",
    "ods",
    "odp",
    "key",
    "pem",
    "crt",
    "asc",
    "gpg",
    "sig",
    "sha256",
    "mk",
    "cmake",
    "gradle",
    "properties",
    "plist",
    "rss",
    "atom",
    "webmanifest",
    "map",
    "po",
    "pot",
    "mo",
    "hbs",
    "njk",
    "j2",
    "jinja",
    "liquid",
    "tmpl",
    "tpl",
    "proto",
    "graphql",
    "gql",
    "nix",
    "tf",
    "hcl",
    "dockerfile",
    "pub",
    "bin",
    "img",
    "iso",
    "so",
    "dll",
    "dylib",
    "a",
    "o",
    "lib",
    "data",
    "dat",
    "db",
    "sqlite",
    "rdf",
    "ttl",
    "owl",
    "gltf",
    "glb",
    "obj",
    "stl",
    "blend",
    "psd",
    "ai",
    "sketch",
    "fig",
    "xcf",
    "kra",
    "lottie",
    "cast",
    "jsp",
    "asp",
    "aspx",
    "cgi",
    "shtml",
    "phtml",
    "cfm",
];

/// Whether the last dotted name of a segment reads as a file's
/// extension: a document's or another file's a link commonly names, or
/// digits (`1.0.0`).
fn is_extension(last: &str) -> bool {
    DOCUMENTS
        .iter()
        .chain(FILES)
        .any(|d| last.eq_ignore_ascii_case(d))
        || last.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a path's last segment ends in a file's extension (a
/// document's or another file's a link commonly names): `units/length`
/// and `expr.closure` do not, `setup.md` and `logo.png` do.
pub(crate) fn has_extension(last: &str) -> bool {
    last.rsplit_once('.').is_some_and(|(stem, e)| {
        // Path parameters after it (`login.jsp;jsessionid=...`).
        let e = e
            .split(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or(e);
        !stem.is_empty() && is_extension(e) && !e.bytes().all(|b| b.is_ascii_digit())
    })
}

/// [`has_extension`] of a path's last segment, as bytes.
pub(crate) fn has_extension_bytes(path: &[u8]) -> bool {
    let last = memchr::memrchr(b'/', path).map_or(path, |k| &path[k + 1..]);
    has_extension(&String::from_utf8_lossy(last))
}

/// The shape of the path of `value` (a relative reference with a path).
fn path_shape(path: &[u8]) -> Shape {
    let text = String::from_utf8_lossy(path);
    let trailing = text.ends_with('/');
    let trimmed = text.trim_end_matches('/');
    let last = trimmed.rsplit('/').next().unwrap_or("");
    let id = ident(last);
    let ext = match last.rsplit_once('.') {
        _ if id != Ident::Plain => Ext::None,
        Some((stem, e)) if !stem.is_empty() && is_extension(e) => {
            if DOCUMENTS.iter().any(|d| e.eq_ignore_ascii_case(d)) {
                Ext::Document
            } else if e.bytes().all(|b| b.is_ascii_digit()) {
                Ext::None
            } else {
                Ext::Other
            }
        }
        Some((stem, _)) if !stem.is_empty() => Ext::Other,
        _ => Ext::None,
    };
    Shape::Path {
        rooted: text.starts_with('/'),
        trailing,
        single: !trimmed.contains('/'),
        ext,
        ident: id,
    }
}

/// What a link was seen to do: the shape of a part of it, and the target
/// it failed on (`None`: that part resolved).
#[derive(Clone, Debug)]
pub struct Seen {
    /// The index of the reference among its file's.
    pub index: usize,
    /// The shape of the part judged.
    pub shape: Shape,
    /// What it failed on (a path, a path and fragment), if it failed.
    pub failed: Option<String>,
}

/// What the links of one file were seen to do: its path's parts the
/// groups use, and each part judged.
#[derive(Clone, Debug, Default)]
pub struct FileSeen {
    /// The root of its site (or its tree) and its folder under it.
    pub root: PathBuf,
    /// Its folder's names from `root`.
    pub folder: Vec<std::ffi::OsString>,
    /// Each part of its links judged.
    pub seen: Vec<Seen>,
}

/// The parts of the links of a file that were checked: `found` resolved,
/// `problems` broken, each with `refs`' value.
pub fn observe<'a>(
    values: &dyn Fn(usize) -> Option<&'a [u8]>,
    found: &[usize],
    problems: &[(usize, Problem)],
) -> Vec<Seen> {
    let mut seen = Vec::with_capacity(found.len() + problems.len());
    let mut push = |index: usize, value: &[u8], failed: Option<(bool, String)>| {
        let p = parts(value);
        let fragment = p.fragment.as_deref().filter(|f| is_anchor_fragment(f));
        let path_ok = !matches!(failed, Some((false, _)));
        if !p.path.is_empty() {
            seen.push(Seen {
                index,
                shape: path_shape(p.path),
                failed: match &failed {
                    Some((false, t)) => Some(t.clone()),
                    _ => None,
                },
            });
        }
        if let Some(f) = fragment
            && path_ok
        {
            seen.push(Seen {
                index,
                shape: Shape::Fragment {
                    same: p.path.is_empty(),
                    ident: ident(f),
                },
                failed: match failed {
                    Some((true, t)) => Some(t),
                    _ => None,
                },
            });
        }
    };
    for &i in found {
        if let Some(v) = values(i) {
            push(i, v, None);
        }
    }
    for (i, problem) in problems {
        if let Some(v) = values(*i) {
            let failed = match problem {
                Problem::NoAnchor { fragment, path, .. } => (
                    true,
                    format!("{}#{fragment}", path.as_deref().unwrap_or("")),
                ),
                Problem::Missing { path, .. } | Problem::NoIndex { path } => (false, path.clone()),
                Problem::Case { written, .. } => (false, written.clone()),
                Problem::Source { path, .. }
                | Problem::Unrendered { path }
                | Problem::NoPage { path, .. } => (false, path.clone()),
                Problem::Malformed { why } => (false, why.clone()),
                Problem::NoLabel { label, .. } => (true, label.clone()),
            };
            push(*i, v, Some(failed));
        }
    }
    seen
}

/// A group: the links of one shape in one place.
#[derive(Default)]
struct Group {
    total: usize,
    failed: usize,
    /// The different targets its failures name (counted to the most
    /// needed).
    targets: HashSet<String>,
    /// Its first failure, in file order: (file, reference index).
    example: Option<(usize, usize)>,
}

/// The gate's verdict on a run: for each file (in the order given), the
/// broken links left unchecked, by reference index, with their group's
/// reason.
pub fn gate(
    fit: &Fit,
    files: &[FileSeen],
    example: &dyn Fn(usize, usize) -> String,
    display: &dyn Fn(&Path) -> String,
) -> Vec<Vec<(usize, Reason)>> {
    // Each file's places, smallest first, as numbers.
    let mut places: HashMap<PathBuf, usize> = HashMap::new();
    let mut names: Vec<PathBuf> = Vec::new();
    let mut intern = |p: PathBuf| -> usize {
        let n = places.len();
        *places.entry(p.clone()).or_insert_with(|| {
            names.push(p);
            n
        })
    };
    let levels: Vec<Vec<usize>> = files
        .iter()
        .map(|f| {
            let mut out = Vec::with_capacity(3);
            if !f.folder.is_empty() {
                out.push(intern(f.root.join(f.folder.iter().collect::<PathBuf>())));
            }
            if f.folder.len() > 1 {
                out.push(intern(f.root.join(&f.folder[0])));
            }
            out.push(intern(f.root.clone()));
            out
        })
        .collect();
    let mut groups: HashMap<(Shape, usize), Group> = HashMap::new();
    for (k, f) in files.iter().enumerate() {
        for s in &f.seen {
            for &place in &levels[k] {
                let g = groups.entry((s.shape, place)).or_default();
                g.total += 1;
                if let Some(t) = &s.failed {
                    g.failed += 1;
                    if g.targets.len() < fit.min_targets {
                        g.targets.insert(t.clone());
                    }
                    if g.example.is_none() {
                        g.example = Some((k, s.index));
                    }
                }
            }
        }
    }
    // Whether a group is one of links that almost never resolve.
    let unfit = |key: &(Shape, usize)| {
        groups.get(key).is_some_and(|g| {
            g.total >= fit.min_links
                && g.failed as f64 >= fit.min_ratio * g.total as f64
                && g.targets.len() >= fit.min_targets
        })
    };
    // A failure is judged in the smallest of its places whose group holds
    // enough links; if that group is unfit, it is told as part of the
    // largest unfit group that holds it, for one line per convention.
    let judge = |shape: Shape, levels: &[usize]| -> Option<(Shape, usize)> {
        let at = levels.iter().position(|&p| {
            groups
                .get(&(shape, p))
                .is_some_and(|g| g.total >= fit.min_links)
        })?;
        if !unfit(&(shape, levels[at])) {
            return None;
        }
        // Up while the place above is unfit too and holds more links.
        let mut key = (shape, levels[at]);
        for &p in &levels[at + 1..] {
            let above = (shape, p);
            if !unfit(&above) {
                break;
            }
            if groups[&above].total > groups[&key].total {
                key = above;
            }
        }
        Some(key)
    };
    let mut reasons: HashMap<(Shape, usize), Reason> = HashMap::new();
    let mut out = Vec::with_capacity(files.len());
    for (k, f) in files.iter().enumerate() {
        let mut gated: Vec<(usize, Reason)> = Vec::new();
        for s in f.seen.iter().filter(|s| s.failed.is_some()) {
            let Some(key) = judge(s.shape, &levels[k]) else {
                continue;
            };
            let reason = reasons.entry(key).or_insert_with(|| {
                let g = &groups[&key];
                let (file, index) = g.example.unwrap_or((k, s.index));
                let place = display(&names[key.1]);
                let place = match place.as_str() {
                    "" | "." => "./".to_string(),
                    p => format!("{}/", p.trim_end_matches('/')),
                };
                Reason::new(
                    Kind::Unfit,
                    Arc::<str>::from(format!(
                        "links shaped like `{}` in `{place}` resolve almost nowhere ({} of {} \
                         fail): a convention urilint does not model; --links strict reports them",
                        example(file, index),
                        g.failed,
                        g.total
                    )),
                )
            });
            gated.push((s.index, reason.clone()));
        }
        out.push(gated);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        let path = |s: &str| path_shape(s.as_bytes());
        assert_eq!(
            path("expr.closure"),
            Shape::Path {
                rooted: false,
                trailing: false,
                single: true,
                ext: Ext::None,
                ident: Ident::Dotted
            }
        );
        assert_eq!(
            path("std::fmt"),
            Shape::Path {
                rooted: false,
                trailing: false,
                single: true,
                ext: Ext::None,
                ident: Ident::Colons
            }
        );
        assert_eq!(
            path("../guide/setup.md"),
            Shape::Path {
                rooted: false,
                trailing: false,
                single: false,
                ext: Ext::Document,
                ident: Ident::Plain
            }
        );
        assert_eq!(
            path("/cli/add/"),
            Shape::Path {
                rooted: true,
                trailing: true,
                single: false,
                ext: Ext::None,
                ident: Ident::Plain
            }
        );
        assert_eq!(ident("migrating-to-1.0.0"), Ident::Plain);
        assert_eq!(ident("page.md"), Ident::Plain);
        assert_eq!(ident("pydantic.config.ConfigDict"), Ident::Dotted);
        assert_eq!(ident("cache-provider"), Ident::Plain);
        assert_eq!(ident("image.png"), Ident::Plain);
        assert_eq!(ident("expr.closure"), Ident::Dotted);
        assert_eq!(ident("expr.if"), Ident::Dotted);
        assert_eq!(ident("v1.2"), Ident::Plain);
    }
}
