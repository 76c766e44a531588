//! Link integrity (SPEC section 11): the tree a file is checked in, its
//! links checked once every file's anchors are known, and the link
//! checker of a run.

use super::*;

impl Pass<'_> {
    /// The tree a file is checked in (SPEC section 11): the folder named
    /// on the command line it was found under, else the working directory
    /// when it is under it (pre-commit names files from the repository's
    /// root), else its own folder.
    pub(super) fn tree_of<'p>(&'p self, path: &'p std::path::Path) -> &'p std::path::Path {
        // The nearest folder above it that was named: a few are named, and
        // each is matched with the path (hashing each of its ancestors
        // costs more); many are looked up by ancestor.
        let named = match self.trees.len() {
            0..=8 => self
                .trees
                .iter()
                .filter(|t| path.starts_with(t) && path != t.as_path())
                .max_by_key(|t| t.components().count())
                .map(|t| t.as_path()),
            _ => path.ancestors().skip(1).find(|a| self.trees.contains(*a)),
        };
        if let Some(t) = named {
            return t;
        }
        if path.is_relative() && !path.starts_with("..") {
            return std::path::Path::new(".");
        }
        path.parent().unwrap_or(std::path::Path::new("."))
    }

    /// Resolves a file's links once every file's anchors are known,
    /// keeping what they were seen to do for the model-fit gate.
    pub(super) fn resolve_links(&self, c: &mut Checked) {
        let (Some(links), Some(path)) = (self.links, c.input.path()) else {
            return;
        };
        let source = Source {
            path,
            tree: self.tree_of(path),
        };
        let refs = &c.work.refs;
        let (problems, unchecked) = links.check(&source, refs);
        // Markdown has one link syntax, so every convention a generator or
        // plug-in adds (labels, routes, ids, rule names) overloads its
        // destinations; so may a script that routes an HTML page's. rST
        // and AsciiDoc add roles and macros of their own instead, and what
        // their URI references name is fixed by their syntax: the gate
        // judges the first two only (SPEC section 11b).
        let overloaded = matches!(
            c.work.format,
            Some(crate::format::Format::Markdown | crate::format::Format::Html)
        );
        if links.gated() && overloaded {
            let (root, folder) = links.place(&source);
            let value = |i: usize| refs.get(i).map(|r| r.value.as_slice());
            c.seen = crate::links::fit::FileSeen {
                root,
                folder,
                seen: crate::links::fit::observe(&value, &unchecked.found, &problems),
            };
        }
        c.problems = problems;
        c.unchecked = unchecked;
    }

    /// The model-fit gate (SPEC section 11b): the broken links of groups
    /// that almost never resolve are left unchecked, with their group's
    /// reason.
    pub(super) fn fit(&self, checked: &mut [Result<Checked, String>]) {
        let Some(links) = self.links.filter(|l| l.gated()) else {
            return;
        };
        let seen: Vec<crate::links::fit::FileSeen> = checked
            .iter_mut()
            .filter_map(|c| c.as_mut().ok())
            .map(|c| std::mem::take(&mut c.seen))
            .collect();
        let files: Vec<&Checked> = checked.iter().filter_map(|c| c.as_ref().ok()).collect();
        let example = |file: usize, index: usize| {
            let r = &files[file].work.refs[index];
            shown_uri(&r.finding(), self.options.show_secrets)
        };
        let display = |p: &std::path::Path| links.display(p);
        let fit = crate::links::fit::Fit::default();
        let gated = crate::links::fit::gate(&fit, &seen, &example, &display);
        let files = checked.iter_mut().filter_map(|c| c.as_mut().ok());
        for (c, gated) in files.zip(gated) {
            if gated.is_empty() {
                continue;
            }
            let moved: std::collections::HashSet<usize> = gated.iter().map(|g| g.0).collect();
            c.problems.retain(|(i, _)| !moved.contains(i));
            c.unchecked.checked -= moved.len();
            c.unchecked.links.extend(gated);
            c.unchecked.links.sort_by_key(|l| l.0);
        }
    }

    /// Reports a file's links once the gate has judged them, adding their
    /// records among the file's in position order, then reports its
    /// unused suppressions.
    pub(super) fn report_links(&self, c: &mut Checked) {
        let (Some(links), Some(path)) = (self.links, c.input.path().map(|p| p.to_path_buf()))
        else {
            return;
        };
        let path = path.as_path();
        let name = c.input.display_name();
        // What the links need is taken; the fixes, the diff and whether
        // the file was read stay for the gate.
        let mut work = std::mem::take(&mut c.work);
        (c.work.fixed, c.work.skipped, c.work.uris) = (work.fixed, work.skipped, work.uris);
        c.work.diff = std::mem::take(&mut work.diff);
        let problems = std::mem::take(&mut c.problems);
        let unchecked = &c.unchecked;
        if self.options.show_unchecked {
            for (i, reason) in &unchecked.links {
                let finding = work.refs[*i].finding();
                let uri = shown_uri(&finding, self.options.show_secrets);
                c.links
                    .push(Record::unchecked(&name, &finding, reason, uri));
            }
        }
        let mut found: Vec<(Finding, Problem)> = problems
            .into_iter()
            .map(|(i, p)| (work.refs[i].finding(), p))
            .collect();
        for f in work.site {
            if let Some(Some(p)) = links.check_uri(&f.uri) {
                found.push((f, p));
            }
        }
        let directives = work.directives.unwrap_or_default();
        let matching = directives.matcher();
        let mut used = work.used;
        if !found.is_empty() {
            // The file is read again only for its links' source lines.
            let written = snippet::merge(work.written);
            let source = match (&c.input, self.options.snippets) {
                (_, false) => None,
                (Input::Buffer { bytes, .. }, true) => Some(snippet::Source::Memory(bytes)),
                (_, true) => File::open(path).ok().map(|file| snippet::Source::File {
                    file,
                    limit: u64::MAX,
                }),
            };
            let mut snippets = source
                .map(|source| snippet::Snippets::new(source, self.options.show_secrets, &written));
            for (finding, problem) in found {
                let uri = shown_uri(&finding, self.options.show_secrets);
                for d in self.linter.check_link(&finding, &problem) {
                    let mut record = Record::with_uri(&name, &finding, d, uri.clone());
                    if let Some(at) = matching(record.line, &record.rule) {
                        used.insert(at);
                        continue;
                    }
                    if let Some(snippets) = snippets.as_mut() {
                        record.snippet = snippets.of(&record).ok().flatten();
                    }
                    c.links.push(record);
                }
            }
        }
        self.unused(
            &name,
            &directives,
            &used,
            &mut |w| c.warnings.push(w),
            &mut c.links,
        );
        // Stable: a URI's records keep their rule order.
        c.links.sort_by_key(|r| r.start);
    }
}

