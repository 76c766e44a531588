//! The URI model and the rules: parsing, validating, normalizing (which is
//! idempotent), resolving and every rule never panic on any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use urilint::rules::{Linter, redact};
use urilint::scan::Scanner;
use urilint::schemes::Registry;
use urilint::uri::{Uri, normalize, resolve};

fuzz_target!(|data: &[u8]| {
    let reg = Registry::builtin();
    let uri = Uri::parse(data);
    let _ = uri.validate();
    let _ = uri.port();
    let once = normalize(data, reg);
    assert_eq!(
        normalize(&once, reg),
        once,
        "normalize is not idempotent on {:?}",
        String::from_utf8_lossy(data)
    );
    let _ = redact(data);
    if let Some(cut) = data.iter().position(|&b| b == b' ') {
        let _ = resolve(&data[..cut], &data[cut + 1..]);
    }
    let linter = Linter::new();
    for f in Scanner::new().scan(data) {
        for d in linter.check(&f) {
            assert!(
                d.span
                    .is_none_or(|s| s.start <= s.end && s.end <= f.uri.len()),
                "{}",
                d.rule
            );
        }
    }
});
