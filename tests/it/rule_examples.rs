//! Every rule's examples are its tests (SPEC section 3): each bad example in
//! `rules/<id>.toml` must trigger the rule, and no good example may.

use std::collections::BTreeSet;

use urilint::rules::{Linter, Severity, docs};
use urilint::scan::{MIN_MAX_URI_LEN, Scanner};

/// The rules an example text triggers, every rule enabled and notes
/// shown. Examples are scanned with the smallest cap, so `uri-too-long`'s
/// example stays readable.
fn triggered(text: &str) -> BTreeSet<String> {
    let scanner = Scanner::builder().max_uri_len(MIN_MAX_URI_LEN).build();
    let linter = Linter::all();
    let findings: Vec<_> = scanner.scan(text.as_bytes()).collect();
    assert!(!findings.is_empty(), "example {text:?} holds no URI");
    findings
        .iter()
        .flat_map(|f| linter.check(f))
        .map(|d| d.rule.into_owned())
        .collect()
}

/// The rules a link rule's example triggers: the example is a Markdown
/// file, `README.md`, alone in a folder (SPEC section 11).
fn triggered_links(text: &str) -> BTreeSet<String> {
    use urilint::format::{Format, Options, references};
    use urilint::links::{LinkOptions, Links, Source};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("README.md");
    std::fs::write(&path, text).unwrap();
    let refs = references(Format::Markdown, text.as_bytes(), Options::default());
    assert!(
        !refs.is_empty(),
        "example {text:?} holds no relative reference"
    );
    let links = Links::new(LinkOptions::default());
    let source = Source {
        path: &path,
        tree: dir.path(),
    };
    let (problems, _) = links.check(&source, &refs);
    let linter = Linter::all();
    problems
        .iter()
        .flat_map(|(i, p)| {
            let finding = refs[*i].finding();
            linter.check_link(&finding, p)
        })
        .map(|d| d.rule.into_owned())
        .collect()
}

/// The rules a text draws as a Markdown file with every rule selected:
/// the suppression rules report comments, not URIs, so the checker runs
/// them.
fn triggered_suppressions(text: &str) -> BTreeSet<String> {
    use urilint::check::{Checker, Options};
    use urilint::config::Config;
    use urilint::report::Collected;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("README.md");
    std::fs::write(&path, text).unwrap();
    let config = Config::default();
    let linter = config
        .linter_builder()
        .unwrap()
        .select(["all".to_string()])
        .build()
        .unwrap();
    let mut checker = Checker::new(&config, None, linter, Options::default()).unwrap();
    let mut sink = Collected::default();
    checker
        .check_text(&path, text.as_bytes(), Some(dir.path()), &mut sink)
        .map_err(|s| s.error)
        .unwrap();
    sink.records.into_iter().map(|r| r.rule).collect()
}

