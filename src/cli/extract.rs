//! `urilint extract`: print the URIs found, in order of appearance per file.

use std::borrow::Cow;
use std::collections::HashSet;
use std::io::{self, BufReader, BufWriter, IsTerminal, Write};

use serde::Serialize;
use urilint::format::{Format, MAX_PARSED, Reference};
use urilint::mail::{MailEvent, MailEvents, MailFinding};
use urilint::report::{MailContext, escape_controls};
use urilint::scan::{Finding, Scanner};
use urilint::schemes::Registry;
use urilint::secrets::redact;
use urilint::uri::normalize;
use urilint::walk::{self, Input};

use super::spool::{Spill, Spool, put_bytes, take_bytes};
use super::{ExtractArgs, ExtractFormat, Failure, Reading, Status, Stop, Whole};

/// A URI found in text, or in a message of a mail archive.
enum Item {
    Text(Finding),
    /// A relative reference (`--relative`), and what it resolves to
    /// against the document's URL (`--base`).
    Reference(Reference, Option<Vec<u8>>),
    Mail(MailFinding),
    /// A message that could not be decoded: a line for stderr.
    Warning(String),
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
    uri: &'a str,
    delimiter: &'static str,
    flags: Vec<&'static str>,
    /// How the file was read (SPEC section 9).
    format: &'static str,
    /// A relative reference as written (SPEC section 11): `uri` is what it
    /// resolves to with `--base`, else the reference again.
    #[serde(skip_serializing_if = "Option::is_none")]
    reference: Option<&'a str>,
    #[serde(flatten)]
    mail: Option<MailContext>,
}

/// Makes the output lines of findings as `--format`, `--normalize` and
/// `--show-secrets` say; shared by the threads that read the inputs.
struct Render<'a> {
    args: &'a ExtractArgs,
    registry: &'static Registry,
    /// Standard output is a terminal: control characters from the input
    /// are shown escaped, never passed to it (SPEC section 10).
    terminal: bool,
}

/// The name of the input a line is of.
struct Name {
    shown: String,
    /// The bytes of the name, when they are not UTF-8.
    bytes: Option<Vec<u8>>,
}

impl Name {
    fn of(input: &Input) -> Name {
        Name {
            shown: input.display_name(),
            bytes: input.path_bytes(),
        }
    }
}

/// One line of output, made where its input is read and written in path
/// order, past `--unique`, by the main thread.
enum Line {
    /// A URI's line (newline included), and the form `--unique` folds it
    /// by.
    Uri { text: Vec<u8>, key: Vec<u8> },
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
            _ => Line::Warning(String::from_utf8_lossy(take_bytes(bytes, &mut at)?).into_owned()),
        };
        Ok((line, at))
    }
}

impl Render<'_> {
    fn item(&self, name: &Name, format: Format, item: Item) -> io::Result<Line> {
        match item {
            Item::Text(f) => self.print(name, format, &f, None),
            Item::Reference(r, resolved) => {
                self.print_reference(name, format, &r, resolved.as_deref())
            }
            Item::Mail(m) => {
                let mail = MailContext::of(&m, self.args.show_secrets);
                self.print(name, format, &m.finding, Some(mail))
            }
            Item::Warning(w) => Ok(Line::Warning(w)),
        }
    }

    /// A relative reference (SPEC section 11): plain output prints what it
    /// resolves to, or the reference itself without `--base`.
    fn print_reference(
        &self,
        name: &Name,
        format: Format,
        r: &Reference,
        resolved: Option<&[u8]>,
    ) -> io::Result<Line> {
        let shown = |v: &[u8]| -> Vec<u8> {
            if self.args.show_secrets {
                v.to_vec()
            } else {
                redact(v, false).into_owned()
            }
        };
        let reference = shown(&r.value);
        let uri = resolved.map_or_else(|| reference.clone(), &shown);
        let text = String::from_utf8_lossy(&uri);
        let reference = String::from_utf8_lossy(&reference);
        let record = (self.args.format == ExtractFormat::Jsonl).then(|| Record {
            path: &name.shown,
            path_bytes: name.bytes.as_deref(),
            line: r.line,
            column: r.column,
            start: r.start,
            end: r.end,
            uri: &text,
            delimiter: "quote",
            flags: Vec::new(),
            format: format.as_str(),
            reference: Some(&reference),
            mail: None,
        });
        let text = self.write(&uri, record)?;
        Ok(Line::Uri { text, key: uri })
    }

    /// One line: the URI as plain output has it, or its record.
    fn write(&self, uri: &[u8], record: Option<Record>) -> io::Result<Vec<u8>> {
        let mut out = Vec::with_capacity(uri.len() + 1);
        match (self.args.format, record) {
            (ExtractFormat::Jsonl, Some(record)) => serde_json::to_writer(&mut out, &record)?,
            _ if self.terminal => {
                let text = String::from_utf8_lossy(uri);
                out.extend_from_slice(escape_controls(&text).as_bytes());
            }
            // The URI's own bytes, so that nothing is lost on non-UTF-8 input.
            _ => out.extend_from_slice(uri),
        }
        out.push(b'\n');
        Ok(out)
    }

    fn print(
        &self,
        name: &Name,
        format: Format,
        f: &Finding,
        mail: Option<MailContext>,
    ) -> io::Result<Line> {
        let args = self.args;
        // Secrets never reach output unless asked for (RFC 3986 s7.5), and
        // are redacted before anything else is done (SPEC section 10).
        let uri = if args.show_secrets {
            Cow::Borrowed(&f.uri[..])
        } else {
            redact(&f.uri, f.flags.truncated)
        };
        // `--unique` folds URIs by their normalized form (RFC 3986 s6).
        let normalized = (args.unique || args.normalize).then(|| normalize(&uri, self.registry));
        let (uri, key) = match normalized {
            Some(n) if args.normalize => (Cow::Owned(n.clone()), n),
            Some(n) => (uri, n),
            None => (uri, Vec::new()),
        };
        // Only a record needs the URI as text.
        let text;
        let record = if args.format == ExtractFormat::Jsonl {
            text = String::from_utf8_lossy(&uri);
            Some(Record {
                path: &name.shown,
                path_bytes: name.bytes.as_deref(),
                line: f.line,
                column: f.column,
                start: f.start,
                end: f.end,
                uri: &text,
                delimiter: f.delimiter.as_str(),
                flags: f.flags.names().collect(),
                format: format.as_str(),
                reference: None,
                mail,
            })
        } else {
            None
        };
        let text = self.write(&uri, record)?;
        Ok(Line::Uri { text, key })
    }
}

