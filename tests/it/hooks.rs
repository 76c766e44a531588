//! The pre-commit hooks of `.pre-commit-hooks.yaml`. `tests/pre-commit.sh`
//! installs and runs `urilint-python` through pre-commit; the
//! `language: rust` hook beside it must run the same command on the same
//! files, since pre-commit's `cargo install` of it is not run in CI (a
//! second build of every dependency, issue 32).

use serde_yaml_ng::Value;

fn hooks() -> Vec<Value> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/.pre-commit-hooks.yaml"
    ))
    .unwrap();
    serde_yaml_ng::from_str(&text).unwrap()
}

fn hook<'a>(hooks: &'a [Value], id: &str) -> &'a Value {
    hooks
        .iter()
        .find(|h| h["id"] == id)
        .unwrap_or_else(|| panic!("no hook {id}"))
}

#[test]
fn the_pip_hook_runs_what_the_cargo_hook_runs() {
    let hooks = hooks();
    let ids: Vec<&str> = hooks.iter().map(|h| h["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        ["urilint", "urilint-links", "urilint-fix", "urilint-python"]
    );
    let (rust, python) = (hook(&hooks, "urilint"), hook(&hooks, "urilint-python"));
    assert_eq!(rust["language"], "rust");
    assert_eq!(python["language"], "python");
    for key in ["entry", "types", "pass_filenames", "args", "always_run"] {
        assert_eq!(rust[key], python[key], "{key}");
    }
    assert_eq!(rust["entry"], "urilint check --force-exclude");
    for id in ["urilint-links", "urilint-fix"] {
        assert_eq!(hook(&hooks, id)["language"], "rust", "{id}");
        let entry = hook(&hooks, id)["entry"].as_str().unwrap();
        assert!(
            entry.starts_with("urilint check --force-exclude "),
            "{entry}"
        );
    }
}
