//! Formats as users meet them on the command line (SPEC section 9): picked
//! from the name or the first lines, `--input`, `[formats]`,
//! `--include-code`, the jsonl `format` field, and findings whose positions,
//! snippets and suppressions are those of the raw file.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn urilint() -> Command {
    Command::cargo_bin("urilint").unwrap()
}

/// `extract --format jsonl` records of `args` run in `dir`.
fn extract(dir: &Path, args: &[&str]) -> Vec<Value> {
    let out = urilint()
        .current_dir(dir)
        .args(["extract", "--format", "jsonl", "--isolated"])
        .args(args)
        .assert()
        .success();
    String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn field<'a>(records: &'a [Value], name: &str) -> Vec<&'a str> {
    records.iter().map(|r| r[name].as_str().unwrap()).collect()
}

#[test]
fn each_file_is_read_as_its_name_says() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("a.html"),
        "<a href=\"http://h.company/?a=1&amp;b=2\">x</a>",
    )
    .unwrap();
    std::fs::write(d.join("b.md"), "[x](http://m.company/a\\_b)\n").unwrap();
    std::fs::write(d.join("c.1"), ".TH C 1\n<https://no\\-color.org/>\n").unwrap();
    std::fs::write(d.join("d.json"), "{\"u\": \"http:\\/\\/j.company\\/\"}").unwrap();
    std::fs::write(d.join("e.txt"), "http://t.company/?a=1&amp;b=2\n").unwrap();
    let r = extract(d, &["."]);
    assert_eq!(
        field(&r, "uri"),
        [
            "http://h.company/?a=1&b=2",
            "http://m.company/a_b",
            "https://no-color.org/",
            "http://j.company/",
            // Text is read as it is written.
            "http://t.company/?a=1&amp;b=2",
        ]
    );
    assert_eq!(
        field(&r, "format"),
        ["html", "markdown", "man", "json", "text"]
    );
    // Positions are those of the raw file: the HTML value starts after `href="`.
    assert_eq!(
        (r[0]["start"].as_u64(), r[0]["end"].as_u64()),
        (Some(9), Some(38))
    );
    assert_eq!(r[0]["column"].as_u64(), Some(10));
}

#[test]
fn input_overrides_the_name_and_reads_stdin() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("page.txt"),
        "<p>http://x.company/?a&amp;b</p>",
    )
    .unwrap();
    let r = extract(dir.path(), &["--input", "html", "page.txt"]);
    assert_eq!(field(&r, "uri"), ["http://x.company/?a&b"]);
    assert_eq!(field(&r, "format"), ["html"]);
    let out = urilint()
        .args(["extract", "--isolated", "--input", "man", "-"])
        .write_stdin("See \\fIhttp://dev.perl.org/licenses/\\fR.\n")
        .assert()
        .success();
    assert_eq!(out.get_output().stdout, b"http://dev.perl.org/licenses/\n");
    // `--input text` reads markup as text.
    let r = extract(dir.path(), &["--input", "text", "page.txt"]);
    assert_eq!(field(&r, "uri"), ["http://x.company/?a&amp;b"]);
}

#[test]
fn config_globs_pick_a_format() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("urilint.toml"), "[formats]\n\"*.inc\" = \"html\"\n").unwrap();
    std::fs::write(
        d.join("part.inc"),
        "<a href='http://i.company/?a&amp;b'>i</a>",
    )
    .unwrap();
    let out = urilint()
        .current_dir(d)
        .args(["extract", "--format", "jsonl", "part.inc"])
        .assert()
        .success();
    let line = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let r: Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(r["uri"], "http://i.company/?a&b");
    assert_eq!(r["format"], "html");
    // An unknown format is a usage error that names it.
    std::fs::write(d.join("urilint.toml"), "[formats]\n\"*.inc\" = \"word\"\n").unwrap();
    let out = urilint()
        .current_dir(d)
        .args(["extract", "part.inc"])
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("unknown format `word`"), "{err}");
}

#[test]
fn include_code_reads_code_blocks() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("r.md"),
        "Text http://a.company/\n\n```\ncurl http://code.company/\n```\n",
    )
    .unwrap();
    assert_eq!(
        field(&extract(dir.path(), &["r.md"]), "uri"),
        ["http://a.company/"]
    );
    assert_eq!(
        field(&extract(dir.path(), &["--include-code", "r.md"]), "uri"),
        ["http://a.company/", "http://code.company/"]
    );
}

