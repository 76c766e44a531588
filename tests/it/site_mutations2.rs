//! Mutation tests on real documentation trees, second set (SPEC sections
//! 11, 11a and 11b): the generator conventions of `shared/corpus/sites2`.
//!
//! Each fixture in `tests/data/real-sites2/<tree>/` is a small connected
//! subset of a corpus tree (`../shared/corpus/sites2/<tree>/`), copied byte
//! for byte with the generator's config files where the generator finds
//! them; its `ORIGIN.md` names the repository, the commit and the files.
//! The corpus's `SOURCES.md` says how each generator resolves links and
//! makes ids.
//!
//! As in `site_mutations.rs`, the untouched copy must give exactly the
//! links that are broken in the subset under that generator's rules, and
//! changes a writer makes every day must give exactly the links they
//! break. The changes are chosen so that the links they break use the
//! tree's own convention (a MyST label, a Docusaurus route, a Quarto
//! cross-reference, a Nextra `[#id]`, a Docsify `?id=`):
//!
//! - a heading (or the label or id a link names) is reworded:
//!   `broken-fragment`;
//! - a linked page is renamed in case only: `broken-relative-link` where
//!   the generator and its server tell `Page.md` from `page.md`;
//! - a linked page is deleted: `broken-relative-link`, also for the links
//!   with a fragment into it.
//!
//! Each mutation runs on a fresh copy. The findings it adds, and the
//! pristine findings it removes, are compared with the expected lists as
//! multisets of `path:line rule uri` (path from the tree's root, 1-based
//! line, the reference as urilint prints it).
//!
//! Two tests show where the model ends: a break it leaves unchecked,
//! rather than report without knowing (Sphinx's intersphinx labels,
//! headings a Hugo shortcode may make).

use super::site_mutations::{Mutation, assert_mutation_in, assert_pristine_in};

/// The fixtures of this file, under `tests/data/real-sites2/`.
const FIXTURES: &str = "real-sites2";

/// The untouched copy of `tree` gives exactly `want`.
fn assert_pristine(tree: &str, want: &[&str]) {
    assert_pristine_in(FIXTURES, tree, want);
}

/// After `mutation`, the findings the copy of `tree` gains are exactly
/// `new`, and the pristine findings it loses exactly `gone`.
fn assert_mutation(tree: &str, mutation: Mutation, new: &[&str], gone: &[&str]) {
    assert_mutation_in(FIXTURES, tree, mutation, new, gone);
}

// MyST with mystmd (jupyter-book/jupyter-book, Jupyter Book 2): `myst.yml`
// makes `docs/` the project. `[](#label)` names a label set anywhere in
// the project (`(label)=` before a block, `:label:` or `:name:` on a
// directive); mystmd's guide: a target "can be resolved against the entire
// project without the path". Page links are `.md` paths from the file.

const MYST: &str = "myst-jupyter-book";

#[test]
fn myst_pristine() {
    // The subset holds every page and label its pages link to; the
    // `xref:guide` links go to another project.
    assert_pristine(MYST, &[]);
}

#[test]
fn myst_heading_under_a_label_reworded() {
    // `(known-limitations)=` names the heading, whatever its text.
    assert_mutation(
        MYST,
        Mutation::Edit {
            file: "docs/resources/faq.md",
            from: "\n### What are the known current limitations in Jupyter Book 2?\n",
            to: "\n### What is still missing from Jupyter Book 2?\n",
        },
        &[],
        &[],
    );
}

#[test]
fn myst_label_reworded() {
    // Every `[](#known-limitations)` of the project, on the label's page
    // and on two others, none with a path.
    assert_mutation(
        MYST,
        Mutation::Edit {
            file: "docs/resources/faq.md",
            from: "\n(known-limitations)=\n",
            to: "\n(current-limitations)=\n",
        },
        &[
            "docs/resources/downgrade.md:9 broken-fragment #known-limitations",
            "docs/resources/faq.md:33 broken-fragment #known-limitations",
            "docs/resources/faq.md:167 broken-fragment #known-limitations",
            "docs/resources/faq.md:191 broken-fragment #known-limitations",
            "docs/resources/upgrade.md:14 broken-fragment #known-limitations",
            "docs/resources/upgrade.md:28 broken-fragment #known-limitations",
        ],
        &[],
    );
}

