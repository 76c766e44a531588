//! What the `check` and `list` drivers share: an input opened as its
//! format (SPEC section 9), output that waits in bounded memory for the
//! inputs before it (SPEC section 5), and the pool of threads that reads
//! them.

mod input;
pub mod spool;
mod workers;

/// Why an input was not read to its end.
pub enum Stop {
    /// Reading it failed: a message for stderr; the other inputs go on.
    Input(String),
    /// Writing output failed (a closed pipe ends the run quietly).
    Output(std::io::Error),
}

pub use input::{Reading, Whole, mail_warning, open_input, read_whole, same_file};
pub use spool::Spool;
pub use workers::{Progress, WORKER_STACK, Workers};
