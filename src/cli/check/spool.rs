//! Records that wait, held in bounded memory.
//!
//! A record waits for the rest of its line (a suppression comment may
//! follow the URI), and with several inputs for the files before its own
//! (output is in path order). A minified file can hold millions of URIs on
//! one line, and a tree millions of findings, so past a budget shared by
//! every input the records go to one temporary file, in segments that are
//! read back in order. Nothing is released early: a suppression at the end
//! of a 50 MB line still applies to every URI on it (issue 14).

use std::collections::VecDeque;
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use urilint::report::{Record, Spilled};

/// Records all spools together hold in memory before they spill: about
/// 8 MB.
const BUDGET: usize = 16 * 1024;
/// Bytes of serialized records a spool gathers before it writes them out
/// as one segment.
const SEGMENT: usize = 256 * 1024;

/// Records held in memory by every spool.
static HELD: AtomicUsize = AtomicUsize::new(0);

/// The file spilled records go to, shared by every spool: appended to
/// under its lock, read back with `pread`. Its space is freed at exit.
struct SpillFile {
    file: File,
    len: Mutex<u64>,
}

fn spill_file() -> Option<&'static SpillFile> {
    static FILE: OnceLock<Option<SpillFile>> = OnceLock::new();
    FILE.get_or_init(|| {
        tempfile::tempfile().ok().map(|file| SpillFile {
            file,
            len: Mutex::new(0),
        })
    })
    .as_ref()
}

impl SpillFile {
    /// Appends `bytes`; where they were written.
    fn append(&self, bytes: &[u8]) -> io::Result<(u64, usize)> {
        let mut len = self.len.lock().unwrap_or_else(|e| e.into_inner());
        self.file.write_all_at(bytes, *len)?;
        let at = *len;
        *len += bytes.len() as u64;
        Ok((at, bytes.len()))
    }
}

/// A queue of records, first in first out: in memory while the budget
/// allows, else serialized to the spill file.
#[derive(Default)]
pub(super) struct Spool {
    /// The oldest records, in memory.
    head: VecDeque<Record>,
    /// Segments of the spill file, in order, after `head`.
    segments: VecDeque<(u64, usize)>,
    /// Serialized records after the segments, not yet written: one JSON
    /// text a line.
    tail: Vec<u8>,
    /// Records in `segments` and `tail`.
    spilled: usize,
}

impl Spool {
    /// Adds a record at the back.
    pub fn push(&mut self, record: Record) -> io::Result<()> {
        if self.spilled == 0 && HELD.fetch_add(1, Ordering::Relaxed) < BUDGET {
            self.head.push_back(record);
            return Ok(());
        }
        if self.spilled == 0 {
            HELD.fetch_sub(1, Ordering::Relaxed);
        }
        let Some(file) = spill_file() else {
            // No temporary file: memory it is, rather than losing records.
            HELD.fetch_add(1, Ordering::Relaxed);
            self.head.push_back(record);
            return Ok(());
        };
        serde_json::to_writer(&mut self.tail, &Spilled::from(record))?;
        self.tail.push(b'\n');
        self.spilled += 1;
        if self.tail.len() >= SEGMENT {
            self.segments.push_back(file.append(&self.tail)?);
            self.tail.clear();
        }
        Ok(())
    }

    /// The line of the oldest record.
    pub fn front_line(&mut self) -> io::Result<Option<u64>> {
        self.refill()?;
        Ok(self.head.front().map(|r| r.line))
    }

    /// Takes the oldest record.
    pub fn pop(&mut self) -> io::Result<Option<Record>> {
        self.refill()?;
        let r = self.head.pop_front();
        if r.is_some() {
            HELD.fetch_sub(1, Ordering::Relaxed);
        }
        Ok(r)
    }

    /// Reads the next segment (or the unwritten tail) back into `head` when
    /// it is empty.
    fn refill(&mut self) -> io::Result<()> {
        if !self.head.is_empty() || self.spilled == 0 {
            return Ok(());
        }
        let bytes = match (self.segments.pop_front(), spill_file()) {
            (Some((at, len)), Some(file)) => {
                let mut buf = vec![0; len];
                file.file.read_exact_at(&mut buf, at)?;
                buf
            }
            _ => std::mem::take(&mut self.tail),
        };
        for line in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let spilled: Spilled = serde_json::from_slice(line)?;
            self.head.push_back(spilled.into());
            self.spilled -= 1;
        }
        HELD.fetch_add(self.head.len(), Ordering::Relaxed);
        Ok(())
    }

    /// Every record, in order.
    pub fn drain(mut self) -> impl Iterator<Item = io::Result<Record>> {
        std::iter::from_fn(move || self.pop().transpose())
    }
}

impl Drop for Spool {
    fn drop(&mut self) {
        HELD.fetch_sub(self.head.len(), Ordering::Relaxed);
    }
}
