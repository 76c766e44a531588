//! `docs/` stays true (issue 34): a page a rule, generated from
//! `rules/*.toml` (the test fails when a page is stale; `URILINT_BLESS=1
//! cargo test docs::` writes them again), an index of the rules, and
//! urilint's own README and `docs/` checked by urilint with its default
//! rules: a broken link in our docs fails our CI.

use std::path::Path;

use assert_cmd::Command;

/// What `docs/rules/` holds: `README.md`, the index, and `ID.md` a rule.
fn pages() -> Vec<(String, String)> {
    let docs = urilint::rules::docs();
    let mut index = String::from(
        "# Rules\n\n\
         Generated from [`rules/`](../../rules/) by `tests/it/docs.rs`. Default:\n\
         whether a rule runs when nothing is selected; fix: whether `--fix`\n\
         applies its fix (`safe`) or only `--fix --unsafe-fixes` does\n\
         (`unsafe`).\n\n\
         | rule | group | severity | default | fix | summary |\n\
         |---|---|---|---|---|---|\n",
    );
    for d in docs {
        index += &format!(
            "| [{id}]({id}.md) | {} | {} | {} | {} | {} |\n",
            d.group.as_str(),
            d.severity.as_str(),
            if d.default { "yes" } else { "no" },
            d.fix.map_or("", |f| f.as_str()),
            d.summary.replace('|', "\\|"),
            id = d.id
        );
    }
    let mut pages = vec![("README.md".to_string(), index)];
    for d in docs {
        pages.push((
            format!("{}.md", d.id),
            format!(
                "<!-- Generated from rules/{}.toml by tests/it/docs.rs: edit that file. -->\n\n{}",
                d.id,
                d.to_markdown()
            ),
        ));
    }
    pages
}

#[test]
fn the_rule_pages_are_current() {
    let dir = Path::new("docs/rules");
    let pages = pages();
    if std::env::var_os("URILINT_BLESS").is_some() {
        std::fs::create_dir_all(dir).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            std::fs::remove_file(entry.unwrap().path()).unwrap();
        }
        for (name, text) in &pages {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }
    let mut stale = Vec::new();
    for (name, text) in &pages {
        if std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text) {
            stale.push(name.clone());
        }
    }
    // A page of a rule that is gone.
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = pages.iter().map(|p| p.0.clone()).collect();
    want.sort();
    assert!(
        stale.is_empty() && names == want,
        "docs/rules/ is stale ({stale:?}; pages {names:?}): run `URILINT_BLESS=1 cargo test docs::`"
    );
    // Each rule's page is where its documentation URL points.
    for d in urilint::rules::docs() {
        assert!(urilint::rules::doc_url(&d.id).ends_with(&format!("/docs/rules/{}.md", d.id)));
    }
}

#[test]
fn urilint_finds_nothing_wrong_in_its_own_readme_and_docs() {
    let out = Command::cargo_bin("urilint")
        .unwrap()
        .env_remove("NO_COLOR")
        .args(["check", "--color", "never", "README.md", "docs"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_readme_is_a_landing_page() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let lines = readme.lines().count();
    assert!(
        lines < 250,
        "README.md has {lines} lines: move the detail to docs/"
    );
    // The one command that checks a real example, and the tests'.
    assert!(readme.contains("\ncargo run --release -- examples/\n"));
    assert!(readme.contains("\ncargo test --locked && tests/pre-commit.sh && tests/spark.sh\n"));
    // Every guide is linked from it.
    for entry in std::fs::read_dir("docs").unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") {
            assert!(
                readme.contains(&format!("(docs/{name})")),
                "README.md does not link docs/{name}"
            );
        }
    }
}

/// The release workflow builds wheels with maturin's action for the three
/// systems, and standalone binaries, on a version tag (it runs on GitHub,
/// not here: this reads it as GitHub would, as YAML).
#[test]
fn the_release_workflow_builds_wheels_and_binaries_on_a_tag() {
    let text = std::fs::read_to_string(".github/workflows/release.yml").unwrap();
    let flow: serde_yaml_ng::Value = serde_yaml_ng::from_str(&text).unwrap();
    assert_eq!(flow["on"]["push"]["tags"][0], "v*");
    let wheels = &flow["jobs"]["wheels"];
    let steps = serde_yaml_ng::to_string(&wheels["steps"]).unwrap();
    assert!(steps.contains("PyO3/maturin-action@v1") && steps.contains("--release --locked"));
    let systems = serde_yaml_ng::to_string(&wheels["strategy"]["matrix"]).unwrap();
    for os in ["ubuntu", "macos", "windows"] {
        assert!(systems.contains(os), "no {os} wheel");
    }
    assert!(flow["jobs"]["binaries"].is_mapping());
    assert!(
        flow["jobs"]["publish"]["needs"]
            .as_sequence()
            .unwrap()
            .len()
            == 3
    );
}

/// The README's GitHub Actions workflow is a whole file that parses, checks
/// out, installs urilint and runs it with annotations (a user pastes it).
#[test]
fn the_readme_workflow_is_a_whole_workflow() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let at = readme.find("## GitHub Actions").unwrap();
    let block = &readme[at..];
    let start = block.find("```yaml\n").unwrap() + 8;
    let end = start + block[start..].find("```").unwrap();
    let flow: serde_yaml_ng::Value = serde_yaml_ng::from_str(&block[start..end]).unwrap();
    let steps = serde_yaml_ng::to_string(&flow["jobs"]["urilint"]["steps"]).unwrap();
    assert!(steps.contains("actions/checkout@v4"), "{steps}");
    assert!(steps.contains("cargo install --locked"), "{steps}");
    assert!(steps.contains("urilint --format github docs/"), "{steps}");
}
