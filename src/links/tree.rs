//! The file tree as links see it: each folder listed once (a `read_dir`,
//! shared by every link into it, whatever the thread), names compared
//! exactly, as on Linux and on web servers, and case-only differences
//! told apart.

use std::borrow::Cow;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock, RwLock};

use super::Anchors;
use crate::format::{Format, Targets};

/// What a name in a folder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    File,
    Dir,
    /// A symbolic link, not followed (the walker's `-L` is off).
    Link,
}

/// A name in a folder: what it is, and for a folder its own listing once
/// read, so a path is followed from listing to listing without hashing
/// whole paths.
#[derive(Debug)]
struct Entry {
    kind: Kind,
    child: OnceLock<Read>,
    /// For a file, what links into it need, found once.
    file: OnceLock<Arc<FileCells>>,
}

/// What links into a file need of it, each found once: its anchors (made
/// by its own check, or from its targets read when first needed), its
/// targets where they are kept, and whether its own links resolve
/// elsewhere. Kept on its folder's listing, so a link reaches them from
/// the listing it found the file in.
#[derive(Debug, Default)]
pub(crate) struct FileCells {
    pub targets: OnceLock<Option<Arc<(Format, Targets)>>>,
    pub anchors: OnceLock<Option<Arc<Anchors>>>,
    /// Its links resolve elsewhere than in its folder (an AsciiDoc part,
    /// an HTML `<base href>`), as its check found.
    pub elsewhere: OnceLock<bool>,
    /// Its anchors' names, to suggest one for a broken fragment.
    pub names: OnceLock<Arc<Vec<String>>>,
    /// Its targets as its own check read them, packed (boxed: most
    /// files' cells hold none).
    pub kept: OnceLock<Box<super::kept::Kept>>,
    /// What its site's model reads of its head, as its check read it.
    pub head: OnceLock<super::permalinks::Heads>,
}

/// One folder's names.
#[derive(Debug, Default)]
pub(crate) struct Listing {
    names: foldhash::HashMap<OsString, Entry>,
    /// Each name in lower case, and the names that have it: made the
    /// first time a name is missing.
    folded: OnceLock<Folded>,
}

/// Names by their lower case.
type Folded = foldhash::HashMap<String, Vec<OsString>>;

/// `s` in lower case, copied only when that changes it.
fn lower(s: &str) -> Cow<'_, str> {
    match s.is_ascii() {
        true if !s.bytes().any(|b| b.is_ascii_uppercase()) => Cow::Borrowed(s),
        true => Cow::Owned(s.to_ascii_lowercase()),
        false => Cow::Owned(s.to_lowercase()),
    }
}

impl Listing {
    /// Lists the folder `dir`; `None` if it cannot be read.
    fn read(dir: &Path, follow: bool) -> Read {
        let mut names = foldhash::HashMap::default();
        for entry in std::fs::read_dir(dir).ok()?.flatten() {
            let Ok(t) = entry.file_type() else { continue };
            let kind = if t.is_dir() {
                Kind::Dir
            } else if t.is_symlink() {
                if follow {
                    // Followed as the walker follows it; a loop or a
                    // dangling link is no target.
                    match std::fs::metadata(entry.path()) {
                        Ok(m) if m.is_dir() => Kind::Dir,
                        Ok(_) => Kind::File,
                        Err(_) => continue,
                    }
                } else {
                    Kind::Link
                }
            } else {
                Kind::File
            };
            names.insert(
                entry.file_name(),
                Entry {
                    kind,
                    child: OnceLock::new(),
                    file: OnceLock::new(),
                },
            );
        }
        Some(Arc::new(Listing {
            names,
            folded: OnceLock::new(),
        }))
    }

    /// The cells of the file `name`.
    pub(crate) fn cells(&self, name: &OsStr) -> Option<Arc<FileCells>> {
        self.names
            .get(name)
            .map(|e| e.file.get_or_init(Default::default).clone())
    }

    pub(crate) fn get(&self, name: &OsStr) -> Option<Kind> {
        self.names.get(name).map(|e| e.kind)
    }

    /// The name that differs from `name` only in case, if one does.
    pub(crate) fn case_of(&self, name: &OsStr) -> Option<&OsStr> {
        // Case is a property of text: names that are not UTF-8 have none.
        let name = name.to_str()?;
        let folded = self.folded.get_or_init(|| {
            let mut map: Folded = Folded::default();
            for n in self.names.keys() {
                let Some(text) = n.to_str() else { continue };
                map.entry(lower(text).into_owned())
                    .or_default()
                    .push(n.clone());
            }
            for v in map.values_mut() {
                v.sort();
            }
            map
        });
        folded
            .get(lower(name).as_ref())?
            .first()
            .map(OsString::as_os_str)
    }

