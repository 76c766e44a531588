//! Writing a fixed file back (SPEC section 12): atomically, through a
//! temporary file in the same folder renamed over the original, keeping its
//! permissions, and never over a file that changed since it was read.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

/// Why a fixed file was not written.
#[derive(Debug)]
pub enum WriteError {
    /// The file on disk is no longer what was read and fixed: someone
    /// changed it meanwhile, and writing would lose their change.
    Changed,
    /// Reading, writing or renaming failed.
    Io(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Changed => f.write_str("changed on disk since it was read; not fixed"),
            WriteError::Io(e) => write!(f, "not fixed: {e}"),
        }
    }
}

impl std::error::Error for WriteError {}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> Self {
        WriteError::Io(e)
    }
}

/// Writes `fixed` over the file at `path`, which held `read` when it was
/// read. A symbolic link is written through: the file it names is
/// replaced, the link stays.
pub fn write_back(path: &Path, read: &[u8], fixed: &[u8]) -> Result<(), WriteError> {
    let target = std::fs::canonicalize(path)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let meta = std::fs::metadata(&target)?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".urilint-fix-")
        .tempfile_in(dir)?;
    tmp.write_all(fixed)?;
    tmp.flush()?;
    std::fs::set_permissions(tmp.path(), meta.permissions())?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // The owner stays when we may set it (root), else the writer owns
        // the new file, as with any editor's save.
        let _ = std::os::unix::fs::chown(tmp.path(), Some(meta.uid()), Some(meta.gid()));
    }
    // As late as can be: what is there now must be what was fixed.
    if std::fs::read(&target)? != read {
        return Err(WriteError::Changed);
    }
    tmp.persist(&target).map_err(|e| WriteError::Io(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_and_keeps_its_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, b"old").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        }
        write_back(&path, b"old", b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o640);
        }
        // Only the file itself is left in the folder.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_file_changed_since_it_was_read_is_not_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, b"edited meanwhile").unwrap();
        let e = write_back(&path, b"old", b"new").unwrap_err();
        assert!(matches!(e, WriteError::Changed));
        assert_eq!(std::fs::read(&path).unwrap(), b"edited meanwhile");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