#[test]
fn every_bad_example_triggers_its_rule_and_no_good_one_does() {
    let mut failures = Vec::new();
    for doc in docs() {
        if doc.bad.is_empty() || doc.good.is_empty() {
            failures.push(format!("{}: needs bad and good examples", doc.id));
        }
        let triggered = if doc.links {
            triggered_links
        } else if doc.suppressions {
            triggered_suppressions
        } else {
            triggered
        };
        for text in &doc.bad {
            if !triggered(text).contains(&doc.id) {
                failures.push(format!("{}: bad example not caught: {text:?}", doc.id));
            }
        }
        for text in &doc.good {
            let got = triggered(text);
            if got.contains(&doc.id) {
                failures.push(format!("{}: good example flagged: {text:?}", doc.id));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn rules_and_default_severities_are_those_of_the_spec() {
    use Severity::*;
    let spec = [
        ("embedded-password", Error),
        ("deceptive-userinfo", Error),
        ("well-known-port", Error),
        ("non-default-port", Warning),
        ("encoded-delimiter", Error),
        ("rare-ip-format", Warning),
        ("unsafe-character", Warning),
        ("control-character", Error),
        ("non-ascii", Warning),
        ("invalid-percent-encoding", Error),
        ("lowercase-percent-encoding", Note),
        ("unnecessary-percent-encoding", Note),
        ("uppercase-scheme-or-host", Note),
        ("default-port", Note),
        // SPEC section 3a: correctness.
        ("doubled-scheme", Error),
        ("empty-port", Note),
        ("invalid-port", Error),
        ("invalid-host", Error),
        ("invalid-syntax", Error),
        ("scheme-syntax", Warning),
        ("dot-segments", Note),
        ("experimental-scheme", Note),
        ("hyphen-line-break", Warning),
        ("broken-across-lines", Note),
        ("url-prefix", Note),
        // Not in the SPEC's table: SPEC E6's finding for URIs over the cap.
        ("uri-too-long", Warning),
        // SPEC section 3a and 10: secrets.
        ("embedded-token", Error),
        ("secret-in-query", Error),
        ("secret-in-path", Error),
        // SPEC section 3a: correctness.
        ("scheme-typo", Error),
        // Not in the SPEC's table: punctuation typed inside `<...>`, found
        // reviewing real-docs (issue 11).
        ("trailing-punctuation", Warning),
        ("url-in-path", Warning),
        // SPEC section 11: link integrity.
        ("broken-relative-link", Error),
        ("broken-fragment", Warning),
        // SPEC section 3a: deception (issue 17).
        ("mixed-script-host", Error),
        ("confusable-host", Warning),
        ("parser-differential", Error),
        // SPEC section 13: suppression comments (issue 34).
        ("invalid-suppression", Error),
        ("unused-suppression", Warning),
    ];
    let mut want: Vec<(String, Severity)> =
        spec.iter().map(|&(id, s)| (id.to_string(), s)).collect();
    want.sort();
    let got: Vec<(String, Severity)> = docs().iter().map(|d| (d.id.clone(), d.severity)).collect();
    assert_eq!(got, want);
    for d in docs() {
        assert!(
            // RFCs, and for the deception rules the Unicode and WHATWG
            // standards they implement.
            !d.references.is_empty()
                && d.references.iter().all(|r| {
                    r.starts_with("RFC")
                        || r.starts_with("Unicode UTS #39")
                        || r.starts_with("WHATWG URL")
                        // The rules of suppression comments come from the
                        // SPEC, not from an RFC.
                        || (d.suppressions && r.starts_with("SPEC section"))
                }),
            "{}",
            d.id
        );
    }
}

/// SPEC section 3a: every rule has a group, and the default set holds the
/// rules whose findings were real problems on real documentation.
#[test]
fn groups_and_the_default_set() {
    use urilint::rules::Group::{self, *};
    let by_group = |g: Group| -> Vec<&str> {
        docs()
            .iter()
            .filter(|d| d.group == g)
            .map(|d| d.id.as_str())
            .collect()
    };
    assert_eq!(
        by_group(Security),
        [
            "confusable-host",
            "deceptive-userinfo",
            "embedded-password",
            "embedded-token",
            "encoded-delimiter",
            "mixed-script-host",
            "parser-differential",
            "rare-ip-format",
            "secret-in-path",
            "secret-in-query",
            "well-known-port"
        ]
    );
    assert_eq!(
        by_group(Style),
        [
            "default-port",
            "dot-segments",
            "empty-port",
            "lowercase-percent-encoding",
            "unnecessary-percent-encoding",
            "uppercase-scheme-or-host",
            "url-prefix"
        ]
    );
    let off: Vec<&str> = docs()
        .iter()
        .filter(|d| !d.default)
        .map(|d| d.id.as_str())
        .collect();
    assert_eq!(
        off,
        [
            "broken-across-lines",
            "default-port",
            "dot-segments",
            "empty-port",
            "experimental-scheme",
            "lowercase-percent-encoding",
            "non-ascii",
            "non-default-port",
            "scheme-syntax",
            "unnecessary-percent-encoding",
            "unsafe-character",
            "unused-suppression",
            "uppercase-scheme-or-host",
            "uri-too-long",
            "url-in-path",
            "url-prefix"
        ]
    );
    // Every default rule is a security or correctness one, and no note
    // rule runs by default.
    for d in docs().iter().filter(|d| d.default) {
        assert!(matches!(d.group, Security | Correctness), "{}", d.id);
        assert_ne!(d.severity, Severity::Note, "{}", d.id);
    }
}

#[test]
fn a_clean_uri_triggers_nothing() {
    for text in [
        "https://www.rfc-editor.org/rfc/rfc3986.html#appendix-C",
        "mailto:someone@example.org",
        "urn:isbn:0451450523",
        "ldap://[2001:db8::7]/c=GB?objectClass?one",
        "\"http://www.w3.org/Addressing/\"",
    ] {
        assert_eq!(triggered(text), BTreeSet::new(), "{text}");
    }
}

/// SPEC section 12: each fixable rule's `fixed` examples, as text with
/// that rule alone selected, become exactly what its doc says; the rules
/// with a fix are those the issue names, with the applicability it gives.
#[test]
fn every_fix_example_fixes_as_its_doc_says() {
    use urilint::fix::Fixer;
    use urilint::format::{Format, Options};
    use urilint::rules::Applicability::{self, *};
    let mut failures = Vec::new();
    let mut fixable: Vec<(String, Applicability)> = Vec::new();
    for doc in docs() {
        let Some(applicability) = doc.fix else {
            if !doc.fixed.is_empty() {
                failures.push(format!("{}: fix examples but no `fix`", doc.id));
            }
            continue;
        };
        fixable.push((doc.id.clone(), applicability));
        if doc.fixed.is_empty() {
            failures.push(format!("{}: `fix` without `fixed` examples", doc.id));
        }
        let linter = Linter::builder().select([doc.id.as_str()]).build().unwrap();
        let scanner = Scanner::new();
        for (before, after) in &doc.fixed {
            // The safe fixes alone: an unsafe fix changes nothing.
            let safe = Fixer::new(&scanner, &linter, Options::default());
            let got = safe.fix(Format::Text, before.as_bytes(), &|_| false);
            let want = if applicability == Safe { after } else { before };
            if got.text != want.as_bytes() {
                failures.push(format!(
                    "{}: {before:?} became {:?} with safe fixes, not {want:?}",
                    doc.id,
                    String::from_utf8_lossy(&got.text)
                ));
            }
            let all = Fixer::new(&scanner, &linter, Options::default()).unsafe_fixes(true);
            let got = all.fix(Format::Text, before.as_bytes(), &|_| false);
            if got.text != after.as_bytes() {
                failures.push(format!(
                    "{}: {before:?} became {:?}, not {after:?}",
                    doc.id,
                    String::from_utf8_lossy(&got.text)
                ));
            }
            if got.applied.get(&doc.id).copied().unwrap_or(0) == 0 {
                failures.push(format!("{}: {before:?}: no fix counted", doc.id));
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    let names: Vec<(&str, Applicability)> =
        fixable.iter().map(|(id, a)| (id.as_str(), *a)).collect();
    assert_eq!(
        names,
        [
            ("broken-across-lines", Unsafe),
            ("default-port", Safe),
            ("doubled-scheme", Safe),
            ("empty-port", Safe),
            ("hyphen-line-break", Unsafe),
            ("lowercase-percent-encoding", Safe),
            ("non-ascii", Unsafe),
            ("scheme-typo", Unsafe),
            ("unnecessary-percent-encoding", Safe),
            ("unsafe-character", Safe),
            ("uppercase-scheme-or-host", Safe),
            ("url-prefix", Safe),
        ]
    );
}

/// Every diagnostic the full rule set gives `text`, as (rule, severity,
/// message), notes included.
fn diagnostics(text: &str) -> Vec<(String, Severity, String)> {
    let linter = Linter::all();
    Scanner::new()
        .scan(text.as_bytes())
        .flat_map(|f| linter.check(&f))
        .map(|d| (d.rule.into_owned(), d.severity, d.message))
        .collect()
}

/// The diagnostics of `rule` alone.
fn of(rule: &str, text: &str) -> Vec<(Severity, String)> {
    diagnostics(text)
        .into_iter()
        .filter(|(r, _, _)| r == rule)
        .map(|(_, s, m)| (s, m))
        .collect()
}

/// Issue 30: one problem is one finding. A rule reports a URI once, counting
/// the rest in its message, whatever it found in it.
#[test]
fn one_finding_per_rule_per_uri() {
    let path = format!("http://acme.net/{}", "a%0A".repeat(25));
    assert_eq!(
        of("encoded-delimiter", &path),
        [(
            Severity::Error,
            "`%0A` encodes a line feed, used to inject headers or cut strings short (24 more)"
                .to_string()
        )]
    );
    assert_eq!(
        of("uppercase-scheme-or-host", "HTTP://Acme.NET/"),
        [(
            Severity::Note,
            "scheme `HTTP` is not in lower case (1 more)".to_string()
        )]
    );
    // Three copies are three URIs, each reported once.
    let copies = "http://acme.net/a%0D%0Ab%0D%0A ".repeat(3);
    assert_eq!(of("encoded-delimiter", &copies).len(), 3);
}

/// Issue 30: rules know the component and the scheme they look at, and
/// data, samples, templates and patterns are read as such.
#[test]
fn data_in_uris_is_read_as_data() {
    // A permalink's payload and a hexdump sent as form data: no finding.
    let permalink = format!(
        "https://spec.commonmark.org/dingus/?text={}",
        "a%0A".repeat(25)
    );
    assert_eq!(of("encoded-delimiter", &permalink), []);
    let hexdump = "http://lists.acme.net/cgi?f3=0000000++18+00+00%0D%0A0000010++2a+ff%0D%0A";
    assert_eq!(of("encoded-delimiter", hexdump), []);
    assert_eq!(of("encoded-delimiter", "https://acme.net/p#a%0Ab"), []);
    // A NUL is a NUL anywhere; a mailto: query is headers (RFC 6068 s2).
    assert_eq!(
        of("encoded-delimiter", "http://acme.net/?f=x%00.jpg").len(),
        1
    );
    assert_eq!(
        of(
            "encoded-delimiter",
            "mailto:a@acme.net?subject=x%0D%0ABcc:b@acme.net"
        ),
        [(
            Severity::Error,
            "`%0D` encodes a carriage return, used to inject headers or cut strings short (1 more)"
                .to_string()
        )]
    );
    // Schemes in wide use without a registration are no typos.
    for uri in [
        "gs://my-bucket/o",
        "s3a://b/k",
        "hdfs://nn:8020/x",
        "abfss://c@a.dfs.core.windows.net/p",
    ] {
        assert_eq!(diagnostics(uri), [], "{uri}");
    }
    // Build-time substitutions are templates, not bad percent-encodings.
    assert_eq!(
        diagnostics("https://unpkg.com/browse/prettier@%PRETTIER_VERSION%/plugins"),
        []
    );
    // A link checker's regex is not a URI.
    assert_eq!(diagnostics(r"exclude = ['^https://www\.python\.org/']"), []);
    // A file name where a `file:` host goes (BitBake) is no DNS label.
    let bitbake = "file://0001-fix-the-build-with-gcc-14-by-declaring-the-callbacks-first.patch";
    assert_eq!(of("invalid-host", bitbake), []);
    // jwt.io's sample token is a note; a hex document id under `key` is no
    // secret; a Google API key under `key` is one.
    let sample = "https://jwt.io/#debugger-io?token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.\
        eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.\
        SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
    assert_eq!(
        of("secret-in-query", sample),
        [(
            Severity::Note,
            "parameter `token` holds an example secret; keep real ones out of URIs".to_string()
        )]
    );
    assert_eq!(
        of(
            "secret-in-query",
            "https://www.acme.net/r.pdf?key=7c888d0e8a2f4e7bb5c1f0a9d3e6b2c4"
        ),
        []
    );
    assert_eq!(
        of(
            "secret-in-query",
            "https://maps.acme.net/js?key=AIzaSyQk3Lm8Np2Rt7Vx1Zc4Bd9Fg6Hj0Kl5Mq"
        )
        .len(),
        1
    );
}