/// Files that look like mail at a glance but are not, and files that are.
#[test]
fn mail_is_detected_strictly() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pelican =
        "Title: A post\nDate: 2024-01-01\nCategory: notes\n\nSee ftp://u:secretpw@h.company/\n";
    std::fs::write(d.join("post"), pelican).unwrap();
    let asciidoc =
        "Content-type: text/asciidoc\nAbstract: a howto\n\nSee ftp://u:secretpw@a.company/\n";
    std::fs::write(d.join("howto.txt"), asciidoc).unwrap();
    let prose = "From here on, see ftp://u:secretpw@p.company/\nmore text\n";
    std::fs::write(d.join("notes"), prose).unwrap();
    // A real message: the first of the archive in tests/data, as an .eml.
    let archive = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/list-sample.mbox"),
    )
    .unwrap();
    let first = archive.split("\nFrom ").next().unwrap();
    let eml = &first[first.find('\n').unwrap() + 1..];
    std::fs::write(d.join("one.eml"), eml).unwrap();
    let r = extract(d, &["howto.txt", "notes", "post"]);
    assert_eq!(field(&r, "format"), ["text", "text", "text"]);
    assert_eq!(
        field(&r, "uri"),
        [
            "ftp://u:****@a.company/",
            "ftp://u:****@p.company/",
            "ftp://u:****@h.company/",
        ]
    );
    let r = extract(d, &["one.eml"]);
    assert!(!r.is_empty() && field(&r, "format").iter().all(|f| *f == "mail"));
    assert!(r.iter().all(|m| m["message_id"].is_string()), "{r:?}");
    // The archive in tests/data is mail by its first lines.
    let mbox = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/list-sample.mbox");
    let r = extract(d, &[mbox.to_str().unwrap()]);
    assert!(!r.is_empty() && field(&r, "format").iter().all(|f| *f == "mail"));
    // The passwords of text files are reported, not skipped as headers.
    let out = urilint()
        .current_dir(d)
        .args([
            "check",
            "--isolated",
            "--format",
            "jsonl",
            "--select",
            "embedded-password",
        ])
        .args(["howto.txt", "notes", "post"])
        .assert()
        .code(1);
    let n = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .count();
    assert_eq!(n, 3);
}

#[test]
fn check_points_into_the_raw_file_and_honours_suppressions() {
    let dir = tempfile::tempdir().unwrap();
    let html = "<p>\n  <a href=\"http://a.company:8081/?x=1&amp;y=2\">a</a>\n  \
                <a href=\"http://b.company:8082/\">b</a> <!-- urilint: ignore[non-default-port] -->\n</p>\n";
    std::fs::write(dir.path().join("p.html"), html).unwrap();
    let out = urilint()
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--select",
            "non-default-port",
            "--format",
            "jsonl",
            "p.html",
        ])
        .assert()
        .code(1);
    let records: Vec<Value> = String::from_utf8(out.get_output().stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    assert_eq!(records[0]["uri"], "http://a.company:8081/?x=1&y=2");
    assert_eq!(
        (records[0]["line"].as_u64(), records[0]["column"].as_u64()),
        (Some(2), Some(12))
    );
    // The human snippet shows the raw line.
    let out = urilint()
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--select",
            "non-default-port",
            "--color",
            "never",
            "p.html",
        ])
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains("p.html:2:12"), "{text}");
    assert!(
        text.contains("<a href=\"http://a.company:8081/?x=1&amp;y=2\">a</a>"),
        "{text}"
    );
}

#[test]
fn a_document_over_the_parse_cap_is_read_as_text_with_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.html");
    let mut big = Vec::with_capacity(65 << 20);
    big.extend_from_slice(b"<p>http://first.company/?a&amp;b</p>\n");
    big.resize((64 << 20) + 10, b' ');
    big.extend_from_slice(b"\nhttp://last.company/\n");
    std::fs::write(&path, big).unwrap();
    let out = urilint()
        .args(["extract", "--isolated"])
        .arg(&path)
        .assert()
        .success();
    assert_eq!(
        out.get_output().stdout,
        b"http://first.company/?a&amp;b\nhttp://last.company/\n"
    );
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("larger than 64 MiB, read as text, not html"),
        "{err}"
    );
}

/// A secret written with markup (`&#101;`, `\_`, `\-`, `<wbr>`) is decoded
/// in the URI and redacted there, and its raw text in snippets too.
#[test]
fn secrets_written_with_markup_never_show() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(
        d.join("s.html"),
        "<p><a href=\"postgres://admin:Xq7sEcr&#101;tP4ss@db.company/x\">db</a>\n\
         amqp://app:pa<wbr>ssw0rdQ@mq.company/ and\n\
         https://api.company/?access_token=abcd&#101;fgh1234567890abcdefXYZ</p>\n",
    )
    .unwrap();
    std::fs::write(
        d.join("s.md"),
        "See [db](postgres://admin:Xq7sEcr\\_etP4ss@db.company/x).\n\n[r]: https://u:refpassw0rd@git.company/\n",
    )
    .unwrap();
    std::fs::write(
        d.join("s.1"),
        ".TH S 1\nUse \\fIpostgres://admin:pa\\-ss\\-word9@db.company/\\fR.\n",
    )
    .unwrap();
    for args in EVERY_OUTPUT {
        let all = output_of(d, args, &["s.html", "s.md", "s.1"]);
        for secret in [
            "Xq7sEcr",
            "tP4ss",
            "ssw0rdQ",
            "fgh1234567890",
            "refpassw0rd",
            "word9",
        ] {
            assert!(!all.contains(secret), "{secret} in {args:?}:\n{all}");
        }
        assert!(all.contains("****"), "{args:?}: {all}");
    }
}

