//! `urilint check`: the flags made into a [`Checker`] and a printer, and
//! the run's outcome into a summary and an exit code.

use std::io::{self, BufWriter, IsTerminal, Write};

use std::path::{Path, PathBuf};

use urilint::check::{Checker, Fixing, LinkFlags, Options, Outcome};
use urilint::config::Config;
use urilint::report::{self, Emitter, Format, Printer, Style};
use urilint::rules::{Linter, Severity};
use urilint::walk::Input;

use super::{CheckArgs, CheckFormat, ColorArg, Failure, Status, configs, usage};

pub(super) fn run(args: &CheckArgs) -> Result<Status, Failure> {
    let (config_path, config, start) =
        super::load_config(&args.settings, &args.paths, args.stdin_filename.as_deref())?;
    let (linter, fail_on) = linter_of(args, &config)?;
    let walk = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    let paths = super::paths_of(&args.paths, &args.walk)?;
    if args.show_settings {
        return show_settings(args, config_path.as_deref(), &config, &linter, fail_on);
    }
    if args.walk.show_files {
        return super::show_files(
            &paths,
            &walk,
            matches!(args.format, CheckFormat::Jsonl),
            args.show_secrets,
        );
    }
    // `--stdin-filename NAME`: standard input, read whole, checked as the
    // file NAME (its format, config globs and relative links).
    let mut stdin_text = match &args.stdin_filename {
        None => None,
        Some(name) => {
            if !(args.paths.is_empty() || args.paths == [std::path::Path::new("-")])
                || args.walk.file_list.is_some()
            {
                return Err(usage(
                    "--stdin-filename names standard input: give `-` as the only path",
                ));
            }
            let mut text = Vec::new();
            io::Read::read_to_end(&mut io::stdin().lock(), &mut text)
                .map_err(|e| usage(format!("standard input: {e}")))?;
            Some((name.clone(), text))
        }
    };
    let threads = super::threads(args.walk.threads);
    let format = match args.format {
        CheckFormat::Human => Format::Human,
        CheckFormat::Json => Format::Json,
        CheckFormat::Jsonl => Format::Jsonl,
        CheckFormat::Sarif => Format::Sarif,
        CheckFormat::Github => Format::Github,
        CheckFormat::Junit => Format::Junit,
        CheckFormat::Gitlab => Format::Gitlab,
    };
    if args.statistics && !matches!(format, Format::Human | Format::Json) {
        return Err(usage(
            "--statistics prints a table (--format human) or an array (--format json)",
        ));
    }
    let terminal = |on: bool| match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => on && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    // `--output-file`: the report goes there, never coloured; a machine
    // format's findings are shown on stdout too, as a log.
    let color = terminal(args.output_file.is_none() && io::stdout().is_terminal());
    let log = args.output_file.is_some()
        && format != Format::Human
        && !args.statistics
        && !args.diff
        && args.write_baseline.is_none();
    let fixing = match (args.fix, args.diff) {
        (true, _) => Some(Fixing::Write),
        (_, true) => Some(Fixing::Diff),
        _ => None,
    };
    let options = Options {
        input: args.input.0,
        include_code: args.include_code,
        snippets: (format == Format::Human || log) && args.write_baseline.is_none(),
        show_secrets: args.show_secrets,
        report_unused: args.report_unused_suppressions,
        fixing,
        unsafe_fixes: args.unsafe_fixes,
        show_unchecked: args.show_unchecked,
        threads,
        progress: !args.quiet,
        baseline: baseline_of(args, config_path.as_deref(), &config),
        write_baseline: args.write_baseline.clone(),
        links: LinkFlags {
            root: args.root.clone(),
            sites: args.site.clone(),
            no_fragments: args.no_fragments,
            follow_links: args.walk.follow,
            pages: None,
            strict: args.links.map(|m| m == super::args::LinksMode::Strict),
        },
        keep_links: false,
    };
    let mut checker =
        Checker::new(&config, config_path.as_deref(), linter, options.clone()).map_err(usage)?;
    // `--fix -` writes the fixed text to stdout: the findings go to stderr.
    let fix_stdin = fixing == Some(Fixing::Write)
        && (stdin_text.is_some() || paths.iter().any(|p| p.as_os_str() == "-"));
    let out: Box<dyn Write> = match &args.output_file {
        Some(path) => Box::new(BufWriter::new(create(path)?)),
        None if fix_stdin => Box::new(io::stderr()),
        None => Box::new(BufWriter::new(io::stdout().lock())),
    };
    // `--diff` prints the diff alone, whatever the format, and
    // `--statistics` its table or array in place of the records.
    let shown = if fixing == Some(Fixing::Diff) || args.statistics {
        Format::Human
    } else {
        format
    };
    let mut printer = Printer::new(Emitter::new(out, shown, Style { color }));
    if args.statistics {
        printer = printer.statistics();
    }
    if log {
        let stdout: Box<dyn Write> = match fix_stdin {
            true => Box::new(io::stderr()),
            false => Box::new(BufWriter::new(io::stdout())),
        };
        let color = terminal(!fix_stdin && io::stdout().is_terminal());
        printer = printer.log(Emitter::new(stdout, Format::Human, Style { color }));
    }
    // In a run over folders with configs of their own, whether some
    // config's files failed by its `fail-on`.
    let parts_failed: std::cell::Cell<Option<bool>> = std::cell::Cell::new(None);
    let status = |o: &Outcome| {
        let failing = match parts_failed.get() {
            Some(failed) => failed,
            None => o.worst().is_some_and(|s| s >= fail_on),
        };
        if o.failed {
            Status::SomeInputsFailed
        } else if args.exit_zero {
            Status::Clean
        } else if failing || (fixing == Some(Fixing::Diff) && o.fixed.0 > 0) {
            Status::Found
        } else {
            Status::Clean
        }
    };
    let ran = match stdin_text.take() {
        Some((name, text)) => {
            let ran = checker.check_stdin(&name, text, &mut printer);
            std::mem::forget(checker);
            ran
        }
        None => {
            let inputs = urilint::walk::inputs(&paths, &walk);
            let trees: Vec<PathBuf> = paths.iter().filter(|p| p.is_dir()).cloned().collect();
            // Each input's place in the walk's order, which records of
            // several configs' checkers are merged back into.
            let order: std::collections::HashMap<String, usize> = inputs
                .iter()
                .flatten()
                .enumerate()
                .map(|(i, input)| (input.display_name(), i))
                .collect();
            // A config named (or none) applies to every file; else each
            // file's is the nearest (SPEC section 13).
            let mut parts = match &start {
                Some(start) => configs::split(inputs, start),
                None => vec![configs::Part {
                    config: None,
                    inputs,
                }],
            };
            if parts.len() == 1 {
                let part = parts.pop().expect("one part");
                let ran = checker.run_inputs(part.inputs, &trees, &mut printer);
                // The link caches (every folder's listing, every file's
                // anchors) are left to the process's exit: freeing them
                // one by one costs time.
                std::mem::forget(checker);
                ran
            } else {
                let checkers = part_checkers(args, parts, checker, fail_on, &options)?;
                let ran = run_parts(checkers, &trees, &order, &mut printer);
                if let Ok((_, failed)) = &ran {
                    parts_failed.set(Some(*failed));
                }
                ran.map(|(outcome, _)| outcome)
            }
        }
    };
    let outcome = match ran {
        // The closing lines and the last flush may still find the pipe
        // closed: the exit status is then what was found.
        Ok(outcome) => {
            super::reached(status(&outcome));
            outcome
        }
        Err(stopped) => {
            // The reader went away: the exit status is what was found.
            super::reached(status(&stopped.outcome));
            return Err(stopped.error.into());
        }
    };
    if let (Some(path), Some(recorded)) = (&args.write_baseline, &outcome.recorded) {
        std::fs::write(path, recorded.to_json())
            .map_err(|e| usage(format!("{}: {e}", path.display())))?;
        super::say(format!(
            "wrote {} findings to {}",
            recorded.len(),
            path.display()
        ));
        return Ok(match outcome.failed {
            true => Status::SomeInputsFailed,
            false => Status::Clean,
        });
    }
    let mut log = printer.take_log()?;
    let (mut out, statistics) = printer.finish()?;
    match &statistics {
        Some(rows) if format == Format::Json => {
            let rows: Vec<serde_json::Value> = rows
                .iter()
                .map(|((rule, severity), n)| {
                    serde_json::json!({ "rule": rule, "severity": severity, "count": n })
                })
                .collect();
            serde_json::to_writer_pretty(&mut out, &rows).map_err(io::Error::from)?;
            writeln!(out)?;
        }
        Some(rows) => {
            // Like ruff's `--statistics`: a line a rule, most findings first.
            let width = rows.iter().map(|r| r.0.0.len()).max().unwrap_or(0);
            for ((rule, severity), n) in rows {
                writeln!(out, "{n:>6}  {rule:width$}  {}", severity.as_str())?;
            }
        }
        None => {}
    }
    out.flush()?;
    // The closing lines go with human output: the report's, or the log's
    // beside a machine format's file.
    let human: Option<&mut dyn Write> = match (format, &mut log) {
        (Format::Human, _) => Some(&mut out),
        (_, Some(log)) => Some(log),
        _ => None,
    };
    summarize(human, args, &outcome)?;
    out.flush()?;
    if let Some(log) = &mut log {
        log.flush()?;
    }
    Ok(status(&outcome))
}

