//! `--fix`, `--unsafe-fixes` and `--diff` as users run them (SPEC section
//! 12): every fixable rule in each format, fixed to exact bytes; a second
//! run changes nothing; a diff applies and gives what `--fix` writes;
//! secrets stay where they are and out of output.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

/// The fixtures: one a format, a rule a line or paragraph, each line
/// starting with the rule it shows; `NAME.fixed.EXT` is the file after
/// `--select all --fix --unsafe-fixes`.
const FIXTURES: &[&str] = &["text.txt", "html.html", "markdown.md", "rst.rst", "man.1"];

fn data(name: &str) -> PathBuf {
    Path::new("tests/data/fix").join(name)
}

fn fixed_name(name: &str) -> String {
    let (stem, ext) = name.rsplit_once('.').unwrap();
    format!("{stem}.fixed.{ext}")
}

fn urilint(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir).env("NO_COLOR", "1");
    cmd
}

/// A folder holding copies of `names`.
fn copies(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for n in names {
        std::fs::copy(data(n), dir.path().join(n)).unwrap();
    }
    dir
}

/// The lines of `after` that are not lines of `before` at the same place,
/// as a set of (line number in `before`, text) through a line diff.
fn changed_lines(before: &[u8], after: &[u8]) -> BTreeSet<usize> {
    let diff = similar::TextDiff::from_lines(before, after);
    diff.ops()
        .iter()
        .filter(|op| op.tag() != similar::DiffTag::Equal)
        .flat_map(|op| op.old_range())
        .collect()
}

/// What users apply a diff with.
const PATCHERS: [&[&str]; 2] = [&["git", "apply"], &["patch", "-p1", "--quiet"]];

/// Applies `diff` in `dir` with `tool`, which must succeed.
fn apply(tool: &[&str], dir: &Path, diff: &[u8]) {
    let mut child = std::process::Command::new(tool[0])
        .args(&tool[1..])
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", tool[0]));
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), diff).unwrap();
    drop(child.stdin.take());
    assert!(child.wait().unwrap().success(), "{tool:?}");
}

#[test]
fn every_fixable_rule_in_each_format_is_fixed_to_exact_bytes() {
    let dir = copies(FIXTURES);
    let out = urilint(dir.path())
        .args([
            "check",
            "--select",
            "all",
            "--fix",
            "--unsafe-fixes",
            "--format",
            "jsonl",
            ".",
        ])
        .assert()
        .code(1);
    let out = out.get_output();
    for name in FIXTURES {
        let got = std::fs::read(dir.path().join(name)).unwrap();
        let want = std::fs::read(data(&fixed_name(name))).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want),
            "{name}"
        );
    }
    // What remains has no fix: a password (kept where it is), and an
    // undelimited URI whose end is not certain.
    let remaining: BTreeSet<(String, String)> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap();
            assert!(v.get("fix").is_none(), "{l}");
            (
                v["path"].as_str().unwrap().to_string(),
                v["rule"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let want: BTreeSet<(String, String)> = [
        ("./html.html", "embedded-password"),
        ("./markdown.md", "embedded-password"),
        ("./markdown.md", "unsafe-character"),
        ("./text.txt", "embedded-password"),
        ("./text.txt", "unsafe-character"),
    ]
    .iter()
    .map(|(p, r)| (p.to_string(), r.to_string()))
    .collect();
    assert_eq!(remaining, want);
    // Machine formats write findings only; the summary of what remains
    // and the count of fixes go to stderr.
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: Found 5 problems (3 errors, 2 warnings); 5 files checked.\n\
         urilint: fixed 82 problems in 5 files\n"
    );
    // Nothing is left for a second run (SPEC section 12): it reports the
    // same findings, fixes nothing and changes no byte.
    let again = urilint(dir.path())
        .args([
            "check",
            "--select",
            "all",
            "--fix",
            "--unsafe-fixes",
            "--format",
            "jsonl",
            ".",
        ])
        .assert()
        .code(1)
        .stderr(
            "urilint: Found 5 problems (3 errors, 2 warnings); 5 files checked.\n\
             urilint: no fixes applied\n",
        );
    assert_eq!(again.get_output().stdout, out.stdout);
    for name in FIXTURES {
        let got = std::fs::read(dir.path().join(name)).unwrap();
        assert_eq!(
            got,
            std::fs::read(data(&fixed_name(name))).unwrap(),
            "{name}"
        );
    }
    urilint(dir.path())
        .args(["check", "--select", "all", "--diff", "--unsafe-fixes", "."])
        .assert()
        .code(0)
        .stdout("")
        .stderr("urilint: nothing to fix\n");
}

