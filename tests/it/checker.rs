//! The library's `check` (issue 32): a `Checker` built from a config runs
//! over a tree and hands its final records to any `Sink`, the same records
//! `urilint check` prints.

use std::path::Path;

use urilint::check::{Checker, Options, Outcome, Sink};
use urilint::config::Config;
use urilint::report::{Collected, Emitter, Format, Printer, Style};
use urilint::walk::WalkOptions;

/// A tree with a broken link, a password, a broken fragment and a
/// suppression naming no rule.
fn tree() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let docs = dir.path().join("docs");
    std::fs::create_dir(&docs).unwrap();
    std::fs::write(
        docs.join("a.md"),
        "# Title\n\nSee [a](missing.md) and ftp://user:hunter2@files.acme.net/x and [b](#title).\n\
         <!-- urilint: ignore[no-such-rule] -->\n",
    )
    .unwrap();
    std::fs::write(docs.join("b.md"), "Plain [c](a.md#nope)\n").unwrap();
    dir
}

/// Checks the tree `docs` with `options` into `sink`.
fn check_tree(options: Options, docs: &Path, sink: &mut dyn Sink) -> Outcome {
    checker(options)
        .run(&[docs.to_path_buf()], &WalkOptions::default(), sink)
        .map_err(|s| s.error)
        .unwrap()
}

fn checker(options: Options) -> Checker {
    let config = Config::default();
    let linter = config.linter_builder().unwrap().build().unwrap();
    Checker::new(&config, None, linter, options).unwrap()
}

#[test]
fn a_checker_hands_each_final_record_to_its_sink() {
    let dir = tree();
    let docs = dir.path().join("docs");
    let mut sink = Collected::default();
    let outcome = check_tree(Options::default(), &docs, &mut sink);
    let name = |f: &str| docs.join(f).display().to_string();
    let got: Vec<(String, u64, String, String)> = sink
        .records
        .iter()
        .map(|r| (r.path.clone(), r.line, r.rule.clone(), r.uri.clone()))
        .collect();
    assert_eq!(
        got,
        [
            (
                name("a.md"),
                3,
                "broken-relative-link".into(),
                "missing.md".into()
            ),
            (
                name("a.md"),
                3,
                "embedded-password".into(),
                "ftp://user:****@files.acme.net/x".into()
            ),
            // A finding at the comment, which holds no URI (issue 34).
            (name("a.md"), 4, "invalid-suppression".into(), "".into()),
            (
                name("b.md"),
                1,
                "broken-fragment".into(),
                "a.md#nope".into()
            ),
        ]
    );
    assert!(sink.warnings.is_empty(), "{:?}", sink.warnings);
    let comment = &sink.records[2];
    assert_eq!(
        (comment.column, comment.message.as_str()),
        (6, "suppression names unknown rule `no-such-rule`")
    );
    // Notes, warnings, errors.
    assert_eq!(outcome.counts, [0, 1, 3]);
    assert_eq!(outcome.files, 2);
    assert!(!outcome.failed);
    assert!(sink.diff.is_empty());
    let all = format!(
        "{:?}",
        sink.records.iter().map(|r| &r.message).collect::<Vec<_>>()
    );
    assert!(!all.contains("hunter2"), "{all}");
}

#[test]
fn a_printer_sink_writes_what_the_command_prints() {
    let dir = tree();
    let docs = dir.path().join("docs");
    let mut printer = Printer::new(Emitter::new(Vec::new(), Format::Jsonl, Style::default()));
    check_tree(Options::default(), &docs, &mut printer);
    // Both name targets relative to the working directory: this one.
    let (library, statistics) = printer.finish().unwrap();
    assert!(statistics.is_none());
    let command = assert_cmd::Command::cargo_bin("urilint")
        .unwrap()
        .env("NO_COLOR", "1")
        .args(["check", "--isolated", "--format", "jsonl"])
        .arg(&docs)
        .output()
        .unwrap();
    assert_eq!(command.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(library).unwrap(),
        String::from_utf8(command.stdout).unwrap()
    );
}

#[test]
fn a_baseline_hides_what_it_holds_and_a_recording_collects_it() {
    let dir = tree();
    let docs = dir.path().join("docs");
    let file = dir.path().join("baseline.json");
    let recording = Options {
        write_baseline: Some(file.clone()),
        ..Options::default()
    };
    let mut sink = Collected::default();
    let outcome = check_tree(recording, &docs, &mut sink);
    // Recorded, not handed on.
    assert!(sink.records.is_empty());
    let recorded = outcome.recorded.expect("a recording");
    assert_eq!(recorded.len(), 4);
    std::fs::write(&file, recorded.to_json()).unwrap();
    let reading = Options {
        baseline: Some(file),
        ..Options::default()
    };
    let mut sink = Collected::default();
    let outcome = check_tree(reading, &docs, &mut sink);
    assert!(sink.records.is_empty(), "{:?}", sink.records.len());
    assert_eq!(outcome.counts, [0, 0, 0]);
    assert_eq!(outcome.files, 2);
}

