//! CI conventions (issue 34, SPEC section 13): `--output-file` beside a
//! human log, `--exit-zero`, `--stdin-filename`, `--format junit` and
//! `--format gitlab`, `--show-settings`, and `--help` under headings.

use std::path::Path;

use assert_cmd::Command;

fn urilint(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir).env_remove("CI").env_remove("NO_COLOR");
    cmd
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A docs folder: a guide with a password in a URI and a good link, and
/// the page it links to.
fn docs() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    std::fs::write(
        dir.path().join("docs/guide.md"),
        "# Guide\n\nSee [setup](setup.md) and <ftp://u:hunter2@files.acme.net/>.\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("docs/setup.md"),
        "# Setup\n\nplain https://example.org/ok\n",
    )
    .unwrap();
    dir
}

const HUMAN: &str =
    "docs/guide.md:3:28: error[embedded-password] URI embeds a password for user `u`
  |
3 | See [setup](setup.md) and <ftp://u:****@files.acme.net/>.
  |                                    ^^^^
Found 1 problem (1 error); 2 files checked.
Checked 1 link.
";

const JUNIT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="urilint">
  <testsuite name="docs/guide.md" tests="1" failures="1" skipped="0" errors="0">
    <testcase name="embedded-password at 3:28" classname="docs/guide.md" file="docs/guide.md" line="3">
      <failure type="error" message="URI embeds a password for user `u` (ftp://u:****@files.acme.net/)">docs/guide.md:3:28: error[embedded-password] URI embeds a password for user `u` (ftp://u:****@files.acme.net/)</failure>
    </testcase>
  </testsuite>
</testsuites>
"#;

#[test]
fn output_file_takes_the_report_and_stdout_keeps_a_human_log() {
    let dir = docs();
    let out = urilint(dir.path())
        .args([
            "--isolated",
            "--format",
            "junit",
            "--output-file",
            "reports/urilint.xml",
            "docs",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    // The folder is made; the report is the format's, whole.
    let report = std::fs::read_to_string(dir.path().join("reports/urilint.xml")).unwrap();
    assert_eq!(report, JUNIT);
    assert_eq!(text(&out.stdout), HUMAN);
    assert_eq!(text(&out.stderr), "");
    // A human report to a file: stdout is left empty, and no colour goes
    // into the file even when asked for a terminal's.
    let out = urilint(dir.path())
        .args(["--isolated", "--output-file", "log.txt", "docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("log.txt")).unwrap(),
        HUMAN
    );
    // A file that cannot be made is a usage error.
    std::fs::write(dir.path().join("plain"), "").unwrap();
    let out = urilint(dir.path())
        .args(["--isolated", "--output-file", "plain/x.sarif", "docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).starts_with("urilint: --output-file plain/x.sarif: "),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn exit_zero_passes_a_run_with_findings_but_not_an_unreadable_one() {
    let dir = docs();
    let out = urilint(dir.path())
        .args(["--isolated", "--exit-zero", "docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), HUMAN);
    let out = urilint(dir.path())
        .args(["--isolated", "--exit-zero", "docs", "missing.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn junit_of_a_clean_run_is_one_passing_case_and_escapes_markup() {
    let dir = docs();
    let out = urilint(dir.path())
        .args(["--isolated", "--format", "junit", "docs/setup.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        r#"<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="urilint">
  <testsuite name="urilint" tests="1" failures="0" skipped="0" errors="0">
    <testcase name="No problems found" classname="urilint"/>
  </testsuite>
</testsuites>
"#
    );
    // A name and a URI with markup in them; the secret stays redacted.
    std::fs::write(
        dir.path().join("a&b.txt"),
        "<http://u:pw@h.acme.net/?a=1&b=\"2\">\n",
    )
    .unwrap();
    let out = urilint(dir.path())
        .args(["--isolated", "--format", "junit", "a&b.txt"])
        .output()
        .unwrap();
    let xml = text(&out.stdout);
    assert!(
        xml.contains(r#"<testsuite name="a&amp;b.txt" tests="1" failures="1""#),
        "{xml}"
    );
    assert!(
        xml.contains("(http://u:****@h.acme.net/?a=1&amp;b=&quot;2&quot;)"),
        "{xml}"
    );
    assert!(!xml.contains("pw@"), "{xml}");
}

#[test]
fn gitlab_code_quality_issues_have_stable_distinct_fingerprints() {
    let dir = docs();
    let out = urilint(dir.path())
        .args(["--isolated", "--format", "gitlab", "docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let issues: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        issues,
        serde_json::json!([{
            "type": "issue",
            "check_name": "embedded-password",
            "description": "URI embeds a password for user `u` (ftp://u:****@files.acme.net/)",
            "categories": ["Bug Risk"],
            "severity": "major",
            "fingerprint": "418b29e33e36c076",
            "location": { "path": "docs/guide.md", "lines": { "begin": 3, "end": 3 } },
        }])
    );
    assert_eq!(
        text(&out.stderr),
        "urilint: Found 1 problem (1 error); 2 files checked.\n"
    );
    // The same finding twice in a file: two issues, two fingerprints;
    // moved down a line: the same fingerprints.
    let twice = "ftp://u:pw1@files.acme.net/\nftp://u:pw1@files.acme.net/\n";
    std::fs::write(dir.path().join("t.txt"), twice).unwrap();
    let prints = |dir: &Path| -> Vec<String> {
        let out = urilint(dir)
            .args(["--isolated", "--format", "gitlab", "t.txt"])
            .output()
            .unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v.as_array()
            .unwrap()
            .iter()
            .map(|i| i["fingerprint"].as_str().unwrap().to_string())
            .collect()
    };
    let before = prints(dir.path());
    assert_eq!(before.len(), 2);
    assert_ne!(before[0], before[1]);
    std::fs::write(dir.path().join("t.txt"), format!("\n{twice}")).unwrap();
    assert_eq!(prints(dir.path()), before);
    // A clean run is an empty array.
    let out = urilint(dir.path())
        .args(["--isolated", "--format", "gitlab", "docs/setup.md"])
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "[]\n");
}

#[test]
fn stdin_filename_reads_standard_input_as_that_file() {
    let dir = docs();
    // Markdown by the name: its links resolve from docs/, and the output
    // names the file.
    let out = urilint(dir.path())
        .args([
            "--isolated",
            "--stdin-filename",
            "docs/new.md",
            "--format",
            "jsonl",
            "-",
        ])
        .write_stdin("[s](setup.md) [t](nope.md)\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "{\"path\":\"docs/new.md\",\"line\":1,\"column\":19,\"start\":18,\"end\":25,\
         \"rule\":\"broken-relative-link\",\"severity\":\"error\",\
         \"message\":\"no file or folder `docs/nope.md`\",\"uri\":\"nope.md\",\
         \"delimiter\":\"none\",\"flags\":[]}\n"
    );
    // Without a path, `-` is meant.
    let out = urilint(dir.path())
        .args(["--isolated", "--stdin-filename", "docs/new.md"])
        .write_stdin("[s](setup.md)\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "All checks passed: 1 file, 0 URIs.\nChecked 1 link.\n"
    );
    // --fix: the fixed text to stdout, findings to stderr; the file of
    // that name is not touched.
    std::fs::write(dir.path().join("docs/notes.txt"), "on disk\n").unwrap();
    let out = urilint(dir.path())
        .args([
            "--isolated",
            "--select",
            "url-prefix,uppercase-scheme-or-host",
            "--stdin-filename",
            "docs/notes.txt",
            "--fix",
            "-",
        ])
        .write_stdin("see <URL:HTTP://Example.com/x>\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "see <http://example.com/x>\n");
    assert_eq!(text(&out.stderr), "urilint: fixed 2 problems in 1 file\n");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("docs/notes.txt")).unwrap(),
        "on disk\n"
    );
    // Other paths beside it are refused.
    let out = urilint(dir.path())
        .args(["--isolated", "--stdin-filename", "x.md", "docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "urilint: --stdin-filename names standard input: give `-` as the only path\n"
    );
}

#[test]
fn show_settings_says_what_a_run_would_use() {
    let dir = docs();
    std::fs::write(
        dir.path().join("urilint.toml"),
        "extend-select = [\"default-port\"]\nignore = [\"scheme-typo\"]\nexclude = [\"vendor\"]\nfail-on = \"error\"\n\n[per-file-ignores]\n\"docs/old/*\" = [\"broken-fragment\"]\n",
    )
    .unwrap();
    let out = urilint(dir.path())
        .args(["--show-settings", "--exclude", "*.min.js", "docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let got: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(got["config"], "urilint.toml");
    assert_eq!(got["fail_on"], "error");
    assert_eq!(got["exclude"], serde_json::json!(["vendor", "*.min.js"]));
    assert_eq!(
        got["per_file_ignores"],
        serde_json::json!({ "docs/old/*": ["broken-fragment"] })
    );
    let rules: Vec<&str> = got["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert!(rules.contains(&"default-port") && rules.contains(&"embedded-password"));
    assert!(!rules.contains(&"scheme-typo"));
    let mut sorted = rules.clone();
    sorted.sort_unstable();
    assert_eq!(rules, sorted);
}

#[test]
fn help_groups_the_options_under_headings() {
    let dir = tempfile::tempdir().unwrap();
    let out = urilint(dir.path()).arg("--help").output().unwrap();
    let help = text(&out.stdout);
    let headings: Vec<&str> = help
        .lines()
        .filter(|l| !l.starts_with(' ') && l.ends_with(':'))
        .collect();
    assert_eq!(
        headings,
        [
            "Commands:",
            "Arguments:",
            "Options:",
            "Rule selection:",
            "File selection:",
            "Output:",
            "Fixes:",
            "Links:",
            "Other:"
        ]
    );
    // Each option under its heading.
    let under = |heading: &str, option: &str| {
        let at = help.find(&format!("\n{heading}:\n")).unwrap();
        let next = help[at + 2..]
            .find("\n\n\n")
            .map_or(help.len(), |n| at + 2 + n);
        help[at..next].contains(option)
    };
    assert!(under("Rule selection", "--exit-zero"));
    assert!(under("Output", "--output-file <PATH>"));
    assert!(under("File selection", "--stdin-filename <NAME>"));
    assert!(under("Fixes", "--unsafe-fixes"));
    assert!(under("Links", "--no-fragments"));
    assert!(under("Other", "--show-settings"));
}
