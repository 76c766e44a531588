//! Command-line arguments and what each command does with them.

mod check;
mod extract;

use std::fmt;
use std::io;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use urilint::rules::{Severity, doc, docs};

/// Find URIs in free text and lint them (RFC 3986, RFC 1738).
///
/// `urilint [PATH]...` is `urilint check [PATH]...`.
#[derive(Debug, Parser)]
#[command(
    name = "urilint",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    check: CheckArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Lint the URIs in files, directory trees or standard input (the default).
    Check(CheckArgs),
    /// Print the URIs found in files, directory trees or standard input.
    Extract(ExtractArgs),
    /// List the rules.
    Rules,
    /// Print a rule's documentation.
    Explain {
        /// The rule's id, as `urilint rules` lists it.
        id: String,
    },
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// Files or directories to check; `-` is standard input.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    format: CheckFormat,

    /// Enable only these rules (comma-separated ids, or `all`).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    select: Option<Vec<String>>,

    /// Disable these rules (comma-separated ids).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    ignore: Vec<String>,

    /// Exit 1 when a finding of this severity or above is found [default: warning].
    #[arg(long, value_enum, value_name = "SEVERITY")]
    fail_on: Option<SeverityArg>,

    /// Read settings from this file.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// When to colour human output: on a terminal with NO_COLOR unset (auto).
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,

    /// Print the diagnostics only, without the closing summary.
    #[arg(short, long)]
    quiet: bool,

    /// Print passwords found in URIs instead of `****`.
    #[arg(long)]
    show_secrets: bool,
}

#[derive(Debug, clap::Args)]
struct ExtractArgs {
    /// Files or directories to read; `-` is standard input.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    /// `plain`: one URI a line. `jsonl`: one JSON object a URI with path,
    /// line, column, start, end, uri, delimiter and flags.
    #[arg(long, value_enum, default_value_t = ExtractFormat::Plain)]
    format: ExtractFormat,

    /// Print each URI once, at its first position; URIs equal after
    /// normalization (RFC 3986 s6) count as one.
    #[arg(long)]
    unique: bool,

    /// Print URIs normalized (RFC 3986 s6.2.2, s6.2.3).
    #[arg(long)]
    normalize: bool,

    /// Print passwords found in URIs instead of `****`.
    #[arg(long)]
    show_secrets: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExtractFormat {
    Plain,
    Jsonl,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    Human,
    Json,
    Jsonl,
    Sarif,
    Github,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SeverityArg {
    Note,
    Warning,
    Error,
}

impl From<SeverityArg> for Severity {
    fn from(s: SeverityArg) -> Severity {
        match s {
            SeverityArg::Note => Severity::Note,
            SeverityArg::Warning => Severity::Warning,
            SeverityArg::Error => Severity::Error,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

/// How a run ended, for the exit code.
pub enum Status {
    /// Exit 0.
    Clean,
    /// Exit 1: something at or above the failing severity was found.
    Found,
    /// Exit 2: some input could not be read (the others were still handled).
    SomeInputsFailed,
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

/// A usage failure from any error the user has to fix.
fn usage(e: impl fmt::Display) -> Failure {
    Failure::Usage(e.to_string())
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
