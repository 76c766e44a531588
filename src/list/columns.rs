//! The lines of `extract`: plain, jsonl, csv and tsv (RFC 4180, with the
//! `csv` crate), and the fields `--fields` picks. A csv or tsv column is a
//! jsonl key, in the same order; `first` and `last` of `--count` are
//! objects in jsonl and `first.path`, `first.line` ... columns in a table.

use std::borrow::Cow;
use std::io;

use crate::report::escape_controls;
use serde_json::Value;

use super::LineFormat;
use super::entry::{Entry, Tally};

/// The fields of every record, in jsonl's order: a table's columns.
const FIELDS: &[&str] = &[
    "path",
    "line",
    "column",
    "start",
    "end",
    "uri",
    "delimiter",
    "flags",
    "format",
    "reference",
    "message_id",
    "date",
    "subject",
    "part",
    "part_line",
];

/// What `--count` adds.
const COUNT_FIELDS: &[&str] = &["count", "files", "first", "last"];

/// The form `--count` folds URIs by (normalized, RFC 3986 s6, from the
/// redacted URI): asked for by name only, for whoever merges counts of
/// several runs (the Spark job's reduce).
const KEY_FIELD: &str = "key";

/// The fields of `first` and `last`.
const PLACE_FIELDS: &[&str] = &[
    "path",
    "line",
    "column",
    "start",
    "end",
    "message_id",
    "date",
    "subject",
];

/// A table's columns with `--count` unless `--fields` says: what a list's
/// link report shows (issue 34); `--fields` names any of the others.
const COUNT_TABLE: &[&str] = &[
    "count",
    "files",
    "uri",
    "first.path",
    "first.line",
    "first.date",
    "first.subject",
    "last.date",
];

/// How lines are made.
pub(super) struct Columns {
    format: LineFormat,
    /// The fields to print: a table's columns (`first.line`), or the keys
    /// `--fields` picks for jsonl (`None`: the whole record).
    fields: Option<Vec<String>>,
    /// Standard output is a terminal: control characters are escaped
    /// (SPEC section 10).
    terminal: bool,
    /// `--fields +key` in jsonl: the whole record, then `key`.
    with_key: bool,
}

impl Columns {
    /// The columns of `format`; `fields` as `--fields` gives them, checked
    /// against what `count` makes.
    pub(super) fn new(
        format: LineFormat,
        fields: &[String],
        count: bool,
        terminal: bool,
    ) -> Result<Columns, String> {
        let table = matches!(format, LineFormat::Csv | LineFormat::Tsv);
        if !fields.is_empty() && format == LineFormat::Plain {
            return Err("--fields needs --format csv, tsv or jsonl".into());
        }
        // `+key`: every field, then the key (for whoever merges the counts
        // of several runs, in one run: the Spark job).
        let plus_key = fields.len() == 1 && fields[0] == format!("+{KEY_FIELD}");
        if plus_key && !count {
            return Err(format!("--fields: `+{KEY_FIELD}` needs --count"));
        }
        let fields: &[String] = if plus_key { &[] } else { fields };
        let known = |f: &str| -> Result<(), String> {
            let (head, sub) = f.split_once('.').map_or((f, None), |(h, s)| (h, Some(s)));
            let place = matches!(head, "first" | "last");
            let ok = match sub {
                None => FIELDS.contains(&f) || COUNT_FIELDS.contains(&f) || f == KEY_FIELD,
                Some(s) => place && PLACE_FIELDS.contains(&s),
            };
            if !ok {
                let mut all: Vec<&str> = FIELDS.to_vec();
                all.extend(COUNT_FIELDS);
                all.push(KEY_FIELD);
                return Err(format!(
                    "--fields: no field `{f}` (fields: {}, and `first.line` and the like)",
                    all.join(", ")
                ));
            }
            if !count && (place || COUNT_FIELDS.contains(&head) || head == KEY_FIELD) {
                return Err(format!("--fields: `{f}` needs --count"));
            }
            Ok(())
        };
        for f in fields {
            known(f)?;
        }
        let chosen: Vec<String> = if fields.is_empty() && count && table && !plus_key {
            COUNT_TABLE.iter().map(|f| f.to_string()).collect()
        } else if fields.is_empty() {
            let mut all: Vec<String> = FIELDS.iter().map(|f| f.to_string()).collect();
            if count {
                all.extend(COUNT_FIELDS.iter().map(|f| f.to_string()));
            }
            if plus_key {
                all.push(KEY_FIELD.to_string());
            }
            all
        } else {
            fields.to_vec()
        };
        let fields = if table {
            // A table's cell holds one value: `first` is its columns.
            let cells = chosen
                .into_iter()
                .flat_map(|f| match f.as_str() {
                    "first" | "last" => PLACE_FIELDS.iter().map(|p| format!("{f}.{p}")).collect(),
                    _ => vec![f],
                })
                .collect();
            Some(cells)
        } else if fields.is_empty() {
            None
        } else {
            Some(chosen)
        };
        Ok(Columns {
            format,
            fields,
            terminal,
            with_key: plus_key && !table,
        })
    }

    /// The header row of a table.
    pub(super) fn header(&self) -> io::Result<Option<Vec<u8>>> {
        match (&self.fields, self.delimiter()) {
            (Some(fields), Some(d)) => row(d, fields.iter().map(|f| f.as_bytes())).map(Some),
            _ => Ok(None),
        }
    }

    fn delimiter(&self) -> Option<u8> {
        match self.format {
            LineFormat::Csv => Some(b','),
            LineFormat::Tsv => Some(b'\t'),
            _ => None,
        }
    }

