//! Site models (SPEC sections 11 and 11a): one small site a generator, in
//! that generator's own layout, under `tests/data/sites/<name>/`. Each
//! holds links that work on the built site, links that are broken there,
//! and links its model cannot know; its `expected.txt` lists every record
//! a check of the site must print, one a line, with a comment saying why:
//!
//! ```text
//! broken-relative-link content/docs/a.md:12 ../missing.md
//! broken-fragment content/docs/a.md:14 b.md#no-such-heading
//! unchecked content/docs/a.md:20 some-page-name rewritten
//! ```
//!
//! (rule, `path:line` from the site's root, the reference as written, and
//! for `unchecked` the reason). Links that are found print nothing. Only
//! whole lines starting with `#` are comments: a reference's own `#` is
//! part of it.

use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

/// The folder of fixture `name`.
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/sites")
        .join(name)
}

/// `urilint check --isolated . --show-unchecked --format jsonl`, run in
/// the site's root.
fn check(dir: &Path) -> Output {
    Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(dir)
        .args([
            "check",
            "--isolated",
            ".",
            "--show-unchecked",
            "--format",
            "jsonl",
        ])
        .output()
        .unwrap()
}

/// One jsonl record as an `expected.txt` line: `rule path:line uri`, and
/// the reason after an unchecked one.
fn record_line(json: &str) -> String {
    let v: serde_json::Value = serde_json::from_str(json)
        .unwrap_or_else(|e| panic!("stdout line is not JSON ({e}): {json}"));
    let field = |k: &str| {
        v[k].as_str()
            .unwrap_or_else(|| panic!("record without a string `{k}`: {json}"))
    };
    let rule = field("rule");
    let path = field("path").replace('\\', "/");
    let path = path.strip_prefix("./").unwrap_or(&path);
    let line = v["line"]
        .as_u64()
        .unwrap_or_else(|| panic!("record without a `line` number: {json}"));
    let uri = field("uri");
    if rule == "unchecked" {
        format!("{rule} {path}:{line} {uri} {}", field("reason"))
    } else {
        format!("{rule} {path}:{line} {uri}")
    }
}