/// Each fixable rule alone changes only lines the fixture gives it (those
/// that start with its id, and the lines they run over), and leaves nothing
/// of its own that it could fix.
#[test]
fn each_rule_alone_fixes_its_own_lines() {
    let rules: Vec<&str> = urilint::rules::docs()
        .iter()
        .filter(|d| d.fix.is_some())
        .map(|d| d.id.as_str())
        .collect();
    assert_eq!(rules.len(), 12);
    for name in FIXTURES {
        let before = std::fs::read(data(name)).unwrap();
        let text = String::from_utf8_lossy(&before).into_owned();
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let all = changed_lines(&before, &std::fs::read(data(&fixed_name(name))).unwrap());
        for rule in &rules {
            let dir = copies(&[name]);
            let out = urilint(dir.path())
                .args([
                    "check",
                    "--select",
                    rule,
                    "--fix",
                    "--unsafe-fixes",
                    "--format",
                    "jsonl",
                    name,
                ])
                .assert();
            let out = out.get_output();
            let after = std::fs::read(dir.path().join(name)).unwrap();
            let changed = changed_lines(&before, &after);
            assert!(
                changed.is_subset(&all),
                "{name}, {rule}: changed {changed:?}"
            );
            // The rule's own line changed, in every fixture that has one.
            let own = lines.iter().position(|l| {
                let l = l.trim_start_matches("<p>");
                l.starts_with(&format!("{rule}:"))
            });
            // Every fixture has a line for every rule, but Markdown for
            // `url-prefix` (`<URL:x>` is an autolink there: see README).
            if (*name, *rule) == ("markdown.md", "url-prefix") {
                assert_eq!(own, None);
                continue;
            }
            let i = own.unwrap_or_else(|| panic!("{name} has no line for {rule}"));
            assert!(
                changed.contains(&i),
                "{name}, {rule}: line {} unchanged:\n{}",
                i + 1,
                String::from_utf8_lossy(&after)
            );
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(
                stderr.lines().any(|l| l.starts_with("urilint: fixed ")),
                "{name}, {rule}: {stderr}"
            );
            for l in String::from_utf8_lossy(&out.stdout).lines() {
                let v: Value = serde_json::from_str(l).unwrap();
                assert!(v.get("fix").is_none(), "{name}, {rule}: left {l}");
            }
        }
    }
}

#[test]
fn safe_fixes_alone_leave_the_unsafe_ones_with_their_fix_shown() {
    let dir = copies(&["text.txt"]);
    let out = urilint(dir.path())
        .args([
            "check", "--select", "all", "--fix", "--format", "jsonl", "text.txt",
        ])
        .assert()
        .code(1);
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let unsafe_left: BTreeSet<String> = stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["fix"]["applicability"] == "unsafe")
        .map(|v| v["rule"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        unsafe_left,
        [
            "broken-across-lines",
            "hyphen-line-break",
            "non-ascii",
            "scheme-typo"
        ]
        .map(String::from)
        .into()
    );
    let text = std::fs::read_to_string(dir.path().join("text.txt")).unwrap();
    assert!(text.contains("hyphen-line-break: <http://www.acme.net/long-\n   name.html>"));
    assert!(text.contains("scheme-typo: htps://www.acme.net/"));
    assert!(text.contains("default-port: http://www.acme.net/x"));
}

