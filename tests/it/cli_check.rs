//! `urilint check` as users run it: the complete output of every format on a
//! file mixing clean and bad URIs, exit codes, secrets, config, and the
//! `rules` and `explain` commands.

use assert_cmd::Command;
use serde_json::Value;

const MIXED: &str = "tests/data/mixed.txt";

fn urilint() -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.env_remove("NO_COLOR");
    cmd
}

/// Runs urilint, asserts the exit code, returns stdout.
fn run(args: &[&str], code: i32) -> String {
    let out = urilint().args(args).assert().code(code);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn human_output() {
    insta::assert_snapshot!(run(&["check", "--color", "never", MIXED], 1));
}

#[test]
fn human_output_in_colour() {
    let out = run(
        &[
            "check",
            "--color",
            "always",
            "--select",
            "embedded-password",
            MIXED,
        ],
        1,
    );
    assert!(
        out.contains("\u{1b}[1m\u{1b}[31merror[embedded-password]\u{1b}[0m"),
        "{out}"
    );
    // NO_COLOR only matters for `auto`, and tests never run on a terminal.
    let plain = urilint()
        .args(["check", "--select", "embedded-password", MIXED])
        .env("NO_COLOR", "1")
        .assert();
    assert!(!String::from_utf8_lossy(&plain.get_output().stdout).contains('\u{1b}'));
}

#[test]
fn bare_paths_mean_check() {
    assert_eq!(
        run(&["--color", "never", MIXED], 1),
        run(&["check", "--color", "never", MIXED], 1)
    );
}

#[test]
fn json_output() {
    insta::assert_snapshot!(run(
        &["check", "--select", "all", "--format", "json", MIXED],
        1
    ));
}

#[test]
fn jsonl_output() {
    let out = run(&["check", "--select", "all", "--format", "jsonl", MIXED], 1);
    insta::assert_snapshot!(out);
    for line in out.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        for field in [
            "path", "line", "column", "start", "end", "rule", "severity", "message", "uri",
        ] {
            assert!(v.get(field).is_some(), "{field} missing in {line}");
        }
    }
}

#[test]
fn github_output() {
    insta::assert_snapshot!(run(
        &["check", "--select", "all", "--format", "github", MIXED],
        1
    ));
}

#[test]
fn sarif_output() {
    insta::assert_snapshot!(run(
        &["check", "--select", "all", "--format", "sarif", MIXED],
        1
    ));
}

/// `tests/data/sarif-schema-2.1.0.json` is OASIS's schema as shipped in the
/// serde-sarif crate, with one fix: the `language` pattern's stray `]` is
/// escaped (`...{2}\\]?$`), which strict regex engines otherwise reject when
/// checking the schema itself.
#[test]
fn sarif_validates_against_the_sarif_2_1_0_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string("tests/data/sarif-schema-2.1.0.json").unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let log: Value = serde_json::from_str(&run(
        &["check", "--select", "all", "--format", "sarif", MIXED],
        1,
    ))
    .unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&log)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // Every rule carries its help text, and results point at their rule.
    let run = &log["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), urilint::rules::docs().len());
    assert!(rules.iter().all(|r| {
        r["help"]["markdown"]
            .as_str()
            .unwrap()
            .contains("## Why is this bad?")
    }));
    for result in run["results"].as_array().unwrap() {
        let index = result["ruleIndex"].as_u64().unwrap() as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
    }
    // A clean run is valid too.
    let empty: Value = serde_json::from_str(&urilint_stdin(
        &["check", "--format", "sarif", "-"],
        "no links",
        0,
    ))
    .unwrap();
    assert!(validator.is_valid(&empty));
}

fn urilint_stdin(args: &[&str], input: &str, code: i32) -> String {
    let out = urilint().args(args).write_stdin(input).assert().code(code);
    String::from_utf8(out.get_output().stdout.clone()).unwrap()
}

#[test]
fn exit_codes_follow_fail_on() {
    // Clean input: 0, and only what was checked printed.
    assert_eq!(
        urilint_stdin(&["check", "-"], "see https://example.com/ now", 0),
        "All checks passed: 1 file, 1 URI.\n"
    );
    // A note alone does not fail by default (fail-on warning) ...
    let note = "postgres://app:${DB_PASSWORD}@db.acme.net/app";
    assert_eq!(
        urilint_stdin(&["check", "--show-notes", "-"], note, 0)
            .lines()
            .count(),
        5
    );
    // ... but does with --fail-on note, which shows notes.
    assert!(
        urilint_stdin(&["check", "--fail-on", "note", "-"], note, 1)
            .contains("note[embedded-password]")
    );
    // A warning fails by default, not with --fail-on error.
    urilint_stdin(&["check", "-"], "http://3232235777/", 1);
    urilint_stdin(
        &["check", "--fail-on", "error", "-"],
        "http://3232235777/",
        0,
    );
    // Usage errors: 2.
    urilint()
        .args(["check", "--select", "no-such-rule", "-"])
        .write_stdin("x")
        .assert()
        .code(2);
    urilint()
        .args(["check", "--format", "xml", "-"])
        .write_stdin("x")
        .assert()
        .code(2);
}

