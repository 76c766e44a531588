//! Inputs and outputs as a shell hands them over (issue 14): named pipes
//! and process substitution, file names that are not UTF-8, a file named
//! twice, links not followed, and findings by the ten thousand on one line.
//! (A reader that goes away: `tests/adversarial.rs`.)

use std::io::Write as _;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::time::{Duration, Instant};

use assert_cmd::Command;

/// `urilint check` in `dir`, isolated from any config, without colour.
fn urilint(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir)
        .args(["--isolated", "--color", "never"]);
    cmd
}

/// `urilint extract` in `dir`, isolated from any config.
fn extract(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir).args(["extract", "--isolated"]);
    cmd
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const FOUND: &str = "\
-:1:5: error[well-known-port] port 25 is a well-known port (`smtp`'s), not `http`'s (80)
  |
1 | see http://acme.net:25/x
  |                     ^^
Found 1 problem (1 error); 1 file checked.
";

/// A named pipe, `<(cmd)` and `/dev/stdin` are read once, as they flow:
/// their source lines come from what was read, never from opening them a
/// second time (which hung on a pipe whose writer had gone, and failed with
/// "Illegal seek" on `/dev/fd/N`).
#[test]
fn pipes_named_as_files_are_read_once_with_their_source_lines() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut f = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            f.write_all(b"see http://acme.net:25/x\n").unwrap();
        })
    };
    let start = Instant::now();
    let out = urilint(dir.path())
        .arg("fifo")
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    writer.join().unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "hung on the pipe"
    );
    assert_eq!(text(&out.stdout), FOUND.replace("-:", "fifo:"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(1));

    // `cmd | urilint /dev/stdin`, as `<(cmd)` names a pipe too.
    let out = urilint(dir.path())
        .arg("/dev/stdin")
        .write_stdin("see http://acme.net:25/x\n")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), FOUND.replace("-:", "/dev/stdin:"));
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(1));
}

/// Two names that differ only in bytes that are not UTF-8 stay two names:
/// escaped in human output, exact in `path_bytes`.
#[test]
fn file_names_that_are_not_utf8_stay_distinct() {
    let dir = tempfile::tempdir().unwrap();
    let latin1 = std::ffi::OsStr::from_bytes(b"caf\xe9.txt");
    let utf8 = std::ffi::OsStr::from_bytes(b"caf\xc3\xa9.txt");
    for name in [latin1, utf8] {
        std::fs::write(dir.path().join(name), "see http://acme.net:25/x\n").unwrap();
    }
    let out = urilint(dir.path()).args(["--quiet", "."]).output().unwrap();
    let heads: Vec<String> = text(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("./"))
        .map(str::to_string)
        .collect();
    let message =
        "error[well-known-port] port 25 is a well-known port (`smtp`'s), not `http`'s (80)";
    assert_eq!(
        heads,
        [
            format!("./caf\u{e9}.txt:1:5: {message}"),
            format!("./caf\\xe9.txt:1:5: {message}"),
        ]
    );

    for args in ["check", "extract"] {
        let mut cmd = match args {
            "check" => urilint(dir.path()),
            _ => extract(dir.path()),
        };
        let out = cmd.args(["--format", "jsonl", "."]).output().unwrap();
        let records: Vec<serde_json::Value> = text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), 2, "{args:?}");
        for r in &records {
            // `format` is extract's field, `rule` check's.
            assert_eq!(r.get("format").is_some(), args == "extract", "{r}");
            assert_eq!(r.get("rule").is_some(), args == "check", "{r}");
        }
        assert_eq!(records[0]["path"], "./caf\u{e9}.txt", "{args:?}");
        assert_eq!(records[0].get("path_bytes"), None, "{args:?}");
        assert_eq!(records[1]["path"], "./caf\\xe9.txt", "{args:?}");
        let bytes: Vec<u8> = records[1]["path_bytes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap() as u8)
            .collect();
        assert_eq!(bytes, b"./caf\xe9.txt", "{args:?}");
    }

    // SARIF names the file by URI: its bytes percent-encoded.
    let out = urilint(dir.path())
        .args(["--format", "sarif", "."])
        .output()
        .unwrap();
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let uris: Vec<&str> = sarif["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert_eq!(uris, ["caf%C3%A9.txt", "caf%E9.txt"]);
}

