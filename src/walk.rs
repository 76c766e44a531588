//! The inputs a list of command-line paths names (SPEC section 5).
//!
//! Directories are walked with walkdir. Version-control folders (`.git`,
//! `.hg`, `.svn` ...) are never entered; `.gitignore` and `.ignore` files
//! inside the tree are honoured (with the `ignore` crate's matcher) unless
//! turned off; `--exclude` globs prune the walk; symbolic links are not
//! followed unless asked, and then loops are errors. Files that look binary
//! (a NUL byte in the first block) are skipped when found in a walk. The
//! inputs come back sorted by path and without duplicates, so output does
//! not depend on the order of the arguments or of the file system. A path
//! that cannot be read is an [`Error`] naming it; the walk goes on.
//!
//! ```
//! use std::path::PathBuf;
//! use urilint::walk::{WalkOptions, inputs};
//!
//! let dir = std::env::temp_dir().join(format!("urilint-doc-{}", std::process::id()));
//! std::fs::create_dir_all(dir.join(".git")).unwrap();
//! std::fs::write(dir.join("b.txt"), "b").unwrap();
//! std::fs::write(dir.join("a.txt"), "a").unwrap();
//! std::fs::write(dir.join("skip.log"), "x").unwrap();
//! std::fs::write(dir.join(".gitignore"), "*.log\n").unwrap();
//! std::fs::write(dir.join(".git/config"), "x").unwrap();
//! let names: Vec<PathBuf> = inputs(&[dir.clone()], &WalkOptions::default())
//!     .into_iter()
//!     .map(|i| i.unwrap().path().unwrap().to_path_buf())
//!     .collect();
//! assert_eq!(names, [dir.join(".gitignore"), dir.join("a.txt"), dir.join("b.txt")]);
//! # std::fs::remove_dir_all(dir).unwrap();
//! ```

use std::cell::RefCell;
use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use crate::pathglobs::{PathGlobs, absolute};
use ignore::Match;
use ignore::gitignore::{Gitignore, GitignoreBuilder};
use walkdir::WalkDir;

/// Folders of version-control systems, never entered.
pub const VCS_DIRS: &[&str] = &[".git", ".hg", ".svn", ".bzr", "_darcs", "CVS"];

/// Folders of what a project commits from elsewhere, or builds, left out
/// of a walk by default (SPEC section 11b), as ruff leaves them out:
/// virtual environments, installed packages, caches and build output.
/// `--no-default-excludes` walks them. Their files still count as link
/// targets: a link into `build/` is not broken for being left out.
pub const DEFAULT_EXCLUDES: &[&str] = &[
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".git-rewrite",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pyenv",
    ".pytest_cache",
    ".pytype",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    ".vscode",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
];

/// Whether a folder of this name is left out by default.
pub fn is_default_excluded(name: &std::ffi::OsStr) -> bool {
    DEFAULT_EXCLUDES.iter().any(|d| name == *d)
}

/// Files whose patterns exclude paths below their folder.
pub const IGNORE_FILES: &[&str] = &[".gitignore", ".ignore"];

/// How much of a file is looked at to tell whether it is binary.
pub const BINARY_SNIFF_LEN: usize = 8 * 1024;

/// How to walk.
#[derive(Clone, Debug, Default)]
pub struct WalkOptions {
    /// Follow symbolic links (and report loops).
    pub follow_links: bool,
    /// Do not honour `.gitignore` and `.ignore` files.
    pub no_ignore: bool,
    /// Paths to leave out.
    pub exclude: Exclude,
    /// Apply `exclude` to paths named on the command line too.
    pub force_exclude: bool,
    /// Walk the folders of [`DEFAULT_EXCLUDES`] too
    /// (`--no-default-excludes`).
    pub no_default_excludes: bool,
    /// Files to read as a walk finds them (`--file-list`): one that looks
    /// binary is skipped; `exclude` applies with `force_exclude`, as for
    /// a named file; a folder is walked.
    pub listed: Vec<PathBuf>,
}

/// Exclusion globs, as ruff reads them ([`PathGlobs`]): a pattern without
/// `/` matches a file or folder name anywhere (`vendor`, `*.min.js`); one
/// with `/` matches a path relative to the folder the pattern came from
/// (the working directory for `--exclude`, the config file's folder for
/// `exclude`).
#[derive(Clone, Debug, Default)]
pub struct Exclude(PathGlobs<()>);

