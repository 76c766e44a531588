//! The default check over real documentation trees, compared with a
//! reviewed list of findings (issue 11): each entry in
//! `tests/data/real-docs-findings.txt` was judged a problem its maintainers
//! would fix, so a new default finding there (noise, or a real problem
//! found) changes this test and is reviewed the same way.
//!
//! The trees are `../shared/corpus/real-docs/` beside the repository (git's
//! Documentation, Python's PEPs and Rust's RFCs, each at one commit), or
//! `URILINT_REAL_DOCS`. Where they are absent the test says so and passes,
//! unless `URILINT_REQUIRE_CORPUS` is set.

use std::path::PathBuf;
use std::process::Output;

/// The default `check --format jsonl` over a corpus tree, run from it: the
/// tree at `$var`, else `../shared/corpus/<name>`. `None` (the test says it
/// skipped) when there is none, unless `URILINT_REQUIRE_CORPUS` is set.
fn default_check(var: &str, name: &str) -> Option<(PathBuf, Output)> {
    default_check_with(var, name, &[])
}

/// [`default_check`] with more arguments.
fn default_check_with(var: &str, name: &str, more: &[&str]) -> Option<(PathBuf, Output)> {
    let root = std::env::var_os(var)
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/corpus").join(name));
    if !root.is_dir() {
        assert!(
            std::env::var_os("URILINT_REQUIRE_CORPUS").is_none(),
            "{} is not a folder",
            root.display()
        );
        eprintln!("skipped: no {name} at {}", root.display());
        return None;
    }
    let out = assert_cmd::Command::cargo_bin("urilint")
        .unwrap()
        .current_dir(&root)
        .args(["check", "--isolated", "--format", "jsonl"])
        .args(more)
        .arg(".")
        .output()
        .unwrap();
    Some((root, out))
}

#[test]
fn default_findings_on_real_docs_are_the_reviewed_ones() {
    let Some((root, out)) = default_check("URILINT_REAL_DOCS", "real-docs") else {
        return;
    };
    let found: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!(
                "{}:{}:{}: {}[{}] {}",
                v["path"].as_str().unwrap().trim_start_matches("./"),
                v["line"],
                v["column"],
                v["severity"].as_str().unwrap(),
                v["rule"].as_str().unwrap(),
                v["uri"].as_str().unwrap()
            )
        })
        .collect();
    let reviewed: Vec<String> = std::fs::read_to_string("tests/data/real-docs-findings.txt")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split("  # ").next().unwrap().trim_end().to_string())
        .collect();
    assert_eq!(
        found,
        reviewed,
        "default findings on {} differ from the reviewed list",
        root.display()
    );
    // Only findings: a clean tree would exit 0.
    assert_eq!(
        out.status.code(),
        Some(if found.is_empty() { 0 } else { 1 })
    );
}

/// Debian's documentation sample (`../shared/corpus/docs-sample`, or
/// `URILINT_DOCS_SAMPLE`): the default check finds nothing there, and a
/// new default finding is reviewed as above (its one finding before issue
/// 11, a loopback port in a changelog, was an example).
///
/// The sample keeps 126 files of installed packages, not their whole
/// trees, so its links into the files left out cannot be checked:
/// `broken-relative-link` is off here (`broken-fragment` still runs, on
/// the targets that are there).
#[test]
fn default_findings_on_docs_sample_are_none() {
    let Some((_, out)) = default_check_with(
        "URILINT_DOCS_SAMPLE",
        "docs-sample",
        &["--ignore", "broken-relative-link"],
    ) else {
        return;
    };
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned()
        ),
        (Some(0), String::new())
    );
}
