//! Pages a generator looks up by its own rules (SPEC section 11a):
//! Hugo's `ref` and `relref` shortcodes, Jekyll's `link` and `post_url`
//! tags. The generator fails the build when it finds no page, so a page
//! the model does not find is broken, where the model knows every page.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::path::parts;
use super::{Generator, Kind, Links, Looked, Problem, Reason, Site, cached};
use crate::format::RefKind;

/// Hugo's page sources: the content formats it renders (Hugo, "Content
/// formats").
const HUGO_PAGES: &[&str] = &[
    "md", "markdown", "mdown", "html", "htm", "adoc", "asciidoc", "org", "rst", "pandoc", "pdc",
];

/// Where the lookup of a Hugo site's pages ends: an entry the index holds
/// under this key says why.
const INCOMPLETE: &str = "\0incomplete";

impl Links {
    /// The outcome of the page reference `value` of `kind` written in the
    /// file `abs`: `None` where the site's generator has no such syntax
    /// (then it is no link).
    pub(super) fn page_ref(
        &self,
        site: Option<&Site>,
        abs: &Path,
        value: &[u8],
        kind: RefKind,
    ) -> Option<Result<Option<Problem>, Reason>> {
        let site = site?;
        // Jekyll renders Liquid only in a file with front matter; it
        // copies any other as it is (Jekyll, "Front Matter").
        let liquid = || {
            self.head_of(abs)
                .is_some_and(|h| super::permalinks::front_matter(&h).is_some())
        };
        let outcome = match (site.generator, kind) {
            (Generator::Hugo, RefKind::Ref) => self.hugo_ref(site, abs, value)?,
            (Generator::Jekyll, RefKind::Page) if liquid() => self.jekyll_link(site, value),
            (Generator::Jekyll, RefKind::Post) if liquid() => self.jekyll_post(site, value),
            (Generator::Quarto, RefKind::Crossref) => {
                return Some(self.quarto_crossref(site, abs, value));
            }
            _ => return None,
        };
        // An anchor a plug-in makes, or a heading a shortcode may make.
        if let Ok(Some(p)) = &outcome
            && let Some(decided) = self.site_anchor(site, abs, p)
        {
            return Some(decided);
        }
        Some(outcome)
    }

