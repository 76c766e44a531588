//! The worker pool and the progress line: inputs checked on rayon's
//! threads in batches, results handed back in input order.

use std::io;
use std::sync::{Arc, Mutex};

use rayon::prelude::*;

use crate::walk::{self, Input};

/// A progress line on stderr while a tree is read (issue 16): shown only
/// when the run has taken a second (`URILINT_PROGRESS_DELAY_MS` sets
/// another delay, for tests), stderr is a terminal and `CI` is not set;
/// cleared before anything else is written.
pub struct Progress(Option<(indicatif::ProgressBar, Arc<Mutex<bool>>)>);

impl Progress {
    /// No progress line.
    pub fn none() -> Progress {
        Progress(None)
    }

    /// A progress line over `total` files, `what` they are being (`read`).
    pub fn new(total: usize, what: &'static str) -> Progress {
        use std::io::IsTerminal;
        if !io::stderr().is_terminal() || std::env::var_os("CI").is_some() {
            return Progress(None);
        }
        let delay = std::env::var("URILINT_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1000);
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total as u64),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
            "{{spinner}} {what} {{pos}}/{{len}} files {{wide_bar}} {{elapsed}}"
        )) {
            bar.set_style(style);
        }
        let show = |bar: &indicatif::ProgressBar| {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            bar.tick();
        };
        let done = Arc::new(Mutex::new(false));
        if delay == 0 {
            show(&bar);
            return Progress(Some((bar, done)));
        }
        // Shown from another thread once the delay is up, unless the run
        // is over by then.
        let (shown, over) = (bar.clone(), done.clone());
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(delay));
            let over = over.lock().unwrap_or_else(|e| e.into_inner());
            if !*over {
                show(&shown);
            }
        });
        Progress(Some((bar, done)))
    }

    /// One more file done.
    pub fn inc(&self) {
        if let Some((bar, _)) = &self.0 {
            bar.inc(1);
        }
    }

    /// Clears the line, for good.
    pub fn finish(&self) {
        if let Some((bar, done)) = &self.0 {
            let mut over = done.lock().unwrap_or_else(|e| e.into_inner());
            *over = true;
            bar.finish_and_clear();
        }
    }
}

/// Files handled at once; their results wait, in order, for the sink.
pub const BATCH: usize = 256;

/// The threads a run reads and checks files on: under `-j1` the thread
/// that runs the command, in order, as a lone input is (handing each file
/// to a pool of one and back cost 7% of a text-mode run); else a pool
/// made once for the run, of `threads` threads (all cores by default).
/// The main thread's stack (8 MiB unless `ulimit -s` says less) is enough
/// for `-j1`: the HTML reader reads a tag deep enough to need more than
/// about 600 KiB as text (see [`WORKER_STACK`]).
pub enum Workers {
    /// On the calling thread, in order.
    Here,
    /// On a pool of threads made for the run.
    Pool(rayon::ThreadPool),
}

impl Workers {
    /// The workers of `-j` (`None`: all cores); an error says why no
    /// pool could be made.
    pub fn new(threads: Option<usize>) -> Result<Workers, String> {
        if threads == Some(1) {
            return Ok(Workers::Here);
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .stack_size(WORKER_STACK)
            .build()
            .map(Workers::Pool)
            .map_err(|e| e.to_string())
    }

    /// Runs `work` on the inputs and hands the results to `sink` in input
    /// order, so output is the same whatever the thread count (SPEC
    /// section 5).
    pub fn for_each_input<T: Send, E>(
        &self,
        inputs: Vec<Result<Input, walk::Error>>,
        progress: &Progress,
        work: impl Fn(&Input) -> T + Sync,
        mut sink: impl FnMut(Result<T, walk::Error>) -> Result<(), E>,
    ) -> Result<(), E> {
        let run = |i: Result<Input, walk::Error>| {
            let done = i.map(|input| work(&input));
            progress.inc();
            done
        };
        let pool = match self {
            Workers::Here => return inputs.into_iter().map(run).try_for_each(sink),
            Workers::Pool(pool) => pool,
        };
        let mut inputs = inputs.into_iter().peekable();
        while inputs.peek().is_some() {
            let batch: Vec<Result<Input, walk::Error>> = inputs.by_ref().take(BATCH).collect();
            // One file a task: rayon splits a range further only when a
            // thread steals from it, so a quarter of a batch could sit on
            // one thread while the other waits for the batch to end.
            let results: Vec<Result<T, walk::Error>> =
                pool.install(|| batch.into_par_iter().with_max_len(1).map(run).collect());
            results.into_iter().try_for_each(&mut sink)?;
        }
        Ok(())
    }

    /// Runs `f` on each of `items`, one a task, as files are read.
    pub fn for_each_mut<T: Send>(&self, items: &mut [T], f: impl Fn(&mut T) + Sync) {
        match self {
            Workers::Here => items.iter_mut().for_each(f),
            Workers::Pool(pool) => {
                pool.install(|| items.par_iter_mut().with_max_len(1).for_each(&f))
            }
        }
    }
}

/// Stack of a worker thread, reserved, not used: room for deep recursion in
/// the parsers. html5gum goes a call deeper for each quoted attribute
/// value of a tag; the HTML reader reads a document with a tag of more
/// than 2,000 as text, which 2 MiB would take too.
pub const WORKER_STACK: usize = 256 << 20;
