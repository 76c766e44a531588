//! Parser differentials (issue 17): for each URI, the host an RFC 3986
//! parser and a WHATWG URL parser (browsers) see, and whether
//! `parser-differential` reports it. Cases from the WHATWG URL Standard
//! (special authority slashes, `\` as `/`, the IPv4 parser), curl's
//! URL-SYNTAX.md and RFC 3986 s7.6.

use urilint::document::scan;
use urilint::format::{Format, Options};
use urilint::rules::Linter;
use urilint::scan::Scanner;
use urilint::uri::differential::Views;

/// What a parser sees: a host, no host (`-`: no authority), or a refusal
/// (`!`). The last column: whether the rule reports the URI written as an
/// HTML link's target.
const NONE: &str = "-";
const REJECTED: &str = "!";

#[rustfmt::skip]
const CASES: &[(&str, &str, &str, bool)] = &[
    // `\` is `/` to a browser in special schemes.
    (r"https://evil.example\@good.example/", "good.example", "evil.example", true),
    (r"https://good.example\evil.example/", r"good.example\evil.example", "good.example", true),
    (r"http://evil.example\\@good.example/", "good.example", "evil.example", true),
    (r"wss://evil.example\@good.example/", "good.example", "evil.example", true),
    (r"ws://evil.example\@good.example/x", "good.example", "evil.example", true),
    (r"ftp://evil.example\@good.example/", "good.example", "evil.example", true),
    (r"http://good.example:80\@evil.example/", "evil.example", "good.example", true),
    // No `//`: RFC 3986 reads a path, a browser a host. One slash, or
    // three, is scheme-typo's finding (with a fix), not this rule's.
    ("https:/good.example/login", NONE, "good.example", false),
    ("https:good.example/login", NONE, "good.example", true),
    (r"http:/\evil.example/", NONE, "evil.example", false),
    (r"https:\\evil.example/", NONE, "evil.example", true),
    ("ws:/evil.example/", NONE, "evil.example", false),
    ("ftp:evil.example/x", NONE, "evil.example", true),
    // Extra slashes: an empty authority, or a browser skipping them.
    ("https:///evil.example/", "", "evil.example", false),
    ("http:////evil.example/", "", "evil.example", false),
    // A tab or newline in the host: a browser drops it, and so does
    // urilint's HTML reader (the URL Standard's parser strips them), so in
    // an href no differential is left for the rule.
    ("http://exa\tmple.com/", "exa\tmple.com", "example.com", false),
    ("http://exa\nmple.com/", "exa\nmple.com", "example.com", false),
    // IPv4 forms: numbers to a browser, names to RFC 3986 (the numeric
    // forms are rare-ip-format's finding, not this rule's).
    ("http://0x7f.1/", "0x7f.1", "127.0.0.1", false),
    ("http://0177.0.0.1/", "0177.0.0.1", "127.0.0.1", false),
    ("http://2130706433/", "2130706433", "127.0.0.1", false),
    ("http://127.1/", "127.1", "127.0.0.1", false),
    ("http://0x7f000001/", "0x7f000001", "127.0.0.1", false),
    ("http://0x7f.0.0.1/", "0x7f.0.0.1", "127.0.0.1", false),
    ("http://1.2.3.08/", "1.2.3.08", REJECTED, true),
    ("http://1.2.3.4.5/", "1.2.3.4.5", REJECTED, true),
    // Four decimal parts, one above 255: invalid-host's finding.
    ("http://1.2.3.256/", "1.2.3.256", REJECTED, false),
    // With a trailing dot rare-ip-format does not read them: this rule does.
    ("http://0x7f.1./", "0x7f.1.", "127.0.0.1", true),
    ("http://127.0.0.1./", "127.0.0.1.", "127.0.0.1", true),
    // Digits a browser maps (UTS #46) to ASCII ones make an address.
    ("http://①②⑦.0.0.1/", "①②⑦.0.0.1", "127.0.0.1", true),
    ("http://192.168.0.1/", "192.168.0.1", "192.168.0.1", false),
    // IPv6 literals, in any form of the same address.
    ("http://[::1]/", "[::1]", "[::1]", false),
    ("http://[0:0:0:0:0:0:0:1]/", "[::1]", "[::1]", false),
    ("http://[::ffff:127.0.0.1]/", "[::ffff:127.0.0.1]", "[::ffff:127.0.0.1]", false),
    // Case, percent-encoding and IDNA: the same host both ways.
    ("http://EXAMPLE.com/", "example.com", "example.com", false),
    ("http://ex%61mple.com/", "example.com", "example.com", false),
    ("https://%65vil.example/", "evil.example", "evil.example", false),
    ("http://bücher.example/", "xn--bcher-kva.example", "xn--bcher-kva.example", false),
    ("http://xn--pple-43d.com/", "xn--pple-43d.com", "xn--pple-43d.com", false),
    ("http://example.com./", "example.com.", "example.com.", false),
    // `@` and the delimiters that end an authority: parsers agree.
    ("http://good.example@evil.example/", "evil.example", "evil.example", false),
    ("http://a@b@evil.example/", "evil.example", "evil.example", false),
    ("http://evil.example#@good.example/", "evil.example", "evil.example", false),
    ("http://evil.example?@good.example/", "evil.example", "evil.example", false),
    ("http://evil.example/@good.example/", "evil.example", "evil.example", false),
    ("http://user:pass@good.example/", "good.example", "good.example", false),
    // Encoded delimiters in userinfo: agreed here, but a parser that
    // decodes before it splits sees the name before them.
    ("http://good.example%2F@evil.example/", "evil.example", "evil.example", true),
    ("http://good.example%3F@evil.example/", "evil.example", "evil.example", true),
    ("http://good.example%23@evil.example/", "evil.example", "evil.example", true),
    ("http://user%40good.example@evil.example/", "evil.example", "evil.example", false),
    ("http://good.example%5C@evil.example/", "evil.example", "evil.example", true),
    // An escape in a password splits nothing that looks like a host.
    ("http://user:p%2Fss@example.com/", "example.com", "example.com", false),
    // An empty password, which a browser drops.
    ("ftp://anonymous:@ftp.example.org/pub/", "ftp.example.org", "ftp.example.org", false),
];

