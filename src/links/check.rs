//! A file's relative references checked (SPEC section 11), and the
//! absolute URIs of a `--site`.

use super::*;

impl Links {
    /// Checks the relative references of `source`: the index in `refs`
    /// and the problem of each broken one, and what was left unchecked.
    pub fn check(&self, source: &Source, refs: &[Reference]) -> (Vec<(usize, Problem)>, Unchecked) {
        let abs = normal(source.path, &self.cwd);
        let Some(dir) = abs.parent() else {
            return (Vec::new(), Unchecked::default());
        };
        if refs.is_empty() {
            return (Vec::new(), Unchecked::default());
        }
        // An AsciiDoc part's links resolve in the document that includes
        // it, and those of an HTML page with `<base href>` against that:
        // neither is known here.
        let learned = self
            .tree
            .cells(&abs)
            .and_then(|c| c.elsewhere.get().copied());
        let resolves_elsewhere = learned.unwrap_or_else(|| {
            (may_be_asciidoc(&abs) || is_markup_name(&abs))
                && self.targets_of(&abs).is_some_and(|t| elsewhere(t.0, &t.1))
        });
        let site = self.site_of_file(&abs);
        // Antora resolves a module's resource ids wherever they are
        // written (its nav files have no title); only a partial's links
        // resolve in the page that includes it.
        let antora_module = site
            .as_ref()
            .filter(|s| s.generator == Generator::Antora)
            .and_then(|_| site::antora_module(dir));
        let in_partials =
            |m: &PathBuf| dir.strip_prefix(m).is_ok_and(|r| r.starts_with("partials"));
        let resolves_elsewhere =
            resolves_elsewhere && antora_module.as_ref().is_none_or(in_partials);
        if resolves_elsewhere {
            // An AsciiDoc part, or an HTML page's `<base href>`.
            let reason = Reason::elsewhere(may_be_asciidoc(&abs));
            return (Vec::new(), Unchecked::all(refs.len(), reason));
        }
        // A Quarto partial's links resolve in the page that includes it
        // (Quarto, "Includes": relative paths resolve from the main
        // file's folder); one no page includes is not rendered.
        if let Some(site) = &site
            && site.generator == Generator::Quarto
            && site::quarto::is_partial(&abs)
        {
            return match self.quarto_includer(site, &abs) {
                Some(page) => self.check(
                    &Source {
                        path: &page,
                        tree: source.tree,
                    },
                    refs,
                ),
                None => {
                    let reason =
                        Reason::new(Kind::Elsewhere, "in Quarto partials no page includes");
                    (Vec::new(), Unchecked::all(refs.len(), reason))
                }
            };
        }
        let tree = normal(source.tree, &self.cwd);
        // The site's root bounds it too: a reference that leaves it
        // leaves the site.
        let boundary = match &site {
            Some(s) if s.source.starts_with(&tree) => s.source.clone(),
            _ => tree,
        };
        let boundary = if dir.starts_with(&boundary) {
            boundary
        } else {
            dir.to_path_buf()
        };
        // The file's folder from the boundary, once for all its links.
        let start: Vec<OsString> = match dir.strip_prefix(&boundary) {
            Ok(rel) => rel.iter().map(|s| s.to_os_string()).collect(),
            Err(_) => Vec::new(),
        };
        let mut problems = Vec::new();
        let mut unchecked = Unchecked::default();
        // Whether the file is a template source, read once if needed.
        let mut template = None;
        // Whether a MyST page includes the file, read once if needed.
        let mut included: Option<bool> = None;
        // This file's own cells, for its `#frag`s.
        let mut own = None;
        let mut boundary_listing: Option<Option<Arc<tree::Listing>>> = None;
        // A page served at `name/` (Jekyll's and Zola's pretty URLs) has
        // its links resolved from there, not from its file's folder.
        let pretty = site
            .as_ref()
            .is_some_and(|s| s.is_pretty(&abs, || self.head_of(&abs)));
        for (i, r) in refs.iter().enumerate() {
            // A page the generator looks up by its own rules; in another
            // generator's site, no link at all.
            if matches!(
                r.kind,
                format::RefKind::Ref
                    | format::RefKind::Page
                    | format::RefKind::Post
                    | format::RefKind::Crossref
            ) {
                if let Some(outcome) = self.page_ref(site.as_deref(), &abs, &r.value, r.kind) {
                    let outcome = match outcome {
                        Ok(Some(p)) => {
                            self.limits(&abs, site.as_deref(), &r.value, p, &mut template)
                        }
                        o => o,
                    };
                    record(i, outcome, &mut problems, &mut unchecked);
                }
                continue;
            }
            if r.kind == format::RefKind::Bot {
                let reason = Reason::new(
                    Kind::Generated,
                    "written by the all-contributors bot, whose emoji links name no anchor by design",
                );
                record(i, Err(reason), &mut problems, &mut unchecked);
                continue;
            }
            // Antora's `xref:` and `image::` name resource ids of the
            // module, wherever they are written.
            if let (Some(site), Some(module)) = (&site, &antora_module)
                && r.kind != format::RefKind::Link
                && !r.value.starts_with(b"#")
                && memchr::memmem::find(&r.value, b"://").is_none()
            {
                let outcome = self.antora_id(site, module, &r.value, r.kind);
                record(i, outcome, &mut problems, &mut unchecked);
                continue;
            }
            // A Docusaurus doc's extensionless link is a route.
            if let Some(site) = &site
                && site.generator == Generator::Docusaurus
                && is_route(&r.value)
                && let Some(found) = self.docusaurus_route(site, &abs, &r.value)
            {
                let found = self.route_outcome(site, &abs, &r.value, found, &mut template);
                record(i, found, &mut problems, &mut unchecked);
                continue;
            }
            // A Nextra page's link to another page is a route.
            if let Some(site) = &site
                && site.generator == Generator::Nextra
                && !r.value.starts_with(b"#")
                && memchr::memchr3(b'{', b'}', b'$', &r.value).is_none()
                && let Some(found) = self.nextra_route(site, &abs, &r.value)
            {
                let found = self.route_outcome(site, &abs, &r.value, found, &mut template);
                record(i, found, &mut problems, &mut unchecked);
                continue;
            }
            // Docsify's `page?id=x` names the heading `x` of `page`.
            let docsify_value;
            let value: &[u8] = match &site {
                Some(site) if site.generator == Generator::Docsify => {
                    docsify_value = site::docsify::as_link(&r.value);
                    &docsify_value
                }
                _ => &r.value,
            };
            let resolved = match self.resolve(dir, &boundary, &start, value) {
                Resolved::Path { .. } | Resolved::Leaves if pretty => {
                    Resolved::Unchecked(Reason::outside())
                }
                r => r,
            };
            let problem = match resolved {
                Resolved::Skip => continue,
                Resolved::Unchecked(u) => Err(u),
                // `/..` past `--root`.
                Resolved::Leaves => Err(Reason::outside()),
                Resolved::Malformed(why) => Ok(Some(Problem::Malformed { why })),
                Resolved::Same(fragment) => {
                    let cells = own.get_or_insert_with(|| self.tree.cells(&abs));
                    let p =
                        self.fragment_problem(&abs, cells.as_deref(), fragment.as_deref(), false);
                    // A natural cross reference names an id, or else a
                    // title (Asciidoctor, "Natural cross references").
                    let titled = || {
                        let (Some(c), Some(f)) = (cells.as_deref(), fragment.as_deref()) else {
                            return false;
                        };
                        self.anchors_of(&abs, c)
                            .is_some_and(|a| a.contains(&anchors::title(f)))
                    };
                    match p {
                        Some(Problem::NoAnchor { .. })
                            if r.kind == format::RefKind::Natural && titled() =>
                        {
                            Ok(None)
                        }
                        p => Ok(p),
                    }
                }
                Resolved::Path {
                    base,
                    segments,
                    dir,
                    fragment,
                } => {
                    // Most links start at the boundary: its listing is
                    // looked up once.
                    let listing = if base == boundary.as_path() {
                        boundary_listing
                            .get_or_insert_with(|| self.tree.listing(&boundary))
                            .as_ref()
                    } else {
                        None
                    };
                    match self.look_up(base, listing, &segments, dir, fragment) {
                        Looked::Fine => Ok(None),
                        Looked::Unseen => Err(Reason::unseen()),
                        Looked::Problem(p) => Ok(Some(p)),
                    }
                }
            };
            // Where the file's folder finds nothing, the site's own ways,
            // then where its model ends (SPEC section 11a).
            let problem = match (problem, &site) {
                (Ok(Some(p)), Some(site)) => self.by_site(site, &abs, dir, value, Ok(p)),
                (Ok(Some(_)), None)
                    if *included.get_or_insert_with(|| self.included_by_myst(&abs)) =>
                {
                    Err(Reason::new(
                        Kind::Elsewhere,
                        "in files a MyST page includes, whose links resolve in that page",
                    ))
                }
                (Err(u), Some(site)) if matches!(u.kind, Kind::RootRelative | Kind::Outside) => {
                    self.by_site(site, &abs, dir, value, Err(u))
                }
                (p, _) => p,
            };
            let problem = match (problem, &site) {
                (Ok(None), Some(site)) if !site.rewrites_sources() => source_link(site, value),
                // A page that is not rendered itself is read on GitHub,
                // where its links to other sources work.
                (Ok(None), Some(site))
                    if site.generator == Generator::MdBook && site.is_chapter(&abs) =>
                {
                    Ok(unlisted_chapter(site, dir, value))
                }
                (p, _) => p,
            };
            let problem = match problem {
                Ok(Some(p)) => self.limits(&abs, site.as_deref(), value, p, &mut template),
                p => p,
            };
            record(i, problem, &mut problems, &mut unchecked);
        }
        (problems, unchecked)
    }

