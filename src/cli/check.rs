//! `urilint check`: lint the URIs in files, trees and standard input.

use std::fs::File;
use std::io::{self, BufWriter, IsTerminal, Read, Seek, SeekFrom, Write};

use urilint::config::Config;
use urilint::report::{self, Format, Record, Snippet, Style};
use urilint::rules::{Linter, Severity};
use urilint::scan::Scanner;
use urilint::walk::{self, Input};

use super::{CheckArgs, CheckFormat, ColorArg, Failure, Status, usage};

pub(super) fn run(args: &CheckArgs) -> Result<Status, Failure> {
    let config = match &args.config {
        Some(path) => Config::load(path).map_err(usage)?,
        None => Config::default(),
    };
    // Command-line flags win over the config file.
    let mut builder = config.linter_builder().map_err(usage)?;
    if let Some(select) = &args.select {
        builder = builder.select(select.iter().cloned());
    }
    let linter = builder
        .ignore(args.ignore.iter().cloned())
        .build()
        .map_err(usage)?;
    let fail_on = args
        .fail_on
        .map(Severity::from)
        .or(config.fail_on)
        .unwrap_or(Severity::Warning);
    let format = match args.format {
        CheckFormat::Human => Format::Human,
        CheckFormat::Json => Format::Json,
        CheckFormat::Jsonl => Format::Jsonl,
        CheckFormat::Sarif => Format::Sarif,
        CheckFormat::Github => Format::Github,
    };

    let scanner = Scanner::new();
    let mut records = Vec::new();
    let mut failed = false;
    for input in walk::inputs(&args.paths) {
        let input = match input {
            Ok(input) => input,
            Err(e) => {
                eprintln!("urilint: {e}");
                failed = true;
                continue;
            }
        };
        match check_input(
            &input,
            &scanner,
            &linter,
            format == Format::Human,
            args.show_secrets,
        ) {
            Ok(Some(found)) => records.extend(found),
            Ok(None) => {}
            Err(e) => {
                eprintln!("urilint: {e}");
                failed = true;
            }
        }
    }

    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    report::write(&mut out, format, &records, Style { color })?;
    if format == Format::Human
        && !args.quiet
        && let Some(summary) = report::summary(&records)
    {
        writeln!(out, "{summary}")?;
    }
    out.flush()?;
    Ok(if failed {
        Status::SomeInputsFailed
    } else if records.iter().any(|r| r.severity >= fail_on) {
        Status::Found
    } else {
        Status::Clean
    })
}

/// Checks one input; `Ok(None)` for a binary file skipped in a walk. With
/// `snippets`, each record gets its source line, read back from the file
/// (standard input is spooled to an unnamed temporary file for that), so no
/// input is ever held in memory whole.
fn check_input(
    input: &Input,
    scanner: &Scanner,
    linter: &Linter,
    snippets: bool,
    show_secrets: bool,
) -> Result<Option<Vec<Record>>, String> {
    let name = input.display_name();
    let Some(reader) = input.open().map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    let mut spool = match (snippets, input) {
        (true, Input::Stdin) => Some(tempfile::tempfile().map_err(|e| format!("{name}: {e}"))?),
        _ => None,
    };
    let reader: Box<dyn Read> = match spool.as_ref() {
        Some(file) => Box::new(Tee {
            inner: reader,
            copy: file.try_clone().map_err(|e| format!("{name}: {e}"))?,
        }),
        None => reader,
    };
    let mut records = Vec::new();
    let mut spans = Vec::new();
    for finding in scanner.scan_reader(reader) {
        let finding = finding.map_err(|e| format!("{name}: {e}"))?;
        for d in linter.check(&finding) {
            records.push(Record::new(&name, &finding, d, show_secrets));
            spans.push(finding.clone());
        }
    }
    if snippets && !records.is_empty() {
        let mut source = match (spool.take(), input) {
            (Some(file), _) => file,
            (None, Input::File { path, .. }) => {
                File::open(path).map_err(|e| format!("{name}: {e}"))?
            }
            (None, Input::Stdin) => unreachable!("stdin is spooled"),
        };
        for (record, finding) in records.iter_mut().zip(&spans) {
            let text = read_lines(&mut source, finding.line_start, finding.end)
                .map_err(|e| format!("{name}: {e}"))?;
            record.snippet = Some(Snippet::new(&text, finding, record.span, show_secrets));
        }
    }
    Ok(Some(records))
}

/// Bytes `from..to` of the source and the rest of the last line, up to a
/// bound, for a snippet.
fn read_lines(file: &mut File, from: u64, to: u64) -> io::Result<Vec<u8>> {
    const REST: u64 = 1024;
    file.seek(SeekFrom::Start(from))?;
    let mut buf = Vec::new();
    file.take(to - from + REST).read_to_end(&mut buf)?;
    Ok(buf)
}

/// Copies what it reads into a file.
struct Tee<R> {
    inner: R,
    copy: File,
}

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.copy.write_all(&buf[..n])?;
        Ok(n)
    }
}
