//! Which files hold anchors urilint reads (SPEC section 9), told by name
//! or format, and which documents' links resolve elsewhere than in their
//! folder (SPEC section 11).

use std::path::Path;

use super::Targets;
use crate::format::Format;

/// Whether a file's name says a format whose anchors urilint reads,
/// without making a lower-case copy of it.
pub(super) fn is_markup_name(path: &Path) -> bool {
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
pub(super) const MARKUP_EXTENSIONS: &[&str] = &[
    "html", "htm", "xhtml", "svg", "md", "markdown", "mdx", "qmd", "rmd", "rst", "rest", "adoc",
    "asciidoc",
];

/// Whether a document's links resolve elsewhere than in its folder: an
/// AsciiDoc part, an HTML `<base href>`.
pub(super) fn elsewhere(format: Format, t: &Targets) -> bool {
    (format == Format::Asciidoc && t.part) || t.base
}

/// Whether a file may be AsciiDoc: its name says so, or it has no
/// extension (git's `Documentation/` keeps AsciiDoc so, SPEC section 9).
pub(super) fn may_be_asciidoc(path: &Path) -> bool {
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
pub(super) fn is_markup(f: Format) -> bool {
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
