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

/// The fuzz checks as property tests (issue 31): each target's check runs
/// on generated and mutated inputs with a fixed seed, so a CI run is
/// repeatable. `URILINT_FUZZ_CASES=300000 cargo test --test it
/// fuzz_regressions::generated` runs a longer search; cargo-fuzz (README,
/// "Fuzzing") searches further still.
mod generated {
    use std::time::{Duration, Instant};

    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

    use super::checks;

    /// What inputs are made of: the pieces the stream tests use (URIs in
    /// each form the scanner knows, the delimiters and breaks around
    /// them), and credentials, escapes that hide an `@`, secrets in paths
    /// and mail structure.
    const MORE: &[&[u8]] = &[
        b"https://u:Secr3t@host.example/p?token=abc&x=1#f",
        b"jdbc:mysql://u:pw@db:3306/x",
        b"-\n",
        b"@",
        b"&#64;",
        b"\\u0040",
        b"%40",
        b"%2540",
        b"=40",
        b"=\n",
        b"www.example.org",
        b"From a@b Mon Jan  1 00:00:00 2024\n",
        b"Content-Type: multipart/mixed; boundary=\"b\"\n",
        b"Content-Transfer-Encoding: quoted-printable\n",
        b"Content-Transfer-Encoding: base64\n",
        b"\n--b\n",
        b"\n--b--\n",
        b"Subject: =?utf-8?q?http=3A//x.org?=\n",
        b"aHR0cDovL3gub3JnLw==\n",
        b"?next=https://",
        b"hooks.slack.com/services/",
        b"/ghp_Ab3Cd4Ef5Gh6Ij7Kl8Mn9Op0Qr1St2Uv3",
        b"eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2lnbmF0dXJlc2lnbmF0",
        b"%253A%252F%252F",
        b"\\/",
        b"\\",
    ];

    /// A text of pieces, then mutated: a slice repeated (long runs that
    /// cross a cap or a chunk), deleted, or overwritten with random bytes.
    fn input() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            4 => prop::sample::select(crate::stream::PIECES.iter().chain(MORE).copied().collect::<Vec<_>>())
                .prop_map(<[u8]>::to_vec),
            1 => prop::collection::vec(any::<u8>(), 1..6),
        ];
        let text = prop::collection::vec(piece, 0..80).prop_map(|ps| ps.concat());
        let edits =
            prop::collection::vec((any::<usize>(), any::<usize>(), 0u8..3, 1usize..300), 0..4);
        (any::<u8>(), text, edits).prop_map(|(knob, mut text, edits)| {
            for (at, len, op, times) in edits {
                if text.is_empty() {
                    break;
                }
                let at = at % text.len();
                let end = (at + 1 + len % 64).min(text.len());
                match op {
                    0 => {
                        let slice = text[at..end].repeat(times);
                        text.splice(at..at, slice);
                    }
                    1 => {
                        text.drain(at..end);
                    }
                    _ => {
                        for (k, b) in text[at..end].iter_mut().enumerate() {
                            *b = b.wrapping_add(times as u8).rotate_left(k as u32);
                        }
                    }
                }
            }
            text.insert(0, knob);
            text
        })
    }

    fn run(target: &str, default_cases: u32, check: fn(&[u8])) {
        let cases = std::env::var("URILINT_FUZZ_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default_cases);
        let config = Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        };
        let mut runner =
            TestRunner::new_with_rng(config, TestRng::deterministic_rng(RngAlgorithm::ChaCha));
        let slowest = std::cell::Cell::new((Duration::ZERO, 0));
        runner
            .run(&input(), |data| {
                let start = Instant::now();
                check(&data);
                let took = start.elapsed();
                if took > slowest.get().0 {
                    slowest.set((took, data.len()));
                }
                Ok(())
            })
            .unwrap_or_else(|e| {
                // The smallest failing input, ready to be committed under
                // tests/data/fuzz/<target>/ (knob byte first).
                if let proptest::test_runner::TestError::Fail(_, data) = &e {
                    let path = std::env::temp_dir().join(format!("urilint-fuzz-{target}"));
                    let _ = std::fs::write(&path, data);
                    eprintln!("the smallest failing input is in {}", path.display());
                }
                panic!("{target}: {e}")
            });
        // The aim is 100 ms per 100 KB in a release build; a debug build
        // under a loaded CI machine gets twenty times that, and a floor.
        let (took, len) = slowest.get();
        let budget = Duration::from_millis(200 + 20 * len as u64 / 1000);
        assert!(took < budget, "{target}: {len} bytes took {took:?}");
    }

    #[test]
    fn scanner_on_generated_inputs() {
        run("scanner", 2000, checks::scanner);
    }

    #[test]
    fn uri_on_generated_inputs() {
        run("uri", 1000, |data| checks::uri(&data[1..]));
    }

    #[test]
    fn mail_on_generated_inputs() {
        run("mail", 1000, |data| checks::mail(&data[1..]));
    }
}
