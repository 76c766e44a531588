//! Fuzz target: see `checks::mail`.
#![no_main]

// Each target uses one of the checks.
#[allow(dead_code)]
#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::mail(data));
