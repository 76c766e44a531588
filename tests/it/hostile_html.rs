//! HTML that would take the tokenizer's recursion past any stack: read as
//! text, never a crash. Apart from `adversarial.rs`, whose memory test
//! counts the peak of every child its binary runs.

use std::process::{Command, Stdio};

#[test]
fn a_tag_of_millions_of_attributes_is_read_as_text() {
    // html5gum goes a call deeper for each quoted attribute value of a
    // tag: 27,000 overflowed a main thread's 8 MiB (one input is read on
    // the main thread) and 2,000,000 a worker's 256 MiB, and the process
    // aborted, taking the other files with it. Such a document is read as
    // text: its URIs are still found. A file, standard input and a mail's
    // HTML part, alone and in a tree, under -j1 and the default.
    let dir = tempfile::tempdir().unwrap();
    for (name, values) in [("a.html", 60_000), ("b.html", 2_000_000)] {
        let attrs = " a=\"x\"".repeat(values);
        let html = format!("<p{attrs}>see http://example.com/{name}</p>\n");
        std::fs::write(dir.path().join(name), html).unwrap();
    }
    let small = " a=\"x\"".repeat(60_000);
    std::fs::write(
        dir.path().join("c.mbox"),
        format!(
            "From a@b Mon Jan  1 00:00:00 2024\nMessage-ID: <1@b>\nContent-Type: text/html\n\n\
             <p{small}>see http://example.com/c.mbox</p>\n"
        ),
    )
    .unwrap();
    let path = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let (a, b, c, tree) = (path("a.html"), path("b.html"), path("c.mbox"), path(""));
    let uri = |n: &str| format!("http://example.com/{n}\n");
    let cases: [(Vec<&str>, bool, String); 6] = [
        (vec!["extract", &a], false, uri("a.html")),
        (vec!["extract", "-j1", &b], false, uri("b.html")),
        (
            vec!["extract", "-j1", "--input", "html", "-"],
            true,
            uri("a.html"),
        ),
        (vec!["extract", &c], false, uri("c.mbox")),
        (vec!["extract", "-j1", &c], false, uri("c.mbox")),
        (
            vec!["extract", &tree],
            false,
            uri("a.html") + &uri("b.html") + &uri("c.mbox"),
        ),
    ];
    for (args, stdin, want) in cases {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
            .arg(args[0])
            .arg("--isolated")
            .args(&args[1..])
            .stdin(if stdin { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        if let Some(mut input) = child.stdin.take() {
            let html = std::fs::read(dir.path().join("a.html")).unwrap();
            std::io::Write::write_all(&mut input, &html).unwrap();
        }
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), want, "{args:?}");
    }
}

#[test]
fn a_stray_quote_hides_no_attribute_from_the_guard() {
    // The guard once took every quote for one that opens a value: a `'`
    // in a name, an unquoted value or text then hid the `"`-quoted values
    // after it, and 30,000 of them overflowed the main thread's stack
    // (one input, or every file under -j1). A quote opens a value only
    // after `=`.
    let dir = tempfile::tempdir().unwrap();
    let values = " a=\"1\"".repeat(30_000);
    let docs = [
        (
            "name.html",
            format!("<p x'y{values} z'>see http://example.com/name</p>\n"),
        ),
        (
            "value.html",
            format!("<p x=a'{values} y=b'>see http://example.com/value</p>\n"),
        ),
        (
            "text.html",
            format!("1 <' x <p{values}>' see http://example.com/text\n"),
        ),
    ];
    for (name, html) in &docs {
        std::fs::write(dir.path().join(name), html).unwrap();
    }
    let tree = dir.path().to_str().unwrap().to_string();
    let file = dir.path().join("value.html").to_str().unwrap().to_string();
    for args in [
        vec!["extract", "-j1", tree.as_str()],
        vec!["extract", file.as_str()],
        vec!["check", "-j1", "--format", "jsonl", tree.as_str()],
    ] {
        let out = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
            .arg(args[0])
            .arg("--isolated")
            .args(&args[1..])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{args:?}: {stderr}"
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        if args[0] == "extract" && args.len() == 3 {
            assert_eq!(
                stdout,
                "http://example.com/name\nhttp://example.com/text\nhttp://example.com/value\n",
                "{args:?}"
            );
        } else if args[0] == "extract" {
            assert_eq!(stdout, "http://example.com/value\n", "{args:?}");
        }
    }
}