    /// The line of `entry` (newline included), with its tally.
    pub(super) fn line(&self, entry: &Entry, tally: Option<&Tally>) -> io::Result<Vec<u8>> {
        let mut out = Vec::with_capacity(entry.uri.len() + 8);
        match self.format {
            LineFormat::Plain => {
                if let Some(t) = tally {
                    out.extend_from_slice(format!("{}\t", t.count).as_bytes());
                }
                if self.terminal {
                    let text = String::from_utf8_lossy(&entry.uri);
                    out.extend_from_slice(escape_controls(&text).as_bytes());
                } else {
                    // The URI's own bytes: nothing is lost on non-UTF-8 input.
                    out.extend_from_slice(&entry.uri);
                }
                out.push(b'\n');
            }
            LineFormat::Jsonl => {
                let record = entry.record(tally);
                match &self.fields {
                    None => {
                        serde_json::to_writer(&mut out, &record)?;
                        if self.with_key {
                            // The record's own bytes, `key` last.
                            out.pop();
                            out.push(b',');
                            serde_json::to_writer(&mut out, KEY_FIELD)?;
                            out.push(b':');
                            serde_json::to_writer(&mut out, &String::from_utf8_lossy(&entry.key))?;
                            out.push(b'}');
                        }
                    }
                    Some(fields) => {
                        let whole = with_key(serde_json::to_value(&record)?, entry, fields);
                        serde_json::to_writer(&mut out, &pick(&whole, fields))?;
                    }
                }
                out.push(b'\n');
            }
            LineFormat::Csv | LineFormat::Tsv => {
                let fields = self.fields.as_deref().unwrap_or_default();
                let whole = with_key(serde_json::to_value(entry.record(tally))?, entry, fields);
                let cells: Vec<Cow<[u8]>> = fields
                    .iter()
                    .map(|f| match f.as_str() {
                        // The URI's own bytes, as in plain output.
                        "uri" if !self.terminal => Cow::Borrowed(&entry.uri[..]),
                        f => Cow::Owned(self.cell(lookup(&whole, f)).into_bytes()),
                    })
                    .collect();
                let d = self.delimiter().unwrap_or(b',');
                out = row(d, cells.iter().map(|c| &c[..]))?;
            }
        }
        Ok(out)
    }

    /// A table cell: a string as it is, a number, flags separated by
    /// spaces, nothing for a missing value.
    fn cell(&self, v: Option<&Value>) -> String {
        let text = match v {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(s)) => s.clone(),
            Some(Value::Array(items)) => items
                .iter()
                .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
                .collect::<Vec<_>>()
                .join(" "),
            Some(v) => v.to_string(),
        };
        if self.terminal {
            escape_controls(&text).into_owned()
        } else {
            text
        }
    }
}

/// One row of a table, quoted as RFC 4180 says, with its newline.
fn row<'a>(delimiter: u8, cells: impl Iterator<Item = &'a [u8]>) -> io::Result<Vec<u8>> {
    let mut w = csv::WriterBuilder::new()
        .delimiter(delimiter)
        .terminator(csv::Terminator::Any(b'\n'))
        .buffer_capacity(256)
        .from_writer(Vec::new());
    w.write_record(cells)?;
    w.into_inner().map_err(|e| io::Error::other(e.to_string()))
}

/// The value of `field` (`first.line` a level down) in a record.
fn lookup<'v>(record: &'v Value, field: &str) -> Option<&'v Value> {
    match field.split_once('.') {
        Some((head, sub)) => record.get(head)?.get(sub),
        None => record.get(field),
    }
}

/// `record` with the key `--count` folds `entry` by, when `fields` asks
/// for it.
fn with_key(mut record: Value, entry: &Entry, fields: &[String]) -> Value {
    if fields.iter().any(|f| f == KEY_FIELD)
        && let Value::Object(m) = &mut record
    {
        let key = String::from_utf8_lossy(&entry.key).into_owned();
        m.insert(KEY_FIELD.into(), Value::String(key));
    }
    record
}

/// The fields of `record` that `--fields` names, in its order; `first.line`
/// as `{"first": {"line": ...}}`. A field the record does not have is
/// `null`.
fn pick<'v>(record: &'v Value, fields: &'v [String]) -> Picked<'v> {
    let mut out: Vec<(&str, Pick)> = Vec::new();
    for f in fields {
        let v = lookup(record, f).unwrap_or(&Value::Null);
        match f.split_once('.') {
            Some((head, sub)) => match out.iter_mut().find(|(k, _)| *k == head) {
                Some((_, Pick::Object(inner))) => inner.push((sub, v)),
                _ => out.push((head, Pick::Object(vec![(sub, v)]))),
            },
            // `first` and `last` keep the order of their fields.
            None => match v {
                Value::Object(m) if matches!(f.as_str(), "first" | "last") => {
                    let fields = PLACE_FIELDS
                        .iter()
                        .filter_map(|&k| m.get(k).map(|v| (k, v)));
                    out.push((f, Pick::Object(fields.collect())));
                }
                v => out.push((f, Pick::Value(v))),
            },
        }
    }
    Picked(out)
}

/// Picked fields, written in the order they were asked for (a JSON
/// object's keys keep no order of their own in `serde_json::Map`).
struct Picked<'v>(Vec<(&'v str, Pick<'v>)>);

enum Pick<'v> {
    Value(&'v Value),
    Object(Vec<(&'v str, &'v Value)>),
}

impl serde::Serialize for Picked<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            match v {
                Pick::Value(v) => map.serialize_entry(k, v)?,
                Pick::Object(inner) => map.serialize_entry(k, &Ordered(inner))?,
            }
        }
        map.end()
    }
}

struct Ordered<'a, 'v>(&'a [(&'v str, &'v Value)]);

impl serde::Serialize for Ordered<'_, '_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
}