#[test]
fn a_diff_applies_with_git_and_patch_and_gives_what_fix_writes() {
    let diff_dir = copies(FIXTURES);
    let out = urilint(diff_dir.path())
        .args([
            "check",
            "--select",
            "all",
            "--diff",
            "--unsafe-fixes",
            "--show-secrets",
            ".",
        ])
        .assert()
        .code(1)
        .stderr("urilint: would fix 82 problems in 5 files\n");
    let diff = out.get_output().stdout.clone();
    // `--diff` writes nothing.
    for name in FIXTURES {
        assert_eq!(
            std::fs::read(diff_dir.path().join(name)).unwrap(),
            std::fs::read(data(name)).unwrap()
        );
    }
    for tool in PATCHERS {
        let dir = copies(FIXTURES);
        apply(tool, dir.path(), &diff);
        for name in FIXTURES {
            let got = std::fs::read(dir.path().join(name)).unwrap();
            assert_eq!(
                got,
                std::fs::read(data(&fixed_name(name))).unwrap(),
                "{tool:?} {name}"
            );
        }
    }
}

/// `--diff | git apply` works whenever `--fix` works (issue 34): no printed
/// line holds a secret, so context stops short of one, and a hunk that
/// changes a line with a secret is left out, said on stderr, while the
/// other hunks, of that file and others, still apply.
#[test]
fn a_diff_never_shows_a_secret_and_always_applies() {
    let dir = tempfile::tempdir().unwrap();
    let a = "intro\ndb postgres://app:hunter2@db.acme.net/x\nok\nsee HTTP://acme.net/\nend\n";
    let b = "db [x](postgres://app:hunt&#101;r2@DB.acme.net/x)\n\n\n\n\nsee HTTP://acme.net/b\n";
    std::fs::write(dir.path().join("a.md"), a).unwrap();
    std::fs::write(dir.path().join("b.md"), b).unwrap();
    let out = urilint(dir.path())
        .args(["check", "--select", "style", "--diff", "a.md", "b.md"])
        .assert()
        .code(1);
    let out = out.get_output();
    let diff = out.stdout.clone();
    // a.md: the secret two lines before the fix is not in its context.
    assert_eq!(
        String::from_utf8_lossy(&diff),
        "--- a/a.md\n+++ b/a.md\n@@ -3,3 +3,3 @@\n ok\n-see HTTP://acme.net/\n+see http://acme.net/\n end\n\
         --- a/b.md\n+++ b/b.md\n@@ -3,4 +3,4 @@\n \n \n \n-see HTTP://acme.net/b\n+see http://acme.net/b\n"
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "urilint: note: b.md: the fix at line 1 is left out of the diff: a line it changes, or every \
         line around it, holds a secret, which a patch would have to show (`--show-secrets` shows it; \
         `--fix` applies it)\nurilint: would fix 3 problems in 2 files\n"
    );
    for tool in PATCHERS {
        let copy = tempfile::tempdir().unwrap();
        std::fs::write(copy.path().join("a.md"), a).unwrap();
        std::fs::write(copy.path().join("b.md"), b).unwrap();
        apply(tool, copy.path(), &diff);
        assert_eq!(
            std::fs::read_to_string(copy.path().join("a.md")).unwrap(),
            a.replace("HTTP://", "http://"),
            "{tool:?}"
        );
        assert_eq!(
            std::fs::read_to_string(copy.path().join("b.md")).unwrap(),
            b.replace("HTTP://", "http://"),
            "{tool:?}"
        );
    }
    // Coloured when asked (as on a terminal): the same diff under the
    // escapes.
    let out = urilint(dir.path())
        .args([
            "check", "--select", "style", "--diff", "--color", "always", "a.md", "b.md",
        ])
        .output()
        .unwrap();
    let colored = String::from_utf8(out.stdout).unwrap();
    assert!(
        colored.contains("\x1b[31m-see HTTP://acme.net/\x1b[0m\n"),
        "{colored:?}"
    );
    let plain = regex::Regex::new("\x1b\\[[0-9;]*m")
        .unwrap()
        .replace_all(&colored, "");
    assert_eq!(plain.as_bytes(), &diff[..]);
    // With --show-secrets, every fix is in the diff.
    let out = urilint(dir.path())
        .args([
            "check",
            "--select",
            "style",
            "--diff",
            "--show-secrets",
            "b.md",
        ])
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .contains("+db [x](postgres://app:hunt&#101;r2@db.acme.net/x)")
    );
}

