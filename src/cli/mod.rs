//! Command-line arguments and what each command does with them.

mod extract;

use std::io;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

/// Find URIs in free text and lint them (RFC 3986, RFC 1738).
#[derive(Debug, Parser)]
#[command(name = "urilint", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the URIs found in files, directory trees or standard input.
    Extract(ExtractArgs),
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
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExtractFormat {
    Plain,
    Jsonl,
}

/// How a run ended, for the exit code.
pub enum Status {
    /// Exit 0.
    Clean,
    /// Exit 2: some input could not be read (the others were still handled).
    SomeInputsFailed,
}

/// Runs a command. An `Err` is a failure to write output.
pub fn run(cli: Cli) -> io::Result<Status> {
    match cli.command {
        Command::Extract(args) => extract::run(&args),
    }
}