#[test]
fn myst_page_renamed_in_case() {
    // The `.md` page links break; the `[](#label)` links into the page do
    // not name it. (`myst.yml`'s toc entry is config, not a link.)
    assert_mutation(
        MYST,
        Mutation::Rename {
            from: "docs/resources/upgrade.md",
            to: "docs/resources/Upgrade.md",
        },
        &[
            "docs/resources/downgrade.md:72 broken-relative-link ./upgrade.md",
            "docs/resources/faq.md:37 broken-relative-link ./upgrade.md",
        ],
        &[],
    );
}

#[test]
fn myst_page_deleted() {
    // The page link to it, and the cross-reference to the label it held,
    // written on another page without a path.
    assert_mutation(
        MYST,
        Mutation::Delete {
            file: "docs/plugins/ast.md",
        },
        &[
            "docs/plugins/plugins.md:161 broken-fragment #plugins:ctx",
            "docs/resources/faq.md:110 broken-relative-link ../plugins/ast.md",
        ],
        &[],
    );
}

// Sphinx with MyST-Parser (executablebooks/MyST-Parser), as the tree's own
// `docs/syntax/cross-referencing.md` ("Default destination resolution")
// says: a destination that is a file is that file (`.md` a page, with
// `#slug` one of its headings: `myst_heading_anchors = 2` gives h1 and h2
// GitHub slugs); `#x` and a destination that is no file name a label of
// the project (`[length](units/length)` names `(units/length)=`) or,
// failing that, an intersphinx target; `project:` links are internal
// references. Roles (`{doc}`, `{ref}`) and directive arguments
// (`{button-ref}`, toctree entries) are not hyperlinks and are not
// checked here.

const SPHINX_MYST: &str = "sphinx-myst-parser";

#[test]
fn sphinx_myst_pristine() {
    assert_pristine(SPHINX_MYST, &[]);
}

#[test]
fn sphinx_myst_heading_reworded() {
    assert_mutation(
        SPHINX_MYST,
        Mutation::Edit {
            file: "docs/syntax/typography.md",
            from: "\n## Headings\n",
            to: "\n## Section headings\n",
        },
        &[
            "docs/syntax/optional.md:526 broken-fragment ./typography.md#headings",
            "docs/syntax/organising_content.md:12 broken-fragment typography.md#headings",
        ],
        &[],
    );
}

#[test]
fn sphinx_myst_heading_under_a_label_reworded() {
    // `[length](units/length)` names `(units/length)=`, not the heading.
    assert_mutation(
        SPHINX_MYST,
        Mutation::Edit {
            file: "docs/syntax/glossary.md",
            from: "\n## Length Units\n",
            to: "\n## Units of length\n",
        },
        &[],
        &[],
    );
}

#[test]
fn sphinx_myst_label_reworded() {
    // `units/length` is no file, so MyST-Parser makes it a `pending_xref`
    // (`render_link_unknown`) that no longer resolves in the project, and
    // Sphinx warns [myst.xref_missing]. But Sphinx's `any` lookup also
    // asks the inventories of `intersphinx_mapping`, which are not in the
    // tree, and a label of the same shape (`usage/restructuredtext/roles`)
    // is one of theirs: certain or silent, urilint leaves the six links
    // unchecked (reason `rewritten`), never broken. The real breaks are
    // lost here; the limit is documented in docs/links.md.
    assert_mutation(
        SPHINX_MYST,
        Mutation::Edit {
            file: "docs/syntax/glossary.md",
            from: "\n(units/length)=\n",
            to: "\n(units/length-units)=\n",
        },
        &[],
        &[],
    );
}

#[test]
fn sphinx_myst_page_renamed_in_case() {
    // The `.md` paths break; `index.md`'s `[](syntax/core)` names the
    // page's label, which moves with it.
    assert_mutation(
        SPHINX_MYST,
        Mutation::Rename {
            from: "docs/syntax/typography.md",
            to: "docs/syntax/Typography.md",
        },
        &[
            "docs/intro.md:43 broken-relative-link syntax/typography.md",
            "docs/syntax/optional.md:526 broken-relative-link ./typography.md#headings",
            "docs/syntax/organising_content.md:12 broken-relative-link typography.md#headings",
            "docs/syntax/reference.md:7 broken-relative-link typography.md",
        ],
        &[],
    );
}

