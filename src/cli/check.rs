//! `urilint check`: lint the URIs in files, trees and standard input.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Read, Seek, SeekFrom, Write};

use urilint::baseline::{Baseline, Key};
use urilint::mail::{InputKind, MailEvent, MailEvents};
use urilint::report::{self, Format, MailContext, Record, Snippet, Style};
use urilint::rules::{Linter, Severity};
use urilint::scan::Scanner;
use urilint::suppress::DirectiveReader;
use urilint::walk::{self, Input};

use super::{CheckArgs, CheckFormat, ColorArg, Failure, InputArg, Status, usage};

pub(super) fn run(args: &CheckArgs) -> Result<Status, Failure> {
    let (config_path, config) = super::load_config(&args.settings)?;
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
    let options = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    let mut baseline = match &args.baseline {
        Some(path) => Some(Baseline::load(path).map_err(usage)?),
        None => None,
    };
    let format = match args.format {
        CheckFormat::Human => Format::Human,
        CheckFormat::Json => Format::Json,
        CheckFormat::Jsonl => Format::Jsonl,
        CheckFormat::Sarif => Format::Sarif,
        CheckFormat::Github => Format::Github,
    };
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let style = Style { color };
    // json and sarif are one document: they wait for every record.
    let streaming = matches!(format, Format::Human | Format::Jsonl | Format::Github);

    let scanner = Scanner::new();
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut kept: Vec<Record> = Vec::new();
    let mut shown: Vec<Severity> = Vec::new();
    let mut recorded = Baseline::default();
    let mut failed = false;
    let snippets = format == Format::Human && args.write_baseline.is_none();
    let inputs = walk::inputs(&args.paths, &options);
    super::for_each_input(
        inputs,
        args.walk.threads,
        |input| {
            check_input(
                input,
                args.input,
                &scanner,
                &linter,
                snippets,
                args.show_secrets,
            )
        },
        |result| {
            let records = match result {
                Ok(Ok(Some(checked))) => {
                    if !checked.warnings.is_empty() {
                        out.flush()?;
                        for w in &checked.warnings {
                            super::say(w);
                        }
                    }
                    checked.records
                }
                Ok(Ok(None)) => return Ok(()),
                Ok(Err(message)) => {
                    out.flush()?;
                    super::say(message);
                    failed = true;
                    return Ok(());
                }
                Err(e) => {
                    out.flush()?;
                    super::say(e);
                    failed = true;
                    return Ok(());
                }
            };
            let mut new = Vec::with_capacity(records.len());
            for r in records {
                let key = Key {
                    path: r.path.clone(),
                    rule: r.rule.clone(),
                    uri: r.key_uri.clone(),
                };
                if args.write_baseline.is_some() {
                    recorded.add(key);
                } else if !baseline.as_mut().is_some_and(|b| b.take(&key)) {
                    new.push(r);
                }
            }
            shown.extend(new.iter().map(|r| r.severity));
            if streaming {
                report::write(&mut out, format, &new, style)?;
            } else {
                kept.extend(new);
            }
            Ok(())
        },
    )?;

    if let Some(path) = &args.write_baseline {
        std::fs::write(path, recorded.to_json())
            .map_err(|e| usage(format!("{}: {e}", path.display())))?;
        super::say(format!(
            "wrote {} findings to {}",
            recorded.len(),
            path.display()
        ));
        return Ok(if failed {
            Status::SomeInputsFailed
        } else {
            Status::Clean
        });
    }
    if !streaming {
        report::write(&mut out, format, &kept, style)?;
    }
    if format == Format::Human
        && !args.quiet
        && let Some(summary) = report::summary_of(&shown)
    {
        writeln!(out, "{summary}")?;
    }
    out.flush()?;
    Ok(if failed {
        Status::SomeInputsFailed
    } else if shown.iter().any(|&s| s >= fail_on) {
        Status::Found
    } else {
        Status::Clean
    })
}

