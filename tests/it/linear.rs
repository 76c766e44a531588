//! Every output path takes time linear in its input (issue 14): each case
//! is run at two sizes, and the ratio of the times must stay far below the
//! square of the ratio of the sizes.

use std::time::Duration;

use crate::common;

use assert_cmd::Command;

/// The processor time of `urilint ARGS FILE` on `text` (a file named
/// `name`), the best of three; it must exit with `code`. Processor time,
/// not wall time: the tests of this file run side by side on two cores.
fn time(args: &[&str], name: &str, text: &str, code: i32) -> Duration {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    std::fs::write(&path, text).unwrap();
    (0..3)
        .map(|_| {
            let used = common::measured(
                std::process::Command::new(assert_cmd::cargo::cargo_bin("urilint"))
                    .args(args)
                    .arg(&path)
                    .stdout(std::process::Stdio::null())
                    .stderr(std::process::Stdio::null()),
            );
            assert_eq!(used.code, code, "{args:?} {name}");
            used.cpu
        })
        .min()
        .unwrap()
}

/// Asserts `make(4n)` takes at most 8x the time of `make(n)`: linear work
/// gives about 4x, quadratic 16x.
fn linear(args: &[&str], n: usize, make: impl Fn(usize) -> String) {
    linear_in(args, "input.txt", 0, n, make)
}

/// [`linear`] for a file named `name`, exiting with `code`.
fn linear_in(args: &[&str], name: &str, code: i32, n: usize, make: impl Fn(usize) -> String) {
    let small = time(args, name, &make(n), code);
    let large = time(args, name, &make(4 * n), code);
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-3);
    assert!(
        ratio < 8.0,
        "{args:?}: {small:?} for {n}, {large:?} for {}: {ratio:.1}x",
        4 * n
    );
}

#[test]
fn a_suppression_on_every_line() {
    linear(&["check", "--select", "non-default-port"], 20_000, |n| {
        (0..n)
            .map(|i| {
                format!("line {i} http://h{i}.acme.net:8081/x urilint: ignore[non-default-port]\n")
            })
            .collect()
    });
}

/// Thousands of URIs on one line: each source line under a diagnostic is
/// read around its URI, not from the line's start (minified HTML and JSON,
/// lone-CR line ends). It took 12.7 s for 12,000 URIs.
#[test]
fn source_lines_of_thousands_of_findings_on_one_line() {
    let args = ["check", "--format", "human", "--color", "never"];
    linear_in(&args, "one-line.txt", 1, 1_500, |n| {
        (0..n)
            .map(|i| format!("http://h{i}.acme.net:81/x "))
            .collect()
    });
    linear_in(&args, "lone-cr.txt", 1, 1_500, |n| {
        (0..n)
            .map(|i| format!("see http://h{i}.acme.net:81/x\r"))
            .collect()
    });
    linear_in(&args, "minified.html", 1, 1_500, |n| {
        (0..n)
            .map(|i| format!("<a href=\"http://h{i}.acme.net:81/x\">{i}</a>"))
            .collect()
    });
}

/// Thousands of link findings on one line: each source line is read from
/// the file around its link.
#[test]
fn source_lines_of_thousands_of_broken_links_on_one_line() {
    // Every link of the file fails: strict, or the model-fit gate would
    // leave them all unchecked as one group (SPEC section 11b).
    let args = [
        "check", "--links", "strict", "--format", "human", "--color", "never",
    ];
    linear_in(&args, "links.md", 1, 1_500, |n| {
        (0..n).map(|i| format!("[{i}](missing-{i}.md) ")).collect()
    });
}

/// A suppression at the end of a line holding more findings than any
/// buffer: every one of them waits for it, and all are silenced (799 of
/// 5,000 were reported before). Both sizes are well past the 16,384
/// records held in memory: a record spilled to disk costs several times
/// one held, so a small size under that budget measures the step, not the
/// slope.
#[test]
fn a_suppression_after_thousands_of_findings_on_its_line() {
    linear_in(
        &["check", "--format", "jsonl"],
        "suppressed.txt",
        0,
        50_000,
        |n| {
            (0..n)
                .map(|i| format!("http://h{i}.acme.net:81/x "))
                .collect::<String>()
                + "urilint: ignore[well-known-port]\n"
        },
    );
}

