//! Where a site's model decides a link the file's own folder does not
//! (SPEC section 11a): the generator's own ways to resolve it (Hugo's
//! GetPage, Zola's `@/`, Antora's resource ids, Docusaurus' routes,
//! permalinks), what it renders and makes, and where its knowledge ends,
//! as a [`Reason`] the link is left unchecked for.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::path::{parts, percent_decode};
use super::{Generator, Kind, Links, Looked, Problem, Reason, Site, cached, normal, permalinks};
use crate::format;
use crate::paths;

use super::makers::is_template_source;

/// How many partials deep a Quarto include chain is followed.
const MAX_INCLUDE_HOPS: usize = 8;

impl Links {
    /// A link the file's folder did not resolve, looked for as the
    /// site's generator resolves it (SPEC section 11a): found, broken, or
    /// unchecked where the site's model ends. `folder` is what the file's
    /// folder made of it: a problem, or the reason it was left (a
    /// `/`-rooted link, one leaving the tree), kept if the site finds
    /// nothing better.
    pub(super) fn by_site(
        &self,
        site: &Site,
        abs: &Path,
        dir: &Path,
        value: &[u8],
        folder: Result<Problem, Reason>,
    ) -> Result<Option<Problem>, Reason> {
        let path = parts(value).path;
        // The query and fragment, as written, go after each try's path.
        let suffix = &value[path.len()..];
        let mut best = folder;
        if !matches!(best, Ok(Problem::Malformed { .. })) {
            for (base, rel) in site.tries(abs, dir, path) {
                if site.contents.contains(&base) && is_mounted(site, &rel) {
                    return Ok(None);
                }
                // Joined lexically and looked up from the site's root:
                // a try's folder need not exist (`page/../x`).
                let Ok(text) = std::str::from_utf8(&rel) else {
                    continue;
                };
                let full = paths::lexical(&base.join(text));
                let Ok(under) = full.strip_prefix(&site.source) else {
                    continue;
                };
                // The path, and where a collection's URL prefix maps it
                // (Jekyll's `/docs/x/` from `_docs/x.md`).
                let under = under.to_string_lossy().into_owned();
                let mut candidates = vec![under.clone()];
                for (prefix, to) in &site.prefixes {
                    if let Some(rest) = under.strip_prefix(prefix.as_str())
                        && let Ok(to) = to.strip_prefix(&site.source)
                    {
                        candidates.push(format!("{}/{rest}", to.to_string_lossy()));
                    }
                }
                for under in candidates {
                    let mut rel = under.into_bytes();
                    if text.ends_with('/') && !rel.is_empty() {
                        rel.push(b'/');
                    }
                    rel.extend_from_slice(suffix);
                    match self.look_up_from(&site.source, &rel) {
                        Some(Looked::Fine) => return Ok(None),
                        // Hugo lower-cases page URLs (unless
                        // `disablePathToLower`), and GetPage finds a page
                        // whatever its case: a page's name in another case
                        // is the page.
                        Some(Looked::Problem(Problem::Case { actual, .. }))
                            if site.generator == Generator::Hugo
                                && site.lowercase_urls
                                && (actual.ends_with(".md")
                                    || actual.ends_with(".markdown")
                                    || actual.ends_with(".html")
                                    || !actual.contains('.')) =>
                        {
                            return Ok(None);
                        }
                        Some(Looked::Problem(p)) => match &best {
                            // A link left for a reason now has a problem.
                            Err(_) => best = Ok(p),
                            // The page is there; its anchor is not.
                            Ok(b)
                                if matches!(p, Problem::NoAnchor { .. })
                                    && !matches!(b, Problem::NoAnchor { .. }) =>
                            {
                                best = Ok(p)
                            }
                            Ok(_) => {}
                        },
                        _ => {}
                    }
                }
            }
        }
        let best = best?;
        // GetPage finds a page whatever the case (Hugo lower-cases page
        // paths).
        if matches!(best, Problem::Case { .. })
            && site.generator == Generator::Hugo
            && site.rewriter.is_some()
        {
            return Ok(None);
        }
        if matches!(best, Problem::Missing { .. } | Problem::NoIndex { .. })
            && matches!(
                site.generator,
                Generator::Jekyll | Generator::Hugo | Generator::Docusaurus
            )
            && let Some(page) = self.permalink(site, abs, dir, path)
        {
            let fragment = parts(value).fragment;
            return Ok(self.fragment_problem(&page, None, fragment.as_deref(), true));
        }
        if let Some(decided) = self.site_anchor(site, abs, &best) {
            return decided;
        }
        if let Some(decided) = self.myst_destination(site, dir, path, &best) {
            return decided;
        }
        // A route Docsify's `alias` serves from elsewhere.
        if site.generator == Generator::Docsify
            && matches!(best, Problem::Missing { .. })
            && super::site::docsify::aliased(site, &String::from_utf8_lossy(path))
        {
            return Err(Reason::new(
                Kind::Remote,
                "served from elsewhere by a Docsify `alias`",
            ));
        }
        if let Some(why) = &site.broken {
            return Err(Reason::new(Kind::Config, why.clone()));
        }
        if names_its_repository(self.head_of(abs)) {
            return Err(Reason::new(
                Kind::Copied,
                "in pages copied in from the repository their front matter names",
            ));
        }
        if let Problem::Missing { .. } | Problem::NoIndex { .. } = &best {
            let last = memchr::memrchr(b'/', path).map_or(path, |k| &path[k + 1..]);
            // A destination that is no path (no `/`, no file's
            // extension: `glossary`, `expr.closure`) is what a rewriter
            // takes for a name of its own.
            if let Some(by) = &site.rewriter
                && !path.contains(&b'/')
                && !super::fit::has_extension(&String::from_utf8_lossy(last))
            {
                return Err(Reason::new(Kind::Rewritten, by.clone()));
            }
            if let Some(by) = &site.makers
                && made_by_backend(last)
            {
                return Err(Reason::new(Kind::Generated, by.clone()));
            }
            if let Some(by) = &site.made {
                return Err(Reason::new(Kind::Generated, by.clone()));
            }
            // A file, not a page, that a theme or module may provide.
            if let Some(by) = &site.assets
                && path.starts_with(b"/")
                && memchr::memrchr(b'.', last).is_some_and(|k| {
                    !matches!(&last[k + 1..], b"md" | b"html" | b"htm" | b"markdown")
                })
            {
                return Err(Reason::new(Kind::Remote, by.clone()));
            }
        }
        Ok(Some(best))
    }

