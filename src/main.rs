//! The `urilint` command: a thin layer over the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args = <cli::Cli as clap::Parser>::parse();
    match cli::run(args) {
        Ok(cli::Status::Clean) => ExitCode::SUCCESS,
        Ok(cli::Status::Found) => ExitCode::from(1),
        Ok(cli::Status::SomeInputsFailed) => ExitCode::from(2),
        Err(cli::Failure::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(cli::Failure::Io(e)) => {
            cli::say(format!("error writing output: {e}"));
            ExitCode::from(2)
        }
        Err(cli::Failure::Usage(message)) => {
            cli::say(message);
            ExitCode::from(2)
        }
    }
}
