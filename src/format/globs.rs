//! `[formats]` in config: globs that say how matching files are read.

use std::path::Path;

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::Format;

/// Globs and the format each gives.
#[derive(Clone, Debug, Default)]
pub struct FormatGlobs {
    set: GlobSet,
    formats: Vec<Format>,
    /// How specific each glob is: one with a `/` first, then the longest.
    rank: Vec<(bool, usize)>,
}

impl FormatGlobs {
    /// Compiles `(glob, format name)` pairs. A glob without `/` matches a
    /// file name anywhere; one with `/` matches the path.
    ///
    /// ```
    /// use std::path::Path;
    /// use urilint::format::{Format, FormatGlobs};
    ///
    /// let globs = FormatGlobs::new([("*.inc", "html")]).unwrap();
    /// assert_eq!(globs.format_of(Path::new("doc/part.inc")), Some(Format::Html));
    /// assert!(FormatGlobs::new([("*.x", "word")]).is_err());
    /// ```
    pub fn new<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<FormatGlobs, String> {
        let mut builder = GlobSetBuilder::new();
        let mut formats = Vec::new();
        let mut rank = Vec::new();
        for (glob, name) in pairs {
            let format = Format::parse(name).ok_or_else(|| {
                let names: Vec<&str> = Format::ALL.iter().map(|f| f.as_str()).collect();
                format!(
                    "[formats] \"{glob}\": unknown format `{name}` (one of {})",
                    names.join(", ")
                )
            })?;
            let pattern = if glob.contains('/') {
                glob.trim_start_matches("./").to_string()
            } else {
                format!("**/{glob}")
            };
            builder.add(Glob::new(&pattern).map_err(|e| format!("[formats] \"{glob}\": {e}"))?);
            formats.push(format);
            rank.push((glob.contains('/'), glob.len()));
        }
        let set = builder.build().map_err(|e| e.to_string())?;
        Ok(FormatGlobs { set, formats, rank })
    }

    /// The format the most specific matching glob gives `path`: one with a
    /// `/` before one without, then the longest (`"docs/*.txt"` before
    /// `"*.txt"`), whatever order the config lists them in.
    ///
    /// ```
    /// use std::path::Path;
    /// use urilint::format::{Format, FormatGlobs};
    ///
    /// let globs = FormatGlobs::new([("*.txt", "text"), ("docs/*.txt", "rst")]).unwrap();
    /// assert_eq!(globs.format_of(Path::new("docs/a.txt")), Some(Format::Rst));
    /// assert_eq!(globs.format_of(Path::new("b.txt")), Some(Format::Text));
    /// ```
    pub fn format_of(&self, path: &Path) -> Option<Format> {
        if self.formats.is_empty() {
            return None;
        }
        let path = path.strip_prefix(".").unwrap_or(path);
        self.set
            .matches(path)
            .into_iter()
            .max_by_key(|&i| (self.rank[i], std::cmp::Reverse(i)))
            .map(|i| self.formats[i])
    }
}
