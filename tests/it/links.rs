//! Link integrity (SPEC section 11, issue 12): the fixture site in
//! `tests/data/site` holds one link for each case, and each line of its
//! README says what the link must give. These tests assert the exact
//! findings, the summary of what was left unchecked, and the options.

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;

const SITE: &str = "tests/data/site";

fn urilint_in(dir: &Path, args: &[&str]) -> Output {
    Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(dir)
        .args(["check", "--isolated"])
        .args(args)
        .output()
        .unwrap()
}

/// The `keys` of each jsonl record, joined by spaces (a missing key is
/// empty).
fn fields(out: &Output, keys: &[&str]) -> Vec<String> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let values: Vec<&str> = keys.iter().map(|k| v[*k].as_str().unwrap_or("")).collect();
            values.join(" ")
        })
        .collect()
}

/// `path:line:col rule uri | message`, one a finding, from jsonl output.
fn findings(out: &Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!(
                "{}:{}:{} {} {} | {}",
                v["path"].as_str().unwrap(),
                v["line"],
                v["column"],
                v["rule"].as_str().unwrap(),
                v["uri"].as_str().unwrap(),
                v["message"].as_str().unwrap()
            )
        })
        .collect()
}

const CASE: &str = "`My Notes.md` is `my notes.md` in the tree: it differs only in case, so it works on macOS and Windows and breaks on Linux and web servers";

/// Every case of the fixture, with `--site` mapping the site's URL onto
/// it: the findings are exactly the lines marked broken in its files.
#[test]
fn the_fixture_site_gives_exactly_its_broken_links() {
    let out = urilint_in(
        Path::new(SITE),
        &[
            "--format",
            "jsonl",
            "--site",
            "https://docs.example.com/=.",
            ".",
        ],
    );
    let case = format!("./README.md:26:10 broken-relative-link My%20Notes.md | {CASE}");
    assert_eq!(
        findings(&out),
        [
            "./README.md:15:13 broken-relative-link guide/missing.md | no file or folder `guide/missing.md`",
            "./README.md:20:17 broken-fragment #setup-2 | `#setup-2` names no anchor in this document; did you mean `#setup-1`?",
            case.as_str(),
            "./README.md:28:18 broken-fragment guide/intro.md#next-step | `#next-step` names no anchor in `guide/intro.md`; did you mean `#next-steps`?",
            "./README.md:30:22 broken-fragment page.html#gone | `#gone` names no anchor in `page.html`",
            "./README.md:32:21 broken-fragment doc.rst#Nope | `#Nope` names no anchor in `doc.rst`",
            "./README.md:35:26 broken-fragment manual.adoc#missing | `#missing` names no anchor in `manual.adoc`",
            "./README.md:36:15 broken-relative-link bad%zz.md | malformed reference: `%zz` is not a percent-encoding (RFC 3986 s2.1)",
            "./README.md:38:16 broken-relative-link https://docs.example.com/guide/gone.md | no file or folder `guide/gone.md`",
            "./book/src/README.md:7:17 broken-relative-link chapter_2.html | no file or folder `book/src/chapter_2.html`, nor a source it is made from (`.md`, ...)",
            "./book/src/README.md:8:16 broken-fragment chapter_1.html#no-such-heading | `#no-such-heading` names no anchor in `book/src/chapter_1.md`",
            "./book/src/README.md:11:28 broken-relative-link Chapter_1.html | `Chapter_1.html` is `chapter_1.md` in the tree: it differs only in case, so it works on macOS and Windows and breaks on Linux and web servers",
            "./doc.rst:13:35 broken-relative-link gone.html | no file or folder `gone.html`, nor a source it is made from (`.md`, ...)",
            "./manual.adoc:11:34 broken-relative-link gone.adoc | no file or folder `gone.adoc`",
            "./manual.adoc:11:72 broken-fragment #nowhere | `#nowhere` names no anchor in this document",
            "./page.html:4:13 broken-fragment README.md#nope | `#nope` names no anchor in `README.md`",
        ]
    );
    assert_eq!(out.status.code(), Some(1));
    // Machine formats write only findings to stdout; the summary of what
    // was left unchecked goes to stderr. The book's `../../README.md`
    // leaves the book but lands in the `--site` folder, so it is checked.
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: Found 16 problems (8 errors, 8 warnings); 14 files checked.\n\
         urilint: Checked 56 links; 3 not checked: leaving the checked tree or site; --site \
         URL=DIR maps them (2); `/`-rooted without a known site root; --root DIR gives one (1). \
         See --show-unchecked.\n"
    );
}

