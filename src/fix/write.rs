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
    /// Not a regular file (a named pipe, a device): only regular files are
    /// fixed, and opening a pipe to write would wait for a reader.
    NotRegular,
    /// A signal came before the write began: nothing was written.
    Interrupted,
    /// Written in place, but the file moved while it was being written
    /// (another writer's bytes, a different length): what it holds now
    /// must be looked at.
    Raced,
    /// Another process holds an advisory lock on it (another `--fix`).
    Locked,
    /// Reading, writing or renaming failed.
    Io(io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Changed => f.write_str("changed on disk since it was read; not fixed"),
            WriteError::NotRegular => f.write_str("not a regular file; not fixed"),
            WriteError::Interrupted => f.write_str("interrupted; not fixed"),
            WriteError::Raced => f.write_str(
                "changed on disk while the fix was being written in place; check what it holds now",
            ),
            WriteError::Locked => f.write_str("locked by another process; not fixed"),
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
/// written, though its folder would let a rename replace it; nor is one
/// that is not a regular file.
///
/// The file is replaced by a rename, so a reader never sees half of it,
/// keeping its permissions and owner. On Linux the rename is an exchange
/// (`renameat2(RENAME_EXCHANGE)`), and what it took out is compared with
/// what was read: a change saved in the moment before the rename is put
/// back, and reported as [`WriteError::Changed`]. A file with several hard
/// links, or whose owner a new file could not be given, is written in
/// place instead, so that it stays the file it was: never emptied first,
/// and only once its new bytes are known to fit on the disk. A signal
/// during the write waits for it to end ([`super::signals`]).
pub fn write_back(path: &Path, read: &[u8], fixed: &[u8]) -> Result<(), WriteError> {
    let target = std::fs::canonicalize(path)?;
    // Opened once, without waiting (a FIFO swapped in for the file would
    // make a plain open wait for a writer or a reader), and every check
    // after is made through this descriptor: the path is not opened to
    // read again, so no read can block (issue 49).
    let file = open_checked(&target)?;
    let meta = file.metadata()?;
    // Held to the end: the temporary file is gone or renamed by then.
    let _writing = super::signals::Writing::start().ok_or(WriteError::Interrupted)?;
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
    tmp.write_all(fixed)?;
    tmp.flush()?;
    // On disk before the rename, so a crash leaves the old file or the new
    // (and, for a file written in place, proof the new bytes fit).
    tmp.as_file().sync_all()?;
    // Its extended attributes once its bytes are written: a write clears
    // `security.capability`.
    #[cfg(unix)]
    let same = same && copy_xattrs(&target, tmp.path());
    if !same {
        drop(tmp);
        return write_in_place(&file, &target, read, fixed);
    }
    std::fs::set_permissions(tmp.path(), meta.permissions())?;
    // As late as can be: what is there now must be what was fixed, and
    // still the file that was opened.
    if !holds(&file, read)? || !still_at(&file, &target)? {
        return Err(WriteError::Changed);
    }
    #[cfg(target_os = "linux")]
    if let Some(done) = exchange(&tmp, &target, read) {
        return done;
    }
    tmp.persist(&target).map_err(|e| WriteError::Io(e.error))?;
    Ok(())
}

/// Opens the file at `target` to read and write, without waiting: a file
/// this user may not write is an error here, and one that is not regular
/// (a FIFO, a device) is [`WriteError::NotRegular`], told by the
/// descriptor itself.
fn open_checked(target: &Path) -> Result<std::fs::File, WriteError> {
    #[cfg(unix)]
    let file = {
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
            .open(target)
    };
    #[cfg(not(unix))]
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(target);
    let file = match file {
        Ok(f) => f,
        // A FIFO with no reader refuses a non-blocking open to write.
        #[cfg(unix)]
        Err(e) if e.raw_os_error() == Some(libc::ENXIO) => return Err(WriteError::NotRegular),
        Err(e) => return Err(e.into()),
    };
    if !file.metadata()?.is_file() {
        return Err(WriteError::NotRegular);
    }
    Ok(file)
}

/// Whether the open `file` holds exactly `read`: its length, then its
/// bytes, read through the descriptor from the start.
fn holds(file: &std::fs::File, read: &[u8]) -> io::Result<bool> {
    if file.metadata()?.len() != read.len() as u64 {
        return Ok(false);
    }
    let mut now = vec![0; read.len()];
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        match file.read_exact_at(&mut now, 0) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(false),
            Err(e) => return Err(e),
        }
    }
    #[cfg(not(unix))]
    {
        use std::io::{Read, Seek};
        let mut f = file;
        f.seek(io::SeekFrom::Start(0))?;
        f.read_exact(&mut now)?;
    }
    Ok(now == read)
}