#[test]
fn sphinx_myst_page_deleted() {
    // `reference.md`'s `[admonition directives](syntax/admonitions)` is no
    // file from `syntax/`: it names the label `(syntax/admonitions)=` in
    // `optional.md`, which stays.
    assert_mutation(
        SPHINX_MYST,
        Mutation::Delete {
            file: "docs/syntax/admonitions.md",
        },
        &["docs/intro.md:46 broken-relative-link syntax/admonitions.md"],
        &[],
    );
}

#[test]
fn sphinx_myst_page_linked_with_project_links_deleted() {
    // "Destinations beginning with `project:` will be treated as internal
    // references" (cross-referencing.md): the three `project:` autolinks
    // break with the five plain links, each the reference after its
    // `project:`.
    assert_mutation(
        SPHINX_MYST,
        Mutation::Delete {
            file: "docs/intro.md",
        },
        &[
            "docs/syntax/cross-referencing.md:198 broken-relative-link ../intro.md",
            "docs/syntax/cross-referencing.md:199 broken-relative-link ../intro.md#-get-started",
            "docs/syntax/cross-referencing.md:211 broken-relative-link ../intro.md",
            "docs/syntax/cross-referencing.md:212 broken-relative-link ../intro.md#-get-started",
            "docs/syntax/cross-referencing.md:224 broken-relative-link ../intro.md",
            "docs/syntax/cross-referencing.md:225 broken-relative-link ../intro.md#-get-started",
            "docs/syntax/cross-referencing.md:407 broken-relative-link ../intro.md",
            "docs/syntax/cross-referencing.md:407 broken-relative-link ../intro.md",
        ],
        &[],
    );
}

// Docusaurus (pnpm/pnpm.io): `docs/` is version 11.x, copied to
// `versioned_docs/version-11.x/` at build and served at `/`
// (`routeBasePath: '/'`, `lastVersion: '11.x'`); 10.x is served at
// `/10.x/`. `.md` paths resolve from the file within its own version;
// `/`-rooted links are routes: a doc's from its front-matter `id`, a blog
// post `YYYY-MM-DD-name.md`'s at `/blog/YYYY/MM/DD/name`. Heading ids by
// github-slugger.

const DOCUSAURUS: &str = "docusaurus-pnpm";

#[test]
fn docusaurus_pristine() {
    // Not copied: each links many more pages.
    assert_pristine(
        DOCUSAURUS,
        &[
            "docs/how-peers-are-resolved.md:127 broken-relative-link ./cli/install.md#--frozen-lockfile",
            "docs/settings/node-modules.md:199 broken-relative-link ./dependency-resolution.md#packageextensions",
            "versioned_docs/version-10.x/motivation.md:58 broken-relative-link settings#nodeLinker",
            "versioned_docs/version-10.x/symlinked-node-modules-structure.md:122 broken-relative-link settings.md#hoist",
        ],
    );
}

#[test]
fn docusaurus_heading_reworded() {
    // A blog post's route into the docs, with its fragment.
    assert_mutation(
        DOCUSAURUS,
        Mutation::Edit {
            file: "docs/settings/node-modules.md",
            from: "\n### hoistingLimits\n",
            to: "\n### hoistingLimits (experimental)\n",
        },
        &["blog/releases/11.5.md:16 broken-fragment /settings/node-modules#hoistinglimits"],
        &[],
    );
}

#[test]
fn docusaurus_page_renamed_in_case() {
    // Its route comes from `id: how-peers-are-resolved`, so the blog's
    // `/how-peers-are-resolved` still works; the `.md` path does not (the
    // 10.x page links its own version's file). The page's own finding
    // moves with it.
    assert_mutation(
        DOCUSAURUS,
        Mutation::Rename {
            from: "docs/how-peers-are-resolved.md",
            to: "docs/How-peers-are-resolved.md",
        },
        &[
            "docs/How-peers-are-resolved.md:127 broken-relative-link ./cli/install.md#--frozen-lockfile",
            "docs/symlinked-node-modules-structure.md:10 broken-relative-link how-peers-are-resolved.md",
        ],
        &[
            "docs/how-peers-are-resolved.md:127 broken-relative-link ./cli/install.md#--frozen-lockfile",
        ],
    );
}

