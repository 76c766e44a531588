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

pub(super) fn run(args: &ExtractArgs) -> Result<Status, Failure> {
    let scanner = Scanner::new();
    let registry = Registry::builtin();
    // Normalized forms already printed, for --unique (RFC 3986 s6).
    let mut seen: HashSet<Vec<u8>> = HashSet::new();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut failed = false;
    for input in walk::inputs(&args.paths) {
        let input = match input {
            Ok(input) => input,
            Err(e) => {
                report(&e);
                failed = true;
                continue;
            }
        };
        let reader = match input.open() {
            Ok(Some(reader)) => reader,
            Ok(None) => continue, // binary, found in a walk
            Err(e) => {
                report(&e);
                failed = true;
                continue;
            }
        };
        let name = input.display_name();
        for finding in scanner.scan_reader(reader) {
            match finding {
                Ok(f) => {
                    let normalized =
                        (args.unique || args.normalize).then(|| normalize(&f.uri, registry));
                    if args.unique
                        && !seen.insert(normalized.clone().expect("computed for --unique"))
                    {
                        continue;
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
                    write_finding(&mut out, args.format, &name, &f, &uri)?
                }
                Err(e) => {
                    out.flush()?;
                    eprintln!("urilint: {name}: {e}");
                    failed = true;
                }
            }
        }
        if matches!(input, Input::Stdin) {
            out.flush()?;
        }
    }
    out.flush()?;
    Ok(if failed {
        Status::SomeInputsFailed
    } else {
        Status::Clean
    })
}

fn report(e: &walk::Error) {
    eprintln!("urilint: {e}");
}

fn write_finding(
    out: &mut impl Write,
    format: ExtractFormat,
    path: &str,
    f: &Finding,
    uri: &[u8],
) -> io::Result<()> {
    match format {
        // The URI's own bytes, so that nothing is lost on non-UTF-8 input.
        ExtractFormat::Plain => {
            out.write_all(uri)?;
            out.write_all(b"\n")
        }
        ExtractFormat::Jsonl => {
            let record = Record {
                path,
                line: f.line,
                column: f.column,
                start: f.start,
                end: f.end,
                uri: &String::from_utf8_lossy(uri),
                delimiter: f.delimiter.as_str(),
                flags: f.flags.names().collect(),
            };
            serde_json::to_writer(&mut *out, &record)?;
            out.write_all(b"\n")
        }
    }
}
