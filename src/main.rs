//! The `urilint` command: a thin layer over the library.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(message) = cli::mistyped(&argv) {
        cli::say(message);
        return ExitCode::from(2);
    }
    let args = <cli::Cli as clap::Parser>::parse_from(argv);
    let code = |status| match status {
        cli::Status::Clean => ExitCode::SUCCESS,
        cli::Status::Found => ExitCode::from(1),
        cli::Status::SomeInputsFailed => ExitCode::from(2),
    };
    // The command runs on a thread with the stack the parsers may need
    // (`cli::WORKER_STACK`): under `-j1` it reads every file itself.
    let run = std::thread::Builder::new()
        .stack_size(cli::WORKER_STACK)
        .spawn(move || cli::run(args));
    let done = match run {
        Ok(thread) => thread
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
        Err(e) => Err(cli::Failure::Usage(format!("cannot start a thread: {e}"))),
    };
    match done {
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
