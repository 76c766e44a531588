//! Documents read as their formats (SPEC section 9): for each format, the
//! exact URIs found, where each is written in the raw file, and what
//! `--include-code` adds.

use urilint::document::scan;
use urilint::format::{Format, Options};
use urilint::scan::Scanner;

/// Each URI found, the raw text at its reported range, and its line.
fn found(format: Format, raw: &str, include_code: bool) -> Vec<(String, String, u64)> {
    let raw_bytes = raw.as_bytes();
    scan(format, raw_bytes, &Scanner::new(), Options { include_code })
        .into_iter()
        .map(|f| {
            let written = &raw_bytes[f.start as usize..f.end as usize];
            // Line and column agree with the range.
            // LF, CRLF and a lone CR end lines.
            let before = &raw[..f.start as usize];
            let line_start = before.rfind(['\n', '\r']).map_or(0, |i| i + 1);
            assert_eq!(f.line_start as usize, line_start, "{f:?}");
            let breaks = before.matches('\n').count() + before.matches('\r').count()
                - before.matches("\r\n").count();
            assert_eq!(f.line as usize, breaks + 1);
            assert_eq!(
                f.column as usize,
                raw[line_start..f.start as usize].chars().count() + 1
            );
            (
                f.uri_lossy().into_owned(),
                String::from_utf8_lossy(written).into_owned(),
                f.line,
            )
        })
        .collect()
}

fn uris(found: &[(String, String, u64)]) -> Vec<&str> {
    found.iter().map(|(u, _, _)| u.as_str()).collect()
}

const HTML: &str = r#"<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"><head>
<link rel="stylesheet" href="https://cdn.example/style.css?v=1&amp;t=2">
<meta http-equiv="refresh" content="5; url=https://refresh.example/next">
<script>var u = "https://script.example/";</script>
</head><body>
<!-- https://comment.example/ -->
<p>See <a href="https://bugs.python.org/issue?&#64;action=redirect&amp;bpo=43693">bpo-43693</a>.</p>
<p>Text: https://text.example/a?b=1&amp;c=2&#39; and http://exa<wbr>mple.org/path</p>
<p>Broken: https://soft&shy;hyphen.example/ and <b>https://bold.example/</b>tail</p>
<img srcset="small.png 1x, https://img.example/large.png 2x" src="https://img.example/small.png">
<pre>curl https://pre.example/api</pre>
<p>Run <code>https://code.example/</code> now.</p>
<svg><image xlink:href="https://svg.example/pic.png"/></svg>
</body></html>
"#;

#[test]
fn html_attributes_and_text_with_references_decoded() {
    let f = found(Format::Html, HTML, false);
    assert_eq!(
        f,
        [
            (
                "https://cdn.example/style.css?v=1&t=2",
                "https://cdn.example/style.css?v=1&amp;t=2",
                3
            ),
            (
                "https://refresh.example/next",
                "https://refresh.example/next",
                4
            ),
            (
                "https://bugs.python.org/issue?@action=redirect&bpo=43693",
                "https://bugs.python.org/issue?&#64;action=redirect&amp;bpo=43693",
                8
            ),
            (
                "https://text.example/a?b=1&c=2",
                "https://text.example/a?b=1&amp;c=2",
                9
            ),
            ("http://example.org/path", "http://exa<wbr>mple.org/path", 9),
            (
                "https://softhyphen.example/",
                "https://soft&shy;hyphen.example/",
                10
            ),
            // An inline tag does not end the word: the text runs on.
            (
                "https://bold.example/tail",
                "https://bold.example/</b>tail",
                10
            ),
            (
                "https://img.example/large.png",
                "https://img.example/large.png",
                11
            ),
            (
                "https://img.example/small.png",
                "https://img.example/small.png",
                11
            ),
            (
                "https://svg.example/pic.png",
                "https://svg.example/pic.png",
                14
            ),
        ]
        .map(|(u, r, l)| (u.to_string(), r.to_string(), l))
    );
}

