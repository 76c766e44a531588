//! `extract` as the last step of a link-list pipeline (issue 15): filters,
//! `--count`, `--sort`, csv and tsv, `--fields`, `[extract]` in config, and
//! redaction through each of them.

use std::collections::HashMap;
use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

/// `urilint extract` in `dir`, isolated from any config.
fn extract(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("urilint").unwrap();
    cmd.current_dir(dir).args(["extract", "--isolated"]);
    cmd
}

/// The stdout of `urilint extract ARGS` in `dir`, which must exit 0.
fn run(dir: &Path, args: &[&str]) -> String {
    let out = extract(dir).args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn lines(s: &str) -> Vec<&str> {
    s.lines().collect()
}

fn jsonl(s: &str) -> Vec<Value> {
    s.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

const MIXED: &str = "\
Docs at https://docs.example.org/guide and http://docs.example.org/old.
Mirror: ftp://ftp.example.net/pub/ and https://EXAMPLE.org/Home.
Write to mailto:list@example.org or see https://cdn.acme.net/a.png.
Again https://docs.example.org/guide and https://www.example.org/private/x.
";

fn mixed() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("links.txt"), MIXED).unwrap();
    dir
}

/// Each filter alone, and combined: kinds with AND, values of one kind
/// with OR.
#[test]
fn filters_alone_and_combined() {
    let dir = mixed();
    let d = dir.path();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["--scheme", "https"],
            &[
                "https://docs.example.org/guide",
                "https://EXAMPLE.org/Home",
                "https://cdn.acme.net/a.png",
                "https://docs.example.org/guide",
                "https://www.example.org/private/x",
            ],
        ),
        // A list, in any case, with the colon.
        (
            &["--scheme", "FTP:,mailto"],
            &["ftp://ftp.example.net/pub/", "mailto:list@example.org"],
        ),
        // The host is matched normalized; `*.` needs a label before it.
        (&["--host", "example.org"], &["https://EXAMPLE.org/Home"]),
        (
            &["--host", "*.example.org"],
            &[
                "https://docs.example.org/guide",
                "http://docs.example.org/old",
                "https://docs.example.org/guide",
                "https://www.example.org/private/x",
            ],
        ),
        (
            &["--host", "*.net", "--host", "example.org"],
            &[
                "ftp://ftp.example.net/pub/",
                "https://EXAMPLE.org/Home",
                "https://cdn.acme.net/a.png",
            ],
        ),
        (
            &["--match", r"\.png$", "--match", "^ftp:"],
            &["ftp://ftp.example.net/pub/", "https://cdn.acme.net/a.png"],
        ),
        // A regex is matched as written: `(?i)` for any case.
        (
            &["--exclude-match", "example", "--exclude-match", "acme"],
            &["https://EXAMPLE.org/Home"],
        ),
        (
            &["--exclude-match", "(?i)example", "--exclude-match", "acme"],
            &[],
        ),
        (
            &[
                "--scheme",
                "https",
                "--host",
                "*.example.org",
                "--exclude-match",
                "/private/",
            ],
            &[
                "https://docs.example.org/guide",
                "https://docs.example.org/guide",
            ],
        ),
        (
            &["--scheme", "https", "--unique", "--match", "docs"],
            &["https://docs.example.org/guide"],
        ),
    ];
    for (args, want) in cases {
        let mut all = args.to_vec();
        all.push("links.txt");
        assert_eq!(lines(&run(d, &all)), *want, "{args:?}");
    }
}

/// A host glob matches IP literals without their brackets, names in any
/// case or script (as A-labels) and with a trailing dot.
#[test]
fn host_globs_match_literals_and_international_names() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("hosts.txt"),
        "http://[2001:db8::1]:8080/x https://B%C3%BCcher.example/a \
         https://Bücher.example./b https://xn--bcher-kva.example/c http://example.org./d\n",
    )
    .unwrap();
    let bucher = [
        "https://B%C3%BCcher.example/a",
        "https://Bücher.example./b",
        "https://xn--bcher-kva.example/c",
    ];
    let cases: &[(&str, &[&str])] = &[
        ("[2001:db8::1]", &["http://[2001:db8::1]:8080/x"]),
        ("2001:db8::*", &["http://[2001:db8::1]:8080/x"]),
        ("BÜCHER.example", &bucher),
        ("xn--bcher-kva.example", &bucher),
        ("*.example", &bucher),
        ("example.org", &["http://example.org./d"]),
    ];
    for (glob, want) in cases {
        assert_eq!(
            lines(&run(dir.path(), &["--host", glob, "hosts.txt"])),
            *want,
            "{glob}"
        );
    }
}