/// `--root` checks `/`-rooted references; without `--site`, the site's
/// URIs are not links into the tree; `--no-fragments` leaves fragments
/// alone; human output ends with the summary on stdout.
#[test]
fn root_site_and_no_fragments() {
    let out = urilint_in(
        Path::new(SITE),
        &[
            "--format",
            "jsonl",
            "--root",
            ".",
            "--no-fragments",
            "README.md",
            "book",
        ],
    );
    let case = format!("README.md:26:10 broken-relative-link My%20Notes.md | {CASE}");
    assert_eq!(
        findings(&out),
        [
            "README.md:15:13 broken-relative-link guide/missing.md | no file or folder `guide/missing.md`",
            case.as_str(),
            "README.md:36:15 broken-relative-link bad%zz.md | malformed reference: `%zz` is not a percent-encoding (RFC 3986 s2.1)",
            "book/src/README.md:7:17 broken-relative-link chapter_2.html | no file or folder `book/src/chapter_2.html`, nor a source it is made from (`.md`, ...)",
            "book/src/README.md:11:28 broken-relative-link Chapter_1.html | `Chapter_1.html` is `chapter_1.md` in the tree: it differs only in case, so it works on macOS and Windows and breaks on Linux and web servers",
        ]
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: Found 5 problems (5 errors); 6 files checked.\n\
         urilint: Checked 44 links; 2 not checked: leaving the checked tree or site; --site \
         URL=DIR maps them (2). See --show-unchecked.\n"
    );
    let human = urilint_in(Path::new(SITE), &["--color", "never", "guide"]);
    assert_eq!(
        String::from_utf8_lossy(&human.stdout),
        "All checks passed: 2 files, 0 URIs.\nChecked 1 link; 2 not checked: leaving the checked \
         tree or site; --site URL=DIR maps them (2). See --show-unchecked.\n"
    );
    assert_eq!(human.status.code(), Some(0));
    // A link rule is silenced like any other, and one can be turned off.
    let off = urilint_in(
        Path::new(SITE),
        &[
            "--format",
            "jsonl",
            "--ignore",
            "broken-fragment",
            "doc.rst",
        ],
    );
    assert_eq!(
        findings(&off),
        [
            "doc.rst:13:35 broken-relative-link gone.html | no file or folder `gone.html`, nor a source it is made from (`.md`, ...)"
        ]
    );
}

/// A file named on the command line (as pre-commit names them) is checked
/// in the working directory's tree, and an mdBook's sources as the book:
/// `.html` links are satisfied by `.md` chapters, redirects and mdBook's
/// own pages exist, and a link out of `src` is counted.
#[test]
fn named_files_and_an_mdbook() {
    let out = urilint_in(
        Path::new(SITE),
        &["--format", "jsonl", "book/src/README.md", "guide/index.md"],
    );
    assert_eq!(
        findings(&out),
        [
            "book/src/README.md:7:17 broken-relative-link chapter_2.html | no file or folder `book/src/chapter_2.html`, nor a source it is made from (`.md`, ...)",
            "book/src/README.md:8:16 broken-fragment chapter_1.html#no-such-heading | `#no-such-heading` names no anchor in `book/src/chapter_1.md`",
            "book/src/README.md:11:28 broken-relative-link Chapter_1.html | `Chapter_1.html` is `chapter_1.md` in the tree: it differs only in case, so it works on macOS and Windows and breaks on Linux and web servers",
        ]
    );
    // `book/src/README.md`'s `../../README.md` leaves the book, and
    // `guide/index.md`'s `../../x.md` leaves the tree.
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: Found 3 problems (2 errors, 1 warning); 2 files checked.\n\
         urilint: Checked 13 links; 2 not checked: leaving the checked tree or site; --site \
         URL=DIR maps them (2). See --show-unchecked.\n"
    );
}

