//! Paths as written, handled lexically: `.` and `..` folded away without
//! touching the file system, and one path shown relative to another.
//! Baselines key findings by such paths; link integrity checks a link
//! where it is written, not where a symbolic link leads.

use std::path::{Component, Path, PathBuf};

/// `path` with its `.` and `..` components folded away, lexically.
pub(crate) fn lexical(path: &Path) -> PathBuf {
    if !path
        .components()
        .any(|c| matches!(c, Component::ParentDir | Component::CurDir))
    {
        return path.to_path_buf();
    }
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
    let p: Vec<Component> = path.components().collect();
    let b: Vec<Component> = base.components().collect();
    let common = p.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut out: PathBuf = b[common..].iter().map(|_| Component::ParentDir).collect();
    out.extend(&p[common..]);
    out
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
}