/// The link checker of a run (SPEC section 11): `--root`, `--site` and
/// `--no-fragments` over `[links]` in config. A folder named that is not
/// one is a usage error: every link into it would be reported broken.
pub(super) fn link_checker(
    options: &LinkFlags,
    config: &crate::config::Config,
    config_path: Option<&std::path::Path>,
    reading: &Reading,
) -> Result<Links, String> {
    let base = crate::config::base_dir(config_path);
    // Where each folder comes from, for the error: a flag, or the config
    // file's key.
    let in_config = |key: &str| match config_path {
        Some(p) => format!("{}: `[links]` {key}", p.display()),
        None => format!("`[links]` {key}"),
    };
    let root = match (&options.root, &config.links.root) {
        (Some(r), _) => Some(("--root".to_string(), r.clone())),
        (None, Some(r)) => Some((in_config("root"), base.join(r))),
        (None, None) => None,
    };
    let config_sites = config.links.sites(&base).map_err(|e| e.to_string())?;
    let named: Vec<(String, &std::path::Path, Option<&str>)> = root
        .iter()
        .map(|(what, r)| (what.clone(), r.as_path(), None))
        .chain(
            options
                .sites
                .iter()
                .map(|s| ("--site".to_string(), s.dir.as_path(), Some(s.url.as_str()))),
        )
        .chain(
            config_sites
                .iter()
                .map(|s| (in_config("site"), s.dir.as_path(), Some(s.url.as_str()))),
        )
        .collect();
    for (what, dir, url) in named {
        if dir.is_dir() {
            continue;
        }
        // A site's folder follows the first `=`: one in the URL's query
        // (`?token=...`) puts the rest of it there, so the folder is named
        // only when the URL plainly holds nothing to hide (issue 49).
        let shown = dir.to_string_lossy();
        let plain = |u: &str| {
            let authority = u.split_once("://").map_or(u, |(_, a)| a);
            !u.contains(['?', '#', '@'])
                && !shown.contains('@')
                && authority
                    .split('/')
                    .next()
                    .unwrap_or("")
                    .split_once(':')
                    .is_none_or(|(_, port)| port.bytes().all(|b| b.is_ascii_digit()))
        };
        return Err(match url {
            Some(u) if !plain(u) => format!(
                "{what} {}=...: the folder after the first `=` is not a folder",
                crate::redact::redact_text(u)
            ),
            _ => format!("{what} {}: not a folder", dir.display()),
        });
    }
    let root = root.map(|(_, r)| r);
    let sites: Vec<crate::links::SiteMap> =
        options.sites.iter().cloned().chain(config_sites).collect();
    let globs = reading.globs.clone();
    let forced = reading.input;
    let defaults = LinkOptions::default();
    Ok(Links::new(LinkOptions {
        source_extensions: config
            .links
            .source_extensions
            .clone()
            .unwrap_or(defaults.source_extensions),
        root,
        sites,
        fragments: !options.no_fragments && config.links.fragments != Some(false),
        generated: config.links.generated.clone(),
        anchors: config.links.anchors.clone(),
        follow_links: options.follow_links,
        pages: options.pages.clone(),
        strict: options
            .strict
            .unwrap_or(config.links.mode == Some(crate::config::LinkMode::Strict)),
        // A target is read as the file itself would be: `--input`, then
        // `[formats]`, then its name and first bytes.
        format_of: std::sync::Arc::new(move |p: &std::path::Path, head: &[u8]| {
            globs.choose(forced, Some(p), head)
        }),
    }))
}
