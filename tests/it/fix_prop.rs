//! Properties of fixes (SPEC section 12), on random documents of URIs that
//! need fixing, in text, Markdown and HTML: fixing reaches a text with
//! nothing left to fix in one run (a second run changes nothing), and every
//! byte outside the URIs (and the `URL:` of `<URL:...>`) is unchanged.

use proptest::prelude::*;
use urilint::document::{Located, scan_located};
use urilint::fix::Fixer;
use urilint::format::{Format, Options};
use urilint::rules::Linter;
use urilint::scan::{Delimiter, Scanner};

/// A URI with things to fix: case, ports, percent-encodings, a doubled
/// or mistyped scheme, a space or `|`, a non-ASCII letter.
fn uri() -> impl Strategy<Value = String> {
    let scheme = prop_oneof![
        Just("http://"),
        Just("HTTP://"),
        Just("Https://"),
        Just("htps://"),
        Just("http://https://"),
        Just("https://http//"),
        Just("http:/"),
    ];
    let host = prop_oneof![
        Just("www.acme.net"),
        Just("WWW.Acme.NET"),
        Just("bücher.acme.net"),
        Just("[2001:DB8::1]"),
    ];
    let port = prop_oneof![
        Just(""),
        Just(":80"),
        Just(":"),
        Just(":8080"),
        Just(":443")
    ];
    let piece = prop_oneof![
        Just("a"),
        Just("%7e"),
        Just("%7E"),
        Just("%3a"),
        Just("%2D"),
        Just("%41"),
        Just("é"),
        Just("|"),
        Just("^"),
        Just("."),
        Just("_"),
        Just("-"),
    ];
    (
        scheme,
        host,
        port,
        prop::collection::vec(piece, 0..6),
        "[a-z]",
    )
        .prop_map(|(s, h, p, path, last)| format!("{s}{h}{p}/{}{last}", path.concat()))
}

/// How a URI is written in the text: bare, in `<...>`, `<URL:...>`, broken
/// over lines inside `<...>` (at a hyphen or not), or quoted.
fn written(uri: String, how: u8) -> String {
    let half = uri
        .char_indices()
        .map(|(i, _)| i)
        .nth(uri.chars().count() / 2)
        .unwrap();
    match how % 6 {
        0 => uri,
        1 => format!("<{uri}>"),
        2 => format!("<URL: {uri}>"),
        3 => format!("<{}\n   {}>", &uri[..half], &uri[half..]),
        4 => format!("<{}-\n  {}>", &uri[..half], &uri[half..]),
        _ => format!("\"{uri}\""),
    }
}

/// How a URI sits in each format.
fn document(format: Format, uris: &[(String, u8)]) -> String {
    let mut out = String::new();
    for (i, (uri, how)) in uris.iter().enumerate() {
        let w = written(uri.clone(), *how);
        let line = match (format, how % 3) {
            (Format::Markdown, 0) => format!("see [link {i}](<{uri}>) here\n\n"),
            (Format::Html, 0) => format!(
                "<p>see <a href=\"{}\">{i}</a></p>\n",
                uri.replace('&', "&amp;")
            ),
            (Format::Html, _) => format!(
                "<p>see {} here</p>\n",
                w.replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
            ),
            _ => format!("see {w} here.\n\n"),
        };
        out.push_str(&line);
    }
    out
}

/// The text of `raw` outside its URIs, in order: the bytes between each
/// URI's span (its `URL:` prefix taken with it) and the next.
fn outside(raw: &[u8], located: &[Located]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut at = 0usize;
    for l in located {
        let f = &l.finding;
        let mut start = f.start as usize;
        if f.delimiter == Delimiter::AngleUrlPrefix {
            while start > 0 && raw[start - 1].is_ascii_whitespace() {
                start -= 1;
            }
            start -= 4;
        }
        out.push(raw[at.min(start)..start].to_vec());
        at = at.max(f.end as usize);
    }
    out.push(raw[at.min(raw.len())..].to_vec());
    out
}

