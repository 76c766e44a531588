//! Mutation tests on real documentation trees (SPEC sections 11 and 11a).
//!
//! Each fixture in `tests/data/real-sites/<tree>/` is a small connected
//! subset of a corpus tree (`../shared/corpus/sites/<tree>/`), copied byte
//! for byte with the generator's config files where the generator finds
//! them; its `ORIGIN.md` names the repository, the commit and the files.
//!
//! For each tree the untouched copy must give exactly the links that are
//! broken in the subset under that generator's rules, and three changes a
//! writer makes every day must give exactly the links they break:
//!
//! - a heading that a `#fragment` names is reworded: `broken-fragment`;
//! - a linked page is renamed in case only (Linux and web servers tell
//!   `Page.md` from `page.md`): `broken-relative-link`;
//! - a linked page is deleted: `broken-relative-link`, also for the links
//!   with a fragment into it.
//!
//! Each mutation runs on a fresh copy. The findings it adds, and the
//! pristine findings it removes, are compared with the expected lists as
//! multisets of `path:line rule uri` (path from the tree's root, 1-based
//! line, the reference as written), the form the failure messages print.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

/// A finding as compared here: `path:line rule uri`.
type Finding = String;

/// A change to a copy of a fixture.
pub(super) enum Mutation<'a> {
    /// Replaces `from`, which must occur exactly once in `file`, with `to`.
    Edit {
        file: &'a str,
        from: &'a str,
        to: &'a str,
    },
    /// Renames a file.
    Rename { from: &'a str, to: &'a str },
    /// Deletes a file.
    Delete { file: &'a str },
    /// Several changes, in order: a page of a multilingual site is renamed
    /// or deleted in every language at once.
    All(&'a [Mutation<'a>]),
}

/// The fixtures of this file, under `tests/data/real-sites/`.
const FIXTURES: &str = "real-sites";

fn fixture(folder: &str, tree: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(folder)
        .join(tree)
}

/// Step 1: a fresh copy of the fixture `tree` in a temporary folder, as
/// plain (writable) files and folders.
fn copy_fixture(folder: &str, tree: &str) -> tempfile::TempDir {
    let src = fixture(folder, tree);
    assert!(src.is_dir(), "no fixture at {}", src.display());
    let dir = tempfile::tempdir().unwrap();
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.unwrap();
        let to = dir.path().join(entry.path().strip_prefix(&src).unwrap());
        if entry.file_type().is_dir() {
            fs::create_dir_all(&to).unwrap();
        } else {
            fs::write(&to, fs::read(entry.path()).unwrap()).unwrap();
        }
    }
    dir
}

/// Step 2: the link findings of `urilint check` run in `root`, sorted.
fn check(root: &Path) -> Vec<Finding> {
    let out = Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(root)
        .args([
            "check",
            "--isolated",
            ".",
            "--format",
            "jsonl",
            "--select",
            "broken-relative-link,broken-fragment",
        ])
        .output()
        .unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "urilint failed ({}):\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let mut found: Vec<Finding> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"));
            let path = v["path"].as_str().unwrap();
            format!(
                "{}:{} {} {}",
                path.strip_prefix("./").unwrap_or(path),
                v["line"].as_u64().unwrap(),
                v["rule"].as_str().unwrap(),
                v["uri"].as_str().unwrap()
            )
        })
        .collect();
    found.sort();
    found
}

/// Applies a mutation to the copy at `root`.
fn apply(root: &Path, mutation: &Mutation) {
    match *mutation {
        Mutation::Edit { file, from, to } => {
            let path = root.join(file);
            let text = fs::read_to_string(&path).unwrap();
            assert_eq!(
                text.matches(from).count(),
                1,
                "{from:?} must occur exactly once in {file}"
            );
            fs::write(&path, text.replacen(from, to, 1)).unwrap();
        }
        Mutation::Rename { from, to } => {
            assert!(root.join(from).is_file(), "no {from} to rename");
            assert!(!root.join(to).exists(), "{to} exists already");
            fs::rename(root.join(from), root.join(to)).unwrap();
        }
        Mutation::Delete { file } => fs::remove_file(root.join(file)).unwrap(),
        Mutation::All(all) => {
            for m in all {
                apply(root, m);
            }
        }
    }
}

