//! Site generators whose sources a docs tree holds (SPEC section 11),
//! found by their config file where that is cheap: the folder the pages
//! come from, the pages a generator makes or redirects, and whose heading
//! ids it makes.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::tree::Listing;

/// A site generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generator {
    /// `book.toml`.
    MdBook,
    /// `conf.py`.
    Sphinx,
    /// `mkdocs.yml`.
    MkDocs,
    /// `_config.yml`.
    Jekyll,
    /// `docusaurus.config.js` (or `.ts`, `.mjs`).
    Docusaurus,
}

impl Generator {
    /// Whether its sources are a folder of pages only (mdBook's `src`,
    /// MkDocs' `docs`), where a folder is a page only with an index. Jekyll,
    /// Sphinx and Docusaurus sites often are a repository's root, whose
    /// folders GitHub shows.
    pub fn pages_only(self) -> bool {
        matches!(self, Generator::MdBook | Generator::MkDocs)
    }

    /// Its name, for messages.
    pub fn as_str(self) -> &'static str {
        match self {
            Generator::MdBook => "mdBook",
            Generator::Sphinx => "Sphinx",
            Generator::MkDocs => "MkDocs",
            Generator::Jekyll => "Jekyll",
            Generator::Docusaurus => "Docusaurus",
        }
    }
}

/// A generated site's sources.
#[derive(Clone, Debug)]
pub struct Site {
    /// Which generator.
    pub generator: Generator,
    /// The absolute folder its pages come from (mdBook's `src`, MkDocs'
    /// `docs_dir`): the site's root.
    pub source: PathBuf,
    /// Pages that exist on the site without a source, as paths under
    /// `source`: what the generator makes (`genindex.html`, `print.html`)
    /// and redirects (mdBook's `[output.html.redirect]`).
    pub pages: HashSet<String>,
}

#[derive(Deserialize, Default)]
struct BookToml {
    #[serde(default)]
    book: BookSection,
    #[serde(default)]
    output: Output,
}

#[derive(Deserialize, Default)]
struct BookSection {
    src: Option<String>,
}

#[derive(Deserialize, Default)]
struct Output {
    #[serde(default)]
    html: Html,
}

#[derive(Deserialize, Default)]
struct Html {
    #[serde(default)]
    redirect: std::collections::BTreeMap<String, String>,
}

fn pages(names: &[&str]) -> HashSet<String> {
    names.iter().map(|s| s.to_string()).collect()
}

/// The most of a config or build file read: a site's config is small.
const MAX_CONFIG: u64 = 1 << 20;

/// A config or build file's text, if it is a regular file (not a FIFO that
/// would block, nor a device that never ends) of at most [`MAX_CONFIG`]
/// bytes; else nothing.
pub(crate) fn read_config(path: &Path) -> String {
    use std::io::Read;
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() && m.len() <= MAX_CONFIG => {}
        _ => return String::new(),
    }
    let mut text = String::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(MAX_CONFIG).read_to_string(&mut text);
    }
    text
}

/// The site whose config file is in folder `dir` (listed in `listing`).
pub(crate) fn detect(dir: &Path, listing: &Listing) -> Option<Site> {
    if listing.contains("book.toml") {
        let text = read_config(&dir.join("book.toml"));
        let book: BookToml = toml::from_str(&text).unwrap_or_default();
        // mdBook makes `index.html` of the first chapter when there is no
        // `README.md`, and a printable whole and a table of contents.
        let mut p = pages(&[
            "index.html",
            "print.html",
            "toc.html",
            "404.html",
            "searchindex.json",
        ]);
        p.extend(
            book.output
                .html
                .redirect
                .keys()
                .map(|k| k.trim_start_matches('/').to_string()),
        );
        return Some(Site {
            generator: Generator::MdBook,
            source: dir.join(book.book.src.as_deref().unwrap_or("src")),
            pages: p,
        });
    }
    if listing.contains("conf.py") {
        // Only a Sphinx configuration: other projects have a `conf.py`.
        let text = read_config(&dir.join("conf.py"));
        if text.contains("sphinx") || text.contains("html_theme") {
            return Some(Site {
                generator: Generator::Sphinx,
                source: dir.to_path_buf(),
                pages: pages(&[
                    "genindex.html",
                    "search.html",
                    "py-modindex.html",
                    "modindex.html",
                    "glossary.html",
                ]),
            });
        }
    }
    for name in ["mkdocs.yml", "mkdocs.yaml"] {
        if listing.contains(name) {
            let text = read_config(&dir.join(name));
            let docs_dir = text
                .lines()
                .find_map(|l| l.strip_prefix("docs_dir:"))
                .map(|v| v.trim().trim_matches(['"', '\'']).to_string())
                .filter(|v| !v.is_empty())
                .unwrap_or_else(|| "docs".to_string());
            return Some(Site {
                generator: Generator::MkDocs,
                source: dir.join(docs_dir),
                pages: pages(&["404.html", "search.html", "sitemap.xml"]),
            });
        }
    }
    if listing.contains("_config.yml") {
        return Some(Site {
            generator: Generator::Jekyll,
            source: dir.to_path_buf(),
            pages: pages(&["404.html", "feed.xml", "sitemap.xml"]),
        });
    }
    for name in [
        "docusaurus.config.js",
        "docusaurus.config.ts",
        "docusaurus.config.mjs",
    ] {
        if listing.contains(name) {
            return Some(Site {
                generator: Generator::Docusaurus,
                source: dir.to_path_buf(),
                pages: pages(&["404.html", "search"]),
            });
        }
    }
    None
}
