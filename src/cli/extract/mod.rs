//! `urilint extract`: print the URIs found, in order of appearance per file.

use std::borrow::Cow;
use std::collections::HashSet;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::sync::Arc;

use serde::{Deserialize, Serialize};
use urilint::document::mail::{MailEvent, MailEvents, MailFinding};
use urilint::filter::{FilterSpec, Filters};
use urilint::format::{Format, MAX_PARSED, Reference};
use urilint::report::MailContext;
use urilint::scan::{Delimiter, Finding, Flags, Scanner};
use urilint::schemes::Registry;
use urilint::secrets::redact;
use urilint::uri::normalize;
use urilint::walk::{self, Input};

use super::{ExtractArgs, ExtractFormat, Failure, SortKey, Status};
use urilint::drive::spool::{Spill, Spool, put_bytes, take_bytes};
use urilint::drive::{Reading, Stop, Whole};

mod columns;
mod tally;

use columns::Columns;
use tally::List;

/// A URI found in text, or in a message of a mail archive.
enum Item {
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
struct Entry {
    /// Shared by every entry of a file.
    path: Arc<str>,
    /// The file name's bytes, when they are not UTF-8.
    path_bytes: Option<Vec<u8>>,
    line: u64,
    column: u64,
    start: u64,
    end: u64,
    /// As printed: redacted (SPEC section 10), normalized with
    /// `--normalize`.
    uri: Vec<u8>,
    #[serde(
        serialize_with = "urilint::report::ser_delimiter",
        deserialize_with = "urilint::report::de_delimiter"
    )]
    delimiter: Delimiter,
    #[serde(
        serialize_with = "urilint::report::ser_flags",
        deserialize_with = "urilint::report::de_flags"
    )]
    flags: Flags,
    #[serde(serialize_with = "ser_format", deserialize_with = "de_format")]
    format: Format,
    /// A relative reference as written (SPEC section 11).
    reference: Option<String>,
    mail: Option<MailContext>,
    /// The form `--unique` folds by and `--sort uri` orders by: normalized
    /// (RFC 3986 s6) when either asks for it.
    key: Vec<u8>,
    /// The normalized host, for `--sort host`.
    host: Vec<u8>,
    /// The message of its input it is in (0 outside mail), to count the
    /// files and messages of a URI.
    unit: u64,
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
    fn record<'a>(&'a self, tally: Option<&'a Tally>) -> Record<'a> {
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
    fn place(&self) -> Place {
        Place {
            path: self.path.to_string(),
            line: self.line,
            column: self.column,
            start: self.start,
            end: self.end,
            message_id: self.mail.as_ref().and_then(|m| m.message_id.clone()),
            date: self.mail.as_ref().and_then(|m| m.date.clone()),
        }
    }
}

/// One line of `--format jsonl` (SPEC section 4).
#[derive(Serialize)]
struct Record<'a> {
    path: &'a str,
    /// The file name's bytes, when they are not UTF-8.
    #[serde(skip_serializing_if = "Option::is_none")]
    path_bytes: Option<&'a [u8]>,
    line: u64,
    column: u64,
    start: u64,
    end: u64,
    uri: Cow<'a, str>,
    delimiter: &'static str,
    flags: Vec<&'static str>,
    /// How the file was read (SPEC section 9).
    format: &'static str,
    /// A relative reference as written (SPEC section 11): `uri` is what it
    /// resolves to with `--base`, else the reference again.
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<&'a str>,
    #[serde(flatten)]
    mail: Option<&'a MailContext>,
    #[serde(flatten)]
    tally: Option<&'a Tally>,
}

/// What `--count` adds to a URI's record.
#[derive(Serialize)]
struct Tally {
    /// How often it was found.
    count: u64,
    /// In how many files, or messages of an archive.
    files: u64,
    first: Place,
    last: Place,
}

/// Where a URI was found: for mail, in which message, and when it was
/// sent (when a link first appeared on a list).
#[derive(Serialize)]
struct Place {
    path: String,
    line: u64,
    column: u64,
    start: u64,
    end: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    message_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
}

