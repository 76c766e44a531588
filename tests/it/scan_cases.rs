//! The scanner's behaviour, case by case, with the expected URIs marked
//! inside the input between `|` (SPEC section 1). Every case is also checked
//! through the streaming reader at several chunk sizes.

use crate::common;

use common::{assert_found, scan_all_ways, uris};
use urilint::scan::{Delimiter, Finding, Flags, Scanner};

fn scan(text: &str) -> Vec<Finding> {
    scan_all_ways(Scanner::builder, text.as_bytes())
}

// SPEC E2: what starts a URI.

#[test]
fn hierarchical_and_opaque_schemes_are_found() {
    assert_found("|http://x|");
    assert_found("write to |mailto:a@b| today");
    assert_found("in |news:comp.lang.c| there");
    assert_found("the book |urn:isbn:0451450523| is");
    assert_found("call |tel:+1-201-555-0123|");
    assert_found("|data:text/plain;charset=utf-8,hi|");
    assert_found("upper case |HTTP://EXAMPLE.COM/| and |MailTo:x@y|");
}

#[test]
fn prose_with_colons_gives_nothing() {
    for text in [
        "Note: x",
        "Re: hi",
        "at 12:30 today",
        "John 3:1",
        r"C:\Windows\System32",
        "TODO: fix",
        "TODO:fix",
        "ratio 16:9",
        "a::b::c",
        "key: value\nother:thing",
        "::::::",
        "http:// alone",
        "http://",
        "see https: alone",
        "https:",
        "http:/ x",
        "<>",
        "<URL:>",
        "<URL: >",
        "mailto: someone",
        "mailto:",
        "news: today",
        "x-unknown:opaque",
        "1http is not a scheme: 1",
    ] {
        assert_eq!(uris(text), Vec::<String>::new(), "{text:?}");
    }
}

#[test]
fn scheme_starts_at_its_first_letter() {
    assert_found("12|http://x.org/|");
    assert_found("...|http://x.org/|");
    assert_found("see:|http://x.org/|");
    assert_found("-|svn+ssh://host/repo|");
    assert_found("|xsvn+ssh://host/repo|"); // a letter before it belongs to the scheme
    assert_found("|git+https://host/r.git|");
}

#[test]
fn a_scheme_longer_than_64_octets_is_not_looked_for() {
    let long = format!("{}://x.org/", "a".repeat(65));
    assert_eq!(uris(&long), Vec::<String>::new());
    let ok = format!("{}://x.org/", "a".repeat(64));
    assert_eq!(uris(&ok), [ok]);
}

// SPEC E3: delimiters.

#[test]
fn angle_brackets() {
    assert_found("see <|http://x.org/a|> now");
    assert_found("<|mailto:a@b.c|>");
    // A line break inside is removed (RFC 3986 App. C); a space within one
    // line ends the URI, and the rest up to `>` is prose (SPEC section 9).
    assert_found("a<|http://x.org/a\n b|>");
    assert_found("a<|http://x.org/a| b>");
    assert_found("<|mailto:usrp-users| at lists.ettus.com>");
    assert_found("<|https://www.octave.org| link to GNU Octave>");
    assert_eq!(
        scan("<https://www.octave.org link>")[0].delimiter,
        Delimiter::Angle
    );
    let f = &scan("see <http://x.org/a> now")[0];
    assert_eq!(f.delimiter, Delimiter::Angle);
    assert_eq!(f.flags, Flags::default());
}

#[test]
fn url_prefix_with_and_without_space() {
    assert_found("<URL:|ftp://x.org/a|>");
    assert_found("<URL: |ftp://x.org/a|>");
    assert_found("<URL:\n   |ftp://x.org/a|>");
    assert_found("<url:|http://x.org/|>");
    for text in ["<URL:ftp://x.org/a>", "<URL: ftp://x.org/a>"] {
        assert_eq!(scan(text)[0].delimiter, Delimiter::AngleUrlPrefix, "{text}");
        assert_eq!(scan(text)[0].flags, Flags::default(), "{text}");
    }
}