#[test]
fn html_code_is_read_only_when_asked() {
    let f = found(Format::Html, HTML, true);
    let u = uris(&f);
    for code in [
        "https://script.example/",
        "https://pre.example/api",
        "https://code.example/",
    ] {
        assert!(u.contains(&code), "{code} in {u:?}");
    }
    assert_eq!(u.len(), 13);
    // Comments and namespaces are never links.
    assert!(
        !u.iter()
            .any(|u| u.contains("comment") || u.contains("w3.org"))
    );
}

const MARKDOWN: &str = r#"---
title: Post
homepage: https://front.example/
---

# Title with https://heading.example/

See [the docs](https://docs.example/a_(b)?x=1&amp;y=2 "Title") and ![img](<https://img.example/a.png>).
Autolink <https://auto.example/x.> and bare https://bare.example/a\_b, done.
Reference [ref] and [dup].

[ref]: https://ref.example/path
[dup]: https://dup.example/first
[dup]: https://dup.example/second

Inline `https://span.example/` code.

```sh
curl https://fenced.example/
```

    https://indented.example/

<div><a href="https://html.example/?a=1&amp;b=2">x</a></div>

Text with <a href="https://inline.example/">inline</a> HTML.
"#;

#[test]
fn markdown_links_definitions_and_text() {
    let f = found(Format::Markdown, MARKDOWN, false);
    assert_eq!(
        f,
        [
            ("https://front.example/", "https://front.example/", 3),
            ("https://heading.example/", "https://heading.example/", 6),
            (
                "https://docs.example/a_(b)?x=1&y=2",
                "https://docs.example/a_(b)?x=1&amp;y=2",
                8
            ),
            ("https://img.example/a.png", "https://img.example/a.png", 8),
            // An autolink is delimited: its last `.` is kept.
            ("https://auto.example/x.", "https://auto.example/x.", 9),
            ("https://bare.example/a_b", r"https://bare.example/a\_b", 9),
            ("https://ref.example/path", "https://ref.example/path", 12),
            ("https://dup.example/first", "https://dup.example/first", 13),
            // A second definition of a label is unused but written.
            (
                "https://dup.example/second",
                "https://dup.example/second",
                14
            ),
            (
                "https://html.example/?a=1&b=2",
                "https://html.example/?a=1&amp;b=2",
                24
            ),
            ("https://inline.example/", "https://inline.example/", 26),
        ]
        .map(|(u, r, l)| (u.to_string(), r.to_string(), l))
    );
    let with_code = found(Format::Markdown, MARKDOWN, true);
    assert_eq!(with_code.len(), f.len() + 3, "{:?}", uris(&with_code));
    for code in [
        "https://span.example/",
        "https://fenced.example/",
        "https://indented.example/",
    ] {
        assert!(uris(&with_code).contains(&code));
    }
}

const RST: &str = r#"Title
=====

See `the docs <https://docs.example/a_b>`_ and https://bare.example/x\_y.
Anonymous `link <https://anon.example/>`__.

.. _target: https://target.example/path

.. image:: pic.png
   :target: https://image-target.example/

Inline ``https://literal.example/`` text and ```https://lit3.example/``
<https://after-literal.example/>`__.

Example::

    curl https://literal-block.example/

.. code-block:: python

    url = "https://code-block.example/"

After https://after.example/ the block.
"#;

#[test]
fn rst_references_targets_and_literals() {
    let f = found(Format::Rst, RST, false);
    assert_eq!(
        f,
        [
            ("https://docs.example/a_b", "https://docs.example/a_b", 4),
            ("https://bare.example/x_y", r"https://bare.example/x\_y", 4),
            ("https://anon.example/", "https://anon.example/", 5),
            (
                "https://target.example/path",
                "https://target.example/path",
                7
            ),
            (
                "https://image-target.example/",
                "https://image-target.example/",
                10
            ),
            (
                "https://after-literal.example/",
                "https://after-literal.example/",
                13
            ),
            ("https://after.example/", "https://after.example/", 23),
        ]
        .map(|(u, r, l)| (u.to_string(), r.to_string(), l))
    );
    let with_code = uris(&found(Format::Rst, RST, true))
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    for code in [
        "https://literal.example/",
        "https://lit3.example/",
        "https://literal-block.example/",
        "https://code-block.example/",
    ] {
        assert!(
            with_code.iter().any(|u| u == code),
            "{code} in {with_code:?}"
        );
    }
}

const ASCIIDOC: &str = r#"= Document
:toc:

Visit https://example.org/docs[the docs] or link:https://link.example/a[Link].
Mail mailto:team@example.org[the team] or see https://plain.example/x.
An IP literal http://[::1]:8080/ stays whole.

Two-line title
--------------

https://after-title.example/

[source,shell]
----
curl https://listing.example/
----

....
https://literal.example/
....

////
https://comment.example/
////

// https://line-comment.example/
After https://after.example/.
"#;

#[test]
fn asciidoc_macros_end_at_the_bracket() {
    let f = found(Format::Asciidoc, ASCIIDOC, false);
    assert_eq!(
        f,
        [
            ("https://example.org/docs", "https://example.org/docs", 4),
            ("https://link.example/a", "https://link.example/a", 4),
            ("mailto:team@example.org", "mailto:team@example.org", 5),
            ("https://plain.example/x", "https://plain.example/x", 5),
            ("http://[::1]:8080/", "http://[::1]:8080/", 6),
            (
                "https://after-title.example/",
                "https://after-title.example/",
                11
            ),
            ("https://after.example/", "https://after.example/", 27),
        ]
        .map(|(u, r, l)| (u.to_string(), r.to_string(), l))
    );
    let with_code = found(Format::Asciidoc, ASCIIDOC, true);
    let u = uris(&with_code);
    assert!(u.contains(&"https://listing.example/") && u.contains(&"https://literal.example/"));
    // Comments are not shown to readers, code or not.
    assert!(!u.iter().any(|u| u.contains("comment")), "{u:?}");
}

const MAN: &str = r#".\" Comment http://comment.example/
.TH TEST 1
.SH NAME
test \- a page
.SH DESCRIPTION
See \fIhttp://dev.perl.org/licenses/\fR.
Colors: <https://no\-color.org/>.
.UR https://www.example.org/\:path
the site
.UE .
.BR https://bold.example/page ,
and \fBhttps://font\fR\fB.example/\fP too \(em \*(lqquoted\*(rq.
.Lk https://mdoc.example/link "Link text"
"#;

#[test]
fn man_escapes_fonts_and_link_macros() {
    let f = found(Format::Man, MAN, false);
    assert_eq!(
        f,
        [
            (
                "http://dev.perl.org/licenses/",
                "http://dev.perl.org/licenses/",
                6
            ),
            ("https://no-color.org/", r"https://no\-color.org/", 7),
            (
                "https://www.example.org/path",
                r"https://www.example.org/\:path",
                8
            ),
            ("https://bold.example/page", "https://bold.example/page", 11),
            ("https://font.example/", r"https://font\fR\fB.example/", 12),
            ("https://mdoc.example/link", "https://mdoc.example/link", 13),
        ]
        .map(|(u, r, l)| (u.to_string(), r.to_string(), l))
    );
}

#[test]
fn json_strings_with_escapes_decoded() {
    let json = r#"{"url": "https:\/\/json.example\/a?x=1\u0026y=2",
 "text": "See https://prose.example/x. Done",
 "cells": ["line\nhttp://cell.example/\n"],
 "emoji": "\ud83d\ude00 <a href=\"https://emoji.example/\">", "n": 3}
"#;
    let f = found(Format::Json, json, false);
    assert_eq!(
        f,
        [
            (
                "https://json.example/a?x=1&y=2",
                r"https:\/\/json.example\/a?x=1\u0026y=2",
                1
            ),
            ("https://prose.example/x", "https://prose.example/x", 2),
            ("http://cell.example/", "http://cell.example/", 3),
            // `\"` is a quote: it ends the URI (no trailing `\`).
            ("https://emoji.example/", "https://emoji.example/", 4),
        ]
        .map(|(u, r, l)| (u.to_string(), r.to_string(), l))
    );
}