    /// What a route's page says of a link (Docusaurus', Nextra's): a
    /// broken one as the site makes its anchors and where its model ends;
    /// a config that could not be read leaves it unchecked.
    fn route_outcome(
        &self,
        site: &Site,
        abs: &Path,
        value: &[u8],
        found: Result<Option<Problem>, Reason>,
        template: &mut Option<bool>,
    ) -> Result<Option<Problem>, Reason> {
        match found {
            Ok(Some(_)) if site.broken.is_some() => Err(Reason::new(
                Kind::Config,
                site.broken.clone().unwrap_or_default(),
            )),
            Ok(Some(p)) => match self.site_anchor(site, abs, &p) {
                Some(decided) => decided,
                None => self.limits(abs, Some(site), value, p, template),
            },
            f => f,
        }
    }

    /// Whether `uri` is one of a `--site`'s, and if so what is wrong with
    /// it (`Some(None)`: nothing).
    pub fn check_uri(&self, uri: &[u8]) -> Option<Option<Problem>> {
        let (prefix, dir) = self.site_for(uri)?;
        let mut rest = b"/".to_vec();
        rest.extend_from_slice(&uri[prefix.len()..]);
        Some(match self.look_up_from(dir, &rest) {
            Some(Looked::Problem(p)) => Some(p),
            _ => None,
        })
    }

    /// Looks up the path of `value` (with its fragment) from folder
    /// `base`: `None` when it is no path there (it climbs out of `base`).
    pub(super) fn look_up_from(&self, base: &Path, value: &[u8]) -> Option<Looked> {
        match self.resolve_path(base, &[], parts(value)) {
            Resolved::Path {
                base,
                segments,
                dir,
                fragment,
            } => Some(self.look_up(base, None, &segments, dir, fragment)),
            Resolved::Malformed(why) => Some(Looked::Problem(Problem::Malformed { why })),
            _ => None,
        }
    }
}
