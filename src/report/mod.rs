//! Lint output (SPEC sections 4 and 13): `human`, `json`, `jsonl`,
//! `sarif`, `github`, `junit` and `gitlab`, written to any
//! [`std::io::Write`].
//!
//! A [`Record`] is one diagnostic with everything a format shows. Its `uri`,
//! snippet and mail fields have every secret replaced by `****` unless they
//! were built with secrets shown (RFC 3986 s7.5, SPEC section 10), and
//! `human` and `github` output never pass control characters from the
//! input to the terminal ([`escape_controls`]).

mod github;
mod gitlab;
mod human;
mod junit;
mod sarif;
mod sink;
mod snippet;

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use std::borrow::Cow;
use std::ops::Range;

use crate::redact::redact_text;
use crate::rules::{Diagnostic, Severity};
use crate::scan::{Delimiter, Finding, Flags};
use crate::secrets::{self, redact};
use crate::uri::Span;

pub use human::Style;
pub use sink::{Collected, Printer, Sink};
pub use snippet::{SHOWN_BEFORE, Shown, Snippet, escape_controls};

/// An output format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `path:line:col: severity[rule] message` and the source line.
    Human,
    /// One JSON array.
    Json,
    /// One JSON object a line.
    Jsonl,
    /// SARIF 2.1.0.
    Sarif,
    /// GitHub Actions workflow commands.
    Github,
    /// JUnit XML: a test suite a file, a failing test case a finding.
    Junit,
    /// GitLab Code Quality JSON.
    Gitlab,
}

/// One diagnostic, ready to print. It serializes to the record of the
/// machine formats (SPEC section 4), and reads back from it; `span` and
/// `snippet`, not part of that record, are kept beside it by [`Spilled`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The file, or `-` for standard input; a byte of the name that is
    /// not UTF-8 is written `\xNN`.
    pub path: String,
    /// The file name's bytes, when they are not UTF-8.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path_bytes: Option<Vec<u8>>,
    /// 1-based line of the URI.
    pub line: u64,
    /// 1-based column of the URI, in characters.
    pub column: u64,
    /// Byte offset of the URI's start.
    pub start: u64,
    /// Byte offset past its end.
    pub end: u64,
    /// Rule id.
    pub rule: String,
    /// Severity.
    pub severity: Severity,
    /// Message.
    pub message: String,
    /// The URI, secrets redacted unless they are shown.
    pub uri: String,
    /// How it was delimited.
    #[serde(serialize_with = "ser_delimiter", deserialize_with = "de_delimiter")]
    pub delimiter: Delimiter,
    /// How it was written.
    #[serde(serialize_with = "ser_flags", deserialize_with = "de_flags")]
    pub flags: Flags,
    /// The part of the URI at fault, as a byte range of the URI.
    #[serde(skip)]
    pub span: Option<Span>,
    /// The message the URI is in, for mail (SPEC M3).
    #[serde(flatten)]
    pub mail: Option<MailContext>,
    /// The source line, for `human`.
    #[serde(skip)]
    pub snippet: Option<Snippet>,
    /// How to fix it, as edits of the file (SPEC section 12); only when
    /// the rule has a fix that can be written in the file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<crate::fix::FileFix>,
    /// For a link left unchecked (rule [`UNCHECKED`]), why: the key of
    /// [`crate::links::Kind`]. Such a record never fails a run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// The `rule` of the records `--show-unchecked` lists: links left
/// unchecked, which are not findings (SPEC section 11a).
pub const UNCHECKED: &str = "unchecked";

/// A [`Record`] whole, as records waiting for output are kept on disk.
#[derive(Serialize, Deserialize)]
pub struct Spilled {
    record: Record,
    span: Option<(usize, usize)>,
    snippet: Option<Snippet>,
}

impl From<Record> for Spilled {
    fn from(mut record: Record) -> Spilled {
        Spilled {
            span: record.span.map(|s| (s.start, s.end)),
            snippet: record.snippet.take(),
            record,
        }
    }
}

impl From<Spilled> for Record {
    fn from(s: Spilled) -> Record {
        let mut record = s.record;
        record.span = s.span.map(|(start, end)| Span { start, end });
        record.snippet = s.snippet;
        record
    }
}

/// Where in a mail archive a finding is (SPEC M3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailContext {
    /// The message's `Message-ID`, without angle brackets.
    pub message_id: Option<String>,
    /// Its `Date`.
    pub date: Option<String>,
    /// Its `Subject`.
    pub subject: Option<String>,
    /// The part's type.
    pub part: String,
    /// The line within the decoded part.
    pub part_line: u64,
}