/// Bad filter values are usage errors that say which value.
#[test]
fn bad_filters_are_usage_errors() {
    let dir = mixed();
    for (args, message) in [
        (
            &["--scheme", "ht tp"][..],
            "urilint: --scheme: `ht tp` is not a scheme name (RFC 3986 s3.1)\n",
        ),
        (&["--match", "("], "urilint: --match: unclosed group\n"),
        (
            &["--host", ""],
            "urilint: --host: an empty glob matches no host\n",
        ),
        (
            &["--host", "[a"],
            "urilint: --host: `[a`: unclosed character class; missing ']'\n",
        ),
        (
            &["--fields", "uri"],
            "urilint: --fields needs --format csv, tsv or jsonl\n",
        ),
        (
            &["--format", "csv", "--fields", "count"],
            "urilint: --fields: `count` needs --count\n",
        ),
        (
            &["--format", "jsonl", "--fields", "uri,key"],
            "urilint: --fields: `key` needs --count\n",
        ),
        (
            &["--format", "jsonl", "--fields", "+key"],
            "urilint: --fields: `+key` needs --count\n",
        ),
    ] {
        let out = extract(dir.path())
            .args(args)
            .arg("links.txt")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), message, "{args:?}");
        assert!(out.stdout.is_empty());
    }
}

