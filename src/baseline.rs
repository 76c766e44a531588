//! Baselines: findings a project has accepted for now. Keyed by path, rule
//! and the URI in normalized form (RFC 3986 s6), not by line, so moving
//! text around does not break them; every secret in the URI (SPEC section
//! 10) is stored as `****`.
//!
//! Paths are stored relative to the baseline file's own folder, with `/`
//! separators, and findings are matched through the same mapping
//! ([`Anchor`]), so a baseline matches however its paths were typed:
//! `./docs/x.md`, `docs/x.md`, an absolute path, or from another folder.
//!
//! Version 3 stores paths that way. Version 2 stored them as printed; they
//! are read as relative to the baseline's folder, which is what they were
//! when it was written from there (absolute ones are made relative to it). Version 2 and 3 keys redact before
//! normalizing and cover tokens, secret parameters and webhook paths; a
//! version 1 file is refused with a word on how to rewrite it rather than
//! silently matching nothing.
//!
//! ```
//! use urilint::baseline::{Baseline, Key};
//!
//! let key = |uri: &str| Key { path: "docs/a.md".into(), rule: "non-default-port".into(), uri: uri.into() };
//! let mut base = Baseline::default();
//! base.add(key("http://example.com:8080/"));
//! let text = base.to_json();
//! let mut base = Baseline::from_json(&text).unwrap();
//! assert!(base.take(&key("http://example.com:8080/")));
//! assert!(!base.take(&key("http://example.com:8080/"))); // counted: once only
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The baseline file format written and read.
const VERSION: u32 = 3;

/// What identifies a finding in a baseline.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Key {
    /// The path relative to the baseline's folder ([`Anchor::key_path`]).
    pub path: String,
    /// The rule id.
    pub rule: String,
    /// The URI, secrets redacted, then normalized.
    pub uri: String,
}

impl Key {
    /// The key of a finding of `rule` in `path` for `uri`: its secrets are
    /// replaced by `****` first (SPEC section 10; `cut`: the URI was
    /// truncated), then it is normalized (RFC 3986 s6), so the key is the
    /// same whether the URI was shown with its secrets or not, and no secret
    /// is ever stored.
    pub fn new(path: &str, rule: &str, uri: &[u8], cut: bool) -> Key {
        let redacted = crate::secrets::redact(uri, cut);
        let normal = crate::uri::normalize(&redacted, crate::schemes::Registry::builtin());
        Key {
            path: path.to_string(),
            rule: rule.to_string(),
            uri: String::from_utf8_lossy(&normal).into_owned(),
        }
    }
}

/// A multiset of keys: a key found twice must be in the baseline twice.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Baseline {
    counts: BTreeMap<Key, usize>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    version: u32,
    findings: Vec<Entry>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    #[serde(flatten)]
    key: Key,
    count: usize,
}

/// A baseline file that cannot be read.
#[derive(Debug)]
pub struct BaselineError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub message: String,
}

impl fmt::Display for BaselineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

impl std::error::Error for BaselineError {}

impl Baseline {
    /// Adds one finding.
    /// Adds every finding of `other` (a run's baselines, each recorded by
    /// the checker of one config).
    pub fn merge(&mut self, other: Baseline) {
        for (key, n) in other.counts {
            *self.counts.entry(key).or_insert(0) += n;
        }
    }

    /// Adds one finding.
    pub fn add(&mut self, key: Key) {
        *self.counts.entry(key).or_default() += 1;
    }

    /// Removes one finding with this key; whether there was one.
    pub fn take(&mut self, key: &Key) -> bool {
        match self.counts.get_mut(key) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }

    /// Number of findings.
    pub fn len(&self) -> usize {
        self.counts.values().sum()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The baseline as JSON, sorted, so it diffs well.
    pub fn to_json(&self) -> String {
        let findings = self
            .counts
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| Entry {
                key: k.clone(),
                count: *n,
            })
            .collect();
        let mut text = serde_json::to_string_pretty(&File {
            version: VERSION,
            findings,
        })
        .expect("serializable");
        text.push('\n');
        text
    }

