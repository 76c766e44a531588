//! `--fix` beside a check of the same text in the same run (SPEC section
//! 12): on prose where nothing needs fixing (the common file, which a fix
//! run reads once), and on text where every URI needs four fixes (each
//! pass applies one to each URI and reads the text again). `extract` is the
//! baseline `ratios.py` divides by.
//!
//! `cargo bench --bench fix && python3 benches/ratios.py`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urilint::fix::Fixer;
use urilint::format::{Format, Options};
use urilint::rules::Linter;
use urilint::scan::Scanner;

mod common;

/// `n` lines, each with a URI that has four things to fix: the scheme's
/// and the host's case, a default port and a lower-case `%7e` that is `~`.
fn to_fix(n: usize) -> String {
    (0..n)
        .map(|i| format!("line {i} see HTTP://Host{i}.ACME.net:80/%7euser/page.html today\n"))
        .collect()
}

fn bench(c: &mut Criterion) {
    let scanner = Scanner::new();
    let linter = Linter::all();
    let fixer = Fixer::new(&scanner, &linter, Options::default());
    let prose = common::prose(1 << 20, 4, 7);
    for (name, text) in [("prose", prose), ("to-fix-10k", to_fix(10_000))] {
        let mut group = c.benchmark_group(format!("fix-{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(10);
        let fixed = fixer.fix(Format::Text, text.as_bytes(), &|_| false);
        eprintln!("{name}: {} fixes", fixed.applied.values().sum::<usize>());
        common::extract_and_check(&mut group, &scanner, &linter, &text);
        group.bench_function("fix", |b| {
            b.iter(|| fixer.fix(Format::Text, black_box(text.as_bytes()), &|_| false))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