#[test]
fn stdin_is_fixed_to_stdout_with_findings_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let out = urilint(dir.path())
        .args(["check", "--select", "all", "--fix", "--color", "never", "-"])
        .write_stdin("see HTTP://Acme.NET:80/ and htps://acme.net/\n")
        .assert()
        .code(1)
        .stdout("see http://acme.net/ and htps://acme.net/\n");
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(stderr.starts_with("-:1:26: error[scheme-typo]"), "{stderr}");
    assert!(
        stderr.ends_with("urilint: fixed 2 problems in 1 file\n"),
        "{stderr}"
    );
}

#[test]
fn suppressed_findings_and_per_file_ignores_are_not_fixed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("vendor")).unwrap();
    let text =
        "HTTP://Kept.ACME.net/ urilint: ignore[uppercase-scheme-or-host]\nHTTP://Fixed.ACME.net/\n";
    std::fs::write(dir.path().join("a.txt"), text).unwrap();
    std::fs::write(
        dir.path().join("vendor/b.txt"),
        "HTTP://Vendored.ACME.net/\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("urilint.toml"),
        "[per-file-ignores]\n\"vendor/*\" = [\"uppercase-scheme-or-host\"]\n",
    )
    .unwrap();
    urilint(dir.path())
        .args(["check", "--select", "style", "--fix", "."])
        .assert()
        .code(0);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.txt")).unwrap(),
        "HTTP://Kept.ACME.net/ urilint: ignore[uppercase-scheme-or-host]\nhttp://fixed.acme.net/\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("vendor/b.txt")).unwrap(),
        "HTTP://Vendored.ACME.net/\n"
    );
}

#[cfg(unix)]
#[test]
fn a_file_is_written_through_its_link_and_keeps_its_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.txt");
    std::fs::write(&real, "see HTTP://acme.net/\n").unwrap();
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o754)).unwrap();
    std::os::unix::fs::symlink("real.txt", dir.path().join("link.txt")).unwrap();
    urilint(dir.path())
        .args(["check", "--select", "style", "--fix", "link.txt"])
        .assert()
        .code(0);
    assert_eq!(
        std::fs::read_to_string(&real).unwrap(),
        "see http://acme.net/\n"
    );
    assert!(
        std::fs::symlink_metadata(dir.path().join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let mode = std::fs::metadata(&real).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o754);
}

#[test]
fn fixes_are_refused_where_the_file_would_read_otherwise() {
    // `%5F` decoded in Markdown text would make `_a b_` emphasis, and the
    // URI would end before it: that fix is dropped, the other is made.
    let dir = tempfile::tempdir().unwrap();
    let text = "see http://acme.net/%5Fa b_ and http://acme.net/%7Ex here.\n";
    std::fs::write(dir.path().join("a.md"), text).unwrap();
    urilint(dir.path())
        .args([
            "check",
            "--select",
            "unnecessary-percent-encoding",
            "--fix",
            "a.md",
        ])
        .assert()
        .code(0)
        .stderr("urilint: fixed 1 problem in 1 file\n");
    let got = std::fs::read_to_string(dir.path().join("a.md")).unwrap();
    assert_eq!(
        got,
        "see http://acme.net/%5Fa b_ and http://acme.net/~x here.\n"
    );
}

