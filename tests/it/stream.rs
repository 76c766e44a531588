//! SPEC E6: a stream gives exactly the findings of a whole buffer, for every
//! chunk size, in bounded memory; URIs longer than the cap are reported once,
//! truncated.

use crate::common;

use std::io::{self, Read};

use common::streamed;
use proptest::prelude::*;
use urilint::scan::{Finding, MIN_MAX_URI_LEN, Scanner, ScannerBuilder};

/// Pieces that random texts are made of: URIs in every form the scanner
/// knows, and the things around them that make it work hardest.
pub(crate) const PIECES: &[&[u8]] = &[
    b"http://example.com/a",
    b"https://en.wikipedia.org/wiki/Rust_(programming_language)",
    b"ftp://user:pw@[2001:db8::7]:21/x;type=d",
    b"mailto:a@b.example",
    b"urn:isbn:0451450523",
    b"news:comp.lang.c",
    b"<URL:",
    b"<URL: ",
    b"<",
    b">",
    b"\"",
    b"(",
    b")",
    b"[",
    b"]",
    b".",
    b",",
    b"'",
    b"*",
    b":",
    b"//",
    b"-",
    b" ",
    b"  ",
    b"\n",
    b"\r\n",
    b"\n\n",
    b"\t",
    b"Note: ",
    b"12:30",
    b"x",
    b"word",
    // Runs of scheme characters around the 64-octet limit of a scheme.
    b"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghij",
    b"://x.org",
    b"<URL:http",
    "東京".as_bytes(),
    "”".as_bytes(),
    "。".as_bytes(),
    b"\xe2\x80",
    b"\xff",
    b"\x00",
    b"`",
    // Templates and placeholders (SPEC section 3a): `<name>` is read over
    // after a separator, and decided only once its `>` and the byte after
    // it are seen.
    b"<owner>",
    b"/<repo-name>",
    b"[<user>@]",
    b"<br>",
    b"<section>",
    b"${HOST}",
    b"%s",
    b"credential.https://",
    b"u:p@",
    b"http:/",
    b"https:://",
];

fn text() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(prop::sample::select(PIECES), 0..120).prop_map(|ps| ps.concat())
}

fn capped() -> ScannerBuilder {
    Scanner::builder().max_uri_len(MIN_MAX_URI_LEN)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn streaming_equals_whole_buffer(input in text(), n in 1usize..80) {
        let whole: Vec<Finding> = Scanner::new().scan(&input).collect();
        prop_assert_eq!(streamed(Scanner::builder(), &input, n), whole);
    }

    #[test]
    fn streaming_equals_whole_buffer_with_the_smallest_cap(
        input in prop::collection::vec(text(), 1..6).prop_map(|v| v.concat()),
        n in 1usize..40,
    ) {
        // With a small cap, long runs of URI characters get truncated while
        // the window slides over them.
        let whole: Vec<Finding> = capped().build().scan(&input).collect();
        prop_assert_eq!(streamed(capped(), &input, n), whole);
    }

    #[test]
    fn findings_lie_inside_the_input_in_order(input in text()) {
        let found: Vec<Finding> = Scanner::new().scan(&input).collect();
        let mut floor = 0;
        for f in &found {
            prop_assert!(floor <= f.start && f.start < f.end && f.end <= input.len() as u64);
            floor = f.end;
        }
    }
}

#[test]
fn chunk_sizes_from_one_byte_up_on_the_rfc_text() {
    let input = b"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n\
      type=d> but you can probably pick it up from <URL:ftp://ds.in\n\
      ternic.net/rfc>.  Note \"http://www.w3.org/Addressing/\" (see http://x/y).";
    let whole: Vec<Finding> = Scanner::new().scan(input).collect();
    assert_eq!(whole.len(), 4);
    for n in 1..=input.len() + 1 {
        assert_eq!(
            streamed(Scanner::builder(), input, n),
            whole,
            "chunk size {n}"
        );
    }
}

/// A reader of `len` bytes of `fill` after a prefix, then a suffix, made on
/// the fly so the test holds none of it.
struct Generated {
    prefix: &'static [u8],
    fill: u8,
    len: u64,
    suffix: &'static [u8],
    pos: u64,
}