    /// What the site makes of a fragment that names no anchor the model
    /// sees, written in the file `abs`: an id a plug-in makes (`[links]
    /// anchors`, mdbook-spec's `r-*`) is found, and one into a page whose
    /// shortcodes or components may make headings is unchecked. `None`
    /// for any other problem, or where the site decides nothing.
    pub(super) fn site_anchor(
        &self,
        site: &Site,
        abs: &Path,
        problem: &Problem,
    ) -> Option<Result<Option<Problem>, Reason>> {
        let Problem::NoAnchor { fragment, path, .. } = problem else {
            return None;
        };
        if site.anchors.is_match(fragment) {
            return Some(Ok(None));
        }
        // MyST resolves `#label` against every target of the project; in
        // Sphinx, `page.md#x` names an id of that page only (MyST-Parser,
        // "Default destination resolution"), in mystmd any target.
        if site.myst {
            if (path.is_none() || site.domains.is_none())
                && self
                    .myst_index(site)
                    .labels
                    .contains(&fragment.to_lowercase())
            {
                return Some(Ok(None));
            }
            if path.is_none()
                && let Some(by) = &site.domains
            {
                return Some(Err(Reason::new(Kind::Rewritten, by.clone())));
            }
        }
        let target = match path {
            Some(p) => normal(Path::new(p), &self.cwd),
            None => abs.to_path_buf(),
        };
        // An id its layout templates write.
        if matches!(site.generator, Generator::Eleventy | Generator::Jekyll)
            && self.layout_ids(site).contains(fragment.as_str())
        {
            return Some(Ok(None));
        }
        // The headings of the MDX parts the page renders are its own.
        let makers = self.makers_of(site.generator, &target);
        if makers.imports.iter().any(|part| {
            part.is_file()
                && self
                    .fragment_problem(part, None, Some(fragment), true)
                    .is_none()
        }) {
            return Some(Ok(None));
        }
        if let Some(by) = self.may_make_headings(site.generator, &target, fragment) {
            return Some(Err(Reason::new(
                Kind::Anchors,
                format!("their targets have {by} that may make headings"),
            )));
        }
        // A page a hook or plug-in may rewrite: one that names it first.
        let named = site
            .rewritten
            .iter()
            .find(|(_, pages)| pages.as_ref().is_some_and(|p| p.contains(&target)));
        let (by, _) = named.or_else(|| site.rewritten.iter().find(|(_, pages)| pages.is_none()))?;
        Some(Err(Reason::new(Kind::Anchors, by.clone())))
    }

    /// The ids an Eleventy or Jekyll site's layout and include templates
    /// write literally, read once (see
    /// [`super::site::eleventy::layout_ids`]).
    fn layout_ids(&self, site: &Site) -> Arc<std::collections::HashSet<String>> {
        cached(&self.layout_ids, site.home.as_os_str(), || {
            let mut files = Vec::new();
            for base in [&site.home, &site.source] {
                for folder in ["_includes", "_layouts"] {
                    files.extend(self.files_under(
                        &base.join(folder),
                        &["html", "njk", "liquid", "hbs", "webc", "md", "js"],
                    ));
                }
            }
            files.sort();
            files.dedup();
            super::site::eleventy::layout_ids(&files)
        })
    }