/// `[extract]` in config filters as the flags do; a flag replaces its
/// key; a bad value names the file and the key.
#[test]
fn filters_in_config() {
    let dir = mixed();
    let d = dir.path();
    std::fs::write(
        d.join("urilint.toml"),
        "[extract]\nscheme = [\"https\"]\nexclude-match = ['/private/', 'acme']\n",
    )
    .unwrap();
    let configured = |args: &[&str]| {
        let out = Command::cargo_bin("urilint")
            .unwrap()
            .current_dir(d)
            .arg("extract")
            .args(args)
            .arg("links.txt")
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    assert_eq!(
        lines(&configured(&[])),
        [
            "https://docs.example.org/guide",
            "https://EXAMPLE.org/Home",
            "https://docs.example.org/guide"
        ]
    );
    assert_eq!(
        lines(&configured(&["--scheme", "ftp"])),
        ["ftp://ftp.example.net/pub/"]
    );
    // One value for a list of one.
    std::fs::write(d.join("urilint.toml"), "[extract]\nscheme = \"mailto\"\n").unwrap();
    assert_eq!(lines(&configured(&[])), ["mailto:list@example.org"]);
    // A bad value is an error naming the file and the key.
    let failing = |toml: &str| {
        std::fs::write(d.join("urilint.toml"), toml).unwrap();
        let out = Command::cargo_bin("urilint")
            .unwrap()
            .current_dir(d)
            .args(["extract", "links.txt"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{toml}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    // The file named as found from the working folder.
    assert_eq!(
        failing("[extract]\nmatch = ['(']\n"),
        "urilint: urilint.toml: `[extract]` match: unclosed group\n"
    );
    let unknown = failing("[extract]\nhosts = ['a']\n");
    assert!(unknown.contains("unknown field `hosts`"), "{unknown}");
}

/// What a slow reference makes of the plain list: per normalized URI,
/// its count, the files or messages it is in, and its first and last
/// places, in order of first position.
#[derive(Debug, PartialEq)]
struct Counted {
    uri: String,
    count: u64,
    files: u64,
    first: (String, u64, u64),
    last: (String, u64, u64),
}

fn reference(records: &[Value]) -> Vec<Counted> {
    let mut out: Vec<Counted> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    let mut seen_units: HashMap<String, std::collections::HashSet<u64>> = HashMap::new();
    // A unit is a file, or a message of an archive: a new one starts where
    // the path or the message changes.
    let mut unit = 0u64;
    let mut previous: Option<(Value, Value, Value)> = None;
    for r in records {
        let id = (
            r["path"].clone(),
            r["message_id"].clone(),
            r["date"].clone(),
        );
        if previous.as_ref() != Some(&id) {
            unit += 1;
            previous = Some(id);
        }
        let uri = r["uri"].as_str().unwrap().to_string();
        let place = (
            r["path"].as_str().unwrap().to_string(),
            r["line"].as_u64().unwrap(),
            r["column"].as_u64().unwrap(),
        );
        let units = seen_units.entry(uri.clone()).or_default();
        units.insert(unit);
        match at.get(&uri) {
            Some(&i) => {
                out[i].count += 1;
                out[i].files = units.len() as u64;
                out[i].last = place;
            }
            None => {
                at.insert(uri.clone(), out.len());
                out.push(Counted {
                    uri,
                    count: 1,
                    files: 1,
                    first: place.clone(),
                    last: place,
                });
            }
        }
    }
    out
}

fn counted(records: &[Value]) -> Vec<Counted> {
    let place = |p: &Value| {
        (
            p["path"].as_str().unwrap().to_string(),
            p["line"].as_u64().unwrap(),
            p["column"].as_u64().unwrap(),
        )
    };
    records
        .iter()
        .map(|r| Counted {
            uri: r["uri"].as_str().unwrap().to_string(),
            count: r["count"].as_u64().unwrap(),
            files: r["files"].as_u64().unwrap(),
            first: place(&r["first"]),
            last: place(&r["last"]),
        })
        .collect()
}

/// `--count` and each `--sort` against the reference, over `args`.
fn counts_match_the_reference(dir: &Path, args: &[&str]) {
    let with = |more: &[&str]| {
        let mut all = vec!["--normalize", "--format", "jsonl"];
        all.extend(more);
        all.extend(args);
        jsonl(&run(dir, &all))
    };
    let want = reference(&with(&[]));
    assert!(want.len() > 10, "{args:?}: {} URIs", want.len());
    assert!(want.iter().any(|c| c.count > 1 && c.files > 1));
    assert_eq!(counted(&with(&["--count"])), want, "{args:?}");
    // `--count` plain: COUNT<TAB>URI, in order of first position.
    let mut all = vec!["--normalize", "--count"];
    all.extend(args);
    let plain = run(dir, &all);
    let expected: Vec<String> = want
        .iter()
        .map(|c| format!("{}\t{}", c.count, c.uri))
        .collect();
    assert_eq!(lines(&plain), expected, "{args:?}");

    // Most frequent first, ties in order of first position.
    let mut by_count: Vec<&Counted> = want.iter().collect();
    by_count.sort_by_key(|c| std::cmp::Reverse(c.count));
    let got = counted(&with(&["--count", "--sort", "count"]));
    assert_eq!(got.iter().collect::<Vec<_>>(), by_count, "{args:?}");
    // Byte-wise on the normalized form.
    let mut by_uri: Vec<&Counted> = want.iter().collect();
    by_uri.sort_by(|a, b| a.uri.as_bytes().cmp(b.uri.as_bytes()));
    let got = counted(&with(&["--count", "--sort", "uri"]));
    assert_eq!(got.iter().collect::<Vec<_>>(), by_uri, "{args:?}");
    // By host, ties in order of first position.
    let host = |u: &str| -> String {
        u.split_once("://")
            .map(|(_, rest)| {
                let authority = rest.split(['/', '?', '#']).next().unwrap();
                let host = authority.rsplit('@').next().unwrap();
                match host.rfind(':') {
                    Some(k) if !host.ends_with(']') => host[..k].to_string(),
                    _ => host.to_string(),
                }
            })
            .unwrap_or_default()
    };
    let mut by_host: Vec<&Counted> = want.iter().collect();
    by_host.sort_by_key(|c| host(&c.uri));
    let got = counted(&with(&["--count", "--sort", "host"]));
    assert_eq!(got.iter().collect::<Vec<_>>(), by_host, "{args:?}");
    // Without --unique, every URI, sorted.
    let mut all = vec!["--normalize", "--sort", "uri"];
    all.extend(args);
    let mut plain: Vec<String> = with(&[])
        .iter()
        .map(|r| r["uri"].as_str().unwrap().to_string())
        .collect();
    plain.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    assert_eq!(lines(&run(dir, &all)), plain, "{args:?}");
}

#[test]
fn counts_and_sorts_over_a_tree() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir_all(d.join("docs/sub")).unwrap();
    for i in 0..12 {
        let text = format!(
            "# Page {i}\n\nSee [home](https://Example.org/) and <https://example.org:443/>.\n\
             Also https://host{h}.example.net/p{i} and https://www.example.com/{j}.\n\
             Mail mailto:team@example.org.\n",
            h = i % 3,
            j = i % 4
        );
        let name = if i % 2 == 0 {
            format!("docs/p{i}.md")
        } else {
            format!("docs/sub/p{i}.txt")
        };
        std::fs::write(d.join(name), text).unwrap();
    }
    counts_match_the_reference(d, &["docs"]);
    // Two threads give the same list.
    let one = run(d, &["--count", "--format", "jsonl", "-j1", "docs"]);
    let two = run(d, &["--count", "--format", "jsonl", "-j2", "docs"]);
    assert_eq!(one, two);
}

#[test]
fn counts_and_sorts_over_an_mbox() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    counts_match_the_reference(&data, &["list-sample.mbox"]);
    // Mail records name the first and last message and when it was sent.
    let rows = jsonl(&run(
        &data,
        &["--count", "--format", "jsonl", "list-sample.mbox"],
    ));
    let seen_twice = rows
        .iter()
        .find(|r| r["files"].as_u64().unwrap() > 1)
        .unwrap();
    for key in ["first", "last"] {
        assert!(seen_twice[key]["message_id"].is_string(), "{seen_twice}");
        assert!(seen_twice[key]["date"].is_string(), "{seen_twice}");
    }
    assert_ne!(
        seen_twice["first"]["message_id"],
        seen_twice["last"]["message_id"]
    );
}

/// A mail archive whose subjects hold commas, quotes and a line break (an
/// encoded word, RFC 2047), and a password.
const TRICKY: &str = "From a@example.org Mon Jan  1 00:00:00 2024\n\
Message-ID: <one@example.org>\n\
Date: Mon, 1 Jan 2024 00:00:00 +0000\n\
Subject: Links, \"quoted\" and more ?token=hunter2\n\
\n\
See https://docs.example.org/a,b and https://admin:hunter2@db.example.org/x\n\
\n\
From b@example.org Tue Jan  2 00:00:00 2024\n\
Message-ID: <two@example.org>\n\
Date: Tue, 2 Jan 2024 00:00:00 +0000\n\
Subject: =?utf-8?Q?first_line=0Asecond=09tab?=\n\
\n\
Again https://docs.example.org/a,b and https://admin:hunter2@db.example.org/x\n";

/// Relative references resolved with `--base` are normalized with
/// `--normalize`, and fold with the URIs they equal.
#[test]
fn resolved_references_count_with_the_uris_they_equal() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("n.html"),
        "<a href=\"HTTPS://Ent.Example/%7efoo/./bar\">a</a> <a href=\"https://ent.example/~foo/bar\">b</a>\n\
         <a href=\"/%7efoo/./bar\">c</a> <a href=\"%7efoo/bar\">d</a> <a href=\"other.html\">e</a>\n",
    )
    .unwrap();
    let args = [
        "--relative",
        "--base",
        "HTTPS://ENT.example/",
        "--normalize",
        "--count",
        "n.html",
    ];
    assert_eq!(
        lines(&run(dir.path(), &args)),
        [
            "4\thttps://ent.example/~foo/bar",
            "1\thttps://ent.example/other.html"
        ]
    );
}