/// Makes the entries of findings as the arguments say, and drops those
/// the filters leave out; shared by the threads that read the inputs.
struct Render<'a> {
    args: &'a ExtractArgs,
    registry: &'static Registry,
    filters: Filters,
    /// Whether entries need their normalized form and host.
    normalized: bool,
    host: bool,
    columns: Columns,
    /// Lines are held for `--count` or `--sort`, not written as found.
    held: bool,
}

/// The name of the input a line is of.
struct Name {
    shown: Arc<str>,
    /// The bytes of the name, when they are not UTF-8.
    bytes: Option<Vec<u8>>,
}

impl Name {
    fn of(input: &Input) -> Name {
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
struct Messages {
    last: Option<(std::sync::Arc<urilint::mail::MessageInfo>, MailContext)>,
    n: u64,
}

impl Messages {
    /// The number of `m`'s message in the input, and its context.
    fn of(
        &mut self,
        m: &urilint::document::mail::MailFinding,
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
enum Line {
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

impl Render<'_> {
    /// The line of `item`, or none when a filter leaves it out.
    fn item(
        &self,
        name: &Name,
        format: Format,
        item: Item,
        messages: &mut Messages,
    ) -> io::Result<Option<Line>> {
        let show = |v: &[u8]| -> Vec<u8> {
            if self.args.show_secrets {
                v.to_vec()
            } else {
                redact(v, false).into_owned()
            }
        };
        let entry = |f: &Finding, uri: Vec<u8>| Entry {
            path: name.shown.clone(),
            path_bytes: name.bytes.clone(),
            line: f.line,
            column: f.column,
            start: f.start,
            end: f.end,
            uri,
            delimiter: f.delimiter,
            flags: f.flags,
            format,
            reference: None,
            mail: None,
            key: Vec::new(),
            host: Vec::new(),
            unit: 0,
        };
        let entry = match item {
            Item::Warning(w) => return Ok(Some(Line::Warning(w))),
            Item::Text(mut f) => {
                let uri = self.shown(std::mem::take(&mut f.uri), f.flags.truncated);
                entry(&f, uri)
            }
            Item::Mail(m) => {
                let uri = self.shown(m.finding.uri.clone(), m.finding.flags.truncated);
                let mut e = entry(&m.finding, uri);
                let (unit, context) = messages.of(&m, self.args.show_secrets);
                (e.mail, e.unit) = (Some(context), unit);
                e
            }
            // A relative reference (SPEC section 11): what it resolves to,
            // or the reference itself without `--base`.
            Item::Reference(r, base) => {
                // Resolved (RFC 3986 s5.2) once redacted: a secret the
                // reference holds does not come back through resolution,
                // whatever path it takes there (`/\\u:pw@h`).
                let reference = show(&r.value);
                let resolved = base.and_then(|b| urilint::uri::resolve(&b, &reference));
                let resolved = match resolved {
                    Some(uri) if self.args.normalize => Some(normalize(&uri, self.registry)),
                    other => other,
                };
                Entry {
                    path: name.shown.clone(),
                    path_bytes: name.bytes.clone(),
                    line: r.line,
                    column: r.column,
                    start: r.start,
                    end: r.end,
                    uri: resolved.as_deref().map_or_else(|| reference.clone(), show),
                    delimiter: Delimiter::Quote,
                    flags: Flags::default(),
                    format,
                    reference: Some(String::from_utf8_lossy(&reference).into_owned()),
                    mail: None,
                    key: Vec::new(),
                    host: Vec::new(),
                    unit: 0,
                }
            }
        };
        self.keep(entry)
    }

    /// A finding's URI as printed. Secrets never reach output unless asked
    /// for (RFC 3986 s7.5), and are redacted before anything else is done
    /// (SPEC section 10).
    fn shown(&self, uri: Vec<u8>, truncated: bool) -> Vec<u8> {
        // The URI itself when there is nothing to redact: no copy.
        let uri = if self.args.show_secrets {
            uri
        } else {
            match redact(&uri, truncated) {
                Cow::Owned(redacted) => redacted,
                Cow::Borrowed(_) => uri,
            }
        };
        if self.args.normalize {
            normalize(&uri, self.registry)
        } else {
            uri
        }
    }

    /// The line of `e`, when the filters keep it.
    fn keep(&self, mut e: Entry) -> io::Result<Option<Line>> {
        // `--unique` folds URIs by their normalized form (RFC 3986 s6); a
        // relative reference, by what is printed.
        if self.normalized {
            let relative = e.reference.is_some()
                && urilint::uri::Uri::parse(&e.uri)
                    .get(urilint::uri::Component::Scheme)
                    .is_none();
            e.key = if relative || self.args.normalize {
                e.uri.clone()
            } else {
                normalize(&e.uri, self.registry)
            };
        }
        if self.host {
            e.host = urilint::filter::host_of(&e.key).to_vec();
        }
        if self.filters.any() && !self.filters.keeps(&e.uri, Some(&e.host)) {
            return Ok(None);
        }
        if self.held {
            return Ok(Some(Line::Entry(Box::new(e))));
        }
        let text = self.columns.line(&e, None)?;
        Ok(Some(Line::Uri { text, key: e.key }))
    }
}

/// Writes lines in order: each URI once with `--unique`, warnings to
/// stderr after what stdout has so far; with `--count` or `--sort`, the
/// list at the end.
struct Printer<'r, W: Write> {
    out: W,
    unique: bool,
    /// Keys already printed, for --unique.
    seen: HashSet<Vec<u8>>,
    /// The list held for `--count` or `--sort`.
    list: Option<List>,
    /// The input being printed, counted from 0.
    input: u64,
    render: &'r Render<'r>,
}

impl<W: Write> Printer<'_, W> {
    fn put(&mut self, line: Option<Line>) -> io::Result<()> {
        match line {
            None => Ok(()),
            Some(Line::Uri { text, key }) => {
                if self.unique && !self.seen.insert(key) {
                    return Ok(());
                }
                self.out.write_all(&text)
            }
            Some(Line::Entry(e)) => {
                if let Some(list) = self.list.as_mut() {
                    list.add(self.input, *e);
                }
                Ok(())
            }
            Some(Line::Warning(w)) => {
                self.out.flush()?;
                super::say(w);
                Ok(())
            }
        }
    }

    /// Writes the list held, in order.
    fn finish(&mut self) -> io::Result<()> {
        if let Some(list) = self.list.take() {
            let count = self.render.args.count;
            for (entry, tally) in list.finish(self.render.args.sort) {
                let line = self.render.columns.line(&entry, count.then_some(&tally))?;
                self.out.write_all(&line)?;
            }
        }
        self.out.flush()
    }
}

pub(super) fn run(args: &ExtractArgs) -> Result<Status, Failure> {
    let (config_path, config) = super::load_config(&args.settings)?;
    let options = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    // Plain output prints no flags: findings need not say they are
    // templates.
    let mut reading = Reading::new(
        args.input.0,
        &config,
        config_path.as_deref(),
        args.include_code,
        args.format != ExtractFormat::Plain,
    )
    .map_err(super::usage)?;
    let scanner = reading.scanner.clone();
    let relative = match (args.relative, &args.base) {
        (false, _) => None,
        (true, None) => Some(Relative {
            base: None,
            roots: Vec::new(),
        }),
        (true, Some(base)) => {
            if urilint::uri::Uri::parse(base.as_bytes())
                .get(urilint::uri::Component::Scheme)
                .is_none()
            {
                return Err(super::usage(format!(
                    "--base `{base}` is not an absolute URL (RFC 3986 s4.3)"
                )));
            }
            Some(Relative {
                base: Some(base.clone().into_bytes()),
                roots: args.paths.clone(),
            })
        }
    };
    // A flag given replaces the key of `[extract]` in config.
    let from_config = config.extract.spec();
    let or_config = |flag: &[String], key: Vec<String>| {
        if flag.is_empty() { key } else { flag.to_vec() }
    };
    let spec = FilterSpec {
        scheme: or_config(&args.scheme, from_config.scheme),
        host: or_config(&args.host, from_config.host),
        matching: or_config(&args.matching, from_config.matching),
        excluding: or_config(&args.exclude_match, from_config.excluding),
    };
    let filters = Filters::new(&spec, &|key| format!("--{key}")).map_err(super::usage)?;
    let terminal = io::stdout().is_terminal();
    let columns =
        Columns::new(args.format, &args.fields, args.count, terminal).map_err(super::usage)?;
    // `--count` and `--sort count` are about each URI once.
    let unique = args.unique || args.count || args.sort == SortKey::Count;
    let held = args.count || args.sort != SortKey::Position;
    let render = Render {
        args,
        registry: Registry::builtin(),
        normalized: unique
            || matches!(args.sort, SortKey::Uri | SortKey::Host)
            || filters.by_host(),
        host: args.sort == SortKey::Host || filters.by_host(),
        filters,
        columns,
        held,
    };
    let stdout = io::stdout();
    let mut printer = Printer {
        out: BufWriter::new(stdout.lock()),
        unique: unique && !held,
        seen: HashSet::new(),
        list: held.then(|| List::new(unique)),
        input: 0,
        render: &render,
    };
    if let Some(header) = render.columns.header()? {
        printer.out.write_all(&header)?;
    }
    let mut failed = false;
    let mut inputs = walk::inputs(&args.paths, &options);
    let threads = super::threads(args.walk.threads);
    reading.one_input(inputs.len(), threads);

    if let [Ok(input)] = inputs.as_mut_slice() {
        // One input (a large file, a stream on stdin): print as it is read,
        // holding nothing.
        let name = Name::of(input);
        let mut messages = Messages::default();
        match each_item(
            input,
            &reading,
            &scanner,
            relative.as_ref(),
            &mut |format, item| printer.put(render.item(&name, format, item, &mut messages)?),
        ) {
            Ok(()) => {}
            Err(Stop::Output(e)) => return Err(e.into()),
            Err(Stop::Input(message)) => {
                printer.out.flush()?;
                report(&message, &mut failed);
            }
        }
    } else {
        // Each file's lines wait for the files before it, past a budget on
        // disk (issue 14): a file of millions of URIs in a tree is not held
        // in memory.
        urilint::drive::Workers::new(threads)
            .map_err(super::usage)?
            .for_each_input(
                inputs,
                &urilint::drive::Progress::none(),
                |input| {
                    let name = Name::of(input);
                    let mut lines: Spool<Line> = Spool::default();
                    let mut messages = Messages::default();
                    let result = each_item(
                        input,
                        &reading,
                        &scanner,
                        relative.as_ref(),
                        &mut |format, item| match render.item(&name, format, item, &mut messages)? {
                            Some(line) => lines.push(line),
                            None => Ok(()),
                        },
                    );
                    let mut error = match result {
                        Err(Stop::Input(message)) => Some(message),
                        Err(Stop::Output(e)) => Some(format!("{}: {e}", name.shown)),
                        Ok(()) => None,
                    };
                    if let Err(e) = lines.seal() {
                        error.get_or_insert_with(|| format!("{}: {e}", name.shown));
                    }
                    (lines, error)
                },
                |result| {
                    let (lines, error) = match result {
                        Ok(found) => found,
                        Err(e) => (Spool::default(), Some(e.to_string())),
                    };
                    for line in lines.drain() {
                        printer.put(Some(line?))?;
                    }
                    printer.input += 1;
                    if let Some(message) = error {
                        printer.out.flush()?;
                        report(&message, &mut failed);
                    }
                    Ok::<(), Failure>(())
                },
            )?;
    }
    printer.finish()?;
    Ok(if failed {
        Status::SomeInputsFailed
    } else {
        Status::Clean
    })
}

/// Hands each URI of an input to `emit` with the format it was read as;
/// with `relative`, its relative references too, in the order written.
fn each_item(
    input: &Input,
    reading: &Reading,
    scanner: &Scanner,
    relative: Option<&Relative>,
    emit: &mut dyn FnMut(Format, Item) -> io::Result<()>,
) -> Result<(), Stop> {
    let name = input.display_name();
    let fail = |e: io::Error| Stop::Input(format!("{name}: {e}"));
    let opened =
        urilint::drive::open_input(input, reading).map_err(|e| Stop::Input(e.to_string()))?;
    let Some(opened) = opened else {
        return Ok(());
    };
    let (mut format, reader) = (opened.format, opened.reader);
    let reader = if format.is_structured() {
        match urilint::drive::read_whole(reader, opened.len).map_err(fail)? {
            Whole::Read(raw) => {
                let Some(relative) = relative else {
                    for f in urilint::document::scan(format, &raw, scanner, reading.options) {
                        emit(format, Item::Text(f)).map_err(Stop::Output)?;
                    }
                    return Ok(());
                };
                let base = relative.base_of(input);
                let (found, refs) =
                    urilint::document::scan_with_references(format, &raw, scanner, reading.options);
                let mut items: Vec<(u64, Item)> = found
                    .into_iter()
                    .map(|f| (f.start, Item::Text(f)))
                    .collect();
                let base: Option<std::sync::Arc<[u8]>> = base.map(Into::into);
                items.extend(
                    refs.into_iter()
                        .map(|r| (r.start, Item::Reference(r, base.clone()))),
                );
                items.sort_by_key(|(at, _)| *at);
                for (_, item) in items {
                    emit(format, item).map_err(Stop::Output)?;
                }
                return Ok(());
            }
            Whole::TooLarge(reader) => {
                let note = format!(
                    "note: {name}: larger than {} MiB, read as text, not {format}",
                    MAX_PARSED >> 20
                );
                emit(format, Item::Warning(note)).map_err(Stop::Output)?;
                format = Format::Text;
                reader
            }
        }
    } else {
        reader
    };
    if format != Format::Mail {
        for f in scanner.scan_reader(reader) {
            emit(format, Item::Text(f.map_err(fail)?)).map_err(Stop::Output)?;
        }
        return Ok(());
    }
    let events = MailEvents::new(BufReader::new(reader), opened.mail, scanner.clone());
    for event in events.parallel(reading.mail_parallel()) {
        let item = match event.map_err(fail)? {
            MailEvent::Found(m) => Item::Mail(m),
            MailEvent::Warning { line, info, text } => {
                Item::Warning(urilint::drive::mail_warning(&name, line, &info, &text))
            }
        };
        emit(format, item).map_err(Stop::Output)?;
    }
    Ok(())
}

/// `--relative` and `--base` (SPEC section 11).
struct Relative {
    /// The URL of what the command line names.
    base: Option<Vec<u8>>,
    /// The paths the command line names, to find each file's place under.
    roots: Vec<std::path::PathBuf>,
}

impl Relative {
    /// The URL of an input: `--base` for a file named on the command line
    /// or standard input, and the file's path under a folder named there
    /// resolved against it (`--base https://x.org/docs/` and `docs/a/b.md`:
    /// `https://x.org/docs/a/b.md`).
    fn base_of(&self, input: &Input) -> Option<Vec<u8>> {
        let base = self.base.as_ref()?;
        let Input::File { path, .. } = input else {
            return Some(base.clone());
        };
        for root in &self.roots {
            let Ok(rel) = path.strip_prefix(root) else {
                continue;
            };
            if rel.as_os_str().is_empty() {
                break;
            }
            let mut dir = base.clone();
            if !dir.ends_with(b"/") {
                dir.push(b'/');
            }
            // RFC 3986 s4.2: a first segment holding `:` would read as a
            // scheme; `./` before it keeps it a path.
            let mut reference = urilint::uri::path_reference(rel.as_os_str().as_encoded_bytes());
            if reference.split('/').next().is_some_and(|s| s.contains(':')) {
                reference.insert_str(0, "./");
            }
            return urilint::uri::resolve(&dir, reference.as_bytes());
        }
        Some(base.clone())
    }
}

fn report(message: &str, failed: &mut bool) {
    super::reached(Status::SomeInputsFailed);
    super::say(message);
    *failed = true;
}