    /// The explicit targets of a MyST project (see
    /// [`super::site::myst_targets`]), read once from its Markdown,
    /// notebooks and rST, and the files its pages include.
    pub(super) fn myst_index(&self, site: &Site) -> Arc<super::site::MystIndex> {
        cached(&self.labels, site.home.as_os_str(), || {
            let mut out = super::site::MystIndex::default();
            let files = self.files_under(&site.source, &["md", "ipynb", "rst", "qmd", "txt"]);
            for f in files {
                let held = self.options.pages.as_ref().and_then(|p| (p.0)(&f));
                let raw = match held {
                    Some(text) => Some(text.to_vec()),
                    None => super::read_page(&f),
                };
                if let Some(raw) = raw {
                    out.read(&f, &raw);
                }
            }
            out
        })
    }

    /// Whether a page of a MyST project known to this run includes the
    /// file `abs` (`{include}`): its links resolve in that page, rebased
    /// by `:relative-docs:`, not where the file is.
    pub(super) fn included_by_myst(&self, abs: &Path) -> bool {
        let sites: Vec<Arc<Site>> = self
            .generators
            .read()
            .map(|g| g.values().flatten().filter(|s| s.myst).cloned().collect())
            .unwrap_or_default();
        sites
            .iter()
            .any(|s| self.myst_index(s).includes.contains(abs))
    }

    /// The page that includes the Quarto partial `abs`, through partials
    /// that include it (at most a few deep); `None` when no page does.
    pub(super) fn quarto_includer(&self, site: &Site, abs: &Path) -> Option<PathBuf> {
        let index = self.myst_index(site);
        let mut at = abs.to_path_buf();
        for _ in 0..MAX_INCLUDE_HOPS {
            let up = index.includers.get(&at)?;
            if !super::site::quarto::is_partial(up) {
                return Some(up.clone());
            }
            at = up.clone();
        }
        None
    }

    /// A Quarto cross-reference (`@sec-x`, value `#sec-x`): found when a
    /// label of that name is set in its page (and the partials it
    /// includes) or, in a book, in any chapter (Quarto, "Cross
    /// References", "Book Crossrefs").
    pub(super) fn quarto_crossref(
        &self,
        site: &Site,
        abs: &Path,
        value: &[u8],
    ) -> Result<Option<Problem>, Reason> {
        let label = String::from_utf8_lossy(value.strip_prefix(b"#").unwrap_or(value)).into_owned();
        let book = site.crossrefs == Some(true);
        // The labels of the book, or of the page and its parts, read once.
        let labels = match book {
            true => self.myst_index(site),
            false => cached(&self.labels, abs.as_os_str(), || {
                let mut files = vec![abs.to_path_buf()];
                if let Some((_, Some(all))) = self.all_targets(abs) {
                    let dir = abs.parent().unwrap_or(abs);
                    files.extend(all.includes.iter().map(|i| normal(Path::new(i), dir)));
                }
                let mut index = super::site::MystIndex::default();
                for f in files {
                    if let Some(raw) = super::read_page(&f) {
                        index.read(&f, &raw);
                    }
                }
                index
            }),
        };
        let found = labels.labels.contains(&label.to_lowercase());
        if found {
            return Ok(None);
        }
        if let Some(why) = &site.broken {
            return Err(Reason::new(Kind::Config, why.clone()));
        }
        Ok(Some(Problem::NoLabel {
            label,
            scope: if book { "the book" } else { "this page" },
        }))
    }

    /// A MyST destination that is no file: a label of the project
    /// (`[](units/length)` names `(units/length)=`) or a document named
    /// without its extension, from the file's folder or the project's
    /// root (MyST-Parser, "Default destination resolution"). `None` where
    /// MyST decides nothing.
    fn myst_destination(
        &self,
        site: &Site,
        dir: &Path,
        path: &[u8],
        problem: &Problem,
    ) -> Option<Result<Option<Problem>, Reason>> {
        if !site.myst || !matches!(problem, Problem::Missing { .. }) || path.is_empty() {
            return None;
        }
        let text = std::str::from_utf8(path).ok()?;
        if text.starts_with('/') || text.ends_with('/') {
            return None;
        }
        let last = text.rsplit('/').next().unwrap_or(text);
        if super::fit::has_extension(last) {
            return None;
        }
        if self.myst_index(site).labels.contains(&text.to_lowercase()) {
            return Some(Ok(None));
        }
        for base in [dir, site.source.as_path()] {
            for ext in ["md", "ipynb", "rst"] {
                let doc = paths::lexical(&base.join(format!("{text}.{ext}")));
                if doc.starts_with(&site.source) && doc.is_file() {
                    return Some(Ok(None));
                }
            }
        }
        site.domains
            .as_ref()
            .map(|by| Err(Reason::new(Kind::Rewritten, by.clone())))
    }