/// Whether the path `target` still names the open `file` (an editor
/// saves by renaming a new file over the old one).
fn still_at(file: &std::fs::File, target: &Path) -> io::Result<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let (open, named) = (file.metadata()?, std::fs::metadata(target)?);
        Ok(open.dev() == named.dev() && open.ino() == named.ino())
    }
    #[cfg(not(unix))]
    {
        let _ = (file, target);
        Ok(true)
    }
}

/// Takes an advisory lock on `file` for as long as it is held, so that
/// two runs of `--fix` (or any tool that takes one) never write it at
/// once: tried for a moment, never waited on (a signal would then wait
/// with it).
#[cfg(unix)]
struct Lock<'f>(&'f std::fs::File);

#[cfg(unix)]
impl<'f> Lock<'f> {
    fn take(file: &'f std::fs::File) -> Result<Lock<'f>, WriteError> {
        use std::os::unix::io::AsRawFd;
        for _ in 0..50 {
            // SAFETY: a valid descriptor.
            if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } == 0 {
                return Ok(Lock(file));
            }
            let e = io::Error::last_os_error();
            if e.raw_os_error() != Some(libc::EWOULDBLOCK) {
                // A file system without locks: there is none to take.
                return match e.raw_os_error() {
                    Some(libc::ENOLCK | libc::EOPNOTSUPP | libc::EINVAL) => Ok(Lock(file)),
                    _ => Err(e.into()),
                };
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        Err(WriteError::Locked)
    }
}

#[cfg(unix)]
impl Drop for Lock<'_> {
    fn drop(&mut self) {
        use std::os::unix::io::AsRawFd;
        // SAFETY: a valid descriptor.
        unsafe { libc::flock(self.0.as_raw_fd(), libc::LOCK_UN) };
    }
}

/// What `fstat` says of a file that a write by someone else changes.
#[cfg(unix)]
fn stamp(file: &std::fs::File) -> io::Result<(u64, i64, i64, i64, i64)> {
    use std::os::unix::fs::MetadataExt;
    let m = file.metadata()?;
    Ok((
        m.len(),
        m.mtime(),
        m.mtime_nsec(),
        m.ctime(),
        m.ctime_nsec(),
    ))
}

/// Gives `to` the extended attributes of `from` (ACLs, SELinux labels,
/// `user.*` ones), so the new file is the old one but for its bytes
/// (issue 31, F5); `false` when one could not be read or set (a label
/// this user may not set), and the file is then written in place, where
/// it keeps them all. A file system without them has none to copy.
#[cfg(target_os = "linux")]
fn copy_xattrs(from: &Path, to: &Path) -> bool {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let (Ok(from), Ok(to)) = (
        CString::new(from.as_os_str().as_bytes()),
        CString::new(to.as_os_str().as_bytes()),
    ) else {
        return false;
    };
    // SAFETY: each call gets NUL-terminated paths and names, and a buffer
    // with its true length (or none, to ask the length).
    let list = |buf: &mut [u8]| unsafe {
        libc::listxattr(from.as_ptr(), buf.as_mut_ptr().cast(), buf.len())
    };
    let len = list(&mut []);
    if len < 0 {
        return std::io::Error::last_os_error().raw_os_error() == Some(libc::ENOTSUP);
    }
    let mut names = vec![0u8; len as usize];
    let len = list(&mut names);
    if len < 0 {
        return false;
    }
    names.truncate(len as usize);
    for name in names.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let Ok(name) = CString::new(name) else {
            return false;
        };
        let get = |buf: &mut [u8]| unsafe {
            libc::getxattr(
                from.as_ptr(),
                name.as_ptr(),
                buf.as_mut_ptr().cast(),
                buf.len(),
            )
        };
        let len = get(&mut []);
        if len < 0 {
            return false;
        }
        let mut value = vec![0u8; len as usize];
        let len = get(&mut value);
        // A value that grew between the two calls is not read half.
        if len < 0 || len as usize > value.len() {
            return false;
        }
        let set = unsafe {
            libc::setxattr(
                to.as_ptr(),
                name.as_ptr(),
                value.as_ptr().cast(),
                len as usize,
                0,
            )
        };
        if set != 0 {
            return false;
        }
    }
    true
}

