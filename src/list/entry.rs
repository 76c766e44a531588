//! One URI of the list, as a reader finds it ([`Item`]), as it is kept
//! for `--count` and `--sort` ([`Entry`]), as jsonl writes it, and as it
//! waits on disk for the inputs before its own ([`Line`]).

use std::borrow::Cow;
use std::io;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::document::mail::MailFinding;
use crate::drive::spool::{Spill, put_bytes, take_bytes};
use crate::format::{Format, Reference};
use crate::report::MailContext;
use crate::scan::{Delimiter, Finding, Flags};
use crate::walk::Input;

/// A URI found in text, or in a message of a mail archive.
pub(super) enum Item {
    Text(Finding),
    /// A relative reference (`--relative`), and what it resolves to
    /// against the document's URL (`--base`).
    Reference(Reference, Option<std::sync::Arc<[u8]>>),
    Mail(MailFinding),
    /// A message that could not be decoded: a line for stderr.
    Warning(String),
}

/// One URI of the list, with all that a line can show of it: made where
/// its input is read, and held for `--count` and `--sort`.
#[derive(Serialize, Deserialize)]
pub(super) struct Entry {
    /// Shared by every entry of a file.
    pub(super) path: Arc<str>,
    /// The file name's bytes, when they are not UTF-8.
    pub(super) path_bytes: Option<Vec<u8>>,
    pub(super) line: u64,
    pub(super) column: u64,
    pub(super) start: u64,
    pub(super) end: u64,
    /// As printed: redacted (SPEC section 10), normalized with
    /// `--normalize`.
    pub(super) uri: Vec<u8>,
    #[serde(
        serialize_with = "crate::report::ser_delimiter",
        deserialize_with = "crate::report::de_delimiter"
    )]
    pub(super) delimiter: Delimiter,
    #[serde(
        serialize_with = "crate::report::ser_flags",
        deserialize_with = "crate::report::de_flags"
    )]
    pub(super) flags: Flags,
    #[serde(serialize_with = "ser_format", deserialize_with = "de_format")]
    pub(super) format: Format,
    /// A relative reference as written (SPEC section 11).
    pub(super) reference: Option<String>,
    pub(super) mail: Option<MailContext>,
    /// The form `--unique` folds by and `--sort uri` orders by: normalized
    /// (RFC 3986 s6) when either asks for it.
    pub(super) key: Vec<u8>,
    /// The normalized host, for `--sort host`.
    pub(super) host: Vec<u8>,
    /// The message of its input it is in (0 outside mail), to count the
    /// files and messages of a URI.
    pub(super) unit: u64,
}

fn ser_format<S: serde::Serializer>(f: &Format, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(f.as_str())
}

fn de_format<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Format, D::Error> {
    let name = String::deserialize(d)?;
    Format::parse(&name).ok_or_else(|| serde::de::Error::custom(format!("no format `{name}`")))
}

impl Entry {
    /// Its record, as jsonl writes it (SPEC section 4).
    pub(super) fn record<'a>(&'a self, tally: Option<&'a Tally>) -> Record<'a> {
        Record {
            path: &self.path,
            path_bytes: self.path_bytes.as_deref(),
            line: self.line,
            column: self.column,
            start: self.start,
            end: self.end,
            uri: String::from_utf8_lossy(&self.uri),
            delimiter: self.delimiter.as_str(),
            flags: self.flags.names().collect(),
            format: self.format.as_str(),
            reference: self.reference.as_deref(),
            mail: self.mail.as_ref(),
            tally,
        }
    }

    /// Where it is, for `first` and `last` of `--count`.
    pub(super) fn place(&self) -> Place {
        Place {
            path: self.path.to_string(),
            line: self.line,
            column: self.column,
            start: self.start,
            end: self.end,
            message_id: self.mail.as_ref().and_then(|m| m.message_id.clone()),
            date: self.mail.as_ref().and_then(|m| m.date.clone()),
            subject: self.mail.as_ref().and_then(|m| m.subject.clone()),
        }
    }
}