/// Every way urilint writes a URI: check in each format, and extract.
const EVERY_OUTPUT: [&[&str]; 6] = [
    &["check", "--isolated", "--color", "never"],
    &["check", "--isolated", "--format", "json"],
    &["check", "--isolated", "--format", "jsonl"],
    &["check", "--isolated", "--format", "sarif"],
    &["check", "--isolated", "--format", "github"],
    &["extract", "--isolated", "--format", "jsonl"],
];

/// What urilint writes, stdout then stderr, run in `dir` on `files`.
fn output_of(dir: &Path, args: &[&str], files: &[&str]) -> String {
    let out = urilint()
        .current_dir(dir)
        .args(args)
        .args(files)
        .output()
        .unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Secrets a red-team found split from their URI by markup, a line break
/// a format joins, or a space in `<...>`: each is decoded whole or
/// redacted where it is written (SPEC sections 9 and 10).
#[test]
fn secrets_split_by_markup_or_line_breaks_never_show() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "a1.html",
            "<a href=\"https://u:Qz7vK2mP9x&#10;@company.com/\">x</a>\n",
            &["Qz7vK2mP9x"],
        ),
        (
            "a2.html",
            "<a href=\"https://ghp_Wm4nB8cR2tWm4nB8cR2t\n@github.com/o/r\">x</a>\n",
            &["Wm4nB8cR2t"],
        ),
        (
            "a3.md",
            "[x](https://u:Hj6tY3&#10;pL0qAz@company.com/)\n",
            &["Hj6tY3", "pL0qAz"],
        ),
        (
            "a4.rst",
            "see x_\n\n.. _x: https://u:Rt5yU8\n   iO2pLk@company.com/\n",
            &["Rt5yU8", "iO2pLk"],
        ),
        (
            "a5.1",
            ".TH X 1\n.SH D\n.UR https://u:Vb7nM2\\\nkL9pQx@company.com/\n.UE\n",
            &["Vb7nM2", "kL9pQx"],
        ),
        (
            "a6.html",
            "<p>https://u:Zx8cV4<!---->bN3mQw@company.com/</p>\n",
            &["Zx8cV4", "bN3mQw"],
        ),
        (
            "b1.txt",
            "see <https://x.company/?access_token=Pq2wE7 rT5yU9>\n",
            &["Pq2wE7", "rT5yU9"],
        ),
        (
            "b2.md",
            "see <https://u: Gh4jK7lM2nB8@company.com/>\n",
            &["Gh4jK7lM2nB8"],
        ),
        (
            "b3.html",
            "<a href=\"https://x.company/?access_token=Ty6uI1&#10;oP3aS5\">x</a>\n",
            &["Ty6uI1", "oP3aS5"],
        ),
        (
            "b4.html",
            "<p>https://x.company/?api_key=Df5gH8<!-- x -->jK2lZ4</p>\n",
            &["Df5gH8", "jK2lZ4"],
        ),
        (
            "b5.md",
            "see http://company.com:25/ `postgres://u:Xc3vB6\nnM9qW2@db.company.com/`\n",
            &["Xc3vB6"],
        ),
        (
            "b7.txt",
            "see <https://hooks.slack.com/services/T000/ B000/Nb5vC8xZ2aS4>\n",
            &["Nb5vC8xZ2aS4"],
        ),
        (
            "d1.txt",
            "see https://u%3ASd8fG1hJ4kL7@company.com/\n",
            &["Sd8fG1hJ4kL7"],
        ),
        // Cut by a line break: what is left of the password reads as a port.
        (
            "e1.txt",
            "see https://u:ejaJd\nieEAz48@company.com/ now\n",
            &["ejaJd"],
        ),
        (
            "e2.json",
            "{\"u\": \"https://u:VibCE\\nK32TqqL@company.com/\"}\n",
            &["VibCE"],
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, text, secrets) in cases {
        std::fs::write(dir.path().join(name), text).unwrap();
        for args in EVERY_OUTPUT {
            let all = output_of(dir.path(), args, &[name]);
            for secret in *secrets {
                assert!(
                    !all.contains(secret),
                    "{secret} of {name} in {args:?}:\n{all}"
                );
            }
        }
    }
}

/// A lone CR ends a line for suppressions as it does for findings.
#[test]
fn suppressions_count_lone_cr_lines() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("cr.txt"),
        "intro\rsee http://x.company:99999/ urilint: ignore[invalid-port]\rand http://y.company:99999/\r",
    )
    .unwrap();
    let out = urilint()
        .current_dir(dir.path())
        .args([
            "check",
            "--isolated",
            "--select",
            "invalid-port",
            "--format",
            "jsonl",
            "cr.txt",
        ])
        .assert()
        .code(1);
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let records: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 1, "{text}");
    assert_eq!(
        (records[0]["line"].as_u64(), records[0]["uri"].as_str()),
        (Some(3), Some("http://y.company:99999/"))
    );
}