/// `a` minus `b`, as multisets; sorted when `a` is.
fn minus(a: &[Finding], b: &[Finding]) -> Vec<Finding> {
    let mut rest = b.to_vec();
    let mut out = Vec::new();
    for x in a {
        match rest.iter().position(|y| y == x) {
            Some(i) => {
                rest.swap_remove(i);
            }
            None => out.push(x.clone()),
        }
    }
    out
}

fn sorted(list: &[&str]) -> Vec<Finding> {
    let mut list: Vec<Finding> = list.iter().map(|s| s.to_string()).collect();
    list.sort();
    list
}

/// One finding a line, indented, or `(none)`.
fn show(list: &[Finding]) -> String {
    if list.is_empty() {
        return "  (none)\n".to_string();
    }
    list.iter().map(|x| format!("  {x}\n")).collect()
}

/// Step 2: the untouched copy of `tree` gives exactly `want`.
fn assert_pristine(tree: &str, want: &[&str]) {
    assert_pristine_in(FIXTURES, tree, want);
}

/// [`assert_pristine`] of a fixture under `tests/data/<folder>/`.
pub(super) fn assert_pristine_in(folder: &str, tree: &str, want: &[&str]) {
    let dir = copy_fixture(folder, tree);
    let got = check(dir.path());
    let want = sorted(want);
    assert!(
        got == want,
        "{tree}, pristine:\ngot:\n{}want:\n{}",
        show(&got),
        show(&want)
    );
}

/// Step 3: after `mutation`, the findings the copy of `tree` gains are
/// exactly `new`, and the pristine findings it loses exactly `gone`.
fn assert_mutation(tree: &str, mutation: Mutation, new: &[&str], gone: &[&str]) {
    assert_mutation_in(FIXTURES, tree, mutation, new, gone);
}

/// [`assert_mutation`] of a fixture under `tests/data/<folder>/`.
pub(super) fn assert_mutation_in(
    folder: &str,
    tree: &str,
    mutation: Mutation,
    new: &[&str],
    gone: &[&str],
) {
    let pristine = check(copy_fixture(folder, tree).path());
    let dir = copy_fixture(folder, tree);
    apply(dir.path(), &mutation);
    let mutated = check(dir.path());
    let got_new = minus(&mutated, &pristine);
    let got_gone = minus(&pristine, &mutated);
    let (new, gone) = (sorted(new), sorted(gone));
    assert!(
        got_new == new && got_gone == gone,
        "{tree}, mutated:\nnew findings, got:\n{}new findings, want:\n{}\
         pristine findings gone, got:\n{}pristine findings gone, want:\n{}\
         (all pristine:\n{}all mutated:\n{})",
        show(&got_new),
        show(&new),
        show(&got_gone),
        show(&gone),
        show(&pristine),
        show(&mutated)
    );
}

// mdBook (google/comprehensive-rust): `book.toml`, the book in `src/`, and
// the repository's own documents beside it, read as GitHub shows them. The
// only `#fragment` links of the whole tree are in those documents.

const MDBOOK: &str = "mdbook-comprehensive-rust";

#[test]
fn mdbook_pristine() {
    // README.md has no `Building` heading (it is `Setup` now), and the
    // subset, like the corpus, has no `.github/`.
    assert_pristine(
        MDBOOK,
        &[
            "CONTRIBUTING.md:11 broken-fragment README.md#building",
            "TRANSLATIONS.md:34 broken-fragment README.md#building",
            "TRANSLATIONS.md:157 broken-fragment ./README.md#building",
            "tests/README.md:13 broken-relative-link ../.github/workflows/build.yml",
        ],
    );
}

#[test]
fn mdbook_heading_reworded() {
    assert_mutation(
        MDBOOK,
        Mutation::Edit {
            file: "CONTRIBUTING.md",
            from: "\n## Formatting\n",
            to: "\n## Formatting Code\n",
        },
        &["TRANSLATIONS.md:36 broken-fragment CONTRIBUTING.md#formatting"],
        &[],
    );
}