/// csv and tsv read back with the `csv` crate give the jsonl records'
/// fields, whatever the subjects hold.
#[test]
fn csv_and_tsv_read_back() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("list.mbox"), TRICKY).unwrap();
    let records = jsonl(&run(dir.path(), &["--format", "jsonl", "list.mbox"]));
    assert_eq!(records.len(), 4);
    assert_eq!(
        records[1]["subject"],
        "Links, \"quoted\" and more ?token=****"
    );
    assert_eq!(records[3]["subject"], "first line\nsecond\ttab");
    for (format, delimiter) in [("csv", b','), ("tsv", b'\t')] {
        let text = run(dir.path(), &["--format", format, "list.mbox"]);
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .from_reader(text.as_bytes());
        let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
        assert_eq!(
            header,
            [
                "path",
                "line",
                "column",
                "start",
                "end",
                "uri",
                "delimiter",
                "flags",
                "format",
                "reference",
                "message_id",
                "date",
                "subject",
                "part",
                "part_line"
            ]
        );
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), records.len(), "{format}");
        for (row, record) in rows.iter().zip(&records) {
            for (name, cell) in header.iter().zip(row.iter()) {
                let want = match &record[name.as_str()] {
                    Value::Null => String::new(),
                    Value::String(s) => s.clone(),
                    Value::Array(a) => a
                        .iter()
                        .map(|v| v.as_str().unwrap())
                        .collect::<Vec<_>>()
                        .join(" "),
                    v => v.to_string(),
                };
                assert_eq!(cell, want, "{format} {name}");
            }
        }
    }
    // --fields picks columns, in its order; `first` is its columns.
    let text = run(
        dir.path(),
        &[
            "--format",
            "csv",
            "--count",
            "--fields",
            "uri,count,files,first.message_id,last",
            "list.mbox",
        ],
    );
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(
        reader.headers().unwrap(),
        vec![
            "uri",
            "count",
            "files",
            "first.message_id",
            "last.path",
            "last.line",
            "last.column",
            "last.start",
            "last.end",
            "last.message_id",
            "last.date",
            "last.subject"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let first: Vec<&str> = rows[0].iter().collect();
    assert_eq!(
        first[..4],
        ["https://docs.example.org/a,b", "2", "2", "one@example.org"]
    );
    assert_eq!(
        first[9..],
        [
            "two@example.org",
            "Tue, 2 Jan 2024 00:00:00 +0000",
            "first line\nsecond\ttab"
        ]
    );
    // `first` keeps its fields' order.
    let text = run(
        dir.path(),
        &[
            "--format",
            "jsonl",
            "--count",
            "--fields",
            "uri,first",
            "list.mbox",
        ],
    );
    assert!(
        lines(&text)[0].starts_with(
            r#"{"uri":"https://docs.example.org/a,b","first":{"path":"list.mbox","line":6,"column":5,"start":"#
        ),
        "{text}"
    );
    // jsonl --fields: the keys asked for, in order.
    let text = run(
        dir.path(),
        &[
            "--format",
            "jsonl",
            "--count",
            "--fields",
            "count,uri,first.date",
            "list.mbox",
        ],
    );
    assert_eq!(
        lines(&text)[0],
        r#"{"count":2,"uri":"https://docs.example.org/a,b","first":{"date":"Mon, 1 Jan 2024 00:00:00 +0000"}}"#
    );
}

/// No password reaches any new output: csv, tsv, counts, sorts, and a
/// filter on it finds nothing.
#[test]
fn redaction_holds_through_every_list() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("list.mbox"), TRICKY).unwrap();
    std::fs::write(
        dir.path().join("page.md"),
        "[db](https://admin:hunter2@db.example.org/x) and \
         [rel](../x.html?token=hunter2) <https://u:hunter2@h.example.org/>\n",
    )
    .unwrap();
    // Network-path references (RFC 3986 s4.2), and with the backslashes a
    // browser reads as slashes.
    std::fs::write(
        dir.path().join("page.html"),
        "<a href=\"//deploy:Qz7vK2np@np.example/x\">a</a>\n\
         <a href=\"\\\\back:Qz7vK2np@np.example/\">b</a>\n\
         <a href=\"/\\mixed:Qz7vK2np@np.example/\">c</a>\n",
    )
    .unwrap();
    let mut runs = 0;
    for format in ["plain", "jsonl", "csv", "tsv"] {
        for extra in [
            &[][..],
            &["--count"],
            &["--count", "--sort", "uri"],
            &["--unique", "--sort", "host"],
            &["--sort", "count"],
            &["--relative", "--base", "https://x.org/", "--count"],
        ] {
            for input in ["list.mbox", "page.md", "page.html", "."] {
                let mut args = vec!["--format", format];
                args.extend(extra);
                args.push(input);
                let out = run(dir.path(), &args);
                assert!(!out.contains("hunter2"), "{args:?}: {out}");
                assert!(!out.contains("Qz7vK2np"), "{args:?}: {out}");
                // page.html holds only relative references.
                if input != "page.html" || args.contains(&"--relative") {
                    assert!(out.contains("****"), "{args:?}: {out}");
                    runs += 1;
                }
            }
        }
    }
    assert_eq!(runs, 76);
    // `check` names such a reference and shows its line, redacted.
    for format in ["human", "jsonl", "sarif", "github"] {
        let out = Command::cargo_bin("urilint")
            .unwrap()
            .current_dir(dir.path())
            .args([
                "--isolated",
                "--color",
                "never",
                "--format",
                format,
                "page.html",
            ])
            .output()
            .unwrap();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(all.contains("back:****@np.example"), "{format}: {all}");
        // (The rules' own docs in SARIF show `hunter2` as an example.)
        assert!(!all.contains("Qz7vK2np"), "{format}: {all}");
    }
    // A filter sees the redacted URI: the password matches nothing.
    assert_eq!(run(dir.path(), &["--match", "hunter2", "."]), "");
    assert_eq!(
        lines(&run(dir.path(), &["--unique", "--match", "admin:", "."])),
        ["https://admin:****@db.example.org/x"]
    );
}

