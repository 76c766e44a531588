//! Format-aware extraction (SPEC section 9) beside the `linkify` crate
//! reading the same files as plain text, in the same run: per format, the
//! bytes of a real documentation tree read by urilint as their format, by
//! urilint as text, and by linkify.
//!
//! `URILINT_BENCH_DOCS=dir[:dir...] cargo bench --bench formats` reads the
//! trees named (default: `../shared/corpus/real-docs` and
//! `../shared/corpus/docs-sample` when they exist); without any, small
//! generated documents of each format stand in.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use linkify::{LinkFinder, LinkKind};
use urilint::document::scan;
use urilint::format::{Format, Options};
use urilint::scan::Scanner;

/// The trees to read.
fn dirs() -> Vec<PathBuf> {
    match std::env::var_os("URILINT_BENCH_DOCS") {
        Some(v) => std::env::split_paths(&v).collect(),
        None => ["../shared/corpus/real-docs", "../shared/corpus/docs-sample"]
            .iter()
            .map(PathBuf::from)
            .filter(|p| p.is_dir())
            .collect(),
    }
}

/// The files of the trees.
fn paths() -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for dir in dirs() {
        for entry in walkdir::WalkDir::new(dir)
            .sort_by_file_name()
            .into_iter()
            .flatten()
        {
            if entry.file_type().is_file() {
                paths.push(entry.into_path());
            }
        }
    }
    paths
}

/// The files of the trees, by format.
fn corpus() -> Vec<(Format, Vec<Vec<u8>>)> {
    let mut by: Vec<(Format, Vec<Vec<u8>>)> = Vec::new();
    {
        for path in paths() {
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            if bytes.contains(&0) {
                continue; // binary
            }
            let format = Format::detect(&bytes[..bytes.len().min(4096)], Some(&path));
            match by.iter_mut().find(|(f, _)| *f == format) {
                Some((_, files)) => files.push(bytes),
                None => by.push((format, vec![bytes])),
            }
        }
    }
    if by.is_empty() {
        by = generated();
    }
    by.sort_by_key(|(f, _)| *f);
    by
}

/// Documents of each format with links, escapes and code in them.
fn generated() -> Vec<(Format, Vec<Vec<u8>>)> {
    let para = "Some prose about resource identifiers, e.g. the syntax component, see below. ";
    let make = |unit: &str| -> Vec<Vec<u8>> {
        (0..200)
            .map(|i| {
                let mut s = String::new();
                for k in 0..40 {
                    s.push_str(para);
                    s.push_str(&unit.replace("{n}", &(i * 40 + k).to_string()));
                }
                s.into_bytes()
            })
            .collect()
    };
    vec![
        (
            Format::Html,
            make(
                "<p>See <a href=\"https://e.example/{n}?a=1&amp;b=2\">page</a> and https://t.example/{n}.</p>\n<pre>curl https://code.example/</pre>\n",
            ),
        ),
        (
            Format::Markdown,
            make(
                "See [page](https://e.example/{n}) and https://t.example/a\\_{n}.\n\n```\ncurl https://code.example/\n```\n\n",
            ),
        ),
        (
            Format::Rst,
            make("See `page <https://e.example/{n}>`_ and ``https://code.example/``.\n\n"),
        ),
        (
            Format::Asciidoc,
            make("See https://e.example/{n}[page].\n\n----\ncurl https://code.example/\n----\n\n"),
        ),
        (
            Format::Man,
            make(".PP\nSee \\fIhttps://e.example/\\-{n}\\fR.\n"),
        ),
        (
            Format::Json,
            make(
                "{\"url\": \"https:\\/\\/e.example\\/{n}\", \"text\": \"see https://t.example/\"}\n",
            ),
        ),
    ]
}

fn bench(c: &mut Criterion) {
    let scanner = Scanner::new();
    let finder = {
        let mut f = LinkFinder::new();
        f.kinds(&[LinkKind::Url]);
        f
    };
    for (format, files) in corpus() {
        let bytes: usize = files.iter().map(Vec::len).sum();
        let texts: Vec<String> = files
            .iter()
            .map(|f| String::from_utf8_lossy(f).into_owned())
            .collect();
        let ours: usize = files
            .iter()
            .map(|f| scan(format, f, &scanner, Options::default()).len())
            .sum();
        let theirs: usize = texts.iter().map(|t| finder.links(t).count()).sum();
        eprintln!(
            "{format}: {} files, {bytes} bytes; urilint finds {ours} URIs, linkify {theirs}",
            files.len()
        );
        let mut group = c.benchmark_group(format.as_str());
        group.throughput(Throughput::Bytes(bytes as u64));
        group.sample_size(10);
        group.bench_function("urilint-format", |b| {
            b.iter(|| {
                files
                    .iter()
                    .map(|f| scan(format, black_box(f), &scanner, Options::default()).len())
                    .sum::<usize>()
            })
        });
        group.bench_function("urilint-text", |b| {
            b.iter(|| {
                files
                    .iter()
                    .map(|f| scanner.scan(black_box(f)).count())
                    .sum::<usize>()
            })
        });
        group.bench_function("linkify", |b| {
            b.iter(|| {
                texts
                    .iter()
                    .map(|t| finder.links(black_box(t)).count())
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

/// A whole tree as a user runs it: every file read from disk and read as
/// its format, in parallel, beside linkify reading the same files as text
/// the same way.
fn tree(c: &mut Criterion) {
    use rayon::prelude::*;
    let paths = paths();
    if paths.is_empty() {
        return;
    }
    let scanner = Scanner::new();
    let finder = {
        let mut f = LinkFinder::new();
        f.kinds(&[LinkKind::Url]);
        f
    };
    let bytes: u64 = paths
        .iter()
        .filter_map(|p| std::fs::metadata(p).ok())
        .map(|m| m.len())
        .sum();
    let mut group = c.benchmark_group("tree");
    group.throughput(Throughput::Bytes(bytes));
    group.sample_size(10);
    group.bench_function("urilint-format", |b| {
        b.iter(|| {
            paths
                .par_iter()
                .map(|p| {
                    let raw = std::fs::read(p).unwrap_or_default();
                    let format = Format::detect(&raw[..raw.len().min(4096)], Some(p));
                    scan(format, &raw, &scanner, Options::default()).len()
                })
                .sum::<usize>()
        })
    });
    group.bench_function("linkify", |b| {
        b.iter(|| {
            paths
                .par_iter()
                .map(|p| {
                    let raw = std::fs::read(p).unwrap_or_default();
                    // Borrowed when UTF-8: `from_utf8_lossy` alone
                    // validates a byte at a time, slower than linkify.
                    let text = match std::str::from_utf8(&raw) {
                        Ok(s) => std::borrow::Cow::Borrowed(s),
                        Err(_) => String::from_utf8_lossy(&raw),
                    };
                    finder.links(&text).count()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench, tree);
criterion_main!(benches);
