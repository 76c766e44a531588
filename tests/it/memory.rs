//! Peak memory on inputs of a gigabyte (issue 14): every output path holds
//! a bounded window of its input, whatever the length of a line or the
//! number of findings on it. These write a gigabyte to a temporary folder
//! and take a minute, so they are ignored by default; run them with
//! `cargo test --release --test it memory:: -- --ignored`.

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

const MB: usize = 1 << 20;

/// Runs `urilint ARGS`: its exit code and peak resident memory in MiB.
///
/// Measured by GNU time, not by this process's `wait4`: a child spawned
/// from here starts on this process's memory (vfork), and Linux keeps
/// the high-water mark of that memory in the child's `ru_maxrss` across
/// `exec`, so a full test run (84 MiB) would count in every figure. The
/// child time forks starts from time's own few pages.
fn peak_mib(dir: &Path, args: &[&str]) -> (i32, i64) {
    let time = Path::new("/usr/bin/time");
    assert!(
        time.exists(),
        "peak memory is measured with GNU time: install it (Debian: `apt-get install time`)"
    );
    let report = tempfile::NamedTempFile::new().unwrap();
    let status = Command::new(time)
        .args(["-f", "%M", "-o"])
        .arg(report.path())
        .arg(assert_cmd::cargo::cargo_bin("urilint"))
        .args(args)
        .arg("--isolated")
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let text = std::fs::read_to_string(report.path()).unwrap();
    // The last line: time writes "Command exited with non-zero status N"
    // before it when the child fails.
    let kib: i64 = text.lines().last().unwrap().trim().parse().unwrap();
    (status.code().unwrap(), kib / 1024)
}

/// Writes `size` bytes of `unit` repeated, then `tail`, to `path`.
fn write_repeated(path: &Path, unit: &[u8], size: usize, tail: &[u8]) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let block = unit.repeat(MB / unit.len());
    let mut written = 0;
    while written < size {
        f.write_all(&block).unwrap();
        written += block.len();
    }
    f.write_all(tail).unwrap();
    f.flush().unwrap();
}

/// A gigabyte on one line with a URI at its end: its source line under the
/// diagnostic is read around the URI (it took 3.15 GB).
#[test]
#[ignore = "writes a gigabyte; run with --ignored"]
fn a_gigabyte_line_with_a_uri_at_its_end() {
    let dir = tempfile::tempdir().unwrap();
    write_repeated(
        &dir.path().join("line.txt"),
        b"word ",
        1024 * MB,
        b"http://acme.net:25/x\n",
    );
    for format in ["human", "jsonl", "sarif"] {
        let (code, peak) = peak_mib(dir.path(), &["--format", format, "line.txt"]);
        eprintln!("{format}: {peak} MiB");
        assert_eq!(code, 1, "{format}");
        assert!(peak < 64, "{format}: {peak} MiB");
    }
}

/// Two million findings on one 40 MB line, in a tree, with a suppression
/// at its end: they wait on disk, not in memory (it took 1.07 GB, and
/// `extract` 288 MB).
#[test]
#[ignore = "takes a minute; run with --ignored"]
fn two_million_findings_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("tree")).unwrap();
    write_repeated(
        &dir.path().join("tree/many.txt"),
        b"http://acme.net:81/ ",
        40 * MB,
        b"\n",
    );
    write_repeated(
        &dir.path().join("tree/silenced.txt"),
        b"http://acme.net:81/ ",
        40 * MB,
        b"urilint: ignore[well-known-port]\n",
    );
    for (args, want) in [
        (&["--format", "jsonl", "tree/silenced.txt"][..], 0),
        (&["--format", "jsonl", "tree"], 1),
        (&["--format", "human", "tree"], 1),
        (&["extract", "--format", "jsonl", "tree"], 0),
    ] {
        let (code, peak) = peak_mib(dir.path(), args);
        eprintln!("{args:?}: {peak} MiB");
        assert_eq!(code, want, "{args:?}");
        assert!(peak < 128, "{args:?}: {peak} MiB");
    }
}

/// `--fix` and `--diff` on a file that is all URIs with fixes, each fixed
/// (issue 31, P5): on 9 MB they held 119x and 81x the file, then about
/// 35x; fixed a window at a time (issue 49), they hold under 10x.
#[test]
fn fix_and_diff_on_a_file_of_fixable_uris() {
    let dir = tempfile::tempdir().unwrap();
    let line = "see HTTP://Acme.NET:80/a/%7euser?x=%41 and <URL:http://h.acme.net/x>\n";
    let text = line.repeat(MB / line.len());
    let original = text.clone();
    let mib = text.len() as f64 / MB as f64;
    for (flag, code) in [("--diff", 1), ("--fix", 0)] {
        std::fs::write(dir.path().join("uris.txt"), &text).unwrap();
        let (got, peak) = peak_mib(
            dir.path(),
            &[
                "check",
                "--select",
                "all",
                "--unsafe-fixes",
                flag,
                "uris.txt",
            ],
        );
        eprintln!("{flag}: {peak} MiB for {mib:.1} MiB");
        assert_eq!(got, code, "{flag}");
        // What the binary holds with no input (with room for a loaded
        // machine's threads), and 10x the file.
        assert!((peak as f64) < 24.0 + 10.0 * mib, "{flag}: {peak} MiB");
    }
    let fixed = std::fs::read_to_string(dir.path().join("uris.txt")).unwrap();
    assert_ne!(fixed, original);
    assert!(fixed.starts_with("see http://acme.net/a/~user?x=A and <http://h.acme.net/x>\n"));
}