    /// The page whose front matter gives it the URL `path` names, written
    /// in the file `abs` (in folder `dir`): `/`-rooted, or relative to the
    /// file or to the page's own folder.
    fn permalink(&self, site: &Site, abs: &Path, dir: &Path, path: &[u8]) -> Option<PathBuf> {
        let index = cached(&self.permalinks, site.home.as_os_str(), || {
            let files = self.files_under(&site.source, &["md", "markdown", "mdx", "html", "htm"]);
            let head = |p: &Path| self.head_of(p);
            permalinks::index(
                &files,
                &site.source,
                &site.contents,
                site.posts.as_ref(),
                &head,
            )
        });
        if index.is_empty() {
            return None;
        }
        let text = String::from_utf8_lossy(path);
        if text.starts_with('/') {
            return index.get(&permalinks::key(&text)).cloned();
        }
        let mut from = vec![dir.to_path_buf()];
        if let Some(stem) = abs.file_stem() {
            from.push(dir.join(stem));
        }
        from.iter().find_map(|f| {
            let url = paths::lexical(&f.join(&*text));
            let root = site
                .contents
                .iter()
                .find(|c| url.starts_with(c))
                .unwrap_or(&site.source);
            let rel = url.strip_prefix(root).ok()?;
            index.get(&permalinks::key(&rel.to_string_lossy())).cloned()
        })
    }

    /// An Antora resource id written in `module` (Antora's documentation,
    /// "Resource ID coordinates"): `[version@][component:][module:]
    /// [family$]path`, the family `page` for an `xref:` and `image` for
    /// an image.
    pub(super) fn antora_id(
        &self,
        site: &Site,
        module: &Path,
        value: &[u8],
        kind: format::RefKind,
    ) -> Result<Option<Problem>, Reason> {
        let text = String::from_utf8_lossy(value);
        let (id, suffix) = match text.find(['#', '?']) {
            Some(k) => (&text[..k], &text[k..]),
            None => (&*text, ""),
        };
        let id = id.split_once('@').map_or(id, |(_, rest)| rest);
        let (family, path) = match id.split_once('$') {
            Some((coords, path)) => (Some(coords), path),
            None => (None, id),
        };
        // The coordinates before the family (or the path): component and
        // module.
        let (coords, family) = match family {
            Some(c) => match c.rsplit_once(':') {
                Some((coords, family)) => (Some(coords), family),
                None => (None, c),
            },
            None => {
                let mut parts: Vec<&str> = path.rsplitn(3, ':').collect();
                parts.reverse();
                let path_part = parts.pop().unwrap_or(path);
                let coords = (!parts.is_empty()).then(|| &id[..id.len() - path_part.len() - 1]);
                return self.antora_lookup(
                    site,
                    module,
                    coords,
                    default_family(kind),
                    path_part,
                    suffix,
                );
            }
        };
        self.antora_lookup(site, module, coords, family, path, suffix)
    }

    /// Looks up an Antora resource in `family` of the module `coords`
    /// names (`component:module`, `module`, or none: this one).
    fn antora_lookup(
        &self,
        site: &Site,
        module: &Path,
        coords: Option<&str>,
        family: &str,
        path: &str,
        suffix: &str,
    ) -> Result<Option<Problem>, Reason> {
        let (component, name) = match coords.map(|c| c.split_once(':')) {
            Some(Some((c, m))) => (Some(c), Some(m)),
            Some(None) => (None, coords),
            None => (None, None),
        };
        if let Some(c) = component
            && !c.is_empty()
            && site.component.as_deref() != Some(c)
        {
            return Err(Reason::new(
                Kind::Remote,
                "in Antora components not in the tree",
            ));
        }
        let module = match name.filter(|m| !m.is_empty()) {
            Some(m) => module.parent().unwrap_or(module).join(m),
            None => module.to_path_buf(),
        };
        // Antora 1's `assets/` layout is still read for images and
        // attachments.
        let folders: &[&str] = match family {
            "page" => &["pages"],
            "image" => &["images", "assets/images"],
            "partial" => &["partials", "pages/_partials"],
            "example" => &["examples"],
            "attachment" => &["attachments", "assets/attachments"],
            _ => return Ok(None),
        };
        // A path into the module's published images (`_images/x.png`)
        // lands on them on the built site.
        let path = match family {
            "image" => path.strip_prefix("_images/").unwrap_or(path),
            _ => path,
        };
        let mut rel = path.as_bytes().to_vec();
        rel.extend_from_slice(suffix.as_bytes());
        // A page renamed keeps its old ids in `:page-aliases:`.
        if family == "page"
            && let Some(name) = module.file_name().and_then(|n| n.to_str())
            && self
                .antora_aliases(site)
                .contains_key(&format!("{name}:{}", path.trim_start_matches("./")))
        {
            return Ok(None);
        }
        let mut first = None;
        for folder in folders {
            let looked = match self.look_up_from(&module.join(folder), &rel) {
                Some(Looked::Fine) => return Ok(None),
                Some(Looked::Unseen) => Err(Reason::unseen()),
                Some(Looked::Problem(p)) => Ok(Some(p)),
                None => Err(Reason::outside()),
            };
            first.get_or_insert(looked);
        }
        first.unwrap_or(Ok(None))
    }