/// The linter and the failing severity of `config`, the flags over it.
fn linter_of(args: &CheckArgs, config: &Config) -> Result<(Linter, Severity), Failure> {
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
    Ok((linter, fail_on))
}

/// The baseline a run names: `--baseline`, else the config's `baseline`
/// (from the config's folder); none while one is being written.
fn named_baseline(
    args: &CheckArgs,
    config_path: Option<&Path>,
    config: &Config,
) -> Option<PathBuf> {
    if args.write_baseline.is_some() {
        return None;
    }
    args.baseline.clone().or_else(|| {
        let from_config = config.baseline.as_ref()?;
        Some(urilint::config::base_dir(config_path).join(from_config))
    })
}

/// The baseline to read ([`named_baseline`]). The config's, before it is
/// first written, is none, with a note: a hook or a trial run between
/// setting it and recording it checks on (a missing `--baseline` is an
/// error).
fn baseline_of(args: &CheckArgs, config_path: Option<&Path>, config: &Config) -> Option<PathBuf> {
    let from_config = named_baseline(args, config_path, config)?;
    if args.baseline.is_none() && !from_config.exists() {
        super::say(format!(
            "note: baseline {} (from the config) does not exist yet: nothing is hidden; \
             `urilint --write-baseline {}` records the current findings",
            from_config.display(),
            from_config.display()
        ));
        return None;
    }
    Some(from_config)
}

