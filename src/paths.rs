//! Paths as written, handled lexically: `.` and `..` folded away without
//! touching the file system, and one path shown relative to another.
//! Baselines key findings by such paths; link integrity checks a link
//! where it is written, not where a symbolic link leads.

use std::path::{Component, Path, PathBuf};

/// `path` with its `.` and `..` components folded away, lexically.
///
/// ```
/// use std::path::Path;
/// assert_eq!(urilint::paths::lexical(Path::new("/a/./b/../c")), Path::new("/a/c"));
/// ```
pub fn lexical(path: &Path) -> PathBuf {
    #[cfg(unix)]
    if let Some(p) = lexical_absolute(path) {
        return p;
    }
    if !path
        .components()
        .any(|c| matches!(c, Component::ParentDir | Component::CurDir))
    {
        return path.to_path_buf();
    }
    by_components(path)
}

/// [`lexical`] by `Path::components`, for any path.
fn by_components(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out
}

/// `path` relative to `base` (both absolute and lexical), with `..` where
/// it is not under it; empty when they are the same.
pub(crate) fn relative(path: &Path, base: &Path) -> PathBuf {
    #[cfg(unix)]
    if let Some(r) = relative_absolute(path, base) {
        return r;
    }
    relative_by_components(path, base)
}

/// [`relative`] by `Path::components`, for any paths.
fn relative_by_components(path: &Path, base: &Path) -> PathBuf {
    let p: Vec<Component> = path.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = p.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out: PathBuf = b[common..].iter().map(|_| Component::ParentDir).collect();
    out.extend(&p[common..]);
    out
}

/// [`lexical`] for an absolute path, on its bytes: its names are those
/// between its `/`s, empty ones and `.` left out, as `Path::components`
/// reads them, and a `..` takes the name before it away (none above `/`).
#[cfg(unix)]
fn lexical_absolute(path: &Path) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    if !bytes.starts_with(b"/") {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    for name in bytes.split(|&b| b == b'/') {
        match name {
            b"" | b"." => {}
            b".." => out.truncate(memchr::memrchr(b'/', &out).unwrap_or(0)),
            _ => {
                out.push(b'/');
                out.extend_from_slice(name);
            }
        }
    }
    if out.is_empty() {
        out.push(b'/');
    }
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(&out)))
}

/// [`relative`] for two absolute paths, on their bytes: an absolute
/// path's components are its `/`-separated names, empty ones and `.`
/// left out, which is much cheaper than `Path::components` (link
/// integrity shows each broken link's target so).
#[cfg(unix)]
fn relative_absolute(path: &Path, base: &Path) -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    fn names(p: &Path) -> Option<impl Iterator<Item = &[u8]>> {
        let bytes = p.as_os_str().as_bytes();
        bytes.starts_with(b"/").then(|| {
            bytes
                .split(|&b| b == b'/')
                .filter(|n| !n.is_empty() && *n != b".")
        })
    }
    let (mut p, mut b) = (names(path)?.peekable(), names(base)?.peekable());
    while p.peek().is_some() && p.peek() == b.peek() {
        p.next();
        b.next();
    }
    let mut out = Vec::with_capacity(path.as_os_str().len() + 3 * base.as_os_str().len() / 2);
    for _ in b {
        out.extend_from_slice(b"../");
    }
    for n in p {
        out.extend_from_slice(n);
        out.push(b'/');
    }
    out.pop();
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(&out)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folded_and_relative() {
        assert_eq!(lexical(Path::new("/a/./b/../c")), Path::new("/a/c"));
        assert_eq!(lexical(Path::new("/a/b")), Path::new("/a/b"));
        assert_eq!(
            relative(Path::new("/a/b/c.md"), Path::new("/a")),
            Path::new("b/c.md")
        );
        assert_eq!(
            relative(Path::new("/a/b/c.md"), Path::new("/a/d")),
            Path::new("../b/c.md")
        );
        assert_eq!(relative(Path::new("/a"), Path::new("/a")), Path::new(""));
    }

    /// On absolute paths the byte path folds as `Path::components` does.
    #[test]
    fn lexical_on_bytes_as_on_components() {
        for p in [
            "/",
            "//",
            "/a",
            "/a/",
            "/a//b/./c.md",
            "/a/b/..",
            "/a/b/../..",
            "/a/../../b",
            "/..",
            "/./.",
            "/a/./../b/",
            "/a/b/c/../../d//e/.",
        ] {
            let p = Path::new(p);
            assert_eq!(lexical(p), by_components(p), "{p:?}");
        }
    }

    /// On absolute paths the byte path gives what `Path::components` does.
    #[test]
    fn relative_on_bytes_as_on_components() {
        let paths = [
            "/",
            "/a",
            "/a/",
            "/a/b/c.md",
            "/a//b/./c.md",
            "/a/d",
            "/a/b",
            "/a/b/..",
            "/ab",
            "/a/bc/d",
            "/x/y/z/",
            "/a/b/c.md/.",
        ];
        for p in paths {
            for b in paths {
                let (p, b) = (Path::new(p), Path::new(b));
                assert_eq!(
                    relative(p, b),
                    relative_by_components(p, b),
                    "{p:?} from {b:?}"
                );
            }
        }
    }
}
