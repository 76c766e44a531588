//! SPEC section 10 as a property: random credential URIs, with passwords
//! drawn from the whole byte range, placed in random text, never show their
//! password in any output.
//!
//! The password is `Q7`, random bytes, `Z9`; the text around it holds
//! neither capitals nor digits, so `Q7` or `Z9` in an output is a leak of
//! the password's first or last bytes, and a leak of its middle without
//! either end cannot happen with contiguous redaction. What text cannot say
//! is left out of the range: a line break (a credential in text is on one
//! line), `://` (another URI begins), `,`, `;` or `:` before a space
//! (prose), and an `@` followed by what reads as
//! a host that goes on with a port, path, query or fragment (`p@h/x`) or
//! ends where text ends a URI (`p@h.com and more`, `p@h"`), or by a
//! template's placeholder host (`p@${H}`, `p@{h}`): that is the end of the
//! userinfo to any reader.

use std::io::Write as _;

use assert_cmd::Command;
use proptest::prelude::*;
use urilint::redact::locate_text;
use urilint::report::{Emitter, Format, Record, Shown, Snippet, Style};
use urilint::rules::Linter;
use urilint::scan::{Finding, Scanner};
use urilint::secrets::redact;
use urilint::uri::normalize;

use crate::common;

/// Makes random bytes a password text can hold (see the module doc).
fn password(raw: Vec<u8>) -> Vec<u8> {
    let mut p: Vec<u8> = raw
        .into_iter()
        .map(|b| if b == b'\n' || b == b'\r' { b'\t' } else { b })
        .collect();
    // `,`, `;` or `:` before a space is prose (`http://host:port, or mail
    // me@example.org`), not a password.
    for i in 1..p.len() {
        if matches!(p[i], b' ' | b'\t') && matches!(p[i - 1], b',' | b';' | b':') {
            p[i - 1] = b'.';
        }
    }
    for i in 0..p.len() {
        if p[i..].starts_with(b"://") {
            p[i] = b';';
        }
    }
    let host_byte = |b: u8| b.is_ascii_alphanumeric() || b"-_.%~".contains(&b) || b >= 0x80;
    // From the end, so that an `@` made `!` is seen by the ones before it.
    for i in (0..p.len()).rev() {
        if p[i] != b'@' {
            continue;
        }
        // A template's placeholder host reads as a host too (`@${H}`,
        // `@$H`, `@$(H)`, `@{h}`, `@<h>`, `@*.`, `@#{h}`, `@%{h}`).
        let rest = &p[i + 1..];
        let placeholder = matches!(
            rest,
            [b'$', b'{' | b'(' | b'A'..=b'Z' | b'_', ..]
                | [b'*', b'.', ..]
                | [b'#' | b'%', b'{', ..]
        ) || (rest.first() == Some(&b'{') && rest.contains(&b'}'))
            || (rest.first() == Some(&b'<') && rest.contains(&b'>'));
        if placeholder {
            p[i] = b'!';
            continue;
        }
        let mut k = i + 1;
        while k < p.len() && host_byte(p[k]) {
            k += 1;
        }
        // A host that goes on (or an `@` right before `/` or `:`), or one
        // that ends where a URI ends in text or at whitespace; an `@` at the
        // end of the random bytes is followed by `Z9` and then `@host`.
        if k < p.len() && (b"/?#:\"'<>`)]},;!\x7f".contains(&p[k]) || p[k] <= b' ') {
            p[i] = b'!';
        }
    }
    let mut out = b"Q7".to_vec();
    out.extend(p);
    out.extend_from_slice(b"Z9");
    out
}

fn prose() -> impl Strategy<Value = String> {
    "[a-z .,;!?()'\"<>\n]{0,30}"
}

fn case() -> impl Strategy<Value = (Vec<u8>, Vec<u8>)> {
    (
        prose(),
        prop::sample::select(vec![
            "postgres",
            "ftp",
            "https",
            "jdbc:mysql",
            "mongodb+srv",
            "redis",
            "s3a",
        ]),
        "[a-z]{1,8}",
        prop::collection::vec(any::<u8>(), 0..24).prop_map(password),
        "[a-z]{1,8}\\.example\\.(com|org)(:[0-9]{2,4})?(/[a-z]{0,6})?",
        prop::sample::select(vec![
            ("", ""),
            ("\"", "\""),
            ("<", ">"),
            ("(", ")"),
            ("<URL:", ">"),
        ]),
        prose(),
    )
        .prop_map(
            |(before, scheme, user, password, host, (open, close), after)| {
                let mut text = format!("{before} {open}{scheme}://{user}:").into_bytes();
                text.extend_from_slice(&password);
                text.extend_from_slice(format!("@{host}{close} {after}").as_bytes());
                (text, password)
            },
        )
}

