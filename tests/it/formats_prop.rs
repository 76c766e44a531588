//! Property: whatever markup a format wraps around a URI and however it
//! escapes it, the format finds the URI a reader sees, and the range it
//! reports holds exactly the URI's raw text (SPEC section 9).

use proptest::prelude::*;
use urilint::document::scan;
use urilint::format::{Format, Options};
use urilint::scan::Scanner;

/// A URI: a host and a path of characters that formats escape (`&`, `_`,
/// `-`, `/`, `.`), ending in a letter so no trailing punctuation is cut.
fn uri() -> impl Strategy<Value = String> {
    ("[a-z]{1,8}", "[a-z0-9_&=./-]{0,24}", "[a-z]")
        .prop_map(|(host, path, last)| format!("http://{host}.example/{path}{last}"))
}

/// Prose with no URI in it.
fn prose() -> impl Strategy<Value = String> {
    "[a-z]{1,6}( [a-z]{1,6}){0,4}"
}

/// How each character is written: `choice` picks among a format's ways.
fn encode(uri: &str, choices: &[u8], f: impl Fn(char, u8) -> String) -> String {
    uri.chars()
        .zip(choices.iter().cycle())
        .map(|(c, &k)| f(c, k))
        .collect()
}

/// [`encode`] for all but the first and last character, which are written
/// as themselves: markup that prints nothing (a font change) at either end
/// is not part of the URI's range.
fn encode_inner(uri: &str, choices: &[u8], f: impl Fn(char, u8) -> String) -> String {
    let n = uri.chars().count();
    uri.chars()
        .zip(choices.iter().cycle())
        .enumerate()
        .map(|(i, (c, &k))| {
            if i == 0 || i + 1 == n {
                c.to_string()
            } else {
                f(c, k)
            }
        })
        .collect()
}

fn html_escape(c: char, k: u8) -> String {
    match (c, k % 4) {
        ('&', 0) => "&amp;".into(),
        ('&', 1) => "&#38;".into(),
        ('&', _) => "&#x26;".into(),
        ('/', 3) => "&#47;".into(),
        ('.', 2) => "&period;".into(),
        _ => c.to_string(),
    }
}