/// gettext PO (issue 48): a URI wrapped over a string's `"..."` lines is
/// whole, its span from where it starts to where it ends; `\n` escapes
/// end one; `#:` source references are not text.
#[test]
fn po_strings_joined_over_lines_and_escapes_decoded() {
    // What `msgid` copies from the source is read there, not here.
    let po = "#: src/guides/explorer.md:69\n\
msgid \"See https://source.example/\"\n\
msgstr \"\"\n\
\"Siehe [BIP](https://github.com/ordinals/ord/blob/\"\n\
\"master/bip.mediawiki) und \\\"quotes\\\"\"\n\
msgstr[1] \"ord --regtest server --proxy https://ordinals.com\\n\"\n\
\"tail\"\n";
    let f = found(Format::Po, po, false);
    assert_eq!(
        f,
        [
            (
                "https://github.com/ordinals/ord/blob/master/bip.mediawiki",
                "https://github.com/ordinals/ord/blob/\"\n\"master/bip.mediawiki",
                4
            ),
            ("https://ordinals.com", "https://ordinals.com", 6),
        ]
        .map(|(u, r, l)| (u.to_string(), r.to_string(), l))
    );
}

/// In text, a string literal's escapes end a URI and never start one
/// (issue 48, amending SPEC E3 and E4); outside one, text is as written.
#[test]
fn string_literal_escapes_in_text() {
    let text = r#"x = "\thttp://a.example/one"
y = "see https://b.example/two\n"
z = "\"http://c.example/three\" more"
plain http://d.example/a\nb
"#;
    assert_eq!(
        uris(&found(Format::Text, text, false)),
        [
            "http://a.example/one",
            "https://b.example/two",
            "http://c.example/three",
            "http://d.example/a\\nb",
        ]
    );
}

