//! Extraction throughput: urilint's scanner beside the `linkify` crate (URL
//! kind) on the same generated inputs, in the same run (SPEC section 8).
//!
//! `cargo bench --bench scan` prints throughput for each; the ratio of the
//! two on each input is the figure to watch.

use std::hint::black_box;
use std::io::Cursor;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

mod common;
use linkify::{LinkFinder, LinkKind};
use urilint::scan::Scanner;

fn bench(c: &mut Criterion) {
    let scanner = Scanner::new();
    let finder = {
        let mut f = LinkFinder::new();
        f.kinds(&[LinkKind::Url]);
        f
    };
    for (name, text) in common::inputs() {
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.sample_size(20);
        let ours = scanner.scan(text.as_bytes()).count();
        let theirs = finder.links(&text).count();
        eprintln!(
            "{name}: {} bytes, urilint finds {ours} URIs, linkify {theirs}",
            text.len()
        );
        group.bench_function("urilint", |b| {
            b.iter(|| scanner.scan(black_box(text.as_bytes())).count())
        });
        group.bench_function("urilint-stream", |b| {
            b.iter(|| {
                scanner
                    .scan_reader(Cursor::new(black_box(text.as_bytes())))
                    .count()
            })
        });
        group.bench_function("linkify", |b| {
            b.iter(|| finder.links(black_box(&text)).count())
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