#[test]
fn quotes() {
    assert_found(r#"href="|http://x.org/a|">"#);
    assert_found(r#""|http://x.org/a.|""#); // delimited: the period is inside
    assert_found(r#""|http://x.org/a_(b|""#);
    let f = &scan(r#"a "http://x.org/" b"#)[0];
    assert_eq!(f.delimiter, Delimiter::Quote);
    // A quote that does not close right after the URI delimits nothing.
    let f = &scan(r#""see http://x.org/a." he said"#)[0];
    assert_eq!(
        (f.uri_lossy().as_ref(), f.delimiter),
        ("http://x.org/a", Delimiter::None)
    );
    let f = &scan(r#""http://x.org/a, b""#)[0];
    assert_eq!(
        (f.uri_lossy().as_ref(), f.delimiter),
        ("http://x.org/a", Delimiter::None)
    );
}

#[test]
fn line_breaks_inside_angle_brackets_are_rejoined() {
    assert_found("<|http://x.org/a/\n  b/c|>");
    assert_found("<|http://x.org/a/\r\n  b/c|>");
    assert_found("<|http://x.org/a/\r\n\t b/\n c|>");
    assert_found("<|http:\n//x.org/|>");
    let f = &scan("<http://x.org/a/\r\n  b>")[0];
    assert_eq!(
        f.flags,
        Flags {
            rejoined: true,
            ..Flags::default()
        }
    );
    // Trailing whitespace before `>` joins nothing.
    assert_found("<|http://x.org/a|\n>");
    assert_eq!(scan("<http://x.org/a\n>")[0].flags, Flags::default());
}

#[test]
fn hyphen_line_break_keeps_the_hyphen_and_is_ambiguous() {
    assert_found("<|http://x.org/long-\n  name|>");
    assert_found("<|http://x.org/long-\r\n  name|>");
    assert_found("<|http://x.org/long-  \n  name|>");
    let f = &scan("<http://x.org/long-\n  name>")[0];
    assert_eq!(f.uri, b"http://x.org/long-name");
    assert_eq!(
        f.flags,
        Flags {
            rejoined: true,
            hyphen_ambiguous: true,
            truncated: false,
            template: false,
        }
    );
    // A hyphen before a space on the same line is not a line break: the
    // space ends the URI.
    let f = &scan("<http://x.org/long- name>")[0];
    assert_eq!(f.uri, b"http://x.org/long-");
    assert_eq!(f.flags, Flags::default());
}

#[test]
fn an_unclosed_angle_bracket_delimits_nothing() {
    // No `>`: read as undelimited text.
    assert_found("<|http://x.org/a| and more");
    assert_found("<|http://x.org/a|");
    // Another `<` first.
    assert_found("<|http://x.org/a| <b>");
    // An empty line ends the paragraph, and with it the brackets.
    assert_found("<|http://x.org/a|\n\n b>");
    assert_found("<|http://x.org/a|\r\n\r\n b>");
    assert_eq!(
        scan("<http://x.org/a and more")[0].delimiter,
        Delimiter::None
    );
}

#[test]
fn markup_around_uris() {
    assert_found(r#"<a href="|http://x.org/|">|http://x.org/|</a>"#);
    assert_found("[text](|http://x.org/a_(b)|)");
    assert_found("[|http://x.org|](|http://x.org|)");
    assert_found("`|http://x.org/code|`");
    assert_found("*|http://x.org/em|*");
    assert_found(r"<|https://no\-color.org/|>"); // a man page's `\-` is kept for the rules
}

// SPEC E4: where an undelimited URI ends.

#[test]
fn each_trailing_punctuation_mark_is_left_out() {
    for p in [
        ".", ",", ";", ":", "!", "?", "'", "*", "...", "?!", ".'", "*.",
    ] {
        assert_found(&format!("see |http://x.org/a|{p} next"));
        assert_found(&format!("see |http://x.org/a|{p}"));
    }
    // Inside the URI they stay.
    assert_found("|http://x.org/a.b,c;d:e!f?g'h*i|.");
}

#[test]
fn closing_brackets_only_when_balanced() {
    assert_found("|https://en.wikipedia.org/wiki/Rust_(programming_language)|");
    assert_found("(see |http://x/y|)");
    assert_found("(see |http://x.org/y|).");
    assert_found("(|http://x.org/y|.)");
    assert_found("[|http://x.org/a[1]|]");
    assert_found("{|http://x.org/{id}|}");
    assert_found("|http://x.org/a|)b");
    assert_found("|http://x.org/a|]");
    assert_found("|http://x.org/a|}");
    assert_found("(|http://x.org/(a)(b)|)");
    assert_found("|http://x.org/a(b|"); // an unclosed `(` stays
}

#[test]
fn ascii_terminators() {
    for t in [
        " ", "\t", "\n", "\r\n", "\x00", "\x07", "\x7f", "<", ">", "\"", "`",
    ] {
        assert_found(&format!("|http://x.org/a|{t}b"));
    }
}

#[test]
fn unicode_quotes_and_cjk_punctuation() {
    assert_found("“|http://x.org/a|”");
    assert_found("‘|http://x.org/a|’");
    assert_found("«|http://x.org/a|»");
    assert_found("「|http://x.org/a|」");
    assert_found("请看|http://x.org/a|。然后");
    assert_found("见|http://x.org/a|，再");
    assert_found("|http://www.acl.lanl.gov/URI/archive/uri-archive.index.html|。"); // RFC 1738, zh
    assert_found("<URL:|ftp://info.cern.ch/pub/www/doc;type=d|>上，但是");
    // Letters of an IRI are part of it.
    assert_found("|https://ja.wikipedia.org/wiki/東京| は");
}

#[test]
fn invalid_utf8_ends_an_undelimited_uri() {
    let found = scan_all_ways(Scanner::builder, b"x http://x.org/a\xffb y");
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].uri, b"http://x.org/a");
    // Inside angle brackets it is kept, for the rules to report (SPEC E7).
    let found = scan_all_ways(Scanner::builder, b"<http://x.org/a\xffb>");
    assert_eq!(found[0].uri, b"http://x.org/a\xffb");
}

// Components of the URI.

#[test]
fn ipv6_literals() {
    assert_found("|ldap://[2001:db8::7]/c=GB?objectClass?one|");
    assert_found("(|http://[::1]:8080/|)");
    assert_found("<|http://[fe80::1%25eth0]/|>");
    assert_found("|http://[v7.fe80::a+en1]/|.");
}

#[test]
fn userinfo_and_ports() {
    assert_found("|ftp://user:secret@ftp.example.com:2121/pub|,");
    assert_found("|http://user@example.com:8080/a?b=c#d|");
    assert_found("|telnet://melvyl.ucop.edu/|");
    assert_found("<|http://bank.example.com@10.0.0.1/|>");
}

#[test]
fn each_rfc1738_scheme() {
    // RFC 1738 s3.2.2 and s3.2.1 examples.
    assert_found("<URL:|ftp://myname@host.dom/%2Fetc/motd|>");
    assert_found("<URL:|ftp://myname@host.dom//etc/motd|>");
    assert_found("<URL:|ftp://@host.com/|>");
    assert_found("<URL:|ftp://foo:@host.com/|>");
    // RFC 1738 s3.3, the http example of its appendix.
    assert_found("|http://ds.internic.net/instructions/overview.html#WARNING|.");
    // s3.4 gopher://<host>:<port>/<gopher-path>
    assert_found("|gopher://gopher.tc.umn.edu:70/11/Information%20About%20Gopher|");
    // s3.5 mailto:<rfc822-addr-spec>
    assert_found("|mailto:mrose@dbc.mtview.ca.us|.");
    // s3.6 news:<newsgroup-name>, news:<message-id>, news:*
    assert_found("|news:comp.infosystems.www| and |news:1234@host.dom| and <|news:*|>");
    // Undelimited, `news:*` loses its `*` to SPEC E4 and is then empty.
    assert_eq!(uris("all of news:* today"), Vec::<String>::new());
    // s3.7 nntp://<host>:<port>/<newsgroup-name>/<article-number>
    assert_found("|nntp://news.example.net:119/comp.lang.c/1234|");
    // s3.8 telnet://<user>:<password>@<host>:<port>/
    assert_found("|telnet://guest:guest@example.org:23/|");
    // s3.9 wais://<host>:<port>/<database>?<search>
    assert_found("|wais://quake.think.com:210/directory-of-servers?rfc|");
    // s3.10, its own example
    assert_found("<URL:|file://vms.host.edu/disk$user/my/notes/note12345.txt|>");
    // s3.11 prospero://<host>:<port>/<hsoname>;<field>=<value>
    assert_found("|prospero://prospero.isi.edu:1525/pub/prospero;type=d|");
}

// SPEC E5: positions.

#[test]
fn line_and_column_are_one_based_and_count_characters() {
    let found = scan("héllo\n  <http://a.org/x\n  y> and\n«http://b.org/»");
    let pos: Vec<(u64, u64, u64, u64)> = found
        .iter()
        .map(|f| (f.line, f.column, f.start, f.end))
        .collect();
    assert_eq!(pos, [(2, 4, 10, 28), (4, 2, 36, 49)]);
}

#[test]
fn uris_inside_uris_are_not_found_twice() {
    assert_found("|http://x.org/?u=http://y.org/|");
    assert_found(r#""|http://a.org/|"|http://b.org/|""#);
}

#[test]
fn cjk_text_after_a_letter_or_digit_ends_the_uri() {
    // SPEC section 9.
    assert_found("|https://github.com/awslabs/damo|找到");
    assert_found("|http://a.example/c|입니다");
    assert_found("|http://example.com/docs|を参照");
    // A run right after `/`, `=`, `#`, `?` or `&` is a path or a value.
    assert_found("|https://ja.wikipedia.org/wiki/日本語| です");
    assert_found("|http://x.example/?q=検索|");
    // From the Korean and Japanese translations in shared/seeds.
    assert_found("예, Jim. \"|http://www.w3.org/Addressing/|\"에서 찾았습니다.");
    assert_found("<URL:|http://www.acl.lanl.gov/URI/archive/uri-archive.index.html|>에 보관");
    assert_found("|http://www.acl.lanl.gov/URI/archive/uri-archive.index.html|。");
}

#[test]
fn glued_text_before_a_web_scheme_is_left_out() {
    assert_found("lists.example.com|http://lists.example.com/x|");
    assert_found("Aq|https://x.example/|");
    assert_found("bpo|http://glued.example/x|.");
    // Real schemes that end in a web scheme's name stay whole, and so do
    // schemes that end in another scheme's name.
    assert_found("|git+https://example.com/r.git|");
    assert_found("|gsiftp://host.example/path|");
    assert_found("|profile://h/p|");
    assert_found("|svn+ssh://example.com/r|");
    // A doubled letter is a typo for a rule to report, not glued text.
    assert_found("[zig]: |hhttps://ziglang.org/documentation/|");
}

#[test]
fn perl_names_and_bare_data_are_not_uris() {
    assert!(scan("use Data::Dumper; my $x = File::Spec->new;").is_empty());
    assert!(scan("impl<Data: ?Sized> Trait for <Data: ?Sized>").is_empty());
    assert!(scan("Data: none").is_empty());
    assert_found("|data:,Hello|");
    assert_found("|data:text/plain;base64,SGVsbG8=|");
    // A media type is enough (RFC 2397 s3).
    assert_found("<|data:image/svg+xml|>");
}

#[test]
fn a_lone_cr_ends_a_line_and_a_bom_is_no_column() {
    // SPEC section 9, for text read as it is.
    let found = scan("\u{feff}http://a.example/\rsee http://b.example/\r\nhttp://c.example/");
    let at: Vec<(u64, u64)> = found.iter().map(|f| (f.line, f.column)).collect();
    assert_eq!(at, [(1, 1), (2, 5), (3, 1)]);
    // Counted a byte at a time, after text the stream drops first.
    let long = format!(
        "\u{feff}{} http://x.example/\r\rhttp://y.example/",
        "a".repeat(70)
    );
    let found = scan(&long);
    let at: Vec<(u64, u64)> = found.iter().map(|f| (f.line, f.column)).collect();
    assert_eq!(at, [(1, 72), (3, 1)]);
}

#[test]
fn a_space_before_the_authority_in_angle_brackets() {
    // Found by the streaming proptest: the space falls before `//`.
    assert!(scan("<http: //x.example>").is_empty());
    assert_found("<|http://x.example| y>");
}

#[test]
fn web_schemes_with_one_slash_or_two_colons_are_candidates() {
    // SPEC E2 as amended in section 3a, for scheme-typo to report them.
    assert_found("see |http:/example.com/a|.");
    assert_found("|https:://example.com/|");
    assert_found("|HTTP:/example.com|");
    assert!(scan("a note:/x and Re:/y").is_empty());
}

#[test]
fn git_config_keys_start_their_url_at_the_web_scheme() {
    // `section.<url>.key` (git-config(1)): the URL starts at its scheme,
    // so a credential in it is found (`url.<base>.insteadOf`).
    assert_found("credential.|https://example.com.username|");
    assert_found("git config http.|https://*.example.com.proxy| x");
    assert_found("url.|https://oauth2:tok@gitlab.com/.insteadof=x|");
    // Registered dotted schemes stay.
    assert_found("|z39.50r://host.example/db|");
}

#[test]
fn placeholders_inside_uris_and_what_ends_them() {
    // A `<name>` after a separator is part of a URI template (SPEC 3a).
    assert_found("clone |https://github.com/<owner>/<repo>.git| now");
    assert_found("`|ssh://[<user>@]<host>[:<port>]/<path-to-git-repo>|`");
    // Code and markup after a word are not: Rust generics, HTML tags.
    assert_found("see |http://docs.rs/std/Vec|<T> for");
    assert_found("|http://x.org|<section>Intro</section>");
    assert_found("|http://a.org/|<x>|http://b.org/y|");
    assert_found("|http://x.org|<br>");
    // Cut by prose inside `<...>`, trailing punctuation is prose.
    assert_found("std::map<|http://x.org|, int>");
}

/// Issue 30: a URI that a hard wrap in quoted mail cut inside a
/// percent-escape, or right after `=` or a query's `?`, is rejoined when
/// the next line carries the same quote prefix and goes on at once; never
/// across another quote depth, an unquoted line, or a question's `?`.
/// Streamed in every chunk size, the same.
#[test]
fn quoted_hard_wraps_are_rejoined_where_certain() {
    let text = "> > See https://x.acme.net/v3/__?url=3Dhttps%3A%2\r\n\
                > > F%2Fgithub.com%2Facme for it.\n\
                > have you read http://x.org/faq?\n\
                > It says\n\
                > > https://a.org/?\n\
                > > q=1&b=2 ok\n\
                >> http://b.org/x?k=\n\
                >> v\n\
                plain http://p.org/a%2\n\
                F%2F\n\
                > > deeper http://d.org/a%2\n\
                > > > F%2F\n\
                > > https://x.org/v?t=YWJjZA==\n\
                > > Thanks!\n\
                > > https://shop.example/50%\n\
                > > off\n";
    let found: Vec<(String, u64, u64, bool)> = scan_all_ways(Scanner::builder, text.as_bytes())
        .iter()
        .map(|f| (f.uri_lossy().into_owned(), f.start, f.end, f.flags.rejoined))
        .collect();
    let at = |s: &str| text.find(s).unwrap() as u64;
    let end = |s: &str| (text.find(s).unwrap() + s.len()) as u64;
    assert_eq!(
        found,
        [
            (
                "https://x.acme.net/v3/__?url=3Dhttps%3A%2F%2Fgithub.com%2Facme".into(),
                at("https://x.acme"),
                end("F%2Fgithub.com%2Facme"),
                true
            ),
            (
                "http://x.org/faq".into(),
                at("http://x.org"),
                end("/faq"),
                false
            ),
            (
                "https://a.org/?q=1&b=2".into(),
                at("https://a.org"),
                end("q=1&b=2"),
                true
            ),
            (
                "http://b.org/x?k=v".into(),
                at("http://b.org"),
                end(">> v"),
                true
            ),
            (
                "http://p.org/a%2".into(),
                at("http://p.org"),
                end("p.org/a%2"),
                false
            ),
            (
                "http://d.org/a%2".into(),
                at("http://d.org"),
                end("d.org/a%2"),
                false
            ),
            (
                "https://x.org/v?t=YWJjZA==".into(),
                at("https://x.org/v"),
                end("YWJjZA=="),
                false
            ),
            (
                "https://shop.example/50%".into(),
                at("https://shop"),
                end("/50%"),
                false
            ),
        ]
    );
}