impl MailContext {
    /// From a finding of the mail reader. Header fields are the sender's
    /// text: secrets in them are redacted unless `show_secrets`.
    pub fn of(f: &crate::document::mail::MailFinding, show_secrets: bool) -> MailContext {
        let field = |v: &Option<String>| match v {
            Some(v) if !show_secrets => Some(redact_text(v).into_owned()),
            _ => v.clone(),
        };
        MailContext {
            message_id: field(&f.info.message_id),
            date: field(&f.info.date),
            subject: field(&f.info.subject),
            part: f.part.to_string(),
            part_line: f.part_line,
        }
    }

    /// `message <id>`, to name the message in a text line.
    pub fn describe(&self) -> String {
        match &self.message_id {
            Some(id) => format!("message <{id}>"),
            None => "a message without Message-ID".to_string(),
        }
    }
}

/// For `#[serde(with)]`-style fields of records that carry a finding.
pub fn ser_delimiter<S: serde::Serializer>(d: &Delimiter, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(d.as_str())
}

/// For `#[serde(with)]`-style fields of records that carry a finding.
pub fn ser_flags<S: serde::Serializer>(f: &Flags, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(f.names())
}

/// For `#[serde(with)]`-style fields of records that carry a finding.
pub fn de_delimiter<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Delimiter, D::Error> {
    let name = String::deserialize(d)?;
    Delimiter::ALL
        .into_iter()
        .find(|x| x.as_str() == name)
        .ok_or_else(|| serde::de::Error::custom(format!("no delimiter `{name}`")))
}

/// For `#[serde(with)]`-style fields of records that carry a finding.
pub fn de_flags<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Flags, D::Error> {
    let mut flags = Flags::default();
    for name in Vec::<String>::deserialize(d)? {
        if !flags.set(&name) {
            return Err(serde::de::Error::custom(format!("no flag `{name}`")));
        }
    }
    Ok(flags)
}

impl Record {
    /// A record for `diagnostic` of `finding` in `path`.
    pub fn new(
        path: &str,
        finding: &Finding,
        diagnostic: Diagnostic,
        show_secrets: bool,
    ) -> Record {
        Record::with_uri(path, finding, diagnostic, shown_uri(finding, show_secrets))
    }

    /// A record whose `uri` was made once for all the diagnostics of a
    /// finding by [`shown_uri`].
    pub fn with_uri(path: &str, finding: &Finding, diagnostic: Diagnostic, uri: String) -> Record {
        Record {
            path: path.to_string(),
            path_bytes: None,
            line: finding.line,
            column: finding.column,
            start: finding.start,
            end: finding.end,
            rule: diagnostic.rule.into_owned(),
            severity: diagnostic.severity,
            message: diagnostic.message,
            span: diagnostic.span,
            uri,
            delimiter: finding.delimiter,
            flags: finding.flags,
            mail: None,
            snippet: None,
            fix: None,
            reason: None,
        }
    }

    /// The record of a link left unchecked (`--show-unchecked`).
    pub fn unchecked(
        path: &str,
        finding: &Finding,
        reason: &crate::links::Reason,
        uri: String,
    ) -> Record {
        let diagnostic = Diagnostic {
            rule: Cow::Borrowed(UNCHECKED),
            severity: Severity::Note,
            message: format!("not checked: {}", reason.detail),
            span: None,
            fix: None,
        };
        let mut r = Record::with_uri(path, finding, diagnostic, uri);
        r.reason = Some(reason.kind.as_str().to_string());
        r
    }
}

/// A finding's URI as records show it: every secret replaced by `****`
/// (SPEC section 10) unless `show_secrets`.
pub fn shown_uri(finding: &Finding, show_secrets: bool) -> String {
    if show_secrets {
        finding.uri_lossy().into_owned()
    } else {
        String::from_utf8_lossy(&redact(&finding.uri, finding.flags.truncated)).into_owned()
    }
}

/// Writes records as they come, in one format, holding none of them: json
/// and sarif are single documents, written around the records.
pub struct Emitter<W: Write> {
    out: W,
    format: Format,
    style: Style,
    count: usize,
    sarif: sarif::Sarif,
    junit: junit::Junit,
    gitlab: gitlab::Gitlab,
}

impl<W: Write> Emitter<W> {
    /// An emitter writing to `out`. `style` applies to `human` only.
    pub fn new(out: W, format: Format, style: Style) -> Emitter<W> {
        Emitter {
            out,
            format,
            style,
            count: 0,
            sarif: sarif::Sarif::new(),
            junit: junit::Junit::default(),
            gitlab: gitlab::Gitlab::default(),
        }
    }

    /// Writes one record.
    pub fn emit(&mut self, r: &Record) -> io::Result<()> {
        let out = &mut self.out;
        match self.format {
            Format::Human => human::write(out, r, self.style)?,
            Format::Github => github::write(out, r)?,
            Format::Jsonl => {
                serde_json::to_writer(&mut *out, r)?;
                out.write_all(b"\n")?;
            }
            Format::Json => {
                out.write_all(if self.count == 0 { b"[\n" } else { b",\n" })?;
                let text = serde_json::to_string_pretty(r).expect("serializable");
                for (i, line) in text.lines().enumerate() {
                    out.write_all(if i == 0 { b"  " } else { b"\n  " })?;
                    out.write_all(line.as_bytes())?;
                }
            }
            Format::Sarif => self.sarif.record(out, r)?,
            Format::Junit => self.junit.record(out, r)?,
            Format::Gitlab => self.gitlab.record(out, r)?,
        }
        self.count += 1;
        Ok(())
    }

