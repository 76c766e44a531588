//! One input checked: opened as its format, read whole or streamed, its
//! findings linted, suppressed and made final line by line (SPEC sections
//! 4, 9 and 11), or collected for output in path order.

use super::*;
use fix::FixDone;

impl Pass<'_> {
    /// Whether the records of `input`, checked alone, can go out as they
    /// are found: no link rules, or none of its links can point elsewhere
    /// (issue 32). That is so of a regular file streamed as text or mail,
    /// which holds no relative references, when no `--site` makes its
    /// absolute URIs links to check.
    pub(super) fn links_stay_in(&self, input: &Input) -> bool {
        let Some(links) = self.links else {
            return true;
        };
        if links.has_sites() {
            return false;
        }
        let regular = match input {
            Input::Stdin => return true,
            // A pipe's head would be read twice.
            Input::File { path, .. } => std::fs::metadata(path).is_ok_and(|m| m.is_file()),
            Input::Buffer { .. } => true,
        };
        regular
            && matches!(
                crate::drive::open_input(input, self.reading),
                Ok(Some(opened)) if !opened.format.is_structured()
            )
    }

    /// Checks one input, handing each final record to `emit` and each mail
    /// decoding problem to `warn`. A binary file found in a walk is skipped.
    pub(super) fn check_one(
        &self,
        input: &Input,
        emit: &mut dyn FnMut(Record) -> io::Result<()>,
        warn: &mut dyn FnMut(String),
    ) -> Result<LinkWork, Stop> {
        let name = input.display_name();
        let path = input.path();
        let fail = |e: io::Error| Stop::Input(format!("{name}: {e}"));
        let opened = crate::drive::open_input(input, self.reading)
            .map_err(|e| Stop::Input(e.to_string()))?;
        let Some(opened) = opened else {
            return Ok(LinkWork {
                skipped: true,
                ..LinkWork::default()
            });
        };
        let (kind, reader, len) = (opened.mail, opened.reader, opened.len);
        // `--fix` and `--diff` read the whole file: it is written whole.
        // Plain text fixed in windows is then checked again streamed:
        // how many fixes it took, and why it was not written.
        let mut refixed: Option<(usize, Option<String>)> = None;
        let reader = match self.options.fixing {
            // Mail is decoded text: it is never fixed, and `--diff` prints
            // no findings.
            Some(Fixing::Diff) if opened.format == DocFormat::Mail => {
                return Ok(LinkWork::default());
            }
            Some(fixing) if opened.format != DocFormat::Mail => {
                match crate::drive::read_whole(reader, len).map_err(fail)? {
                    Whole::Read(raw) => {
                        match self.fix_input(
                            &name,
                            input,
                            opened.format,
                            raw,
                            fixing,
                            emit,
                            warn,
                        )? {
                            FixDone::Checked(work) => return Ok(work),
                            FixDone::Stream { fixed, error } => {
                                refixed = Some((fixed, error));
                                let path = path.expect("only a file is fixed in windows");
                                Box::new(File::open(path).map_err(fail)?)
                            }
                        }
                    }
                    Whole::TooLarge(reader) => {
                        warn(format!(
                            "note: {name}: larger than {} MiB, not fixed",
                            MAX_PARSED >> 20
                        ));
                        if fixing == Fixing::Diff {
                            return Ok(LinkWork::default());
                        }
                        reader
                    }
                }
            }
            _ => reader,
        };
        // `--fix -` passes what it does not fix through to stdout as it is
        // read: mail, and input too large to fix.
        let reader: Box<dyn Read + Send> = match (self.options.fixing, input) {
            (Some(Fixing::Write), Input::Stdin | Input::Buffer { stdin: true, .. }) => {
                Box::new(Tee {
                    inner: reader,
                    copy: io::stdout(),
                    left: u64::MAX,
                })
            }
            _ => reader,
        };
        // Fixes of a file read as text because it was too large for its
        // format would be written in the wrong syntax: none are shown.
        let plain = opened.format == DocFormat::Text;
        let reader = if opened.format.is_structured() {
            match crate::drive::read_whole(reader, len).map_err(fail)? {
                Whole::Read(raw) => {
                    return self.check_document(
                        &name,
                        path,
                        opened.format,
                        &raw,
                        false,
                        emit,
                        warn,
                    );
                }
                Whole::TooLarge(reader) => {
                    warn(format!(
                        "note: {name}: larger than {} MiB, read as text, not {}",
                        MAX_PARSED >> 20,
                        opened.format
                    ));
                    reader
                }
            }
        } else {
            reader
        };
        if opened.format == DocFormat::Mail {
            // Mail: findings carry their message (SPEC M3); no snippets,
            // since what was scanned is the decoded text, not the file's.
            let events = MailEvents::new(BufReader::new(reader), kind, self.scanner.clone());
            let mut uris = 0;
            for event in events.parallel(self.reading.mail_parallel()) {
                match event.map_err(fail)? {
                    MailEvent::Found(m) => {
                        uris += 1;
                        let diagnostics = self.linter.check(&m.finding);
                        if diagnostics.is_empty() {
                            continue;
                        }
                        // Redacted once for all of the finding's records.
                        let uri = shown_uri(&m.finding, self.options.show_secrets);
                        let mail = MailContext::of(&m, self.options.show_secrets);
                        for d in diagnostics {
                            let mut record = Record::with_uri(&name, &m.finding, d, uri.clone());
                            record.mail = Some(mail.clone());
                            emit(record).map_err(Stop::Output)?;
                        }
                    }
                    MailEvent::Warning { line, info, text } => {
                        warn(crate::drive::mail_warning(&name, line, &info, &text))
                    }
                }
            }
            return Ok(LinkWork {
                uris,
                ..LinkWork::default()
            });
        }

        // Snippets read the source back by offset: a regular file itself,
        // text in memory itself; else (standard input, a named pipe,
        // `<(cmd)`) its first
        // SPOOL_LIMIT bytes kept in a temporary file as they are read.
        let regular = match input {
            Input::File { path, .. } if self.options.snippets => {
                std::fs::metadata(path).is_ok_and(|m| m.is_file())
            }
            _ => false,
        };
        let source = match (self.options.snippets, input) {
            (false, _) => None,
            (true, Input::Buffer { bytes, .. }) => Some(snippet::Source::Memory(bytes)),
            (true, Input::File { path, .. }) if regular => Some(snippet::Source::File {
                file: File::open(path).map_err(fail)?,
                limit: u64::MAX,
            }),
            (true, _) => Some(snippet::Source::File {
                file: tempfile::tempfile().map_err(fail)?,
                limit: SPOOL_LIMIT,
            }),
        };
        let reader: Box<dyn Read> = match &source {
            Some(snippet::Source::File { file, limit }) if !regular => Box::new(Tee {
                inner: reader,
                copy: file.try_clone().map_err(fail)?,
                left: *limit,
            }),
            _ => reader,
        };
        let mut snippets =
            source.map(|source| snippet::Snippets::new(source, self.options.show_secrets, &[]));
        // The lines of the suppressions that silenced something.
        let mut used = std::collections::HashSet::new();
        let mut release = |mut record: Record, directives: &dyn Fn(u64, &str) -> Option<u64>| {
            if let Some(at) = directives(record.line, &record.rule) {
                used.insert(at);
                return Ok(());
            }
            if let Some(snippets) = snippets.as_mut() {
                record.snippet = snippets.of(&record).map_err(fail)?;
            }
            emit(record).map_err(Stop::Output)
        };

        let mut pending: Spool<Record> = Spool::default();
        let mut work = LinkWork::default();
        let mut scan = self.scanner.scan_reader(DirectiveReader::new(reader));
        for finding in scan.by_ref() {
            let finding = finding.map_err(fail)?;
            work.uris += 1;
            if path.is_some() && self.links.is_some_and(|l| l.is_site_uri(&finding.uri)) {
                work.site.push(finding.clone());
            }
            let diagnostics = self.linter.check(&finding);
            if !diagnostics.is_empty() {
                // Redacted once for all of the finding's records.
                let uri = shown_uri(&finding, self.options.show_secrets);
                for d in diagnostics {
                    let fix = d.fix.clone();
                    let mut record = Record::with_uri(&name, &finding, d, uri.clone());
                    // After `--fix`, a fix that would have been applied
                    // and is still there was refused: not shown.
                    record.fix = fix
                        .filter(|f| plain && !(refixed.is_some() && self.applies(f.applicability)))
                        .and_then(|f| streamed_fix(&f, &finding, input));
                    // Final once the input is read to its end: a
                    // `disable-file` anywhere may silence it. Kept on
                    // disk past a bound (Spool), so memory stays bounded.
                    pending.push(record).map_err(fail)?;
                }
            }
        }
        let directives = scan.into_reader().into_directives();
        self.unknown_rules(&name, &directives, warn, &mut work.late);
        let matching = directives.matcher();
        for r in pending.drain() {
            release(r.map_err(fail)?, &matching)?;
        }
        drop(matching);
        if self.links.is_some() && path.is_some() {
            // Reported once the file's links are checked.
            work.directives = Some(directives);
            work.used = used;
        } else {
            self.unused(&name, &directives, &used, warn, &mut work.late);
        }
        match refixed {
            Some((_, Some(error))) => Err(Stop::Input(error)),
            Some((fixed, None)) => {
                work.fixed = fixed;
                Ok(work)
            }
            None => Ok(work),
        }
    }
}

