//! Files urilint reads for itself, not because a user named them: a
//! config or baseline, a page a link leads to, a site's settings, a file
//! the editor's server hears of. Only a regular file is read, and only up
//! to a cap, and no call waits: a symbolic link to `/dev/zero` or to a
//! FIFO (git stores symbolic links, so a pull brings one in) is an error
//! at once, never a read that does not end (issue 49).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Opens the regular file at `path` for reading, without waiting: a FIFO
/// is opened non-blocking (opening one for reading waits for a writer),
/// then refused with any other file that is not regular, as seen through
/// the descriptor itself (no window between a check and the open). The
/// descriptor stays non-blocking, so a file that says it is regular and
/// yet has nothing to give (`/proc/kmsg`) fails its read instead of
/// waiting.
pub(crate) fn open(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        use std::os::unix::fs::FileTypeExt;
        let what = match () {
            _ if kind.is_dir() => "a folder",
            _ if kind.is_fifo() => "a FIFO",
            _ if kind.is_socket() => "a socket",
            _ if kind.is_char_device() || kind.is_block_device() => "a device",
            _ => "a special file",
        };
        return Err(io::Error::other(format!(
            "{what}, not a regular file; not read"
        )));
    }
    Ok(file)
}

/// The bytes of the regular file at `path` ([`open`]), when it holds at
/// most `cap`; larger is an error that says so, read no further than
/// `cap` bytes and one.
pub(crate) fn read(path: &Path, cap: u64) -> io::Result<Vec<u8>> {
    let file = open(path)?;
    let len = file.metadata()?.len();
    let too_large = || {
        io::Error::other(match cap >> 20 {
            0 => format!("larger than {cap} bytes; not read"),
            mib => format!("larger than {mib} MiB; not read"),
        })
    };
    if len > cap {
        return Err(too_large());
    }
    // Room for what it says it holds, and the read that finds its end.
    let mut bytes = Vec::with_capacity(len as usize + 1);
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(too_large());
    }
    Ok(bytes)
}

/// [`read`], as UTF-8 text.
pub(crate) fn read_string(path: &Path, cap: u64) -> io::Result<String> {
    String::from_utf8(read(path, cap)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn refuses_devices_and_fifos_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("fifo.md");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()));
        let zero = dir.path().join("zero.md");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        let start = Instant::now();
        for p in [&fifo, &zero, &dir.path().to_path_buf()] {
            let e = read(p, 1 << 20).unwrap_err();
            assert!(e.to_string().contains("not a regular file"), "{p:?}: {e}");
        }
        assert!(start.elapsed() < Duration::from_secs(1));
    }

    #[test]
    fn reads_a_regular_file_up_to_its_cap() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.md");
        std::fs::write(&p, "0123456789").unwrap();
        assert_eq!(read(&p, 10).unwrap(), b"0123456789");
        let e = read(&p, 9).unwrap_err();
        assert_eq!(e.to_string(), "larger than 9 bytes; not read");
        std::fs::write(&p, b"\xff").unwrap();
        assert_eq!(read_string(&p, 9).unwrap_err().to_string(), "not UTF-8");
    }
}