#[test]
fn lone_cr_and_bom_in_a_structured_format() {
    let raw = "\u{feff}<p>a</p>\r<p>https://cr.example/</p>\r\n<p>http://crlf.example/</p>";
    let f = scan(
        Format::Html,
        raw.as_bytes(),
        &Scanner::new(),
        Options::default(),
    );
    let at: Vec<(u64, u64)> = f.iter().map(|f| (f.line, f.column)).collect();
    assert_eq!(at, [(2, 4), (3, 4)]);
}

#[test]
fn formats_from_names_and_first_lines() {
    use std::path::Path;
    let by_name = |n: &str| Format::detect(b"", Some(Path::new(n)));
    assert_eq!(by_name("a.htm"), Format::Html);
    assert_eq!(by_name("a.xhtml"), Format::Html);
    assert_eq!(by_name("a.svg"), Format::Html);
    assert_eq!(by_name("README.markdown"), Format::Markdown);
    assert_eq!(by_name("page.mdx"), Format::Markdown);
    assert_eq!(by_name("index.rest"), Format::Rst);
    assert_eq!(by_name("git-add.adoc"), Format::Asciidoc);
    assert_eq!(by_name("ls.1"), Format::Man);
    assert_eq!(by_name("openssl.1ssl"), Format::Man);
    assert_eq!(by_name("Term::ANSIColor.3perl"), Format::Man);
    assert_eq!(by_name("package.json"), Format::Json);
    assert_eq!(by_name("notebook.ipynb"), Format::Json);
    assert_eq!(by_name("app.webmanifest"), Format::Json);
    assert_eq!(by_name("log.jsonl"), Format::Json);
    assert_eq!(by_name("list.mbox"), Format::Mail);
    assert_eq!(by_name("notes.txt"), Format::Text);
    assert_eq!(by_name("v1.0"), Format::Text); // `.0` is no man section
    assert_eq!(
        Format::detect(b".Dd January 1, 2024\n.Dt LS 1\n", None),
        Format::Man
    );
    assert_eq!(Format::detect(b"'\\\" t\n.TH GIT 1\n", None), Format::Man);
}