#[test]
fn docusaurus_page_deleted() {
    // The blog's route and the 11.x `.md` path; 10.x keeps its own copy.
    assert_mutation(
        DOCUSAURUS,
        Mutation::Delete {
            file: "docs/how-peers-are-resolved.md",
        },
        &[
            "blog/2020-05-27-flat-node-modules-is-not-the-only-way.md:124 broken-relative-link /how-peers-are-resolved",
            "docs/symlinked-node-modules-structure.md:10 broken-relative-link how-peers-are-resolved.md",
        ],
        // The deleted page's own broken link goes with it.
        &[
            "docs/how-peers-are-resolved.md:127 broken-relative-link ./cli/install.md#--frozen-lockfile",
        ],
    );
}

#[test]
fn docusaurus_blog_post_deleted() {
    // Its dated route, from both versions of the docs.
    assert_mutation(
        DOCUSAURUS,
        Mutation::Delete {
            file: "blog/2020-05-27-flat-node-modules-is-not-the-only-way.md",
        },
        &[
            "docs/motivation.md:53 broken-relative-link /blog/2020/05/27/flat-node-modules-is-not-the-only-way",
            "versioned_docs/version-10.x/motivation.md:53 broken-relative-link /blog/2020/05/27/flat-node-modules-is-not-the-only-way",
        ],
        &[],
    );
}

// Quarto website (posit-dev/py-shiny-site): `.qmd` pages, links to `.qmd`
// sources from the file or `/`-rooted from the project. A partial
// (`_x.qmd`) is pasted into the page that includes it: "relative paths in
// an included file resolve based on the directory of the main file"
// (Quarto, "Includes"), and its `#fragments` name the headings of the
// whole page (Pandoc ids). quartodoc's `api/` pages are made at build.

const QUARTO: &str = "quarto-py-shiny";

#[test]
fn quarto_pristine() {
    // Not copied: each links many more pages.
    assert_pristine(
        QUARTO,
        &[
            "docs/end-to-end-testing.qmd:219 broken-relative-link test-mode.qmd",
            "docs/nonblocking.qmd:155 broken-relative-link /components/inputs/task-button/index.qmd",
            "docs/opentelemetry/_resources.qmd:8 broken-relative-link /api/core/index.qmd",
        ],
    );
}

#[test]
fn quarto_heading_in_a_partial_reworded() {
    // One partial links a heading of another partial of the same page.
    assert_mutation(
        QUARTO,
        Mutation::Edit {
            file: "docs/opentelemetry/_collection.qmd",
            from: "## What can Shiny record?\n",
            to: "## What Shiny records\n",
        },
        &["docs/opentelemetry/_quick-start.qmd:134 broken-fragment #what-can-shiny-record"],
        &[],
    );
}

#[test]
fn quarto_page_renamed_in_case() {
    // Its partials are still included by it, and their links unchanged.
    assert_mutation(
        QUARTO,
        Mutation::Rename {
            from: "docs/opentelemetry.qmd",
            to: "docs/OpenTelemetry.qmd",
        },
        &[
            "docs/end-to-end-testing.qmd:223 broken-relative-link opentelemetry.qmd",
            "docs/end-to-end-testing.qmd:228 broken-relative-link opentelemetry.qmd",
            "docs/nonblocking.qmd:287 broken-relative-link opentelemetry.qmd",
        ],
        &[],
    );
}

#[test]
fn quarto_page_deleted() {
    // Linked `/`-rooted from two partials.
    assert_mutation(
        QUARTO,
        Mutation::Delete {
            file: "docs/nonblocking.qmd",
        },
        &[
            "docs/opentelemetry/_resources.qmd:13 broken-relative-link /docs/nonblocking.qmd",
            "docs/opentelemetry/_what-is-traced.qmd:40 broken-relative-link /docs/nonblocking.qmd",
        ],
        // The deleted page's own broken link goes with it.
        &["docs/nonblocking.qmd:155 broken-relative-link /components/inputs/task-button/index.qmd"],
    );
}