#[test]
fn an_unreadable_path_exits_2_but_the_others_are_checked() {
    let out = urilint()
        .args(["check", "--format", "jsonl", "missing.txt", MIXED])
        .assert()
        .code(2);
    let out = out.get_output();
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 5);
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("urilint: missing.txt: "));
}

#[test]
fn select_and_ignore() {
    let rules = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["check", "--format", "jsonl"];
        all.extend_from_slice(args);
        all.push(MIXED);
        let out = urilint().args(&all).assert();
        let mut ids: Vec<String> = String::from_utf8_lossy(&out.get_output().stdout)
            .lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["rule"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        ids.dedup();
        ids
    };
    assert_eq!(
        rules(&["--select", "well-known-port,deceptive-userinfo"]),
        ["well-known-port", "deceptive-userinfo"]
    );
    let without = rules(&["--ignore", "uppercase-scheme-or-host,url-prefix"]);
    assert!(
        !without
            .iter()
            .any(|r| r == "uppercase-scheme-or-host" || r == "url-prefix")
    );
    assert!(without.iter().any(|r| r == "embedded-password"));
}

/// Every format, with and without --show-secrets, on input that holds a
/// password in plain, rejoined and quoted URIs.
#[test]
fn no_format_prints_a_password_unless_asked() {
    // Secrets that appear nowhere else (SARIF embeds the rule docs).
    let input = "a ftp://deploy:Tr0ub4dor@ftp.acme.net/pub/\n\
                 b <http://alice:Wonder\n  Land@acme.net/>\n\
                 c \"https://bob:Qu1x%2Fote@acme.net/x?y={z}\"\n";
    let secrets = ["Tr0ub4dor", "Wonder", "Land@", "Qu1x"];
    let formats = ["human", "json", "jsonl", "sarif", "github"];
    for format in formats {
        let out = urilint_stdin(
            &["check", "--color", "never", "--format", format, "-"],
            input,
            1,
        );
        for s in secrets {
            assert!(!out.contains(s), "{format} leaks {s:?}:\n{out}");
        }
        assert!(out.contains("****"), "{format}");
        let shown = urilint_stdin(
            &["check", "--format", format, "--show-secrets", "-"],
            input,
            1,
        );
        for s in ["Tr0ub4dor", "Qu1x"] {
            assert!(shown.contains(s), "{format} --show-secrets hides {s:?}");
        }
    }
    for format in ["plain", "jsonl"] {
        let out = urilint_stdin(&["extract", "--format", format, "-"], input, 0);
        assert!(
            secrets.iter().all(|s| !out.contains(s)),
            "extract {format} leaks:\n{out}"
        );
        let shown = urilint_stdin(
            &["extract", "--format", format, "--show-secrets", "-"],
            input,
            0,
        );
        assert!(shown.contains("Tr0ub4dor"));
    }
}

#[test]
fn placeholder_passwords_are_notes_and_do_not_fail() {
    for pw in [
        "${DB_PASSWORD}",
        "$PASS",
        "{{secret}}",
        "****",
        "xxx",
        "%3Cpassword%3E",
        "changeme",
    ] {
        let input = format!("postgres://app:{pw}@db.acme.net/app");
        assert_eq!(
            urilint_stdin(&["check", "-"], &input, 0),
            "All checks passed: 1 file, 1 URI.\n",
            "{pw}"
        );
        let out = urilint_stdin(
            &["check", "--show-notes", "--format", "jsonl", "-"],
            &input,
            0,
        );
        let v: Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
        assert_eq!(
            (v["rule"].as_str(), v["severity"].as_str()),
            (Some("embedded-password"), Some("note")),
            "{pw}"
        );
        assert_eq!(out.lines().count(), 1, "{pw}: {out}");
    }
}

#[test]
fn config_file_custom_rules_severities_and_options() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("urilint.toml");
    std::fs::write(
        &config,
        r#"
fail-on = "error"
extend-select = ["portability"]
ignore = ["experimental-scheme"]

[severity]
non-default-port = "error"

[rules.non-default-port]
allowed-hosts = ["*.internal.acme.net", "10.0.0.0/8", "[fd00::]/8"]

[[custom-rules]]
id = "no-staging-links"
severity = "error"
message = "links to the staging server"
component = "host"
regex = '^staging\.acme\.net$'
"#,
    )
    .unwrap();
    let cfg = config.to_str().unwrap();
    let input = "https://staging.acme.net/x http://ci.internal.acme.net:8080/ \
                 http://10.1.2.3:8443/ http://[fd12::1]:8443/ http://prod.acme.net:8443/ \
                 http://internal.acme.net:8443/ http://localhost:8080/ foo://x";
    let out = urilint_stdin(
        &["check", "--config", cfg, "--format", "jsonl", "-"],
        input,
        1,
    );
    let got: Vec<(String, String, String)> = out
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            (s("rule"), s("severity"), s("uri"))
        })
        .collect();
    let hit = |rule: &str, uri: &str| (rule.to_string(), "error".to_string(), uri.to_string());
    assert_eq!(
        got,
        [
            hit("no-staging-links", "https://staging.acme.net/x"),
            hit("non-default-port", "http://prod.acme.net:8443/"),
            hit("non-default-port", "http://internal.acme.net:8443/"),
        ]
    );
    // Flags win over the file: --fail-on note, and --select replaces select.
    urilint_stdin(
        &["check", "--config", cfg, "--select", "default-port", "-"],
        "http://h.acme.net:80/",
        0,
    );
    urilint_stdin(
        &[
            "check",
            "--config",
            cfg,
            "--fail-on",
            "note",
            "--select",
            "default-port",
            "-",
        ],
        "http://h.acme.net:80/",
        1,
    );
    // An allowed host that is neither a name nor a CIDR range is an error
    // naming the key.
    std::fs::write(
        &config,
        "[rules.non-default-port]\nallowed-hosts = [\"10.0.0.0/40\"]\n",
    )
    .unwrap();
    let out = urilint()
        .args(["check", "--config", cfg, "-"])
        .write_stdin("x")
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.contains("allowed-hosts: `10.0.0.0/40` is not a CIDR range"),
        "{err}"
    );
}

