//! Ctrl-C and termination during `--fix` (SPEC section 12): a file being
//! written is finished (or left as it was) before the process ends, and no
//! temporary file is left behind.
//!
//! Once `--fix` first writes, SIGINT, SIGTERM and SIGHUP are caught. A
//! signal that comes while no file is being written ends the process at
//! once, with the status a shell gives it (128 + the signal); one that
//! comes during a write ends it when the last write in progress is done.

use std::sync::Once;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering::SeqCst};

/// The signal received, or 0.
static RECEIVED: AtomicI32 = AtomicI32::new(0);
/// Writes in progress.
static WRITING: AtomicUsize = AtomicUsize::new(0);

/// A write in progress: while one is held, a signal waits for it.
pub(super) struct Writing(());

impl Writing {
    /// Starts a write; `None` when a signal has already come, so that
    /// nothing more is started.
    pub(super) fn start() -> Option<Writing> {
        static INSTALL: Once = Once::new();
        INSTALL.call_once(install);
        // The handler stores the signal, then reads the count; this adds
        // to the count, then reads the signal: one of the two sees the
        // other (both sequentially consistent).
        WRITING.fetch_add(1, SeqCst);
        let writing = Writing(());
        if RECEIVED.load(SeqCst) != 0 {
            // The last write out ends the process, this one too: a signal
            // that came between the two lines above saw a write going on.
            drop(writing);
            return None;
        }
        Some(writing)
    }
}

impl Drop for Writing {
    fn drop(&mut self) {
        if WRITING.fetch_sub(1, SeqCst) == 1 {
            let signal = RECEIVED.load(SeqCst);
            if signal != 0 {
                // SAFETY: _exit is async-signal-safe and ends the process.
                unsafe { libc::_exit(128 + signal) }
            }
        }
    }
}

extern "C" fn on_signal(signal: libc::c_int) {
    RECEIVED.store(signal, SeqCst);
    if WRITING.load(SeqCst) == 0 {
        // SAFETY: _exit is async-signal-safe.
        unsafe { libc::_exit(128 + signal) }
    }
}

fn install() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        // SAFETY: the handler only touches atomics and calls _exit; the
        // struct is zeroed, then filled in, as sigaction(2) asks.
        unsafe {
            // A signal the parent ignores (`nohup`) stays ignored.
            let mut old: libc::sigaction = std::mem::zeroed();
            libc::sigaction(signal, std::ptr::null(), &mut old);
            if old.sa_sigaction == libc::SIG_IGN {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}