/// The records `expected.txt` lists, without comments and blank lines.
fn expected_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim_end)
        .filter(|l| !l.trim_start().is_empty() && !l.trim_start().starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Checks the fixture `name`: exactly the records of its `expected.txt`,
/// in any order, and exit code 1 when one of them is broken, else 0
/// (unchecked records never fail a run).
fn assert_site(name: &str) {
    let dir = fixture(name);
    let text = std::fs::read_to_string(dir.join("expected.txt"))
        .unwrap_or_else(|e| panic!("{name}/expected.txt: {e}"));
    let mut want = expected_lines(&text);
    want.sort();
    let out = check(&dir);
    let stdout = String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8");
    let mut got: Vec<String> = stdout
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(record_line)
        .collect();
    got.sort();
    if got != want {
        let missing: Vec<&String> = want.iter().filter(|l| !got.contains(l)).collect();
        let extra: Vec<&String> = got.iter().filter(|l| !want.contains(l)).collect();
        let mut msg = format!("site `{name}`: the records differ from expected.txt\n");
        if !missing.is_empty() {
            msg.push_str("\nexpected, not printed:\n");
            for l in &missing {
                msg.push_str(&format!("  - {l}\n"));
            }
        }
        if !extra.is_empty() {
            msg.push_str("\nprinted, not expected:\n");
            for l in &extra {
                msg.push_str(&format!("  + {l}\n"));
            }
        }
        if missing.is_empty() && extra.is_empty() {
            // The same lines, a different number of times.
            msg.push_str(&format!("\nexpected:\n{want:#?}\nprinted:\n{got:#?}\n"));
        }
        msg.push_str(&format!(
            "\nstderr:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
        panic!("{msg}");
    }
    let broken = want.iter().any(|l| l.starts_with("broken-"));
    assert_eq!(
        out.status.code(),
        Some(i32::from(broken)),
        "site `{name}`: exit code (1 when something is broken; unchecked never fails a run)\n\
         stderr:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The fixtures, each with its test below.
const SITES: &[&str] = &[
    "hugo",
    "zola",
    "antora",
    "docusaurus",
    "vitepress",
    "starlight",
    "jekyll",
    "mkdocs",
    "sphinx",
    "mdbook",
    "plain",
    "broken-config",
    "myst",
    "sphinx-myst",
    "docusaurus-versioned",
    "quarto",
    "nextra",
    "docsify",
    "mkdocs-hooks",
    "eleventy",
];

/// A fixture added without a test would never run.
#[test]
fn every_site_fixture_has_a_test() {
    let mut found: Vec<String> = std::fs::read_dir(fixture(""))
        .unwrap()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().unwrap().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    let mut listed: Vec<String> = SITES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}

/// Render-link hook (GetPage), leaf bundles, `{#id}`, `ref`/`relref`,
/// a README mounted from outside `content/`, shortcode headings, layouts.
#[test]
fn hugo() {
    assert_site("hugo");
}

/// `@/section/page.md#anchor`, `_index.md` sections, page bundles, Tera
/// templates and shortcodes.
#[test]
fn zola() {
    assert_site("zola");
}

/// Resource ids from the module's `pages/`, cross-module xrefs, images,
/// attachments, partials, a component not in the tree.
#[test]
fn antora() {
    assert_site("antora");
}

/// File links from the docs root, number prefixes, `id` and `slug` front
/// matter, an MDX component's headings.
#[test]
fn docusaurus() {
    assert_site("docusaurus");
}

/// Extensionless links from srcDir, `cleanUrls`, VitePress's slugify,
/// `{#id}`, a Vue component's headings.
#[test]
fn vitepress() {
    assert_site("vitepress");
}

/// Site routes onto `src/content/docs/`, route-relative links,
/// file-relative images, `<LinkCard>`, a component's headings.
#[test]
fn starlight() {
    assert_site("starlight");
}

/// Links against permalinks, a collection permalink, `{% link %}`,
/// kramdown GFM ids, Liquid includes.
#[test]
fn jekyll() {
    assert_site("jekyll");
}

/// `.md` links, attr_list `{ #id }`, toc's `_1` for repeats, footnotes,
/// snippets, YAML tags in `mkdocs.yml`.
#[test]
fn mkdocs() {
    assert_site("mkdocs");
}

/// `name.html` from `name.rst`, `html_additional_pages`, labels, image
/// paths from the source folder, Jinja templates.
#[test]
fn sphinx() {
    assert_site("sphinx");
}

/// SUMMARY.md chapters, `index.html` from `README.md`, redirects, `-1`
/// for repeats, a third-party preprocessor, a second backend, a theme.
#[test]
fn mdbook() {
    assert_site("mdbook");
}

/// A repository without a generator: `/`-rooted references, references
/// leaving the tree, a template.
#[test]
fn plain() {
    assert_site("plain");
}

/// An `mkdocs.yml` that is not YAML: nothing under it can be checked.
#[test]
fn broken_config() {
    assert_site("broken-config");
}

/// Docusaurus routes: a docs plugin at the root and a second one,
/// versions, blog posts, pages, static files, an imported MDX part's
/// headings.
#[test]
fn docusaurus_versioned() {
    assert_site("docusaurus-versioned");
}

/// Quarto book: `.qmd` pages, Pandoc ids, cross-references across
/// chapters, a partial resolved from the page that includes it, an
/// ignored target built.
#[test]
fn quarto() {
    assert_site("quarto");
}

/// Nextra on the pages router: routes from `pages/` with locale files,
/// redirects, `[#id]` heading ids, the linking page's locale first.
#[test]
fn nextra() {
    assert_site("nextra");
}

/// Docsify: links from the docs' root, `?id=` heading links, `:id=`
/// heading ids, an `alias` route served from elsewhere.
#[test]
fn docsify() {
    assert_site("docsify");
}

/// MkDocs with a hook and plug-ins: attr_list and autorefs ids,
/// mkdocstrings' blocks, a page the hook writes, a page it rewrites.
#[test]
fn mkdocs_hooks() {
    assert_site("mkdocs-hooks");
}

/// Eleventy: links written against `filePathStem.html` output URLs,
/// dotted page names, a front-matter permalink, a layout's ids.
#[test]
fn eleventy() {
    assert_site("eleventy");
}

/// mystmd: labels resolved project-wide (`(label)=`, `:label:`, `$$
/// (label)`, `#| label:` in a notebook), Markdown in a `{note}`, code in
/// a `{code-cell}`.
#[test]
fn myst() {
    assert_site("myst");
}

/// Sphinx with myst_parser: label and document destinations, `.md`
/// links to pages, Sphinx's domains left unchecked, a file a page
/// includes with `:relative-docs:`.
#[test]
fn sphinx_myst() {
    assert_site("sphinx-myst");
}

/// The site root is found from where you stand (SPEC section 11b): `cd
/// content && urilint .` is checked as the Hugo site whose config is
/// above, up to the repository's root, with the same records.
#[test]
fn a_site_checked_from_inside_its_content() {
    let root = fixture("hugo");
    let from_root = check(&root);
    let inside = root.join("website/content");
    let from_inside = check(&inside);
    let lines = |out: &Output, prefix: &str| -> Vec<String> {
        let mut v: Vec<String> = String::from_utf8(out.stdout.clone())
            .unwrap()
            .lines()
            .map(record_line)
            .filter_map(|l| {
                let (rule, rest) = l.split_once(' ')?;
                Some(format!("{rule} {}", rest.strip_prefix(prefix)?))
            })
            .collect();
        v.sort();
        v
    };
    let want = lines(&from_root, "website/content/");
    assert_eq!(want.len(), 9, "{want:#?}");
    assert_eq!(lines(&from_inside, ""), want);
    assert_eq!(from_inside.status.code(), Some(1));
}