/// A glob that does not parse.
#[derive(Debug)]
pub struct GlobError(String);

impl fmt::Display for GlobError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GlobError {}

impl Exclude {
    /// Adds `patterns` read relative to `base`.
    pub fn add<S: AsRef<str>>(&mut self, base: &Path, patterns: &[S]) -> Result<(), GlobError> {
        self.0
            .add_all(base, patterns.iter().map(|p| (p.as_ref(), ())))
            .map_err(GlobError)
    }

    /// Whether `path` is excluded.
    pub fn is_excluded(&self, path: &Path) -> bool {
        self.0.is_match(path)
    }

    /// Whether `path` or a folder it lies in is excluded: for files named
    /// on the command line, which no walk pruned.
    pub fn is_excluded_with_parents(&self, path: &Path) -> bool {
        let abs = absolute(path);
        abs.ancestors()
            .take_while(|p| p.parent().is_some())
            .any(|p| self.is_excluded(p))
    }

    /// Whether no pattern was added.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// One input to scan.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
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
    /// Text held in memory for the file at `path` (an editor's unsaved
    /// buffer, a library caller's string): read as that file would be,
    /// never written, and its relative links resolved from its folder.
    Buffer {
        /// The file it stands for.
        path: PathBuf,
        /// Its bytes.
        bytes: std::sync::Arc<[u8]>,
        /// It is standard input read under that name (`--stdin-filename`):
        /// `--fix` writes the text, fixed, to standard output.
        stdin: bool,
    },
}

impl Input {
    /// The file it is, or stands for; none for standard input.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Input::Stdin => None,
            Input::File { path, .. } | Input::Buffer { path, .. } => Some(path),
        }
    }

    /// The name to print: the path, or `-` for standard input.
    pub fn display_name(&self) -> String {
        match self {
            Input::Stdin => "-".to_string(),
            Input::File { path, .. } | Input::Buffer { path, .. } => display_path(path),
        }
    }

    /// The bytes of its path when they are not UTF-8, for output's
    /// `path_bytes`: `path` alone cannot say them exactly.
    pub fn path_bytes(&self) -> Option<Vec<u8>> {
        match self {
            // Redacted as the name is (see [`display_path`]).
            Input::File { path, .. } | Input::Buffer { path, .. } if path.to_str().is_none() => {
                let bytes = path.as_os_str().as_encoded_bytes();
                Some(crate::redact::redact_bytes(bytes).into_owned())
            }
            _ => None,
        }
    }

    fn sort_key(&self) -> &Path {
        match self {
            Input::Stdin => Path::new("-"),
            Input::File { path, .. } | Input::Buffer { path, .. } => path,
        }
    }

    /// Opens the input for reading. `Ok(None)` means a file found in a walk
    /// that looks binary, skipped on purpose.
    pub fn open(&self) -> Result<Option<Box<dyn Read + Send>>, Error> {
        Ok(self.open_reader(false)?.map(|(reader, _)| reader))
    }

    /// [`Input::open`], with the input's length when it is a file and
    /// `sized` is asked: room for a whole file is then made at once, not
    /// by doubling (and copying) a buffer as it fills. Unasked, the system
    /// is not asked (a file streamed as text has no use for it).
    pub fn open_reader(&self, sized: bool) -> Result<Option<SizedReader>, Error> {
        let (path, explicit) = match self {
            Input::Stdin => return Ok(Some((Box::new(io::stdin()), None))),
            Input::Buffer { bytes, .. } => {
                let len = bytes.len() as u64;
                return Ok(Some((Box::new(io::Cursor::new(bytes.clone())), Some(len))));
            }
            Input::File { path, explicit } => (path, *explicit),
        };
        let err = |e| Error::new(path, e);
        // A folder fails at the first read ("Is a directory").
        let mut file = File::open(path).map_err(err)?;
        if let Some(e) = endless_device(&file) {
            return Err(err(e));
        }
        let mut head = Vec::with_capacity(BINARY_SNIFF_LEN);
        (&mut file)
            .take(BINARY_SNIFF_LEN as u64)
            .read_to_end(&mut head)
            .map_err(err)?;
        if !explicit && memchr::memchr(0, &head).is_some() {
            return Ok(None);
        }
        // A file shorter than the sniff has been read whole already.
        if head.len() < BINARY_SNIFF_LEN {
            let len = head.len() as u64;
            return Ok(Some((Box::new(io::Cursor::new(head)), Some(len))));
        }
        let len = sized
            .then(|| file.metadata().ok().map(|m| m.len()))
            .flatten();
        Ok(Some((Box::new(io::Cursor::new(head).chain(file)), len)))
    }
}

