//! The file tree as links see it: each folder listed once (a `read_dir`,
//! shared by every link into it, whatever the thread), names compared
//! exactly, as on Linux and on web servers, and case-only differences
//! told apart.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

/// What a name in a folder is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    File,
    Dir,
    /// A symbolic link, not followed (the walker's `-L` is off).
    Link,
}

/// One folder's names.
#[derive(Debug, Default)]
pub(crate) struct Listing {
    names: HashMap<OsString, Kind>,
}

impl Listing {
    pub(crate) fn get(&self, name: &OsStr) -> Option<Kind> {
        self.names.get(name).copied()
    }

    /// The name that differs from `name` only in case, if one does.
    pub(crate) fn case_of(&self, name: &OsStr) -> Option<&OsStr> {
        let want = name.to_string_lossy().to_lowercase();
        let mut found: Vec<&OsStr> = self
            .names
            .keys()
            .filter(|n| n.to_string_lossy().to_lowercase() == want)
            .map(OsString::as_os_str)
            .collect();
        found.sort();
        found.first().copied()
    }

    pub(crate) fn contains(&self, name: &str) -> bool {
        self.names.contains_key(OsStr::new(name))
    }
}

/// Where a path led.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    File(PathBuf),
    Dir(PathBuf),
    /// Segment `at` is not in its folder; `case` is a name there that
    /// differs from it only in case.
    Missing {
        at: usize,
        case: Option<OsString>,
    },
    /// The path goes on through a symbolic link that is not followed.
    ThroughLink,
}

/// A folder's listing, once read (`None`: not a folder that can be read).
type Read = Option<Arc<Listing>>;

/// Folder listings, read once each.
#[derive(Debug, Default)]
pub(crate) struct Tree {
    follow: bool,
    dirs: Mutex<HashMap<PathBuf, Arc<OnceLock<Read>>>>,
}

impl Tree {
    pub(crate) fn new(follow: bool) -> Tree {
        Tree {
            follow,
            dirs: Mutex::default(),
        }
    }

    /// The names in folder `dir` (an absolute path), or `None` if it is
    /// not one that can be read.
    pub(crate) fn listing(&self, dir: &Path) -> Option<Arc<Listing>> {
        let cell = {
            let mut dirs = self.dirs.lock().unwrap_or_else(|e| e.into_inner());
            dirs.entry(dir.to_path_buf()).or_default().clone()
        };
        cell.get_or_init(|| {
            let mut names = HashMap::new();
            for entry in std::fs::read_dir(dir).ok()?.flatten() {
                let Ok(t) = entry.file_type() else { continue };
                let kind = if t.is_dir() {
                    Kind::Dir
                } else if t.is_symlink() {
                    if self.follow {
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
                names.insert(entry.file_name(), kind);
            }
            Some(Arc::new(Listing { names }))
        })
        .clone()
    }

    /// Follows `segments` from the folder `base`.
    pub(crate) fn find(&self, base: &Path, segments: &[OsString]) -> Found {
        let mut at = base.to_path_buf();
        for (i, seg) in segments.iter().enumerate() {
            let Some(listing) = self.listing(&at) else {
                return Found::Missing { at: i, case: None };
            };
            match listing.get(seg) {
                Some(Kind::Dir) => at.push(seg),
                Some(Kind::File) if i + 1 == segments.len() => {
                    at.push(seg);
                    return Found::File(at);
                }
                Some(Kind::Link) if i + 1 == segments.len() => {
                    at.push(seg);
                    return Found::File(at);
                }
                Some(Kind::Link) => return Found::ThroughLink,
                Some(Kind::File) => {
                    return Found::Missing {
                        at: i + 1,
                        case: None,
                    };
                }
                None => {
                    return Found::Missing {
                        at: i,
                        case: listing.case_of(seg).map(OsStr::to_os_string),
                    };
                }
            }
        }
        Found::Dir(at)
    }
}
