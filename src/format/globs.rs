//! `[formats]` in config: globs that say how matching files are read.

use std::path::Path;

use super::Format;
use crate::pathglobs::PathGlobs;

/// Globs and the format each gives, read as `exclude` reads its globs
/// ([`PathGlobs`]).
#[derive(Clone, Debug, Default)]
pub struct FormatGlobs(PathGlobs<(Format, Rank)>);

/// How specific a glob is: one with a `/` first, then the longest.
type Rank = (bool, usize);

impl FormatGlobs {
    /// Compiles `(glob, format name)` pairs read from the config file in
    /// `base`. A glob without `/` matches a file name anywhere; one with `/`
    /// a path from `base`.
    ///
    /// ```
    /// use std::path::Path;
    /// use urilint::format::{Format, FormatGlobs};
    ///
    /// let globs = FormatGlobs::new(Path::new("."), [("*.inc", "html")]).unwrap();
    /// assert_eq!(globs.format_of(Path::new("doc/part.inc")), Some(Format::Html));
    /// assert!(FormatGlobs::new(Path::new("."), [("*.x", "word")]).is_err());
    /// ```
    pub fn new<'a>(
        base: &Path,
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<FormatGlobs, String> {
        let mut entries = Vec::new();
        for (glob, name) in pairs {
            let format = Format::parse(name).ok_or_else(|| {
                let names: Vec<&str> = Format::ALL.iter().map(|f| f.as_str()).collect();
                format!(
                    "[formats] \"{glob}\": unknown format `{name}` (one of {})",
                    names.join(", ")
                )
            })?;
            entries.push((glob, (format, (glob.contains('/'), glob.len()))));
        }
        let mut globs = PathGlobs::default();
        globs
            .add_all(base, entries)
            .map_err(|e| format!("[formats] {e}"))?;
        Ok(FormatGlobs(globs))
    }

    /// The format the most specific matching glob gives `path`: one with a
    /// `/` before one without, then the longest (`"docs/*.txt"` before
    /// `"*.txt"`), whatever order the config lists them in.
    ///
    /// ```
    /// use std::path::Path;
    /// use urilint::format::{Format, FormatGlobs};
    ///
    /// let globs = FormatGlobs::new(Path::new("."), [("*.txt", "text"), ("docs/*.txt", "rst")]).unwrap();
    /// assert_eq!(globs.format_of(Path::new("docs/a.txt")), Some(Format::Rst));
    /// assert_eq!(globs.format_of(Path::new("b.txt")), Some(Format::Text));
    /// ```
    pub fn format_of(&self, path: &Path) -> Option<Format> {
        if self.0.is_empty() {
            return None;
        }
        // `max_by_key` keeps the last of equals: reversed, the first.
        self.0
            .matches(path)
            .into_iter()
            .rev()
            .max_by_key(|(_, rank)| *rank)
            .map(|(format, _)| *format)
    }

    /// How a file is read (SPEC section 9), in the one order every input
    /// and every link target follows: `forced` (`--input`), else the
    /// first `[formats]` glob that matches `path`, else what its name and
    /// first bytes (`head`) say ([`Format::detect`]).
    ///
    /// ```
    /// use std::path::Path;
    /// use urilint::format::{Format, FormatGlobs};
    ///
    /// let globs = FormatGlobs::new(Path::new("."), [("*.inc", "html")]).unwrap();
    /// let inc = Some(Path::new("a.inc"));
    /// assert_eq!(globs.choose(None, inc, b"x"), Format::Html);
    /// assert_eq!(globs.choose(Some(Format::Text), inc, b"x"), Format::Text);
    /// assert_eq!(globs.choose(None, Some(Path::new("b.md")), b"# T"), Format::Markdown);
    /// ```
    pub fn choose(&self, forced: Option<Format>, path: Option<&Path>, head: &[u8]) -> Format {
        forced
            .or_else(|| path.and_then(|p| self.format_of(p)))
            .unwrap_or_else(|| Format::detect(head, path))
    }
}
