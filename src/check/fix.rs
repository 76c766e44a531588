//! `check --fix`, `--unsafe-fixes` and `--diff` (SPEC section 12): a file
//! read whole is fixed by [`crate::fix::Fixer`], then written back (or to
//! stdout for `-`) and checked again, or shown as a diff; findings carry
//! their fixes as edits of the file.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom, Write};

use crate::document::Located;
use crate::fix::{Applicability, FileFix, Fix, Fixer, Syntax, raw_edits, unified_diff, write_back};
use crate::format::Format as DocFormat;
use crate::report::Record;
use crate::scan::Finding;
use crate::walk::Input;

use super::document::{reference_secrets, uri_secrets};
use super::{LinkWork, Pass, Stop};

/// What `--fix` and `--diff` do with a file's fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixing {
    /// Write them into the file (`--fix`).
    Write,
    /// Print them as a unified diff (`--diff`).
    Diff,
}

/// Findings of a file being fixed kept in memory at most; past them, the
/// file is checked again if they are to be reported as they were.
const MAX_KEPT_RECORDS: usize = 4096;

/// What [`Pass::fix_input`] leaves to do.
pub(super) enum FixDone {
    /// Checked and reported.
    Checked(LinkWork),
    /// Plain text fixed in windows (`fixed` fixes, written back): it is
    /// checked again as text is, streamed from the file, a fix still
    /// there not shown (it was refused); `error` says why it was not
    /// written.
    Stream { fixed: usize, error: Option<String> },
}