#[test]
fn a_lister_hands_each_line_of_the_list_to_its_sink() {
    use urilint::list::{Collected, Lister, Options, Sort};
    let dir = tree();
    let docs = dir.path().join("docs");
    std::fs::write(
        docs.join("c.txt"),
        "http://b.acme.net/ and HTTP://A.acme.net:80/ and http://b.acme.net/\n",
    )
    .unwrap();
    let options = Options {
        count: true,
        sort: Sort::Uri,
        relative: true,
        base: Some("https://docs.acme.net/".into()),
        ..Options::default()
    };
    let mut sink = Collected::default();
    let failed = Lister::new(&Config::default(), None, options)
        .unwrap()
        .run(
            std::slice::from_ref(&docs),
            &WalkOptions::default(),
            &mut sink,
        )
        .unwrap_or_else(|stopped| panic!("{stopped}"));
    assert!(!failed);
    assert!(sink.warnings.is_empty(), "{:?}", sink.warnings);
    let lines: Vec<String> = sink
        .lines
        .iter()
        .map(|l| String::from_utf8(l.clone()).unwrap())
        .collect();
    assert_eq!(
        lines,
        [
            "1\tftp://user:****@files.acme.net/x\n",
            "1\tHTTP://A.acme.net:80/\n",
            "2\thttp://b.acme.net/\n",
            "1\thttps://docs.acme.net/a.md#nope\n",
            "1\thttps://docs.acme.net/a.md#title\n",
            "1\thttps://docs.acme.net/missing.md\n",
        ]
    );
}

#[test]
fn text_in_memory_is_checked_as_the_file_it_stands_for() {
    use urilint::check::Fixing;
    let dir = tree();
    let docs = dir.path().join("docs");
    // On disk, b.md links nowhere broken; the buffer says otherwise, and
    // its own heading is an anchor the disk's b.md does not have.
    let text = b"# Here\n\n[x](a.md#title) [y](a.md#nope) [z](gone.md) [w](#here) [v](#there)\n";
    let mut sink = Collected::default();
    let snippets = Options {
        snippets: true,
        ..Options::default()
    };
    let mut checker_of_b = checker(snippets);
    let outcome = checker_of_b
        .check_text(&docs.join("b.md"), text, Some(dir.path()), &mut sink)
        .map_err(|s| s.error)
        .unwrap();
    let got: Vec<(u64, u64, &str, &str)> = sink
        .records
        .iter()
        .map(|r| (r.line, r.column, r.rule.as_str(), r.uri.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (3, 21, "broken-fragment", "a.md#nope"),
            (3, 36, "broken-relative-link", "gone.md"),
            (3, 60, "broken-fragment", "#there"),
        ]
    );
    assert_eq!(
        sink.records[0].path,
        docs.join("b.md").display().to_string()
    );
    // Source lines are the text's, not the disk's.
    let line = |r: &urilint::report::Record| r.snippet.as_ref().map(|s| (s.line, s.text.clone()));
    let shown = String::from_utf8_lossy(&text[8..text.len() - 1]).into_owned();
    for r in &sink.records {
        assert_eq!(line(r), Some((3, shown.clone())), "{}", r.uri);
    }
    // The same checker, the text edited: what it now holds is checked,
    // not what it held the first time.
    let edited = b"# Here\n\n## There\n\n[w](#here) [v](#there) [u](#elsewhere)\n";
    let mut sink = Collected::default();
    checker_of_b
        .check_text(&docs.join("b.md"), edited, Some(dir.path()), &mut sink)
        .map_err(|s| s.error)
        .unwrap();
    let got: Vec<(u64, &str)> = sink
        .records
        .iter()
        .map(|r| (r.line, r.uri.as_str()))
        .collect();
    assert_eq!(got, [(5, "#elsewhere")]);
    assert_eq!(outcome.files, 1);
    // Nothing on disk changed, and a buffer is never written.
    assert_eq!(
        std::fs::read_to_string(docs.join("b.md")).unwrap(),
        "Plain [c](a.md#nope)\n"
    );
    let fixing = Options {
        fixing: Some(Fixing::Write),
        ..Options::default()
    };
    let refused = checker(fixing)
        .check_text(&docs.join("b.md"), text, None, &mut Collected::default())
        .expect_err("refused");
    assert_eq!(refused.error.kind(), std::io::ErrorKind::InvalidInput);
}
