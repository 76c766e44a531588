//! Inputs the fuzz targets (fuzz/) found, replayed with the same checks (a
//! target that has found nothing yet has a seed, named so).
//! A new crash goes into tests/data/fuzz/<target>/ with a name saying what
//! it broke.

use std::time::{Duration, Instant};

#[path = "../../fuzz/checks.rs"]
mod checks;

fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = format!("{}/tests/data/fuzz/{target}", env!("CARGO_MANIFEST_DIR"));
    let mut all: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    all.sort();
    assert!(!all.is_empty());
    all
}

#[test]
fn scanner_inputs() {
    for (name, data) in inputs("scanner") {
        let start = Instant::now();
        checks::scanner(&data);
        // slow-unit-chunk-1 took 16 s under the fuzzer's sanitizers.
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{name}: {:?}",
            start.elapsed()
        );
    }
}

#[test]
fn uri_inputs() {
    for (_, data) in inputs("uri") {
        checks::uri(&data);
    }
}

#[test]
fn mail_inputs() {
    for (_, data) in inputs("mail") {
        checks::mail(&data);
    }
}
