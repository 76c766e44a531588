//! Mail extraction (split, decode, scan) beside plain-text extraction of the
//! same archive, in one run (SPEC section 8; aim: 300 MB/s for mail).
//!
//! The archive is tests/data/list-sample.mbox, six real messages, repeated
//! to about 4 MiB.
//!
//! `cargo bench --bench mail && python3 benches/ratios.py`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use urilint::document::mail::{MailEvent, MailEvents};
use urilint::mail::InputKind;
use urilint::scan::Scanner;

fn archive() -> Vec<u8> {
    let sample = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/list-sample.mbox"
    ))
    .unwrap();
    let mut out = Vec::with_capacity(4 << 20);
    while out.len() < 4 << 20 {
        out.extend_from_slice(&sample);
    }
    out
}

fn bench(c: &mut Criterion) {
    let data = archive();
    let scanner = Scanner::new();
    let mail = |data: &[u8]| {
        MailEvents::new(data, InputKind::Mbox, scanner.clone())
            .filter(|e| matches!(e, Ok(MailEvent::Found(_))))
            .count()
    };
    eprintln!(
        "mbox: {} bytes, {} URIs as mail, {} as text",
        data.len(),
        mail(&data),
        scanner.scan(&data).count()
    );
    let mut group = c.benchmark_group("mail-archive");
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.sample_size(20);
    group.bench_function("extract", |b| {
        b.iter(|| scanner.scan(black_box(&data)).count())
    });
    group.bench_function("mail", |b| b.iter(|| mail(black_box(&data))));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