#[test]
fn config_errors_name_the_file_and_key() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("bad.toml");
    std::fs::write(&config, "selekt = [\"all\"]\n").unwrap();
    let out = urilint()
        .args(["check", "--config", config.to_str().unwrap(), "-"])
        .write_stdin("x")
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.contains(&*config.display().to_string()) && err.contains("selekt"),
        "{err}"
    );
    std::fs::write(
        &config,
        "[[custom-rules]]\nid = \"x\"\nmessage = \"m\"\nregex = \"(\"\n",
    )
    .unwrap();
    let out = urilint()
        .args(["check", "--config", config.to_str().unwrap(), "-"])
        .write_stdin("x")
        .assert()
        .code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("custom rule `x`"));
}

#[test]
fn rules_lists_every_rule_and_explain_prints_one() {
    let list = run(&["rules"], 0);
    // A header, then a row a rule: id, group, severity, on by default, fix.
    assert_eq!(list.lines().count(), urilint::rules::docs().len() + 1);
    let row = |id: &str| -> Vec<String> {
        let line = list
            .lines()
            .find(|l| l.starts_with(&format!("{id} ")))
            .unwrap();
        line.split_whitespace()
            .take(5)
            .map(str::to_string)
            .collect()
    };
    assert_eq!(
        list.lines()
            .next()
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>(),
        ["RULE", "GROUP", "SEVERITY", "DEFAULT", "FIX", "SUMMARY"]
    );
    assert_eq!(
        row("embedded-password"),
        ["embedded-password", "security", "error", "yes", "-"]
    );
    assert_eq!(
        row("url-prefix"),
        ["url-prefix", "style", "note", "no", "safe"]
    );
    assert_eq!(
        row("broken-across-lines"),
        ["broken-across-lines", "portability", "note", "no", "unsafe"]
    );
    // The same in json, with each rule's page.
    let json: serde_json::Value =
        serde_json::from_str(&run(&["rules", "--format", "json"], 0)).unwrap();
    let rows = json.as_array().unwrap();
    assert_eq!(rows.len(), urilint::rules::docs().len());
    let password = rows
        .iter()
        .find(|r| r["rule"] == "embedded-password")
        .unwrap();
    assert_eq!(
        password,
        &serde_json::json!({
            "rule": "embedded-password",
            "group": "security",
            "severity": "error",
            "default": true,
            "fix": null,
            "summary": "The URI embeds a password in its userinfo",
            "url": "https://github.com/urilint/urilint/blob/main/docs/rules/embedded-password.md",
        })
    );
    // `rule ID` is `explain ID`, as in ruff.
    assert_eq!(
        run(&["rule", "url-prefix"], 0),
        run(&["explain", "url-prefix"], 0)
    );
    let doc = run(&["explain", "url-prefix"], 0);
    insta::assert_snapshot!(doc);
    urilint().args(["explain", "nope"]).assert().code(2);
}

#[test]
fn extract_unique_and_normalize() {
    let input = "HTTP://Example.com:80/a/./b http://example.com/a/b <http://example.com/%7Ex> http://example.com/~x";
    assert_eq!(
        urilint_stdin(&["extract", "--unique", "-"], input, 0),
        "HTTP://Example.com:80/a/./b\nhttp://example.com/%7Ex\n"
    );
    assert_eq!(
        urilint_stdin(&["extract", "--normalize", "-"], input, 0),
        "http://example.com/a/b\nhttp://example.com/a/b\nhttp://example.com/~x\nhttp://example.com/~x\n"
    );
    assert_eq!(
        urilint_stdin(&["extract", "--unique", "--normalize", "-"], input, 0),
        "http://example.com/a/b\nhttp://example.com/~x\n"
    );
}

/// Runs urilint in `dir` with `args`.
fn in_dir(dir: &std::path::Path, args: &[&str]) -> std::process::Output {
    urilint().current_dir(dir).args(args).output().unwrap()
}

