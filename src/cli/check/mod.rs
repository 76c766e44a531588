//! `urilint check`: lint the URIs in files, trees and standard input.
//!
//! Records are written as they become final, so a single input of any size
//! (a 4 GB stream on stdin) is checked in bounded memory. With several
//! inputs, each file's records wait for the files before it, for output in
//! path order.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, IsTerminal, Read, Write};

use urilint::baseline::{Anchor, Baseline, Key};
use urilint::document::Located;
use urilint::document::mail::{MailEvent, MailEvents};
use urilint::format::{Format as DocFormat, MAX_PARSED, Reference};
use urilint::links::{LinkOptions, Links, Problem, Source, Tally, Unchecked};
use urilint::report::{self, Emitter, Format, MailContext, Record, Style, shown_uri};
use urilint::rules::{Linter, Severity};
use urilint::scan::{Finding, Scanner};
use urilint::suppress::{DirectiveReader, Directives};
use urilint::walk::{self, Input};

mod document;
mod fix;
mod links;
mod sink;
mod snippet;

use links::link_checker;
use sink::Sink;

use fix::{Fixing, streamed_fix};

use super::spool::Spool;
use super::{CheckArgs, CheckFormat, ColorArg, Failure, Reading, Status, Stop, Whole, usage};

/// How to check an input.
struct Checker<'a> {
    reading: &'a Reading,
    scanner: &'a Scanner,
    linter: &'a Linter,
    /// Attach source lines (human output).
    snippets: bool,
    show_secrets: bool,
    /// `--report-unused-suppressions`.
    report_unused: bool,
    /// Link integrity, when a rule that checks links is enabled (SPEC
    /// section 11).
    links: Option<&'a Links>,
    /// The folders named on the command line: a file found under one is
    /// checked in that tree.
    trees: std::collections::HashSet<std::path::PathBuf>,
    /// `--fix` or `--diff` (SPEC section 12).
    fixing: Option<Fixing>,
    /// Whether unsafe fixes are applied (`--unsafe-fixes`).
    unsafe_fixes: bool,
    /// `[per-file-ignores]`: their rules' fixes are not applied.
    per_file: &'a urilint::config::PerFileIgnores,
    /// `--show-unchecked`: links left unchecked are listed.
    show_unchecked: bool,
    /// Under `--fix`, the inputs that name a file an earlier input names
    /// too (`-L`, a link and its target): a file is fixed once, under the
    /// first of its names, and only checked under the others.
    aliases: std::collections::HashSet<std::path::PathBuf>,
}

/// What link integrity needs of a checked file, kept until every file's
/// anchors are known (SPEC section 11).
#[derive(Default)]
struct LinkWork {
    /// Its relative references.
    refs: Vec<Reference>,
    /// Its `--site` URIs.
    site: Vec<Finding>,
    /// Where the secrets of its relative references are written, for
    /// the source lines of its link findings.
    written: Vec<std::ops::Range<u64>>,
    /// Its suppressions, and the lines of those that silenced something.
    directives: Option<Directives>,
    used: std::collections::HashSet<u64>,
    /// Fixes applied to it, or that would be (`--diff`).
    fixed: usize,
    /// Its unified diff (`--diff`).
    diff: Vec<u8>,
    /// It was not read: a binary file found in a walk.
    skipped: bool,
}

/// A file checked, its records waiting for its links' (SPEC section 11).
struct Checked {
    input: Input,
    records: Spool<Record>,
    /// Records of its links, in position order: they go out among
    /// `records`.
    links: Vec<Record>,
    warnings: Vec<String>,
    error: Option<String>,
    work: LinkWork,
    unchecked: Unchecked,
    /// Fixes applied to it, or that would be, and its diff (`--diff`).
    fixed: usize,
    diff: Vec<u8>,
    /// It was not read: a binary file found in a walk.
    skipped: bool,
}