/// Everything urilint prints of `text`, built as the CLI builds it: every
/// check format's records with human snippets, and `extract` plain and
/// normalized.
fn every_output(text: &[u8]) -> Vec<u8> {
    let linter = Linter::new();
    let mut out = Vec::new();
    let mut emitters: Vec<Emitter<Vec<u8>>> = [Format::Human, Format::Jsonl, Format::Github]
        .into_iter()
        .map(|f| Emitter::new(Vec::new(), f, Style::default()))
        .collect();
    for f in Scanner::new().scan(text) {
        let uri = redact(&f.uri, f.flags.truncated);
        out.extend_from_slice(&uri);
        out.extend_from_slice(&normalize(&uri, urilint::schemes::Registry::builtin()));
        out.push(b'\n');
        for d in linter.check(&f) {
            let mut record = Record::new("p", &f, d, false);
            // As `check` reads a snippet's source: 4 KiB before what it
            // shows through 1 KiB past the URI.
            let from = f.start.saturating_sub(4096 + 256) as usize;
            let to = (f.end as usize + 1024).min(text.len());
            let source = &text[from..to];
            let secrets = locate_text(source, to < text.len());
            let shown = Shown::new(source, from as u64, f.start);
            record.snippet = Some(Snippet::new(&shown, &record, &secrets));
            for e in &mut emitters {
                e.emit(&record).unwrap();
            }
        }
    }
    for e in emitters {
        out.extend(e.finish().unwrap());
    }
    out
}

fn leaks(output: &[u8]) -> bool {
    output.windows(2).any(|w| w == b"Q7" || w == b"Z9")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_output_holds_the_password((text, password) in case()) {
        let output = every_output(&text);
        prop_assert!(
            !leaks(&output),
            "password {:?} in {:?} leaks:\n{}",
            String::from_utf8_lossy(&password),
            String::from_utf8_lossy(&text),
            String::from_utf8_lossy(&output)
        );
    }
}

proptest! {
    // Each case runs the binary: a few, through every path the CLI adds.
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_cli_never_prints_the_password((text, password) in case()) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::File::create(dir.path().join("t")).unwrap().write_all(&text).unwrap();
        let mut all = Vec::new();
        for args in [
            &["check", "--isolated", "--color", "never", "t"][..],
            &["check", "--isolated", "--format", "github", "t"],
            &["check", "--isolated", "--select", "invalid-port,non-default-port", "t"],
            &["extract", "--isolated", "--format", "jsonl", "t"],
            &["extract", "--isolated", "--unique", "--normalize", "t"],
        ] {
            let out = Command::cargo_bin("urilint").unwrap().current_dir(dir.path()).args(args).output().unwrap();
            all.extend(out.stdout);
            all.extend(out.stderr);
        }
        prop_assert!(
            !leaks(&all),
            "password {:?} in {:?} leaks:\n{}",
            String::from_utf8_lossy(&password),
            String::from_utf8_lossy(&text),
            String::from_utf8_lossy(&all)
        );
    }
}

/// Scans `text` streamed, `n` bytes a read, with the smallest cap.
fn streamed(text: &[u8], n: usize) -> Vec<Finding> {
    common::streamed(Scanner::builder().max_uri_len(256), text, n)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// SPEC E6 holds where the scanner reads on over a password: a stream
    /// finds what the whole buffer finds, for every chunk size, also when
    /// the `@` lies near the cap (the locator never reads at or past it).
    #[test]
    fn credentials_stream_as_they_scan_whole((text, _) in case(), pad in 0usize..300, n in 1usize..80) {
        let mut text = text;
        // Push the host towards the 256-byte cap.
        if let Some(at) = text.iter().rposition(|&b| b == b'@') {
            text.splice(at + 1..at + 1, std::iter::repeat_n(b'h', pad));
        }
        let whole: Vec<Finding> = Scanner::builder().max_uri_len(256).build().scan(&text).collect();
        prop_assert_eq!(streamed(&text, n), whole.clone(), "{:?}", String::from_utf8_lossy(&text));
        prop_assert_eq!(streamed(&text, 256), whole);
    }
}

/// The reviewer's case: a spaced password whose `@` host runs to the cap.
#[test]
fn a_password_near_the_cap_streams_as_it_scans_whole() {
    let mut text = b"http://u:a b@h)".to_vec();
    text.extend(std::iter::repeat_n(b'h', 240));
    text.extend_from_slice(b"@x");
    let whole: Vec<Finding> = Scanner::builder()
        .max_uri_len(256)
        .build()
        .scan(&text)
        .collect();
    for n in [1, 2, 3, 7, 64, 255, 256, 257] {
        assert_eq!(streamed(&text, n), whole, "chunk {n}");
    }
}
