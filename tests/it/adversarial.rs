//! Hostile input stays linear in time and flat in memory. Each case is timed
//! against plain prose of the same size, scanned and checked the same way in
//! the same run; the bound is generous (quadratic behaviour on these sizes
//! is thousands of times slower, not a few).

use std::io::{self, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use urilint::rules::Linter;
use urilint::scan::Scanner;

/// `prefix`, then `body` repeated to `len` bytes, then `suffix`: generated
/// as it is read, never held.
struct Gen {
    parts: [(Vec<u8>, u64); 3],
    at: usize,
    pos: u64,
}

impl Gen {
    fn new(prefix: &[u8], body: &[u8], len: u64, suffix: &[u8]) -> Gen {
        Gen {
            parts: [
                (prefix.to_vec(), prefix.len() as u64),
                (body.to_vec(), len),
                (suffix.to_vec(), suffix.len() as u64),
            ],
            at: 0,
            pos: 0,
        }
    }
}

impl Read for Gen {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at < 3 && self.pos >= self.parts[self.at].1 {
            self.at += 1;
            self.pos = 0;
        }
        if self.at == 3 {
            return Ok(0);
        }
        let (pattern, len) = &self.parts[self.at];
        let mut n = 0;
        while n < buf.len() && self.pos < *len {
            let i = (self.pos % pattern.len() as u64) as usize;
            let k = (pattern.len() - i)
                .min(buf.len() - n)
                .min((*len - self.pos) as usize);
            buf[n..n + k].copy_from_slice(&pattern[i..i + k]);
            n += k;
            self.pos += k as u64;
        }
        Ok(n)
    }
}

const PROSE: &[u8] = b"The generic syntax (see http://www.example.com/a_(b) and <mailto:a@example.org>) \
    is described in \"https://www.rfc-editor.org/rfc/rfc3986\"; Note: at 12:30, call tel:+1-555-0100.\n";

/// Scans and checks what `input` yields; the time it took.
fn run(input: impl Read) -> Duration {
    let linter = Linter::new();
    let start = Instant::now();
    let mut diagnostics = 0;
    for f in Scanner::new().scan_reader(input) {
        diagnostics += linter.check(&f.unwrap()).len();
    }
    std::hint::black_box(diagnostics);
    start.elapsed()
}

/// Asserts that `case` takes at most `bound` times as long as prose of the
/// same size. (Prose over 16 MB is timed on 16 MB and scaled: its cost per
/// byte does not change, and CI runs these tests unoptimized.)
fn linear(name: &str, case: impl Fn() -> Gen, size: u64, bound: u32) {
    let sample = size.min(16 * MB);
    let plain = prose_time(sample).mul_f64(size as f64 / sample as f64);
    let hostile = run(case());
    let ratio = hostile.as_secs_f64() / plain.as_secs_f64();
    eprintln!("{name}: {ratio:.2}x prose of the same size ({hostile:?} against {plain:?})");
    assert!(
        hostile <= plain * bound + Duration::from_millis(200),
        "{name}: {ratio:.1}x prose"
    );
}

/// The time to scan `sample` bytes of prose, measured once for all the
/// cases of that size (issue 32: nine cases measured it nine times).
fn prose_time(sample: u64) -> Duration {
    static TIMES: std::sync::Mutex<Vec<(u64, Duration)>> = std::sync::Mutex::new(Vec::new());
    let mut times = TIMES.lock().unwrap();
    if let Some(&(_, t)) = times.iter().find(|(n, _)| *n == sample) {
        return t;
    }
    let t = run(Gen::new(b"", PROSE, sample, b""));
    times.push((sample, t));
    t
}

const MB: u64 = 1 << 20;

#[test]
fn a_100_mb_line_without_whitespace() {
    linear(
        "100 MB line",
        || Gen::new(b"see http://example.org/", b"abcdefghij", 100 * MB, b" end"),
        100 * MB,
        10,
    );
}

/// A case: its name, a prefix, a pattern repeated to 16 MB, a suffix.
type Repeated = (&'static str, &'static [u8], &'static [u8], &'static [u8]);

const REPEATED: &[Repeated] = &[
    ("16M '<'", b"", b"<", b"http://example.org/"),
    ("'<URL:' repeated", b"", b"<URL:", b""),
    ("'<URL:http:' repeated", b"", b"<URL:http://", b""),
    ("'<http://a ' repeated", b"", b"<http://a ", b""),
    ("only ':'", b"", b":", b""),
    ("NUL bytes", b"", b"\0", b""),
    ("'a:' repeated", b"", b"a:", b""),
    ("http://x/((((...", b"http://example.org/", b"(", b""),
    ("http://x/))))...", b"http://example.org/", b"()", b")"),
];

#[test]
fn a_million_angle_brackets_colons_nuls_and_brackets() {
    for &(name, prefix, body, suffix) in REPEATED {
        linear(
            name,
            || Gen::new(prefix, body, 16 * MB, suffix),
            16 * MB,
            10,
        );
    }
}

#[test]
fn a_10_mb_uri_in_angle_brackets_over_thousands_of_lines() {
    let line = format!("{}\n", "x".repeat(79));
    linear(
        "10 MB angle URI",
        || Gen::new(b"<http://example.org/", line.as_bytes(), 10 * MB, b">"),
        10 * MB,
        10,
    );
    let with_colons = format!("{}:{}\n", "x".repeat(40), "y".repeat(38));
    linear(
        "10 MB angle URI with colons",
        || {
            Gen::new(
                b"<URL: http://example.org/",
                with_colons.as_bytes(),
                10 * MB,
                b">",
            )
        },
        10 * MB,
        10,
    );
}

