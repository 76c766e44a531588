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
    /// A page's source, which the site's generator serves as a page and
    /// does not rewrite links to (`broken-relative-link`).
    Source {
        /// The path as written.
        path: String,
        /// The generator.
        generator: &'static str,
    },
    /// A page source the generator does not render: an mdBook chapter
    /// not in `SUMMARY.md` (`broken-relative-link`).
    Unrendered {
        /// The path as written.
        path: String,
    },
    /// A page a generator looks up by its own rules (Hugo's `ref`,
    /// Jekyll's `link` and `post_url`) is not there: the build fails
    /// (`broken-relative-link`).
    NoPage {
        /// The reference as written.
        path: String,
        /// What looks it up (Hugo's `ref`).
        by: &'static str,
    },
    /// The reference cannot be read as a path (`broken-relative-link`).
    Malformed {
        /// Why.
        why: String,
    },
    /// A cross-reference names no label (`broken-fragment`): Quarto's
    /// `@sec-x` renders as `?@sec-x`.
    NoLabel {
        /// The label, as written after `@`.
        label: String,
        /// Where labels were looked for: the page, or the book.
        scope: &'static str,
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
            Problem::NoAnchor { .. } | Problem::NoLabel { .. } => "broken-fragment",
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
            Problem::Source { path, generator } => format!(
                "`{path}` is a page's source: {generator} serves the page made of it, not the \
                 source, and does not rewrite links to it"
            ),
            Problem::Unrendered { path } => {
                format!("`{path}` is not listed in SUMMARY.md, so mdBook renders no page of it")
            }
            Problem::NoPage { path, by } => {
                format!("{by} finds no `{path}`, so the site does not build")
            }
            Problem::Malformed { why } => format!("malformed reference: {why}"),
            Problem::NoLabel { label, scope } => format!(
                "`@{label}` names no label in {scope} (`{{#{label}}}` on a heading or block, \
                 `#| label: {label}` in a cell), so Quarto renders it as `?@{label}`"
            ),
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

/// Why a link was left unchecked (SPEC section 11a): where the site
/// model of its tree ends. It is never a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `/`-rooted, in a tree whose site root is not known, without
    /// `--root`.
    RootRelative,
    /// It leaves the checked tree or the site's root.
    Outside,
    /// In a document whose links resolve elsewhere: an AsciiDoc part for
    /// `include::`, an HTML page with `<base href>`.
    Elsewhere,
    /// Through a symbolic link not followed, or an unreadable folder.
    Unseen,
    /// Not a path, in a site whose link render hook or preprocessor may
    /// rewrite it.
    Rewritten,
    /// Its target would be made by a backend or plug-in the model does not
    /// know.
    Generated,
    /// In a template source, rendered elsewhere.
    Template,
    /// In a page the generator copies in from elsewhere.
    Copied,
    /// Into a component or module that is not in the tree.
    Remote,
    /// The generator's config could not be read.
    Config,
    /// The target's ids are made by something the model does not know (a
    /// shortcode or component in its headings).
    Anchors,
    /// In a group of links of one shape and place that almost never
    /// resolve: a convention the model does not know (SPEC section 11b).
    Unfit,
}

impl Kind {
    /// Its key in records (`reason`).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::RootRelative => "root-relative",
            Kind::Outside => "outside",
            Kind::Elsewhere => "elsewhere",
            Kind::Unseen => "unseen",
            Kind::Rewritten => "rewritten",
            Kind::Generated => "generated",
            Kind::Template => "template",
            Kind::Copied => "copied",
            Kind::Remote => "remote",
            Kind::Config => "config",
            Kind::Anchors => "anchors",
            Kind::Unfit => "model-fit",
        }
    }
}

/// Why a link was left unchecked: its kind, and what in the tree says so
/// (`mdBook preprocessor 'spec' may rewrite it`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Reason {
    /// The kind, the key of records.
    pub kind: Kind,
    /// What to tell the user.
    pub detail: std::sync::Arc<str>,
}

impl Reason {
    /// A reason of `kind`, told as `detail`.
    pub fn new(kind: Kind, detail: impl Into<std::sync::Arc<str>>) -> Reason {
        Reason {
            kind,
            detail: detail.into(),
        }
    }

    /// `/`-rooted without a known root.
    pub(super) fn root_relative() -> Reason {
        Reason::new(
            Kind::RootRelative,
            "`/`-rooted without a known site root; --root DIR gives one",
        )
    }