impl Read for Generated {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let p = self.prefix.len() as u64;
        let total = p + self.len + self.suffix.len() as u64;
        let mut k = 0;
        while k < buf.len() && self.pos < total {
            buf[k] = if self.pos < p {
                self.prefix[self.pos as usize]
            } else if self.pos < p + self.len {
                self.fill
            } else {
                self.suffix[(self.pos - p - self.len) as usize]
            };
            k += 1;
            self.pos += 1;
        }
        Ok(k)
    }
}

#[test]
fn a_uri_longer_than_the_cap_is_reported_once_truncated() {
    let make = || Scanner::builder().max_uri_len(1000);
    let mut input = b"see http://x.org/".to_vec();
    input.extend(std::iter::repeat_n(b'a', 5000));
    input.extend(b" and http://y.org/ too");
    let found: Vec<Finding> = make().build().scan(&input).collect();
    assert_eq!(found.len(), 2);
    assert!(found[0].flags.truncated);
    assert_eq!(found[0].uri.len(), 1000);
    assert!(found[0].uri.starts_with(b"http://x.org/aaa"));
    assert_eq!((found[0].start, found[0].end), (4, 1004));
    assert_eq!(found[1].uri, b"http://y.org/");
    assert!(!found[1].flags.truncated);
    for n in [1, 13, 999, 1000, 1001, 4096] {
        assert_eq!(streamed(make(), &input, n), found, "chunk size {n}");
    }
}

#[test]
fn a_uri_of_exactly_the_cap_is_whole() {
    let scanner = Scanner::builder().max_uri_len(300).build();
    let uri = format!("http://x.org/{}", "b".repeat(300 - 13));
    let found: Vec<Finding> = scanner.scan(format!("{uri} x").as_bytes()).collect();
    assert_eq!(
        (found[0].uri_lossy().into_owned(), found[0].flags.truncated),
        (uri, false)
    );
}

#[test]
fn a_truncated_uri_is_cut_on_a_character_boundary() {
    let scanner = Scanner::builder().max_uri_len(300).build();
    let text = format!("http://x.org/{}", "é".repeat(400));
    let found: Vec<Finding> = scanner.scan(text.as_bytes()).collect();
    assert!(found[0].flags.truncated);
    assert!(std::str::from_utf8(&found[0].uri).is_ok());
    assert_eq!(found[0].uri.len(), 299);
}

#[test]
fn an_unclosed_angle_bracket_longer_than_the_cap_falls_back() {
    let mut input = b"<http://x.org/a ".to_vec();
    input.extend(std::iter::repeat_n(b'w', 400));
    input.extend(b">");
    let found: Vec<Finding> = capped().build().scan(&input).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].uri, b"http://x.org/a");
    assert_eq!(streamed(capped(), &input, 5), found);
}

#[test]
fn a_20_mb_uri_streams_in_bounded_memory() {
    // The window is checked against its bound by a debug assertion on every
    // refill; this drives it through 20 MB of one URI.
    let reader = Generated {
        prefix: b"start http://x.org/",
        fill: b'z',
        len: 20 << 20,
        suffix: b"\nthen <mailto:a@b.example>\n",
        pos: 0,
    };
    let found: Vec<Finding> = Scanner::new()
        .scan_reader(reader)
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(found.len(), 2);
    assert!(found[0].flags.truncated);
    assert_eq!(found[1].uri, b"mailto:a@b.example");
    assert_eq!(found[1].line, 2);
    assert_eq!(found[1].start, 19 + (20 << 20) + 7);
}

struct FailAfter<'a> {
    data: &'a [u8],
}

impl Read for FailAfter<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.data.is_empty() {
            return Err(io::Error::other("disk on fire"));
        }
        let k = buf.len().min(self.data.len());
        buf[..k].copy_from_slice(&self.data[..k]);
        self.data = &self.data[k..];
        Ok(k)
    }
}

#[test]
fn a_read_error_is_yielded_once_and_ends_the_scan() {
    let scanner = Scanner::builder().chunk_size(16).build();
    let mut it = scanner.scan_reader(FailAfter {
        data: b"a http://x.org/ b http://y.org/ c",
    });
    assert_eq!(it.next().unwrap().unwrap().uri, b"http://x.org/");
    let err = loop {
        match it.next().unwrap() {
            Ok(f) => assert_eq!(f.uri, b"http://y.org/"),
            Err(e) => break e,
        }
    };
    assert_eq!(err.to_string(), "disk on fire");
    assert!(it.next().is_none());
}