/// Symbolic links are followed as the walker follows them: not without
/// `-L`, and then a link through a linked folder is not checked.
#[cfg(unix)]
#[test]
fn symlinked_folders_follow_the_walker() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("real")).unwrap();
    std::fs::write(d.join("real/here.md"), "# Here\n").unwrap();
    std::os::unix::fs::symlink(d.join("real"), d.join("linked")).unwrap();
    std::os::unix::fs::symlink("loop", d.join("loop")).unwrap();
    std::fs::write(
        d.join("index.md"),
        "[a](linked/here.md#here) [b](linked/gone.md) [c](loop/x.md) [d](real/gone.md)\n",
    )
    .unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "index.md"]);
    assert_eq!(
        findings(&out),
        ["index.md:1:65 broken-relative-link real/gone.md | no file or folder `real/gone.md`"]
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: Found 1 problem (1 error); 1 file checked.\n\
         urilint: Checked 1 link; 3 not checked: through symbolic links not followed or \
         unreadable folders; -L follows links (3). See --show-unchecked.\n"
    );
    let out = urilint_in(d, &["--format", "jsonl", "-L", "index.md"]);
    assert_eq!(
        findings(&out),
        [
            "index.md:1:30 broken-relative-link linked/gone.md | no file or folder `linked/gone.md`",
            "index.md:1:50 broken-relative-link loop/x.md | no file or folder `loop/x.md`",
            "index.md:1:65 broken-relative-link real/gone.md | no file or folder `real/gone.md`",
        ]
    );
}

/// Bad input: a reference that is no path gets its own finding, never a
/// panic, and the other files are still checked.
#[test]
fn malformed_references_are_findings() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("a.html"),
        "<a href=\"%\">1</a><a href=\"docs\\guide.html\">2</a><a href=\"%E2%82\">3</a>\
         <a href=\"../../../../../../../../x\">4</a><a href=\"{{ site.url }}/x\">5</a>\n",
    )
    .unwrap();
    std::fs::write(d.join("b.md"), "[x](nowhere.md)\n").unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "."]);
    assert_eq!(
        findings(&out),
        [
            "./a.html:1:10 broken-relative-link % | malformed reference: `%` is not a percent-encoding (RFC 3986 s2.1)",
            "./a.html:1:27 broken-relative-link docs\\guide.html | malformed reference: `\\` separates folders on Windows only; a URL's path separates them with `/`",
            "./a.html:1:58 broken-relative-link %E2%82 | no file or folder `\u{fffd}`",
            "./b.md:1:5 broken-relative-link nowhere.md | no file or folder `nowhere.md`",
        ]
    );
}

/// Secrets in relative references never reach the output: not in the
/// record's URI, nor in its message (the path is decoded), nor in the
/// source line under any finding on that line (SPEC section 10).
#[test]
fn secrets_in_references_are_redacted_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("a.md"),
        "[a](login.jsp;jsessionid=ABC123DEF456GHI) [b](x.html?access_token=ya29abcdefghijklmn#f) \
         <http://u:pw1234567@acme.net/>\n",
    )
    .unwrap();
    for format in ["human", "jsonl", "json", "sarif", "github"] {
        let out = urilint_in(d, &["--format", format, "--color", "never", "a.md"]);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for secret in ["ABC123DEF456GHI", "ya29abcdefghijklmn", "pw1234567"] {
            assert!(!all.contains(secret), "{format}: {secret} in\n{all}");
        }
        assert_eq!(out.status.code(), Some(1), "{format}");
    }
    let out = urilint_in(d, &["--format", "jsonl", "a.md"]);
    assert_eq!(
        findings(&out),
        [
            "a.md:1:5 broken-relative-link login.jsp;jsessionid=**** | no file or folder `login.jsp;jsessionid=****`",
            "a.md:1:47 broken-relative-link x.html?access_token=****#f | no file or folder `x.html`, nor a source it is made from (`.md`, ...)",
            "a.md:1:90 embedded-password http://u:****@acme.net/ | URI embeds a password for user `u`",
        ]
    );
}

/// Output is the same whatever the number of threads (SPEC section 5).
#[test]
fn the_same_output_whatever_the_threads() {
    let run = |threads: &str| {
        urilint_in(
            Path::new(SITE),
            &[
                "-j",
                threads,
                "--format",
                "jsonl",
                "--site",
                "https://docs.example.com/=.",
                ".",
            ],
        )
    };
    let one = run("1");
    assert!(!one.stdout.is_empty());
    for threads in ["2", "4", "8"] {
        let many = run(threads);
        assert_eq!(one.stdout, many.stdout, "-j {threads}");
        assert_eq!(one.stderr, many.stderr, "-j {threads}");
    }
}