#[test]
fn mdbook_page_renamed_in_case() {
    assert_mutation(
        MDBOOK,
        Mutation::Rename {
            from: "src/welcome-day-1.md",
            to: "src/Welcome-day-1.md",
        },
        &["src/idiomatic/welcome.md:14 broken-relative-link ../welcome-day-1.md"],
        &[],
    );
}

#[test]
fn mdbook_page_deleted() {
    assert_mutation(
        MDBOOK,
        Mutation::Delete {
            file: "CONTRIBUTING.md",
        },
        &[
            "README.md:98 broken-relative-link CONTRIBUTING.md",
            "TRANSLATIONS.md:36 broken-relative-link CONTRIBUTING.md#formatting",
            "TRANSLATIONS.md:228 broken-relative-link CONTRIBUTING.md",
        ],
        // The deleted page's own broken link goes with it.
        &["CONTRIBUTING.md:11 broken-fragment README.md#building"],
    );
}

// MkDocs (encode/django-rest-framework): `.md` links relative to the file,
// mostly reference definitions (`[JSON data]: parsers.md#jsonparser`);
// heading ids by the Python-Markdown toc slugify.

const MKDOCS: &str = "mkdocs-drf";

#[test]
fn mkdocs_pristine() {
    assert_pristine(MKDOCS, &[]);
}

#[test]
fn mkdocs_heading_reworded() {
    assert_mutation(
        MKDOCS,
        Mutation::Edit {
            file: "docs/api-guide/parsers.md",
            from: "### JSONParser\n",
            to: "### JSON parser\n",
        },
        &["docs/api-guide/requests.md:131 broken-fragment parsers.md#jsonparser"],
        &[],
    );
}

#[test]
fn mkdocs_page_renamed_in_case() {
    assert_mutation(
        MKDOCS,
        Mutation::Rename {
            from: "docs/api-guide/throttling.md",
            to: "docs/api-guide/Throttling.md",
        },
        &[
            "docs/api-guide/authentication.md:461 broken-relative-link throttling.md",
            "docs/api-guide/permissions.md:344 broken-relative-link throttling.md",
        ],
        &[],
    );
}

#[test]
fn mkdocs_page_deleted() {
    assert_mutation(
        MKDOCS,
        Mutation::Delete {
            file: "docs/api-guide/parsers.md",
        },
        &[
            "docs/api-guide/requests.md:130 broken-relative-link parsers.md",
            "docs/api-guide/requests.md:131 broken-relative-link parsers.md#jsonparser",
            "docs/api-guide/requests.md:132 broken-relative-link parsers.md#formparser",
        ],
        &[],
    );
}

// Sphinx (sphinx-doc/sphinx): cross-references are roles, so the tree's
// only plain relative hyperlinks are the two to `contents.html`, the page
// `html_additional_pages = {'contents': 'contents.html'}` in `doc/conf.py`
// builds from `doc/_templates/contents.html`. No hyperlink carries a
// fragment, so rewording a section title breaks nothing; the page is
// renamed and deleted where Sphinx makes it, in `conf.py`.

const SPHINX: &str = "sphinx";
const CONF_PY_PAGES: &str = "html_additional_pages = {'contents': 'contents.html'}";

#[test]
fn sphinx_pristine() {
    assert_pristine(SPHINX, &[]);
}

#[test]
fn sphinx_heading_reworded() {
    // `Get started` sits under `.. _get-started:`, which the roles name;
    // no hyperlink names either id.
    assert_mutation(
        SPHINX,
        Mutation::Edit {
            file: "doc/index.rst",
            from: "Get started\n===========\n",
            to: "First steps\n===========\n",
        },
        &[],
        &[],
    );
}

#[test]
fn sphinx_page_renamed_in_case() {
    assert_mutation(
        SPHINX,
        Mutation::Edit {
            file: "doc/conf.py",
            from: CONF_PY_PAGES,
            to: "html_additional_pages = {'Contents': 'contents.html'}",
        },
        &[
            "doc/index.rst:119 broken-relative-link contents.html",
            "doc/tutorial/end.rst:6 broken-relative-link ../contents.html",
        ],
        &[],
    );
}