/// Inputs a review traced to a panic, a lost or doubled link, or a range
/// that does not hold the URI.
#[test]
fn readers_hold_on_odd_constructs() {
    let one = |format, raw: &str| found(format, raw, false);
    let long_ref = format!(
        "<p>&#{}65; see https://example.com/x {}</p>",
        "0".repeat(50),
        "prose ".repeat(2000)
    );
    assert_eq!(
        one(Format::Html, &long_ref),
        [(
            "https://example.com/x".into(),
            "https://example.com/x".into(),
            1
        )]
    );
    // A footnote's URL is text, found once.
    assert_eq!(
        uris(&one(
            Format::Markdown,
            "Text[^1]\n\n[^1]: https://example.com/paper\n"
        )),
        ["https://example.com/paper"]
    );
    // A definition inside a block quote, its URL on the next line.
    assert_eq!(
        one(Format::Markdown, "> [a]:\n> http://x.example/\n\nuse [a]\n"),
        [("http://x.example/".into(), "http://x.example/".into(), 2)]
    );
    // A comment block after a short line is a comment, not an underline.
    assert_eq!(
        uris(&one(
            Format::Asciidoc,
            "Todo\n////\nold http://a.example/\n////\nSee https://b.example/\n"
        )),
        ["https://b.example/"]
    );
    assert_eq!(
        uris(&one(
            Format::Asciidoc,
            "Run:\n....\n$ curl http://localhost/\n....\nSee https://b.example/\n"
        )),
        ["https://b.example/"]
    );
    // roff: a glyph by code point, an unknown glyph, a comment on a macro
    // line, and lines ended by a lone CR.
    assert_eq!(
        uris(&one(
            Format::Man,
            ".TH X 1\nhttps://fr.wikipedia.org/wiki/Caf\\[u00E9]_au_lait and https://x.example/a\\(Fcb\n"
        )),
        [
            "https://fr.wikipedia.org/wiki/Café_au_lait",
            "https://x.example/a"
        ]
    );
    assert_eq!(
        uris(&one(
            Format::Man,
            ".TH X 1\n.B foo \\\" was http://old.example/\n"
        )),
        Vec::<&str>::new()
    );
    assert_eq!(
        one(Format::Man, ".\\\" c\r.UR https://x.example/\rtext\r.UE\r"),
        [("https://x.example/".into(), "https://x.example/".into(), 2)]
    );
    // A code span broken over lines, read with --include-code.
    let f = found(Format::Markdown, "`\nhttp://x.org/a\n`\n", true);
    assert_eq!(f, [("http://x.org/a".into(), "http://x.org/a".into(), 2)]);
}

/// Found in review: code in inline HTML of Markdown, CDATA and `url`
/// attributes of XML feeds.
#[test]
fn inline_html_code_in_markdown_and_xml_feeds() {
    let md = "x <code>http://code.example/</code> and <kbd>http://kbd.example/</kbd> y http://text.example/\n";
    assert_eq!(
        uris(&found(Format::Markdown, md, false)),
        ["http://text.example/"]
    );
    assert_eq!(found(Format::Markdown, md, true).len(), 3);
    let rss = "<rss><item><enclosure url=\"http://media.example/a.mp3\"/>\
               <description><![CDATA[<a href=\"http://cdata.example/\">x</a>]]></description></item></rss>";
    assert_eq!(
        found(Format::Html, rss, false),
        [
            (
                "http://media.example/a.mp3".into(),
                "http://media.example/a.mp3".into(),
                1
            ),
            (
                "http://cdata.example/".into(),
                "http://cdata.example/".into(),
                1
            ),
        ]
    );
}