/// A file named twice, or named and found in a folder named too, is
/// checked once.
#[test]
fn a_file_named_twice_is_checked_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("docs")).unwrap();
    std::fs::write(dir.path().join("docs/a.txt"), "see http://acme.net:25/x\n").unwrap();
    std::fs::write(dir.path().join("docs.md"), "no links\n").unwrap();
    for args in [
        &[".", "docs/a.txt"][..],
        &["docs", "./docs/a.txt", "docs/a.txt"],
        &["docs/a.txt", "docs/../docs/a.txt"],
        // `docs.md` sorts between `docs` and `docs/a.txt` as strings, not
        // as paths.
        &["docs.md", "docs/a.txt", "docs"],
    ] {
        let out = urilint(dir.path())
            .args(["--format", "jsonl"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(text(&out.stdout).lines().count(), 1, "{args:?}");
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
    // `a/..` is not `.` when `a` is a symbolic link: two files.
    std::fs::create_dir_all(dir.path().join("x/y")).unwrap();
    std::fs::write(dir.path().join("b.txt"), "see http://one.acme.net:25/\n").unwrap();
    std::fs::write(dir.path().join("x/b.txt"), "see http://two.acme.net:25/\n").unwrap();
    std::os::unix::fs::symlink("x/y", dir.path().join("a")).unwrap();
    let out = urilint(dir.path())
        .args(["--format", "jsonl", "b.txt", "a/../b.txt"])
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout).lines().count(), 2);
    // Standard input named twice is read once.
    let out = urilint(dir.path())
        .args(["--format", "jsonl", "-", "-"])
        .write_stdin("see http://acme.net:25/x\n")
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout).lines().count(), 1);
}

/// Links are not followed unless asked: a dangling one is not read at all,
/// and is no failure. With `-L`, it is.
#[test]
fn a_dangling_link_not_followed_is_no_failure() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("ok.txt"), "see https://acme.net/\n").unwrap();
    std::os::unix::fs::symlink("nowhere", dir.path().join("dangling")).unwrap();
    let out = urilint(dir.path()).arg(".").output().unwrap();
    assert_eq!(text(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
    let out = urilint(dir.path()).args(["-L", "."]).output().unwrap();
    assert_eq!(
        text(&out.stderr),
        "urilint: ./dangling: broken symbolic link to nowhere\n"
    );
    assert_eq!(out.status.code(), Some(2));
}

/// More findings on one line than memory holds records for (16,384): they wait on
/// disk, come back whole and in order, and a suppression at the end of the
/// line silences every one. In a tree, where each file's records wait for
/// the files before it, the same.
#[test]
fn twenty_thousand_findings_on_one_line_wait_on_disk() {
    let n = 20_000;
    let line: String = (0..n)
        .map(|i| format!("http://h{i}.acme.net:81/x "))
        .collect();
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("tree")).unwrap();
    std::fs::write(dir.path().join("tree/a.txt"), format!("{line}\n")).unwrap();
    std::fs::write(
        dir.path().join("tree/b.txt"),
        "http://last.acme.net:81/ HTTP://H7.ACME.NET:81/x\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("suppressed.txt"),
        format!("{line}urilint: ignore[well-known-port]\n"),
    )
    .unwrap();

    let out = urilint(dir.path())
        .args(["--format", "jsonl", "suppressed.txt"])
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), "");
    assert_eq!(out.status.code(), Some(0));

    for args in [&["tree/a.txt"][..], &["tree"], &["-"]] {
        let mut cmd = urilint(dir.path());
        cmd.args(["--format", "jsonl"]).args(args);
        if args == ["-"] {
            cmd.write_stdin(format!("{line}\n"));
        }
        let out = cmd.output().unwrap();
        let records: Vec<serde_json::Value> = text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        let tree = args == ["tree"];
        // And b.txt's two.
        assert_eq!(records.len(), n + 2 * usize::from(tree), "{args:?}");
        let mut start = 0;
        for (i, r) in records.iter().take(n).enumerate() {
            assert_eq!(r["uri"], format!("http://h{i}.acme.net:81/x"), "{args:?}");
            assert_eq!(r["start"], start, "{args:?}");
            assert_eq!(r["rule"], "well-known-port", "{args:?}");
            start += format!("http://h{i}.acme.net:81/x ").len() as u64;
        }
        if tree {
            assert_eq!(records[n]["path"], "tree/b.txt");
        }
    }

    // `extract` over the tree: each file's lines wait on disk too, come
    // back in order, and `--unique` folds across files in that order.
    let out = extract(dir.path())
        .args(["--unique", "tree"])
        .output()
        .unwrap();
    let want: String = (0..n)
        .map(|i| format!("http://h{i}.acme.net:81/x\n"))
        .chain(["http://last.acme.net:81/\n".to_string()])
        .collect();
    assert_eq!(text(&out.stdout), want);
    let out = extract(dir.path())
        .args(["--format", "jsonl", "tree"])
        .output()
        .unwrap();
    let records: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), n + 2);
    assert_eq!(
        records[n - 1]["uri"],
        format!("http://h{}.acme.net:81/x", n - 1)
    );
    assert_eq!(records[n + 1]["uri"], "HTTP://H7.ACME.NET:81/x");
    assert_eq!(records[n + 1]["path"], "tree/b.txt");

    // Human output: each record with its source line.
    let out = urilint(dir.path()).args(["tree/a.txt"]).output().unwrap();
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("error[well-known-port]").count(), n);
    assert!(stdout.contains(
        "tree/a.txt:1:548863: error[well-known-port] port 81 is a well-known port, not `http`'s (80)\n  \
         |\n\
         1 | …98.acme.net:81/x http://h19999.acme.net:81/x \n  \
         |                                          ^^\n"
    ));
}