#[test]
fn sphinx_page_deleted() {
    assert_mutation(
        SPHINX,
        Mutation::Edit {
            file: "doc/conf.py",
            from: CONF_PY_PAGES,
            to: "html_additional_pages = {}",
        },
        &[
            "doc/index.rst:119 broken-relative-link contents.html",
            "doc/tutorial/end.rst:6 broken-relative-link ../contents.html",
        ],
        &[],
    );
}

// Docusaurus (reduxjs/redux): the docs are `../docs` from
// `website/docusaurus.config.ts`; a bare `api/Store.md` resolves from that
// docs root (the glossary is in `understanding/thinking-in-redux/`), `./`
// and `../` from the file; heading ids by github-slugger.

const DOCUSAURUS: &str = "docusaurus-redux";

#[test]
fn docusaurus_pristine() {
    assert_pristine(
        DOCUSAURUS,
        &[
            // Not copied: it links a dozen more pages.
            "docs/api/Store.md:14 broken-relative-link ../usage/migrating-to-modern-redux.mdx",
            "docs/api/api-reference.md:27 broken-relative-link ../usage/migrating-to-modern-redux.mdx",
            "docs/api/createStore.md:25 broken-relative-link ../usage/migrating-to-modern-redux.mdx",
            "docs/api/createStore.md:76 broken-relative-link ../usage/migrating-to-modern-redux.mdx",
            // `### getState()` has the id `getstate`; Docusaurus's anchor
            // check and the browser compare ids exactly.
            "docs/understanding/thinking-in-redux/Glossary.md:16 broken-fragment api/Store.md#getState",
            "docs/understanding/thinking-in-redux/Glossary.md:113 broken-fragment api/Store.md#getState",
        ],
    );
}

#[test]
fn docusaurus_heading_reworded() {
    assert_mutation(
        DOCUSAURUS,
        Mutation::Edit {
            file: "docs/api/Store.md",
            from: "### subscribe(listener)\n",
            to: "### subscribe(callback)\n",
        },
        &[
            "docs/api/api-reference.md:44 broken-fragment Store.md#subscribelistener",
            "docs/api/createStore.md:39 broken-fragment Store.md#subscribelistener",
            "docs/understanding/thinking-in-redux/Glossary.md:114 broken-fragment api/Store.md#subscribelistener",
        ],
        &[],
    );
}

#[test]
fn docusaurus_page_renamed_in_case() {
    assert_mutation(
        DOCUSAURUS,
        Mutation::Rename {
            from: "docs/api/compose.md",
            to: "docs/api/Compose.md",
        },
        &[
            "docs/api/api-reference.md:37 broken-relative-link compose.md",
            "docs/api/applyMiddleware.md:233 broken-relative-link ./compose.md",
            "docs/api/createStore.md:92 broken-relative-link ./compose.md",
            "docs/understanding/thinking-in-redux/Glossary.md:137 broken-relative-link api/compose.md",
        ],
        &[],
    );
}

#[test]
fn docusaurus_page_deleted() {
    assert_mutation(
        DOCUSAURUS,
        Mutation::Delete {
            file: "docs/api/applyMiddleware.md",
        },
        &[
            "docs/api/Store.md:57 broken-relative-link applyMiddleware.md",
            "docs/api/Store.md:61 broken-relative-link applyMiddleware.md",
            "docs/api/api-reference.md:35 broken-relative-link applyMiddleware.md",
            "docs/api/compose.md:35 broken-relative-link applyMiddleware.md",
            "docs/api/createStore.md:35 broken-relative-link ./applyMiddleware.md",
            "docs/understanding/thinking-in-redux/Glossary.md:96 broken-relative-link ../../api/applyMiddleware.md",
            "docs/understanding/thinking-in-redux/Glossary.md:139 broken-relative-link api/applyMiddleware.md",
        ],
        &[],
    );
}

