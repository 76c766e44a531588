//! `urilint extract` as users run it: output, stdin, walks, errors, exit codes.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};

use assert_cmd::Command;
use serde_json::{Value, json};

fn urilint() -> Command {
    Command::cargo_bin("urilint").unwrap()
}

fn stdout_lines(out: &[u8]) -> Vec<String> {
    String::from_utf8(out.to_vec())
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Runs `urilint` in `dir`, asserts it succeeds, and returns its stdout lines.
fn lines_in(dir: &Path, args: &[&str]) -> Vec<String> {
    let out = urilint().current_dir(dir).args(args).assert().success();
    stdout_lines(&out.get_output().stdout)
}

/// Parses `--format jsonl` output.
fn records(stdout: &[u8]) -> Vec<Value> {
    stdout_lines(stdout)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn plain_output_of_the_example_thread() {
    let out = urilint()
        .args(["extract", "examples/thread.txt"])
        .assert()
        .success();
    let out = out.get_output();
    assert_eq!(
        stdout_lines(&out.stdout),
        [
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "ftp://ds.internic.net/rfc",
            "http://ds.internic.net/instructions/overview.html#WARNING",
            "http://www.w3.org/Addressing/",
            "ftp://foo.example.com/rfc/",
            "http://lists.example.org/archive/1994-12/",
            "news:1994Dec19.1234@lists.example.org",
            "mailto:uri@lists.example.org",
            "http://www.example.org/long-path/index.html",
            "tel:+1-201-555-0123",
        ]
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn jsonl_has_every_field_of_the_spec() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("notes.txt");
    std::fs::write(
        &file,
        "see <URL:http://a.example/x-\n  y> and\n  (http://b.example/).\n",
    )
    .unwrap();
    let out = urilint()
        .arg("extract")
        .arg("--format")
        .arg("jsonl")
        .arg(&file)
        .assert()
        .success();
    let records = records(&out.get_output().stdout);
    let path = file.display().to_string();
    assert_eq!(
        records,
        [
            json!({"path": path, "line": 1, "column": 10, "start": 9, "end": 32,
                   "uri": "http://a.example/x-y", "delimiter": "angle-url-prefix",
                   "flags": ["rejoined", "hyphen-ambiguous"], "format": "text"}),
            json!({"path": path, "line": 3, "column": 4, "start": 41, "end": 58,
                   "uri": "http://b.example/", "delimiter": "none", "flags": [], "format": "text"}),
        ]
    );
}

#[test]
fn stdin_is_read_for_a_dash() {
    let out = urilint()
        .args(["extract", "--format", "jsonl", "-"])
        .write_stdin("mail <mailto:a@example.org>\r\n\"http://x.example/\"")
        .assert()
        .success();
    let records = records(&out.get_output().stdout);
    assert_eq!(records[0]["path"], "-");
    assert_eq!(records[0]["uri"], "mailto:a@example.org");
    assert_eq!(records[0]["delimiter"], "angle");
    assert_eq!(
        (records[1]["line"].as_u64(), records[1]["column"].as_u64()),
        (Some(2), Some(2))
    );
    assert_eq!(records[1]["delimiter"], "quote");
}

#[test]
fn a_missing_file_among_good_ones_exits_2_and_the_others_are_printed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "http://a.example/\n").unwrap();
    std::fs::write(dir.path().join("c.txt"), "http://c.example/\n").unwrap();
    let out = urilint()
        .current_dir(dir.path())
        .args(["extract", "a.txt", "missing.txt", "c.txt"])
        .assert()
        .code(2);
    let out = out.get_output();
    assert_eq!(
        stdout_lines(&out.stdout),
        ["http://a.example/", "http://c.example/"]
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("urilint: missing.txt: "), "{stderr}");
    assert!(stderr.contains("No such file"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn a_dangling_symlink_named_explicitly_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink("nowhere", dir.path().join("dangling")).unwrap();
    std::fs::write(dir.path().join("ok.txt"), "http://ok.example/").unwrap();
    let out = urilint()
        .current_dir(dir.path())
        .args(["extract", "dangling", "ok.txt"])
        .assert()
        .code(2);
    assert_eq!(
        stdout_lines(&out.get_output().stdout),
        ["http://ok.example/"]
    );
    assert!(String::from_utf8_lossy(&out.get_output().stderr).starts_with("urilint: dangling: "));
}

fn write(root: &Path, rel: &str, content: &[u8]) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content).unwrap();
}

#[test]
fn directories_are_walked_in_order_skipping_vcs_folders_and_binaries() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "b.txt", b"http://b.example/");
    write(root, "a/z.md", b"<http://a-z.example/>");
    write(root, "a/b/deep.txt", b"http://a-b-deep.example/");
    write(root, ".git/config", b"url = https://git.example/repo.git");
    write(root, ".hg/hgrc", b"default = https://hg.example/");
    write(root, "image.bin", b"\x00\x01http://in-binary.example/");
    write(root, ".hidden.txt", b"http://hidden.example/");
    assert_eq!(
        lines_in(root, &["extract", "."]),
        [
            "http://hidden.example/",
            "http://a-b-deep.example/",
            "http://a-z.example/",
            "http://b.example/",
        ]
    );
    // Named explicitly, a binary file is read like any other.
    assert_eq!(
        lines_in(root, &["extract", "image.bin"]),
        ["http://in-binary.example/"]
    );
    // With no path, the current directory.
    assert_eq!(
        lines_in(&root.join("a"), &["extract"]),
        ["http://a-b-deep.example/", "http://a-z.example/"]
    );
}

