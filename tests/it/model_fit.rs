//! The model-fit gate (SPEC section 11b): a class of links of one shape
//! in one place that almost never resolves is a convention urilint does
//! not model, left unchecked as one group, while a real break among links
//! of a shape that resolves is still reported, and `--links strict`
//! reports every failure.

use std::path::Path;

use assert_cmd::Command;

/// A book whose preprocessor turns rule names (`expr.closure`) into links:
/// none resolves as a path. Its ordinary `.md` links resolve, but for
/// `typo`, which names a page that is not there.
fn book(dir: &Path, typo: bool) {
    let src = dir.join("src");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("closures.md"), "# Closures\n\n## Capture modes\n").unwrap();
    std::fs::write(src.join("matching.md"), "# Matching\n").unwrap();
    let mut a = String::from(
        "# Expressions\n\n[Closures](closures.md), [capture](closures.md#capture-modes).\n\
         A closure [expression](expr.closure) captures [by reference](expr.closure.capture).\n",
    );
    if typo {
        a.push_str("See [matching](matchin.md).\n");
    }
    std::fs::write(src.join("expressions.md"), a).unwrap();
    std::fs::write(
        src.join("items.md"),
        "# Items\n\n[Matching](matching.md). [Functions](items.fn) and \
         [traits](items.traits); [never](type.never), [patterns](patterns.match).\n",
    )
    .unwrap();
}

/// `urilint check . --format jsonl [args]` in `dir`: exit code, records
/// as `rule path:line uri [reason]`, and stderr.
fn check(dir: &Path, args: &[&str]) -> (i32, Vec<String>, String) {
    let out = Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(dir)
        .args(["check", ".", "--format", "jsonl"])
        .args(args)
        .output()
        .unwrap();
    let records = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let mut s = format!(
                "{} {}:{} {}",
                v["rule"].as_str().unwrap(),
                v["path"].as_str().unwrap().trim_start_matches("./"),
                v["line"],
                v["uri"].as_str().unwrap()
            );
            if let Some(r) = v["reason"].as_str() {
                s.push(' ');
                s.push_str(r);
            }
            s
        })
        .collect();
    let stderr = String::from_utf8(out.stderr).unwrap();
    (out.status.code().unwrap(), records, stderr)
}

const GATE_LINE: &str = "urilint:   6 not checked: links shaped like `expr.closure` in `src/` resolve \
                         almost nowhere (6 of 6 fail): a convention urilint does not model; \
                         --links strict reports them.";

#[test]
fn a_class_that_never_resolves_is_one_unchecked_group_and_the_run_passes() {
    let dir = tempfile::tempdir().unwrap();
    book(dir.path(), false);
    let (code, records, stderr) = check(dir.path(), &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(records.is_empty(), "{records:?}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines,
        [
            "urilint: Checked 3 links; 6 not checked: in groups of links that resolve almost \
             nowhere, a convention urilint does not model, listed below (6). See \
             --show-unchecked.",
            GATE_LINE,
        ]
    );
    // Listed, each with the group as its reason.
    let (code, records, _) = check(dir.path(), &["--show-unchecked"]);
    assert_eq!(code, 0);
    assert_eq!(
        records,
        [
            "unchecked src/expressions.md:4 expr.closure model-fit",
            "unchecked src/expressions.md:4 expr.closure.capture model-fit",
            "unchecked src/items.md:3 items.fn model-fit",
            "unchecked src/items.md:3 items.traits model-fit",
            "unchecked src/items.md:3 type.never model-fit",
            "unchecked src/items.md:3 patterns.match model-fit",
        ]
    );
}

#[test]
fn a_typo_among_links_that_resolve_is_the_one_finding() {
    let dir = tempfile::tempdir().unwrap();
    book(dir.path(), true);
    let (code, records, stderr) = check(dir.path(), &[]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(
        records,
        ["broken-relative-link src/expressions.md:5 matchin.md"]
    );
    assert!(stderr.lines().any(|l| l == GATE_LINE), "{stderr}");
}

#[test]
fn strict_reports_every_failure() {
    let dir = tempfile::tempdir().unwrap();
    book(dir.path(), true);
    for args in [&["--links", "strict"][..], &[]] {
        if args.is_empty() {
            let config = "[links]\nmode = \"strict\"\n";
            std::fs::write(dir.path().join("urilint.toml"), config).unwrap();
        }
        let (code, records, stderr) = check(dir.path(), args);
        assert_eq!(code, 1, "{stderr}");
        assert_eq!(
            records,
            [
                "broken-relative-link src/expressions.md:4 expr.closure",
                "broken-relative-link src/expressions.md:4 expr.closure.capture",
                "broken-relative-link src/expressions.md:5 matchin.md",
                "broken-relative-link src/items.md:3 items.fn",
                "broken-relative-link src/items.md:3 items.traits",
                "broken-relative-link src/items.md:3 type.never",
                "broken-relative-link src/items.md:3 patterns.match",
            ],
            "{args:?}"
        );
        assert!(!stderr.contains("resolve almost nowhere"), "{stderr}");
    }
    // The command line wins over the config.
    let (code, records, _) = check(dir.path(), &["--links", "default"]);
    assert_eq!(code, 1);
    assert_eq!(
        records,
        ["broken-relative-link src/expressions.md:5 matchin.md"]
    );
}

/// Links to one deleted page fail on one target, however many there
/// are: always reported.
#[test]
fn a_deleted_page_is_reported_however_often_it_is_linked() {
    let dir = tempfile::tempdir().unwrap();
    let docs = dir.path().join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    let links: String = (0..8).map(|i| format!("[{i}](setup.md)\n")).collect();
    std::fs::write(docs.join("index.md"), format!("# Index\n\n{links}")).unwrap();
    let (code, records, stderr) = check(dir.path(), &[]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(records.len(), 8, "{records:?}");
    assert!(
        records
            .iter()
            .all(|r| r.starts_with("broken-relative-link docs/index.md"))
    );
}