/// `--fields key` gives the form `--count` folds by: normalized (RFC 3986
/// s6.2.2, s6.2.3) and redacted, so counts of several runs (the Spark
/// job's slices) merge as one run's would. Asked for by name only, with
/// --count (the refusal is among `bad_filters_are_usage_errors`' cases).
#[test]
fn the_key_a_count_folds_by() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("k.txt"),
        "HTTP://Acme.NET:80/%7ea and http://acme.net/~a\nftp://u:hunter2@ftp.acme.net/x\n",
    )
    .unwrap();
    let text = run(
        dir.path(),
        &[
            "--format",
            "jsonl",
            "--count",
            "--fields",
            "uri,count,key",
            "k.txt",
        ],
    );
    assert_eq!(
        text,
        "{\"uri\":\"HTTP://Acme.NET:80/%7ea\",\"count\":2,\"key\":\"http://acme.net/~a\"}\n\
         {\"uri\":\"ftp://u:****@ftp.acme.net/x\",\"count\":1,\"key\":\"ftp://u:****@ftp.acme.net/x\"}\n"
    );
    // `+key`: each row as `--count` prints it, byte for byte, then its key
    // (one run gives the Spark job both); in a table, the last column.
    let whole = run(dir.path(), &["--format", "jsonl", "--count", "k.txt"]);
    let plus = run(
        dir.path(),
        &["--format", "jsonl", "--count", "--fields", "+key", "k.txt"],
    );
    let keys = ["http://acme.net/~a", "ftp://u:****@ftp.acme.net/x"];
    let want: String = whole
        .lines()
        .zip(keys)
        .map(|(line, key)| format!("{},\"key\":\"{key}\"}}\n", line.strip_suffix('}').unwrap()))
        .collect();
    assert_eq!(plus, want);
    let csv = run(
        dir.path(),
        &["--format", "csv", "--count", "--fields", "+key", "k.txt"],
    );
    assert!(
        csv.starts_with("path,line,column,start,end,uri,delimiter,flags,format,reference,message_id,date,subject,part,part_line,count,files,first.path,"),
        "{csv}"
    );
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .ends_with(",last.date,last.subject,key"),
        "{csv}"
    );
    assert!(
        csv.lines().nth(1).unwrap().ends_with(",http://acme.net/~a"),
        "{csv}"
    );
}