/// Found red-teaming `--fix`: a fix of one URI overlapping another's, the
/// tail of a URI a space broke, CR line ends, names `patch` must quote.
#[test]
fn hostile_inputs_are_fixed_or_left_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    // `%45` is `E`, in a host also in upper case: two fixes of one URI.
    std::fs::write(
        dir.path().join("a.txt"),
        "http://%45XAMPLE.com/\nhttp://X%2eIO/\n",
    )
    .unwrap();
    // Lines that end in CR alone are one line to `patch` and git.
    std::fs::write(dir.path().join("cr.txt"), "a\rHTTP://X.io/\rb\r").unwrap();
    std::fs::write(dir.path().join("sp ace.txt"), "see HTTP://X.io/\n").unwrap();
    let out = urilint(dir.path())
        .args(["check", "--select", "all", "--diff", "."])
        .assert()
        .code(1);
    let diff = out.get_output().stdout.clone();
    let text = String::from_utf8_lossy(&diff);
    assert!(
        text.contains("--- a/sp ace.txt\t\n+++ b/sp ace.txt\t\n"),
        "{text}"
    );
    assert!(
        text.contains("@@ -1 +1 @@\n-a\rHTTP://X.io/\rb\r\n\\ No newline at end of file\n+a\rhttp://x.io/\rb\r\n"),
        "{text}"
    );
    for tool in PATCHERS {
        let copy = tempfile::tempdir().unwrap();
        for n in ["a.txt", "cr.txt", "sp ace.txt"] {
            std::fs::copy(dir.path().join(n), copy.path().join(n)).unwrap();
        }
        apply(tool, copy.path(), &diff);
        assert_eq!(
            std::fs::read_to_string(copy.path().join("a.txt")).unwrap(),
            "http://example.com/\nhttp://x.io/\n"
        );
        assert_eq!(
            std::fs::read(copy.path().join("cr.txt")).unwrap(),
            b"a\rhttp://x.io/\rb\r"
        );
        assert_eq!(
            std::fs::read_to_string(copy.path().join("sp ace.txt")).unwrap(),
            "see http://x.io/\n"
        );
    }
}

#[test]
fn secrets_outside_any_uri_are_redacted_in_diffs_and_source_lines() {
    let dir = tempfile::tempdir().unwrap();
    // The space ends the URI: what follows it is no URI, yet holds a token.
    std::fs::write(
        dir.path().join("a.txt"),
        "see <HTTPS://X.io/a b?access_token=qzsecret9> and //app:qzsecret8@db.io/x\n",
    )
    .unwrap();
    let out = urilint(dir.path())
        .args(["check", "--select", "all", "--diff", "a.txt"])
        .assert()
        .code(1);
    let out = out.get_output();
    // The line to fix holds the secrets: its hunk is left out, and said.
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text, "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("a.txt: the fix at line 1 is left out of the diff"),
        "{err}"
    );
    assert!(!err.contains("qzsecret"), "{err}");
    let out = urilint(dir.path())
        .args(["check", "--select", "all", "--color", "never", "a.txt"])
        .assert()
        .code(0);
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        text.contains("?access_token=****> and //app:****@db.io/x"),
        "{text}"
    );
    assert!(!text.contains("qzsecret"), "{text}");
}

#[test]
fn diff_prints_the_diff_alone_whatever_the_format_and_never_mail() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("m.eml"),
        "From: a@acme.net\nTo: b@acme.net\nSubject: s\nMessage-ID: <1@acme.net>\n\nsee HTTP://X.io/ and postgres://app:pw9@db.io/x\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("a.txt"), "see HTTP://X.io/\n").unwrap();
    for format in ["json", "sarif", "jsonl"] {
        urilint(dir.path())
            .args([
                "check", "--select", "all", "--diff", "--format", format, ".",
            ])
            .assert()
            .code(1)
            .stdout("--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-see HTTP://X.io/\n+see http://x.io/\n")
            .stderr("urilint: would fix 1 problem in 1 file\n");
    }
}