/// `--statistics`: a line a rule, most findings first (issue 11).
#[test]
fn statistics_count_findings_per_rule() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.txt"),
        "http://a.acme.net:8081/ http://b.acme.net:8082/ HTTP://c.acme.net/ ftp://d.acme.net:21/\n",
    )
    .unwrap();
    let out = urilint()
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--statistics",
            "--quiet",
            "--select",
            "all",
            "a.txt",
        ])
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        lines,
        [
            vec!["2", "non-default-port", "warning"],
            vec!["1", "default-port", "note"],
            vec!["1", "uppercase-scheme-or-host", "note"],
        ],
        "{text}"
    );
    // In json: an array of the same rows; the summary on stderr.
    let out = urilint()
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--statistics",
            "--format",
            "json",
            "--select",
            "all",
            "a.txt",
        ])
        .assert()
        .code(1);
    let got: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(
        got,
        serde_json::json!([
            { "rule": "non-default-port", "severity": "warning", "count": 2 },
            { "rule": "default-port", "severity": "note", "count": 1 },
            { "rule": "uppercase-scheme-or-host", "severity": "note", "count": 1 },
        ])
    );
    assert_eq!(
        String::from_utf8_lossy(&out.get_output().stderr),
        "urilint: Found 4 problems (2 warnings, 2 notes); 1 file checked.\n"
    );
    // Other machine formats have no place for it.
    urilint()
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--statistics",
            "--format",
            "sarif",
            "a.txt",
        ])
        .assert()
        .code(2);
}

/// A baseline file is urilint's output, never its input (issue 11).
#[test]
fn a_baseline_file_is_never_checked() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "http://a.acme.net:25/\n").unwrap();
    let run = |args: &[&str]| {
        urilint()
            .current_dir(dir.path())
            .args(["check", "--isolated", "--format", "jsonl"])
            .args(args)
            .output()
            .unwrap()
    };
    assert_eq!(
        run(&["--write-baseline", "urilint-baseline.json", "."])
            .status
            .code(),
        Some(0)
    );
    // Read back from the tree that holds it, named either way.
    for name in ["urilint-baseline.json", "./urilint-baseline.json"] {
        let out = run(&["--baseline", name, "."]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(out.stdout.is_empty());
    }
}

/// `[schemes]`: a project's own schemes are known to the rules and, when
/// opaque, found by the scanner (issue 11).
#[test]
fn config_schemes_are_known() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("urilint.toml"),
        "[schemes]\nmyapp = { port = 7000 }\nticket = { syntax = \"opaque\" }\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("a.txt"),
        "myapp://h.acme.net:7000/ myapp://h.acme.net:7001/ see ticket:1234 git+https://h.acme.net/r\n",
    )
    .unwrap();
    let out = in_dir(
        dir.path(),
        &["check", "--select", "all", "--format", "jsonl", "a.txt"],
    );
    let found: Vec<(String, String)> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            (
                v["rule"].as_str().unwrap().to_string(),
                v["uri"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            // Port 7000 is the scheme's own: explicit, so a note.
            (
                "default-port".to_string(),
                "myapp://h.acme.net:7000/".to_string()
            ),
            (
                "non-default-port".to_string(),
                "myapp://h.acme.net:7001/".to_string()
            ),
        ]
    );
    let out = in_dir(dir.path(), &["extract", "a.txt"]);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "myapp://h.acme.net:7000/\nmyapp://h.acme.net:7001/\nticket:1234\ngit+https://h.acme.net/r\n"
    );
    std::fs::write(
        dir.path().join("urilint.toml"),
        "[schemes]\nmyapp = { prot = 7000 }\n",
    )
    .unwrap();
    let out = in_dir(dir.path(), &["check", "a.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("prot"));
}

/// A suppression naming an unknown rule is a warning naming the file and
/// line, and silences nothing (SPEC section 4 as amended in 3a).
/// Since issue 34, a finding of `invalid-suppression` at the comment
/// (an error, on by default), with the nearest id; with that rule
/// ignored, the warning on stderr as before.
#[test]
fn unknown_rules_in_suppressions_are_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.txt"),
        "intro\nhttp://a.acme.net:8081/ urilint: ignore[non-defualt-port]\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("b.html"),
        "<p>http://b.acme.net:8082/ <!-- urilint: ignore[non-default-port, nope] --></p>\n",
    )
    .unwrap();
    for (file, line, column, id, found) in [
        ("a.txt", 2, 25, "non-defualt-port", 1),
        ("b.html", 1, 33, "nope", 0),
    ] {
        let run = |ignore: &str| {
            in_dir(
                dir.path(),
                &[
                    "check",
                    "--isolated",
                    "--select",
                    "all",
                    "--ignore",
                    ignore,
                    "--format",
                    "jsonl",
                    file,
                ],
            )
        };
        let out = run("unused-suppression");
        let records: Vec<Value> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let comment = records
            .iter()
            .find(|r| r["rule"] == "invalid-suppression")
            .unwrap_or_else(|| panic!("{file}: {records:?}"));
        assert_eq!(
            (
                &comment["line"],
                &comment["column"],
                &comment["severity"],
                &comment["uri"]
            ),
            (
                &Value::from(line),
                &Value::from(column),
                &Value::from("error"),
                &Value::from("")
            )
        );
        assert!(
            comment["message"]
                .as_str()
                .unwrap()
                .starts_with(&format!("suppression names unknown rule `{id}`")),
            "{comment}"
        );
        assert_eq!(records.len(), found + 1, "{file}");
        assert_eq!(out.status.code(), Some(1));
        // Ignored, it is the warning it was.
        let out = run("invalid-suppression,unused-suppression");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "{file}:{line}: suppression names unknown rule `{id}`"
            )),
            "{err}"
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).lines().count(),
            found,
            "{file}"
        );
    }
}

