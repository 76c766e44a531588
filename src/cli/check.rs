//! `urilint check`: the flags made into a [`Checker`] and a printer, and
//! the run's outcome into a summary and an exit code.

use std::io::{self, BufWriter, IsTerminal, Write};

use urilint::check::{Checker, Fixing, LinkFlags, Options, Outcome};
use urilint::report::{self, Emitter, Format, Printer, Style};
use urilint::rules::Severity;

use super::{CheckArgs, CheckFormat, ColorArg, Failure, Status, usage};

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
    let walk = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    let paths = super::paths_of(&args.paths, &args.walk)?;
    if args.walk.show_files {
        return super::show_files(
            &paths,
            &walk,
            matches!(args.format, CheckFormat::Jsonl),
            args.show_secrets,
        );
    }
    let threads = super::threads(args.walk.threads);
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
    let options = Options {
        input: args.input.0,
        include_code: args.include_code,
        snippets: format == Format::Human && args.write_baseline.is_none(),
        show_secrets: args.show_secrets,
        report_unused: args.report_unused_suppressions,
        fixing,
        unsafe_fixes: args.unsafe_fixes,
        show_unchecked: args.show_unchecked,
        threads,
        progress: !args.quiet,
        baseline: args.baseline.clone(),
        write_baseline: args.write_baseline.clone(),
        links: LinkFlags {
            root: args.root.clone(),
            sites: args.site.clone(),
            no_fragments: args.no_fragments,
            follow_links: args.walk.follow,
        },
    };
    let mut checker =
        Checker::new(&config, config_path.as_deref(), linter, options).map_err(usage)?;
    // `--fix -` writes the fixed text to stdout: the findings go to stderr.
    let fix_stdin = fixing == Some(Fixing::Write) && paths.iter().any(|p| p.as_os_str() == "-");
    let out: Box<dyn Write> = if fix_stdin {
        Box::new(io::stderr())
    } else {
        Box::new(BufWriter::new(io::stdout().lock()))
    };
    // `--diff` prints the diff alone, whatever the format.
    let shown = if fixing == Some(Fixing::Diff) {
        Format::Human
    } else {
        format
    };
    let mut printer = Printer::new(Emitter::new(out, shown, Style { color }));
    if args.statistics {
        printer = printer.statistics();
    }
    let status = |o: &Outcome| {
        if o.failed {
            Status::SomeInputsFailed
        } else if o.worst().is_some_and(|s| s >= fail_on)
            || (fixing == Some(Fixing::Diff) && o.fixed.0 > 0)
        {
            Status::Found
        } else {
            Status::Clean
        }
    };
    let outcome = match checker.run(&paths, &walk, &mut printer) {
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
    // The link caches (every folder's listing, every file's anchors) are
    // left to the process's exit: freeing them one by one costs time.
    std::mem::forget(checker);
    let (mut out, statistics) = printer.finish()?;
    if let Some(rows) = &statistics {
        // Like ruff's `--statistics`: a line a rule, most findings first.
        let width = rows.iter().map(|r| r.0.0.len()).max().unwrap_or(0);
        for ((rule, severity), n) in rows {
            writeln!(out, "{n:>6}  {rule:width$}  {}", severity.as_str())?;
        }
    }
    summarize(&mut out, args, format, &outcome, statistics.is_some())?;
    out.flush()?;
    Ok(status(&outcome))
}

/// The closing lines: what was found and checked, fixed, and left
/// unchecked. Machine formats keep stdout for records: theirs go to
/// stderr (SPEC sections 4, 11a, 12 and 13).
fn summarize(
    out: &mut dyn Write,
    args: &CheckArgs,
    format: Format,
    outcome: &Outcome,
    statistics: bool,
) -> io::Result<()> {
    let (counts, files, fixing) = (outcome.counts, outcome.files, args.fix || args.diff);
    if format == Format::Human
        && !args.quiet
        && let Some(summary) = report::closing_line(counts, files)
    {
        writeln!(out, "{summary}")?;
        if let Some(line) = report::fixable_summary(outcome.fixable, args.unsafe_fixes) {
            writeln!(out, "{line}")?;
        }
    } else if format == Format::Human && !args.quiet && args.write_baseline.is_none() && !fixing {
        // A clean run says what it checked (SPEC section 13).
        let plural = if files == 1 { "" } else { "s" };
        writeln!(out, "No problems found; {files} file{plural} checked.")?;
    } else if format != Format::Human
        && !args.quiet
        && !statistics
        && let Some(summary) = report::closing_line(counts, files)
    {
        out.flush()?;
        super::say(summary);
    }
    // What was fixed goes to stderr in every format (SPEC section 12).
    if !args.quiet && fixing {
        out.flush()?;
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
    if !args.quiet
        && let Some(line) = outcome.unchecked.summary(!args.show_unchecked)
    {
        if format == Format::Human {
            writeln!(out, "{line}")?;
        } else if outcome.unchecked.unchecked_total() > 0 {
            out.flush()?;
            super::say(line);
        }
    }
    Ok(())
}