#[test]
fn a_link_target_is_read_whole_without_its_trailing_spaces() {
    let dir = tempfile::tempdir().unwrap();
    // A browser strips the spaces at the ends and encodes the one inside.
    std::fs::write(
        dir.path().join("a.html"),
        "<a href=\" http://acme.net/a b \">x</a> <a href=\"http://acme.net/c \">y</a>\n",
    )
    .unwrap();
    urilint(dir.path())
        .args(["check", "--select", "unsafe-character", "--fix", "a.html"])
        .assert()
        .code(0)
        .stderr("urilint: fixed 1 problem in 1 file\n");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.html")).unwrap(),
        "<a href=\" http://acme.net/a%20b \">x</a> <a href=\"http://acme.net/c \">y</a>\n"
    );
}

#[test]
fn fix_on_stdin_passes_through_what_it_does_not_fix() {
    let dir = tempfile::tempdir().unwrap();
    let mail = "From: a@acme.net\nTo: b@acme.net\nSubject: s\nMessage-ID: <1@acme.net>\n\nsee HTTP://X.io/ now\n";
    urilint(dir.path())
        .args(["check", "--select", "all", "--fix", "--input", "mail", "-"])
        .write_stdin(mail)
        .assert()
        .code(0)
        .stdout(mail);
    // Nothing to fix: the text comes back byte for byte.
    urilint(dir.path())
        .args(["check", "--fix", "-"])
        .write_stdin("plain\r\ntext")
        .assert()
        .code(0)
        .stdout("plain\r\ntext");
}

/// Found in a second red-team round: a refused fix among a thousand held
/// the rest back; an rST escape was written over; a quoted URI's last
/// `%2E` was decoded where GFM would leave the `.` out of the link; a tag
/// of 8,000 attributes overflowed a worker's stack.
#[test]
fn a_refused_fix_holds_nothing_back_and_escapes_stay() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = "HTTP://A.io/\n".repeat(1000);
    // Its `%2E` decoded would end the URI (it ends at the space) in `.`.
    text.push_str("<https://x.io/%2E b>\n");
    std::fs::write(dir.path().join("k.txt"), &text).unwrap();
    std::fs::write(
        dir.path().join("e.rst"),
        "a \\HTTP://x.io/a and HTTP://y.io/b\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("h.md"),
        "see \"https://x.io/a%2E\" and https://x.io/b%2Ec\n",
    )
    .unwrap();
    let attributes: Vec<String> = (0..8000).map(|i| format!("x{i}=\"1\"")).collect();
    std::fs::write(
        dir.path().join("p.html"),
        format!("<a {}>x</a>\n", attributes.join(" ")),
    )
    .unwrap();
    urilint(dir.path())
        .args(["check", "--select", "all", "--fix", "."])
        .assert()
        .code(0)
        .stderr("urilint: fixed 1002 problems in 3 files\n");
    let k = std::fs::read_to_string(dir.path().join("k.txt")).unwrap();
    assert_eq!(k, "http://a.io/\n".repeat(1000) + "<https://x.io/%2E b>\n");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("e.rst")).unwrap(),
        "a \\HTTP://x.io/a and http://y.io/b\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("h.md")).unwrap(),
        "see \"https://x.io/a%2E\" and https://x.io/b.c\n"
    );
}

