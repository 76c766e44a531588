//! `urilint extract`: print the URIs found, in order of appearance per file.

use std::borrow::Cow;
use std::collections::HashSet;
use std::io::{self, BufWriter, Write};

use serde::Serialize;
use urilint::rules::redact;
use urilint::scan::{Finding, Scanner};
use urilint::schemes::Registry;
use urilint::uri::normalize;
use urilint::walk::{self, Input};

use super::{ExtractArgs, ExtractFormat, Failure, Status};

/// One line of `--format jsonl` (SPEC section 4).
#[derive(Serialize)]
struct Record<'a> {
    path: &'a str,
    line: u64,
    column: u64,
    start: u64,
    end: u64,
    uri: &'a str,
    delimiter: &'static str,
    flags: Vec<&'static str>,
}

/// Prints findings as `--format`, `--unique`, `--normalize` and
/// `--show-secrets` say.
struct Printer<'a, W: Write> {
    out: W,
    args: &'a ExtractArgs,
    registry: &'static Registry,
    /// Normalized forms already printed, for --unique (RFC 3986 s6).
    seen: HashSet<Vec<u8>>,
}

impl<W: Write> Printer<'_, W> {
    fn print(&mut self, path: &str, f: &Finding) -> io::Result<()> {
        let args = self.args;
        let normalized = (args.unique || args.normalize).then(|| normalize(&f.uri, self.registry));
        if let Some(n) = &normalized
            && args.unique
            && !self.seen.insert(n.clone())
        {
            return Ok(());
        }
        let uri = match normalized {
            Some(n) if args.normalize => Cow::Owned(n),
            _ => Cow::Borrowed(&f.uri[..]),
        };
        // Secrets never reach output unless asked for (RFC 3986 s7.5).
        let uri = if args.show_secrets {
            uri
        } else {
            Cow::Owned(redact(&uri).into_owned())
        };
        match args.format {
            // The URI's own bytes, so that nothing is lost on non-UTF-8 input.
            ExtractFormat::Plain => {
                self.out.write_all(&uri)?;
                self.out.write_all(b"\n")
            }
            ExtractFormat::Jsonl => {
                let record = Record {
                    path,
                    line: f.line,
                    column: f.column,
                    start: f.start,
                    end: f.end,
                    uri: &String::from_utf8_lossy(&uri),
                    delimiter: f.delimiter.as_str(),
                    flags: f.flags.names().collect(),
                };
                serde_json::to_writer(&mut self.out, &record)?;
                self.out.write_all(b"\n")
            }
        }
    }
}

pub(super) fn run(args: &ExtractArgs) -> Result<Status, Failure> {
    let (config_path, config) = super::load_config(&args.settings)?;
    let options = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    let scanner = Scanner::new();
    let stdout = io::stdout();
    let mut printer = Printer {
        out: BufWriter::new(stdout.lock()),
        args,
        registry: Registry::builtin(),
        seen: HashSet::new(),
    };
    let mut failed = false;
    let mut inputs = walk::inputs(&args.paths, &options);

    if let [Ok(input)] = inputs.as_mut_slice() {
        // One input (a large file, a stream on stdin): print as it is read,
        // holding nothing.
        if let Some(reader) = input
            .open()
            .map_err(|e| report(&e.to_string(), &mut failed))
            .ok()
            .flatten()
        {
            let name = input.display_name();
            for finding in scanner.scan_reader(reader) {
                match finding {
                    Ok(f) => printer.print(&name, &f)?,
                    Err(e) => {
                        printer.out.flush()?;
                        report(&format!("{name}: {e}"), &mut failed);
                    }
                }
            }
        }
    } else {
        super::for_each_input(
            inputs,
            args.walk.threads,
            |input| read_all(input, &scanner),
            |result| {
                let (name, findings, error) = match result {
                    Ok(Ok(Some(found))) => found,
                    Ok(Ok(None)) => return Ok(()),
                    Ok(Err(message)) => (String::new(), Vec::new(), Some(message)),
                    Err(e) => (String::new(), Vec::new(), Some(e.to_string())),
                };
                for f in &findings {
                    printer.print(&name, f)?;
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

type FileFindings = (String, Vec<Finding>, Option<String>);

/// The findings of one input, and the read error that cut them short.
fn read_all(input: &Input, scanner: &Scanner) -> Result<Option<FileFindings>, String> {
    let name = input.display_name();
    let Some(reader) = input.open().map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    let mut findings = Vec::new();
    for f in scanner.scan_reader(reader) {
        match f {
            Ok(f) => findings.push(f),
            Err(e) => return Ok(Some((name.clone(), findings, Some(format!("{name}: {e}"))))),
        }
    }
    Ok(Some((name, findings, None)))
}

fn report(message: &str, failed: &mut bool) {
    eprintln!("urilint: {message}");
    *failed = true;
}