/// Checks that `raw` read as `format` gives `uri` once, written as `written`.
fn holds(format: Format, raw: &str, uri: &str, written: &str) -> Result<(), TestCaseError> {
    let found = scan(format, raw.as_bytes(), &Scanner::new(), Options::default());
    prop_assert_eq!(found.len(), 1, "{:?} in {:?}", found, raw);
    let f = &found[0];
    prop_assert_eq!(f.uri_lossy(), uri, "in {:?}", raw);
    prop_assert_eq!(
        &raw[f.start as usize..f.end as usize],
        written,
        "in {:?}",
        raw
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn html_text_and_attributes(u in uri(), c in prop::collection::vec(any::<u8>(), 1..16),
                                a in prose(), b in prose(), wbr in any::<prop::sample::Index>()) {
        let mut written = encode(&u, &c, html_escape);
        // A `<wbr>` between two characters (not inside a reference).
        let cuts: Vec<usize> = (8..written.len())
            .filter(|&i| {
                let before = &written[..i];
                before.rfind('&').is_none_or(|amp| before[amp..].contains(';'))
            })
            .collect();
        if !cuts.is_empty() && c[0] % 2 == 0 {
            written.insert_str(cuts[wbr.index(cuts.len())], "<wbr>");
        }
        holds(Format::Html, &format!("<p>{a} {written} {b}</p>\n"), &u, &written)?;
        let attr = encode(&u, &c, html_escape);
        holds(Format::Html, &format!("<p>{a} <a href=\"{attr}\">{b}</a></p>"), &u, &attr)?;
    }

    #[test]
    fn markdown_text_and_destinations(u in uri(), c in prop::collection::vec(any::<u8>(), 1..16),
                                      a in prose(), b in prose()) {
        // In text an `_` may open emphasis (as `_&amp;a_` does), so text
        // escapes every one; a destination has no emphasis.
        let md = |ch: char, k: u8| match (ch, k % 3) {
            ('_', _) => r"\_".to_string(),
            ('&', 1) => "&amp;".to_string(),
            ('-', 2) => r"\-".to_string(),
            _ => ch.to_string(),
        };
        let written = encode(&u, &c, md);
        holds(Format::Markdown, &format!("{a} {written} {b}\n"), &u, &written)?;
        let dest = |ch: char, k: u8| match (ch, k % 3) {
            ('_', 0) => r"\_".to_string(),
            ('&', 1) => "&amp;".to_string(),
            _ => ch.to_string(),
        };
        let written = encode(&u, &c, dest);
        holds(Format::Markdown, &format!("{a} [{b}]({written}) {b}\n"), &u, &written)?;
        holds(Format::Markdown, &format!("{a} [{b}][r]\n\n[r]: {written}\n"), &u, &written)?;
    }

    #[test]
    fn man_escapes(u in uri(), c in prop::collection::vec(any::<u8>(), 1..16), a in prose()) {
        let roff = |ch: char, k: u8| match (ch, k % 5) {
            ('-', 0) => r"\-".to_string(),
            ('.', 1) => r"\&.".to_string(),
            ('/', 2) => r"/\:".to_string(),
            (x, 3) => format!(r"\fB{x}\fR"),
            _ => ch.to_string(),
        };
        let written = encode_inner(&u, &c, roff);
        holds(Format::Man, &format!(".TH X 1\n{a} {written}\n"), &u, &written)?;
        holds(Format::Man, &format!(".TH X 1\n.UR {written}\n{a}\n.UE\n"), &u, &written)?;
    }

    #[test]
    fn json_escapes(u in uri(), c in prop::collection::vec(any::<u8>(), 1..16), a in prose()) {
        let json = |ch: char, k: u8| match (ch, k % 3) {
            ('/', 0) => r"\/".to_string(),
            (x, 1) => format!(r"\u{:04x}", x as u32),
            _ => ch.to_string(),
        };
        let written = encode(&u, &c, json);
        holds(Format::Json, &format!("{{\"k\": \"{a} {written}\", \"n\": 1}}"), &u, &written)?;
    }

    #[test]
    fn rst_and_asciidoc(u in uri(), c in prop::collection::vec(any::<u8>(), 1..16), a in prose()) {
        let rst = |ch: char, k: u8| match (ch, k % 2) {
            ('_', 0) => r"\_".to_string(),
            _ => ch.to_string(),
        };
        let written = encode(&u, &c, rst);
        holds(Format::Rst, &format!("{a} {written} {a}\n"), &u, &written)?;
        holds(Format::Rst, &format!("`{a} <{u}>`_\n"), &u, &u)?;
        holds(Format::Asciidoc, &format!("{a} {u}[{a}] {a}\n"), &u, &u)?;
    }
}

/// Bytes that markup is made of, and some that are not text at all.
fn markup() -> impl Strategy<Value = Vec<u8>> {
    let pieces = prop::sample::select(vec![
        "<",
        ">",
        "&",
        ";",
        "#",
        "x",
        "amp",
        "&#",
        "\\",
        "\"",
        "'",
        "`",
        "``",
        "[",
        "]",
        "(",
        ")",
        ":",
        "::",
        "//",
        "http://",
        "h.example/",
        ".",
        "..",
        "....",
        "----",
        "////",
        "\n",
        "\r",
        "\r\n",
        " ",
        "\t",
        "_",
        "*",
        ".TH",
        ".UR",
        "\\f",
        "\\(",
        "\\[",
        "\\*",
        "\\u",
        "\\ud83d",
        "<a href=",
        "<pre>",
        "</pre>",
        "<script>",
        "<!--",
        "-->",
        "```",
        "    ",
        "[x]: ",
        "<wbr>",
        "&shy;",
        "\u{ad}",
        "\u{feff}",
        "\0",
        "\u{fffd}",
        "日本",
        "é",
    ]);
    prop::collection::vec(
        prop_oneof![
            3 => pieces.prop_map(|s| s.as_bytes().to_vec()),
            1 => prop::collection::vec(any::<u8>(), 1..4),
        ],
        0..80,
    )
    .prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// No input makes a reader panic, and every range lies in the file.
    #[test]
    fn any_bytes_in_any_format(raw in markup(), code in any::<bool>()) {
        for format in Format::ALL {
            let found = scan(format, &raw, &Scanner::new(), Options { include_code: code });
            for f in found {
                prop_assert!(f.start <= f.end && f.end as usize <= raw.len(), "{f:?} {format}");
                prop_assert!(f.line_start <= f.start);
            }
        }
    }
}