    /// Hugo's `ref` (Hugo, "ref" and "GetPage"; hugolib's
    /// `getContentNode` for reference links): the path without its
    /// extension and without `/_index` or `/index`, in any case, first
    /// from the page's own section (a leaf bundle's from its parent),
    /// unless it starts with `.` then from the content root, and a bare
    /// name by the pages' base names.
    fn hugo_ref(
        &self,
        site: &Site,
        abs: &Path,
        value: &[u8],
    ) -> Option<Result<Option<Problem>, Reason>> {
        let content = site.contents.iter().find(|c| abs.starts_with(c))?;
        let p = parts(value);
        let fragment = p.fragment.as_deref();
        let Ok(path) = std::str::from_utf8(p.path) else {
            return Some(Err(Reason::outside()));
        };
        if path.is_empty() {
            return Some(Ok(self.fragment_problem(abs, None, fragment, false)));
        }
        let index = self.hugo_pages(site);
        let mut from = abs
            .parent()
            .and_then(|d| d.strip_prefix(content).ok())
            .map(|d| d.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        // A leaf bundle (`x/index.md`, `x/index.fr.md`) is the page `x`:
        // its references start beside it, in its container, unless one
        // with an extension climbs (`../y.md`), which starts in `x`.
        let leaf = abs.file_stem().and_then(|s| s.to_str()).is_some_and(|s| {
            s.eq_ignore_ascii_case("index") || s.to_ascii_lowercase().starts_with("index.")
        });
        let last = path.trim_end_matches('/').rsplit('/').next().unwrap_or("");
        let extension = last.contains('.') && last != "..";
        if leaf && !(extension && path.starts_with("../")) {
            from = from.rsplit_once('/').map_or("", |(d, _)| d).to_string();
        }
        let mut keys = Vec::with_capacity(3);
        if !path.starts_with('/') {
            keys.push(hugo_key(&format!("{from}/{path}")));
        }
        if !path.starts_with('.') {
            keys.push(hugo_key(path));
            // A bare name (or `/name`) by the pages' base names.
            let bare = path.trim_end_matches('/');
            let slashes = bare.matches('/').count();
            if slashes == 0 || (slashes == 1 && bare.starts_with('/')) {
                let k = hugo_key(bare);
                keys.push(format!("\0{}", k.rsplit('/').next().unwrap_or(&k)));
            }
        }
        let found = keys.iter().find_map(|k| index.get(k));
        Some(match found {
            // Two pages of that base name (or one per language): Hugo
            // picks none or its own, the model does not know which. A
            // section without `_index.md` is a page with no anchors here.
            Some(page) if page.as_os_str().is_empty() => Ok(None),
            Some(page) => Ok(self.fragment_problem(page, None, fragment, true)),
            None => {
                if let Some(why) = index.get(INCOMPLETE) {
                    Err(Reason::new(
                        Kind::Generated,
                        why.to_string_lossy().into_owned(),
                    ))
                } else if let Some(why) = &site.broken {
                    Err(Reason::new(Kind::Config, why.clone()))
                } else if keys
                    .first()
                    .is_some_and(|k| super::model::is_mounted(site, k.as_bytes()))
                    || keys
                        .get(1)
                        .is_some_and(|k| super::model::is_mounted(site, k.as_bytes()))
                {
                    Ok(None)
                } else {
                    Ok(Some(Problem::NoPage {
                        path: path.to_string(),
                        by: "Hugo's `ref`",
                    }))
                }
            }
        })
    }

    /// A Hugo site's pages by the keys its lookups use (see [`hugo_key`]),
    /// and by base name after a NUL (an empty path: more than one), made
    /// once a site.
    fn hugo_pages(&self, site: &Site) -> Arc<HashMap<String, PathBuf>> {
        let mut key = site.home.as_os_str().to_os_string();
        key.push("\0hugo-pages");
        cached(&self.permalinks, &key, || {
            let mut index = HashMap::new();
            let mut exts = HUGO_PAGES.to_vec();
            exts.push("gotmpl");
            // The home page, and a section for each folder that holds
            // pages, with or without `_index.md` (Hugo makes them): taken
            // where no page source names them.
            let mut sections: Vec<(String, PathBuf)> = Vec::new();
            for content in &site.contents {
                sections.push((String::new(), content.clone()));
                let files = self.files_under(content, &exts);
                if files.len() >= super::MAX_LISTED {
                    index.insert(
                        INCOMPLETE.to_string(),
                        PathBuf::from("in a content folder with more files than are listed"),
                    );
                }
                for f in files {
                    let Ok(rel) = f.strip_prefix(content) else {
                        continue;
                    };
                    let rel = rel.to_string_lossy().replace('\\', "/");
                    if rel.ends_with("_content.gotmpl") {
                        index.insert(
                            INCOMPLETE.to_string(),
                            PathBuf::from(format!(
                                "a Hugo content adapter (`{rel}`) may make the page"
                            )),
                        );
                        continue;
                    }
                    if rel.ends_with(".gotmpl") {
                        continue;
                    }
                    // Each folder above it is a section (or a bundle).
                    let mut dir = rel.as_str();
                    while let Some((d, _)) = dir.rsplit_once('/') {
                        dir = d;
                        sections.push((hugo_key(&format!("{d}/")), content.join(d)));
                    }
                    let key = hugo_key(&rel);
                    // `page.fr.md`: the page `page` in French.
                    let mut keys = vec![key.clone()];
                    if let Some((stem, lang)) = key.rsplit_once('.')
                        && (2..=6).contains(&lang.len())
                        && lang.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-')
                    {
                        keys.push(hugo_key(stem));
                    }
                    let stem = f
                        .file_stem()
                        .map(|s| s.to_string_lossy().to_lowercase())
                        .unwrap_or_default();
                    for k in keys {
                        let base = k.rsplit('/').next().unwrap_or(&k).to_string();
                        for b in [base, stem.clone()] {
                            if b.is_empty() {
                                continue;
                            }
                            index
                                .entry(format!("\0{b}"))
                                .and_modify(|p: &mut PathBuf| {
                                    if *p != f {
                                        *p = PathBuf::new();
                                    }
                                })
                                .or_insert_with(|| f.clone());
                        }
                        index.entry(k).or_insert_with(|| f.clone());
                    }
                }
            }
            for (k, d) in sections {
                index.entry(k).or_insert(d);
            }
            index
        })
    }

    /// Jekyll's `link` tag (Jekyll, "Tags": Links): a file's path from the
    /// site's source, extension and case as they are.
    fn jekyll_link(&self, site: &Site, value: &[u8]) -> Result<Option<Problem>, Reason> {
        let rel = value.strip_prefix(b"/").unwrap_or(value);
        match self.look_up_from(&site.source, rel) {
            Some(Looked::Fine) => Ok(None),
            Some(Looked::Problem(Problem::Missing { .. })) => Ok(Some(Problem::NoPage {
                path: String::from_utf8_lossy(parts(value).path).into_owned(),
                by: "Jekyll's `link`",
            })),
            Some(Looked::Problem(p)) => Ok(Some(p)),
            Some(Looked::Unseen) => Err(Reason::unseen()),
            None => Err(Reason::outside()),
        }
    }

    /// Jekyll's `post_url` tag: the post whose file is named `value` (and
    /// any extension) in a `_posts` folder, a subfolder's path before it.
    fn jekyll_post(&self, site: &Site, value: &[u8]) -> Result<Option<Problem>, Reason> {
        let p = parts(value);
        let name = String::from_utf8_lossy(p.path);
        let name = name.trim_start_matches('/');
        let mut key = site.home.as_os_str().to_os_string();
        key.push("\0jekyll-posts");
        let posts = cached(&self.permalinks, &key, || {
            let files = self.files_under(&site.source, &["md", "markdown", "html", "textile"]);
            let mut index = HashMap::new();
            if files.len() >= super::MAX_LISTED {
                index.insert(INCOMPLETE.to_string(), PathBuf::new());
            }
            for f in files {
                let Ok(rel) = f.strip_prefix(&site.source) else {
                    continue;
                };
                let rel = rel.to_string_lossy().replace('\\', "/");
                // `_posts/a/b.md` and `a/_posts/b.md` are the post `a/b`.
                let Some((before, after)) = rel.split_once("_posts/") else {
                    continue;
                };
                let after = after.rsplit_once('.').map_or(after, |(s, _)| s);
                index.insert(format!("{before}{after}"), f.clone());
                if let Some((_, last)) = after.rsplit_once('/') {
                    index.insert(format!("\0{last}"), f.clone());
                }
                index.insert(format!("\0{after}"), f);
            }
            index
        });
        let found = posts
            .get(name)
            .or_else(|| posts.get(&format!("\0{name}")))
            .or_else(|| {
                let last = name.rsplit('/').next().unwrap_or(name);
                posts.get(&format!("\0{last}"))
            });
        match found {
            Some(post) => Ok(self.fragment_problem(post, None, p.fragment.as_deref(), true)),
            None if posts.contains_key(INCOMPLETE) => Err(Reason::new(
                Kind::Generated,
                "in a site with more files than are listed",
            )),
            None => Ok(Some(Problem::NoPage {
                path: name.to_string(),
                by: "Jekyll's `post_url`",
            })),
        }
    }
}

/// The key Hugo looks a page up by: lower case, `/`-separated without
/// `.`, `..` or a leading `/`, the extension of its last segment and a
/// trailing `/_index` or `/index` taken off (hugolib's `cleanRef`).
fn hugo_key(path: &str) -> String {
    let mut segs: Vec<&str> = Vec::new();
    for s in path.split('/') {
        match s {
            "" | "." => {}
            // `..` stops at the content root (Go's `path.Join`).
            ".." => {
                segs.pop();
            }
            s => segs.push(s),
        }
    }
    // Hugo's paths are lower case, spaces made `-` (its `paths.Parse`).
    let mut key = segs.join("/").to_lowercase().replace(' ', "-");
    let last = key.rfind('/').map_or(0, |k| k + 1);
    if !path.ends_with('/')
        && let Some(dot) = key[last..].rfind('.')
        && dot > 0
    {
        key.truncate(last + dot);
    }
    for tail in ["_index", "index"] {
        if key == tail {
            key.clear();
        } else if let Some(k) = key.strip_suffix(&format!("/{tail}")) {
            key = k.to_string();
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::hugo_key;

    #[test]
    fn hugo_keys_are_made_as_hugo_cleans_a_reference() {
        assert_eq!(hugo_key("docs/Install.md"), "docs/install");
        assert_eq!(hugo_key("/docs/configure.md"), "docs/configure");
        assert_eq!(hugo_key("docs/_index.md"), "docs");
        assert_eq!(hugo_key("blog/first-post/index.md"), "blog/first-post");
        assert_eq!(hugo_key("blog/first-post/"), "blog/first-post");
        assert_eq!(hugo_key("_index.md"), "");
        assert_eq!(hugo_key("docs/install/../configure"), "docs/configure");
        assert_eq!(hugo_key("../x.md"), "x");
        assert_eq!(hugo_key("docs/../../x.md"), "x");
        assert_eq!(hugo_key("My Page.md"), "my-page");
        assert_eq!(hugo_key("v1.2/"), "v1.2");
        assert_eq!(hugo_key("v1.2/notes"), "v1.2/notes");
    }
}