    /// Leaving the tree.
    pub(super) fn outside() -> Reason {
        Reason::new(
            Kind::Outside,
            "leaving the checked tree or site; --site URL=DIR maps them",
        )
    }

    /// In a document that resolves its links elsewhere: an AsciiDoc part
    /// (`asciidoc`), or a page with `<base href>`.
    pub(super) fn elsewhere(asciidoc: bool) -> Reason {
        match asciidoc {
            true => Reason::new(
                Kind::Elsewhere,
                "in AsciiDoc parts for `include::`, whose links resolve where they are included",
            ),
            false => Reason::new(
                Kind::Elsewhere,
                "in pages with `<base href>`, whose links resolve against it",
            ),
        }
    }

    /// Through what cannot be seen.
    pub(super) fn unseen() -> Reason {
        Reason::new(
            Kind::Unseen,
            "through symbolic links not followed or unreadable folders; -L follows links",
        )
    }
}

/// The links of one document: how many were checked (found or broken),
/// and those left unchecked, by index, with their reason.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Unchecked {
    /// Links found or broken.
    pub checked: usize,
    /// The links found, by index (the others checked are broken).
    pub found: Vec<usize>,
    /// Links left unchecked: the index of the reference, and why.
    pub links: Vec<(usize, Reason)>,
}

impl Unchecked {
    /// `n` links, all left unchecked for `reason`.
    pub(super) fn all(n: usize, reason: Reason) -> Unchecked {
        Unchecked {
            links: (0..n).map(|i| (i, reason.clone())).collect(),
            ..Unchecked::default()
        }
    }
}

/// The links of a run: how many were checked, and how many were left
/// unchecked for each reason (SPEC section 11a).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Links found or broken.
    pub checked: usize,
    /// Links left unchecked, by reason.
    pub unchecked: std::collections::BTreeMap<Reason, usize>,
}

impl Tally {
    /// Adds a document's counts.
    pub fn add(&mut self, u: &Unchecked) {
        self.checked += u.checked;
        for (_, r) in &u.links {
            *self.unchecked.entry(r.clone()).or_insert(0) += 1;
        }
    }

    /// Links left unchecked.
    pub fn unchecked_total(&self) -> usize {
        self.unchecked.values().sum()
    }

    /// The summary's lines: `Checked 2,310 links; 372 not checked: mdBook
    /// preprocessor 'spec' may rewrite them (372). See --show-unchecked.`,
    /// then a line for each group the model-fit gate left unchecked (SPEC
    /// section 11b), the largest first, so that a class of links that is
    /// really broken is easy to notice. Empty when no link was met.
    pub fn summary(&self, show_hint: bool) -> Vec<String> {
        let n = self.unchecked_total();
        if self.checked == 0 && n == 0 {
            return Vec::new();
        }
        let links = |n: usize| format!("{} link{}", thousands(n), if n == 1 { "" } else { "s" });
        let mut line = format!("Checked {}", links(self.checked));
        // The most common reason first.
        let mut rows: Vec<(&Reason, &usize)> = self.unchecked.iter().collect();
        rows.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
        let (unfit, rows): (Vec<_>, Vec<_>) =
            rows.into_iter().partition(|r| r.0.kind == Kind::Unfit);
        if n > 0 {
            let gated: usize = unfit.iter().map(|r| *r.1).sum();
            let mut parts: Vec<(usize, String)> = rows
                .iter()
                .map(|(r, k)| (**k, r.detail.to_string()))
                .collect();
            if gated > 0 {
                let at = parts.partition_point(|p| p.0 >= gated);
                parts.insert(
                    at,
                    (
                        gated,
                        "in groups of links that resolve almost nowhere, a convention urilint \
                         does not model, listed below"
                            .to_string(),
                    ),
                );
            }
            let parts: Vec<String> = parts
                .iter()
                .map(|(k, detail)| format!("{detail} ({})", thousands(*k)))
                .collect();
            line.push_str(&format!(
                "; {} not checked: {}.",
                thousands(n),
                parts.join("; ")
            ));
            if show_hint {
                line.push_str(" See --show-unchecked.");
            }
        } else {
            line.push('.');
        }
        let mut lines = vec![line];
        lines.extend(
            unfit
                .iter()
                .map(|(r, k)| format!("  {} not checked: {}.", thousands(**k), r.detail)),
        );
        lines
    }
}

/// `n` with its thousands separated by commas.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