    /// Closes the document; the writer back.
    pub fn finish(mut self) -> io::Result<W> {
        match self.format {
            Format::Json if self.count == 0 => self.out.write_all(b"[]\n")?,
            Format::Json => self.out.write_all(b"\n]\n")?,
            Format::Sarif => self.sarif.finish(&mut self.out)?,
            Format::Junit => self.junit.finish(&mut self.out)?,
            Format::Gitlab => self.gitlab.finish(&mut self.out)?,
            _ => {}
        }
        Ok(self.out)
    }

    /// Whether it colours what it writes.
    pub fn color(&self) -> bool {
        self.style.color
    }

    /// The writer, for what goes between records (a flush before stderr).
    pub fn get_mut(&mut self) -> &mut W {
        &mut self.out
    }
}

/// Writes `records` in `format`. `style` applies to `human` only.
pub fn write(
    out: &mut impl Write,
    format: Format,
    records: &[Record],
    style: Style,
) -> io::Result<()> {
    let mut e = Emitter::new(out, format, style);
    for r in records {
        e.emit(r)?;
    }
    e.finish().map(|_| ())
}

/// `Found 3 problems (1 error, 1 warning, 1 note).`, or `None` for none.
pub fn summary(records: &[Record]) -> Option<String> {
    let mut counts = [0; 3];
    for r in records {
        counts[r.severity as usize] += 1;
    }
    summary_of_counts(counts)
}

/// `[*] 2 fixable with `--fix` (1 more with `--unsafe-fixes`).`, from the
/// number of findings with a safe and with an unsafe fix; `None` for none.
/// With `unsafe_fixes`, unsafe fixes count as fixable.
pub fn fixable_summary(fixable: [usize; 2], unsafe_fixes: bool) -> Option<String> {
    let [safe, risky] = fixable;
    let (now, hidden) = if unsafe_fixes {
        (safe + risky, 0)
    } else {
        (safe, risky)
    };
    let option = if unsafe_fixes {
        "`--fix --unsafe-fixes`"
    } else {
        "`--fix`"
    };
    match (now, hidden) {
        (0, 0) => None,
        (0, h) => Some(format!("{h} fixable with `--fix --unsafe-fixes`.")),
        (n, 0) => Some(format!("[*] {n} fixable with {option}.")),
        (n, h) => Some(format!(
            "[*] {n} fixable with {option} ({h} more with `--unsafe-fixes`)."
        )),
    }
}

/// The closing line of human output: the findings by severity and how
/// many files were checked; `None` for none (a clean run prints nothing).
///
/// ```
/// use urilint::report::closing_line;
/// assert_eq!(
///     closing_line([1, 0, 2], 40).unwrap(),
///     "Found 3 problems (2 errors, 1 note); 40 files checked."
/// );
/// assert_eq!(closing_line([0, 0, 0], 1), None);
/// ```
pub fn closing_line(counts: [usize; 3], files: usize) -> Option<String> {
    let files = format!("{files} file{} checked", if files == 1 { "" } else { "s" });
    summary_of_counts(counts).map(|found| format!("{}; {files}.", found.trim_end_matches('.')))
}

/// [`summary`] from the number of findings of each severity, indexed by
/// `Severity as usize` (note, warning, error).
pub fn summary_of_counts(counts: [usize; 3]) -> Option<String> {
    let total: usize = counts.iter().sum();
    if total == 0 {
        return None;
    }
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let parts: Vec<String> = [
        (Severity::Error, "error"),
        (Severity::Warning, "warning"),
        (Severity::Note, "note"),
    ]
    .into_iter()
    .filter(|&(s, _)| counts[s as usize] > 0)
    .map(|(s, w)| plural(counts[s as usize], w))
    .collect();
    Some(format!(
        "Found {} ({}).",
        plural(total, "problem"),
        parts.join(", ")
    ))
}

/// Writes `urilint: MESSAGE` to stderr. A stderr nobody reads any more (a
/// closed pipe) is not a reason to panic, so write errors are ignored.
/// Secrets are redacted and control characters from the input (a file
/// name, a message id) escaped, never passed to the terminal (SPEC section
/// 10), `--show-secrets` or not: stderr is for the run, not for the data.
pub fn say(message: &str) {
    let message = redact_text(message);
    let message = escape_controls(&message);
    let _ = writeln!(io::stderr().lock(), "urilint: {message}");
}