pub(super) fn run(args: &CheckArgs) -> Result<Status, Failure> {
    let (config_path, config) = super::load_config(&args.settings)?;
    // Command-line flags win over the config file.
    let mut builder = config.linter_builder().map_err(usage)?;
    if let Some(select) = &args.select {
        builder = builder.select(select.iter().cloned());
    }
    let fail_on = args
        .fail_on
        .map(Severity::from)
        .or(config.fail_on)
        .unwrap_or(Severity::Warning);
    // Failing on notes that are not shown would fail without a reason.
    if args.show_notes || fail_on == Severity::Note {
        builder = builder.show_notes(true);
    }
    let linter = builder
        .extend_select(args.extend_select.iter().cloned())
        .ignore(args.ignore.iter().cloned())
        .build()
        .map_err(usage)?;
    let options = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    let threads = super::threads(args.walk.threads);
    let baseline = match &args.baseline {
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
    if args.statistics && format != Format::Human {
        return Err(usage(
            "--statistics prints a table: use it with --format human",
        ));
    }
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let fixing = match (args.fix, args.diff) {
        (true, _) => Some(Fixing::Write),
        (_, true) => Some(Fixing::Diff),
        _ => None,
    };
    // `--fix -` writes the fixed text to stdout: the findings go to stderr.
    let fix_stdin =
        fixing == Some(Fixing::Write) && args.paths.iter().any(|p| p.as_os_str() == "-");
    let out: Box<dyn Write> = if fix_stdin {
        Box::new(io::stderr())
    } else {
        Box::new(BufWriter::new(io::stdout().lock()))
    };
    let per_file = config
        .per_file_ignores(&super::config_dir(config_path.as_deref()))
        .map_err(usage)?;
    let mut sink = Sink {
        // `--diff` prints the diff alone, whatever the format.
        emitter: Emitter::new(
            out,
            if fixing == Some(Fixing::Diff) {
                Format::Human
            } else {
                format
            },
            Style { color },
        ),
        baseline,
        recording: args.write_baseline.as_ref().map(|_| Baseline::default()),
        anchor: match args.baseline.as_ref().or(args.write_baseline.as_ref()) {
            Some(file) => Some((
                Anchor::new(file).map_err(|e| usage(format!("{}: {e}", file.display())))?,
                String::new(),
                String::new(),
            )),
            None => None,
        },
        counts: [0; 3],
        statistics: args.statistics.then(Default::default),
        per_file: per_file.clone(),
        fixable: [0; 2],
        fixed: (0, 0),
        fail_on,
        path_bytes: None,
        files: 0,
    };
    let mut reading = Reading::new(
        args.input,
        &config,
        config_path.as_deref(),
        args.include_code,
        true,
    )?;
    let scanner = reading.scanner.clone();
    let links = match linter.checks_links() {
        true => Some(link_checker(
            args,
            &config,
            config_path.as_deref(),
            &reading,
        )?),
        false => None,
    };
    let mut inputs = walk::inputs(&args.paths, &options);
    // A baseline is urilint's own output, never its input.
    for file in [&args.baseline, &args.write_baseline].into_iter().flatten() {
        inputs
            .retain(|i| !matches!(i, Ok(Input::File { path, .. }) if super::same_file(path, file)));
    }
    reading.one_input(inputs.len(), threads);
    let checker = Checker {
        reading: &reading,
        scanner: &scanner,
        linter: &linter,
        snippets: format == Format::Human && args.write_baseline.is_none(),
        show_secrets: args.show_secrets,
        report_unused: args.report_unused_suppressions,
        links: links.as_ref(),
        trees: args.paths.iter().filter(|p| p.is_dir()).cloned().collect(),
        fixing,
        unsafe_fixes: args.unsafe_fixes,
        per_file: &per_file,
        show_unchecked: args.show_unchecked,
        aliases: match fixing {
            Some(Fixing::Write) => aliases(&inputs),
            _ => Default::default(),
        },
    };
    let mut unchecked = Tally::default();
    let mut failed = false;
    let streamed = match inputs.as_slice() {
        [Ok(Input::Stdin)] => true,
        [Ok(input)] => checker.links_stay_in(input),
        _ => false,
    };
    if streamed && let [Ok(input)] = inputs.as_mut_slice() {
        // One input: records go out as they are found.
        let mut warnings = Vec::new();
        sink.path_bytes = input.path_bytes();
        let result = checker.check(input, &mut |r| sink.record(r), &mut |w| warnings.push(w));
        for w in warnings {
            sink.say(w)?;
        }
        match result {
            Ok(mut work) => {
                // A lone file's links all point into it: its suppressions
                // are known to be used or not now.
                if let Some(directives) = work.directives.take() {
                    let mut unused = Vec::new();
                    let name = input.display_name();
                    checker.unused(&name, &directives, &work.used, &mut |w| unused.push(w));
                    for w in unused {
                        sink.say(w)?;
                    }
                }
                sink.files += usize::from(!work.skipped);
                sink.fixes(work.fixed, &work.diff)?
            }
            Err(Stop::Output(e)) => return Err(e.into()),
            Err(Stop::Input(message)) => {
                super::reached(Status::SomeInputsFailed);
                sink.say(message)?;
                failed = true;
            }
        }
    } else if links.is_some() {
        // Link integrity: every file is read first, so each target's
        // anchors are known once, then each file's links are checked and
        // its records go out in path order (SPEC sections 5 and 11).
        let mut checked: Vec<Result<Checked, String>> = Vec::new();
        // Nothing is written until every file is read: a progress line
        // shows the wait.
        // Not while standard input is read, or fixed text written: a
        // terminal's line would mix with what the user types or reads.
        let progress = if args.quiet
            || fixing.is_some()
            || inputs.iter().any(|i| matches!(i, Ok(Input::Stdin)))
        {
            super::Progress::none()
        } else {
            super::Progress::new(inputs.len(), "reading")
        };
        let workers = super::Workers::new(threads)?;
        workers.for_each_input(
            inputs,
            &progress,
            |input| checker.collect(input),
            |result| {
                checked.push(result.map_err(|e| e.to_string()));
                Ok(())
            },
        )?;
        // One file a task: the files with links to check sit together (a
        // folder of Markdown).
        workers.for_each_mut(&mut checked, |c| {
            if let Ok(c) = c {
                checker.check_links(c);
            }
        });
        progress.finish();
        for c in checked {
            if let Ok(c) = &c {
                unchecked.add(&c.unchecked);
            }
            failed |= sink.checked(c)?;
        }
    } else {
        super::Workers::new(threads)?.for_each_input(
            inputs,
            &super::Progress::none(),
            |input| checker.collect(input),
            |result| {
                failed |= sink.checked(result.map_err(|e| e.to_string()))?;
                Ok(())
            },
        )?;
    }

    if let (Some(path), Some(recorded)) = (&args.write_baseline, &sink.recording) {
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
    // The link caches (every folder's listing, every file's anchors) are
    // left to the process's exit: freeing them one by one costs time.
    std::mem::forget(links);
    let (counts, worst, files) = (sink.counts, sink.worst(), sink.files);
    let (fixable, fixed) = (sink.fixable, sink.fixed);
    let statistics = sink.statistics.take();
    let statistics_shown = statistics.as_ref().map(|_| ());
    let mut out = sink.emitter.finish()?;
    if let Some(stats) = statistics {
        // Like ruff's `--statistics`: a line a rule, most findings first.
        let mut rows: Vec<((String, Severity), usize)> = stats.into_iter().collect();
        rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.0.cmp(&b.0.0)));
        let width = rows.iter().map(|r| r.0.0.len()).max().unwrap_or(0);
        for ((rule, severity), n) in rows {
            writeln!(out, "{n:>6}  {rule:width$}  {}", severity.as_str())?;
        }
    }
    if format == Format::Human
        && !args.quiet
        && let Some(summary) = report::closing_line(counts, files)
    {
        writeln!(out, "{summary}")?;
        if let Some(line) = report::fixable_summary(fixable, args.unsafe_fixes) {
            writeln!(out, "{line}")?;
        }
    } else if format == Format::Human
        && !args.quiet
        && args.write_baseline.is_none()
        && fixing.is_none()
    {
        // A clean run says what it checked (SPEC section 13).
        let plural = if files == 1 { "" } else { "s" };
        writeln!(out, "No problems found; {files} file{plural} checked.")?;
    } else if format != Format::Human
        && !args.quiet
        && statistics_shown.is_none()
        && let Some(summary) = report::closing_line(counts, files)
    {
        // Machine formats keep stdout for records: the summary goes to
        // stderr (SPEC section 4 amended).
        out.flush()?;
        super::say(summary);
    }
    // What was fixed goes to stderr in every format (SPEC section 12).
    if !args.quiet
        && let Some(fixing) = fixing
    {
        out.flush()?;
        let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        let (n, files) = fixed;
        super::say(match (fixing, n) {
            (Fixing::Write, 0) => "no fixes applied".to_string(),
            (Fixing::Diff, 0) => "nothing to fix".to_string(),
            (Fixing::Write, n) => format!(
                "fixed {} in {}",
                plural(n, "problem"),
                plural(files, "file")
            ),
            (Fixing::Diff, n) => format!(
                "would fix {} in {}",
                plural(n, "problem"),
                plural(files, "file")
            ),
        });
    }
    // Machine formats write only findings to stdout (SPEC section 11a).
    if !args.quiet
        && let Some(line) = unchecked.summary(!args.show_unchecked)
    {
        if format == Format::Human {
            writeln!(out, "{line}")?;
        } else if unchecked.unchecked_total() > 0 {
            out.flush()?;
            super::say(line);
        }
    }
    out.flush()?;
    Ok(if failed {
        Status::SomeInputsFailed
    } else if worst.is_some_and(|s| s >= fail_on) || (fixing == Some(Fixing::Diff) && fixed.0 > 0) {
        Status::Found
    } else {
        Status::Clean
    })
}

