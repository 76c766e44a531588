//! The small things of a mature command line (issue 16): shell
//! completions and a man page from the clap definitions, a mistyped
//! command caught, config errors that name their file and key, a closing
//! line with the counts, and a progress line only on a terminal.

use std::path::Path;

use assert_cmd::Command;

fn urilint(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir).env_remove("CI");
    cmd
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const COMMANDS: &[&str] = &["check", "extract", "rules", "explain", "completions"];

#[test]
fn completions_for_each_shell_know_every_command() {
    let dir = tempfile::tempdir().unwrap();
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef urilint"),
        ("fish", "complete -c urilint"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = urilint(dir.path())
            .args(["completions", shell])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let script = text(&out.stdout);
        assert!(script.contains(marker), "{shell}");
        for command in COMMANDS {
            assert!(script.contains(command), "{shell} lacks {command}");
        }
        // Options of the commands too.
        assert!(script.contains("fail-on"), "{shell}");
        assert!(script.contains("unique"), "{shell}");
    }
    let out = urilint(dir.path())
        .args(["completions", "tcsh"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_man_page_is_roff_and_names_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let out = urilint(dir.path()).arg("manpage").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let page = text(&out.stdout);
    assert!(page.contains(".TH urilint 1"), "{page}");
    assert!(page.contains(".SH SYNOPSIS"));
    assert!(page.contains("\\-\\-fail\\-on"));
    for command in COMMANDS {
        assert!(page.contains(command), "the man page lacks {command}");
    }
    // A command's own page.
    let out = urilint(dir.path())
        .args(["manpage", "extract"])
        .output()
        .unwrap();
    let page = text(&out.stdout);
    assert!(page.contains(".TH urilint-extract 1"), "{page}");
    assert!(page.contains("\\-\\-exclude\\-match"), "{page}");
    // Listed in help, as packagers and users look for it there.
    let help = urilint(dir.path()).arg("--help").output().unwrap();
    assert!(text(&help.stdout).contains("\n  manpage      Print the man page"));
    // The sections a man page is expected to have.
    let out = urilint(dir.path()).arg("manpage").output().unwrap();
    let page = text(&out.stdout);
    for section in [
        ".SH \"EXIT STATUS\"",
        ".SH ENVIRONMENT",
        ".SH FILES",
        ".SH EXAMPLES",
    ] {
        assert_eq!(page.matches(section).count(), 1, "{section}");
    }
}

#[test]
fn a_mistyped_command_gets_a_suggestion() {
    let dir = tempfile::tempdir().unwrap();
    for (typo, command) in [("chek", "check"), ("extrat", "extract"), ("rulse", "rules")] {
        let out = urilint(dir.path()).args([typo, "docs/"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{typo}");
        assert_eq!(
            text(&out.stderr),
            format!(
                "urilint: `{typo}` is no command and no file or folder: did you mean '{command}'?\n"
            )
        );
        assert!(out.stdout.is_empty());
    }
    // What looks like a path, or is too short to tell, is a path.
    for path in ["chek/", "rules.md", "he"] {
        let out = urilint(dir.path())
            .args(["--isolated", path])
            .output()
            .unwrap();
        assert_eq!(
            text(&out.stderr),
            format!("urilint: {path}: No such file or directory (os error 2)\n")
        );
    }
    // A file of that name is checked; a name far from every command is a
    // path that is not there.
    std::fs::write(dir.path().join("chek"), "see https://acme.net/\n").unwrap();
    let out = urilint(dir.path())
        .args(["chek", "--isolated", "-q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = urilint(dir.path())
        .args(["--isolated", "docs"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "urilint: docs: No such file or directory (os error 2)\n"
    );
}

#[test]
fn config_errors_name_the_file_and_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.txt"), "see http://acme.net:25/\n").unwrap();
    let config = d.join("urilint.toml");
    for (toml, message) in [
        (
            "[severity]\nno-such-rule = \"error\"\n",
            "`[severity]`: unknown rule `no-such-rule` (see `urilint rules`)",
        ),
        (
            "exclude = [\"docs/[a\"]\n",
            "`exclude`: `docs/[a`: unclosed character class; missing ']'\n",
        ),
    ] {
        std::fs::write(&config, toml).unwrap();
        let out = urilint(d).arg("a.txt").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{toml}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with(&format!("urilint: urilint.toml: {message}")),
            "{stderr}"
        );
    }
    for (toml, message) in [
        (
            "[links]\nroot = \"nowhere\"\n",
            "`[links]` root ./nowhere: not a folder".to_string(),
        ),
        (
            "[[custom-rules]]\nid = \"x-y\"\nmessage = \"m\"\nregex = \"(a\"\n",
            "custom rule `x-y`: regex `(a`: unclosed group".to_string(),
        ),
        (
            "[extract]\nscheme = 5\n",
            "TOML parse error at line 2, column 10: invalid type: integer `5`, expected a string or a list of strings".to_string(),
        ),
    ] {
        std::fs::write(&config, toml).unwrap();
        let out = urilint(d).arg("a.txt").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{toml}");
        // Named from the working folder, where it was found.
        assert_eq!(text(&out.stderr), format!("urilint: urilint.toml: {message}\n"));
    }
    // In a suppression, an unknown rule is a finding at the comment
    // (invalid-suppression): the check goes on.
    std::fs::remove_file(&config).unwrap();
    std::fs::write(
        d.join("b.txt"),
        "see http://acme.net:25/ # urilint: ignore[no-such-rule]\n",
    )
    .unwrap();
    let out = urilint(d)
        .args(["--format", "jsonl", "b.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "urilint: Found 2 problems (2 errors); 1 file checked.\n"
    );
    assert!(text(&out.stdout).contains(
        "\"line\":1,\"column\":27,\"start\":26,\"end\":55,\"rule\":\"invalid-suppression\""
    ));
}

#[test]
fn the_closing_line_counts_findings_and_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("docs")).unwrap();
    std::fs::write(
        d.join("docs/a.txt"),
        "see http://acme.net:25/ and ftp://h.net:21/\n",
    )
    .unwrap();
    std::fs::write(d.join("docs/b.txt"), "see https://acme.net:444/\n").unwrap();
    std::fs::write(d.join("docs/c.txt"), "nothing here\n").unwrap();
    // A binary file is not read, and not counted.
    std::fs::write(d.join("docs/d.bin"), b"\0\x01binary").unwrap();
    let run = |args: &[&str]| {
        let out = urilint(d)
            .args(["--isolated", "--color", "never"])
            .args(args)
            .output()
            .unwrap();
        (out.status.code(), text(&out.stdout))
    };
    let (code, stdout) = run(&["--select", "all", "docs"]);
    assert_eq!(code, Some(1));
    assert!(
        stdout.ends_with(
            "Found 3 problems (2 errors, 1 note); 3 files checked.\n\
             [*] 1 fixable with `--fix`.\n"
        ),
        "{stdout}"
    );
    // A clean run says what it checked (SPEC section 13).
    let (code, stdout) = run(&["docs/c.txt"]);
    assert_eq!(code, Some(0));
    assert_eq!(stdout, "All checks passed: 1 file, 0 URIs.\n");
    // --quiet: findings only; machine formats: records only.
    let (_, stdout) = run(&["-q", "docs"]);
    assert!(!stdout.contains("checked"), "{stdout}");
    let (_, stdout) = run(&["-q", "docs/c.txt"]);
    assert_eq!(stdout, "");
    let (_, stdout) = run(&["--format", "jsonl", "docs"]);
    assert!(stdout.lines().all(|l| l.starts_with('{')), "{stdout}");
}

/// The progress line: never on a pipe or in CI, and on a terminal (a
/// pseudo-terminal from `script`) once the run has taken its delay.
#[test]
fn progress_only_on_a_terminal_outside_ci() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for i in 0..50 {
        std::fs::write(d.join(format!("f{i}.md")), "[a](#top)\n\n# Top\n").unwrap();
    }
    // stderr a pipe, delay none: no progress.
    let out = urilint(d)
        .args(["--isolated", "--format", "jsonl", "."])
        .env("URILINT_PROGRESS_DELAY_MS", "0")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stderr), "");
    if std::process::Command::new("script")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped the terminal half: no `script` (util-linux)");
        return;
    }
    let bin = assert_cmd::cargo::cargo_bin("urilint");
    let on_terminal = |ci: bool| {
        let mut cmd = std::process::Command::new("script");
        cmd.args(["-qec"])
            // The terminal is held open a moment after the run, so that
            // `script` reads all it wrote before the pty closes.
            .arg(format!(
                "{} --isolated --format jsonl . > /dev/null; sleep 1",
                bin.display()
            ))
            .arg("/dev/null")
            .current_dir(d)
            .env("URILINT_PROGRESS_DELAY_MS", "0")
            .env("TERM", "xterm")
            .env_remove("CI");
        if ci {
            cmd.env("CI", "true");
        }
        // Its standard input held open to the end: `script` ends the
        // session at the end of its input, which output() would close at
        // once, racing the run (an empty capture, under load).
        let mut child = cmd
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let mut shown = Vec::new();
        std::io::Read::read_to_end(&mut child.stdout.take().unwrap(), &mut shown).unwrap();
        child.wait().unwrap();
        drop(stdin);
        text(&shown)
    };
    // A pty's capture under a loaded machine may miss a line drawn and
    // cleared within milliseconds: the line must show in one of three
    // runs (it never shows when progress is off, below).
    let shown = (0..3)
        .map(|_| on_terminal(false))
        .find(|s| s.contains("reading") && s.contains("/50 files"))
        .unwrap_or_else(|| on_terminal(false));
    assert!(
        shown.contains("reading") && shown.contains("/50 files"),
        "{shown:?}"
    );
    let in_ci = on_terminal(true);
    assert!(!in_ci.contains("reading"), "{in_ci:?}");
}