/// A check without `--fix` shows each finding's fix in every format: for
/// Markdown read whole (link integrity reads heading attributes, which
/// changes where a URI in a heading ends) and for text read as a stream,
/// with the fix's edits at the URI's own bytes.
#[test]
fn fixes_are_shown_without_fixing_in_each_reading() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("s.md"),
        "# See htps://example.com/a{#see}\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("t.txt"), "See htps://example.com/b.\n").unwrap();
    for extra in [
        &[][..],
        &["--ignore", "broken-relative-link,broken-fragment"],
    ] {
        let out = urilint(dir.path())
            .args(["check", "--isolated", "--format", "jsonl"])
            .args(extra)
            .args(["s.md", "t.txt"])
            .assert()
            .code(1);
        let shown: Vec<(String, String, Value)> = String::from_utf8_lossy(&out.get_output().stdout)
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .map(|v| {
                let rule = v["rule"].as_str().unwrap().to_string();
                (
                    v["path"].as_str().unwrap().to_string(),
                    rule,
                    v["fix"]["edits"].clone(),
                )
            })
            .collect();
        // `htps` gets its missing `t`.
        let edit = |at: u64| serde_json::json!([{"start": at, "end": at, "replacement": "t"}]);
        assert_eq!(
            shown,
            [
                ("s.md".to_string(), "scheme-typo".to_string(), edit(8)),
                ("t.txt".to_string(), "scheme-typo".to_string(), edit(6)),
            ],
            "{extra:?}"
        );
    }
}

/// Issue 31 (F1): Ctrl-C during `--fix` of a file with a second name (so
/// written in place) leaves it as it was or wholly fixed, wherever the
/// signal comes, and no temporary file behind.
#[cfg(unix)]
#[test]
fn an_interrupted_fix_leaves_the_file_whole_and_no_temporary() {
    let original = "see HTTP://Acme.NET:80/%7euser and text after it\n".repeat(30_000);
    let fixed = {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), &original).unwrap();
        urilint(dir.path())
            .args(["check", "--select", "all", "--fix", "a.txt"])
            .assert()
            .code(0);
        std::fs::read(dir.path().join("a.txt")).unwrap()
    };
    assert_ne!(fixed, original.as_bytes());
    for delay in [0, 2, 10, 30, 60, 120, 250, 500] {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        std::fs::write(&a, &original).unwrap();
        std::fs::hard_link(&a, &b).unwrap();
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("urilint"))
            .args(["check", "--isolated", "--select", "all", "--fix", "a.txt"])
            .current_dir(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay));
        // SAFETY: kill only sends a signal to the child.
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        child.wait().unwrap();
        let now = std::fs::read(&a).unwrap();
        assert!(
            now == original.as_bytes() || now == fixed,
            "after {delay} ms: {} bytes, neither the file nor its fix",
            now.len()
        );
        assert_eq!(std::fs::read(&b).unwrap(), now, "after {delay} ms");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 2, "after {delay} ms: {names:?}");
    }
}

/// Issue 31 (F4): a file reached under two names in one run (a symbolic
/// link followed with `-L` and its target, or two hard links) is fixed
/// once, under the first name, and its fixes are counted once.
#[cfg(unix)]
#[test]
fn a_file_under_two_names_is_fixed_once() {
    for (link, args) in [("symbolic", &["-L"][..]), ("hard", &[][..])] {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.txt"), "see HTTP://Acme.NET/x\n").unwrap();
        match link {
            "symbolic" => std::os::unix::fs::symlink("a.txt", dir.path().join("b.txt")).unwrap(),
            _ => std::fs::hard_link(dir.path().join("a.txt"), dir.path().join("b.txt")).unwrap(),
        }
        for jobs in ["-j1", "-j2"] {
            std::fs::write(dir.path().join("a.txt"), "see HTTP://Acme.NET/x\n").unwrap();
            urilint(dir.path())
                .args(["check", "--select", "all", "--fix", jobs])
                .args(args)
                .arg(".")
                .assert()
                .code(0)
                .stderr("urilint: fixed 1 problem in 1 file\n");
            assert_eq!(
                std::fs::read_to_string(dir.path().join("b.txt")).unwrap(),
                "see http://acme.net/x\n",
                "{link} {jobs}"
            );
        }
    }
}