impl Pass<'_> {
    /// `--fix` or `--diff` on a file read whole (SPEC section 12): its fixes
    /// applied, then written back (or to stdout for `-`) and the fixed text
    /// checked, or shown as a diff.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn fix_input(
        &self,
        name: &str,
        input: &Input,
        format: DocFormat,
        raw: Vec<u8>,
        fixing: Fixing,
        emit: &mut dyn FnMut(Record) -> io::Result<()>,
        warn: &mut dyn FnMut(String),
    ) -> Result<FixDone, Stop> {
        let path = input.path();
        let fixer = Fixer::new(self.scanner, self.linter, self.reading.options)
            .unsafe_fixes(self.options.unsafe_fixes);
        let skip = |rule: &str| path.is_some_and(|p| self.per_file.ignores(p, rule));
        // Plain text past a window is fixed a window at a time, and a
        // file (not standard input, not text in memory, not a second name
        // of one) checked again streamed: what is held of its URIs is
        // held for one window (issue 49).
        let windowed = format == DocFormat::Text && raw.len() > crate::fix::WINDOW;
        if fixing == Fixing::Diff {
            let fixed = match windowed {
                true => fixer.fix_text(&raw, &skip),
                false => fixer.fix(format, &raw, &skip),
            };
            let n: usize = fixed.applied.values().sum();
            if n == 0 {
                return Ok(FixDone::Checked(LinkWork::default()));
            }
            let (old, new) = if self.options.show_secrets {
                (Vec::new(), Vec::new())
            } else {
                (
                    self.written(format, &raw),
                    self.written(format, &fixed.text),
                )
            };
            let diff = unified_diff(
                name,
                &raw,
                &fixed.text,
                [&old, &new],
                self.options.show_secrets,
            );
            if !diff.refused.is_empty() {
                let lines: Vec<String> = diff.refused.iter().map(|l| l.to_string()).collect();
                warn(format!(
                    "note: {name}: the fix{} at line{} {} {} left out of the diff: a line it changes, or every line around it, holds a secret, which a patch would have to show (`--show-secrets` shows it; `--fix` applies it)",
                    if lines.len() == 1 { "" } else { "es" },
                    if lines.len() == 1 { "" } else { "s" },
                    lines.join(", "),
                    if lines.len() == 1 { "is" } else { "are" }
                ));
            }
            return Ok(FixDone::Checked(LinkWork {
                fixed: n,
                diff: diff.text,
                ..LinkWork::default()
            }));
        }
        let stdout = matches!(input, Input::Stdin | Input::Buffer { stdin: true, .. });
        if let Some(p) = path.filter(|p| {
            windowed && !stdout && matches!(input, Input::File { .. }) && !self.aliases.contains(*p)
        }) {
            let fixed = fixer.fix_text(&raw, &skip);
            let n: usize = fixed.applied.values().sum();
            if n == 0 {
                return Ok(FixDone::Stream {
                    fixed: 0,
                    error: None,
                });
            }
            return Ok(match write_back(p, &raw, &fixed.text) {
                Ok(()) => FixDone::Stream {
                    fixed: n,
                    error: None,
                },
                Err(e) => FixDone::Stream {
                    fixed: 0,
                    error: Some(format!("{name}: {e}")),
                },
            });
        }
        // The file is checked as it is; only when something in it has a
        // fix to apply is it fixed and checked again, so most files are
        // read once.
        // Its findings are kept to be reported if nothing is fixed, up to
        // a bound: a file of more is checked again instead, so that a
        // file of many URIs is not held as records (issue 31, P5).
        let (mut records, mut warnings) = (Vec::new(), Vec::new());
        let mut dropped = false;
        let mut to_fix = false;
        let first = self.check_document(
            name,
            path,
            format,
            &raw,
            false,
            &mut |r| {
                to_fix |= r
                    .fix
                    .as_ref()
                    .is_some_and(|f| self.applies(f.applicability))
                    && !skip(&r.rule);
                if records.len() < MAX_KEPT_RECORDS {
                    records.push(r);
                } else {
                    dropped = true;
                }
                Ok(())
            },
            &mut |w| warnings.push(w),
        )?;
        if dropped {
            records = Vec::new();
        }
        let fixed = if to_fix {
            fixer.fix(format, &raw, &skip)
        } else {
            crate::fix::Fixed::default()
        };
        let n: usize = fixed.applied.values().sum();
        // Standard input, named or not, is fixed onto standard output.
        let (text, error) = match path.filter(|_| !stdout) {
            None => {
                let text = if n == 0 { raw } else { fixed.text };
                let mut out = io::stdout().lock();
                out.write_all(&text)
                    .and_then(|_| out.flush())
                    .map_err(Stop::Output)?;
                (text, None)
            }
            Some(_) if n == 0 => (raw, None),
            // The file under an earlier name: fixed there (to this very
            // text), checked here.
            Some(p) if self.aliases.contains(p) => (fixed.text, None),
            // Text in memory is never written (Checker::check_text).
            Some(_) if matches!(input, Input::Buffer { .. }) => (fixed.text, None),
            Some(p) => match write_back(p, &raw, &fixed.text) {
                Ok(()) => (fixed.text, None),
                // Its findings are those of the file as it was read.
                Err(e) => (raw, Some(format!("{name}: {e}"))),
            },
        };
        let mut work = if n == 0 || error.is_some() {
            // Every fix that would have been applied was refused.
            let refused = |mut r: Record| {
                if to_fix
                    && n == 0
                    && r.fix
                        .as_ref()
                        .is_some_and(|f| self.applies(f.applicability))
                {
                    r.fix = None;
                }
                r
            };
            if dropped {
                self.check_document(
                    name,
                    path,
                    format,
                    &text,
                    false,
                    &mut |r| emit(refused(r)),
                    warn,
                )?
            } else {
                for w in warnings {
                    warn(w);
                }
                for r in records {
                    emit(refused(r)).map_err(Stop::Output)?;
                }
                first
            }
        } else {
            self.check_document(name, path, format, &text, true, emit, warn)?
        };
        match error {
            Some(message) => Err(Stop::Input(message)),
            None => {
                // Counted once, under the file's first name.
                let alias = path.is_some_and(|p| self.aliases.contains(p));
                work.fixed = if alias { 0 } else { n };
                Ok(FixDone::Checked(work))
            }
        }
    }

    /// Where the secrets of a file's URIs and relative references are
    /// written, for a diff's lines (SPEC section 10); of plain text past a
    /// window, a window at a time, as it is fixed.
    fn written(&self, format: DocFormat, raw: &[u8]) -> Vec<std::ops::Range<usize>> {
        if format == DocFormat::Text && raw.len() > crate::fix::WINDOW {
            return crate::fix::windows(raw, crate::fix::WINDOW)
                .into_iter()
                .flat_map(|w| {
                    let at = w.start;
                    self.written_whole(format, &raw[w])
                        .into_iter()
                        .map(move |r| r.start + at..r.end + at)
                })
                .collect();
        }
        self.written_whole(format, raw)
    }

    /// [`Pass::written`] of a text read whole.
    fn written_whole(&self, format: DocFormat, raw: &[u8]) -> Vec<std::ops::Range<usize>> {
        let doc =
            crate::document::read_document(format, raw, self.scanner, self.reading.options, true);
        uri_secrets(&doc.located)
            .into_iter()
            .chain(reference_secrets(raw, &doc.references))
            .map(|r| r.start as usize..r.end as usize)
            .collect()
    }

    /// Whether `--fix` applies fixes of this applicability.
    pub(super) fn applies(&self, a: Applicability) -> bool {
        a.applied(self.options.unsafe_fixes)
    }

    /// A record's fix as edits of the file (SPEC section 12). After
    /// `--fix`, a fix that would have been applied and is still there was
    /// refused (the file did not read as meant after it): it is not shown.
    pub(super) fn file_fix(
        &self,
        fix: &Fix,
        l: &Located,
        raw: &[u8],
        format: DocFormat,
        fixed: bool,
    ) -> Option<FileFix> {
        if fixed && self.applies(fix.applicability) {
            return None;
        }
        raw_edits(fix, l, raw, 0, Syntax::of(format)?)
    }
}

/// The fix of a URI found in streamed text as edits of the file (SPEC
/// section 12): read from the URI itself when it is written as it reads,
/// else from the input's bytes around it (a `<URL:` prefix, a URI broken
/// over lines): the file's, or the text's in memory; none for standard
/// input then.
pub(super) fn streamed_fix(fix: &Fix, finding: &Finding, input: &Input) -> Option<FileFix> {
    let edit = |window: &[u8], from: u64| {
        let located = Located::from_text(finding.clone(), window, from)?;
        raw_edits(fix, &located, window, from, Syntax::Plain)
    };
    if let Some(f) = edit(&finding.uri, finding.start) {
        return Some(f);
    }
    // `<URL:` and the whitespace after it come before the URI.
    let from = finding.start.saturating_sub(64);
    let path = match input {
        Input::Buffer { bytes, .. } => {
            return edit(bytes.get(from as usize..finding.end as usize)?, from);
        }
        _ => input.path()?,
    };
    let mut file = File::open(path).ok()?;
    file.seek(SeekFrom::Start(from)).ok()?;
    let mut window = Vec::new();
    file.take(finding.end - from)
        .read_to_end(&mut window)
        .ok()?;
    edit(&window, from)
}