/// A source line shown from the middle of a long line starts after a
/// space, which may be inside a password (`"https://u:correct horse@h/"`):
/// the secrets on it are looked for from the line's start all the same. A
/// lone CR inside a password does not show its second half either.
#[test]
fn a_source_line_cut_inside_a_password_shows_none_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(300);
    for (name, text) in [
        (
            "spaced.txt",
            format!(
                "{long}\"https://u:correct horse battery Hunter2Secret@e.com/\" https://e.com/?token=Zebra9Value\n"
            ),
        ),
        (
            "paren.txt",
            format!("{long}(https://u:Hunter2 Secret@e.com/) https://e.com/?token=Zebra9Value\n"),
        ),
        (
            "cr.txt",
            "a https://u:Hunter2\rSecret@e.com/ b https://e.com/?token=Zebra9Value\n".to_string(),
        ),
    ] {
        std::fs::write(dir.path().join(name), &text).unwrap();
        for args in [&[name][..], &["-"]] {
            let out = urilint(dir.path())
                .args(args)
                .write_stdin(text.clone())
                .output()
                .unwrap();
            let all = text_of(&out);
            assert!(all.contains("?token=****"), "{name} {args:?}: {all}");
            for secret in ["Hunter2", "Secret@", "battery", "Zebra9"] {
                assert!(!all.contains(secret), "{name} {args:?}: {secret} in {all}");
            }
        }
    }
}

fn text_of(out: &std::process::Output) -> String {
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}

/// HTML on standard input is read as HTML: its entity-encoded password is
/// decoded, found and redacted, not shown as text.
#[test]
fn html_on_standard_input_is_read_as_html() {
    let dir = tempfile::tempdir().unwrap();
    let page = "<!DOCTYPE html>\n<html><body>\n<p><a href=\"https://u:Hunter2Secret&#64;e.com/\">x</a></p>\n";
    let out = urilint(dir.path())
        .args(["--format", "jsonl", "-"])
        .write_stdin(page)
        .output()
        .unwrap();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["rule"], "embedded-password");
    assert_eq!(record["uri"], "https://u:****@e.com/");
    let out = urilint(dir.path())
        .arg("-")
        .write_stdin(page)
        .output()
        .unwrap();
    assert!(!text_of(&out).contains("Hunter2"), "{}", text_of(&out));
    // Text that merely mentions a tag is still text.
    let out = extract(dir.path())
        .args(["--format", "jsonl", "-"])
        .write_stdin("<htmlish> https://acme.net/\n")
        .output()
        .unwrap();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["format"], "text");
}

/// Standard input spooled for source lines is read back by offset while it
/// is still being written: each snippet shows its own line, as from a file
/// (reads moved the shared offset, and later input overwrote earlier).
#[test]
fn source_lines_of_standard_input_are_those_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let text: String = (0..20)
        .map(|i| format!("L{i} http://h{i}.acme.net:99999/\n{}\n", "y".repeat(9000)))
        .collect();
    std::fs::write(dir.path().join("in.txt"), &text).unwrap();
    let file = urilint(dir.path()).arg("in.txt").output().unwrap();
    let piped = urilint(dir.path())
        .arg("-")
        .write_stdin(text)
        .output()
        .unwrap();
    let want = text_of(&file).replace("in.txt:", "-:");
    assert_eq!(want.matches("error[invalid-port]").count(), 20, "{want}");
    assert_eq!(text_of(&piped), want);
}

/// `urilint --diff | head` in a `pipefail` script fails when there is
/// something to fix, as the whole diff would.
#[test]
fn a_closed_pipe_after_a_diff_exits_1() {
    let dir = tempfile::tempdir().unwrap();
    let lines: String = (0..20_000)
        .map(|i| format!("see HTTP://H{i}.ACME.NET:80/x\n"))
        .collect();
    std::fs::write(dir.path().join("big.txt"), lines).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("urilint");
    let script = format!(
        "set -o pipefail; '{}' --isolated --select all --diff big.txt | head -1 > /dev/null",
        bin.display()
    );
    let out = std::process::Command::new("bash")
        .current_dir(dir.path())
        .args(["-c", &script])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
}