/// An opened input and its length, when it is a file.
pub type SizedReader = (Box<dyn Read + Send>, Option<u64>);

/// `path` as output shows it: each byte that is not part of UTF-8 text
/// written `\xNN`, so that two file names never look the same (a lossy
/// U+FFFD would make them one).
///
/// ```
/// use std::os::unix::ffi::OsStrExt;
/// let name = std::ffi::OsStr::from_bytes(b"caf\xe9-\xc3\xa9.txt");
/// assert_eq!(urilint::walk::display_path(name.as_ref()), "caf\\xe9-\u{e9}.txt");
/// ```
pub fn display_path(path: &Path) -> String {
    // A name may hold a secret (`index.html?access_token=...`, saved by a
    // browser or a crawler): it is redacted as a URI's is (SPEC section
    // 10; issue 31, S8).
    if let Some(s) = path.to_str() {
        return crate::redact::redact_text(s).into_owned();
    }
    let mut out = String::new();
    for chunk in path.as_os_str().as_encoded_bytes().utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    crate::redact::redact_text(&out).into_owned()
}

/// A path that could not be read.
#[derive(Debug)]
pub struct Error {
    path: PathBuf,
    source: io::Error,
}

impl Error {
    /// An error reading `path`.
    pub fn new(path: &Path, source: io::Error) -> Error {
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
        write!(f, "{}: {}", display_path(&self.path), self.source)
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
        if let Some(ancestor) = e.loop_ancestor() {
            let msg = format!("symbolic link loop back to {}", ancestor.display());
            return Error {
                path,
                source: io::Error::other(msg),
            };
        }
        let source = e
            .into_io_error()
            .unwrap_or_else(|| io::Error::other("unreadable"));
        if source.kind() == io::ErrorKind::NotFound
            && let Some(broken) = broken_link(&path)
        {
            return broken;
        }
        Error { path, source }
    }
}

/// The inputs `paths` name, sorted by path without duplicates: `-` is
/// standard input, a directory is walked, anything else is a file. Errors
/// stand in place of what could not be read, so one bad path never hides
/// the others.
pub fn inputs(paths: &[PathBuf], options: &WalkOptions) -> Vec<Result<Input, Error>> {
    let mut out = Vec::new();
    let named = paths.iter().map(|p| (p, true));
    for (p, explicit) in named.chain(options.listed.iter().map(|p| (p, false))) {
        if p.as_os_str() == "-" && explicit {
            out.push(Ok(Input::Stdin));
            continue;
        }
        match std::fs::metadata(p) {
            Err(e) => out.push(Err(Error::new(p, e))),
            Ok(m) if m.is_dir() => walk_dir(p, options, &mut out),
            Ok(_)
                if options.force_exclude
                    && (options.exclude.is_excluded_with_parents(p)
                        || (!options.no_default_excludes && in_default_excluded(p))) => {}
            Ok(_) => out.push(Ok(Input::File {
                path: p.clone(),
                explicit,
            })),
        }
    }
    fn key(r: &Result<Input, Error>) -> &Path {
        match r {
            Ok(i) => i.sort_key(),
            Err(e) => &e.path,
        }
    }
    out.sort_by(|a, b| key(a).cmp(key(b)));
    // A file named twice (`urilint . a.txt`, `docs ./docs/a.md`) is one
    // input, under the name that sorts first; named once on its own, it
    // is read even if it looks binary. Only paths named on the command line
    // that are the same or one inside another can give a file twice.
    let cwd = std::env::current_dir().unwrap_or_default();
    let mut roots: Vec<PathBuf> = paths
        .iter()
        .filter(|p| p.as_os_str() != "-")
        .chain(&options.listed)
        .map(|p| same_key(&cwd, p))
        .collect();
    // Sorted by components, a path is followed at once by one inside it
    // if there is any, so neighbours tell: n log n for the thousands of
    // files a pre-commit hook names, where all pairs were n squared.
    roots.sort_unstable();
    let overlap = roots.windows(2).any(|w| w[1].starts_with(&w[0]));
    if !overlap {
        let mut stdin = false;
        out.retain(|r| !matches!(r, Ok(Input::Stdin)) || !std::mem::replace(&mut stdin, true));
        return out;
    }
    let mut seen: std::collections::HashMap<PathBuf, usize> = std::collections::HashMap::new();
    let mut kept: Vec<Result<Input, Error>> = Vec::with_capacity(out.len());
    let mut stdin = false;
    for r in out {
        let (path, explicit) = match &r {
            Ok(Input::File { path, explicit }) => (path, explicit),
            Ok(Input::Stdin) if std::mem::replace(&mut stdin, true) => continue,
            _ => {
                kept.push(r);
                continue;
            }
        };
        match seen.entry(same_key(&cwd, path)) {
            std::collections::hash_map::Entry::Occupied(at) => {
                if let Ok(Input::File {
                    explicit: first, ..
                }) = &mut kept[*at.get()]
                {
                    *first |= *explicit;
                }
            }
            std::collections::hash_map::Entry::Vacant(slot) => {
                slot.insert(kept.len());
                kept.push(r);
            }
        }
    }
    kept
}