    /// The page ids an Antora component's pages keep as aliases
    /// (`:page-aliases: old.adoc, other:older.adoc`), as `module:path`,
    /// read once per site.
    fn antora_aliases(&self, site: &Site) -> Arc<std::collections::HashMap<String, PathBuf>> {
        let mut key = site.home.as_os_str().to_os_string();
        key.push("\0antora");
        cached(&self.permalinks, &key, || {
            let modules = site.source.join("modules");
            let files = self.files_under(&modules, &["adoc"]);
            permalinks::antora_aliases(&files, &modules, &|p: &Path| self.head_of(p))
        })
    }

    /// The routes of a Docusaurus site (Docusaurus, "Docs", "Versioning",
    /// "Blog", "Creating pages"): each docs plugin's docs at its
    /// `routeBasePath` (the current version also under `next/`, each
    /// version of `versions.json` under its name, the latest also at the
    /// base), the blog's posts, and the pages of `src/pages`.
    fn docusaurus_routes(&self, site: &Site) -> Arc<Routes> {
        cached(&self.routes, site.home.as_os_str(), || {
            let mut routes = Routes::default();
            let Some(layout) = &site.docusaurus else {
                return routes;
            };
            let head = |p: &Path| self.head_of(p);
            let docs_exts = ["md", "mdx", "markdown"];
            let add = |routes: &mut Routes, folder: &Path, base: &str| {
                let files = self.files_under(folder, &docs_exts);
                for (f, r) in permalinks::docusaurus_routes(&files, folder, base, &head) {
                    routes
                        .by_route
                        .entry(r.clone())
                        .or_insert_with(|| f.clone());
                    routes.of_file.entry(f).or_insert(r);
                }
            };
            for d in &layout.docs {
                let prefix = match d.id.as_str() {
                    "default" => String::new(),
                    id => format!("{id}_"),
                };
                // The current docs are the latest version unless a version
                // is released; a site may also copy them into the latest
                // version's folder at build: both are served at the base.
                add(&mut routes, &d.path, &d.base);
                add(&mut routes, &d.path, &permalinks::join(&d.base, "next"));
                for (k, v) in d.versions.iter().enumerate() {
                    let folder = site
                        .home
                        .join(format!("{prefix}versioned_docs"))
                        .join(format!("version-{v}"));
                    add(&mut routes, &folder, &permalinks::join(&d.base, v));
                    if k == 0 || d.last_version.as_deref() == Some(v) {
                        add(&mut routes, &folder, &d.base);
                    }
                }
            }
            if let Some((blog, base)) = &layout.blog {
                for f in self.files_under(blog, &docs_exts) {
                    let Ok(rel) = f.strip_prefix(blog) else {
                        continue;
                    };
                    let slug = head(&f).and_then(|h| {
                        permalinks::front_matter(&h)
                            .and_then(|fm| permalinks::value(fm, "slug"))
                            .map(|s| s.trim_matches('/').to_string())
                    });
                    let mut own = match slug {
                        Some(s) => vec![s],
                        None => super::site::docusaurus::blog_routes(rel),
                    };
                    own.dedup();
                    for r in own {
                        let r = permalinks::join(base, &r);
                        routes
                            .by_route
                            .entry(r.clone())
                            .or_insert_with(|| f.clone());
                        routes.of_file.entry(f.clone()).or_insert(r);
                    }
                }
                routes.made.push(base.clone());
            }
            let pages = self.files_under(&layout.pages, &["md", "mdx", "js", "jsx", "ts", "tsx"]);
            for f in pages {
                let Ok(rel) = f.strip_prefix(&layout.pages) else {
                    continue;
                };
                if rel.iter().any(|s| s.to_string_lossy().starts_with('_')) {
                    continue;
                }
                let rel = rel.with_extension("");
                let mut r = rel.to_string_lossy().replace('\\', "/");
                if r == "index" {
                    r.clear();
                } else if let Some(folder) = r.strip_suffix("/index") {
                    r = folder.to_string();
                }
                routes
                    .by_route
                    .entry(r.clone())
                    .or_insert_with(|| f.clone());
                routes.of_file.entry(f).or_insert(r);
            }
            routes
        })
    }

