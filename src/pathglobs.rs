//! Globs over paths, as ruff reads them, each with a value: a pattern
//! without `/` matches a file or folder name anywhere (`vendor`,
//! `*.min.js`); one with `/` matches a path relative to the folder the
//! pattern came from (the working directory for a flag, the config file's
//! folder for config). `exclude`, `[formats]` and `[per-file-ignores]` all
//! read their globs this way.
//!
//! ```
//! use std::path::Path;
//! use urilint::pathglobs::PathGlobs;
//!
//! let mut globs = PathGlobs::default();
//! globs.add_all(Path::new("/repo"), [("*.inc", 1), ("docs/*.txt", 2)]).unwrap();
//! assert_eq!(globs.matches(Path::new("/repo/a/part.inc")), [&1]);
//! assert_eq!(globs.matches(Path::new("/repo/docs/a.txt")), [&2]);
//! assert!(globs.matches(Path::new("/elsewhere/docs/a.txt")).is_empty());
//! ```

use std::path::{Path, PathBuf};

use globset::{Glob, GlobSet, GlobSetBuilder};

/// Globs, each with a value, matched against paths.
#[derive(Clone, Debug)]
pub struct PathGlobs<T> {
    /// Every glob: `None` for a name glob, else the folder it is read
    /// from; its pattern; its value.
    globs: Vec<(Option<PathBuf>, String, T)>,
    /// The name globs, and which of `globs` each is.
    names: (GlobSet, Vec<usize>),
    /// The path globs of each folder, and which of `globs` each is.
    paths: Vec<(PathBuf, GlobSet, Vec<usize>)>,
}

impl<T> Default for PathGlobs<T> {
    fn default() -> Self {
        PathGlobs {
            globs: Vec::new(),
            names: (GlobSet::empty(), Vec::new()),
            paths: Vec::new(),
        }
    }
}

impl<T> PathGlobs<T> {
    /// Adds `(pattern, value)` pairs read relative to `base`. A pattern that
    /// does not parse is an error naming it.
    pub fn add_all<'a>(
        &mut self,
        base: &Path,
        pairs: impl IntoIterator<Item = (&'a str, T)>,
    ) -> Result<(), String> {
        let base = absolute(if base.as_os_str().is_empty() {
            Path::new(".")
        } else {
            base
        });
        for (pattern, value) in pairs {
            let pattern = pattern.trim_end_matches('/');
            let folder = pattern.contains('/').then(|| base.clone());
            let pattern = pattern.trim_start_matches("./");
            Glob::new(pattern).map_err(|e| format!("`{pattern}`: {}", e.kind()))?;
            self.globs.push((folder, pattern.to_string(), value));
        }
        self.rebuild();
        Ok(())
    }

    /// Compiles the globs into one set per kind and folder (a walk asks
    /// for every entry).
    fn rebuild(&mut self) {
        let glob = |p: &str| Glob::new(p).expect("checked when added");
        let mut names = (GlobSetBuilder::new(), Vec::new());
        let mut paths: Vec<(PathBuf, GlobSetBuilder, Vec<usize>)> = Vec::new();
        for (i, (folder, pattern, _)) in self.globs.iter().enumerate() {
            match folder {
                None => {
                    names.0.add(glob(pattern));
                    names.1.push(i);
                }
                Some(base) => {
                    let k = match paths.iter().position(|(b, _, _)| b == base) {
                        Some(k) => k,
                        None => {
                            paths.push((base.clone(), GlobSetBuilder::new(), Vec::new()));
                            paths.len() - 1
                        }
                    };
                    paths[k].1.add(glob(pattern));
                    paths[k].2.push(i);
                }
            }
        }
        let build = |b: GlobSetBuilder| b.build().expect("each glob compiles");
        self.names = (build(names.0), names.1);
        self.paths = paths
            .into_iter()
            .map(|(base, b, idx)| (base, build(b), idx))
            .collect();
    }

    /// The values of the globs `path` matches, in the order they were added.
    pub fn matches(&self, path: &Path) -> Vec<&T> {
        let mut hits: Vec<usize> = Vec::new();
        if let Some(name) = path.file_name() {
            hits.extend(
                self.names
                    .0
                    .matches(name)
                    .into_iter()
                    .map(|k| self.names.1[k]),
            );
        }
        if !self.paths.is_empty() {
            let abs = absolute(path);
            for (base, set, idx) in &self.paths {
                if let Ok(rel) = abs.strip_prefix(base) {
                    hits.extend(set.matches(rel).into_iter().map(|k| idx[k]));
                }
            }
        }
        hits.sort_unstable();
        hits.into_iter().map(|i| &self.globs[i].2).collect()
    }

    /// Whether `path` matches any glob.
    pub fn is_match(&self, path: &Path) -> bool {
        if path.file_name().is_some_and(|n| self.names.0.is_match(n)) {
            return true;
        }
        if self.paths.is_empty() {
            return false;
        }
        let abs = absolute(path);
        self.paths
            .iter()
            .any(|(base, set, _)| abs.strip_prefix(base).is_ok_and(|rel| set.is_match(rel)))
    }

    /// Whether no glob was added.
    pub fn is_empty(&self) -> bool {
        self.globs.is_empty()
    }
}

/// `p` made absolute against the working directory, without touching the
/// file system.
pub(crate) fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}
