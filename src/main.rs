//! The `urilint` command: a thin layer over the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(message) = cli::mistyped(&argv) {
        cli::say(message);
        return ExitCode::from(2);
    }
    let args = match <cli::Cli as clap::Parser>::try_parse_from(argv) {
        Ok(args) => args,
        Err(e) => return cli::usage_error(&e),
    };
    let code = |status| match status {
        cli::Status::Clean => ExitCode::SUCCESS,
        cli::Status::Found => ExitCode::from(1),
        cli::Status::SomeInputsFailed => ExitCode::from(2),
    };
    match cli::run(args) {
        Ok(status) => code(status),
        // The reader went away (`urilint docs/ | head`): the status of
        // what was found before it did.
        Err(cli::Failure::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {
            code(cli::status_reached())
        }
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
