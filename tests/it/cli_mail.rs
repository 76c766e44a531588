//! `extract` and `check` on mail archives (SPEC section 6).

use assert_cmd::Command;
use serde_json::Value;

const SAMPLE: &str = "tests/data/list-sample.mbox";

fn urilint() -> Command {
    Command::cargo_bin("urilint").unwrap()
}

fn stdout_of(args: &[&str], stdin: Option<&str>, code: i32) -> (String, String) {
    let mut cmd = urilint();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.assert().code(code);
    let out = out.get_output();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Six messages of a public mailing-list archive (quoted-printable,
/// format=flowed, Latin-1, HTML and base64 parts); the expected list was
/// checked against Python's email package, which finds the same 88 links
/// (listed in document order: an HTML part's attributes and text as they
/// come).
#[test]
fn the_real_archive_gives_its_link_list() {
    let want = std::fs::read_to_string("tests/data/list-sample.links").unwrap();
    let (got, err) = stdout_of(&["extract", SAMPLE], None, 0);
    assert_eq!(got, want);
    assert_eq!(err, "");
    // --unique works across the whole archive.
    let (unique, _) = stdout_of(&["extract", "--unique", SAMPLE], None, 0);
    let mut seen = std::collections::HashSet::new();
    let first: Vec<&str> = want.lines().filter(|l| seen.insert(*l)).collect();
    assert_eq!(unique.lines().collect::<Vec<_>>(), first);
}

const MBOX: &str = "From a@company.org Mon Jan  1 00:00:00 2024\n\
Message-ID: <one@company.org>\n\
Date: Mon, 1 Jan 2024 00:00:00 +0000\n\
Subject: =?utf-8?q?Caf=C3=A9?= links\n\
Content-Type: text/plain; charset=utf-8\n\
Content-Transfer-Encoding: quoted-printable\n\
\n\
See ftp://deploy:Hunt3r2@ftp.company.org/pub/very/long/pa=\n\
th/file.txt please.\n\
\n\
From b@company.org Mon Jan  1 00:00:00 2024\n\
Subject: no id\n\
Content-Transfer-Encoding: base64\n\
\n\
!!! https://raw.company.org/ !!!\n";

#[test]
fn jsonl_carries_the_message_and_the_archive_line() {
    let (out, err) = stdout_of(&["extract", "--format", "jsonl", "-"], Some(MBOX), 0);
    let v: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(v.len(), 2);
    assert_eq!(
        v[0]["uri"],
        "ftp://deploy:****@ftp.company.org/pub/very/long/path/file.txt"
    );
    assert_eq!(v[0]["message_id"], "one@company.org");
    assert_eq!(v[0]["date"], "Mon, 1 Jan 2024 00:00:00 +0000");
    assert_eq!(v[0]["subject"], "Café links");
    assert_eq!(
        (
            v[0]["line"].as_u64(),
            v[0]["part"].as_str(),
            v[0]["part_line"].as_u64()
        ),
        (Some(8), Some("text/plain"), Some(1))
    );
    // The undecodable message: scanned raw, warned about, nothing stops.
    assert_eq!(v[1]["uri"], "https://raw.company.org/");
    assert_eq!(v[1]["message_id"], Value::Null);
    assert_eq!(v[1]["part"], "raw");
    // mailparse's own reason stands between the parentheses.
    assert!(
        err.starts_with(
            "urilint: warning: -:15: message (no Message-ID): cannot decode the text/plain part ("
        ) && err.ends_with("); scanning it raw\n")
            && err.lines().count() == 1,
        "{err}"
    );
    // Plain output stays one URI per line.
    let (plain, _) = stdout_of(&["extract", "-"], Some(MBOX), 0);
    assert_eq!(
        plain,
        "ftp://deploy:****@ftp.company.org/pub/very/long/path/file.txt\nhttps://raw.company.org/\n"
    );
}

#[test]
fn input_detection_and_forcing() {
    let eml = "Message-ID: <e@company.org>\nSubject: s\nContent-Type: text/html\n\n<a href=\"http://a.company/?x=1&amp;y=2\">a</a>\n";
    // Three header fields with a Message-ID, then an empty line: a message.
    assert_eq!(
        stdout_of(&["extract", "-"], Some(eml), 0).0,
        "http://a.company/?x=1&y=2\n"
    );
    // --input text reads it raw.
    assert_eq!(
        stdout_of(&["extract", "--input", "text", "-"], Some(eml), 0).0,
        "http://a.company/?x=1&amp;y=2\n"
    );
    // Text that merely starts like a header stays text.
    assert_eq!(
        stdout_of(
            &["extract", "-"],
            Some("Note: see\n\nhttp://a.company/?x=1&amp;y\n"),
            0
        )
        .0,
        "http://a.company/?x=1&amp;y\n"
    );
    // A header block alone (a Pelican post, AsciiDoc's `Content-type:`) is
    // not mail, nor is text that starts `From ` as prose: both are read
    // whole, and the password on the first line is reported.
    assert_eq!(
        stdout_of(
            &["extract", "-"],
            Some("Title: A post\nDate: 2024-01-01\nContent-type: text/plain\n\nhttp://e.company/?a&amp;b\n"),
            0
        )
        .0,
        "http://e.company/?a&amp;b\n"
    );
    let prose = "From here on, the db is ftp://deploy:hunter2@ftp.company.org/\nSubject: x\n";
    assert_eq!(
        stdout_of(&["extract", "-"], Some(prose), 0).0,
        "ftp://deploy:****@ftp.company.org/\n"
    );
    let (out, _) = stdout_of(
        &[
            "check",
            "--format",
            "jsonl",
            "--select",
            "embedded-password",
            "-",
        ],
        Some(prose),
        1,
    );
    assert!(
        out.contains("\"line\":1") && out.contains("embedded-password"),
        "{out}"
    );
    // --input mail reads it as a message anyway.
    let body_only = "Content-Type: text/html\n\n<a href=\"http://b.company/?p&amp;q\">b</a>\n";
    assert_eq!(
        stdout_of(&["extract", "--input", "mail", "-"], Some(body_only), 0).0,
        "http://b.company/?p&q\n"
    );
    // A .eml file is a message whatever its first line.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.eml");
    std::fs::write(&path, "X-Custom: 1\n\n=3D http://c.company/?a&amp;b\n").unwrap();
    std::fs::write(
        dir.path().join("y.txt"),
        "X-Custom: 1\n\nhttp://d.company/\n",
    )
    .unwrap();
    let (out, _) = stdout_of(&["extract", dir.path().to_str().unwrap()], None, 0);
    assert_eq!(out, "http://c.company/?a&amp;b\nhttp://d.company/\n");
}

#[test]
fn check_names_the_message_in_every_format() {
    let (human, _) = stdout_of(&["check", "--color", "never", "-"], Some(MBOX), 1);
    assert_eq!(
        human,
        "-:8:5: error[embedded-password] URI embeds a password for user `deploy`\n  \
         = in message <one@company.org> \"Café links\", text/plain line 1\n\
         Found 1 problem (1 error); 1 file checked.\n"
    );
    let (jsonl, _) = stdout_of(&["check", "--format", "jsonl", "-"], Some(MBOX), 1);
    let v: Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!(
        (v["message_id"].as_str(), v["line"].as_u64()),
        (Some("one@company.org"), Some(8))
    );
    let (json, _) = stdout_of(&["check", "--format", "json", "-"], Some(MBOX), 1);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v[0]["message_id"], "one@company.org");
    let (github, _) = stdout_of(&["check", "--format", "github", "-"], Some(MBOX), 1);
    assert!(github.contains("in message <one@company.org>"), "{github}");
    let (sarif, _) = stdout_of(&["check", "--format", "sarif", "-"], Some(MBOX), 1);
    let v: Value = serde_json::from_str(&sarif).unwrap();
    let result = &v["runs"][0]["results"][0];
    assert_eq!(result["properties"]["messageId"], "one@company.org");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["region"],
        serde_json::json!({ "startLine": 8 })
    );
    for out in [&human, &jsonl, &json, &github, &sarif] {
        assert!(!out.contains("Hunt3r2"));
    }
}