#[test]
fn invalid_utf8_is_copied_through_plain_output_and_replaced_in_jsonl() {
    let input = b"<http://x.example/caf\xe9> http://y.example/\xff";
    let out = urilint()
        .args(["extract", "-"])
        .write_stdin(input.to_vec())
        .assert()
        .success();
    assert_eq!(
        out.get_output().stdout,
        b"http://x.example/caf\xe9\nhttp://y.example/\n"
    );
    let out = urilint()
        .args(["extract", "--format", "jsonl", "-"])
        .write_stdin(input.to_vec())
        .assert()
        .success();
    let first: Value =
        serde_json::from_str(stdout_lines(&out.get_output().stdout)[0].as_str()).unwrap();
    assert_eq!(first["uri"], "http://x.example/caf\u{fffd}");
}

#[test]
fn a_closed_pipe_ends_quietly_with_status_0() {
    let mut child = StdCommand::new(assert_cmd::cargo::cargo_bin("urilint"))
        .args(["extract", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let line = b"http://example.com/page see also\n".repeat(1000);
        for _ in 0..200 {
            if stdin.write_all(&line).is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, "http://example.com/page\n");
    // The reader is dropped here: urilint's next writes hit a closed pipe.
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn usage_errors_exit_2() {
    urilint()
        .args(["extract", "--format", "xml", "x"])
        .assert()
        .code(2);
    urilint()
        .args(["extract", "--no-such-flag"])
        .assert()
        .code(2);
}

/// `extract --relative [--base URL]` (SPEC section 11, issue 12): the
/// relative references of markup, in the order written among the URIs,
/// resolved per RFC 3986 s5.2 against each file's URL under `--base`.
#[test]
fn relative_references_and_their_base() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("docs/guide")).unwrap();
    std::fs::write(
        d.join("docs/index.md"),
        "# Index\n\nSee [the guide](guide/setup.md#install), the [api](https://api.example.com/v1)\n\
         and [top](#index), [changes][ref]. ![logo](img/logo%20big.png \"Logo\")\n\n[ref]: ../CHANGELOG.md\n\
         [unused]: ../NOT-A-LINK.md\n\
         <a href=\"guide/a.html?x=1&amp;token=s3cretValue123\">inline</a>\n",
    )
    .unwrap();
    std::fs::write(
        d.join("docs/guide/my page.html"),
        "<p><a href=\"../index.md#index\">up</a> <img src=\"/static/x.png\">\n<a href=\"  spaced.html  \">s</a></p>\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("urilint")
            .unwrap()
            .current_dir(d)
            .arg("extract")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    // Without --relative, nothing changes.
    assert_eq!(run(&["docs"]).1, "https://api.example.com/v1\n");
    assert_eq!(
        run(&["--relative", "docs"]).1,
        "../index.md#index\n/static/x.png\nspaced.html\n\
         guide/setup.md#install\nhttps://api.example.com/v1\n#index\nimg/logo%20big.png\n\
         ../CHANGELOG.md\nguide/a.html?x=1&token=****\n"
    );
    let (code, out, _) = run(&[
        "--relative",
        "--base",
        "https://docs.example.com/",
        "--format",
        "jsonl",
        "docs",
    ]);
    assert_eq!(code, Some(0));
    let got: Vec<(String, u64, String, Option<String>)> = out
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                v["path"].as_str().unwrap().to_string(),
                v["start"].as_u64().unwrap(),
                v["uri"].as_str().unwrap().to_string(),
                v["reference"].as_str().map(String::from),
            )
        })
        .collect();
    let r = |p: &str, at: u64, uri: &str, reference: Option<&str>| {
        (
            p.to_string(),
            at,
            uri.to_string(),
            reference.map(String::from),
        )
    };
    assert_eq!(
        got,
        [
            r(
                "docs/guide/my page.html",
                12,
                "https://docs.example.com/index.md#index",
                Some("../index.md#index")
            ),
            r(
                "docs/guide/my page.html",
                48,
                "https://docs.example.com/static/x.png",
                Some("/static/x.png")
            ),
            r(
                "docs/guide/my page.html",
                75,
                "https://docs.example.com/guide/spaced.html",
                Some("spaced.html")
            ),
            r(
                "docs/index.md",
                25,
                "https://docs.example.com/guide/setup.md#install",
                Some("guide/setup.md#install")
            ),
            r("docs/index.md", 60, "https://api.example.com/v1", None),
            r(
                "docs/index.md",
                98,
                "https://docs.example.com/index.md#index",
                Some("#index")
            ),
            r(
                "docs/index.md",
                131,
                "https://docs.example.com/img/logo%20big.png",
                Some("img/logo%20big.png")
            ),
            // `..` past the root stays at the root (RFC 3986 s5.2.4).
            r(
                "docs/index.md",
                166,
                "https://docs.example.com/CHANGELOG.md",
                Some("../CHANGELOG.md")
            ),
            r(
                "docs/index.md",
                218,
                "https://docs.example.com/guide/a.html?x=1&token=****",
                Some("guide/a.html?x=1&token=****")
            ),
        ]
    );
    assert!(!out.contains("s3cretValue123"));
    // A file named on the command line has the base as its own URL; the
    // file's name is percent-encoded when it is under a folder given.
    let (_, out, _) = run(&[
        "--relative",
        "--base",
        "https://x.org/g/p.html",
        "docs/guide/my page.html",
    ]);
    assert_eq!(
        out,
        "https://x.org/index.md#index\nhttps://x.org/static/x.png\nhttps://x.org/g/spaced.html\n"
    );
    let (_, out, _) = run(&[
        "--relative",
        "--base",
        "https://x.org/",
        "--format",
        "jsonl",
        ".",
    ]);
    assert!(
        out.contains("\"uri\":\"https://x.org/docs/index.md#index\""),
        "{out}"
    );
    // --base needs --relative, and an absolute URL.
    assert_eq!(run(&["--base", "https://x.org/", "docs"]).0, Some(2));
    let (code, _, err) = run(&["--relative", "--base", "docs/", "docs"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("--base `docs/` is not an absolute URL"),
        "{err}"
    );
}