/// An unknown rule id in config is an error naming the file and the key.
#[test]
fn unknown_rules_in_config_name_the_file_and_key() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "http://x.example/\n").unwrap();
    for (toml, key, id) in [
        ("ignore = [\"nope\"]\n", "`ignore`", "nope"),
        (
            "select = [\"all\", \"non-defualt-port\"]\n",
            "`select`",
            "non-defualt-port",
        ),
        ("[severity]\nbogus = \"note\"\n", "`[severity]`", "bogus"),
    ] {
        std::fs::write(dir.path().join("urilint.toml"), toml).unwrap();
        let out = in_dir(dir.path(), &["check", "a.txt"]);
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("urilint.toml")
                && err.contains(key)
                && err.contains("unknown rule")
                && err.contains(&format!("`{id}` (see `urilint rules`)")),
            "{err}"
        );
    }
}

/// `[per-file-ignores]`, as in ruff: globs and the rules left out there.
#[test]
fn per_file_ignores_leave_rules_out_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("legacy")).unwrap();
    std::fs::write(
        d.join("urilint.toml"),
        "[per-file-ignores]\n\"legacy/*.txt\" = [\"non-default-port\"]\n\"*.md\" = [\"all\"]\n",
    )
    .unwrap();
    let port = "http://a.acme.net:8081/ HTTP://B.acme.net/\n";
    std::fs::write(d.join("legacy/a.txt"), port).unwrap();
    std::fs::write(d.join("b.txt"), port).unwrap();
    std::fs::write(d.join("c.md"), port).unwrap();
    for args in [&["."][..], &["legacy/a.txt", "b.txt", "c.md"][..]] {
        let out = urilint()
            .current_dir(d)
            .args(["check", "--select", "all", "--format", "jsonl"])
            .args(args)
            .output()
            .unwrap();
        let mut found: Vec<(String, String)> = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                let path = v["path"]
                    .as_str()
                    .unwrap()
                    .trim_start_matches("./")
                    .to_string();
                (path, v["rule"].as_str().unwrap().to_string())
            })
            .collect();
        found.sort();
        found.dedup(); // the scheme and the host are each upper case
        assert_eq!(
            found,
            [
                ("b.txt".to_string(), "non-default-port".to_string()),
                ("b.txt".to_string(), "uppercase-scheme-or-host".to_string()),
                (
                    "legacy/a.txt".to_string(),
                    "uppercase-scheme-or-host".to_string()
                ),
            ],
            "{args:?}"
        );
    }
    std::fs::write(
        d.join("urilint.toml"),
        "[per-file-ignores]\n\"*.md\" = [\"nope\"]\n",
    )
    .unwrap();
    let out = in_dir(d, &["check", "b.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("`[per-file-ignores]` \"*.md\": unknown rule `nope`")
    );
}

/// `--report-unused-suppressions`: a suppression that silenced nothing is a
/// warning naming the file and line; one that did is not.
#[test]
fn unused_suppressions_are_reported_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let text = "http://a.acme.net:8081/ urilint: ignore[non-default-port]\n\
                http://b.acme.net/ urilint: ignore\n\
                # urilint: ignore-next-line[invalid-port]\n\
                http://c.acme.net:8082/\n";
    std::fs::write(dir.path().join("a.txt"), text).unwrap();
    std::fs::write(dir.path().join("b.html"), format!("<pre>{text}</pre>")).unwrap();
    for file in ["a.txt", "b.html"] {
        let run = |extra: &[&str]| {
            urilint()
                .current_dir(dir.path())
                .args([
                    "check",
                    "--isolated",
                    "--include-code",
                    "--select",
                    "all",
                    "--ignore",
                    "unused-suppression",
                    "--format",
                    "jsonl",
                ])
                .args(extra)
                .arg(file)
                .output()
                .unwrap()
        };
        let quiet = run(&[]);
        assert!(!String::from_utf8_lossy(&quiet.stderr).contains("unused"));
        let out = run(&["--report-unused-suppressions"]);
        let err = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = err
            .lines()
            .filter(|l| l.contains("unused suppression"))
            .collect();
        assert_eq!(lines.len(), 2, "{file}: {err}");
        assert!(
            lines[0].contains(&format!("{file}:2: unused suppression")),
            "{err}"
        );
        assert!(
            lines[1].contains(&format!("{file}:3: unused suppression")),
            "{err}"
        );
        // The finding the next-line suppression names another rule for.
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).lines().count(),
            1,
            "{file}"
        );
        // As a rule (issue 34): findings at the comments, among the others
        // by position, which can fail a run.
        let out = urilint()
            .current_dir(dir.path())
            .args(["check", "--isolated", "--include-code", "--format", "jsonl"])
            .args(["--select", "all", file])
            .output()
            .unwrap();
        let got: Vec<(u64, String)> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                (
                    v["line"].as_u64().unwrap(),
                    v["rule"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (2, "unused-suppression".to_string()),
                (3, "unused-suppression".to_string()),
                (4, "non-default-port".to_string()),
            ],
            "{file}"
        );
        assert!(String::from_utf8_lossy(&out.stderr).contains("3 warnings"));
    }
}