/// Issue 31 (D1): a device that would be read forever is an error, not a
/// hang, as a file to check, a config or a baseline; the null device is an
/// empty file.
#[cfg(unix)]
#[test]
fn endless_devices_are_errors_and_the_null_device_is_empty() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "see https://acme.net/\n").unwrap();
    let run = |args: &[&str]| {
        let out = urilint(dir.path())
            .args(args)
            .timeout(std::time::Duration::from_secs(20))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&["check", "--isolated", "/dev/zero", "a.txt"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("/dev/zero: a device, not a regular file, pipe or terminal; not read"),
        "{err}"
    );
    let (code, err) = run(&["extract", "/dev/zero"]);
    assert_eq!(code, Some(2), "{err}");
    for flag in ["--config", "--baseline"] {
        let (code, err) = run(&["check", flag, "/dev/zero", "a.txt"]);
        assert_eq!(code, Some(2), "{flag}: {err}");
        assert!(
            err.contains("/dev/zero") && err.contains("device"),
            "{flag}: {err}"
        );
    }
    let (code, err) = run(&["check", "--isolated", "/dev/null", "a.txt"]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
}

#[test]
fn an_unknown_rule_gets_a_suggestion_in_flags_config_suppressions_and_rule() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("a.txt"), "see http://docs.acme.net:22/x\n").unwrap();
    let err = |args: &[&str]| {
        let out = urilint(d).args(args).output().unwrap();
        (out.status.code(), text(&out.stderr))
    };
    assert_eq!(
        err(&["--isolated", "--select", "embeded-password", "a.txt"]),
        (
            Some(2),
            "urilint: unknown rule `embeded-password` (see `urilint rules`; groups: `security`, \
             `correctness`, `portability`, `style`, or `all`); did you mean `embedded-password`?\n"
                .to_string()
        )
    );
    assert_eq!(
        err(&["rule", "password"]),
        (
            Some(2),
            "urilint: unknown rule `password` (see `urilint rules`); did you mean `embedded-password`?\n"
                .to_string()
        )
    );
    std::fs::write(d.join("urilint.toml"), "ignore = [\"securty\"]\n").unwrap();
    assert_eq!(
        err(&["a.txt"]),
        (
            Some(2),
            "urilint: urilint.toml: `ignore`: unknown rule or group `securty` (see `urilint rules`); \
             did you mean `security`?\n"
                .to_string()
        )
    );
    std::fs::remove_file(d.join("urilint.toml")).unwrap();
    std::fs::write(
        d.join("a.txt"),
        "see http://docs.acme.net:22/x <!-- urilint: ignore[well-known-prot] -->\n",
    )
    .unwrap();
    let out = urilint(d)
        .args(["--format", "jsonl", "a.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains(
            "\"message\":\"suppression names unknown rule `well-known-prot`; did you mean `well-known-port`?\""
        ),
        "{}",
        text(&out.stdout)
    );
    // Nothing near: no guess.
    let (_, stderr) = err(&["--isolated", "--select", "qqqqqqqq", "a.txt"]);
    assert!(!stderr.contains("did you mean"), "{stderr}");
}

#[test]
fn completions_offer_rule_ids_and_groups_for_selection_flags() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish"] {
        let out = urilint(dir.path())
            .args(["completions", shell])
            .output()
            .unwrap();
        let script = text(&out.stdout);
        for value in ["embedded-password", "broken-fragment", "security", "style"] {
            assert!(script.contains(value), "{shell} completions lack {value}");
        }
    }
    // fish names the values of each flag: --select's include a rule.
    let out = urilint(dir.path())
        .args(["completions", "fish"])
        .output()
        .unwrap();
    let fish = text(&out.stdout);
    let at = fish.find("-l select ").unwrap();
    let select = &fish[at..at + fish[at..].find("\ncomplete ").unwrap()];
    assert!(
        select.contains("embedded-password\\t") && select.contains("security\\t"),
        "{select}"
    );
    // --help does not list them all.
    let out = urilint(dir.path()).arg("--help").output().unwrap();
    assert!(!text(&out.stdout).contains("embedded-password"));
}
