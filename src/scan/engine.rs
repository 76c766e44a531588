//! The scanning loop, written once for both whole buffers and streams.
//!
//! The engine sees the input through a window `w` that starts at absolute
//! offset `base`. A whole buffer is one window with `eof` set; a stream slides
//! the window, dropping everything before [`Engine::keep_from`] and reading
//! more whenever [`Engine::step`] answers [`Step::NeedMore`]. Because no
//! decision is taken on a window that is too short, both give the same
//! findings for every chunk size (SPEC E6).

use super::Finding;
use super::candidate::{self, Ctx, LOOKBACK, Outcome};
use super::wrap::{self, Wrap};
use crate::text::chars::{self, End};
use crate::text::lines::LineCounter;

pub(crate) enum Step {
    Found(Finding),
    NeedMore,
    Done,
}

#[derive(Default)]
pub(crate) struct Engine {
    /// Next absolute offset to search for `:` (SPEC E1).
    pos: u64,
    /// No URI may start before this: the end of the previous one.
    floor: u64,
    /// Inside a URI longer than the cap, looking for where it ends.
    skipping: bool,
    lines: LineCounter,
    colons: Colons,
}

/// Finds colons with memchr's AVX2 searcher for one byte, made once: the
/// free function `memchr::memchr` picks its implementation through a
/// pointer and makes a searcher at every call, which on mail headers and
/// dense prose (a colon every few dozen bytes) costs as much as the
/// search itself.
#[derive(Clone, Copy)]
struct Colons {
    #[cfg(target_arch = "x86_64")]
    avx2: Option<memchr::arch::x86_64::avx2::memchr::One>,
}

impl Default for Colons {
    fn default() -> Self {
        Colons {
            #[cfg(target_arch = "x86_64")]
            avx2: memchr::arch::x86_64::avx2::memchr::One::new(b':'),
        }
    }
}

impl Colons {
    #[inline]
    fn find(&self, haystack: &[u8]) -> Option<usize> {
        #[cfg(target_arch = "x86_64")]
        if let Some(one) = &self.avx2 {
            return one.find(haystack);
        }
        memchr::memchr(b':', haystack)
    }
}

impl Engine {
    pub(crate) fn step(&mut self, cx: &Ctx, w: &[u8], base: u64, eof: bool) -> Step {
        loop {
            let rel = (self.pos - base) as usize;
            if self.skipping {
                // The window keeps the byte before (`keep_from`), which
                // belongs to the URI.
                match chars::find_end_after(w, rel.saturating_sub(1), rel, usize::MAX, eof, false) {
                    End::At(t) => {
                        self.skipping = false;
                        self.pos = base + t as u64;
                        self.floor = self.pos;
                        continue;
                    }
                    End::Need(i) | End::Limit(i) => {
                        self.pos = base + i as u64;
                        self.floor = self.pos;
                        return Step::NeedMore;
                    }
                }
            }
            let Some(k) = self.colons.find(&w[rel..]) else {
                self.pos = base + w.len() as u64;
                return if eof { Step::Done } else { Step::NeedMore };
            };
            let colon = rel + k;
            let floor = self.floor.saturating_sub(base) as usize;
            match candidate::at_colon(cx, w, colon, floor, eof) {
                Outcome::Reject => self.pos = base + colon as u64 + 1,
                Outcome::NeedMore => {
                    debug_assert!(!eof, "a whole buffer never needs more");
                    self.pos = base + colon as u64;
                    return Step::NeedMore;
                }
                Outcome::Found(mut f) => {
                    let start = base + f.start as u64;
                    self.lines.advance(w, base, start);
                    if f.delimiter == super::Delimiter::None && !f.flags.truncated {
                        let limit = f.start + cx.max_uri_len;
                        let prefix = self.lines.quote_prefix();
                        match wrap::continuation(w, &f.uri, f.end, prefix, limit, eof) {
                            Wrap::NeedMore => {
                                self.pos = base + colon as u64;
                                return Step::NeedMore;
                            }
                            Wrap::Joined { from, to } => {
                                // The `?` left out as punctuation is the
                                // query's (wrap::continuation).
                                if w[f.end] == b'?' {
                                    f.uri.push(b'?');
                                }
                                f.uri.extend_from_slice(&w[from..to]);
                                (f.end, f.next) = (to, to);
                                f.flags.rejoined = true;
                            }
                            Wrap::No => {}
                        }
                    }
                    let (line, column) = self.lines.position();
                    let line_start = self.lines.line_start();
                    self.pos = base + f.next as u64;
                    self.floor = self.pos;
                    self.skipping = f.flags.truncated;
                    let mut flags = f.flags;
                    flags.template = cx.templates && super::template::is_template(&f.uri);
                    return Step::Found(Finding {
                        uri: f.uri,
                        start,
                        end: base + f.end as u64,
                        line,
                        column,
                        line_start,
                        delimiter: f.delimiter,
                        flags,
                    });
                }
            }
        }
    }

    /// The first absolute offset the engine may still read. A stream drops
    /// the bytes before it, after counting their lines. One byte before
    /// the floor is kept: where a URI ends depends on the byte before
    /// (CJK text after a letter ends it, `chars::find_end`), and skipping
    /// the rest of an over-long URI resumes at the window's start.
    pub(crate) fn keep_from(&self) -> u64 {
        self.floor
            .saturating_sub(1)
            .max(self.pos.saturating_sub(LOOKBACK as u64))
    }

    /// Counts lines up to `offset` before the window's bytes there are dropped.
    pub(crate) fn forget_before(&mut self, w: &[u8], base: u64, offset: u64) {
        self.lines.advance(w, base, offset);
    }
}
