//! Output that waits, held in bounded memory.
//!
//! A `check` record waits for the rest of its line (a suppression comment
//! may follow the URI), and with several inputs `check` records and
//! `extract` lines wait for the files before their own (output is in path
//! order). A minified file can hold millions of URIs on one line, and a
//! tree millions of findings, so past a budget shared by every input what
//! waits goes to one temporary file, in segments that are read back in
//! order. Nothing is released early: a suppression at the end of a 50 MB
//! line still applies to every URI on it (issue 14).

use std::collections::VecDeque;
use std::fs::File;
use std::io;
use std::os::unix::fs::FileExt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use crate::report::{Record, Spilled};

/// What a spool holds, and how it is written to disk.
pub trait Spill: Sized {
    /// Appends the item's bytes to `out`.
    fn encode(self, out: &mut Vec<u8>) -> io::Result<()>;
    /// The item at the start of `bytes`, and how many bytes it took.
    fn decode(bytes: &[u8]) -> io::Result<(Self, usize)>;
}

/// A record is a JSON text a line.
impl Spill for Record {
    fn encode(self, out: &mut Vec<u8>) -> io::Result<()> {
        serde_json::to_writer(&mut *out, &Spilled::from(self))?;
        out.push(b'\n');
        Ok(())
    }
    fn decode(bytes: &[u8]) -> io::Result<(Self, usize)> {
        let end = memchr::memchr(b'\n', bytes).unwrap_or(bytes.len());
        let spilled: Spilled = serde_json::from_slice(&bytes[..end])?;
        Ok((spilled.into(), (end + 1).min(bytes.len())))
    }
}

/// Length-prefixed byte strings, for [`Spill`] implementations.
pub fn put_bytes(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(&(b.len() as u64).to_le_bytes());
    out.extend_from_slice(b);
}

/// The byte string at `bytes[*at..]`, written by [`put_bytes`].
pub fn take_bytes<'b>(bytes: &'b [u8], at: &mut usize) -> io::Result<&'b [u8]> {
    let bad = || io::Error::new(io::ErrorKind::InvalidData, "spill file cut short");
    let len = bytes.get(*at..*at + 8).ok_or_else(bad)?;
    let len = u64::from_le_bytes(len.try_into().expect("8 bytes")) as usize;
    let b = bytes.get(*at + 8..*at + 8 + len).ok_or_else(bad)?;
    *at += 8 + len;
    Ok(b)
}

/// Items (records, lines) all spools together hold in memory before they
/// spill: about 8 MB of records.
const BUDGET: usize = 16 * 1024;
/// Bytes of serialized records a spool gathers before it writes them out
/// as one segment.
const SEGMENT: usize = 256 * 1024;

/// Items held in memory by every spool.
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

/// A queue, first in first out: in memory while the budget allows, else
/// serialized to the spill file.
pub struct Spool<T> {
    /// The oldest items, in memory.
    head: VecDeque<T>,
    /// Segments of the spill file, in order, after `head`.
    segments: VecDeque<(u64, usize)>,
    /// Encoded items after the segments, not yet written.
    tail: Vec<u8>,
    /// Records in `segments` and `tail`.
    spilled: usize,
}

impl<T> Default for Spool<T> {
    fn default() -> Self {
        Spool {
            head: VecDeque::new(),
            segments: VecDeque::new(),
            tail: Vec::new(),
            spilled: 0,
        }
    }
}

impl<T: Spill> Spool<T> {
    /// Adds an item at the back.
    pub fn push(&mut self, record: T) -> io::Result<()> {
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
        record.encode(&mut self.tail)?;
        self.spilled += 1;
        if self.tail.len() >= SEGMENT {
            self.segments.push_back(file.append(&self.tail)?);
            self.tail.clear();
        }
        Ok(())
    }

    /// Writes out what waits unwritten in memory past the budget: called
    /// when no more will be pushed for a while (a file's output is
    /// complete), so many spools that each spilled a little do not hold a
    /// segment's worth each.
    pub fn seal(&mut self) -> io::Result<()> {
        if let (false, Some(file)) = (self.tail.is_empty(), spill_file()) {
            self.segments.push_back(file.append(&self.tail)?);
            self.tail = Vec::new();
        }
        Ok(())
    }

    /// Takes the oldest item.
    pub fn pop(&mut self) -> io::Result<Option<T>> {
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
        let mut at = 0;
        while at < bytes.len() {
            let (item, used) = T::decode(&bytes[at..])?;
            self.head.push_back(item);
            self.spilled -= 1;
            at += used;
        }
        HELD.fetch_add(self.head.len(), Ordering::Relaxed);
        Ok(())
    }

    /// Every item, in order.
    pub fn drain(mut self) -> impl Iterator<Item = io::Result<T>> {
        std::iter::from_fn(move || self.pop().transpose())
    }
}

impl<T> Drop for Spool<T> {
    fn drop(&mut self) {
        HELD.fetch_sub(self.head.len(), Ordering::Relaxed);
    }
}
