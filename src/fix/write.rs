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
/// replaced, the link stays. A file this user may not write is not
/// written, though its folder would let a rename replace it.
///
/// The file is replaced by a rename, so a reader never sees half of it,
/// keeping its permissions and owner. A file with several hard links, or
/// whose owner a new file could not be given, is written in place
/// instead, so that it stays the file it was.
pub fn write_back(path: &Path, read: &[u8], fixed: &[u8]) -> Result<(), WriteError> {
    let target = std::fs::canonicalize(path)?;
    let meta = std::fs::metadata(&target)?;
    // May this user write it? Opening it to write says, and changes
    // nothing.
    let file = std::fs::OpenOptions::new().write(true).open(&target)?;
    let dir = target.parent().unwrap_or(Path::new("."));
    let mut tmp = tempfile::Builder::new()
        .prefix(".urilint-fix-")
        .tempfile_in(dir)?;
    #[cfg(unix)]
    let same = {
        use std::os::unix::fs::MetadataExt;
        // The owner first: a change of owner clears set-user-id bits that
        // the mode then sets again. Only root, or an owner giving one of
        // their own groups, may set it.
        meta.nlink() == 1
            && std::os::unix::fs::chown(tmp.path(), Some(meta.uid()), Some(meta.gid())).is_ok()
    };
    #[cfg(not(unix))]
    let same = true;
    if !same {
        drop(tmp);
        return write_in_place(file, &target, read, fixed);
    }
    tmp.write_all(fixed)?;
    tmp.flush()?;
    // On disk before the rename, so a crash leaves the old file or the new.
    tmp.as_file().sync_all()?;
    std::fs::set_permissions(tmp.path(), meta.permissions())?;
    // As late as can be: what is there now must be what was fixed.
    if std::fs::read(&target)? != read {
        return Err(WriteError::Changed);
    }
    tmp.persist(&target).map_err(|e| WriteError::Io(e.error))?;
    Ok(())
}

/// Writes `fixed` into the file itself, for a file a rename would change
/// (another name links it, or its owner would be lost).
fn write_in_place(
    mut file: std::fs::File,
    target: &Path,
    read: &[u8],
    fixed: &[u8],
) -> Result<(), WriteError> {
    if std::fs::read(target)? != read {
        return Err(WriteError::Changed);
    }
    file.set_len(0)?;
    file.write_all(fixed)?;
    file.flush()?;
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

    #[cfg(unix)]
    #[test]
    fn a_file_with_two_names_stays_one_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, b"old").unwrap();
        std::fs::hard_link(&path, dir.path().join("b.txt")).unwrap();
        write_back(&path, b"old", b"new").unwrap();
        assert_eq!(std::fs::read(dir.path().join("b.txt")).unwrap(), b"new");
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