    /// The routes of a Next.js site with Nextra: each page file's, a
    /// locale's file (`cache.ja.mdx`) also under its locale's prefix.
    fn nextra_routes(&self, site: &Site) -> Arc<Routes> {
        cached(&self.routes, site.home.as_os_str(), || {
            let mut routes = Routes::default();
            for (folder, app) in super::site::nextra::route_folders(&site.home) {
                let files = self.files_under(&folder, &["md", "mdx", "js", "jsx", "ts", "tsx"]);
                for f in files {
                    let Ok(rel) = f.strip_prefix(&folder) else {
                        continue;
                    };
                    let Some((route, locale)) =
                        super::site::nextra::route_of(rel, app, &site.locales)
                    else {
                        continue;
                    };
                    routes
                        .by_route
                        .entry(route.clone())
                        .or_insert_with(|| f.clone());
                    if let Some(l) = &locale {
                        routes
                            .by_route
                            .entry(format!("{l}/{route}").trim_end_matches('/').to_string())
                            .or_insert_with(|| f.clone());
                        routes
                            .by_locale
                            .insert((l.clone(), route.clone()), f.clone());
                        routes.locale_of.insert(f.clone(), l.clone());
                    }
                    routes.of_file.insert(f, route);
                }
            }
            routes
        })
    }

    /// A Nextra link to a page (Nextra strips `.md` and `.mdx` from
    /// destinations): from the root when `/`-rooted (a locale's prefix
    /// first), else against its page's URL, served without a trailing
    /// `/`; the page in the linking page's locale first. `None` for a
    /// file's link (an image), or what the routes decide nothing of.
    pub(super) fn nextra_route(
        &self,
        site: &Site,
        abs: &Path,
        value: &[u8],
    ) -> Option<Result<Option<Problem>, Reason>> {
        let p = parts(value);
        let text = String::from_utf8_lossy(p.path);
        let text = text
            .strip_suffix(".mdx")
            .or_else(|| text.strip_suffix(".md"))
            .unwrap_or(&text);
        let last = text.rsplit('/').next().unwrap_or(text);
        if super::fit::has_extension(last) {
            return None;
        }
        let routes = self.nextra_routes(site);
        let mut locale = routes.locale_of.get(abs).cloned();
        let route = match text.strip_prefix('/') {
            Some(rooted) => {
                let rooted = rooted.trim_end_matches('/');
                match rooted.split_once('/').map_or((rooted, ""), |x| x) {
                    (l, rest) if site.locales.iter().any(|x| x == l) => {
                        locale = Some(l.to_string());
                        rest.to_string()
                    }
                    _ => rooted.to_string(),
                }
            }
            None => {
                let own = routes.of_file.get(abs)?;
                from_route(own, text)
            }
        };
        // A locale's page only (Nextra 2, "i18n": the locale's file is
        // required, the default locale's too); a page with no locale in
        // its name is every locale's.
        let page = match &locale {
            Some(l) if !site.locales.is_empty() => routes
                .by_locale
                .get(&(l.clone(), route.clone()))
                .or_else(|| {
                    routes
                        .by_route
                        .get(&route)
                        .filter(|f| !routes.locale_of.contains_key(*f))
                }),
            _ => routes.by_route.get(&route),
        };
        if let Some(page) = page {
            return Some(Ok(self.fragment_problem(
                page,
                None,
                p.fragment.as_deref(),
                true,
            )));
        }
        // A redirect's source, or a route under one with a parameter.
        if site.pages.iter().any(|r| {
            r == &route
                || r.split_once("/:").is_some_and(|(prefix, _)| {
                    route.starts_with(&format!("{prefix}/")) || prefix == route
                })
        }) {
            return Some(Ok(None));
        }
        // A `/`-rooted file of `public/` (an image, a feed).
        if text.starts_with('/') && site.rooted.iter().any(|r| r.join(&route).exists()) {
            return None;
        }
        let path = match &locale {
            Some(l) if !site.locales.is_empty() => format!("/{route}` in locale `{l}"),
            _ => format!("/{route}"),
        };
        Some(Ok(Some(Problem::Missing { path, page: true })))
    }

    /// A Docusaurus link that is a route, not a file (Docusaurus,
    /// "Markdown links": only links to `.md` files are files): resolved
    /// against its page's own route, or from the root when `/`-rooted,
    /// and looked up among the site's routes. `None` where the routes
    /// decide nothing.
    pub(super) fn docusaurus_route(
        &self,
        site: &Site,
        abs: &Path,
        value: &[u8],
    ) -> Option<Result<Option<Problem>, Reason>> {
        let routes = self.docusaurus_routes(site);
        let p = parts(value);
        let text = String::from_utf8_lossy(p.path);
        // A page is served at its route without a trailing `/`: a relative
        // link resolves from the route's folder.
        let route = match text.strip_prefix('/') {
            Some(rooted) => rooted.to_string(),
            None => {
                let own = routes.of_file.get(abs)?;
                from_route(own, &text)
            }
        };
        let route = route.trim_matches('/');
        if let Some(doc) = routes.by_route.get(route) {
            return Some(Ok(self.fragment_problem(
                doc,
                None,
                p.fragment.as_deref(),
                true,
            )));
        }
        // The blog's lists, tags, archive and authors are made.
        if routes.made.iter().any(|b| {
            route == b
                || ["tags", "archive", "authors", "page"]
                    .iter()
                    .any(|m| route == format!("{b}/{m}") || route.starts_with(&format!("{b}/{m}/")))
        }) {
            return Some(Ok(None));
        }
        // Under a docs plugin's own base, every route is a doc's.
        let layout = site.docusaurus.as_ref()?;
        if layout.docs.iter().any(|d| {
            !d.base.is_empty() && (route == d.base || route.starts_with(&format!("{}/", d.base)))
        }) {
            return Some(Ok(Some(Problem::Missing {
                path: format!("/{route}"),
                page: true,
            })));
        }
        // Not a route: a static file or a redirect of the site, looked up
        // as before.
        None
    }