/// A table of `--count` shows by default what a list's link report needs
/// (issue 34): count, files, the URI, where and when it first appeared and
/// in which thread, and when it was last seen; `first.subject` and
/// `last.subject` are fields of jsonl's `first` and `last` too.
#[test]
fn a_count_table_shows_the_report_columns_by_default() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let csv = run(
        dir,
        &[
            "--format",
            "csv",
            "--count",
            "--sort",
            "count",
            "tests/data/list-sample.mbox",
        ],
    );
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "count,files,uri,first.path,first.line,first.date,first.subject,last.date"
    );
    assert_eq!(
        lines.next().unwrap(),
        "6,3,https://groups.google.com/group/jailhouse-dev/subscribe,tests/data/list-sample.mbox,122,\
         \"Sun, 28 Apr 2019 01:18:04 -0700\",[siemens/jailhouse] 29796b: ci: Work around incomplete \
         ca-chain of scan.coveri...,\"Sun, 28 Apr 2019 12:45:32 -0700 (PDT)\""
    );
    let jsonl = run(
        dir,
        &[
            "--format",
            "jsonl",
            "--count",
            "--sort",
            "count",
            "tests/data/list-sample.mbox",
        ],
    );
    let top: Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!(
        top["first"]["subject"],
        "[siemens/jailhouse] 29796b: ci: Work around incomplete ca-chain of scan.coveri..."
    );
    assert!(top["last"]["subject"].is_string());
    // `--fields` still names any column, `last.subject` among them.
    let csv = run(
        dir,
        &[
            "--format",
            "csv",
            "--count",
            "--fields",
            "uri,last.subject",
            "tests/data/list-sample.mbox",
        ],
    );
    assert_eq!(csv.lines().next().unwrap(), "uri,last.subject");
}