/// One line of `--format jsonl` (SPEC section 4).
#[derive(Serialize)]
pub(super) struct Record<'a> {
    pub(super) path: &'a str,
    /// The file name's bytes, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) path_bytes: Option<&'a [u8]>,
    pub(super) line: u64,
    pub(super) column: u64,
    pub(super) start: u64,
    pub(super) end: u64,
    pub(super) uri: Cow<'a, str>,
    pub(super) delimiter: &'static str,
    pub(super) flags: Vec<&'static str>,
    /// How the file was read (SPEC section 9).
    pub(super) format: &'static str,
    /// A relative reference as written (SPEC section 11): `uri` is what it
    /// resolves to with `--base`, else the reference again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) reference: Option<&'a str>,
    #[serde(flatten)]
    pub(super) mail: Option<&'a MailContext>,
    #[serde(flatten)]
    pub(super) tally: Option<&'a Tally>,
}

/// What `--count` adds to a URI's record.
#[derive(Serialize)]
pub(super) struct Tally {
    /// How often it was found.
    pub(super) count: u64,
    /// In how many files, or messages of an archive.
    pub(super) files: u64,
    pub(super) first: Place,
    pub(super) last: Place,
}

/// Where a URI was found: for mail, in which message, and when it was
/// sent (when a link first appeared on a list).
#[derive(Serialize)]
pub(super) struct Place {
    pub(super) path: String,
    pub(super) line: u64,
    pub(super) column: u64,
    pub(super) start: u64,
    pub(super) end: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) message_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) date: Option<String>,
    /// The message's subject (redacted as the record's is).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) subject: Option<String>,
}

/// The name of the input a line is of.
pub(super) struct Name {
    pub(super) shown: Arc<str>,
    /// The bytes of the name, when they are not UTF-8.
    pub(super) bytes: Option<Vec<u8>>,
}

impl Name {
    pub(super) fn of(input: &Input) -> Name {
        Name {
            shown: input.display_name().into(),
            bytes: input.path_bytes(),
        }
    }
}

/// Counts the messages of a mail input: a new one starts where a finding
/// holds another message's information. Keeps that message's context, so
/// its header fields are redacted once, not once a URI.
#[derive(Default)]
pub(super) struct Messages {
    pub(super) last: Option<(std::sync::Arc<crate::mail::MessageInfo>, MailContext)>,
    pub(super) n: u64,
}

impl Messages {
    /// The number of `m`'s message in the input, and its context.
    pub(super) fn of(
        &mut self,
        m: &crate::document::mail::MailFinding,
        show_secrets: bool,
    ) -> (u64, MailContext) {
        let same = |(l, _): &(_, _)| std::sync::Arc::ptr_eq(l, &m.info);
        let context = match &self.last {
            Some(last) if same(last) => MailContext {
                part: m.part.to_string(),
                part_line: m.part_line,
                ..last.1.clone()
            },
            _ => {
                let context = MailContext::of(m, show_secrets);
                self.last = Some((m.info.clone(), context.clone()));
                self.n += 1;
                context
            }
        };
        (self.n, context)
    }
}

/// One line of output, made where its input is read and written in path
/// order, past `--unique`, by the main thread.
pub(super) enum Line {
    /// A URI's line (newline included), and the form `--unique` folds it
    /// by.
    Uri { text: Vec<u8>, key: Vec<u8> },
    /// A URI held for `--count` or `--sort`.
    Entry(Box<Entry>),
    /// A line for stderr.
    Warning(String),
}

/// A line waits on disk as a tag byte and length-prefixed bytes.
impl Spill for Line {
    fn encode(self, out: &mut Vec<u8>) -> io::Result<()> {
        match self {
            Line::Uri { text, key } => {
                out.push(b'U');
                put_bytes(out, &text);
                put_bytes(out, &key);
            }
            Line::Entry(e) => {
                out.push(b'E');
                put_bytes(out, &serde_json::to_vec(&e)?);
            }
            Line::Warning(w) => {
                out.push(b'W');
                put_bytes(out, w.as_bytes());
            }
        }
        Ok(())
    }

    fn decode(bytes: &[u8]) -> io::Result<(Line, usize)> {
        let mut at = 1;
        let line = match bytes.first() {
            Some(b'U') => Line::Uri {
                text: take_bytes(bytes, &mut at)?.to_vec(),
                key: take_bytes(bytes, &mut at)?.to_vec(),
            },
            Some(b'E') => Line::Entry(serde_json::from_slice(take_bytes(bytes, &mut at)?)?),
            _ => Line::Warning(String::from_utf8_lossy(take_bytes(bytes, &mut at)?).into_owned()),
        };
        Ok((line, at))
    }
}
