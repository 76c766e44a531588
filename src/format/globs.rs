//! `[formats]` in config: globs that say how matching files are read.

use std::path::Path;

use globset::{Glob, GlobSet, GlobSetBuilder};

use super::Format;

/// Globs and the format each gives.
#[derive(Clone, Debug, Default)]
pub struct FormatGlobs {
    set: GlobSet,
    formats: Vec<Format>,
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
        }
        let set = builder.build().map_err(|e| e.to_string())?;
        Ok(FormatGlobs { set, formats })
    }

    /// The format the first matching glob gives `path`.
    pub fn format_of(&self, path: &Path) -> Option<Format> {
        if self.formats.is_empty() {
            return None;
        }
        let path = path.strip_prefix(".").unwrap_or(path);
        self.set
            .matches(path)
            .into_iter()
            .min()
            .map(|i| self.formats[i])
    }
}