#[test]
fn quarto_image_of_a_partial_deleted() {
    // Written `opentelemetry/images/...` in `docs/opentelemetry/`: the path
    // is from the including page's folder, `docs/`.
    assert_mutation(
        QUARTO,
        Mutation::Delete {
            file: "docs/opentelemetry/images/duckdb_app.png",
        },
        &[
            "docs/opentelemetry/_advanced.qmd:129 broken-relative-link opentelemetry/images/duckdb_app.png",
        ],
        &[],
    );
}

// Quarto book (mlr-org/mlr3book): chapters link each other only with
// cross-references, `@sec-x` naming a `{#sec-x}` label of any chapter of
// the book (Quarto, "Book Crossrefs"); urilint prints each as `#sec-x`.
// Every chapter includes `../../common/_setup.qmd`, which includes
// `../../common/_utils.qmd`, a path from the chapter's folder.

const QUARTO_BOOK: &str = "quarto-mlr3book";

#[test]
fn quarto_book_pristine() {
    // Labels of chapters not copied.
    assert_pristine(
        QUARTO_BOOK,
        &[
            "book/chapters/chapter7/sequential_pipelines.qmd:316 broken-fragment #sec-pipelines-nonseq",
            "book/chapters/chapter9/preprocessing.qmd:13 broken-fragment #sec-pipelines-nonseq",
            "book/chapters/chapter9/preprocessing.qmd:14 broken-fragment #sec-feature-selection",
            "book/chapters/chapter9/preprocessing.qmd:132 broken-fragment #sec-performance",
            "book/chapters/chapter9/preprocessing.qmd:136 broken-fragment #sec-strat-group",
            "book/chapters/chapter9/preprocessing.qmd:203 broken-fragment #sec-fairness",
            "book/chapters/chapter9/preprocessing.qmd:373 broken-fragment #sec-feature-selection",
            "book/chapters/chapter9/preprocessing.qmd:466 broken-fragment #sec-pipelines-nonseq",
            "book/chapters/chapter9/preprocessing.qmd:469 broken-fragment #sec-large-benchmarking",
        ],
    );
}

#[test]
fn quarto_book_heading_reworded() {
    // `{#sec-preprocessing}` names the chapter, whatever its title.
    assert_mutation(
        QUARTO_BOOK,
        Mutation::Edit {
            file: "book/chapters/chapter9/preprocessing.qmd",
            from: "\n# Preprocessing {#sec-preprocessing}\n",
            to: "\n# Data Preprocessing {#sec-preprocessing}\n",
        },
        &[],
        &[],
    );
}

#[test]
fn quarto_book_label_reworded() {
    // Chapter 7's cross-references into chapter 9.
    assert_mutation(
        QUARTO_BOOK,
        Mutation::Edit {
            file: "book/chapters/chapter9/preprocessing.qmd",
            from: "{#sec-preprocessing}",
            to: "{#sec-prepro}",
        },
        &[
            "book/chapters/chapter7/sequential_pipelines.qmd:16 broken-fragment #sec-preprocessing",
            "book/chapters/chapter7/sequential_pipelines.qmd:176 broken-fragment #sec-preprocessing",
            "book/chapters/chapter7/sequential_pipelines.qmd:317 broken-fragment #sec-preprocessing",
        ],
        &[],
    );
}

#[test]
fn quarto_book_partial_renamed_in_case() {
    // The chapters name no file but the partial: cross-references name
    // labels. Quarto stops the render at each missing include ("ERROR:
    // Include directive failed ... could not find file",
    // quarto-dev/quarto-cli#9353).
    assert_mutation(
        QUARTO_BOOK,
        Mutation::Rename {
            from: "book/common/_setup.qmd",
            to: "book/common/_Setup.qmd",
        },
        &[
            "book/chapters/chapter7/sequential_pipelines.qmd:8 broken-relative-link ../../common/_setup.qmd",
            "book/chapters/chapter9/preprocessing.qmd:8 broken-relative-link ../../common/_setup.qmd",
        ],
        &[],
    );
}