/// What tells whether two paths name the same file: the path made
/// absolute with `.` segments dropped; with a `..` segment, the path the
/// system resolves it to, since `a/..` is not `.` when `a` is a symbolic
/// link.
fn same_key(cwd: &Path, path: &Path) -> PathBuf {
    if path
        .components()
        .any(|c| c == std::path::Component::ParentDir)
        && let Ok(real) = path.canonicalize()
    {
        return real;
    }
    lexical(&cwd.join(path))
}

/// `path` with `.` segments dropped and `..` taken back lexically: the
/// same name for `./a.txt`, `a.txt` and `docs/../a.txt`.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                if !out.pop() {
                    out.push(c);
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The error for `path` if it is a symbolic link whose target is missing.
fn broken_link(path: &Path) -> Option<Error> {
    let target = std::fs::read_link(path).ok()?;
    std::fs::metadata(path).is_err().then(|| {
        let msg = format!("broken symbolic link to {}", target.display());
        Error::new(path, io::Error::new(io::ErrorKind::NotFound, msg))
    })
}

/// The ignore files of the folders above an entry, deepest last.
struct IgnoreStack {
    frames: Vec<(usize, Gitignore)>,
}

impl IgnoreStack {
    /// Drops the frames of folders that do not hold an entry at `depth`
    /// (a folder's frame is tagged with the depth of its children).
    fn enter(&mut self, depth: usize) {
        while self.frames.last().is_some_and(|(d, _)| *d > depth) {
            self.frames.pop();
        }
    }

    /// The deepest pattern that matches decides, as in git.
    fn is_ignored(&self, path: &Path, is_dir: bool) -> bool {
        for (_, gi) in self.frames.iter().rev() {
            match gi.matched(path, is_dir) {
                Match::Ignore(_) => return true,
                Match::Whitelist(_) => return false,
                Match::None => {}
            }
        }
        false
    }

    fn load(&mut self, depth: usize, dir: &Path) {
        let mut builder = GitignoreBuilder::new(dir);
        let mut any = false;
        for name in IGNORE_FILES {
            let file = dir.join(name);
            if file.is_file() {
                // A pattern the matcher cannot read is skipped, as git does.
                let _ = builder.add(file);
                any = true;
            }
        }
        if any && let Ok(gi) = builder.build() {
            self.frames.push((depth, gi));
        }
    }
}

/// Whether a file named on the command line lies in a folder left out by
/// default, below the working directory (a project that itself sits in a
/// `build/` folder is not left out).
fn in_default_excluded(path: &Path) -> bool {
    let abs = absolute(path);
    let cwd = std::env::current_dir().unwrap_or_default();
    let rel = abs.strip_prefix(&cwd).unwrap_or(path);
    let folders = rel.parent().into_iter().flat_map(|p| p.components());
    folders.into_iter().any(|c| match c {
        std::path::Component::Normal(name) => is_default_excluded(name),
        _ => false,
    })
}