    /// What no site model decides: the targets and ids config declares,
    /// and template sources, whose links resolve where they are rendered.
    pub(super) fn limits(
        &self,
        abs: &Path,
        site: Option<&Site>,
        value: &[u8],
        problem: Problem,
        template: &mut Option<bool>,
    ) -> Result<Option<Problem>, Reason> {
        match &problem {
            Problem::NoAnchor { fragment, .. } if self.anchors.is_match(fragment) => {
                return Ok(None);
            }
            Problem::Missing { path, .. }
            | Problem::NoIndex { path }
            | Problem::NoPage { path, .. }
                if !self.generated.is_empty()
                    && (self.generated.is_match(path)
                        || self.generated.is_match(
                            String::from_utf8_lossy(parts(value).path).trim_start_matches('/'),
                        )) =>
            {
                return Ok(None);
            }
            _ => {}
        }
        // A file the repository ignores is made at build (Quarto's
        // generated API pages, a build's output), not committed: a link
        // to it cannot be checked in the tree.
        if let Problem::Missing { path, page } = &problem
            && self.ignored_target(&normal(Path::new(path), &self.cwd), *page)
        {
            return Err(Reason::new(
                Kind::Generated,
                "ignored by the repository's .gitignore: made at build, not committed",
            ));
        }
        if *template.get_or_insert_with(|| is_template_source(abs, site)) {
            return Err(Reason::new(
                Kind::Template,
                "in template sources, whose links resolve where they are rendered",
            ));
        }
        Ok(Some(problem))
    }
}

impl Links {
    /// Whether the repository ignores the missing target `full`, or, for
    /// a page (`page`), the source it would be made from (`x.html` from
    /// an ignored `x.qmd`).
    fn ignored_target(&self, full: &Path, page: bool) -> bool {
        if self.git_ignored(full) {
            return true;
        }
        if !page {
            return false;
        }
        let text = full.to_string_lossy();
        let stem = text
            .trim_end_matches('/')
            .trim_end_matches(".html")
            .trim_end_matches(".htm");
        self.options
            .source_extensions
            .iter()
            .any(|e| self.git_ignored(Path::new(&format!("{stem}.{e}"))))
    }

    /// Whether the repository ignores the file at `full` (its
    /// `.gitignore` files, from its folder up to the repository's root, as
    /// git reads them), so that a build makes it.
    pub(super) fn git_ignored(&self, full: &Path) -> bool {
        let mut dir = full.parent();
        while let Some(d) = dir {
            if self.shared.iter().any(|s| s == d) {
                return false;
            }
            let listing = self.tree.listing(d);
            if listing.as_ref().is_some_and(|l| l.contains(".gitignore")) {
                let matcher = cached(&self.gitignores, d.as_os_str(), || {
                    let mut b = ignore::gitignore::GitignoreBuilder::new(d);
                    b.add(d.join(".gitignore"));
                    b.build().ok()
                });
                if let Some(m) = matcher.as_ref() {
                    match m.matched_path_or_any_parents(full, false) {
                        ignore::Match::Ignore(_) => return true,
                        ignore::Match::Whitelist(_) => return false,
                        ignore::Match::None => {}
                    }
                }
            }
            if listing.as_ref().is_some_and(|l| l.contains(".git")) {
                return false;
            }
            dir = d.parent();
        }
        false
    }
}

/// A Docusaurus site's docs: each one's route, and the doc of each route.
#[derive(Default)]
pub(super) struct Routes {
    of_file: std::collections::HashMap<PathBuf, String>,
    by_route: std::collections::HashMap<String, PathBuf>,
    /// Nextra: a locale's page of each route, and each page's locale.
    by_locale: std::collections::HashMap<(String, String), PathBuf>,
    locale_of: std::collections::HashMap<PathBuf, String>,
    /// The bases under which the generator makes list pages (a blog's).
    made: Vec<String>,
}