#[test]
fn quarto_book_chapter_deleted() {
    // Every cross-reference to a label of the chapter.
    assert_mutation(
        QUARTO_BOOK,
        Mutation::Delete {
            file: "book/chapters/chapter9/preprocessing.qmd",
        },
        &[
            "book/chapters/chapter7/sequential_pipelines.qmd:16 broken-fragment #sec-preprocessing",
            "book/chapters/chapter7/sequential_pipelines.qmd:176 broken-fragment #sec-preprocessing",
            "book/chapters/chapter7/sequential_pipelines.qmd:192 broken-fragment #sec-preprocessing-missing",
            "book/chapters/chapter7/sequential_pipelines.qmd:317 broken-fragment #sec-preprocessing",
        ],
        // The deleted chapter's own cross-references go with it.
        &[
            "book/chapters/chapter9/preprocessing.qmd:13 broken-fragment #sec-pipelines-nonseq",
            "book/chapters/chapter9/preprocessing.qmd:14 broken-fragment #sec-feature-selection",
            "book/chapters/chapter9/preprocessing.qmd:132 broken-fragment #sec-performance",
            "book/chapters/chapter9/preprocessing.qmd:136 broken-fragment #sec-strat-group",
            "book/chapters/chapter9/preprocessing.qmd:203 broken-fragment #sec-fairness",
            "book/chapters/chapter9/preprocessing.qmd:373 broken-fragment #sec-feature-selection",
            "book/chapters/chapter9/preprocessing.qmd:466 broken-fragment #sec-pipelines-nonseq",
            "book/chapters/chapter9/preprocessing.qmd:469 broken-fragment #sec-large-benchmarking",
        ],
    );
}

// Nextra 2.13 (vercel/swr-site): routes from `pages/`, one file per locale
// (`cache.en-US.mdx`, `cache.ja.mdx`); `middleware.js` exports
// `nextra/locales`, which rewrites `/docs/x` to the page `docs/x.<locale>`
// of the reader's locale (a locale without that file has no such page);
// routes are case-sensitive. A heading's id is its `[#id]` ("Custom
// Heading Id"), which the Japanese pages keep. MDX parses Markdown inside
// a component on its own lines (`<Callout>`), so links there are links.

const NEXTRA: &str = "nextra-swr";

#[test]
fn nextra_pristine() {
    // `/docs/api` is not copied. The Japanese cache page names translated
    // headings whose ids are the English `[#id]`s, two of them from inside
    // a `<Callout>` (lines 11 and 64).
    assert_pristine(
        NEXTRA,
        &[
            "pages/docs/advanced/cache.ja.mdx:11 broken-fragment #テストケース間のキャッシュのリセット",
            "pages/docs/advanced/cache.ja.mdx:35 broken-fragment #キャッシュプロバイダー",
            "pages/docs/advanced/cache.ja.mdx:64 broken-fragment #現在のキャッシュプロバイダーにアクセスする",
            "pages/docs/advanced/cache.ja.mdx:69 broken-fragment /docs/global-configuration#グローバル設定へアクセス",
            "pages/docs/global-configuration.en-US.mdx:3 broken-relative-link /docs/api",
            "pages/docs/global-configuration.en-US.mdx:117 broken-relative-link /docs/api",
            "pages/docs/global-configuration.ja.mdx:3 broken-relative-link /docs/api",
        ],
    );
}

#[test]
fn nextra_heading_reworded() {
    // The id is `[#access-to-global-configurations]`, whatever the text.
    assert_mutation(
        NEXTRA,
        Mutation::Edit {
            file: "pages/docs/global-configuration.en-US.mdx",
            from: "\n### Access To Global Configurations [#access-to-global-configurations]\n",
            to: "\n### Accessing the Global Configuration [#access-to-global-configurations]\n",
        },
        &[],
        &[],
    );
}

#[test]
fn nextra_heading_id_reworded() {
    // The English pages' links break; the Japanese ones go to the Japanese
    // page, which keeps the id.
    assert_mutation(
        NEXTRA,
        Mutation::Edit {
            file: "pages/docs/global-configuration.en-US.mdx",
            from: "\n### Access To Global Configurations [#access-to-global-configurations]\n",
            to: "\n### Access the Global Configuration [#access-the-global-configuration]\n",
        },
        &[
            "pages/docs/advanced/cache.en-US.mdx:69 broken-fragment /docs/global-configuration#access-to-global-configurations",
            "pages/docs/mutation.en-US.mdx:13 broken-fragment /docs/global-configuration#access-to-global-configurations",
        ],
        &[],
    );
}