fn check(format: Format, uris: &[(String, u8)]) -> Result<(), TestCaseError> {
    let doc = document(format, uris);
    let scanner = Scanner::new();
    let linter = Linter::all();
    let fixer = Fixer::new(&scanner, &linter, Options::default()).unsafe_fixes(true);
    let fixed = fixer.fix(format, doc.as_bytes(), &|_| false);
    // Nothing is left to fix: a second run changes nothing.
    let again = fixer.fix(format, &fixed.text, &|_| false);
    prop_assert_eq!(
        String::from_utf8_lossy(&again.text),
        String::from_utf8_lossy(&fixed.text),
        "a second run fixed {:?}",
        again.applied
    );
    prop_assert!(again.applied.is_empty());
    // Only the URIs changed: the same number of them, and the same text
    // between them.
    let before = scan_located(format, doc.as_bytes(), &scanner, Options::default());
    let after = scan_located(format, &fixed.text, &scanner, Options::default());
    prop_assert_eq!(before.len(), after.len());
    let a = outside(doc.as_bytes(), &before);
    // `outside` leaves `URL:` out, so a prefix dropped changes nothing.
    let b = outside(&fixed.text, &after);
    prop_assert_eq!(a, b);
    // In text, where no markup can read a fixed byte otherwise, nothing is
    // left with a fix that can be written (in markup, a fix after which
    // the file would read otherwise is dropped: `~a~` is struck through in
    // Markdown, so `%7Ea%7E` stays; the second run above shows it is not
    // tried again).
    if format != Format::Text {
        return Ok(());
    }
    for l in &after {
        for d in linter.check(&l.finding) {
            if let Some(fix) = &d.fix {
                let mapped = urilint::fix::raw_edits(
                    fix,
                    l,
                    &fixed.text,
                    0,
                    urilint::fix::Syntax::of(format).unwrap(),
                );
                prop_assert!(
                    mapped.is_none(),
                    "{} left with a fix on {:?} in {:?}",
                    d.rule,
                    l.finding.uri_lossy(),
                    String::from_utf8_lossy(&fixed.text)
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn text_fixes_reach_normal_form_and_touch_only_uris(uris in prop::collection::vec((uri(), any::<u8>()), 1..5)) {
        check(Format::Text, &uris)?;
    }

    #[test]
    fn markdown_fixes_reach_normal_form_and_touch_only_uris(uris in prop::collection::vec((uri(), any::<u8>()), 1..5)) {
        check(Format::Markdown, &uris)?;
    }

    #[test]
    fn html_fixes_reach_normal_form_and_touch_only_uris(uris in prop::collection::vec((uri(), any::<u8>()), 1..5)) {
        check(Format::Html, &uris)?;
    }
}

/// Issue 49: plain text fixed a window at a time reads as it does fixed
/// whole, whatever is cut where: URIs broken over lines in `<...>` and
/// `"..."`, a `disable` in one window and its `enable` windows later, an
/// `ignore-next-line` on a window's last line.
#[test]
fn text_fixed_in_windows_is_text_fixed_whole() {
    let scanner = Scanner::new();
    let linter = Linter::all();
    let fixer = Fixer::new(&scanner, &linter, Options::default()).unsafe_fixes(true);
    let mut text = String::new();
    for i in 0..16_000 {
        text.push_str(&match i % 9 {
            0 => format!("see <HTTP://A{i}.example/long\n  path/%7e{i}> here\n"),
            1 => format!("quoted \"HTTP://B{i}.example/a\nb/%41\" there\n"),
            2 => "urilint: disable[uppercase-scheme-or-host]\n".to_string(),
            3 => format!("HTTP://C{i}.Example/x htps://d{i}.example/\n"),
            4 => "urilint: ignore-next-line[scheme-typo]\n".to_string(),
            5 => format!("htps://e{i}.example/ and <URL:http://f{i}.example/>\n"),
            6 => "urilint: enable\n\n".to_string(),
            _ => format!("plain http://g{i}.example:80/%7e and HTTP://H{i}.example/\n"),
        });
    }
    let raw = text.as_bytes();
    assert!(raw.len() > 2 * urilint::fix::WINDOW);
    assert!(urilint::fix::windows(raw, urilint::fix::WINDOW).len() > 2);
    let whole = fixer.fix(Format::Text, raw, &|_| false);
    let windowed = fixer.fix_text(raw, &|_| false);
    assert!(whole.applied.values().sum::<usize>() > 10_000);
    assert_eq!(windowed.applied, whole.applied);
    assert!(windowed.text == whole.text, "the fixed texts differ");
}

#[test]
fn windows_are_cut_where_no_uri_goes_on() {
    use urilint::fix::windows;
    let text = b"a <http://x/\n y>\nb \"http://z/\nw\"\nc\n";
    // Cut as soon as a window is 1 byte: after each line that closes.
    let cuts: Vec<_> = windows(text, 1).into_iter().map(|r| r.end).collect();
    assert_eq!(cuts, [17, 33, 35]);
    assert_eq!(windows(b"no line end", 4), vec![0..11usize]);
}