/// A `--root` or `--site` folder that is not one is a usage error, not a
/// finding for every link into it.
#[test]
fn a_root_or_site_that_is_no_folder_is_a_usage_error() {
    for args in [
        &["--root", "no-such-folder", "."][..],
        &["--site", "https://docs.example.com/=no-such-folder", "."],
        &["--site", "docs.example.com=.", "."],
    ] {
        let out = urilint_in(Path::new(SITE), args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// What works where the page is shown is not reported: `#TOP` (any case,
/// HTML Standard), GitHub's `#user-content-` ids and `?plain=1#L5` lines,
/// `%2e%2e` (`..`); a document whose links resolve elsewhere (HTML
/// `<base href>`, an AsciiDoc part) is counted, not checked; a
/// suppression that silences a link finding is used.
#[test]
fn links_that_work_where_they_are_shown() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("sub")).unwrap();
    std::fs::write(
        d.join("a.md"),
        "# Title\n\n[1](#TOP) [2](#user-content-title) [3](b.md?plain=1#L5) [4](sub/%2e%2e/b.md#part)\n\
         [5](gone.md) <!-- urilint: ignore[broken-relative-link] -->\n",
    )
    .unwrap();
    std::fs::write(d.join("b.md"), "## Part\n").unwrap();
    std::fs::write(
        d.join("c.html"),
        "<base href=\"https://x.example.org/docs/\"><a href=\"gone.html\">g</a>\n",
    )
    .unwrap();
    std::fs::write(d.join("part.adoc"), "Some text, link:gone.html[g].\n").unwrap();
    let out = urilint_in(
        d,
        &["--format", "jsonl", "--report-unused-suppressions", "."],
    );
    assert_eq!(findings(&out), Vec::<String>::new());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: Checked 5 links; 2 not checked: in AsciiDoc parts for `include::`, whose \
         links resolve where they are included (1); in pages with `<base href>`, whose links \
         resolve against it (1). See --show-unchecked.\n"
    );
    assert_eq!(out.status.code(), Some(0));
}

/// Pages that all name the same missing file, the same name in another
/// case, and the same generated page each get their own finding (what a
/// missing path is is worked out once and shared, issue 14), from any
/// folder, and a fragment of the generated page is still checked per link.
#[test]
fn one_missing_target_named_by_many_pages() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("docs/sub")).unwrap();
    std::fs::write(root.join("Guide.md"), "# Guide\n\n## Set up\n").unwrap();
    std::fs::write(root.join("setup.md"), "# Setup\n\n## Install\n").unwrap();
    let page = "[s](style.css) [g](guide.md) [p](setup.html#install) [q](setup.html#gone)\n";
    for name in ["a.md", "b.md", "c.md"] {
        std::fs::write(root.join(name), page).unwrap();
    }
    let deep = "[s](../../style.css) [p](../../setup.html#gone)\n";
    std::fs::write(root.join("docs/sub/d.md"), deep).unwrap();
    let out = urilint_in(root, &["--format", "jsonl", "."]);
    let missing = "no file or folder `style.css`";
    let case = "`guide.md` is `Guide.md` in the tree: it differs only in case, so it works on macOS and Windows and breaks on Linux and web servers";
    let gone = "`#gone` names no anchor in `setup.md`";
    let mut want = Vec::new();
    for name in ["a.md", "b.md", "c.md"] {
        want.push(format!(
            "./{name}:1:5 broken-relative-link style.css | {missing}"
        ));
        want.push(format!(
            "./{name}:1:20 broken-relative-link guide.md | {case}"
        ));
        want.push(format!(
            "./{name}:1:58 broken-fragment setup.html#gone | {gone}"
        ));
    }
    want.push(format!(
        "./docs/sub/d.md:1:5 broken-relative-link ../../style.css | {missing}"
    ));
    want.push(format!(
        "./docs/sub/d.md:1:26 broken-fragment ../../setup.html#gone | {gone}"
    ));
    assert_eq!(findings(&out), want);
}