/// Writes lines in order: each URI once with `--unique`, warnings to
/// stderr after what stdout has so far.
struct Printer<W: Write> {
    out: W,
    unique: bool,
    /// Keys already printed, for --unique.
    seen: HashSet<Vec<u8>>,
}

impl<W: Write> Printer<W> {
    fn put(&mut self, line: Line) -> io::Result<()> {
        match line {
            Line::Uri { text, key } => {
                if self.unique && !self.seen.insert(key) {
                    return Ok(());
                }
                self.out.write_all(&text)
            }
            Line::Warning(w) => {
                self.out.flush()?;
                super::say(w);
                Ok(())
            }
        }
    }
}

pub(super) fn run(args: &ExtractArgs) -> Result<Status, Failure> {
    let (config_path, config) = super::load_config(&args.settings)?;
    let options = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    // Plain output prints no flags: findings need not say they are
    // templates.
    let reading = Reading::new(
        args.input,
        &config,
        config_path.as_deref(),
        args.include_code,
        args.format != ExtractFormat::Plain,
    )?;
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
    let stdout = io::stdout();
    let render = Render {
        args,
        registry: Registry::builtin(),
        terminal: io::stdout().is_terminal(),
    };
    let mut printer = Printer {
        out: BufWriter::new(stdout.lock()),
        unique: args.unique,
        seen: HashSet::new(),
    };
    let mut failed = false;
    let mut inputs = walk::inputs(&args.paths, &options);

    if let [Ok(input)] = inputs.as_mut_slice() {
        // One input (a large file, a stream on stdin): print as it is read,
        // holding nothing.
        let name = Name::of(input);
        match each_item(
            input,
            &reading,
            &scanner,
            relative.as_ref(),
            &mut |format, item| printer.put(render.item(&name, format, item)?),
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
        super::for_each_input(
            inputs,
            super::threads(args.walk.threads),
            |input| {
                let name = Name::of(input);
                let mut lines: Spool<Line> = Spool::default();
                let result = each_item(
                    input,
                    &reading,
                    &scanner,
                    relative.as_ref(),
                    &mut |format, item| lines.push(render.item(&name, format, item)?),
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
                    printer.put(line?)?;
                }
                if let Some(message) = error {
                    printer.out.flush()?;
                    report(&message, &mut failed);
                }
                Ok(())
            },
        )?;
    }
    printer.out.flush()?;
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
    let opened = super::open_input(input, reading).map_err(|e| Stop::Input(e.to_string()))?;
    let Some(opened) = opened else {
        return Ok(());
    };
    let (mut format, reader) = (opened.format, opened.reader);
    let reader = if format.is_structured() {
        match super::read_whole(reader).map_err(fail)? {
            Whole::Read(raw) => {
                let Some(relative) = relative else {
                    for f in urilint::format::scan(format, &raw, scanner, reading.options) {
                        emit(format, Item::Text(f)).map_err(Stop::Output)?;
                    }
                    return Ok(());
                };
                let base = relative.base_of(input);
                let (found, refs) =
                    urilint::format::scan_with_references(format, &raw, scanner, reading.options);
                let mut items: Vec<(u64, Item)> = found
                    .into_iter()
                    .map(|f| (f.start, Item::Text(f)))
                    .collect();
                items.extend(refs.into_iter().map(|r| {
                    let resolved = base
                        .as_ref()
                        .and_then(|b| urilint::uri::resolve(b, &r.value));
                    (r.start, Item::Reference(r, resolved))
                }));
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
    for event in MailEvents::new(BufReader::new(reader), opened.mail, scanner.clone()) {
        let item = match event.map_err(fail)? {
            MailEvent::Found(m) => Item::Mail(m),
            MailEvent::Warning { line, info, text } => {
                Item::Warning(super::mail_warning(&name, line, &info, &text))
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