// Zola (getzola/zola): internal links `@/path.md#anchor` resolve from
// `docs/content/`; heading ids are slugified.

const ZOLA: &str = "zola";

#[test]
fn zola_pristine() {
    // Not copied: it links six more pages.
    assert_pristine(
        ZOLA,
        &[
            "docs/content/documentation/templates/pagination.md:9 broken-relative-link @/documentation/templates/overview.md",
        ],
    );
}

#[test]
fn zola_heading_reworded() {
    assert_mutation(
        ZOLA,
        Mutation::Edit {
            file: "docs/content/documentation/content/overview.md",
            from: "\n## Asset colocation\n",
            to: "\n## Colocating assets\n",
        },
        &[
            "docs/content/documentation/content/section.md:18 broken-fragment @/documentation/content/overview.md#asset-colocation",
            "docs/content/documentation/content/page.md:32 broken-fragment @/documentation/content/overview.md#asset-colocation",
        ],
        &[],
    );
}

#[test]
fn zola_page_renamed_in_case() {
    assert_mutation(
        ZOLA,
        Mutation::Rename {
            from: "docs/content/documentation/content/page.md",
            to: "docs/content/documentation/content/Page.md",
        },
        &[
            "docs/content/documentation/content/overview.md:8 broken-relative-link @/documentation/content/page.md",
            "docs/content/documentation/content/overview.md:26 broken-relative-link @/documentation/content/page.md#front-matter",
        ],
        &[],
    );
}

#[test]
fn zola_page_deleted() {
    assert_mutation(
        ZOLA,
        Mutation::Delete {
            file: "docs/content/documentation/templates/pagination.md",
        },
        &[
            "docs/content/documentation/content/section.md:130 broken-relative-link @/documentation/templates/pagination.md",
            "docs/content/documentation/templates/pages-sections.md:123 broken-relative-link @/documentation/templates/pagination.md",
            "docs/content/documentation/templates/taxonomies.md:76 broken-relative-link @/documentation/templates/pagination.md",
        ],
        // The deleted page's own broken link goes with it.
        &[
            "docs/content/documentation/templates/pagination.md:9 broken-relative-link @/documentation/templates/overview.md",
        ],
    );
}

// Hugo (authelia/authelia): `docs/layouts/_markup/render-link.html` resolves
// every non-http destination with `.Page.GetPage`: page-relative (for `../`
// from a leaf bundle's own folder, else from the folder holding the page
// or the bundle), then from `content/`; an unresolved one is passed through
// unchanged. Heading ids are goldmark's github ids.

const HUGO: &str = "hugo-authelia";

#[test]
fn hugo_pristine() {
    assert_pristine(HUGO, &[]);
}

#[test]
fn hugo_heading_reworded() {
    // The page has no shortcodes, so its headings are all its ids; the
    // hook leaves a destination without a path (`#front-matter`) as it is.
    assert_mutation(
        HUGO,
        Mutation::Edit {
            file: "docs/content/contributing/prologue/documentation-contributions.md",
            from: "\n## Front Matter\n",
            to: "\n## Page Front Matter\n",
        },
        &[
            "docs/content/contributing/prologue/documentation-contributions.md:69 broken-fragment #front-matter",
        ],
        &[],
    );
}

#[test]
fn hugo_heading_reworded_in_a_page_with_shortcodes() {
    // `proxy-authorization.md` calls the theme's `{{< callout >}}`, and the
    // theme (Doks, from node_modules) is not in the tree: a shortcode may
    // make headings, so a fragment its written headings lack is not
    // checked (SPEC 11a), neither the link from `server-endpoints-authz.md`
    // nor the page's own three links to `#implementations`.
    assert_mutation(
        HUGO,
        Mutation::Edit {
            file: "docs/content/reference/guides/proxy-authorization.md",
            from: "\n## Implementations\n",
            to: "\n## Supported Implementations\n",
        },
        &[],
        &[],
    );
}

