//! The workspace's link index: which files may link to which, so that a
//! heading reworded, or a file renamed or deleted, has the files whose
//! links it breaks (or mends) checked again.
//!
//! A reference is indexed by the name its path ends in, not by the file
//! it resolves to: generators resolve `guide/`, `guide.html` and
//! `guide.md` to the same page in their own ways (SPEC section 11), and a
//! file checked again for nothing costs less than one missed. A target
//! `guide.md` is found under `guide`; `guide/index.md` (and `README.md`,
//! `_index.md`) under `index` and under `guide`.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use crate::format::{Format, Options, Reference, references};

/// Files by the names their references end in.
#[derive(Debug, Default)]
pub(super) struct Index {
    by_name: HashMap<String, HashSet<PathBuf>>,
    names_of: HashMap<PathBuf, Vec<String>>,
}

/// The folder-index names: a page named so stands for its folder.
const INDEX_NAMES: [&str; 4] = ["index", "_index", "readme", "default"];

/// The names a target file is linked by.
pub(super) fn target_names(path: &Path) -> Vec<String> {
    let stem = |p: &Path| {
        p.file_name()
            .map(|n| stem_of(&n.to_string_lossy()))
            .unwrap_or_default()
    };
    let own = stem(path);
    let mut out = vec![own.clone()];
    if INDEX_NAMES.contains(&own.as_str())
        && let Some(parent) = path.parent()
    {
        out.push(stem(parent));
    }
    out
}

/// A file name lower-cased, without its extensions.
fn stem_of(name: &str) -> String {
    let name = name.to_lowercase();
    match name.split_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => name,
    }
}

/// The names the relative references of a document end in: the last
/// segment of each path (the one before, for `guide/` or
/// `guide/index.html`).
fn reference_names(refs: &[Reference]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for r in refs {
        let value = String::from_utf8_lossy(&r.value);
        let path = value.split(['?', '#']).next().unwrap_or("");
        if path.is_empty() || crate::format::has_scheme(path.as_bytes()) {
            continue;
        }
        let decoded = percent(path);
        let mut segments = decoded.rsplit('/').filter(|s| !s.is_empty() && *s != ".");
        if let Some(last) = segments.next() {
            let name = stem_of(last);
            if INDEX_NAMES.contains(&name.as_str())
                && let Some(before) = segments.next()
            {
                out.push(stem_of(before));
            }
            out.push(name);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// `s` percent-decoded where it can be (RFC 3986 s2.1), lossily.
pub(super) fn percent(s: &str) -> String {
    let decoded = crate::uri::normalize::percent_decode(s.as_bytes(), None);
    String::from_utf8_lossy(&decoded).into_owned()
}

impl Index {
    /// Records the references of the file at `path` (absolute), replacing
    /// what it held before.
    pub(super) fn set(&mut self, path: &Path, format: Format, text: &[u8]) {
        let names = match is_markup(format) {
            true => reference_names(&references(format, text, Options::default())),
            false => Vec::new(),
        };
        self.remove(path);
        for n in &names {
            self.by_name
                .entry(n.clone())
                .or_default()
                .insert(path.to_path_buf());
        }
        if !names.is_empty() {
            self.names_of.insert(path.to_path_buf(), names);
        }
    }

    /// Records the references of the file at `path` (absolute) as it is
    /// on disk, or forgets it when it cannot be read (deleted).
    pub(super) fn set_from_disk(&mut self, path: &Path) {
        let format = Format::from_name(path).filter(|&f| is_markup(f));
        match format.map(|f| (f, crate::regular::read(path, crate::format::MAX_PARSED))) {
            Some((f, Ok(text))) => self.set(path, f, &text),
            _ => self.remove(path),
        }
    }

    /// Forgets the file at `path` (deleted).
    pub(super) fn remove(&mut self, path: &Path) {
        for n in self.names_of.remove(path).unwrap_or_default() {
            if let Some(set) = self.by_name.get_mut(&n) {
                set.remove(path);
            }
        }
    }

    /// The files whose references may lead to `target`, in path order.
    pub(super) fn linking_to(&self, target: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = target_names(target)
            .iter()
            .filter_map(|n| self.by_name.get(n))
            .flatten()
            .filter(|p| p.as_path() != target)
            .cloned()
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// How many files hold references.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.names_of.len()
    }
}

/// Whether links in `format` are read as references (SPEC section 11).
pub(super) fn is_markup(format: Format) -> bool {
    matches!(
        format,
        Format::Markdown | Format::Html | Format::Rst | Format::Asciidoc
    )
}

/// Indexes the markup files of the folders `roots`, walked as `check`
/// walks them (`.gitignore` honoured).
pub(super) fn build(roots: &[PathBuf]) -> Index {
    let mut index = Index::default();
    let inputs = crate::walk::inputs(roots, &crate::walk::WalkOptions::default());
    for input in inputs.into_iter().flatten() {
        if let Some(path) = input.path() {
            let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
            index.set_from_disk(&crate::paths::lexical(&abs));
        }
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_found_by_the_names_they_end_in() {
        let mut index = Index::default();
        let md = b"[a](guide.md#x) [b](../setup/) [c](https://x.example/other.md) [d](#own)\n\
                   [e](api/index.html) [f](My%20Page.html?x=1)\n";
        index.set(Path::new("/w/docs/a.md"), Format::Markdown, md);
        index.set(Path::new("/w/docs/b.md"), Format::Markdown, b"[x](guide)\n");
        let linking = |p: &str| index.linking_to(Path::new(p));
        let both = [PathBuf::from("/w/docs/a.md"), PathBuf::from("/w/docs/b.md")];
        assert_eq!(linking("/w/docs/guide.md"), both);
        assert_eq!(
            linking("/w/setup/README.md"),
            [PathBuf::from("/w/docs/a.md")]
        );
        assert_eq!(
            linking("/w/docs/api/_index.md"),
            [PathBuf::from("/w/docs/a.md")]
        );
        assert_eq!(
            linking("/w/docs/my page.md"),
            [PathBuf::from("/w/docs/a.md")]
        );
        assert!(linking("/w/docs/other.md").is_empty());
        index.remove(Path::new("/w/docs/a.md"));
        let linking = |p: &str| index.linking_to(Path::new(p));
        assert_eq!(linking("/w/docs/guide.md"), [PathBuf::from("/w/docs/b.md")]);
        assert_eq!(index.len(), 1);
    }
}
