//! A full check (scan, parse, every rule) beside extraction alone, on the
//! same inputs in the same run (SPEC section 8: within 2x).
//!
//! `cargo bench --bench check && python3 benches/ratios.py`

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urilint::rules::Linter;
use urilint::scan::Scanner;

mod common;

fn bench(c: &mut Criterion) {
    let scanner = Scanner::new();
    let linter = Linter::new();
    for (name, text) in common::inputs() {
        let mut group = c.benchmark_group(format!("check-{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        let diagnostics: usize = scanner
            .scan(text.as_bytes())
            .map(|f| linter.check(&f).len())
            .sum();
        eprintln!("{name}: {diagnostics} diagnostics");
        common::extract_and_check(&mut group, &scanner, &linter, &text);
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