/// AsciiDoc trees (a folder with `asciidoc.conf` or git's
/// `asciidoc.conf.in`): `.txt` files, and files without an extension that
/// open with a document title, are AsciiDoc (issue 11's real-docs review:
/// git's `SubmittingPatches`).
#[test]
fn asciidoc_trees_are_known_by_their_conf() {
    let tree = tempfile::tempdir().unwrap();
    let other = tempfile::tempdir().unwrap();
    std::fs::write(tree.path().join("asciidoc.conf.in"), "").unwrap();
    std::fs::create_dir(tree.path().join("howto")).unwrap();
    let titled = "Submitting Patches\n==================\n\nsee https://x.org/r[the repo]\n";
    let cases = [
        (
            tree.path().join("SubmittingPatches"),
            titled,
            Format::Asciidoc,
        ),
        (
            tree.path().join("howto/Notes"),
            "= Notes\n\ntext\n",
            Format::Asciidoc,
        ),
        (
            tree.path().join("CodingGuidelines"),
            "Like other projects, we\n",
            Format::Text,
        ),
        (tree.path().join("notes.txt"), "plain\n", Format::Asciidoc),
        (tree.path().join("Makefile"), "all:\n\tmake\n", Format::Text),
        (other.path().join("SubmittingPatches"), titled, Format::Text),
    ];
    for (path, head, want) in cases {
        assert_eq!(
            Format::detect(head.as_bytes(), Some(&path)),
            want,
            "{}",
            path.display()
        );
    }
}

/// AsciiDoc's built-in character attributes are read as their characters
/// (issue 11's review: git-daemon's `git://host/{tilde}alice/foo`); other
/// attribute references stay as written.
#[test]
fn asciidoc_character_attributes() {
    let raw = "see git://host/{tilde}alice/foo and https://x.org/a{plus}b[text]\n";
    assert_eq!(
        found(Format::Asciidoc, raw, false),
        [
            (
                "git://host/~alice/foo".to_string(),
                "git://host/{tilde}alice/foo".to_string(),
                1
            ),
            (
                "https://x.org/a+b".to_string(),
                "https://x.org/a{plus}b".to_string(),
                1
            ),
        ]
    );
}

/// The relative references `raw` read as `format` holds: each one's value,
/// the text it is written as, and its kind.
fn references_of(format: Format, raw: &str) -> Vec<(String, String, urilint::format::RefKind)> {
    urilint::format::references(format, raw.as_bytes(), Options::default())
        .into_iter()
        .map(|r| {
            (
                String::from_utf8(r.value).unwrap(),
                raw[r.start as usize..r.end as usize].to_string(),
                r.kind,
            )
        })
        .collect()
}