/// The bytes of an entry's path. Entries sorted together are in one
/// folder, so their paths differ only in their names, and comparing the
/// paths compares the names (with no search for the last `/`).
fn entry_path(e: &walkdir::DirEntry) -> &[u8] {
    e.path().as_os_str().as_encoded_bytes()
}

fn walk_dir(root: &Path, options: &WalkOptions, out: &mut Vec<Result<Input, Error>>) {
    let stack = RefCell::new(IgnoreStack { frames: Vec::new() });
    let walker = WalkDir::new(root)
        .follow_links(options.follow_links)
        // Sorted by name bytes, compared as the paths' bytes (see
        // `entry_path`): walkdir's `sort_by_file_name` splits each path
        // again for every comparison, 6% of a text extraction.
        .sort_by(|a, b| entry_path(a).cmp(entry_path(b)));
    let keep = |e: &walkdir::DirEntry| {
        let is_dir = e.file_type().is_dir();
        let mut stack = stack.borrow_mut();
        stack.enter(e.depth());
        if e.depth() > 0 {
            if is_dir && VCS_DIRS.iter().any(|v| e.file_name() == *v) {
                return false;
            }
            if is_dir && !options.no_default_excludes && is_default_excluded(e.file_name()) {
                return false;
            }
            if options.exclude.is_excluded(e.path()) {
                return false;
            }
            if !options.no_ignore && stack.is_ignored(e.path(), is_dir) {
                return false;
            }
        }
        if is_dir && !options.no_ignore {
            stack.load(e.depth() + 1, e.path());
        }
        true
    };
    for entry in walker.into_iter().filter_entry(keep) {
        match entry {
            Err(e) => out.push(Err(Error::from(e))),
            Ok(e) if e.file_type().is_file() => out.push(Ok(Input::File {
                path: e.into_path(),
                explicit: false,
            })),
            // Followed (`-L`), a dangling link is an error. Not followed,
            // a link is not read at all, so where it points does not matter.
            Ok(e) if e.path_is_symlink() && options.follow_links => {
                out.extend(broken_link(e.path()).map(Err))
            }
            // Folders; and symbolic links, unless followed (then they show
            // as what they point to).
            Ok(_) => {}
        }
    }
}

/// The paths of a file list (`--file-list`): one a line, or, when the
/// list holds a NUL byte, one before each NUL (`git ls-files -z`, `find
/// -print0`), so that any name can be listed. Empty entries are none.
///
/// ```
/// use std::path::PathBuf;
/// let lines = urilint::walk::file_list(b"a.md\ndocs/b.html\n\n");
/// assert_eq!(lines, [PathBuf::from("a.md"), PathBuf::from("docs/b.html")]);
/// let nul = urilint::walk::file_list(b"a\nb.md\0c.md\0");
/// assert_eq!(nul, [PathBuf::from("a\nb.md"), PathBuf::from("c.md")]);
/// ```
pub fn file_list(list: &[u8]) -> Vec<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    let sep = if memchr::memchr(0, list).is_some() {
        0
    } else {
        b'\n'
    };
    list.split(|&b| b == sep)
        .filter(|name| !name.is_empty())
        .map(|name| PathBuf::from(std::ffi::OsStr::from_bytes(name)))
        .collect()
}

/// The error for a device that is not a regular file, a pipe, a terminal
/// or the null device: `/dev/zero` or `/dev/urandom` named on the command
/// line would be read forever.
pub fn endless_device(file: &File) -> Option<io::Error> {
    use std::io::IsTerminal;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let meta = file.metadata().ok()?;
    let kind = meta.file_type();
    let null = || std::fs::metadata("/dev/null").is_ok_and(|n| n.rdev() == meta.rdev());
    ((kind.is_char_device() && !file.is_terminal() && !null())
        || kind.is_block_device()
        || kind.is_socket())
    .then(|| io::Error::other("a device, not a regular file, pipe or terminal; not read"))
}

/// Reads a file urilint reads whole for itself (a config, a baseline), at
/// most `cap` bytes: larger is an error, and so is a device (`--config
/// /dev/zero` grew to 10 GB in 10 seconds).
///
/// Only a regular file is read, and no call waits: a FIFO, or a file that
/// blocks (`/proc/kmsg`), is an error at once (issue 49).
pub fn read_capped(path: &Path, cap: u64) -> io::Result<String> {
    crate::regular::read_string(path, cap)
}