impl Checker<'_> {
    /// Whether the records of `input`, checked alone, can go out as they
    /// are found: no link rules, or none of its links can point elsewhere
    /// (issue 32). That is so of a regular file streamed as text or mail,
    /// which holds no relative references, when no `--site` makes its
    /// absolute URIs links to check.
    fn links_stay_in(&self, input: &Input) -> bool {
        let Some(links) = self.links else {
            return true;
        };
        if links.has_sites() {
            return false;
        }
        let Input::File { path, .. } = input else {
            return true;
        };
        // A pipe's head would be read twice.
        std::fs::metadata(path).is_ok_and(|m| m.is_file())
            && matches!(
                super::open_input(input, self.reading),
                Ok(Some(opened)) if !opened.format.is_structured()
            )
    }

    /// Checks one input, handing each final record to `emit` and each mail
    /// decoding problem to `warn`. A binary file found in a walk is skipped.
    fn check(
        &self,
        input: &Input,
        emit: &mut dyn FnMut(Record) -> io::Result<()>,
        warn: &mut dyn FnMut(String),
    ) -> Result<LinkWork, Stop> {
        let name = input.display_name();
        let path = match input {
            Input::File { path, .. } => Some(path.as_path()),
            Input::Stdin => None,
        };
        let fail = |e: io::Error| Stop::Input(format!("{name}: {e}"));
        let opened =
            super::open_input(input, self.reading).map_err(|e| Stop::Input(e.to_string()))?;
        let Some(opened) = opened else {
            return Ok(LinkWork {
                skipped: true,
                ..LinkWork::default()
            });
        };
        let (kind, reader, len) = (opened.mail, opened.reader, opened.len);
        // `--fix` and `--diff` read the whole file: it is written whole.
        let reader = match self.fixing {
            // Mail is decoded text: it is never fixed, and `--diff` prints
            // no findings.
            Some(Fixing::Diff) if opened.format == DocFormat::Mail => {
                return Ok(LinkWork::default());
            }
            Some(fixing) if opened.format != DocFormat::Mail => {
                match super::read_whole(reader, len).map_err(fail)? {
                    Whole::Read(raw) => {
                        return self.fix_input(
                            &name,
                            input,
                            opened.format,
                            raw,
                            fixing,
                            emit,
                            warn,
                        );
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
        let reader: Box<dyn Read + Send> = match (self.fixing, input) {
            (Some(Fixing::Write), Input::Stdin) => Box::new(Tee {
                inner: reader,
                copy: io::stdout(),
                left: u64::MAX,
            }),
            _ => reader,
        };
        // Fixes of a file read as text because it was too large for its
        // format would be written in the wrong syntax: none are shown.
        let plain = opened.format == DocFormat::Text;
        let reader = if opened.format.is_structured() {
            match super::read_whole(reader, len).map_err(fail)? {
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
            for event in events.parallel(self.reading.mail_parallel()) {
                match event.map_err(fail)? {
                    MailEvent::Found(m) => {
                        let diagnostics = self.linter.check(&m.finding);
                        if diagnostics.is_empty() {
                            continue;
                        }
                        // Redacted once for all of the finding's records.
                        let uri = shown_uri(&m.finding, self.show_secrets);
                        let mail = MailContext::of(&m, self.show_secrets);
                        for d in diagnostics {
                            let mut record = Record::with_uri(&name, &m.finding, d, uri.clone());
                            record.mail = Some(mail.clone());
                            emit(record).map_err(Stop::Output)?;
                        }
                    }
                    MailEvent::Warning { line, info, text } => {
                        warn(super::mail_warning(&name, line, &info, &text))
                    }
                }
            }
            return Ok(LinkWork::default());
        }

        // Snippets read the source back by offset: a regular file itself;
        // else (standard input, a named pipe, `<(cmd)`) its first
        // SPOOL_LIMIT bytes kept in a temporary file as they are read.
        let regular = match input {
            Input::File { path, .. } if self.snippets => {
                std::fs::metadata(path).is_ok_and(|m| m.is_file())
            }
            _ => false,
        };
        let source = match (self.snippets, input) {
            (false, _) => None,
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
            source.map(|source| snippet::Snippets::new(source, self.show_secrets, &[]));
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
        while let Some(finding) = scan.next() {
            let finding = finding.map_err(fail)?;
            if path.is_some() && self.links.is_some_and(|l| l.is_site_uri(&finding.uri)) {
                work.site.push(finding.clone());
            }
            let diagnostics = self.linter.check(&finding);
            if !diagnostics.is_empty() {
                // Redacted once for all of the finding's records.
                let uri = shown_uri(&finding, self.show_secrets);
                for d in diagnostics {
                    let fix = d.fix.clone();
                    let mut record = Record::with_uri(&name, &finding, d, uri.clone());
                    record.fix = fix
                        .filter(|_| plain)
                        .and_then(|f| streamed_fix(&f, &finding, path));
                    pending.push(record).map_err(fail)?;
                }
            }
            // A record is final once its line has been read to the end: the
            // comments that can silence it are known.
            let directives = scan.reader();
            while let Some(line) = pending.front().map_err(fail)?.map(|r| r.line) {
                if line > directives.lines_done() {
                    break;
                }
                let r = pending.pop().map_err(fail)?.expect("a front");
                release(r, &|line, rule| directives.matching(line, rule))?;
            }
        }
        let directives = scan.into_reader().into_directives();
        self.unknown_rules(&name, &directives, warn);
        for r in pending.drain() {
            release(r.map_err(fail)?, &|line, rule| {
                directives.matching(line, rule)
            })?;
        }
        if self.links.is_some() && path.is_some() {
            // Reported once the file's links are checked.
            work.directives = Some(directives);
            work.used = used;
        } else {
            self.unused(&name, &directives, &used, warn);
        }
        Ok(work)
    }
}

impl Checker<'_> {
    /// Checks one input of several, its records and warnings collected
    /// (they go out in path order).
    fn collect(&self, input: &Input) -> Checked {
        let (mut records, mut warnings) = (Spool::default(), Vec::new());
        let result = self.check(input, &mut |r| records.push(r), &mut |w| warnings.push(w));
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
            links: Vec::new(),
            warnings,
            error,
            fixed: work.fixed,
            diff: std::mem::take(&mut work.diff),
            skipped: work.skipped,
            work,
            unchecked: Unchecked::default(),
        }
    }

    /// `--report-unused-suppressions`: a suppression that silenced nothing
    /// is a warning naming the file and line.
    fn unused(
        &self,
        name: &str,
        directives: &urilint::suppress::Directives,
        used: &std::collections::HashSet<u64>,
        warn: &mut dyn FnMut(String),
    ) {
        if !self.report_unused {
            return;
        }
        for d in &directives.0 {
            if !used.contains(&d.line) {
                warn(format!("warning: {name}:{}: unused suppression", d.line));
            }
        }
    }

    /// A suppression that names no rule urilint has is a warning naming
    /// the file and line (SPEC section 4 as amended in 3a): it silences
    /// nothing, and is most likely a typo.
    fn unknown_rules(
        &self,
        name: &str,
        directives: &urilint::suppress::Directives,
        warn: &mut dyn FnMut(String),
    ) {
        for d in &directives.0 {
            for id in d.rules.iter().flatten() {
                if !self.linter.knows(id) {
                    warn(format!(
                        "warning: {name}:{}: suppression names unknown rule `{id}`",
                        d.line
                    ));
                }
            }
        }
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
fn aliases(inputs: &[Result<Input, walk::Error>]) -> std::collections::HashSet<std::path::PathBuf> {
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