/// What checking one input gave.
struct Checked {
    records: Vec<Record>,
    /// Mail that could not be decoded (and was scanned raw).
    warnings: Vec<String>,
}

/// Checks one input; `Ok(None)` for a binary file skipped in a walk.
/// Suppression comments are gathered while the scanner reads. With
/// `snippets`, each record gets its source line, read back from the file
/// (standard input is spooled to an unnamed temporary file for that), so no
/// input is ever held in memory whole.
fn check_input(
    input: &Input,
    mode: InputArg,
    scanner: &Scanner,
    linter: &Linter,
    snippets: bool,
    show_secrets: bool,
) -> Result<Option<Checked>, String> {
    let name = input.display_name();
    let Some((kind, reader)) = super::open_input(input, mode).map_err(|e| e.to_string())? else {
        return Ok(None);
    };
    let with_name = |e: io::Error| format!("{name}: {e}");
    if kind != InputKind::Text {
        // Mail: findings carry their message (SPEC M3); no snippets, since
        // what was scanned is the decoded text, not the file's.
        let mut checked = Checked {
            records: Vec::new(),
            warnings: Vec::new(),
        };
        for event in MailEvents::new(BufReader::new(reader), kind, scanner.clone()) {
            match event.map_err(with_name)? {
                MailEvent::Found(m) => {
                    for d in linter.check(&m.finding) {
                        let mut record = Record::new(&name, &m.finding, d, show_secrets);
                        record.mail = Some(MailContext::of(&m));
                        checked.records.push(record);
                    }
                }
                MailEvent::Warning { line, info, text } => {
                    checked
                        .warnings
                        .push(super::mail_warning(&name, line, &info, &text));
                }
            }
        }
        return Ok(Some(checked));
    }
    let mut spool = match (snippets, input) {
        (true, Input::Stdin) => Some(tempfile::tempfile().map_err(with_name)?),
        _ => None,
    };
    let reader: Box<dyn Read> = match spool.as_ref() {
        Some(file) => Box::new(Tee {
            inner: reader,
            copy: file.try_clone().map_err(with_name)?,
            left: SPOOL_LIMIT,
        }),
        None => reader,
    };
    let mut found = Vec::new();
    let mut scan = scanner.scan_reader(DirectiveReader::new(reader));
    for finding in scan.by_ref() {
        let finding = finding.map_err(with_name)?;
        for d in linter.check(&finding) {
            found.push((
                Record::new(&name, &finding, d, show_secrets),
                finding.clone(),
            ));
        }
    }
    // A directive may follow its URI on the line: apply them at the end.
    let directives = scan.into_reader().into_directives();
    found.retain(|(r, _)| !directives.suppresses(r.line, &r.rule));
    if snippets && !found.is_empty() {
        let mut source = match (spool.take(), input) {
            (Some(file), _) => file,
            (None, Input::File { path, .. }) => File::open(path).map_err(with_name)?,
            (None, Input::Stdin) => unreachable!("stdin is spooled"),
        };
        for (record, finding) in &mut found {
            if matches!(input, Input::Stdin) && finding.end + 1024 > SPOOL_LIMIT {
                continue;
            }
            let text =
                read_lines(&mut source, finding.line_start, finding.end).map_err(with_name)?;
            record.snippet = Some(Snippet::new(&text, finding, record.span, show_secrets));
        }
    }
    let records = found.into_iter().map(|(r, _)| r).collect();
    Ok(Some(Checked {
        records,
        warnings: Vec::new(),
    }))
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
    /// Bytes left to copy: only the first [`SPOOL_LIMIT`] are kept.
    left: u64,
}

/// How much of standard input is kept on disk for snippets; findings past
/// it are shown without their source line.
const SPOOL_LIMIT: u64 = 64 * 1024 * 1024;

impl<R: Read> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let keep = (n as u64).min(self.left) as usize;
        self.copy.write_all(&buf[..keep])?;
        self.left -= keep as u64;
        Ok(n)
    }
}