#[test]
fn nextra_heading_id_linked_from_a_callout_reworded() {
    assert_mutation(
        NEXTRA,
        Mutation::Edit {
            file: "pages/docs/advanced/cache.en-US.mdx",
            from: "\n### Reset Cache Between Test Cases [#reset-cache-between-test-cases]\n",
            to: "\n### Reset Cache Between Tests [#reset-cache-between-tests]\n",
        },
        &["pages/docs/advanced/cache.en-US.mdx:11 broken-fragment #reset-cache-between-test-cases"],
        &[],
    );
}

#[test]
fn nextra_page_renamed_in_case() {
    // In both locales, as a writer renames a page.
    assert_mutation(
        NEXTRA,
        Mutation::All(&[
            Mutation::Rename {
                from: "pages/docs/arguments.en-US.mdx",
                to: "pages/docs/Arguments.en-US.mdx",
            },
            Mutation::Rename {
                from: "pages/docs/arguments.ja.mdx",
                to: "pages/docs/Arguments.ja.mdx",
            },
        ]),
        &[
            "pages/docs/advanced/cache.en-US.mdx:166 broken-relative-link /docs/arguments#multiple-arguments",
            "pages/docs/advanced/cache.ja.mdx:172 broken-relative-link /docs/arguments#multiple-arguments",
        ],
        &[],
    );
}

#[test]
fn nextra_page_deleted() {
    // In both locales. The Japanese link that named a missing heading now
    // names a missing page.
    assert_mutation(
        NEXTRA,
        Mutation::All(&[
            Mutation::Delete {
                file: "pages/docs/global-configuration.en-US.mdx",
            },
            Mutation::Delete {
                file: "pages/docs/global-configuration.ja.mdx",
            },
        ]),
        &[
            "pages/docs/advanced/cache.en-US.mdx:69 broken-relative-link /docs/global-configuration#access-to-global-configurations",
            "pages/docs/advanced/cache.ja.mdx:69 broken-relative-link /docs/global-configuration#グローバル設定へアクセス",
            "pages/docs/mutation.en-US.mdx:13 broken-relative-link /docs/global-configuration#access-to-global-configurations",
            "pages/docs/mutation.ja.mdx:11 broken-relative-link /docs/global-configuration#access-to-global-configurations",
        ],
        &[
            "pages/docs/advanced/cache.ja.mdx:69 broken-fragment /docs/global-configuration#グローバル設定へアクセス",
            // The deleted pages' own broken links go with them.
            "pages/docs/global-configuration.en-US.mdx:3 broken-relative-link /docs/api",
            "pages/docs/global-configuration.en-US.mdx:117 broken-relative-link /docs/api",
            "pages/docs/global-configuration.ja.mdx:3 broken-relative-link /docs/api",
        ],
    );
}

#[test]
fn nextra_page_deleted_in_one_locale() {
    // `nextra/locales` rewrites `/docs/global-configuration` for a
    // Japanese reader to the page `docs/global-configuration.ja`, which no
    // longer exists (Nextra's i18n guide: the locale code is "required for
    // the default locale too"; there is no fallback): both Japanese links
    // now lead to a 404.
    assert_mutation(
        NEXTRA,
        Mutation::Delete {
            file: "pages/docs/global-configuration.ja.mdx",
        },
        &[
            "pages/docs/advanced/cache.ja.mdx:69 broken-relative-link /docs/global-configuration#グローバル設定へアクセス",
            "pages/docs/mutation.ja.mdx:11 broken-relative-link /docs/global-configuration#access-to-global-configurations",
        ],
        &[
            "pages/docs/advanced/cache.ja.mdx:69 broken-fragment /docs/global-configuration#グローバル設定へアクセス",
            "pages/docs/global-configuration.ja.mdx:3 broken-relative-link /docs/api",
        ],
    );
}

// Docsify (docsifyjs/docsify), rendered in the browser from
// `docs/index.html`: links resolve from the docs root (`relativePath` is
// off); `themes` is `themes.md`; `themes.md?id=classes` and
// `themes#classes` name a heading of that page, `#classes` one of the
// page itself; docsify slugs, or `:id=x` at the end of a heading; the
// pages are fetched from a case-sensitive static host.

const DOCSIFY: &str = "docsify";