/// The checker of each part of a run over folders with configs of their
/// own, with its failing severity and its inputs: the run's own checker
/// for its part, one of its config for each other (its flags the run's,
/// its excludes kept to its folder).
fn part_checkers(
    args: &CheckArgs,
    parts: Vec<configs::Part>,
    top: Checker,
    fail_on: Severity,
    options: &Options,
) -> Result<Vec<(Checker, Severity, Inputs)>, Failure> {
    let mut top = Some(top);
    let mut out = Vec::new();
    for part in parts {
        let Some(file) = part.config else {
            let top = top.take().expect("one part of the run's config");
            out.push((top, fail_on, part.inputs));
            continue;
        };
        let (path, config) = configs::load(&file)?;
        let (linter, fail_on) = linter_of(args, &config)?;
        let options = Options {
            baseline: baseline_of(args, Some(&path), &config),
            ..options.clone()
        };
        let checker = Checker::new(&config, Some(&path), linter, options)
            .map_err(|e| usage(format!("{}: {e}", path.display())))?;
        let mut exclude = urilint::walk::Exclude::default();
        exclude
            .add(
                &urilint::config::base_dir(Some(&path)),
                &configs::scoped_excludes(&config),
            )
            .map_err(|e| usage(format!("{}: `exclude`: {e}", path.display())))?;
        // Its excludes apply to what the walk found, and to named files
        // with --force-exclude, as the run's do.
        let mut inputs = part.inputs;
        inputs.retain(|i| match i {
            Ok(Input::File { path, explicit }) => {
                (*explicit && !args.walk.force_exclude) || !exclude.is_excluded_with_parents(path)
            }
            _ => true,
        });
        out.push((checker, fail_on, inputs));
    }
    Ok(out)
}

type Inputs = Vec<Result<Input, urilint::walk::Error>>;

/// Runs each part's checker over its inputs, and hands their records to
/// `printer` in the run's order (`order`: each input's place in the
/// walk, by the name records carry): the warnings first, then the
/// records, then the diffs. Returns what was found, and whether some
/// part failed by its own `fail-on`.
fn run_parts<W: Write>(
    checkers: Vec<(Checker, Severity, Inputs)>,
    trees: &[PathBuf],
    order: &std::collections::HashMap<String, usize>,
    printer: &mut Printer<W>,
) -> Result<(Outcome, bool), urilint::check::Stopped> {
    use urilint::report::{Collected, Sink};
    let (mut outcome, mut failed) = (Outcome::default(), false);
    let mut all = Collected::default();
    for (mut checker, fail_on, inputs) in checkers {
        let mut part = Collected::default();
        let found = checker.run_inputs(inputs, trees, &mut part)?;
        failed |= found.worst().is_some_and(|s| s >= fail_on);
        outcome.merge(found);
        all.records.extend(part.records);
        all.warnings.extend(part.warnings);
        all.diff.extend(part.diff);
        // Freed at the process's exit, as the run's own checker is.
        std::mem::forget(checker);
    }
    all.records
        .sort_by_key(|r| order.get(&r.path).copied().unwrap_or(usize::MAX));
    let emit = || -> io::Result<()> {
        for w in &all.warnings {
            printer.warning(w)?;
        }
        for r in all.records {
            printer.record(r)?;
        }
        if !all.diff.is_empty() {
            printer.diff(&all.diff)?;
        }
        Ok(())
    };
    match emit() {
        Ok(()) => Ok((outcome, failed)),
        Err(error) => Err(urilint::check::Stopped {
            error,
            outcome: Box::new(outcome),
        }),
    }
}

