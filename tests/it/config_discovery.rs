//! Config found where the files are (issue 34, SPEC section 13): the
//! closest `urilint.toml`, `.urilint.toml` or `pyproject.toml` with
//! `[tool.urilint]` upward from the paths checked, up to the repository
//! root; `baseline` in config; and the JSON Schema of the config file,
//! checked against the parser.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn urilint(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir).env_remove("CI");
    cmd
}

fn write(dir: &Path, path: &str, text: &str) {
    let path = dir.join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A finding of a default rule (`well-known-port`, an error): the
/// config is found when it is ignored.
const PORT: &str = "see http://docs.acme.net:22/guide\n";

/// `check --format jsonl` from `cwd` over `args`: the rules found.
fn rules(cwd: &Path, args: &[&str]) -> Vec<String> {
    let out = urilint(cwd)
        .args(["check", "--format", "jsonl"])
        .args(args)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["rule"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn the_config_is_found_from_the_paths_not_only_the_working_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(
        root,
        "proj/urilint.toml",
        "ignore = [\"well-known-port\"]\n",
    );
    write(root, "proj/docs/a.txt", PORT);
    write(root, "other/a.txt", PORT);
    // From the parent folder: proj/urilint.toml applies to proj/docs.
    assert_eq!(rules(root, &["proj/docs"]), Vec::<String>::new());
    assert_eq!(rules(root, &["proj/docs/a.txt"]), Vec::<String>::new());
    // From a nested folder, upward.
    assert_eq!(rules(&root.join("proj/docs"), &["."]), Vec::<String>::new());
    assert_eq!(
        rules(&root.join("proj/docs"), &["a.txt"]),
        Vec::<String>::new()
    );
    // Outside it, not.
    assert_eq!(rules(root, &["other"]), ["well-known-port"]);
    // Which one, said by --show-settings, from here.
    let out = urilint(root)
        .args(["--show-settings", "proj/docs"])
        .output()
        .unwrap();
    let settings: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(settings["config"], "proj/urilint.toml");
}

#[test]
fn pyproject_counts_only_with_a_tool_urilint_table() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(root, "urilint.toml", "");
    // A pyproject of another tool is passed by: the root config applies.
    write(
        root,
        "py/pyproject.toml",
        "[tool.black]\nline-length = 88\n",
    );
    write(root, "py/a.txt", PORT);
    assert_eq!(rules(root, &["py"]), ["well-known-port"]);
    // With [tool.urilint], it is the config; other tools' keys are theirs.
    write(
        root,
        "py/pyproject.toml",
        "[project]\nname = \"x\"\n\n[tool.black]\nline-length = 88\n\n[tool.urilint]\nignore = [\"well-known-port\"]\n",
    );
    assert_eq!(rules(root, &["py"]), Vec::<String>::new());
    // Its errors name the file and key, as urilint.toml's do.
    write(
        root,
        "py/pyproject.toml",
        "[tool.urilint]\nignor = [\"x\"]\n",
    );
    let out = urilint(root).args(["py"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("pyproject.toml") && err.contains("unknown field `ignor`"),
        "{err}"
    );
    // urilint.toml wins over pyproject.toml in the same folder.
    write(
        root,
        "py/pyproject.toml",
        "[tool.urilint]\nignore = [\"well-known-port\"]\n",
    );
    write(root, "py/urilint.toml", "");
    assert_eq!(rules(root, &["py"]), ["well-known-port"]);
}

#[test]
fn discovery_stops_at_the_repository_root() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // A config above the repository is not the repository's.
    write(root, "urilint.toml", "ignore = [\"well-known-port\"]\n");
    std::fs::create_dir_all(root.join("repo/.git")).unwrap();
    write(root, "repo/a.txt", PORT);
    assert_eq!(rules(&root.join("repo"), &["a.txt"]), ["well-known-port"]);
    // Outside a repository, upward to the file system's root.
    write(root, "plain/a.txt", PORT);
    assert_eq!(rules(&root.join("plain"), &["a.txt"]), Vec::<String>::new());
}

#[test]
fn a_monorepo_with_two_configs_uses_each_for_its_own_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(root, "a/urilint.toml", "ignore = [\"well-known-port\"]\n");
    write(root, "a/x.txt", PORT);
    write(
        root,
        "b/.urilint.toml",
        "fail-on = \"error\"\n[severity]\nwell-known-port = \"warning\"\n",
    );
    write(root, "b/x.txt", PORT);
    // Each project from its own folder, or named from the root.
    assert_eq!(rules(root, &["a"]), Vec::<String>::new());
    assert_eq!(rules(root, &["b"]), ["well-known-port"]);
    let out = urilint(root).arg("b").output().unwrap();
    assert_eq!(out.status.code(), Some(0), "b's fail-on = error");
    let out = urilint(root).arg("a/x.txt").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    // From the root, over both: each file with its own project's config,
    // the root's files with the root's, in one run's order.
    write(root, "urilint.toml", "exclude = [\"vendor\"]\n");
    write(root, "r.txt", PORT);
    write(root, "z.txt", PORT);
    // a's exclude is a's: b/vendor is checked, a/vendor not; the root's
    // `vendor` applies everywhere.
    write(
        root,
        "a/urilint.toml",
        "ignore = [\"well-known-port\"]\nexclude = [\"gen\"]\n",
    );
    write(root, "a/gen/g.txt", "ftp://u:pw1@files.acme.net/\n");
    write(root, "b/gen/g.txt", "ftp://u:pw2@files.acme.net/\n");
    write(root, "b/vendor/v.txt", "ftp://u:pw3@files.acme.net/\n");
    let out = urilint(root)
        .args(["check", "--format", "jsonl", "."])
        .output()
        .unwrap();
    let got: Vec<(String, String)> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["path"].as_str().unwrap().to_string(),
                v["rule"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want = [
        ("./b/gen/g.txt", "embedded-password"),
        ("./b/x.txt", "well-known-port"),
        ("./r.txt", "well-known-port"),
        ("./z.txt", "well-known-port"),
    ];
    assert_eq!(got, want.map(|(p, r)| (p.to_string(), r.to_string())),);
    // b's well-known-port is a warning it does not fail on; the root's
    // files fail the run.
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: Found 4 problems (3 errors, 1 warning); 8 files checked.\n"
    );
    std::fs::remove_file(root.join("r.txt")).unwrap();
    std::fs::remove_file(root.join("z.txt")).unwrap();
    std::fs::remove_file(root.join("b/gen/g.txt")).unwrap();
    let out = urilint(root).arg(".").output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // --config names one config for every file.
    let out = urilint(root)
        .args([
            "check",
            "--format",
            "jsonl",
            "--config",
            "urilint.toml",
            ".",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
}

#[test]
fn baseline_in_config_is_read_from_the_config_folder() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join(".git")).unwrap();
    write(root, "proj/docs/a.txt", PORT);
    // Named before it is recorded: nothing hidden, and a note says how to
    // record it (a hook between the two steps checks on).
    write(
        root,
        "proj/urilint.toml",
        "baseline = \"urilint-baseline.json\"\n",
    );
    let out = urilint(root).arg("proj/docs").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).starts_with(
            "urilint: note: baseline proj/urilint-baseline.json (from the config) does not exist yet: \
             nothing is hidden; `urilint --write-baseline proj/urilint-baseline.json` records the current findings\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = urilint(root)
        .args([
            "--write-baseline",
            "proj/urilint-baseline.json",
            "proj/docs",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    write(
        root,
        "proj/urilint.toml",
        "baseline = \"urilint-baseline.json\"\n",
    );
    let out = urilint(root).arg("proj/docs").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "All checks passed: 1 file, 1 URI.\n1 finding hidden by the baseline.\n"
    );
    // --baseline on the command line wins; a missing one is an error.
    let out = urilint(root)
        .args(["--baseline", "nope.json", "proj/docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// The keys a table of the config takes, as the parser says them: the
/// `expected` list of its error for an unknown key.
fn parser_keys(toml_prefix: &str) -> Vec<String> {
    let text = format!("{toml_prefix}zz-unknown = 1\n");
    let err = match toml::from_str::<urilint::config::Config>(&text) {
        Ok(_) => panic!("{text}: an unknown key was taken"),
        Err(e) => e.to_string(),
    };
    let expected = &err[err.find("expected").unwrap_or_else(|| panic!("{err}"))..];
    let mut keys: Vec<String> = expected
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    keys.sort();
    keys
}

fn schema() -> Value {
    serde_json::from_str(&std::fs::read_to_string("docs/urilint.schema.json").unwrap()).unwrap()
}

#[test]
fn the_json_schema_names_every_key_the_parser_takes_and_no_other() {
    let schema = schema();
    let keys = |at: &Value| -> Vec<String> {
        assert_eq!(at["additionalProperties"], false);
        let mut k: Vec<String> = at["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        k.sort();
        k
    };
    let p = &schema["properties"];
    for (prefix, at) in [
        ("", &schema),
        ("[rules]\n", &p["rules"]),
        (
            "[rules.non-default-port]\n",
            &p["rules"]["properties"]["non-default-port"],
        ),
        (
            "[rules.unsafe-character]\n",
            &p["rules"]["properties"]["unsafe-character"],
        ),
        ("[[custom-rules]]\n", &p["custom-rules"]["items"]),
        ("[schemes.x]\n", &p["schemes"]["additionalProperties"]),
        ("[links]\n", &p["links"]),
        ("[extract]\n", &p["extract"]),
    ] {
        assert_eq!(parser_keys(prefix), keys(at), "{prefix:?}");
    }
}

#[test]
fn configs_the_parser_takes_validate_and_one_it_refuses_does_not() {
    let validator = jsonschema::validator_for(&schema()).unwrap();
    let full = r#"
select = ["security", "correctness"]
extend-select = ["non-default-port", "style"]
ignore = ["url-prefix"]
show-notes = true
exclude = ["vendor", "docs/generated/**"]
fail-on = "error"
baseline = "urilint-baseline.json"

[severity]
non-default-port = "note"

[rules.non-default-port]
allowed-ports = [8080]
allowed-hosts = ["localhost", "10.0.0.0/8"]

[rules.unsafe-character]
profile = "rfc1738"

[[custom-rules]]
id = "no-staging-links"
severity = "error"
message = "links to the staging server"
component = "host"
regex = '^staging\.example\.com$'

[formats]
"*.inc" = "html"

[per-file-ignores]
"docs/legacy/**" = ["non-default-port"]

[schemes]
myapp = { port = 7000 }
note = { syntax = "opaque" }

[links]
root = "site"
site = ["https://docs.example.com/=site"]
source-extensions = ["md", "rst"]
fragments = true
generated = ["api/**"]
anchors = ["r-*"]

[extract]
scheme = "https"
host = ["*.example.org"]
match = ['/docs/']
exclude-match = ['\.png$']
"#;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("urilint.toml");
    std::fs::write(&path, full).unwrap();
    urilint::config::Config::load(&path).unwrap();
    let json: Value = serde_json::to_value(toml::from_str::<toml::Value>(full).unwrap()).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&json)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // What the parser refuses, the schema refuses.
    for bad in [
        "fail-on = \"fatal\"\n",
        "[links]\nfragment = true\n",
        "[rules.unsafe-character]\nprofile = \"rfc2396\"\n",
        "[[custom-rules]]\nid = \"x\"\nmessage = \"m\"\n",
    ] {
        assert!(
            toml::from_str::<urilint::config::Config>(bad).is_err(),
            "{bad}"
        );
        let json: Value =
            serde_json::to_value(toml::from_str::<toml::Value>(bad).unwrap()).unwrap();
        assert!(!validator.is_valid(&json), "{bad}");
    }
}
