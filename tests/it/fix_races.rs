//! `--fix` against other programs at work on the same files (issue 49): a
//! file swapped for a FIFO while it is fixed, and a change saved while a
//! file is written in place. Nothing hangs, Ctrl-C always ends the run,
//! and no change saved meanwhile is lost without the run saying so.

#![cfg(unix)]

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A file of many fixes, so that a run takes long enough to be caught in
/// the middle.
fn original() -> String {
    "see HTTP://Acme.NET:80/%7euser and text after it\n".repeat(5_000)
}

fn spawn_fix(dir: &Path) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("urilint"))
        .args(["check", "--isolated", "--select", "all", "--fix", "a.txt"])
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits up to `limit` for `child`; its exit code, or `None` if it is
/// still running.
fn wait_for(child: &mut Child, limit: Duration) -> Option<Option<i32>> {
    let until = Instant::now() + limit;
    while Instant::now() < until {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status.code());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

/// How long a run of `--fix` on [`original`] takes here, written in
/// place (`in_place`) or by a rename.
fn span(in_place: bool) -> Duration {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), original()).unwrap();
    if in_place {
        std::fs::hard_link(dir.path().join("a.txt"), dir.path().join("b.txt")).unwrap();
    }
    let start = Instant::now();
    let mut child = spawn_fix(dir.path());
    assert_eq!(wait_for(&mut child, Duration::from_secs(60)), Some(Some(0)));
    start.elapsed()
}

/// Item 13: the file swapped for a FIFO (renamed over it) at moments
/// spread over the run, on the rename path and
/// on the in-place path: the run ends by itself, and leaves the FIFO be.
/// Swapped before the run opens it, the FIFO is a named input, read as
/// `cat` reads one (waiting for a writer): Ctrl-C ends that wait.
#[test]
fn a_file_swapped_for_a_fifo_never_hangs_the_fix() {
    let text = original();
    for in_place in [false, true] {
        let span = span(in_place);
        let limit = span * 4 + Duration::from_secs(3);
        for k in 0..=4 {
            let dir = tempfile::tempdir().unwrap();
            let a = dir.path().join("a.txt");
            std::fs::write(&a, &text).unwrap();
            if in_place {
                std::fs::hard_link(&a, dir.path().join("b.txt")).unwrap();
            }
            let mut child = spawn_fix(dir.path());
            // k = 0: before the run reads it; then spread over the run.
            let delay = match k {
                0 => Duration::ZERO,
                k => span.mul_f64(0.2 * k as f64),
            };
            std::thread::sleep(delay);
            let fifo = dir.path().join("fifo");
            mkfifo(&fifo);
            std::fs::rename(&fifo, &a).unwrap();
            // Swapped before the read, the run waits for a writer as
            // `cat` would: no need to wait long to see it.
            let limit = if k == 0 {
                Duration::from_secs(1)
            } else {
                limit
            };
            let code = wait_for(&mut child, limit);
            if code.is_none() {
                // SAFETY: kill only sends a signal to the child.
                unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
                let after = wait_for(&mut child, Duration::from_secs(2));
                let _ = child.kill();
                assert!(
                    k == 0 && after.is_some(),
                    "in place {in_place}, after {delay:?}: the run hung; Ctrl-C {}",
                    if after.is_some() {
                        "ended it"
                    } else {
                        "was ignored"
                    }
                );
            }
            // Whatever it said, the FIFO is still there, not replaced.
            let kind = std::fs::symlink_metadata(&a).unwrap().file_type();
            use std::os::unix::fs::FileTypeExt;
            assert!(kind.is_fifo(), "in place {in_place}, after {delay:?}");
        }
    }
}

/// How many aimed trials [`a_change_saved_during_an_in_place_fix_is_never_lost`]
/// makes: `URILINT_RACE_TRIALS`, else a CI-sized sample.
fn trials() -> usize {
    std::env::var("URILINT_RACE_TRIALS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(8)
}

/// Waits until `dir` has held a file named `.urilint-fix-*` and holds it
/// no more: the moment a fix written in place begins (its new bytes were
/// written beside the file, to know they fit, and removed).
fn until_written_beside(dir: &Path, limit: Duration) -> bool {
    let until = Instant::now() + limit;
    let beside = || {
        std::fs::read_dir(dir).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".urilint-fix-")
        })
    };
    while !beside() {
        if Instant::now() > until {
            return false;
        }
    }
    while beside() {
        if Instant::now() > until {
            return false;
        }
    }
    true
}

/// Item 14: a change saved through the file's other name (so the fix is
/// written in place), aimed at the write: the saving thread watches for
/// the fix's bytes written beside the file and removed, then saves after
/// 0 to 3 ms. The change is never lost while the run exits 0: either it
/// is there after the run, or the run failed naming the file. Run with
/// `URILINT_RACE_TRIALS=200` before a release (`URILINT_RACE_BIN` names
/// another build to measure).
#[test]
fn a_change_saved_during_an_in_place_fix_is_never_lost() {
    let text = original();
    let bin = std::env::var_os("URILINT_RACE_BIN")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| assert_cmd::cargo::cargo_bin("urilint"));
    let n = trials();
    let mut lost = Vec::new();
    let (mut told, mut kept, mut missed) = (0, 0, 0);
    for k in 0..n {
        let dir = tempfile::tempdir().unwrap();
        let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
        std::fs::write(&a, &text).unwrap();
        std::fs::hard_link(&a, &b).unwrap();
        let delay = Duration::from_micros((k as u64 * 3000) / n as u64);
        let marker = format!("saved meanwhile {k}\n");
        let child = Command::new(&bin)
            .args(["check", "--isolated", "--select", "all", "--fix", "a.txt"])
            .current_dir(dir.path())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        if !until_written_beside(dir.path(), Duration::from_secs(30)) {
            missed += 1;
        }
        std::thread::sleep(delay);
        // An editor's save through the other name: the same file, rewritten.
        let mut saved = text.clone();
        saved.push_str(&marker);
        std::fs::write(&b, &saved).unwrap();
        let out = child.wait_with_output().unwrap();
        let now = std::fs::read_to_string(&a).unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let failed = out.status.code() != Some(0) && stderr.contains("a.txt");
        told += usize::from(failed);
        if now.contains(&marker) {
            kept += 1;
        } else if !failed {
            lost.push((delay, out.status.code(), stderr.into_owned()));
        }
    }
    eprintln!(
        "{n} aimed trials: {} lost, {kept} changes kept, {told} runs failed naming the file, {missed} not aimed",
        lost.len()
    );
    assert!(
        lost.is_empty(),
        "{} of {n} changes lost: {lost:?}",
        lost.len()
    );
}