/// `--show-settings`: what a run would use, as JSON: the config file
/// (or none), the rules enabled, the failing severity, the excludes (the
/// config's, read from its folder, then `--exclude`), and the config's
/// per-file ignores and format globs.
fn show_settings(
    args: &CheckArgs,
    config_path: Option<&std::path::Path>,
    config: &urilint::config::Config,
    linter: &urilint::rules::Linter,
    fail_on: Severity,
) -> Result<Status, Failure> {
    let mut rules: Vec<&str> = linter.enabled().collect();
    rules.sort_unstable();
    let settings = serde_json::json!({
        "config": config_path.map(|p| p.display().to_string()),
        "config_folder": urilint::config::base_dir(config_path).display().to_string(),
        "rules": rules,
        "fail_on": fail_on.as_str(),
        "exit_zero": args.exit_zero,
        "exclude": config.exclude.iter().chain(&args.walk.exclude).collect::<Vec<_>>(),
        "default_excludes": match args.walk.no_default_excludes {
            true => Vec::new(),
            false => urilint::walk::DEFAULT_EXCLUDES.to_vec(),
        },
        "respect_gitignore": !args.walk.no_ignore,
        "force_exclude": args.walk.force_exclude,
        "per_file_ignores": config.per_file_ignores,
        "formats": config.formats,
        "baseline": named_baseline(args, config_path, config).map(|p| p.display().to_string()),
    });
    let mut out = io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, &settings).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(Status::Clean)
}

/// The file `--output-file` names, created with its folder.
fn create(path: &std::path::Path) -> Result<std::fs::File, Failure> {
    let made = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => std::fs::create_dir_all(parent),
        _ => Ok(()),
    };
    made.and_then(|()| std::fs::File::create(path))
        .map_err(|e| usage(format!("--output-file {}: {e}", path.display())))
}

/// `n` of `word`, `n` in groups of three digits: `14,022 URIs`, `1 file`.
fn counted(n: usize, word: &str) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("{out} {word}{}", if n == 1 { "" } else { "s" })
}

/// The closing lines: what was found and checked, hidden by a baseline,
/// fixed, and left unchecked (SPEC sections 4, 11a, 12 and 13). They go
/// to `human` (the human report, or the log beside a machine format's
/// file); else to stderr, where machine formats keep stdout for records.
fn summarize(
    mut human: Option<&mut dyn Write>,
    args: &CheckArgs,
    outcome: &Outcome,
) -> io::Result<()> {
    if args.quiet {
        return Ok(());
    }
    let (counts, files, fixing) = (outcome.counts, outcome.files, args.fix || args.diff);
    let mut lines: Vec<String> = Vec::new();
    if let Some(summary) = report::closing_line(counts, files) {
        lines.push(summary);
        if human.is_some()
            && let Some(line) = report::fixable_summary(outcome.fixable, args.unsafe_fixes)
        {
            lines.push(line);
        }
    } else if human.is_some() && args.write_baseline.is_none() && !fixing {
        // A clean run says what it checked (SPEC section 13).
        lines.push(format!(
            "All checks passed: {}, {}.",
            counted(files, "file"),
            counted(outcome.uris, "URI")
        ));
    }
    if outcome.baselined > 0 {
        lines.push(format!(
            "{} hidden by the baseline.",
            counted(outcome.baselined, "finding")
        ));
    }
    if human.is_some() || outcome.unchecked.unchecked_total() > 0 {
        lines.extend(outcome.unchecked.summary(!args.show_unchecked));
    }
    for line in lines {
        match &mut human {
            Some(out) => writeln!(out, "{line}")?,
            None => super::say(line),
        }
    }
    // What was fixed goes to stderr in every format (SPEC section 12).
    if fixing {
        if let Some(out) = &mut human {
            out.flush()?;
        }
        let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
        let (n, files) = outcome.fixed;
        super::say(match (args.fix, n) {
            (true, 0) => "no fixes applied".to_string(),
            (false, 0) => "nothing to fix".to_string(),
            (true, n) => format!(
                "fixed {} in {}",
                plural(n, "problem"),
                plural(files, "file")
            ),
            (false, n) => format!(
                "would fix {} in {}",
                plural(n, "problem"),
                plural(files, "file")
            ),
        });
    }
    Ok(())
}
