//! What a record passes before its sink (SPEC section 11a): per-file
//! ignores and the baseline, read or written, then the counts of the
//! summary and the exit code.

use std::io;

use crate::baseline::{Anchor, Baseline, Key};
use crate::config::PerFileIgnores;
use crate::report::{Record, Sink};
use crate::rules::Severity;

use super::{Checked, Outcome};

/// The baseline of a run: the one read (`--baseline`), or the one being
/// written (`--write-baseline`), with the path map of its file.
#[derive(Clone)]
pub(super) struct Baselines {
    pub(super) read: Option<Baseline>,
    /// `--write-baseline`: records are collected here instead of shown.
    pub(super) recording: Option<Baseline>,
    /// Maps printed paths to the baseline's, with the last one cached
    /// (records come file by file).
    pub(super) anchor: Option<(Anchor, String, String)>,
}

impl Baselines {
    /// The baseline `--baseline` reads, and the one `--write-baseline`
    /// writes.
    pub(super) fn of(options: &super::Options) -> Result<Baselines, String> {
        let (read, write) = (&options.baseline, &options.write_baseline);
        Ok(Baselines {
            read: match read {
                Some(path) => Some(Baseline::load(path).map_err(|e| e.to_string())?),
                None => None,
            },
            recording: write.as_ref().map(|_| Baseline::default()),
            anchor: match read.as_ref().or(write.as_ref()) {
                Some(file) => Some((
                    Anchor::new(file).map_err(|e| format!("{}: {e}", file.display()))?,
                    String::new(),
                    String::new(),
                )),
                None => None,
            },
        })
    }
}

/// Between the checker and the sink: what is hidden, what is counted.
pub(super) struct Gate<'s> {
    pub(super) sink: &'s mut dyn Sink,
    pub(super) baselines: Baselines,
    pub(super) per_file: &'s PerFileIgnores,
    /// What the run has found so far.
    pub(super) outcome: Outcome,
    /// The bytes of the current input's name, when they are not UTF-8.
    pub(super) path_bytes: Option<Vec<u8>>,
}

impl Gate<'_> {
    pub(super) fn record(&mut self, mut r: Record) -> io::Result<()> {
        r.path_bytes.clone_from(&self.path_bytes);
        // A link left unchecked is no finding: never counted, baselined
        // or failing (SPEC section 11a).
        if r.reason.is_some() {
            return self.sink.record(r);
        }
        // `[per-file-ignores]`: as if the rule were not selected there.
        if self
            .per_file
            .ignores(std::path::Path::new(&r.path), &r.rule)
        {
            return Ok(());
        }
        // Only a baseline needs the key (it costs a normalization).
        let b = &mut self.baselines;
        if let Some((anchor, printed, stored)) = &mut b.anchor {
            if *printed != r.path {
                *stored = anchor.key_path(&r.path);
                printed.clone_from(&r.path);
            }
            let key = Key::new(stored, &r.rule, r.uri.as_bytes(), r.flags.truncated);
            if let Some(recording) = &mut b.recording {
                recording.add(key);
                return Ok(());
            }
            if b.read.as_mut().is_some_and(|b| b.take(&key)) {
                self.outcome.baselined += 1;
                return Ok(());
            }
        }
        self.outcome.counts[r.severity as usize] += 1;
        if let Some(fix) = &r.fix {
            self.outcome.fixable[fix.applicability as usize] += 1;
        }
        self.sink.record(r)
    }

    /// Hands on a checked input's warnings, records and error, in that
    /// order.
    pub(super) fn checked(&mut self, c: Result<Checked, String>) -> io::Result<()> {
        let c = match c {
            Ok(c) => c,
            Err(message) => return self.failed(&message),
        };
        for w in c.warnings {
            self.say(&w)?;
        }
        self.path_bytes = c.input.path_bytes();
        self.fixes(c.work.fixed, &c.work.diff)?;
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
            Some(message) => self.failed(&message),
            None => {
                self.outcome.files += usize::from(!c.work.skipped);
                self.outcome.uris += c.work.uris;
                Ok(())
            }
        }
    }

    /// An input that could not be read to its end: the others go on.
    pub(super) fn failed(&mut self, message: &str) -> io::Result<()> {
        self.outcome.failed = true;
        self.say(message)
    }

    /// Counts a file's fixes and writes its diff (`--diff`).
    pub(super) fn fixes(&mut self, fixed: usize, diff: &[u8]) -> io::Result<()> {
        if fixed > 0 {
            self.outcome.fixed.0 += fixed;
            self.outcome.fixed.1 += 1;
        }
        if diff.is_empty() {
            return Ok(());
        }
        self.sink.diff(diff)
    }

    /// A line for stderr, after what the sink has so far.
    pub(super) fn say(&mut self, message: &str) -> io::Result<()> {
        self.sink.warning(message)
    }
}

impl Outcome {
    /// The most severe record shown.
    pub fn worst(&self) -> Option<Severity> {
        [Severity::Error, Severity::Warning, Severity::Note]
            .into_iter()
            .find(|&s| self.counts[s as usize] > 0)
    }
}
