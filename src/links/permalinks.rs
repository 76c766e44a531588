//! The URLs pages set for themselves in front matter (Jekyll's
//! `permalink` and `redirect_from`, Hugo's `url` and `aliases`,
//! Docusaurus' `slug`): read once per site, the first time a link there
//! is not found otherwise (SPEC section 11a).

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};

/// How much of a page is read for its front matter.
const HEAD: usize = 4096;

/// What of a page's head its site model reads: kept from its check, or
/// read again.
pub(crate) type Heads = std::sync::Arc<[u8]>;

/// What of `raw`'s first [`HEAD`] bytes the models read: the front
/// matter (`---` or `+++` fenced) and Antora's `:page-aliases:` lines,
/// read the same from it as from the whole head. Most pages keep a few
/// hundred bytes, and a page with neither keeps none.
pub(crate) fn kept_head(raw: &[u8]) -> Heads {
    let head = &raw[..raw.len().min(HEAD)];
    let mut out = Vec::new();
    let trimmed = head.trim_ascii_start();
    if let Some(fence) = trimmed.get(..3).filter(|f| *f == b"---" || *f == b"+++") {
        let from = head.len() - trimmed.len();
        let mut close = b"\n".to_vec();
        close.extend_from_slice(fence);
        // The closing fence, and its line; else all of the head.
        let end = memchr::memmem::find(&trimmed[3..], &close)
            .map(|k| from + 3 + k + close.len())
            .map_or(head.len(), |e| {
                memchr::memchr(b'\n', &head[e..]).map_or(head.len(), |n| e + n)
            });
        out.extend_from_slice(&head[..end]);
    }
    for k in memchr::memmem::find_iter(head, b":page-aliases:") {
        if k == 0 || head[k - 1] == b'\n' {
            let end = memchr::memchr(b'\n', &head[k..]).map_or(head.len(), |n| k + n);
            out.push(b'\n');
            out.extend_from_slice(&head[k..end]);
        }
    }
    Heads::from(out)
}

/// The first [`HEAD`] bytes of the file at `path`, read with as few
/// calls as the file allows (one, for most pages), not in growing probes.
pub(crate) fn head(path: &Path) -> Option<Vec<u8>> {
    let mut f = crate::regular::open(path).ok()?;
    let mut buf = vec![0; HEAD];
    let mut n = 0;
    while n < HEAD {
        match f.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    buf.truncate(n);
    Some(buf)
}

/// The pages under `source` that set their URL, by the URL without its
/// leading and trailing `/` and without `.html`. A relative URL (Hugo's
/// `aliases: [old]`, a `slug`) is the page's folder's, under the content
/// folder in `contents` that holds it (else under `source`).
pub(crate) fn index(
    files: &[PathBuf],
    source: &Path,
    contents: &[PathBuf],
    posts: Option<&(PathBuf, String)>,
    head: &dyn Fn(&Path) -> Option<Heads>,
) -> HashMap<String, PathBuf> {
    let mut out = HashMap::new();
    for p in files {
        let p = p.as_path();
        if let Some(head) = head(p) {
            // Jekyll's posts (`_posts/2016-04-19-title.md`) are served at
            // their collection's permalink pattern (Jekyll, "Permalinks").
            if let Some((folder, pattern)) = posts
                && p.starts_with(folder)
                && let Some(url) = post_url(p, pattern)
            {
                out.entry(key(&url)).or_insert_with(|| p.to_path_buf());
            }
            for url in front_matter_urls(&head) {
                let url = match url.starts_with('/') {
                    true => url,
                    false => format!("{}/{url}", folder(p, source, contents)),
                };
                out.entry(key(&url)).or_insert_with(|| p.to_path_buf());
            }
        }
    }
    out
}

/// The URL of the post at `path` (`2016-04-19-title.markdown`) under the
/// permalink `pattern` (`/news/:year/:month/:day/:title/`), categories
/// left out.
fn post_url(path: &Path, pattern: &str) -> Option<String> {
    let stem = path.file_stem()?.to_str()?;
    let date = stem.get(..10)?;
    let title = stem.get(11..)?;
    let mut d = date.split('-');
    let (year, month, day) = (d.next()?, d.next()?, d.next()?);
    let dated = year.len() == 4
        && month.len() == 2
        && day.len() == 2
        && date.bytes().all(|b| b.is_ascii_digit() || b == b'-');
    if !dated {
        return None;
    }
    let pattern = match pattern {
        "date" | "" => "/:categories/:year/:month/:day/:title.html",
        "pretty" => "/:categories/:year/:month/:day/:title/",
        p => p,
    };
    let url = pattern
        .replace(":categories", "")
        .replace(":year", year)
        .replace(":month", month)
        .replace(":day", day)
        .replace(":title", title)
        .replace(":slug", title);
    let mut out = String::with_capacity(url.len());
    for c in url.chars() {
        if !(c == '/' && out.ends_with('/')) {
            out.push(c);
        }
    }
    Some(out)
}

/// The folder of the page at `p` as its URL has it: under the content
/// folder in `contents` that holds it, else under `source`.
fn folder(p: &Path, source: &Path, contents: &[PathBuf]) -> String {
    let root = contents
        .iter()
        .find(|c| p.starts_with(c))
        .map_or(source, |c| c.as_path());
    p.parent()
        .and_then(|d| d.strip_prefix(root).ok())
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// A page's front matter: the text between its YAML `---` or TOML `+++`
/// fences (blank lines may come before, as Zola allows), read only up to
/// the closing fence.
pub(crate) fn front_matter(head: &[u8]) -> Option<&str> {
    let head = head.trim_ascii_start();
    let fence = head.get(..3).filter(|f| *f == b"---" || *f == b"+++")?;
    let body = &head[memchr::memchr(b'\n', head)? + 1..];
    let mut close = Vec::with_capacity(4);
    close.push(b'\n');
    close.extend_from_slice(fence);
    let end = match body.starts_with(fence) {
        true => 0,
        false => memchr::memmem::find(body, &close).map_or(body.len(), |k| k + 1),
    };
    let body = &body[..end];
    std::str::from_utf8(body)
        .or_else(|e| std::str::from_utf8(&body[..e.valid_up_to()]))
        .ok()
}

/// A front-matter line as its key and value: `key: value` (YAML) or
/// `key = value` (TOML), the key's indentation left out.
fn key_value(line: &str) -> Option<(&str, &str)> {
    let k = line.find([':', '='])?;
    Some((line[..k].trim(), &line[k + 1..]))
}

/// A value without its quotes and the spaces around it.
fn unquote(v: &str) -> &str {
    v.trim().trim_matches(['"', '\''])
}

/// The value of the first `key` line of `front`, unquoted.
pub(crate) fn value<'a>(front: &'a str, key: &str) -> Option<&'a str> {
    front
        .lines()
        .filter_map(key_value)
        .find(|(k, _)| *k == key)
        .map(|(_, v)| unquote(v))
}