#[test]
fn hugo_page_renamed_in_case() {
    // Hugo lower-cases page paths and GetPage references alike (and the
    // URLs it makes), so a page renamed in case only is still found: the
    // leaf bundle's link to it keeps working.
    assert_mutation(
        HUGO,
        Mutation::Rename {
            from: "docs/content/contributing/prologue/documentation-contributions.md",
            to: "docs/content/contributing/prologue/Documentation-Contributions.md",
        },
        &[],
        &[],
    );
}

#[test]
fn hugo_page_deleted() {
    assert_mutation(
        HUGO,
        Mutation::Delete {
            file: "docs/content/reference/guides/proxy-authorization.md",
        },
        &[
            "docs/content/configuration/miscellaneous/server-endpoints-authz.md:77 broken-relative-link ../../reference/guides/proxy-authorization.md#implementations",
            "docs/content/configuration/miscellaneous/server-endpoints-authz.md:93 broken-relative-link ../../reference/guides/proxy-authorization.md#authn-strategies",
        ],
        &[],
    );
}

#[test]
fn hugo_page_linked_from_a_leaf_bundle_deleted() {
    assert_mutation(
        HUGO,
        Mutation::Delete {
            file: "docs/content/contributing/prologue/documentation-contributions.md",
        },
        &[
            "docs/content/blog/say-hello-to-the-new-website/index.md:54 broken-relative-link ../../contributing/prologue/documentation-contributions.md",
        ],
        &[],
    );
}

// VitePress (vuejs/vitepress): extensionless page links resolved to `.md`,
// `en/` served at the root (`rewrites`), ids by VitePress's slugify or
// `{#id}`, which the Japanese pages use to keep the English ids.

const VITEPRESS: &str = "vitepress";

#[test]
fn vitepress_pristine() {
    assert_pristine(
        VITEPRESS,
        &[
            // Not copied: it links eleven more pages.
            "docs/en/reference/default-theme-home-page.md:7 broken-relative-link ./frontmatter-config",
            "docs/ja/reference/default-theme-home-page.md:7 broken-relative-link ./frontmatter-config",
            // The heading is `## 専用のチームページを作成する {#create-a-full-team-page}`:
            // its id is the English one, not its text.
            "docs/ja/reference/default-theme-team-page.md:71 broken-fragment #専用のチームページを作成する",
        ],
    );
}

#[test]
fn vitepress_heading_reworded() {
    assert_mutation(
        VITEPRESS,
        Mutation::Edit {
            file: "docs/en/reference/default-theme-team-page.md",
            from: "\n## Create a full Team Page\n",
            to: "\n## Create a dedicated Team Page\n",
        },
        &[
            "docs/en/reference/default-theme-team-page.md:71 broken-fragment #create-a-full-team-page",
        ],
        &[],
    );
}

#[test]
fn vitepress_heading_with_a_pinned_id_reworded() {
    // The id is `{#create-a-full-team-page}`, whatever the text says.
    assert_mutation(
        VITEPRESS,
        Mutation::Edit {
            file: "docs/ja/reference/default-theme-team-page.md",
            from: "\n## 専用のチームページを作成する {#create-a-full-team-page}\n",
            to: "\n## チームページを作成する {#create-a-full-team-page}\n",
        },
        &[],
        &[],
    );
}

#[test]
fn vitepress_page_renamed_in_case() {
    // `../` from `en/reference/` is the site's root page, `en/index.md`.
    assert_mutation(
        VITEPRESS,
        Mutation::Rename {
            from: "docs/en/index.md",
            to: "docs/en/Index.md",
        },
        &["docs/en/reference/default-theme-home-page.md:7 broken-relative-link ../"],
        &[],
    );
}

#[test]
fn vitepress_page_deleted() {
    assert_mutation(
        VITEPRESS,
        Mutation::Delete {
            file: "docs/en/reference/default-theme-home-page.md",
        },
        &[
            "docs/en/reference/default-theme-team-page.md:75 broken-relative-link ./default-theme-home-page",
        ],
        // The deleted page's own broken link goes with it.
        &[
            "docs/en/reference/default-theme-home-page.md:7 broken-relative-link ./frontmatter-config",
        ],
    );
}