/// `-j` is capped at a few threads a core, with a note saying so: tens of
/// thousands of threads only contend (issue 14).
#[test]
fn the_thread_count_is_capped() {
    // One input too: a mail archive's messages are decoded on -j threads.
    for (args, code) in [(&["check", "--select", "all"][..], 1), (&["extract"], 0)] {
        let out = Command::cargo_bin("urilint")
            .unwrap()
            .args(args)
            .args(["-j", "100000", "examples/thread.txt"])
            .assert()
            .code(code);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        assert_eq!(
            stderr,
            format!(
                "urilint: note: -j 100000 capped at {} (4 threads a core, {cores} cores)\n",
                4 * cores
            ),
            "{args:?}"
        );
    }
}

/// A pre-commit hook names every staged file: thousands of arguments. The
/// check for arguments naming the same file once was all pairs.
#[test]
fn thousands_of_files_named_on_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let names: Vec<String> = (0..6_000).map(|i| format!("f{i}.txt")).collect();
    for name in &names {
        std::fs::write(dir.path().join(name), "see https://acme.net/x\n").unwrap();
    }
    let time = |n: usize| {
        (0..3)
            .map(|_| {
                let used = common::measured(
                    std::process::Command::new(assert_cmd::cargo::cargo_bin("urilint"))
                        .args(["extract", "-j1"])
                        .args(&names[..n])
                        .current_dir(dir.path())
                        .stdout(std::process::Stdio::null())
                        .stderr(std::process::Stdio::null()),
                );
                assert_eq!(used.code, 0);
                used.cpu
            })
            .min()
            .unwrap()
    };
    let (small, large) = (time(1_500), time(6_000));
    let ratio = large.as_secs_f64() / small.as_secs_f64().max(1e-3);
    assert!(
        ratio < 8.0,
        "{small:?} for 1500 files, {large:?} for 6000: {ratio:.1}x"
    );
}

/// Readers the red team found quadratic (issue 31, P1 to P3): HTML with
/// many `<` and no `>`, Markdown with thousands of reference definitions,
/// and a message of thousands of MIME parts.
#[test]
fn readers_on_many_tags_definitions_and_parts() {
    linear_in(&["extract"], "many.html", 0, 40_000, |n| "<a x=".repeat(n));
    linear_in(&["extract"], "defs.md", 0, 8_000, |n| {
        let uses: String = (0..n).map(|i| format!("[x][l{i}] ")).collect();
        let defs: String = (0..n)
            .map(|i| format!("[l{i}]: https://h{i}.acme.net/\n"))
            .collect();
        format!("{uses}\n\n{defs}")
    });
    linear_in(
        &["extract", "--input", "mail"],
        "parts.mbox",
        0,
        8_000,
        |n| {
            let parts: String = (0..n)
                .map(|i| format!("--b\nContent-Type: text/plain\n\nsee https://h{i}.acme.net/\n"))
                .collect();
            format!(
                "From a@b.c Mon Jan  1 00:00:00 2024\nFrom: a@b.c\nSubject: x\n\
             MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n{parts}--b--\n"
            )
        },
    );
}

/// RFC 2047 encoded words by the thousand on one header line, in the
/// message's subject and in a part's Content-Type (issue 31, P4).
#[test]
fn mail_with_thousands_of_encoded_words_on_a_line() {
    linear_in(
        &["extract", "--input", "mail"],
        "words.mbox",
        0,
        4_000,
        |n| {
            let words = "=?utf-8?q?https=3A//h.acme.net/?= ".repeat(n);
            // One word's start, then thousands of what may end one.
            let ends = "?=x".repeat(4 * n);
            format!(
                "From a@b.c Mon Jan  1 00:00:00 2024\nSubject: {words}\nList-Id: =?u?q?a{ends}\n\
                 MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=b\n\n\
                 --b\nContent-Type: text/plain; name=\"{words}\"\n\nsee https://h.acme.net/\n--b--\n"
            )
        },
    );
}

/// One line of unclosed `link:URL[text ` macros, in the default `check`
/// (issue 49, item 16): each macro looked back over its line for an open
/// passthrough, so 20,000 took 4.5 s and 200,000 over 300 s.
#[test]
fn an_asciidoc_line_of_unclosed_link_macros() {
    linear_in(&["check"], "macros.adoc", 0, 20_000, |n| {
        format!("= T\n\n{}\n", "link:https://a.example/x[text ".repeat(n))
    });
    // With passthroughs open and closed on the line, and `pass:[`.
    linear_in(&["check"], "pass.adoc", 0, 10_000, |n| {
        format!(
            "= T\n\n{}\n",
            "+x link:https://a.example/x[t+ pass:[ link:https://b.example/[ ".repeat(n)
        )
    });
}
