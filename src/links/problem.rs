//! What link integrity reports (SPEC section 11): the problem of a link,
//! for the rules, and what was left unchecked, for the summary.

/// What is wrong with a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No file or folder at the path (`broken-relative-link`).
    Missing {
        /// The path looked for, as the user names files.
        path: String,
        /// It names a page a site generator could make from a source
        /// (`name.html`, `name/`, `name`), and none is there either.
        page: bool,
    },
    /// Only a name that differs in case is there (`broken-relative-link`).
    Case {
        /// The name as written.
        written: String,
        /// The name in the folder.
        actual: String,
    },
    /// A folder of a generated site with no index page
    /// (`broken-relative-link`).
    NoIndex {
        /// The folder.
        path: String,
    },
    /// The reference cannot be read as a path (`broken-relative-link`).
    Malformed {
        /// Why.
        why: String,
    },
    /// The target has no such anchor (`broken-fragment`).
    NoAnchor {
        /// The fragment, decoded.
        fragment: String,
        /// The target file, or `None` for the document itself.
        path: Option<String>,
        /// An anchor there that is spelt much the same.
        nearest: Option<String>,
    },
}

impl Problem {
    /// The rule that reports it.
    pub fn rule(&self) -> &'static str {
        match self {
            Problem::NoAnchor { .. } => "broken-fragment",
            _ => "broken-relative-link",
        }
    }

    /// What to tell the user.
    pub fn message(&self) -> String {
        match self {
            Problem::Missing { path, page: false } => format!("no file or folder `{path}`"),
            Problem::Missing { path, page: true } => {
                format!("no file or folder `{path}`, nor a source it is made from (`.md`, ...)")
            }
            Problem::Case { written, actual } => format!(
                "`{written}` is `{actual}` in the tree: it differs only in case, so it works on \
                 macOS and Windows and breaks on Linux and web servers"
            ),
            Problem::NoIndex { path } => format!(
                "folder `{path}` has no index page (index.html, index.md or README.md) on the \
                 generated site"
            ),
            Problem::Malformed { why } => format!("malformed reference: {why}"),
            Problem::NoAnchor {
                fragment,
                path,
                nearest,
            } => {
                let place = match path {
                    Some(p) => format!("in `{p}`"),
                    None => "in this document".to_string(),
                };
                match nearest {
                    Some(n) => {
                        format!("`#{fragment}` names no anchor {place}; did you mean `#{n}`?")
                    }
                    None => format!("`#{fragment}` names no anchor {place}"),
                }
            }
        }
    }
}

/// References left unchecked, for the summary (SPEC section 11).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Unchecked {
    /// `/`-rooted references without `--root`.
    pub root_relative: usize,
    /// References that leave the checked tree or the site's root.
    pub outside: usize,
    /// References in documents whose links resolve elsewhere: AsciiDoc
    /// parts for `include::`, HTML pages with `<base href>`.
    pub elsewhere: usize,
    /// References through a symbolic link not followed (without `-L`) or
    /// a folder that cannot be read.
    pub unseen: usize,
}

impl Unchecked {
    /// One reference that leaves the tree.
    pub(super) fn outside() -> Unchecked {
        Unchecked {
            outside: 1,
            ..Unchecked::default()
        }
    }

    /// Adds `other`'s counts.
    pub fn add(&mut self, other: Unchecked) {
        self.root_relative += other.root_relative;
        self.outside += other.outside;
        self.elsewhere += other.elsewhere;
        self.unseen += other.unseen;
    }

    /// A line for the summary, if anything was left unchecked.
    pub fn summary(&self) -> Option<String> {
        let kinds = [
            (
                self.root_relative,
                "`/`-rooted (give --root DIR to check them)",
            ),
            (
                self.outside,
                "leaving the checked tree or site (map them with --site URL=DIR)",
            ),
            (
                self.elsewhere,
                "in AsciiDoc parts or pages with `<base href>`, which resolve them elsewhere",
            ),
            (
                self.unseen,
                "through symbolic links not followed (-L follows them) or unreadable folders",
            ),
        ];
        let parts: Vec<String> = kinds
            .iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{n} {what}"))
            .collect();
        let n: usize = kinds.iter().map(|(n, _)| n).sum();
        (n > 0).then(|| {
            format!(
                "{n} relative reference{} not checked: {}",
                if n == 1 { "" } else { "s" },
                parts.join(", ")
            )
        })
    }
}