/// A decoded `%2F` is a `/` inside one segment: `nodir%2Fx.html` and
/// `nodir/x.html` join to the same path but are different links, and each
/// keeps its own message whichever comes first (review of issue 14's
/// cache of missing paths), under one thread or several.
#[test]
fn an_encoded_slash_is_not_a_folder_for_missing_paths() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("Dir")).unwrap();
    std::fs::write(root.join("Dir/x.md"), "# X\n").unwrap();
    std::fs::write(
        root.join("a.md"),
        "[a](nodir/x.html)\n[b](nodir%2Fx.html)\n",
    )
    .unwrap();
    std::fs::write(
        root.join("b.md"),
        "[b](nodir%2Fx.html)\n[a](nodir/x.html)\n",
    )
    .unwrap();
    std::fs::write(root.join("c.md"), "[b](dir%2Fx.md)\n[a](dir/x.md)\n").unwrap();
    let plain = "no file or folder `nodir/x.html`";
    let page = "no file or folder `nodir/x.html`, nor a source it is made from (`.md`, ...)";
    let case = "`dir` is `Dir` in the tree: it differs only in case, so it works on macOS and Windows and breaks on Linux and web servers";
    let want = [
        format!("./a.md:1:5 broken-relative-link nodir/x.html | {plain}"),
        format!("./a.md:2:5 broken-relative-link nodir%2Fx.html | {page}"),
        format!("./b.md:1:5 broken-relative-link nodir%2Fx.html | {page}"),
        format!("./b.md:2:5 broken-relative-link nodir/x.html | {plain}"),
        "./c.md:1:5 broken-relative-link dir%2Fx.md | no file or folder `dir/x.md`".to_string(),
        format!("./c.md:2:5 broken-relative-link dir/x.md | {case}"),
    ];
    for threads in ["-j1", "-j3"] {
        let out = urilint_in(root, &["--format", "jsonl", threads, "."]);
        assert_eq!(findings(&out), want, "{threads}");
    }
}

/// A reference definition is a link where a reference uses its label, as
/// the Markdown parser matches labels: Unicode case folding (`σας` uses
/// `[ΣΑΣ]`), runs of whitespace one space. One used that way was taken
/// for unused, and its broken target went unreported.
#[test]
fn definitions_used_by_case_folded_labels_are_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.md"),
        "[t][σας] [u][Straße  Nord] [v][unused]\n\n[ΣΑΣ]: gone.md\n[STRASSE NORD]: gone2.md\n[other]: gone3.md\n",
    )
    .unwrap();
    let out = urilint_in(dir.path(), &["--format", "jsonl", "a.md"]);
    let none = "no file or folder";
    assert_eq!(
        findings(&out),
        [
            format!("a.md:3:8 broken-relative-link gone.md | {none} `gone.md`"),
            format!("a.md:4:17 broken-relative-link gone2.md | {none} `gone2.md`"),
        ]
    );
    assert_eq!(out.status.code(), Some(1));
}

/// `[links] generated` and `anchors` declare what a generator makes
/// (SPEC section 11a): the targets and ids they match exist; the rest
/// are still reported.
#[test]
fn config_declares_generated_targets_and_anchors() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("guide.md"), "# Guide\n").unwrap();
    std::fs::write(
        d.join("README.md"),
        "[api](api/index.html) [pdf](book.pdf) [rule](guide.md#r-syntax.1) \
         [gone](gone.md) [heading](guide.md#nothing)\n",
    )
    .unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "README.md"]);
    assert_eq!(
        findings(&out),
        [
            "README.md:1:7 broken-relative-link api/index.html | no file or folder `api/index.html`",
            "README.md:1:29 broken-relative-link book.pdf | no file or folder `book.pdf`",
            "README.md:1:46 broken-fragment guide.md#r-syntax.1 | `#r-syntax.1` names no anchor in `guide.md`",
            "README.md:1:74 broken-relative-link gone.md | no file or folder `gone.md`",
            "README.md:1:93 broken-fragment guide.md#nothing | `#nothing` names no anchor in `guide.md`",
        ]
    );
    std::fs::write(
        d.join("urilint.toml"),
        "[links]\ngenerated = [\"api/**\", \"*.pdf\"]\nanchors = [\"r-*\"]\n",
    )
    .unwrap();
    let out = Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(d)
        .args(["check", "--format", "jsonl", "README.md"])
        .output()
        .unwrap();
    assert_eq!(
        findings(&out),
        [
            "README.md:1:74 broken-relative-link gone.md | no file or folder `gone.md`",
            "README.md:1:93 broken-fragment guide.md#nothing | `#nothing` names no anchor in `guide.md`",
        ]
    );
    assert_eq!(out.status.code(), Some(1));
}