impl Pass<'_> {
    /// Checks one input of several, its records and warnings collected
    /// (they go out in path order).
    pub(super) fn collect(&self, input: &Input) -> Checked {
        let (mut records, mut warnings) = (Spool::default(), Vec::new());
        let result = self.check_one(input, &mut |r| records.push(r), &mut |w| warnings.push(w));
        let (mut work, mut error) = match result {
            Ok(work) => (work, None),
            Err(Stop::Input(message)) => (LinkWork::default(), Some(message)),
            Err(Stop::Output(e)) => (LinkWork::default(), Some(e.to_string())),
        };
        if let Err(e) = records.seal() {
            error.get_or_insert_with(|| format!("{}: {e}", input.display_name()));
        }
        Checked {
            input: input.clone(),
            records,
            // Merged among its records by position, with its links'.
            links: {
                let mut late = std::mem::take(&mut work.late);
                late.sort_by_key(|r| r.start);
                late
            },
            warnings,
            error,
            work,
            unchecked: Unchecked::default(),
            problems: Vec::new(),
            seen: Default::default(),
        }
    }

    /// A suppression that silenced nothing: a finding of
    /// `unused-suppression` in `late` when that rule runs, else with
    /// `--report-unused-suppressions` a warning naming the file and line.
    /// `enable` silences nothing by itself, and is never reported.
    pub(super) fn unused(
        &self,
        name: &str,
        directives: &crate::suppress::Directives,
        used: &std::collections::HashSet<u64>,
        warn: &mut dyn FnMut(String),
        late: &mut Vec<Record>,
    ) {
        let silenced = directives.matcher();
        for d in &directives.0 {
            if used.contains(&d.line)
                || d.reach == crate::suppress::Reach::Enable
                // By another comment: a bare `disable-file` covers the
                // rule that reports it.
                || silenced(d.line, UNUSED).is_some_and(|at| at != d.line)
            {
                continue;
            }
            match self
                .linter
                .directive(UNUSED, "suppression silenced nothing".to_string())
            {
                Some(diagnostic) => late.push(directive_record(name, d, diagnostic)),
                None if self.options.report_unused => {
                    warn(format!("warning: {name}:{}: unused suppression", d.line))
                }
                None => {}
            }
        }
    }

    /// A suppression that names no rule urilint has (SPEC section 4 as
    /// amended in 3a): it silences nothing, and is most likely a typo. A
    /// finding of `invalid-suppression` in `late`, with the nearest id;
    /// a warning naming the file and line when that rule does not run.
    pub(super) fn unknown_rules(
        &self,
        name: &str,
        directives: &crate::suppress::Directives,
        warn: &mut dyn FnMut(String),
        late: &mut Vec<Record>,
    ) {
        let silenced = directives.matcher();
        for d in &directives.0 {
            for id in d.rules.iter().flatten() {
                if self.linter.knows(id) || silenced(d.line, INVALID).is_some() {
                    continue;
                }
                // The comment is the file's text: redacted as a message.
                let said = format!(
                    "suppression names unknown rule `{id}`{}",
                    crate::rules::suggestion(id, &[])
                );
                let said = crate::redact::redact_text(&said).into_owned();
                match self.linter.directive(INVALID, said.clone()) {
                    Some(diagnostic) => late.push(directive_record(name, d, diagnostic)),
                    None => warn(format!("warning: {name}:{}: {said}", d.line)),
                }
            }
        }
    }
}