/// The route `text` (a relative path) names from the page served at
/// `own` without a trailing `/`: from `own`'s folder, `.` and `..`
/// applied (RFC 3986 s5.2.4).
fn from_route(own: &str, text: &str) -> String {
    let folder = own.rsplit_once('/').map_or("", |(d, _)| d);
    let mut segs: Vec<&str> = folder.split('/').filter(|s| !s.is_empty()).collect();
    for s in text.split('/') {
        match s {
            "" | "." => {}
            ".." => {
                segs.pop();
            }
            s => segs.push(s),
        }
    }
    segs.join("/")
}

/// Whether the page at `path` says in its front matter which repository
/// it was copied from (`repository = "https://..."`, as a generator's
/// theme gallery makes pages of READMEs): its relative links are
/// written for that repository.
fn names_its_repository(head: Option<permalinks::Heads>) -> bool {
    head.is_some_and(|h| {
        permalinks::front_matter(&h)
            .and_then(|f| permalinks::value(f, "repository"))
            .is_some_and(|v| v.starts_with("https://") || v.starts_with("http://"))
    })
}

/// A link written in folder `dir` (of a chapter) to an mdBook page that
/// `SUMMARY.md` does not list: mdBook renders no page of it.
pub(super) fn unlisted_chapter(site: &Site, dir: &Path, value: &[u8]) -> Option<Problem> {
    let path = parts(value).path;
    if path.is_empty() || path.starts_with(b"/") {
        return None;
    }
    let text = percent_decode(path).ok()?;
    let text = text.to_str()?;
    let page = match text.strip_suffix(".html") {
        Some(stem) => format!("{stem}.md"),
        None => text.to_string(),
    };
    if !page.ends_with(".md") {
        return None;
    }
    let target = paths::lexical(&dir.join(&page));
    // mdBook makes `index.html` of a `README.md` chapter.
    let readme = target.with_file_name("README.md");
    (target.starts_with(&site.source)
        && target.is_file()
        && !site.is_chapter(&target)
        && !(target.file_name().is_some_and(|n| n == "index.md") && site.is_chapter(&readme)))
    .then(|| Problem::Unrendered {
        path: text.to_string(),
    })
}

/// A link to a page's source (`install.rst`, `configure.md`) on a site
/// whose generator serves the page, not its source, and does not rewrite
/// such links (Sphinx, Zola, Starlight, Hugo without a link hook).
pub(super) fn source_link(site: &Site, value: &[u8]) -> Result<Option<Problem>, Reason> {
    let path = parts(value).path;
    if path.starts_with(b"@/") {
        return Ok(None);
    }
    let last = memchr::memrchr(b'/', path).map_or(path, |k| &path[k + 1..]);
    let ext = memchr::memrchr(b'.', last).map(|k| &last[k + 1..]);
    let source = ext.is_some_and(|e| {
        [
            &b"md"[..],
            b"markdown",
            b"mdx",
            b"rst",
            b"adoc",
            b"asciidoc",
        ]
        .iter()
        .any(|s| e.eq_ignore_ascii_case(s))
    });
    Ok(source.then(|| Problem::Source {
        path: String::from_utf8_lossy(path).into_owned(),
        generator: site.generator.as_str(),
    }))
}

/// Whether a reference is a route: a path whose last segment has no
/// extension (`../reducing-boilerplate`, `/faq/x#y`), no template.
pub(super) fn is_route(value: &[u8]) -> bool {
    let path = parts(value).path;
    let last = memchr::memrchr(b'/', path).map_or(path, |k| &path[k + 1..]);
    !path.is_empty()
        && !path.starts_with(b"//")
        && !super::fit::has_extension(&String::from_utf8_lossy(last))
        && memchr::memchr3(b'{', b'}', b'$', value).is_none()
}

/// The Antora family a reference of `kind` names without one.
fn default_family(kind: format::RefKind) -> &'static str {
    match kind {
        format::RefKind::Image => "image",
        _ => "page",
    }
}

/// Whether the content path `rel` is a page or folder mounted from
/// elsewhere (Hugo's `module.mounts`).
pub(super) fn is_mounted(site: &Site, rel: &[u8]) -> bool {
    let rel = String::from_utf8_lossy(parts(rel).path);
    let rel = rel.trim_end_matches('/');
    site.mounted.iter().any(|m| {
        !m.is_empty()
            && (rel == m
                || rel
                    .strip_prefix(m.as_str())
                    .is_some_and(|r| r.starts_with('/')))
    })
}

/// Whether a missing file's name is one a backend makes: a document or
/// an archive of the whole site (`book.pdf`, `exercises.zip`), not a page
/// or an image.
fn made_by_backend(name: &[u8]) -> bool {
    let name = String::from_utf8_lossy(name).to_ascii_lowercase();
    [
        ".pdf", ".zip", ".epub", ".mobi", ".tar.gz", ".tgz", ".docx", ".odt", ".tex",
    ]
    .iter()
    .any(|e| name.ends_with(e))
}