/// A URL as the index keys it.
pub(crate) fn key(url: &str) -> String {
    let url = url.trim().trim_matches('/');
    let url = url.strip_suffix(".html").unwrap_or(url);
    url.strip_suffix("/index").unwrap_or(url).to_string()
}

/// The URLs a page's YAML front matter gives it: `permalink:`, `url:`,
/// an absolute `slug:`, and the items of `aliases:` and
/// `redirect_from:`.
fn front_matter_urls(head: &[u8]) -> Vec<String> {
    let Some(rest) = front_matter(head) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut list = false;
    for line in rest.lines() {
        let unquote = |v: &str| unquote(v).to_string();
        if list {
            if let Some(item) = line.trim_start().strip_prefix("- ") {
                out.push(unquote(item));
                continue;
            }
            list = false;
        }
        let Some((k, v)) = key_value(line) else {
            continue;
        };
        match k {
            "permalink" | "url" | "slug" => out.push(unquote(v)),
            "aliases" | "redirect_from" => {
                let v = v.trim();
                if v.is_empty() {
                    list = true;
                } else if let Some(items) = v.strip_prefix('[').and_then(|v| v.strip_suffix(']')) {
                    out.extend(items.split(',').map(unquote));
                } else {
                    out.push(unquote(v));
                }
            }
            _ => {}
        }
    }
    // Not a URL of the site's own (`https://...`), nor a pattern
    // (`/:categories/:title/`).
    out.retain(|u| !u.is_empty() && !u.contains(':'));
    out
}

/// The routes of a Docusaurus docs folder (Docusaurus' documentation,
/// "Docs introduction", "Number prefixes", front matter `id` and
/// `slug`): each doc's route under `base` (the `routeBasePath`, no `/`
/// at either end), by file.
pub(crate) fn docusaurus_routes(
    files: &[PathBuf],
    docs: &Path,
    base: &str,
    head: &dyn Fn(&Path) -> Option<Heads>,
) -> HashMap<PathBuf, String> {
    let mut out = HashMap::new();
    for p in files {
        let p = p.as_path();
        let Ok(rel) = p.strip_prefix(docs) else {
            continue;
        };
        let Some(head) = head(p) else {
            continue;
        };
        let (id, slug) = id_and_slug(&head);
        let folders: Vec<String> = rel
            .parent()
            .into_iter()
            .flat_map(|d| d.iter())
            .map(|s| strip_number(&s.to_string_lossy()).to_string())
            .collect();
        let folder = folders.join("/");
        let stem = p
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = strip_number(&stem);
        let route = match slug {
            Some(s) if s.starts_with('/') => s.trim_matches('/').to_string(),
            Some(s) => join(&folder, s.trim_matches('/')),
            None => match id {
                Some(id) => join(&folder, &id),
                None if name.eq_ignore_ascii_case("index")
                    || name.eq_ignore_ascii_case("readme")
                    || folders.last().is_some_and(|f| f == name) =>
                {
                    folder.clone()
                }
                None => join(&folder, name),
            },
        };
        out.insert(p.to_path_buf(), join(base, &route));
    }
    out
}

/// `a/b` from `a` and `b`, either possibly empty.
pub(crate) fn join(a: &str, b: &str) -> String {
    match (a.is_empty(), b.is_empty()) {
        (true, _) => b.to_string(),
        (_, true) => a.to_string(),
        _ => format!("{a}/{b}"),
    }
}