/// Elsewhere there is no call to copy them with: a file is written as it
/// was before.
#[cfg(all(unix, not(target_os = "linux")))]
fn copy_xattrs(_from: &Path, _to: &Path) -> bool {
    true
}

/// Swaps the fixed file in with `renameat2(RENAME_EXCHANGE)`, then checks
/// what came out: what was read, or a change saved since, which is swapped
/// back. `None` where the file system cannot exchange (a plain rename is
/// then the best there is).
#[cfg(target_os = "linux")]
fn exchange(
    tmp: &tempfile::NamedTempFile,
    target: &Path,
    read: &[u8],
) -> Option<Result<(), WriteError>> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let (a, b) = (
        CString::new(tmp.path().as_os_str().as_bytes()).ok()?,
        CString::new(target.as_os_str().as_bytes()).ok()?,
    );
    let swap = || {
        // SAFETY: two NUL-terminated paths; renameat2 reads only them.
        let r = unsafe {
            libc::renameat2(
                libc::AT_FDCWD,
                a.as_ptr(),
                libc::AT_FDCWD,
                b.as_ptr(),
                libc::RENAME_EXCHANGE,
            )
        };
        if r == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    };
    match swap() {
        Ok(()) => {}
        Err(e)
            if matches!(
                e.raw_os_error(),
                Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP)
            ) =>
        {
            return None;
        }
        Err(e) => return Some(Err(e.into())),
    }
    // The temporary name now holds the file that was there: the one read,
    // unless a change was saved in between (in place, or by an editor's
    // own rename). The temporary file is removed when `tmp` drops, under
    // whichever name holds our text.
    // Read without waiting: a FIFO swapped in for the file is refused.
    let why = match crate::regular::read(tmp.path(), read.len() as u64) {
        Ok(old) if old == read => return Some(Ok(())),
        Ok(_) => WriteError::Changed,
        Err(e) if e.kind() == io::ErrorKind::NotFound => e.into(),
        // Larger than what was read, or not a regular file.
        Err(_) => WriteError::Changed,
    };
    Some(match swap() {
        Ok(()) => Err(why),
        // The other text cannot be put back: it is kept, under a name of
        // its own, not removed with the temporary file.
        Err(e) => {
            let mut kept = target.as_os_str().to_owned();
            kept.push(".urilint-kept");
            let kept = std::path::PathBuf::from(kept);
            let _ = std::fs::rename(tmp.path(), &kept);
            Err(WriteError::Io(io::Error::other(format!(
                "changed on disk while being fixed, and could not be put back ({e}); that text is kept in {}",
                kept.display()
            ))))
        }
    })
}

