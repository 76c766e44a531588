//! A reference resolved to a file and a fragment (RFC 3986 s5.2), and
//! looked up in the tree the way the site's generator serves it.

use super::*;

impl Links {
    /// Resolves a reference written in folder `dir` (RFC 3986 s5.2.2 for
    /// a reference without scheme or authority), kept inside `boundary`.
    pub(super) fn resolve<'a>(
        &'a self,
        dir: &Path,
        boundary: &'a Path,
        start: &'a [OsString],
        value: &'a [u8],
    ) -> Resolved<'a> {
        // Templates (`{{ site.url }}/x`, `${base}/x`) are not links yet:
        // they resolve where they are rendered.
        if memchr::memchr2(b'{', b'}', value).is_some()
            || value.starts_with(b"$")
            || memchr::memchr_iter(b'$', value).any(|k| value.get(k + 1) == Some(&b'('))
        {
            return Resolved::Unchecked(Reason::new(
                Kind::Template,
                "holding template placeholders, which resolve where they are rendered",
            ));
        }
        let parts = parts(value);
        let path = parts.path;
        if path.is_empty() {
            return match parts.fragment {
                Some(f) => Resolved::Same(Some(f)),
                None => Resolved::Skip,
            };
        }
        if path.starts_with(b"//") {
            return Resolved::Skip; // a network-path reference (s4.2)
        }
        if path.starts_with(b"/") {
            return match &self.root {
                Some(root) => self.resolve_path(root, &[], parts),
                None => Resolved::Unchecked(Reason::root_relative()),
            };
        }
        let fragment = parts.fragment.clone();
        match self.resolve_path(boundary, start, parts) {
            Resolved::Leaves => self.outside(dir, path, fragment),
            r => r,
        }
    }

    /// The segments of `value`'s path from `boundary`, starting in the
    /// folder `start` below it, dot-segments applied (RFC 3986 s5.2.4)
    /// and each percent-decoded (s2.1).
    pub(super) fn resolve_path<'a>(
        &self,
        boundary: &'a Path,
        start: &'a [OsString],
        parts: Parts<'a>,
    ) -> Resolved<'a> {
        let Parts {
            path,
            query,
            fragment,
        } = parts;
        // GitHub's `?plain=1#L5` names a line of the source, not an anchor.
        let fragment = fragment.filter(|_| {
            !query
                .split(|&b| b == b'&' || b == b'?')
                .any(|p| p == b"plain=1")
        });
        if memchr::memchr(b'\\', path).is_some() {
            return Resolved::Malformed(
                "`\\` separates folders on Windows only; a URL's path separates them with `/`"
                    .to_string(),
            );
        }
        let mut segments: Vec<Seg<'a>> = Vec::with_capacity(start.len() + 4);
        segments.extend(start.iter().map(|s| Seg::Borrowed(s.as_os_str())));
        let path = path.strip_prefix(b"/").unwrap_or(path);
        let last = memchr::memrchr(b'/', path).map_or(path, |k| &path[k + 1..]);
        let dir_ref = last.is_empty() || last == b"." || last == b"..";
        for part in path.split(|&b| b == b'/') {
            match part {
                b"" | b"." => {}
                b".." => {
                    if segments.pop().is_none() {
                        return Resolved::Leaves;
                    }
                }
                _ if memchr::memchr(b'%', part).is_none() => segments.push(os_str(part)),
                _ => match percent_decode(part) {
                    // `%2e%2e` is `..` (URL Standard, "single-dot and
                    // double-dot URL path segments").
                    Ok(seg) if seg == "." => {}
                    Ok(seg) if seg == ".." => {
                        if segments.pop().is_none() {
                            return Resolved::Leaves;
                        }
                    }
                    Ok(seg) => segments.push(Seg::Owned(seg)),
                    Err(why) => return Resolved::Malformed(why),
                },
            }
        }
        Resolved::Path {
            base: boundary,
            segments,
            dir: dir_ref,
            fragment,
        }
    }

    /// A reference that leaves its tree: checked if it lands in a
    /// `--site`'s folder, else counted.
    pub(super) fn outside<'a>(
        &'a self,
        dir: &Path,
        path: &[u8],
        fragment: Option<Frag<'a>>,
    ) -> Resolved<'a> {
        let Ok(decoded) = percent_decode(path) else {
            return Resolved::Unchecked(Reason::outside());
        };
        let lexical = normal(Path::new(&decoded), dir);
        for (_, site) in &self.sites {
            if let Ok(rel) = lexical.strip_prefix(site) {
                return Resolved::Path {
                    base: site,
                    segments: rel.iter().map(|s| Seg::Owned(s.to_os_string())).collect(),
                    dir: path.ends_with(b"/"),
                    fragment,
                };
            }
        }
        Resolved::Unchecked(Reason::outside())
    }

    /// Looks `segments` up from `base`; what is wrong, if anything.
    pub(super) fn look_up(
        &self,
        base: &Path,
        listing: Option<&Arc<tree::Listing>>,
        segments: &[Seg],
        dir_ref: bool,
        fragment: Option<Frag<'_>>,
    ) -> Looked {
        let owned;
        let from = match listing {
            Some(l) => Some(l),
            None => {
                owned = self.tree.listing(base);
                owned.as_ref()
            }
        };
        let (target, cells) = match self.tree.find(base, from, segments) {
            Found::File(p, cells) if !dir_ref => (p, Some(cells)),
            Found::File(..) => {
                return Looked::Problem(Problem::Missing {
                    path: self.show(base, segments) + "/",
                    page: false,
                });
            }
            Found::ThroughLink => return Looked::Unseen,
            Found::Dir(p, listing) => match INDEXES.iter().find(|i| listing.contains(i)) {
                Some(index) => (p.join(index), None),
                None => {
                    let site = self
                        .site_of(&p)
                        .filter(|s| s.generator.pages_only() && p.starts_with(&s.source));
                    let parent = p.parent().and_then(|d| self.tree.listing(d));
                    if site.is_some()
                        && parent.is_none_or(|l| self.source_of(&p, &l, segments, true).is_none())
                    {
                        return Looked::Problem(Problem::NoIndex {
                            path: self.show(base, segments),
                        });
                    }
                    return Looked::Fine;
                }
            },
            Found::Missing { at, case, listing } => {
                let full = join(base, segments);
                // The pages of a tree often all name one missing file (a
                // stylesheet, in a sampled tree): it is looked into once.
                // Only when the path gives back its segments: a decoded
                // `%2F` is a `/` inside one (`a%2Fb.html` is not `a/b.html`).
                // A generated page's source is found again each time: it
                // costs a few lookups, and a site's pages are many.
                let plain = segments
                    .iter()
                    .all(|s| memchr::memchr(b'/', s.as_encoded_bytes()).is_none());
                let key = (full.into_os_string(), base.as_os_str().len(), dir_ref);
                let known = match plain {
                    true => self
                        .missing
                        .read()
                        .unwrap_or_else(|e| e.into_inner())
                        .get(&key)
                        .cloned(),
                    false => None,
                };
                let missed = known.unwrap_or_else(|| {
                    let full = Path::new(&key.0);
                    let m = self.look_into(base, full, segments, at, case, listing, dir_ref);
                    if plain && !matches!(m, Missed::Source(_)) {
                        let mut missing = self.missing.write().unwrap_or_else(|e| e.into_inner());
                        if missing.len() < MAX_MISSING {
                            missing.insert(key.clone(), m.clone());
                        }
                    }
                    m
                });
                return match missed {
                    Missed::Source(source) => self
                        .fragment_problem(&source, None, fragment.as_deref(), true)
                        .into(),
                    Missed::Fine => Looked::Fine,
                    Missed::Problem(p) => Looked::Problem(p),
                };
            }
        };
        self.fragment_problem(&target, cells, fragment.as_deref(), true)
            .into()
    }

    /// What a path that is not in the tree (`full`, `base` joined with
    /// `segments`, missing from segment `at` on) is: a generated page made
    /// from a source, a page the build or the generator makes, or a
    /// broken link.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn look_into(
        &self,
        base: &Path,
        full: &Path,
        segments: &[Seg],
        at: usize,
        case: Option<OsString>,
        listing: Option<&tree::Listing>,
        dir_ref: bool,
    ) -> Missed {
        let last = at + 1 == segments.len();
        // A generated page: its source, or a page the generator makes or
        // redirects.
        if last
            && let Some(listing) = listing
            && let Some(source) = self.source_of(full, listing, segments, dir_ref)
        {
            return Missed::Source(source);
        }
        let parent = full.parent().unwrap_or(base);
        if self.built(base, full) {
            return Missed::Fine;
        }
        if let Some(site) = self.site_of(parent)
            && let Ok(rel) = full.strip_prefix(&site.source)
            && let rel = rel.to_string_lossy().replace('\\', "/")
            && (site.pages.contains(&rel)
                || site
                    .pages
                    .contains(&format!("{}.html", rel.trim_end_matches('/'))))
        {
            return Missed::Fine;
        }
        let case = case.map(|c| c.to_string_lossy().into_owned()).or_else(|| {
            let listing = listing.filter(|_| last)?;
            self.source_in_other_case(listing, segments, dir_ref)
        });
        Missed::Problem(match case {
            Some(actual) => Problem::Case {
                written: segments[at].to_string_lossy().into_owned(),
                actual,
            },
            None => Problem::Missing {
                path: self.display(full),
                page: last && page_stem(segments, dir_ref).is_some(),
            },
        })
    }

    /// The source a generated page at `full` is made from: `name.html`,
    /// `name/` or `name` made from `name.md` (or another source
    /// extension) in the same folder, `index.html` from `README.md`.
    pub(super) fn source_of(
        &self,
        full: &Path,
        listing: &tree::Listing,
        segments: &[Seg],
        dir_ref: bool,
    ) -> Option<PathBuf> {
        let stem = page_stem(segments, dir_ref)?;
        let parent = full.parent()?;
        if stem == "index" && listing.contains("README.md") {
            return Some(parent.join("README.md"));
        }
        let mut candidate = String::with_capacity(stem.len() + 10);
        for ext in &self.options.source_extensions {
            candidate.clear();
            candidate.push_str(stem);
            candidate.push('.');
            candidate.push_str(ext);
            if listing.get(std::ffi::OsStr::new(&candidate)) == Some(tree::Kind::File) {
                return Some(parent.join(&candidate));
            }
        }
        None
    }

    /// A source of the generated page that differs from its name only in
    /// case (`CH15-00.html` for `ch15-00.md`).
    pub(super) fn source_in_other_case(
        &self,
        listing: &tree::Listing,
        segments: &[Seg],
        dir_ref: bool,
    ) -> Option<String> {
        let stem = page_stem(segments, dir_ref)?;
        self.options.source_extensions.iter().find_map(|ext| {
            let name = format!("{stem}.{ext}");
            listing
                .case_of(std::ffi::OsStr::new(&name))
                .map(|n| n.to_string_lossy().into_owned())
        })
    }

    /// What is wrong with `fragment` in the file at `target`: nothing when
    /// its anchors cannot be read (not markup, not readable) or fragments
    /// are not checked.
    pub(super) fn fragment_problem(
        &self,
        target: &Path,
        cells: Option<&FileCells>,
        fragment: Option<&str>,
        other: bool,
    ) -> Option<Problem> {
        let fragment = fragment?;
        if !self.options.fragments || !is_anchor_fragment(fragment) {
            return None;
        }
        if !is_markup_name(target) {
            return None;
        }
        let found;
        let cells = match cells {
            Some(c) => c,
            None => {
                found = self.tree.cells(target)?;
                &*found
            }
        };
        let anchors = self.anchors_of(target, cells)?;
        if anchors.contains(fragment) {
            return None;
        }
        Some(Problem::NoAnchor {
            nearest: anchors::nearest(&self.anchor_names(target), fragment).map(str::to_string),
            path: other.then(|| self.display(target)),
            fragment: fragment.to_string(),
        })
    }
}