    /// Parses [`Baseline::to_json`]'s format.
    pub fn from_json(text: &str) -> Result<Baseline, String> {
        let file: File = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if file.version == 1 {
            return Err(
                "baseline version 1 keys secrets differently; rewrite it with --write-baseline"
                    .to_string(),
            );
        }
        if !(2..=VERSION).contains(&file.version) {
            return Err(format!("unsupported baseline version {}", file.version));
        }
        let mut base = Baseline::default();
        for mut e in file.findings {
            // Version 2 stored paths as printed: `./docs/x` from a walk of
            // `.`, relative to the folder it was written from.
            e.key.path = normalize_relative(&e.key.path);
            *base.counts.entry(e.key).or_default() += e.count;
        }
        Ok(base)
    }

    /// Reads a baseline file.
    pub fn load(path: &Path) -> Result<Baseline, BaselineError> {
        let err = |message| BaselineError {
            path: path.to_path_buf(),
            message,
        };
        // A baseline of a million findings takes about 200 MB.
        let text = crate::walk::read_capped(path, 1 << 30).map_err(|e| err(e.to_string()))?;
        let base = Baseline::from_json(&text).map_err(err)?;
        // A version 2 file may hold absolute paths: relative to the
        // baseline's folder, as version 3 stores them.
        if !base.counts.keys().any(|k| k.path.starts_with('/')) {
            return Ok(base);
        }
        let anchor = Anchor::new(path).map_err(|e| err(e.to_string()))?;
        let mut out = Baseline::default();
        for (mut k, n) in base.counts {
            if k.path.starts_with('/') {
                k.path = anchor.key_path(&k.path);
            }
            *out.counts.entry(k).or_default() += n;
        }
        Ok(out)
    }
}

/// Maps the paths findings are printed with to the paths a baseline stores:
/// relative to the baseline file's folder.
#[derive(Clone, Debug)]
pub struct Anchor {
    /// The baseline's folder, absolute and with symbolic links resolved.
    dir: PathBuf,
    /// The working directory, for relative paths.
    cwd: PathBuf,
}

impl Anchor {
    /// The anchor of the baseline file at `file` (which need not exist yet;
    /// its folder must).
    pub fn new(file: &Path) -> std::io::Result<Anchor> {
        let cwd = std::env::current_dir()?;
        let parent = match file.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let dir = std::fs::canonicalize(cwd.join(parent))?;
        Ok(Anchor { dir, cwd })
    }

    /// The path a baseline stores for a finding printed with `path`: `-`
    /// (standard input) as is; otherwise the file, absolute and with links
    /// resolved, relative to the baseline's folder (`../` where it lies
    /// outside), with `/` separators.
    pub fn key_path(&self, path: &str) -> String {
        if path == "-" {
            return path.to_string();
        }
        let abs = self.cwd.join(path);
        let real = std::fs::canonicalize(&abs).unwrap_or_else(|_| crate::paths::lexical(&abs));
        relative(&real, &self.dir)
    }
}

/// `path` relative to `base` (both absolute and normalized), `/`-separated.
fn relative(path: &Path, base: &Path) -> String {
    let rel = crate::paths::relative(path, base);
    if rel.as_os_str().is_empty() {
        return ".".to_string();
    }
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    parts.join("/")
}

/// A stored relative path in normal form: `/` separators, no `.`
/// components (`./docs//x.md` is `docs/x.md`).
fn normalize_relative(path: &str) -> String {
    if path == "-" {
        return path.to_string();
    }
    if path.starts_with('/') {
        // An absolute path, written by a run given absolute paths: the
        // loader makes it relative to the baseline's folder.
        return path.to_string();
    }
    let parts: Vec<&str> = path
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_paths_climb_and_descend() {
        assert_eq!(relative(Path::new("/a/b/c.md"), Path::new("/a")), "b/c.md");
        assert_eq!(
            relative(Path::new("/a/b/c.md"), Path::new("/a/d")),
            "../b/c.md"
        );
        assert_eq!(relative(Path::new("/a"), Path::new("/a")), ".");
        assert_eq!(normalize_relative("./docs//x.md"), "docs/x.md");
        assert_eq!(normalize_relative("/abs/docs/x.md"), "/abs/docs/x.md");
        assert_eq!(
            crate::paths::lexical(Path::new("/a/./b/../c")),
            Path::new("/a/c")
        );
    }

    #[test]
    fn version_2_paths_are_read_relative_to_the_baseline() {
        let v2 =
            r#"{"version":2,"findings":[{"path":"./docs/a.md","rule":"r","uri":"u","count":1}]}"#;
        let mut b = Baseline::from_json(v2).unwrap();
        let key = Key {
            path: "docs/a.md".into(),
            rule: "r".into(),
            uri: "u".into(),
        };
        assert!(b.take(&key));
    }
}
