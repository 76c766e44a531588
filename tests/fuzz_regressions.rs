//! Inputs the fuzz targets (fuzz/) found, replayed with the same checks (a
//! target that has found nothing yet has a seed, named so).
//! A new crash goes into tests/data/fuzz/<target>/ with a name saying what
//! it broke.

use std::time::{Duration, Instant};

use urilint::mail::{InputKind, MailEvents};
use urilint::rules::Linter;
use urilint::scan::{Finding, MIN_MAX_URI_LEN, Scanner};
use urilint::schemes::Registry;
use urilint::uri::{Uri, normalize};

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
        let (&knob, text) = data.split_first().unwrap();
        let chunk = usize::from(knob & 0x3f) + 1;
        let cap = if knob & 0x40 != 0 {
            MIN_MAX_URI_LEN
        } else {
            64 * 1024
        };
        let make = || Scanner::builder().max_uri_len(cap);
        let start = Instant::now();
        let whole: Vec<Finding> = make().build().scan(text).collect();
        let streamed: Vec<Finding> = make()
            .chunk_size(chunk)
            .build()
            .scan_reader(text)
            .map(Result::unwrap)
            .collect();
        assert_eq!(whole, streamed, "{name}");
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
    let reg = Registry::builtin();
    for (name, data) in inputs("uri") {
        let _ = Uri::parse(&data).validate();
        let once = normalize(&data, reg);
        assert_eq!(normalize(&once, reg), once, "{name}");
        for f in Scanner::new().scan(&data) {
            let _ = Linter::new().check(&f);
        }
    }
}

#[test]
fn mail_inputs() {
    for (name, data) in inputs("mail") {
        for kind in [InputKind::Mbox, InputKind::Message] {
            let n = MailEvents::new(&data[..], kind, Scanner::new()).count();
            assert!(n < 1 << 20, "{name}");
        }
    }
}