#[test]
fn docsify_pristine() {
    // `[awesome](awesome)` is an `alias` route served from GitHub.
    assert_pristine(DOCSIFY, &[]);
}

#[test]
fn docsify_heading_reworded() {
    assert_mutation(
        DOCSIFY,
        Mutation::Edit {
            file: "docs/themes.md",
            from: "\n## Classes\n",
            to: "\n## CSS classes\n",
        },
        &[
            "docs/themes.md:5 broken-fragment #classes",
            "docs/v5-upgrade.md:63 broken-fragment themes.md?id=classes",
        ],
        &[],
    );
}

#[test]
fn docsify_heading_reworded_with_its_id_kept() {
    assert_mutation(
        DOCSIFY,
        Mutation::Edit {
            file: "docs/themes.md",
            from: "\n## Classes\n",
            to: "\n## CSS classes :id=classes\n",
        },
        &[],
        &[],
    );
}

#[test]
fn docsify_page_renamed_in_case() {
    assert_mutation(
        DOCSIFY,
        Mutation::Rename {
            from: "docs/themes.md",
            to: "docs/Themes.md",
        },
        &[
            "docs/language-highlight.md:80 broken-relative-link themes",
            "docs/language-highlight.md:110 broken-relative-link themes#theme-properties",
            "docs/v5-upgrade.md:51 broken-relative-link themes.md",
            "docs/v5-upgrade.md:63 broken-relative-link themes.md?id=classes",
            "docs/v5-upgrade.md:125 broken-relative-link themes.md?id=vue-theme-add-on",
            "docs/v5-upgrade.md:127 broken-relative-link themes.md?id=customization",
        ],
        &[],
    );
}

#[test]
fn docsify_page_deleted() {
    assert_mutation(
        DOCSIFY,
        Mutation::Delete {
            file: "docs/cdn.md",
        },
        &[
            "docs/themes.md:293 broken-relative-link cdn",
            "docs/themes.md:293 broken-relative-link cdn#specific-version",
        ],
        &[],
    );
}

// Hugo with the Hextra theme (imfing/hextra): the theme's link hook
// resolves a `/`-rooted destination with GetPage and passes any other
// through, so it is relative to the page's URL (`../../organize-files`
// from `/docs/guide/shortcodes/jupyter/`). Hugo lower-cases page URLs
// (`disablePathToLower` is not set) and GetPage ignores case, so a page
// renamed in case only keeps its URL: nothing breaks.

const HEXTRA: &str = "hugo-hextra";

#[test]
fn hextra_pristine() {
    assert_pristine(HEXTRA, &[]);
}

#[test]
fn hextra_heading_reworded() {
    // `organize-files.md` calls only `filetree/container`, `folder` and
    // `file`, whose templates write no heading, so `#add-images` is really
    // gone. urilint does not read shortcode templates: a page that calls
    // a shortcode on a line of its own may have headings it makes, and a
    // fragment into it that names no heading read is left unchecked
    // (reason `anchors`), never broken. A documented limit.
    assert_mutation(
        HEXTRA,
        Mutation::Edit {
            file: "docs/content/docs/guide/organize-files.md",
            from: "\n## Add Images\n",
            to: "\n## Adding images\n",
        },
        &[],
        &[],
    );
}

#[test]
fn hextra_page_renamed_in_case() {
    // `Organize-Files.md` is still served at `/docs/guide/organize-files/`:
    // the passed-through `../../organize-files#add-images` and GetPage's
    // `/docs/guide/organize-files` both still work: nothing breaks.
    assert_mutation(
        HEXTRA,
        Mutation::Rename {
            from: "docs/content/docs/guide/organize-files.md",
            to: "docs/content/docs/guide/Organize-Files.md",
        },
        &[],
        &[],
    );
}

#[test]
fn hextra_page_deleted() {
    // Through GetPage, and passed through to the browser.
    assert_mutation(
        HEXTRA,
        Mutation::Delete {
            file: "docs/content/docs/guide/organize-files.md",
        },
        &[
            "docs/content/docs/guide/configuration.md:149 broken-relative-link /docs/guide/organize-files",
            "docs/content/docs/guide/shortcodes/jupyter.md:19 broken-relative-link ../../organize-files#add-images",
        ],
        &[],
    );
}