/// The relative references of each markup format, where they are written
/// (SPEC section 11, issue 12): link targets and URL attributes without a
/// scheme, code left out, aliases, email addresses and unused Markdown
/// definitions (they link nothing) not references.
#[test]
fn relative_references_of_each_format() {
    let refs = |format: Format, raw: &str| -> Vec<(String, String)> {
        references_of(format, raw)
            .into_iter()
            .map(|(value, written, _)| (value, written))
            .collect()
    };
    let s = |v: &str, w: &str| (v.to_string(), w.to_string());
    assert_eq!(
        refs(
            Format::Markdown,
            "[a](../guide.md#setup) ![i](img/a%20b.png \"t\") [w](https://x.org/) [t](#top)\n\
             `[c](code.md)` [used][d]\n\n[d]: other.md\n[unused]: not-a-link.md\n\
             <a href=\"x.html?a=1&amp;b=2\">x</a>\n"
        ),
        [
            s("../guide.md#setup", "../guide.md#setup"),
            s("img/a%20b.png", "img/a%20b.png"),
            s("#top", "#top"),
            s("other.md", "other.md"),
            s("x.html?a=1&b=2", "x.html?a=1&amp;b=2"),
        ]
    );
    assert_eq!(
        refs(
            Format::Html,
            "<a href=\" a.html \">a</a><img src=\"i.png\"><a href=\"mailto:x@y.org\">m</a><pre><a href=\"p.html\">p</a></pre>"
        ),
        [
            s("a.html", "a.html"),
            s("i.png", "i.png"),
            s("p.html", "p.html")
        ]
    );
    assert_eq!(
        refs(
            Format::Rst,
            "See `the setup <setup.html#install>`_, `alias <label_>`_, `mail <db-sig@python.org>`_\n\
             and `split <a/very/\n   long.html>`__.\n\n.. _other: ../index.html\n\n::\n\n   `code <code.html>`_\n"
        ),
        [
            s("setup.html#install", "setup.html#install"),
            s("a/very/long.html", "a/very/\n   long.html"),
            s("../index.html", "../index.html"),
        ]
    );
    assert_eq!(
        refs(
            Format::Asciidoc,
            "See link:other.html[o], xref:r.adoc#sec[R], image::img/a.png[A], <<intro>> and <<r.adoc#x,X>>.\n\
             ----\nlink:code.html[c]\n----\n"
        ),
        [
            s("other.html", "other.html"),
            s("r.adoc#sec", "r.adoc#sec"),
            s("img/a.png", "img/a.png"),
            s("#intro", "intro"),
            s("r.adoc#x", "r.adoc#x"),
        ]
    );
    // `:imagesdir:` (the last one set, at a line's start) leads image
    // targets that are not absolute; other macros' are as written.
    assert_eq!(
        refs(
            Format::Asciidoc,
            "= T\n:imagesdir: pics\r\nSee :imagesdir: no\n\nimage:a.png[A] image::/abs.png[] \
             image::https://x.example/b.png[] link:c.html[c] xref:d.adoc[D]\n"
        ),
        [
            s("pics/a.png", "a.png"),
            s("/abs.png", "/abs.png"),
            s("c.html", "c.html"),
            s("d.adoc", "d.adoc"),
        ]
    );
    // Text, man pages and JSON have none.
    assert!(refs(Format::Text, "see ../a.md and <b.html>").is_empty());
}