/// `--show-unchecked` in SARIF: each link left unchecked is a result of
/// kind `notApplicable` with level `none` and its reason, and the log
/// still validates against the SARIF 2.1.0 schema.
#[test]
fn unchecked_links_in_sarif_are_not_applicable_results() {
    let out = urilint_in(
        Path::new("tests/data/sites/mdbook"),
        &["--show-unchecked", "--format", "sarif", "."],
    );
    assert_eq!(out.status.code(), Some(1));
    let log: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("tests/data/sarif-schema-2.1.0.json").unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let mut unchecked: Vec<String> = log["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] == "unchecked")
        .map(|r| {
            format!(
                "{} {} {}",
                r["kind"].as_str().unwrap(),
                r["level"].as_str().unwrap(),
                r["properties"]["reason"].as_str().unwrap()
            )
        })
        .collect();
    unchecked.sort();
    assert_eq!(
        unchecked,
        [
            "notApplicable none generated",
            "notApplicable none rewritten",
            "notApplicable none rewritten",
            "notApplicable none template",
            "notApplicable none template",
        ]
    );
}

/// AsciiDoc as Asciidoctor reads it: a macro in an inline passthrough
/// (`+...+`, `pass:[...]`), an escaped macro (`\image:`), and one in an
/// indented literal paragraph or a table cell's `[source]` block are
/// text, not links; only the real macro is checked.
#[test]
fn asciidoc_passthroughs_escapes_and_literals_are_not_links() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("doc.adoc"),
        "= Doc\n\
         \n\
         Write +link:a.adoc[]+ or pass:[link:b.adoc[]] or `\\image:c.png[]`.\n\
         \n\
         \x20 background-image: image:d.png[]\n\
         \n\
         |===\n\
         |[source]\n\
         key: image:e.png[]\n\
         |===\n\
         \n\
         See link:gone.adoc[], +\n\
         and a hard break.\n",
    )
    .unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "doc.adoc"]);
    assert_eq!(
        findings(&out),
        ["doc.adoc:12:10 broken-relative-link gone.adoc | no file or folder `gone.adoc`"]
    );
}

/// The source lines of a file's link records are read in the order the
/// link pass finds them, relative references before `--site` URIs: a
/// record on an earlier line reads its own line's secrets, never those of
/// a line read for a later record (issue 32: the webhook on line 1 was
/// shown under the `--site` record).
#[test]
fn source_lines_of_site_links_hide_secrets_before_them() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("site")).unwrap();
    let prose = "Some prose words here. ".repeat(60);
    std::fs::write(
        dir.path().join("doc.md"),
        format!(
            "hook https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/abcdefghijklmnopqrstuvwx \
             see https://docs.acme.net/gone\nSee [setup](missing.md).\n\n{prose}\n{prose}\n"
        ),
    )
    .unwrap();
    let out = Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(dir.path())
        .args(["check", "--isolated", "--color", "never"])
        .args(["--site", "https://docs.acme.net/=site", "doc.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let shown: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("1 |") || l.starts_with("2 |"))
        .collect();
    assert_eq!(
        shown,
        [
            "1 | hook https://hooks.slack.com/services/**** see https://docs.acme.net/gone",
            "1 | hook https://hooks.slack.com/services/**** see https://docs.acme.net/gone",
            "2 | See [setup](missing.md).",
        ],
        "{stdout}"
    );
    assert!(!stdout.contains("abcdefghij"), "{stdout}");
}

/// The all-contributors bot links each emoji of its table to an anchor
/// no page has, by design: those links are the bot's, unchecked; a
/// broken fragment outside the table is still reported (issue 48).
#[test]
fn all_contributors_emoji_links_are_the_bots() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("README.md"),
        "# Project\n\n[Contributors](#contributors) [Gone](#gone)\n\n## Contributors\n\n\
         <!-- ALL-CONTRIBUTORS-LIST:START - Do not remove or modify this section -->\n\
         <table><tr><td><a href=\"https://github.com/ann\">Ann</a> \
         <a href=\"#content-ann\" title=\"Content\">🖋</a> \
         <a href=\"#translation-ann\" title=\"Translation\">🌍</a></td></tr></table>\n\
         <!-- ALL-CONTRIBUTORS-LIST:END -->\n",
    )
    .unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "--show-unchecked", "."]);
    let records = fields(&out, &["rule", "uri", "reason"]);
    assert_eq!(
        records,
        [
            "broken-fragment #gone ",
            "unchecked #content-ann generated",
            "unchecked #translation-ann generated",
        ]
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A Markdown file holding Handlebars directives is a template source
/// rendered elsewhere: its links that resolve nowhere here are unchecked;
/// Handlebars shown in a code block does not make a page one (issue 48).
#[test]
fn markdown_template_sources() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("add.md"),
        "{{~*set command=\"add\"}}\n# pnpm {{command}}\n\nSee [the filter](filtering.md).\n",
    )
    .unwrap();
    std::fs::write(
        d.join("guide.md"),
        "# Templates\n\n```hbs\n{{#each items}}{{this}}{{/each}}\n```\n\nUse `{{> partial}}`. [Gone](gone.md)\n",
    )
    .unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "--show-unchecked", "."]);
    let records = fields(&out, &["path", "rule", "uri", "reason"]);
    assert_eq!(
        records,
        [
            "./add.md unchecked filtering.md template",
            "./guide.md broken-relative-link gone.md ",
        ]
    );
}