/// (rule, severity, uri) of each finding of `check --format jsonl ARGS -`.
fn findings(args: &[&str], input: &str) -> Vec<(String, String, String)> {
    let out = urilint()
        .args(["check", "--isolated", "--format", "jsonl"])
        .args(args)
        .arg("-")
        .write_stdin(input)
        .output()
        .unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            (s("rule"), s("severity"), s("uri"))
        })
        .collect()
}

/// Rule groups, the default set and notes (SPEC section 3a, issue 11).
#[test]
fn groups_and_the_default_set() {
    let input = "http://www.acme.net:8080/ HTTP://acme.net/ ftp://u:Pw0rd@ftp.acme.net/ \
                 hhttps://acme.net/ postgres://app:${DB_PASSWORD}@db.acme.net/app frob://x.acme.net/\n";
    let rules = |args: &[&str]| -> Vec<String> {
        let mut r: Vec<String> = findings(args, input).into_iter().map(|f| f.0).collect();
        r.dedup();
        r
    };
    // The default set: only rules whose findings are real problems, and
    // no notes (the placeholder password is one).
    assert_eq!(rules(&[]), ["embedded-password", "scheme-typo"]);
    // A group selected by name shows its notes.
    assert_eq!(
        rules(&["--select", "portability"]),
        ["non-default-port", "experimental-scheme"]
    );
    assert_eq!(
        rules(&["--extend-select", "style"]),
        [
            "uppercase-scheme-or-host",
            "embedded-password",
            "scheme-typo"
        ]
    );
    assert_eq!(rules(&["--ignore", "security"]), ["scheme-typo"]);
    assert_eq!(
        rules(&["--select", "all", "--ignore", "style,portability"]),
        ["embedded-password", "scheme-typo", "embedded-password"]
    );
    // --show-notes shows the default rules' notes.
    let shown = findings(&["--show-notes"], input);
    assert_eq!(
        shown.last().unwrap(),
        &(
            "embedded-password".to_string(),
            "note".to_string(),
            "postgres://app:****@db.acme.net/app".to_string()
        )
    );
    // Exit 0 when only notes are found, whatever is printed.
    urilint_stdin(&["check", "--select", "style", "-"], "HTTP://acme.net/", 0);
    // An unknown name is a usage error that lists the groups.
    let out = urilint()
        .args(["check", "--select", "securty", "-"])
        .write_stdin("x")
        .assert()
        .code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(
        err.contains("unknown rule `securty`")
            && err.contains("`security`, `correctness`, `portability`, `style`, or `all`"),
        "{err}"
    );
}

/// The documentation hosts of RFC 2606, 6761, 5737 and 3849 and templates
/// (SPEC section 3a, issue 11).
#[test]
fn documentation_hosts_and_templates() {
    let input = "http://localhost:8080/ http://127.0.0.1:25/ https://www.example.com:8443/ \
                 http://[2001:db8::1]:21/ http://app.test:80/\n\
                 https://user:hunter2@example.com/ https://user:hunter2@acme.net/\n\
                 https://github.com/<owner>/<repo>/issues ssh://[<user>@]<host>[:<port>]/<path> \
                 https://pypi.org/project/%s/ http://proxy.acme.net:port/ https://*.acme.net/a \
                 http://login:passwd-on-proxy@proxy.acme.net:port https://x.acme.net/{id}?a=${B}\n";
    let got = findings(&["--select", "all"], input);
    let f = |r: &str, s: &str, u: &str| (r.to_string(), s.to_string(), u.to_string());
    assert_eq!(
        got,
        [
            // Credentials on a documentation host are notes; elsewhere errors.
            f(
                "embedded-password",
                "note",
                "https://user:****@example.com/"
            ),
            f("embedded-password", "error", "https://user:****@acme.net/"),
            // In a template, a password that names itself is an example.
            f(
                "embedded-password",
                "note",
                "http://login:****@proxy.acme.net:port"
            ),
        ]
    );
    let out = urilint_stdin(&["extract", "--format", "jsonl", "-"], input, 0);
    let templates: Vec<(String, bool)> = out
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            let template = v["flags"]
                .as_array()
                .unwrap()
                .iter()
                .any(|f| f == "template");
            (v["uri"].as_str().unwrap().to_string(), template)
        })
        .filter(|(_, t)| *t)
        .collect();
    let t = |u: &str| (u.to_string(), true);
    assert_eq!(
        templates,
        [
            t("https://github.com/<owner>/<repo>/issues"),
            t("ssh://[<user>@]<host>[:<port>]/<path>"),
            t("https://pypi.org/project/%s/"),
            t("http://proxy.acme.net:port/"),
            t("https://*.acme.net/a"),
            t("http://login:****@proxy.acme.net:port"),
            t("https://x.acme.net/{id}?a=${B}"),
        ]
    );
    assert!(!out.contains("hunter2") && !out.contains("passwd-on-proxy"));
}