    pub(crate) fn contains(&self, name: &str) -> bool {
        self.names.contains_key(OsStr::new(name))
    }

    /// Its names and what each is.
    pub(crate) fn entries(&self) -> impl Iterator<Item = (&OsStr, Kind)> {
        self.names.iter().map(|(n, e)| (n.as_os_str(), e.kind))
    }
}

/// Where a path led, its listings and cells borrowed from the listing the
/// search started at.
#[derive(Clone, Debug)]
pub(crate) enum Found<'a> {
    /// A file, and its cells.
    File(PathBuf, &'a FileCells),
    /// A folder, and its listing.
    Dir(PathBuf, &'a Listing),
    /// Segment `at` is not in its folder (whose listing it is); `case` is
    /// a name there that differs from it only in case.
    Missing {
        at: usize,
        case: Option<OsString>,
        listing: Option<&'a Listing>,
    },
    /// The path goes on through a symbolic link that is not followed, or
    /// ends at a folder that cannot be read: nothing to check.
    ThroughLink,
}

/// A folder's listing, once read (`None`: not a folder that can be read).
type Read = Option<Arc<Listing>>;

/// Folder listings, read once each.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    follow: bool,
    /// The folders links start from, by path as bytes; the folders below
    /// them hang from their parents' entries.
    dirs: RwLock<foldhash::HashMap<OsString, Arc<OnceLock<Read>>>>,
}

impl Tree {
    pub(crate) fn new(follow: bool) -> Tree {
        Tree {
            follow,
            dirs: RwLock::default(),
        }
    }

    /// The names in folder `dir` (an absolute path), or `None` if it is
    /// not one that can be read.
    pub(crate) fn listing(&self, dir: &Path) -> Read {
        let known = self
            .dirs
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(dir.as_os_str())
            .cloned();
        let cell = match known {
            Some(c) => c,
            None => self
                .dirs
                .write()
                .unwrap_or_else(|e| e.into_inner())
                .entry(dir.as_os_str().to_os_string())
                .or_default()
                .clone(),
        };
        cell.get_or_init(|| Listing::read(dir, self.follow)).clone()
    }

    /// The cells of the file at `path` (absolute), if it is in a folder
    /// that can be listed.
    pub(crate) fn cells(&self, path: &Path) -> Option<Arc<FileCells>> {
        self.listing(path.parent()?)?.cells(path.file_name()?)
    }

    /// Follows `segments` from the folder `base`, whose listing is `from`.
    /// The listings on the way are borrowed, not counted: threads that
    /// follow links through the same folders share their counts' cache
    /// lines otherwise.
    pub(crate) fn find<'a, S: AsRef<OsStr>>(
        &self,
        base: &Path,
        from: Option<&'a Arc<Listing>>,
        segments: &[S],
    ) -> Found<'a> {
        let mut at = PathBuf::with_capacity(base.as_os_str().len() + 64);
        at.push(base);
        let Some(mut listing) = from else {
            return Found::Missing {
                at: 0,
                case: None,
                listing: None,
            };
        };
        for (i, seg) in segments.iter().enumerate() {
            let seg = seg.as_ref();
            let last = i + 1 == segments.len();
            let next = match listing.names.get(seg) {
                Some(e) if e.kind == Kind::Dir => {
                    at.push(seg);
                    // The same listing as the folder's own, so what hangs
                    // from its entries is found by path too.
                    e.child.get_or_init(|| self.listing(&at))
                }
                // A symbolic link not followed: it is there, and what it
                // leads to is not checked (the walker's `-L` rules).
                Some(e) if e.kind == Kind::Link => return Found::ThroughLink,
                Some(e) if last => {
                    at.push(seg);
                    let cells = e.file.get_or_init(Default::default);
                    return Found::File(at, cells);
                }
                Some(_) => {
                    return Found::Missing {
                        at: i + 1,
                        case: None,
                        listing: None,
                    };
                }
                None => {
                    let case = listing.case_of(seg).map(OsStr::to_os_string);
                    return Found::Missing {
                        at: i,
                        case,
                        listing: Some(listing),
                    };
                }
            };
            match next {
                Some(l) => listing = l,
                // A folder that cannot be read: it is there, and what is
                // in it cannot be known.
                None => return Found::ThroughLink,
            }
        }
        Found::Dir(at, listing)
    }
}