/// The rules of suppression comments.
const INVALID: &str = "invalid-suppression";
const UNUSED: &str = "unused-suppression";

/// The record of a finding about the suppression comment `d` of `name`:
/// at the comment, with no URI.
fn directive_record(
    name: &str,
    d: &crate::suppress::Directive,
    diagnostic: crate::rules::Diagnostic,
) -> Record {
    Record {
        path: name.to_string(),
        path_bytes: None,
        line: d.line,
        column: d.column,
        start: d.span.start,
        end: d.span.end,
        rule: diagnostic.rule.into_owned(),
        severity: diagnostic.severity,
        message: diagnostic.message,
        uri: String::new(),
        delimiter: crate::scan::Delimiter::None,
        flags: crate::scan::Flags::default(),
        span: None,
        mail: None,
        snippet: None,
        fix: None,
        reason: None,
    }
}

/// How much of standard input is kept on disk for snippets; findings past
/// it are shown without their source line.
const SPOOL_LIMIT: u64 = 64 * 1024 * 1024;

/// Copies what it reads into a writer, up to a limit: standard input
/// spooled for snippets, or passed through to stdout by `--fix -`.
struct Tee<R, W = File> {
    inner: R,
    copy: W,
    /// Bytes left to copy.
    left: u64,
}

impl<R: Read, W: Write> Read for Tee<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let keep = (n as u64).min(self.left) as usize;
        self.copy.write_all(&buf[..keep])?;
        self.left -= keep as u64;
        Ok(n)
    }
}

/// The inputs, in order, that name a file an earlier one names: the same
/// device and inode, however the path reaches it (a symbolic link followed
/// under `-L`, a hard link).
pub(super) fn aliases(
    inputs: &[Result<Input, walk::Error>],
) -> std::collections::HashSet<std::path::PathBuf> {
    use std::os::unix::fs::MetadataExt;
    let mut seen = std::collections::HashSet::new();
    inputs
        .iter()
        .filter_map(|i| match i {
            Ok(Input::File { path, .. }) => Some(path),
            _ => None,
        })
        .filter(|path| std::fs::metadata(path).is_ok_and(|m| !seen.insert((m.dev(), m.ino()))))
        .cloned()
        .collect()
}