/// Writes `fixed` into the file itself, for a file a rename would change
/// (another name links it, or its owner would be lost). The new bytes
/// were just written to disk beside it, so they fit; on Linux the blocks
/// a longer text needs are reserved first. Then they are written over the
/// old ones, never after emptying the file, and the file is cut to length.
///
/// POSIX has no compare-and-write, so the window in which a change saved
/// by another program is lost is made as small as it can be (issue 49):
/// under an advisory lock ([`Lock`]), the file's length, times and bytes
/// are compared through the open descriptor, then at once written; its
/// `fstat` and bytes are read again after, and anything moved is
/// [`WriteError::Raced`]. What remains is the time between the last
/// comparison and the write, a few microseconds, against a writer that
/// takes no lock.
fn write_in_place(
    file: &std::fs::File,
    target: &Path,
    read: &[u8],
    fixed: &[u8],
) -> Result<(), WriteError> {
    #[cfg(target_os = "linux")]
    if fixed.len() > read.len() {
        use std::os::unix::io::AsRawFd;
        // SAFETY: a valid descriptor; fallocate changes no byte of it.
        let r = unsafe {
            libc::fallocate(
                file.as_raw_fd(),
                libc::FALLOC_FL_KEEP_SIZE,
                0,
                fixed.len() as libc::off_t,
            )
        };
        let e = io::Error::last_os_error();
        // Only a file system that cannot reserve goes on without it.
        if r != 0 && !matches!(e.raw_os_error(), Some(libc::EOPNOTSUPP | libc::ENOSYS)) {
            return Err(e.into());
        }
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        let _lock = Lock::take(file)?;
        // Length and times, then bytes, then length and times again: a
        // write during the comparison is seen.
        let before = stamp(file)?;
        if !holds(file, read)? || stamp(file)? != before || !still_at(file, target)? {
            return Err(WriteError::Changed);
        }
        if let Err(e) = file.write_all_at(fixed, 0) {
            // Half written: the old text, still in memory, goes back.
            let _ = file
                .write_all_at(read, 0)
                .and_then(|()| file.set_len(read.len() as u64));
            return Err(e.into());
        }
        if fixed.len() < read.len() {
            file.set_len(fixed.len() as u64)?;
        }
        file.sync_all()?;
        if !holds(file, fixed)? {
            return Err(WriteError::Raced);
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        let _ = target;
        if !holds(file, read)? {
            return Err(WriteError::Changed);
        }
        let mut file = file;
        file.write_all(fixed)?;
        if fixed.len() < read.len() {
            file.set_len(fixed.len() as u64)?;
        }
        file.sync_all()?;
        Ok(())
    }
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
    fn extended_attributes_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, "HTTP://x.example/\n").unwrap();
        let c = |s: &str| std::ffi::CString::new(s).unwrap();
        let (p, name) = (c(path.to_str().unwrap()), c("user.urilint-test"));
        // SAFETY: NUL-terminated path and name, a value with its length.
        let set =
            unsafe { libc::setxattr(p.as_ptr(), name.as_ptr(), b"kept".as_ptr().cast(), 4, 0) };
        // A file system that takes no user attributes has none to lose.
        if set != 0 {
            return;
        }
        write_back(&path, b"HTTP://x.example/\n", b"http://x.example/\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"http://x.example/\n");
        let mut value = [0u8; 16];
        // SAFETY: as above, a buffer with its length.
        let len = unsafe {
            libc::getxattr(
                p.as_ptr(),
                name.as_ptr(),
                value.as_mut_ptr().cast(),
                value.len(),
            )
        };
        assert_eq!(len, 4, "the attribute is gone");
        assert_eq!(&value[..4], b"kept");
    }

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

    #[cfg(unix)]
    #[test]
    fn a_file_with_two_names_is_written_in_place_longer_or_shorter() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        let other = dir.path().join("b.txt");
        std::fs::write(&path, b"see HTTP://X.IO/ now\n").unwrap();
        std::fs::hard_link(&path, &other).unwrap();
        write_back(
            &path,
            b"see HTTP://X.IO/ now\n",
            b"see http://x.io/ now, and more text\n",
        )
        .unwrap();
        assert_eq!(
            std::fs::read(&other).unwrap(),
            b"see http://x.io/ now, and more text\n"
        );
        write_back(&other, b"see http://x.io/ now, and more text\n", b"short\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"short\n");
        // No temporary file is left beside them.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_not_opened_to_write() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("fifo");
        let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        // Opening it to write would wait for a reader forever.
        let e = write_back(&path, b"old", b"new").unwrap_err();
        assert!(matches!(e, WriteError::NotRegular), "{e}");
        assert_eq!(e.to_string(), "not a regular file; not fixed");
    }

    /// A change saved between the last comparison and the rename is
    /// swapped back in, and reported.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_change_saved_just_before_the_exchange_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        std::fs::write(&path, b"edited meanwhile").unwrap();
        let mut tmp = tempfile::Builder::new()
            .prefix(".urilint-fix-")
            .tempfile_in(dir.path())
            .unwrap();
        tmp.write_all(b"new").unwrap();
        let done = exchange(&tmp, &path, b"old").expect("tmpfs and ext4 exchange");
        assert!(matches!(done, Err(WriteError::Changed)));
        assert_eq!(std::fs::read(&path).unwrap(), b"edited meanwhile");
        drop(tmp);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        // And with nothing changed, the exchange is the fix.
        let mut tmp = tempfile::Builder::new().tempfile_in(dir.path()).unwrap();
        tmp.write_all(b"new").unwrap();
        assert!(matches!(
            exchange(&tmp, &path, b"edited meanwhile"),
            Some(Ok(()))
        ));
        drop(tmp);
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