/// A name without its number prefix (`01-intro` is `intro`).
fn strip_number(name: &str) -> &str {
    let digits = name.bytes().take_while(u8::is_ascii_digit).count();
    match name.as_bytes().get(digits) {
        Some(b'-' | b'_' | b'.') if digits > 0 && name.len() > digits + 1 => &name[digits + 1..],
        _ => name,
    }
}

/// The `id` and `slug` of a page's YAML front matter.
fn id_and_slug(head: &[u8]) -> (Option<String>, Option<String>) {
    let Some(front) = front_matter(head) else {
        return (None, None);
    };
    let own = |key| value(front, key).map(str::to_string);
    (own("id"), own("slug"))
}

/// The page aliases of the Antora modules under `modules` (Antora's
/// documentation, "Page aliases"): each page's `:page-aliases:` ids, as
/// `module:path` (an id without a module is the page's own module's).
pub(crate) fn antora_aliases(
    files: &[PathBuf],
    modules: &Path,
    head: &dyn Fn(&Path) -> Option<Heads>,
) -> HashMap<String, PathBuf> {
    let mut out = HashMap::new();
    for p in files {
        let p = p.as_path();
        let Ok(rel) = p.strip_prefix(modules) else {
            continue;
        };
        let mut parts = rel.iter();
        let (Some(module), Some(pages)) = (parts.next(), parts.next()) else {
            continue;
        };
        if pages != "pages" {
            continue;
        }
        let module = module.to_string_lossy();
        let Some(head) = head(p) else {
            continue;
        };
        let text = String::from_utf8_lossy(&head);
        for line in text
            .lines()
            .filter_map(|l| l.strip_prefix(":page-aliases:"))
        {
            for id in line.split(',').map(str::trim).filter(|i| !i.is_empty()) {
                let id = id.split_once('@').map_or(id, |(_, r)| r);
                let id = match id.matches(':').count() {
                    0 => format!("{module}:{id}"),
                    1 => id.to_string(),
                    // `component:module:page`: the module and page.
                    _ => id.split_once(':').map_or(id, |(_, r)| r).to_string(),
                };
                out.entry(id).or_insert_with(|| p.to_path_buf());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{front_matter, front_matter_urls, kept_head, key};

    /// A page's kept head reads as its whole head does, for each model.
    #[test]
    fn a_kept_head_reads_as_the_head() {
        let pages: [&[u8]; 7] = [
            b"---\ntitle: A\npermalink: /a/\n---\n# A\n:page-aliases: no.adoc\n",
            b"\n+++\nurl = \"/b/\"\n+++\nText",
            b"---\nid: x\nslug: /y\n",
            b"---\n---\n",
            b"= Page\n:page-aliases: old.adoc, other:older.adoc\n\nText\n",
            b"# No front matter\npermalink: /x/\n",
            b"",
        ];
        for page in pages {
            let kept = kept_head(page);
            assert_eq!(front_matter(&kept), front_matter(page), "{page:?}");
            let aliases = |h: &[u8]| -> Vec<String> {
                String::from_utf8_lossy(h)
                    .lines()
                    .filter(|l| l.starts_with(":page-aliases:"))
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(aliases(&kept), aliases(page), "{page:?}");
        }
        // A page with neither keeps nothing.
        assert!(kept_head(b"# Title\n\nText\n").is_empty());
    }

    #[test]
    fn front_matter_gives_the_page_its_urls() {
        let page = b"---\ntitle: Help\npermalink: /help/\nredirect_from:\n  - /docs/help/\n  - /support\n---\n# Help\n";
        assert_eq!(
            front_matter_urls(page),
            ["/help/", "/docs/help/", "/support"]
        );
        let hugo = b"---\nurl: /a/b/\naliases: [/old, \"/older/\"]\n---\n";
        assert_eq!(front_matter_urls(hugo), ["/a/b/", "/old", "/older/"]);
        assert!(front_matter_urls(b"# No front matter\npermalink: /x/\n").is_empty());
        // A relative slug or alias is under the page's folder.
        assert_eq!(front_matter_urls(b"---\nslug: intro\n---\n"), ["intro"]);
        assert!(front_matter_urls(b"---\npermalink: /:categories/:title/\n---\n").is_empty());
        assert_eq!(key("/help/"), "help");
        let post = std::path::Path::new("_posts/2016-04-19-jekyll-3-0-4-released.markdown");
        assert_eq!(
            super::post_url(post, "/news/:year/:month/:day/:title/").as_deref(),
            Some("/news/2016/04/19/jekyll-3-0-4-released/")
        );
        assert_eq!(
            super::post_url(post, "date").as_deref(),
            Some("/2016/04/19/jekyll-3-0-4-released.html")
        );
        assert_eq!(
            super::post_url(std::path::Path::new("_posts/notes.md"), "date"),
            None
        );
        assert_eq!(super::strip_number("01-install"), "install");
        assert_eq!(super::strip_number("2024"), "2024");
        assert_eq!(key("/docs/x.html"), "docs/x");
    }
}
