//! Command-line arguments and what each command does with them.

mod args;
mod check;
mod extract;

use args::{
    CheckArgs, CheckFormat, ColorArg, Command, ExtractArgs, ExtractFormat, SettingsArgs, SortKey,
    WalkArgs,
};
pub use args::{Cli, mistyped};

use std::fmt;
use std::io;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use urilint::config::Config;
use urilint::format::Format;
use urilint::rules::{Severity, doc, docs};
use urilint::walk::WalkOptions;

/// How a run ended, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Exit 0.
    Clean,
    /// Exit 1: something at or above the failing severity was found.
    Found,
    /// Exit 2: some input could not be read (the others were still handled).
    SomeInputsFailed,
}

/// The worst status the run has reached so far: its exit status when the
/// reader of its output goes away (`urilint docs/ | head` in a `pipefail`
/// script fails when a finding was written before the pipe closed).
static REACHED: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Records that the run has reached `status`.
fn reached(status: Status) {
    REACHED.fetch_max(status as u8, std::sync::atomic::Ordering::Relaxed);
}

/// The worst status the run has reached.
pub fn status_reached() -> Status {
    match REACHED.load(std::sync::atomic::Ordering::Relaxed) {
        0 => Status::Clean,
        1 => Status::Found,
        _ => Status::SomeInputsFailed,
    }
}

/// Why a run could not go on.
pub enum Failure {
    /// Writing output failed (a closed pipe ends the run quietly).
    Io(io::Error),
    /// The arguments or the config are wrong: exit 2 with this message.
    Usage(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// Writes `urilint: MESSAGE` to stderr, redacted and escaped
/// ([`urilint::report::say`]).
pub fn say(message: impl fmt::Display) {
    urilint::report::say(&message.to_string());
}

/// A usage failure from any error the user has to fix.
pub(super) fn usage(e: impl fmt::Display) -> Failure {
    Failure::Usage(e.to_string())
}

/// The config the settings name: `--isolated` none, `--config FILE` that
/// file, otherwise the nearest `urilint.toml` or `.urilint.toml` upward from
/// the working directory. Returns the file's path too.
fn load_config(args: &SettingsArgs) -> Result<(Option<PathBuf>, Config), Failure> {
    if args.isolated {
        return Ok((None, Config::default()));
    }
    if let Some(path) = &args.config {
        return Ok((Some(path.clone()), Config::load(path).map_err(usage)?));
    }
    let cwd = std::env::current_dir().map_err(usage)?;
    Ok(match Config::discover(&cwd).map_err(usage)? {
        Some((path, config)) => (Some(path), config),
        None => (None, Config::default()),
    })
}

/// The walk options of the flags and the config: the config's `exclude`
/// globs are read from its folder, `--exclude` ones from here.
fn walk_options(
    args: &WalkArgs,
    config: &Config,
    config_path: Option<&std::path::Path>,
) -> Result<WalkOptions, Failure> {
    let mut options = WalkOptions {
        follow_links: args.follow,
        no_ignore: args.no_ignore,
        force_exclude: args.force_exclude,
        ..WalkOptions::default()
    };
    options
        .exclude
        .add(&urilint::config::base_dir(config_path), &config.exclude)
        .map_err(|e| usage(format!("`exclude`: {e}")))?;
    options
        .exclude
        .add(std::path::Path::new("."), &args.exclude)
        .map_err(|e| usage(format!("--exclude: {e}")))?;
    Ok(options)
}

/// Threads a run may use, per core: past a few per core more threads only
/// contend (`-j 5000` took 70 s on a tree one thread checks in 0.3 s).
pub const THREADS_PER_CORE: usize = 4;

/// The thread count for `-j`: all cores when not given (or 0), else what
/// was asked, capped at [`THREADS_PER_CORE`] a core, with a note when it is.
pub fn threads(requested: Option<usize>) -> Option<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = THREADS_PER_CORE * cores;
    match requested {
        Some(n) if n > cap => {
            say(format!(
                "note: -j {n} capped at {cap} ({THREADS_PER_CORE} threads a core, {cores} cores)"
            ));
            Some(cap)
        }
        other => other,
    }
}

/// Runs a command.
pub fn run(cli: Cli) -> Result<Status, Failure> {
    match cli.command {
        None => check::run(&cli.check),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Extract(args)) => extract::run(&args),
        Some(Command::Rules) => {
            let mut out = io::stdout().lock();
            let width = docs().iter().map(|d| d.id.len()).max().unwrap_or(0);
            for d in docs() {
                io::Write::write_all(
                    &mut out,
                    format!(
                        "{:width$}  {:7}  {}\n",
                        d.id,
                        d.severity.as_str(),
                        d.summary
                    )
                    .as_bytes(),
                )?;
            }
            Ok(Status::Clean)
        }
        Some(Command::Completions { shell }) => {
            // Made whole, then written: a closed pipe is then an error
            // to report, where clap_complete's own writing panics.
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "urilint", &mut script);
            io::Write::write_all(&mut io::stdout().lock(), &script)?;
            Ok(Status::Clean)
        }
        Some(Command::Manpage { command }) => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let man = match &command {
                None => clap_mangen::Man::new(cmd),
                Some(name) => {
                    let Some(sub) = cmd.find_subcommand(name).cloned() else {
                        return Err(Failure::Usage(format!("no command `{name}`")));
                    };
                    clap_mangen::Man::new(sub).title(format!("urilint-{name}"))
                }
            };
            let mut page = Vec::new();
            man.render(&mut page)?;
            io::Write::write_all(&mut io::stdout().lock(), &page)?;
            Ok(Status::Clean)
        }
        Some(Command::Explain { id }) => match doc(&id) {
            Some(d) => {
                io::Write::write_all(&mut io::stdout().lock(), d.to_markdown().as_bytes())?;
                Ok(Status::Clean)
            }
            None => Err(Failure::Usage(format!(
                "unknown rule `{id}` (see `urilint rules`)"
            ))),
        },
    }
}