fn shown(host: &Option<String>) -> &str {
    host.as_deref().unwrap_or(NONE)
}

#[test]
fn each_parser_sees_the_host_the_table_says() {
    assert!(CASES.len() >= 40, "{} cases", CASES.len());
    for &(uri, rfc, whatwg, _) in CASES {
        let v = Views::of(uri.as_bytes());
        assert_eq!(shown(&v.rfc.host), rfc, "RFC 3986 on {uri:?}");
        let web = match &v.whatwg {
            Ok(view) => shown(&view.host).to_string(),
            Err(_) => REJECTED.to_string(),
        };
        assert_eq!(web, whatwg, "WHATWG on {uri:?}");
    }
}

#[test]
fn the_rule_reports_each_disagreement() {
    let linter = Linter::builder()
        .select(["parser-differential".to_string()])
        .build()
        .unwrap();
    // As an HTML link: its target is read whole (a tab or `\` in an href
    // is the URI's).
    let scanner = Scanner::builder().build();
    for &(uri, _, _, fires) in CASES {
        let html = format!("<a href=\"{uri}\">x</a>\n");
        let found = scan(Format::Html, html.as_bytes(), &scanner, Options::default());
        let hits: Vec<String> = found
            .iter()
            .flat_map(|f| linter.check(f))
            .map(|d| d.message.to_string())
            .collect();
        assert_eq!(
            !hits.is_empty(),
            fires,
            "{uri:?}: {hits:?} (found {:?})",
            found
                .iter()
                .map(|f| f.uri_lossy().into_owned())
                .collect::<Vec<_>>()
        );
    }
}

/// RFC 3986 s7.6's own example of a deceptive authority is reported.
#[test]
fn rfc_3986_s7_6_example() {
    let linter = Linter::new();
    let uri = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm";
    let found: Vec<_> = Scanner::builder().build().scan(uri.as_bytes()).collect();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].uri, uri.as_bytes());
    let rules: Vec<String> = linter
        .check(&found[0])
        .into_iter()
        .map(|d| format!("{}: {}", d.rule, d.message))
        .collect();
    assert_eq!(
        rules,
        [
            "deceptive-userinfo: userinfo holds the host name `cnn.example.com`, but the host is `10.0.0.1`"
        ]
    );
}

/// What the deception rules must leave alone, from a red-team pass over
/// them: each URI triggers none of the four.
#[test]
fn legitimate_forms_are_left_alone() {
    let linter = Linter::builder()
        .select(
            [
                "mixed-script-host",
                "confusable-host",
                "parser-differential",
                "deceptive-userinfo",
            ]
            .map(String::from),
        )
        .build()
        .unwrap();
    let scanner = Scanner::builder().build();
    for text in [
        // Mail addresses as user names on their own domain's server.
        "https://john.doe%40company.com@git.company.com/repo.git",
        "ftp://user@example.com@ftp.example.com/",
        // User names with dots, and a host named twice.
        "http://first.last.name@example.org/",
        "http://jan.de@example.org/",
        "http://paypal.com@paypal.com/",
        // Passwords: empty, or with escaped delimiters.
        "ftp://anonymous:@ftp.gnu.org/pub/",
        "http://user:p%2Fss@example.com/",
        "https://ghp_AbCdEf123456%2Fx@github.com/",
        // Fullwidth letters IDNA maps to the ASCII name they show.
        "https://ａｐｐｌｅ.com/",
        // Names at home under their script's top-level domain.
        "https://бг.bg/",
        "https://пример.рф/",
        "https://орех.ru/",
        // Thai prose run on after a URI.
        "ดูรายละเอียดที่https://example.comครับ",
        // International names.
        "https://bücher.example/ https://日本語テキスト.jp/ https://한국어.kr/",
    ] {
        let hits: Vec<String> = scanner
            .scan(text.as_bytes())
            .flat_map(|f| linter.check(&f))
            .map(|d| format!("{}: {}", d.rule, d.message))
            .collect();
        assert!(hits.is_empty(), "{text}: {hits:?}");
    }
}

/// A password never reaches these rules' messages, whatever a parser
/// makes of it.
#[test]
fn no_message_names_a_password() {
    let linter = Linter::all();
    let scanner = Scanner::builder().build();
    for (text, password) in [
        (
            "http://admin:Tr0ub4dor%40Horse7%2Fbattery@db.corp.net/",
            "horse7",
        ),
        ("ftp://svc:Q9%40zLmX4%23tail@files.corp.net/", "zlmx4"),
        (
            r#"<a href="http://admin:S3cr3t@Pa55w0rd\xyz@db.corp.net/">"#,
            "pa55w0rd",
        ),
        ("http://paypal.com%3A@hunter2@/", "hunter2"),
    ] {
        let found: Vec<_> = if text.starts_with('<') {
            scan(Format::Html, text.as_bytes(), &scanner, Options::default())
        } else {
            scanner.scan(text.as_bytes()).collect()
        };
        assert!(!found.is_empty(), "{text}");
        for f in &found {
            for d in linter.check(f) {
                assert!(
                    !d.message.to_lowercase().contains(password),
                    "{text}: {}: {}",
                    d.rule,
                    d.message
                );
            }
        }
    }
}
