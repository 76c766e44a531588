//! Where a run's records go: the [`Sink`] a driver hands each final record
//! to, and the [`Printer`] that writes them in an output format (SPEC
//! section 4), as ripgrep's searcher hands matches to its printers.

use std::collections::HashMap;
use std::io::{self, Write};

use super::{Emitter, Record};
use crate::rules::Severity;

/// What receives a run's output, in output order: each final record, each
/// line for stderr (warnings and unreadable inputs, after the records
/// before them), and each file's diff (`--diff`).
pub trait Sink {
    /// A final record: suppressions, per-file ignores and the baseline
    /// have been applied.
    fn record(&mut self, record: Record) -> io::Result<()>;
    /// A line about the run, not a finding (`warning: a.md:3: unused
    /// suppression`), for stderr.
    fn warning(&mut self, message: &str) -> io::Result<()>;
    /// A file's unified diff (`--diff`, SPEC section 12).
    fn diff(&mut self, diff: &[u8]) -> io::Result<()>;
}

/// Records collected in memory, and the warnings: a test's sink, or a
/// program's that wants the records themselves.
#[derive(Default)]
pub struct Collected {
    /// The records, in output order.
    pub records: Vec<Record>,
    /// The warnings, in order.
    pub warnings: Vec<String>,
    /// The diffs, one after another.
    pub diff: Vec<u8>,
}

impl Sink for Collected {
    fn record(&mut self, record: Record) -> io::Result<()> {
        self.records.push(record);
        Ok(())
    }

    fn warning(&mut self, message: &str) -> io::Result<()> {
        self.warnings.push(message.to_string());
        Ok(())
    }

    fn diff(&mut self, diff: &[u8]) -> io::Result<()> {
        self.diff.extend_from_slice(diff);
        Ok(())
    }
}

/// Writes records in an output format, and warnings to stderr once what
/// was written before them is flushed. With `--statistics`, counts the
/// records of each rule instead ([`Printer::statistics`]).
pub struct Printer<W: Write> {
    emitter: Emitter<W>,
    statistics: Option<HashMap<(String, Severity), usize>>,
    /// Where each record is written a second time (`--output-file` with a
    /// machine format: the human log on stdout).
    log: Option<Emitter<Box<dyn Write>>>,
}

impl<W: Write> Printer<W> {
    /// Writes each record through `emitter`.
    pub fn new(emitter: Emitter<W>) -> Printer<W> {
        Printer {
            emitter,
            statistics: None,
            log: None,
        }
    }

    /// Writes each record through `log` too (in its own format).
    pub fn log(mut self, log: Emitter<Box<dyn Write>>) -> Printer<W> {
        self.log = Some(log);
        self
    }

    /// Counts the findings of each rule instead of writing them; links
    /// left unchecked are no findings, and are not counted.
    pub fn statistics(mut self) -> Printer<W> {
        self.statistics = Some(HashMap::new());
        self
    }

    /// Ends the log of [`Printer::log`], and hands back its writer.
    pub fn take_log(&mut self) -> io::Result<Option<Box<dyn Write>>> {
        self.log.take().map(Emitter::finish).transpose()
    }

    /// Ends the output (a JSON array's `]`, SARIF's log) and hands back
    /// the writer, with the counts of [`Printer::statistics`], most
    /// findings first (like ruff's `--statistics`).
    #[allow(clippy::type_complexity)]
    pub fn finish(self) -> io::Result<(W, Option<Vec<((String, Severity), usize)>>)> {
        let rows = self.statistics.map(|stats| {
            let mut rows: Vec<((String, Severity), usize)> = stats.into_iter().collect();
            rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.0.cmp(&b.0.0)));
            rows
        });
        Ok((self.emitter.finish()?, rows))
    }
}

impl<W: Write> Sink for Printer<W> {
    fn record(&mut self, record: Record) -> io::Result<()> {
        match &mut self.statistics {
            // A link left unchecked is no finding (SPEC section 11a).
            Some(_) if record.reason.is_some() => Ok(()),
            Some(stats) => {
                *stats.entry((record.rule, record.severity)).or_insert(0) += 1;
                Ok(())
            }
            None => {
                if let Some(log) = &mut self.log {
                    log.emit(&record)?;
                }
                self.emitter.emit(&record)
            }
        }
    }

    fn warning(&mut self, message: &str) -> io::Result<()> {
        self.emitter.get_mut().flush()?;
        if let Some(log) = &mut self.log {
            log.get_mut().flush()?;
        }
        super::say(message);
        Ok(())
    }

    fn diff(&mut self, diff: &[u8]) -> io::Result<()> {
        if !self.emitter.color() {
            return self.emitter.get_mut().write_all(diff);
        }
        // On a terminal, as git colours a diff: headers bold, hunk headers
        // cyan, removed lines red, added lines green.
        use anstyle::{AnsiColor, Effects, Style};
        let out = self.emitter.get_mut();
        for line in diff.split_inclusive(|&b| b == b'\n') {
            let style = match line {
                l if l.starts_with(b"--- ") || l.starts_with(b"+++ ") => {
                    Style::new().effects(Effects::BOLD)
                }
                l if l.starts_with(b"@@") => AnsiColor::Cyan.on_default(),
                l if l.starts_with(b"-") => AnsiColor::Red.on_default(),
                l if l.starts_with(b"+") => AnsiColor::Green.on_default(),
                _ => Style::new(),
            };
            let body = line.strip_suffix(b"\n").unwrap_or(line);
            write!(out, "{style}")?;
            out.write_all(body)?;
            write!(out, "{style:#}")?;
            out.write_all(&line[body.len()..])?;
        }
        Ok(())
    }
}