/// A URI rejoined over a quoted hard wrap (issue 30) is fixed and redacted
/// at the bytes it is written at, the quote prefix between its halves
/// left alone; no fix joins its lines.
#[test]
fn a_uri_rejoined_over_a_mail_quote_is_fixed_and_redacted_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let text = "> > see https://x.acme.net/a?u=https%3A%2\n\
                > > F%2fgithub.com%2facme for it\n\
                > > and https://x.acme.net/login?password=\n\
                > > Hunter2xyz9 there\n";
    std::fs::write(dir.path().join("mail.txt"), text).unwrap();
    let out = urilint(dir.path())
        .args(["check", "--select", "all", "--color", "never", "mail.txt"])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(shown.contains("error[secret-in-query]"), "{shown}");
    let listed = urilint(dir.path())
        .args(["extract", "mail.txt"])
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&listed.stdout);
    assert!(
        listed.contains("https://x.acme.net/login?password=****\n"),
        "{listed}"
    );
    for piece in ["Hunter2", "xyz9", "r2xy"] {
        assert!(!shown.contains(piece) && !listed.contains(piece), "{piece}");
    }
    urilint(dir.path())
        .args([
            "check",
            "--select",
            "lowercase-percent-encoding",
            "--fix",
            "mail.txt",
        ])
        .assert()
        .code(0);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mail.txt")).unwrap(),
        text.replace("F%2fgithub.com%2facme", "F%2Fgithub.com%2Facme")
    );
}

/// Issue 31 (F1): `--fix` on a full file system leaves each file as it
/// was, byte for byte, and says so, whether it is written beside itself
/// and renamed or, having a second name, in place. The file system is a
/// small tmpfs, mounted where the tests run as root; elsewhere the test
/// says it did not run.
#[cfg(target_os = "linux")]
#[test]
fn a_fix_on_a_full_disk_leaves_every_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("small");
    std::fs::create_dir(&mnt).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=2m", "tmpfs"])
        .arg(&mnt)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("not run: cannot mount a tmpfs here (not root)");
        return;
    }
    struct Unmount<'a>(&'a std::path::Path);
    impl Drop for Unmount<'_> {
        fn drop(&mut self) {
            let _ = std::process::Command::new("umount").arg(self.0).status();
        }
    }
    let _unmount = Unmount(&mnt);
    // Two files of 700 KB each, the second with another name, on 2 MB:
    // neither fix has room for a second copy once the rest is filled.
    let original = "see HTTP://Acme.NET:80/%7euser and text after it\n".repeat(14_000);
    std::fs::write(mnt.join("alone.txt"), &original).unwrap();
    std::fs::write(mnt.join("linked.txt"), &original).unwrap();
    std::fs::hard_link(mnt.join("linked.txt"), mnt.join("other-name.txt")).unwrap();
    let mut fill = std::fs::File::create(mnt.join("fill")).unwrap();
    let block = vec![b'x'; 64 * 1024];
    while std::io::Write::write_all(&mut fill, &block).is_ok() {}
    let _ = std::io::Write::write_all(&mut fill, b"x");
    drop(fill);
    let out = urilint(&mnt)
        .args([
            "check",
            "--select",
            "all",
            "--fix",
            "alone.txt",
            "linked.txt",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for name in ["alone.txt", "linked.txt", "other-name.txt"] {
        assert!(
            std::fs::read(mnt.join(name)).unwrap() == original.as_bytes(),
            "{name} changed: {stderr}"
        );
    }
    assert!(
        stderr.contains("alone.txt") && stderr.contains("linked.txt"),
        "{stderr}"
    );
    let names: Vec<_> = std::fs::read_dir(&mnt)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 4, "a temporary file is left: {names:?}");
}
