//! Every output path takes time linear in its input (issue 14): each case
//! is run at two sizes, and the ratio of the times must stay far below the
//! square of the ratio of the sizes.

use std::time::{Duration, Instant};

use assert_cmd::Command;

/// The time of `urilint ARGS FILE` on `text`, the best of three.
fn time(args: &[&str], text: &str) -> Duration {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("input.txt");
    std::fs::write(&path, text).unwrap();
    (0..3)
        .map(|_| {
            let start = Instant::now();
            Command::cargo_bin("urilint")
                .unwrap()
                .args(args)
                .arg(&path)
                .assert()
                .code(0);
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// Asserts `make(4n)` takes at most 8x the time of `make(n)`: linear work
/// gives about 4x, quadratic 16x.
fn linear(args: &[&str], n: usize, make: impl Fn(usize) -> String) {
    let small = time(args, &make(n));
    let large = time(args, &make(4 * n));
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

/// `-j` is capped at a few threads a core, with a note saying so: tens of
/// thousands of threads only contend (issue 14).
#[test]
fn the_thread_count_is_capped() {
    let out = Command::cargo_bin("urilint")
        .unwrap()
        .args([
            "check",
            "-j",
            "100000",
            "--select",
            "all",
            "examples/thread.txt",
        ])
        .assert()
        .code(1);
    let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(
        stderr,
        format!(
            "urilint: note: -j 100000 capped at {} (4 threads a core, {cores} cores)\n",
            4 * cores
        )
    );
}
