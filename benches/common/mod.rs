//! Inputs the benches share, generated the same way on every run.
#![allow(dead_code)]

/// A small deterministic generator (xorshift64*), so every run scans the
/// same bytes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[(self.next() % items.len() as u64) as usize]
    }
}

const WORDS: &[&str] = &[
    "the",
    "of",
    "and",
    "a",
    "to",
    "in",
    "is",
    "you",
    "that",
    "it",
    "he",
    "was",
    "for",
    "on",
    "are",
    "as",
    "with",
    "his",
    "they",
    "at",
    "be",
    "this",
    "have",
    "from",
    "or",
    "one",
    "had",
    "by",
    "word",
    "but",
    "not",
    "what",
    "all",
    "were",
    "we",
    "when",
    "your",
    "can",
    "said",
    "there",
    "use",
    "an",
    "each",
    "which",
    "she",
    "do",
    "how",
    "their",
    "if",
    "will",
    "up",
    "other",
    "about",
    "out",
    "many",
    "then",
    "them",
    "these",
    "so",
    "some",
    "her",
    "would",
    "make",
    "like",
    "him",
    "into",
    "time",
    "has",
    "look",
    "two",
    "more",
    "write",
    "go",
    "see",
    "number",
    "resource",
    "identifier",
    "syntax",
    "component",
    "delimiter",
    "(see",
    "below)",
    "e.g.,",
    "Note:",
    "12:30",
    "\"quoted\"",
    "<tag>",
    "don't",
    "it's",
    "café",
    "naïve",
];

const URIS: &[&str] = &[
    "http://www.example.com/",
    "https://en.wikipedia.org/wiki/Uniform_Resource_Identifier",
    "(https://en.wikipedia.org/wiki/Rust_(programming_language))",
    "<https://www.rfc-editor.org/rfc/rfc3986.html#appendix-C>",
    "\"http://www.w3.org/Addressing/\"",
    "ftp://ftp.example.org/pub/file.tar.gz,",
    "mailto:someone@example.org.",
    "<URL:http://ds.internic.net/instructions/overview.html#WARNING>",
    "https://github.com/robinst/linkify/issues?q=is%3Aopen",
    "urn:isbn:0451450523",
];

/// English-like prose, lines of about 72 columns, `uris_per_kb` URIs per KB.
pub fn prose(len: usize, uris_per_kb: u64, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(len + 128);
    let mut col = 0;
    while out.len() < len {
        let word = if rng.next() % 1000 < uris_per_kb * 1000 / 170 {
            rng.pick(URIS)
        } else {
            rng.pick(WORDS)
        };
        if col + word.len() > 72 {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(word);
        col += word.len();
        if rng.next().is_multiple_of(12) {
            out.push_str(". ");
            col += 2;
        }
    }
    out
}

/// Long lines without line breaks, like minified HTML.
pub fn long_lines(len: usize, seed: u64) -> String {
    let mut rng = Rng(seed);
    let mut out = String::with_capacity(len + 128);
    while out.len() < len {
        for _ in 0..2000 {
            if rng.next().is_multiple_of(8) {
                out.push_str("<a href=\"");
                out.push_str(rng.pick(&URIS[..3]));
                out.push_str("\">");
            }
            out.push_str(rng.pick(WORDS));
            out.push(' ');
        }
        out.push('\n');
    }
    out
}

pub fn inputs() -> Vec<(&'static str, String)> {
    const LEN: usize = 4 << 20;
    vec![
        ("prose-3-per-kb", prose(LEN, 3, 1)),
        ("uri-dense", prose(LEN, 150, 2)),
        ("long-lines", long_lines(LEN, 3)),
    ]
}

/// The two baselines a check is measured against, in `group`: extraction
/// alone, and extraction with every selected rule.
pub fn extract_and_check(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    scanner: &urilint::scan::Scanner,
    linter: &urilint::rules::Linter,
    text: &str,
) {
    use std::hint::black_box;
    group.bench_function("extract", |b| {
        b.iter(|| scanner.scan(black_box(text.as_bytes())).count())
    });
    group.bench_function("check", |b| {
        b.iter(|| {
            scanner
                .scan(black_box(text.as_bytes()))
                .map(|f| linter.check(&f).len())
                .sum::<usize>()
        })
    });
}