#[test]
fn a_hundred_thousand_nested_parentheses_and_long_schemes() {
    let n = 100_000;
    let (open, close) = ("(".repeat(n), ")".repeat(n));
    let case = || {
        Gen::new(
            open.as_bytes(),
            b"http://example.org/(",
            n as u64,
            close.as_bytes(),
        )
    };
    linear("(((...http...)))", case, 8 * MB, 10);
    let long_scheme = format!("{}:", "a".repeat(200));
    linear(
        "200-letter schemes",
        || Gen::new(b"", long_scheme.as_bytes(), 16 * MB, b""),
        16 * MB,
        10,
    );
}

#[test]
fn invalid_utf8_in_every_position() {
    let uri = "<http://user:pw@例え.jp:80/a%7e/b?q=1#f> and http://example.org/ü?x";
    let whole: Vec<_> = Scanner::new().scan(uri.as_bytes()).collect();
    assert_eq!(whole.len(), 2);
    for i in 0..=uri.len() {
        for bad in [
            &b"\xff"[..],
            b"\xc3",
            b"\xe2\x80",
            b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80",
        ] {
            let mut text = uri.as_bytes()[..i].to_vec();
            text.extend_from_slice(bad);
            text.extend_from_slice(&uri.as_bytes()[i..]);
            let found: Vec<_> = Scanner::new().scan(&text).collect();
            for n in [1, 3, 7] {
                let streamed: Vec<_> = Scanner::builder()
                    .chunk_size(n)
                    .build()
                    .scan_reader(&text[..])
                    .map(Result::unwrap)
                    .collect();
                assert_eq!(streamed, found, "at {i}, chunk {n}");
            }
            for f in &found {
                let _ = Linter::new().check(f);
                assert!(f.end as usize <= text.len());
            }
        }
    }
}

/// Runs `urilint ARGS -` on what `input` generates; the peak resident
/// memory of that one process, in KiB (wait4: not the figures of the other
/// children of this test binary, which runs every integration test).
fn pipe_through_cli(args: &[&str], input: Gen) -> i64 {
    // Waited for below with wait4, which std's Child does not offer.
    #[allow(clippy::zombie_processes)]
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut input = input;
        let _ = io::copy(&mut input, &mut stdin);
    });
    let pid = child.id() as i32;
    // SAFETY: wait4 only writes the status and the struct it is given.
    let peak = unsafe {
        let mut status = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::wait4(pid, &mut status, 0, &mut usage), pid);
        usage.ru_maxrss
    };
    writer.join().unwrap();
    peak
}

#[test]
fn memory_stays_flat_on_long_uris_through_the_cli() {
    let line = format!("{}\n", "x".repeat(79));
    let mut peak = 0;
    for args in [&["extract"][..], &["check", "--format", "jsonl"]] {
        peak = peak.max(pipe_through_cli(
            args,
            Gen::new(b"see http://example.org/", b"abcdefghij", 100 * MB, b" end"),
        ));
        peak = peak.max(pipe_through_cli(
            args,
            Gen::new(b"<http://example.org/", line.as_bytes(), 10 * MB, b">"),
        ));
    }
    eprintln!("peak RSS of urilint over a 100 MB and a 10 MB URI: {peak} KiB");
    assert!(peak < 64 * 1024, "{peak} KiB");
}

/// `urilint ARGS FILE | head -1`: once the reader has gone, urilint stops
/// quietly (Rust ignores SIGPIPE, and writes that fail with EPIPE end the
/// run), whatever the format, with the status of what it found before:
/// `check` fails a `pipefail` script whose output was cut short.
#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    let mut text = Vec::new();
    Gen::new(
        b"",
        b"see ftp://u:hunter2@ftp.acme.net:21/x and http://acme.net:25/y\n",
        8 * MB,
        b"",
    )
    .read_to_end(&mut text)
    .unwrap();
    std::fs::write(&big, text).unwrap();
    // A failed input counts too: exit 2.
    let missing = dir.path().join("aaa-missing");
    let missing = missing.to_str().unwrap();
    for (args, code) in [
        (&["extract"][..], 0),
        (&["extract", "--format", "jsonl"], 0),
        (&["extract", missing], 2),
        (&["check", "--color", "never"], 1),
        (&["check", "--format", "json"], 1),
        (&["check", "--format", "sarif"], 1),
        (&["check", "--format", "github"], 1),
        (
            &[
                "check",
                "--show-notes",
                "--fail-on",
                "error",
                "--select",
                "default-port",
            ],
            0,
        ),
    ] {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
            .args(args)
            .arg(&big)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(!first.is_empty(), "{args:?}");
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        match code {
            2 => assert!(stderr.contains("aaa-missing: No such file"), "{stderr}"),
            _ => assert_eq!(stderr, "", "{args:?}"),
        }
    }
}

/// Output small enough to wait in the buffer until the run's last flush
/// meets a reader gone before it: the exit status is still what was found
/// (a closed pipe ends the run quietly, `pipefail` still sees it).
#[test]
fn a_pipe_closed_before_the_last_flush_keeps_the_status() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "see ftp://u:hunter2@ftp.acme.net/x\n").unwrap();
    // Sorted before the file: its error is said before the last flush.
    let missing = dir.path().join("aaa-missing");
    for (command, inputs, code) in [
        ("check", vec![&bad], 1),
        ("check", vec![&bad, &missing], 2),
        ("extract", vec![&bad, &missing], 2),
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        // The reader is gone before the child starts.
        drop(reader);
        let out = Command::new(assert_cmd::cargo::cargo_bin("urilint"))
            .args([command, "--isolated"])
            .args(&inputs)
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(code), "{command} {inputs:?}");
    }
}
