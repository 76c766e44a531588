//! The inputs a list of command-line paths names (SPEC section 5).
//!
//! Directories are walked in file-name order, so output is the same on every
//! run. Version-control folders (`.git`, `.hg`, `.svn`, ...) are never
//! entered, symbolic links inside a tree are not followed, and files that
//! look binary (a NUL byte in the first block) are skipped. A path that
//! cannot be read is an [`Error`] naming it; the walk goes on.
//!
//! ```
//! use std::path::PathBuf;
//! use urilint::walk::{Input, inputs};
//!
//! let dir = std::env::temp_dir().join(format!("urilint-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join(".git")).unwrap();
//! std::fs::write(dir.join("b.txt"), "b").unwrap();
//! std::fs::write(dir.join("a.txt"), "a").unwrap();
//! std::fs::write(dir.join(".git/config"), "x").unwrap();
//! let names: Vec<PathBuf> = inputs(&[dir.clone()])
//!     .map(|i| match i.unwrap() { Input::File { path, .. } => path, Input::Stdin => unreachable!() })
//!     .collect();
//! assert_eq!(names, [dir.join("a.txt"), dir.join("b.txt")]);
//! # std::fs::remove_dir_all(dir).unwrap();
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

/// Folders of version-control systems, never entered.
pub const VCS_DIRS: &[&str] = &[".git", ".hg", ".svn", ".bzr", "_darcs", "CVS"];

/// How much of a file is looked at to tell whether it is binary.
pub const BINARY_SNIFF_LEN: usize = 8 * 1024;

/// One input to scan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// Standard input, named by `-`.
    Stdin,
    /// A file.
    File {
        /// Its path, as given or as found under a given directory.
        path: PathBuf,
        /// Named on the command line rather than found in a walk: scanned
        /// even if it looks binary.
        explicit: bool,
    },
}

impl Input {
    /// The name to print: the path, or `-` for standard input.
    pub fn display_name(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::File { path, .. } => path.display().to_string(),
        }
    }

    /// Opens the input for reading. `Ok(None)` means a file found in a walk
    /// that looks binary, skipped on purpose.
    pub fn open(&self) -> Result<Option<Box<dyn Read + Send>>, Error> {
        let (path, explicit) = match self {
            Input::Stdin => return Ok(Some(Box::new(io::stdin()))),
            Input::File { path, explicit } => (path, *explicit),
        };
        let err = |e| Error::new(path, e);
        let mut file = File::open(path).map_err(err)?;
        if file.metadata().map_err(err)?.is_dir() {
            return Err(Error::new(path, io::Error::other("is a directory")));
        }
        let mut head = Vec::with_capacity(BINARY_SNIFF_LEN);
        (&mut file)
            .take(BINARY_SNIFF_LEN as u64)
            .read_to_end(&mut head)
            .map_err(err)?;
        if !explicit && memchr::memchr(0, &head).is_some() {
            return Ok(None);
        }
        Ok(Some(Box::new(io::Cursor::new(head).chain(file))))
    }
}

/// A path that could not be read.
#[derive(Debug)]
pub struct Error {
    path: PathBuf,
    source: io::Error,
}

impl Error {
    fn new(path: &Path, source: io::Error) -> Error {
        Error {
            path: path.to_path_buf(),
            source,
        }
    }

    /// The path that failed.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The underlying I/O error.
    pub fn io_error(&self) -> &io::Error {
        &self.source
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.source)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.source)
    }
}

impl From<walkdir::Error> for Error {
    fn from(e: walkdir::Error) -> Error {
        let path = e.path().map(Path::to_path_buf).unwrap_or_default();
        let source = match e.into_io_error() {
            Some(io) => io,
            None => io::Error::other("file system loop"),
        };
        Error { path, source }
    }
}

/// The inputs `paths` name, in order: `-` is standard input, a directory is
/// walked, anything else is a file. Errors come in place of what could not be
/// read, so one bad path never hides the others.
pub fn inputs(paths: &[PathBuf]) -> impl Iterator<Item = Result<Input, Error>> + '_ {
    paths
        .iter()
        .flat_map(|p| -> Box<dyn Iterator<Item = Result<Input, Error>>> {
            if p.as_os_str() == "-" {
                return Box::new(std::iter::once(Ok(Input::Stdin)));
            }
            match std::fs::metadata(p) {
                Err(e) => Box::new(std::iter::once(Err(Error::new(p, e)))),
                Ok(m) if m.is_dir() => Box::new(walk_dir(p)),
                Ok(_) => Box::new(std::iter::once(Ok(Input::File {
                    path: p.clone(),
                    explicit: true,
                }))),
            }
        })
}

fn walk_dir(root: &Path) -> impl Iterator<Item = Result<Input, Error>> {
    WalkDir::new(root)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !(e.file_type().is_dir() && e.depth() > 0 && is_vcs_dir(e.file_name())))
        .filter_map(|entry| match entry {
            Err(e) => Some(Err(Error::from(e))),
            Ok(e) if e.file_type().is_file() => Some(Ok(Input::File {
                path: e.into_path(),
                explicit: false,
            })),
            Ok(_) => None, // directories, and symbolic links, which are not followed
        })
}

fn is_vcs_dir(name: &std::ffi::OsStr) -> bool {
    VCS_DIRS.iter().any(|v| name == *v)
}