/// What a generator resolves by its own rules is read where it runs
/// (issue 29): Hugo's `ref`/`relref` arguments (in code too, as Hugo
/// calls shortcodes before Markdown; not escaped ones) and Jekyll's
/// `link`/`post_url` tags, links in the bodies
/// of Hugo's code shortcodes not at all, AsciiDoc's natural cross
/// references by their title, and `:imagesdir:` only where it is set.
#[test]
fn generator_syntax_is_read_where_it_is_used() {
    use urilint::format::RefKind;
    let refs = references_of;
    let s = |v: &str, w: &str, k| (v.to_string(), w.to_string(), k);
    assert_eq!(
        refs(
            Format::Markdown,
            "[a]({{< ref \"docs/a.md#x\" >}}) [b]({{% relref path=\"b\" lang=\"fr\" %}})\n\
             `{{< ref \"code.md\" >}}` {{</* ref \"escaped.md\" */>}}\n\n\
             ```\n{{< ref \"fenced.md\" >}}\n```\n\n\
             [c]({% link _docs/c.md %}#y) [p]({% post_url 2024-01-02-p %})\n\n\
             {{< highlight md >}}\n[in a listing](listing.md)\n{{< /highlight >}}\n\n\
             {{% tab header=\"Text\" %}}\n[in a text tab](tab.md)\n{{% /tab %}}\n"
        ),
        [
            s("docs/a.md#x", "docs/a.md#x", RefKind::Ref),
            s("b", "b", RefKind::Ref),
            s("code.md", "code.md", RefKind::Ref),
            s("fenced.md", "fenced.md", RefKind::Ref),
            s("_docs/c.md#y", "_docs/c.md", RefKind::Page),
            s("2024-01-02-p", "2024-01-02-p", RefKind::Post),
            s("tab.md", "tab.md", RefKind::Link),
        ]
    );
    assert_eq!(
        refs(
            Format::Asciidoc,
            "= T\n\nSee <<Section Title>>, <<Two\nlines>>, <<Install>>, <<install>>, \
             <<Title, text>>, <<Über>>, <<Node.js>>, <<b.adoc>> and << spaced >>.\n\n\
             ----\n:imagesdir: listed\n----\n\n\
             image::a.png[]\n\n:imagesdir: pics\n\nimage::b.png[]\n"
        ),
        [
            s("#Section Title", "Section Title", RefKind::Natural),
            s("#Two lines", "Two\nlines", RefKind::Natural),
            s("#Install", "Install", RefKind::Natural),
            s("#install", "install", RefKind::Xref),
            s("#Title", "Title", RefKind::Natural),
            s("#Über", "Über", RefKind::Natural),
            s("#Node.js", "Node.js", RefKind::Natural),
            s("b.adoc", "b.adoc", RefKind::Xref),
            s("a.png", "a.png", RefKind::Image),
            s("pics/b.png", "b.png", RefKind::Image),
        ]
    );
}

/// A URI in a Markdown link's text ends with the link: kramdown's span IAL
/// after it (`{:target="_blank"}`) is markup, not more of the URI (issue
/// 30: Jekyll's docs).
#[test]
fn a_uri_in_link_text_ends_with_the_link() {
    let md = "6. Browse to [http://localhost:4000](http://localhost:4000){:target=\"_blank\"}\n\
              and [see http://x.example/a](http://x.example/a)b.\n";
    assert_eq!(
        found(Format::Markdown, md, false),
        [
            (
                "http://localhost:4000".into(),
                "http://localhost:4000".into(),
                1
            ),
            (
                "http://localhost:4000".into(),
                "http://localhost:4000".into(),
                1
            ),
            ("http://x.example/a".into(), "http://x.example/a".into(), 2),
            ("http://x.example/a".into(), "http://x.example/a".into(), 2),
        ]
    );
}

/// A JSON string whose value is HTML is read as HTML, its escapes decoded
/// and every URI at the raw place it is written (issue 30: Node.js's
/// `api/all.json`, where `&#39;` and escaped quotes ran into URIs).
#[test]
fn json_strings_holding_html_are_read_as_html() {
    let json = r#"{"desc": "<p>See <a href=\"https://nodejs.org/api/http.html#http_class_http_agent\">the agent</a> at http://localhost:3000&#39;s root, and <a href='mailto:a@example.com'>the list</a>.</p>\n<pre><code>curl http://localhost:8080/</code></pre>",
 "url": "https://nodejs.org/api/all.json", "text": "a < b, see http://x.example/a\"q\""}
"#;
    assert_eq!(
        found(Format::Json, json, false),
        [
            (
                "https://nodejs.org/api/http.html#http_class_http_agent".into(),
                "https://nodejs.org/api/http.html#http_class_http_agent".into(),
                1
            ),
            // The reference is decoded, as a browser shows it; the
            // scanner reads `'s` on as it does in any text.
            (
                "http://localhost:3000's".into(),
                "http://localhost:3000&#39;s".into(),
                1
            ),
            (
                "mailto:a@example.com".into(),
                "mailto:a@example.com".into(),
                1
            ),
            (
                "https://nodejs.org/api/all.json".into(),
                "https://nodejs.org/api/all.json".into(),
                2
            ),
            ("http://x.example/a".into(), "http://x.example/a".into(), 2),
        ]
    );
}