/// Sphinx copies `html_extra_path` folders to the output's root: a page's
/// link to a file there is found (issue 48).
#[test]
fn sphinx_html_extra_path_files_are_at_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("conf.py"),
        "project = 'x'\nextensions = ['sphinx.ext.todo']\nhtml_extra_path = ['_extra']\n",
    )
    .unwrap();
    std::fs::create_dir_all(d.join("_extra")).unwrap();
    std::fs::write(d.join("_extra/robots.txt"), "User-agent: *\n").unwrap();
    std::fs::write(
        d.join("index.rst"),
        "Index\n=====\n\nSee `robots <robots.txt>`_ and `gone <gone.txt>`_.\n",
    )
    .unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "."]);
    assert_eq!(
        findings(&out),
        ["./index.rst:4:39 broken-relative-link gone.txt | no file or folder `gone.txt`"]
    );
}

/// A generator file that cannot be parsed never stops the check: the
/// links its model cannot resolve are unchecked, the reason naming the
/// file (issue 48).
#[test]
fn unparsable_generator_files_leave_links_unchecked() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Quarto: `_quarto.yml` is not YAML.
    std::fs::create_dir_all(d.join("q")).unwrap();
    std::fs::write(d.join("q/_quarto.yml"), "project: [type: book\n").unwrap();
    std::fs::write(
        d.join("q/index.qmd"),
        "# Home\n\n@sec-gone and [x](gone.qmd).\n",
    )
    .unwrap();
    // Docusaurus: `versions.json` is cut short.
    std::fs::create_dir_all(d.join("w/docs")).unwrap();
    std::fs::write(
        d.join("w/docusaurus.config.js"),
        "module.exports = { presets: [['classic', { docs: {} }]] };\n",
    )
    .unwrap();
    std::fs::write(d.join("w/versions.json"), "[\"1.x\",\n").unwrap();
    std::fs::write(
        d.join("w/docs/intro.md"),
        "# Intro\n\n[Old](/docs/1.x/intro).\n",
    )
    .unwrap();
    // gettext: a string never closed.
    std::fs::write(
        d.join("de.po"),
        "msgid \"See\"\nmsgstr \"See https://acme.net/a\n",
    )
    .unwrap();
    let out = urilint_in(d, &["--format", "jsonl", "--show-unchecked", "."]);
    let records = fields(&out, &["path", "rule", "uri", "message"]);
    assert_eq!(records.len(), 3, "{records:#?}");
    for r in &records {
        assert!(r.contains(" unchecked "), "{r}");
    }
    assert!(
        records[0].starts_with("./q/index.qmd unchecked #sec-gone"),
        "{records:#?}"
    );
    assert!(
        records[0].contains("`_quarto.yml` could not be read"),
        "{records:#?}"
    );
    assert!(
        records[1].starts_with("./q/index.qmd unchecked gone.qmd"),
        "{records:#?}"
    );
    assert!(
        records[2].starts_with("./w/docs/intro.md unchecked /docs/1.x/intro"),
        "{records:#?}"
    );
    assert!(
        records[2].contains("`versions.json` could not be read"),
        "{records:#?}"
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The PO file was read: its URI is there.
    let uris = Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(d)
        .args(["extract", "de.po"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&uris.stdout),
        "https://acme.net/a\n"
    );
}
