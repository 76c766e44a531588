//! Where records go (SPEC section 11a): the baseline, the counts for the
//! summary and the exit code, and the printer.

use super::*;

/// Where records go: the baseline (read or written), the counts for the
/// summary and the exit code, and the output.
pub(super) struct Sink<W: Write> {
    pub(super) emitter: Emitter<W>,
    pub(super) baseline: Option<Baseline>,
    /// `--write-baseline`: records are collected here instead of shown.
    pub(super) recording: Option<Baseline>,
    /// Maps printed paths to the baseline's, with the last one cached
    /// (records come file by file).
    pub(super) anchor: Option<(Anchor, String, String)>,
    /// Shown records by severity.
    pub(super) counts: [usize; 3],
    /// `--statistics`: records counted per rule instead of shown.
    pub(super) statistics: Option<std::collections::HashMap<(String, Severity), usize>>,
    /// `[per-file-ignores]` from config.
    pub(super) per_file: urilint::config::PerFileIgnores,
    /// Shown records with a fix, safe and unsafe (SPEC section 12).
    pub(super) fixable: [usize; 2],
    /// Fixes applied (`--fix`) or that would be (`--diff`), and in how
    /// many files.
    pub(super) fixed: (usize, usize),
    /// The least severity that fails the run.
    pub(super) fail_on: Severity,
    /// The bytes of the current input's name, when they are not UTF-8.
    pub(super) path_bytes: Option<Vec<u8>>,
    /// Inputs read and checked to the end.
    pub(super) files: usize,
}

impl<W: Write> Sink<W> {
    pub(super) fn record(&mut self, mut r: Record) -> io::Result<()> {
        r.path_bytes.clone_from(&self.path_bytes);
        // A link left unchecked is no finding: never counted, baselined
        // or failing (SPEC section 11a).
        if r.reason.is_some() {
            return match self.statistics {
                Some(_) => Ok(()),
                None => self.emitter.emit(&r),
            };
        }
        // `[per-file-ignores]`: as if the rule were not selected there.
        if self
            .per_file
            .ignores(std::path::Path::new(&r.path), &r.rule)
        {
            return Ok(());
        }
        // Only a baseline needs the key (it costs a normalization).
        if let Some((anchor, printed, stored)) = &mut self.anchor {
            if *printed != r.path {
                *stored = anchor.key_path(&r.path);
                printed.clone_from(&r.path);
            }
            let key = Key::new(stored, &r.rule, r.uri.as_bytes(), r.flags.truncated);
            if let Some(recording) = &mut self.recording {
                recording.add(key);
                return Ok(());
            }
            if self.baseline.as_mut().is_some_and(|b| b.take(&key)) {
                return Ok(());
            }
        }
        self.counts[r.severity as usize] += 1;
        if r.severity >= self.fail_on {
            crate::cli::reached(Status::Found);
        }
        if let Some(fix) = &r.fix {
            self.fixable[fix.applicability as usize] += 1;
        }
        if let Some(stats) = &mut self.statistics {
            *stats.entry((r.rule.clone(), r.severity)).or_insert(0) += 1;
            return Ok(());
        }
        self.emitter.emit(&r)
    }

    /// Hands on a checked input's warnings, records and error, in that
    /// order; whether it failed.
    pub(super) fn checked(&mut self, c: Result<Checked, String>) -> io::Result<bool> {
        let c = match c {
            Ok(c) => c,
            Err(message) => {
                crate::cli::reached(Status::SomeInputsFailed);
                self.say(message)?;
                return Ok(true);
            }
        };
        for w in c.warnings {
            self.say(w)?;
        }
        self.path_bytes = c.input.path_bytes();
        self.fixes(c.fixed, &c.diff)?;
        let mut links = c.links.into_iter().peekable();
        for r in c.records.drain() {
            let r = r?;
            while let Some(l) = links.next_if(|l| l.start < r.start) {
                self.record(l)?;
            }
            self.record(r)?;
        }
        for l in links {
            self.record(l)?;
        }
        match c.error {
            Some(message) => {
                crate::cli::reached(Status::SomeInputsFailed);
                self.say(message)?;
                Ok(true)
            }
            None => {
                self.files += usize::from(!c.skipped);
                Ok(false)
            }
        }
    }

    /// Counts a file's fixes and writes its diff (`--diff`).
    pub(super) fn fixes(&mut self, fixed: usize, diff: &[u8]) -> io::Result<()> {
        if fixed > 0 {
            self.fixed.0 += fixed;
            self.fixed.1 += 1;
        }
        // `--diff` fails when there is something to fix.
        if fixed > 0 && !diff.is_empty() {
            crate::cli::reached(Status::Found);
        }
        self.emitter.get_mut().write_all(diff)
    }

    /// A line for stderr, after what stdout has so far.
    pub(super) fn say(&mut self, message: impl std::fmt::Display) -> io::Result<()> {
        self.emitter.get_mut().flush()?;
        crate::cli::say(message);
        Ok(())
    }

    /// The most severe record shown.
    pub(super) fn worst(&self) -> Option<Severity> {
        [Severity::Error, Severity::Warning, Severity::Note]
            .into_iter()
            .find(|&s| self.counts[s as usize] > 0)
    }
}