/// Issue 30: the rules on a mail that quotes data. A hexdump sent as form
/// data (in the text, an `href` and the link's text), a BitBake recipe's
/// `file://name.patch` and jwt.io's sample token give no error, and a URI
/// that a quoted hard wrap cut inside a percent-escape is rejoined; the
/// sample token is a note, and redacted.
#[test]
fn rules_read_the_data_a_mail_quotes_as_data() {
    let mail = "tests/data/rules-on-mail.mbox";
    let (out, err) = stdout_of(&["check", "--isolated", "--format", "jsonl", mail], None, 0);
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    let (out, _) = stdout_of(&["extract", "--isolated", mail], None, 0);
    let dump = "http://paste.acme.net/cgi?f3=0000000++18+00+00%0D%0A0000010++2a+ff%0D%0A";
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "https://urldefense.acme.net/v3/__?url=3Dhttps%3A%2F%2Fgithub.com%2Facme%2Frepo",
            dump,
            "file://0001-fix-the-build-with-gcc-14-by-declaring-the-callbacks-first.patch",
            "https://jwt.io/#debugger-io?token=****",
            dump,
            dump,
        ]
    );
    let (out, _) = stdout_of(
        &[
            "check",
            "--isolated",
            "--show-notes",
            "--color",
            "never",
            mail,
        ],
        None,
        0,
    );
    assert_eq!(
        out,
        "tests/data/rules-on-mail.mbox:22:22: note[secret-in-query] parameter `token` holds an example secret; keep real ones out of URIs\n  \
         = in message <1@acme.net> \"Re: build failure\", text/plain line 10\n\
         Found 1 problem (1 note); 1 file checked.\n"
    );
}