/// A baseline stores paths relative to its own folder and matches findings
/// however their paths were typed (issue 11).
#[test]
fn baseline_paths_match_however_typed() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("docs/sub")).unwrap();
    std::fs::create_dir_all(root.join(".ci")).unwrap();
    std::fs::write(root.join("docs/a.md"), "http://a.acme.net:25/\n").unwrap();
    std::fs::write(root.join("docs/sub/b.md"), "http://b.acme.net:25/\n").unwrap();
    let run = |cwd: &std::path::Path, args: &[&str]| {
        urilint()
            .current_dir(cwd)
            .args(["check", "--isolated", "--format", "jsonl"])
            .args(args)
            .output()
            .unwrap()
    };
    let abs = |rel: &str| root.join(rel).to_str().unwrap().to_string();
    for (written_in, base) in [(".", "urilint-baseline.json"), (".ci", ".ci/base.json")] {
        // (Another baseline in the tree would be checked as any JSON file.)
        let _ = std::fs::remove_file(root.join("urilint-baseline.json"));
        let out = run(root, &["--write-baseline", base, "."]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stored: Value =
            serde_json::from_str(&std::fs::read_to_string(root.join(base)).unwrap()).unwrap();
        let paths: Vec<&str> = stored["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["path"].as_str().unwrap())
            .collect();
        let want: &[&str] = if written_in == "." {
            &["docs/a.md", "docs/sub/b.md"]
        } else {
            &["../docs/a.md", "../docs/sub/b.md"]
        };
        assert_eq!(paths, want);
        // Typed every way, from the root and from a subfolder: all known.
        let abs_base = abs(base);
        let from_sub = format!("../../{base}");
        let cases: Vec<(std::path::PathBuf, Vec<String>)> = vec![
            (
                root.to_path_buf(),
                vec!["--baseline".into(), base.into(), ".".into()],
            ),
            (
                root.to_path_buf(),
                vec!["--baseline".into(), base.into(), "docs".into()],
            ),
            (
                root.to_path_buf(),
                vec![
                    "--baseline".into(),
                    base.into(),
                    "./docs/a.md".into(),
                    "docs/sub/b.md".into(),
                ],
            ),
            (
                root.to_path_buf(),
                vec![
                    "--baseline".into(),
                    abs_base.clone(),
                    abs("docs/a.md"),
                    abs("docs/sub/b.md"),
                ],
            ),
            (
                root.join("docs/sub"),
                vec![
                    "--baseline".into(),
                    from_sub,
                    "b.md".into(),
                    "../a.md".into(),
                ],
            ),
            (
                root.join("docs"),
                vec!["--baseline".into(), abs_base, ".".into()],
            ),
        ];
        for (cwd, args) in cases {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let out = run(&cwd, &args);
            assert_eq!(
                (
                    out.status.code(),
                    String::from_utf8_lossy(&out.stdout).into_owned()
                ),
                (Some(0), String::new()),
                "{base} from {}: {args:?}",
                cwd.display()
            );
        }
    }
    // A new finding is still reported, with the path as typed.
    std::fs::write(root.join("docs/c.md"), "http://c.acme.net:25/\n").unwrap();
    let out = run(&root.join("docs"), &["--baseline", "../.ci/base.json", "."]);
    assert_eq!(out.status.code(), Some(1));
    let v: Value = serde_json::from_str(String::from_utf8_lossy(&out.stdout).trim()).unwrap();
    assert_eq!(v["path"], "./c.md");
}

/// Credentials that must stay errors, and secrets that must stay hidden,
/// however a template, a documentation host or a malformed URI around them
/// looks (issue 11's red-team).
#[test]
fn examples_never_hide_a_real_credential() {
    let cases = [
        (
            "postgres://admin:Xk9mQ2vL7@${DB_HOST}:5432/app",
            "embedded-password",
            "Xk9mQ2vL7",
        ),
        (
            "postgres://admin:Xk9mQ2vL7@{db_host}/app",
            "embedded-password",
            "Xk9mQ2vL7",
        ),
        (
            "postgres://admin:Xk9mQ2vL7@<host>:5432/app",
            "embedded-password",
            "Xk9mQ2vL7",
        ),
        (
            "git clone https://<username>:ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/o/r.git",
            "embedded-password",
            "16C7e42F292c6912",
        ),
        (
            "http:/deploy:Zq9secret1@evil.io/",
            "embedded-password",
            "Zq9secret1",
        ),
        (
            "https://app:Xk9mQ2vL7@evil.io\\.example.com/",
            "embedded-password",
            "Xk9mQ2vL7",
        ),
        (
            "https://app:Xk9mQ2vL7@evil.io\\@example.com/",
            "embedded-password",
            "Xk9mQ2vL7",
        ),
        (
            "mongodb://app:Xk9mQ2vL7@db1.evil.io,db2.example.com/prod",
            "embedded-password",
            "Xk9mQ2vL7",
        ),
        (
            "https://hooks.slack.com/services/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/<x>",
            "secret-in-path",
            "vZ9Kq2LmX4tRp8sWn3bYc7Hd",
        ),
        (
            "https://svc:monkey@odata.corp.io/Northwind.svc/Products?$top=5",
            "embedded-password",
            "monkey",
        ),
        // Second round: three slashes, Ruby's `#{host}`, a Windows domain
        // user, SIP's userinfo, secret-named parameters, libpq's `?host=`.
        (
            "http:///deploy:Zq9secret1@git.corp.io/app.git",
            "embedded-password",
            "Zq9secret1",
        ),
        (
            "url = \"postgres://deploy:Qz7kWx4mAbCd@#{host}/app\"",
            "embedded-password",
            "Qz7kWx4mAbCd",
        ),
        (
            "smb://CORP\\admin:Qz7kWx4mAbCd@fs.corp.io/share",
            "embedded-password",
            "Qz7kWx4mAbCd",
        ),
        (
            "Register sip:alice:Qz7kWx4mAbCd@pbx.corp.io;transport=tcp",
            "embedded-password",
            "Qz7kWx4mAbCd",
        ),
        (
            "https://app.corp.io/x?aws_secret_access_key=Qz7kWx4mAbCd",
            "secret-in-query",
            "Qz7kWx4mAbCd",
        ),
        (
            "postgres://app:Qz7kWx4mAbCd@localhost/app?host=db.prod.corp.io",
            "embedded-password",
            "Qz7kWx4mAbCd",
        ),
        // Review: a git config key around the URL, a long parameter name,
        // a host list after a documentation host.
        (
            "url.https://oauth2:Qz7kWx4mAbCd@gitlab.com/.insteadof=https://gitlab.com/",
            "embedded-password",
            "Qz7kWx4mAbCd",
        ),
        (
            "https://app.corp.io/x?production_database_password=Qz7kWx4mAbCd",
            "secret-in-query",
            "Qz7kWx4mAbCd",
        ),
        (
            "postgres://admin:Qz7kWx4mAbCd@localhost:5432,db.prod.corp.io:5432/app",
            "embedded-password",
            "Qz7kWx4mAbCd",
        ),
    ];
    for (input, rule, secret) in cases {
        let got = findings(&[], input);
        assert!(
            got.iter().any(|(r, s, _)| r == rule && s == "error"),
            "{input}: {got:?}"
        );
        for args in [
            &["check", "--color", "never", "-"][..],
            &["extract", "-"],
            &["extract", "--format", "jsonl", "-"],
        ] {
            let out = urilint().args(args).write_stdin(input).output().unwrap();
            let all = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(!all.contains(secret), "{args:?} {input}: {all}");
        }
    }
    // The mistyped scheme is reported too, past the userinfo.
    assert!(
        findings(&[], "http:/deploy:Zq9secret1@evil.io/")
            .iter()
            .any(|f| f.0 == "scheme-typo")
    );
    // Examples stay notes: a documentation host, a template's named password.
    for input in [
        "https://user:hunter2@example.com/",
        "http://login:passwd-on-proxy@proxy.acme.net:port",
        "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
    ] {
        let got = findings(&["--show-notes"], input);
        assert!(
            !got.is_empty() && got.iter().all(|f| f.1 == "note"),
            "{input}: {got:?}"
        );
    }
}

/// A version 2 baseline (paths as printed, absolute ones too) still
/// matches, relative to its folder.
#[test]
fn version_2_baselines_with_absolute_paths_match() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir(root.join("docs")).unwrap();
    std::fs::write(root.join("docs/a.md"), "http://a.acme.net:25/\n").unwrap();
    std::fs::write(root.join("docs/b.md"), "http://b.acme.net:25/\n").unwrap();
    let entry = |path: String, host: &str| {
        format!(
            r#"{{"path":{path:?},"rule":"well-known-port","uri":"http://{host}.acme.net:25/","count":1}}"#
        )
    };
    let v2 = format!(
        r#"{{"version":2,"findings":[{},{}]}}"#,
        entry(root.join("docs/a.md").to_str().unwrap().to_string(), "a"),
        entry("./docs/b.md".to_string(), "b"),
    );
    std::fs::write(root.join("base.json"), v2).unwrap();
    let out = urilint()
        .current_dir(&root)
        .args(["check", "--isolated", "--baseline", "base.json", "docs"])
        .output()
        .unwrap();
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned()
        ),
        (
            Some(0),
            "All checks passed: 2 files, 2 URIs.\n2 findings hidden by the baseline.\n".to_string()
        )
    );
}
