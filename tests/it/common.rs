//! Test helpers: inputs with the expected URIs marked in them, linkify-style.
#![allow(dead_code)]

use std::io::Read;

use urilint::scan::{Finding, Scanner, ScannerBuilder};

/// A reader that hands out at most `n` bytes per call, to cut the input at
/// every possible place.
pub struct Trickle<'a> {
    pub data: &'a [u8],
    pub n: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let k = self.n.min(buf.len()).min(self.data.len());
        buf[..k].copy_from_slice(&self.data[..k]);
        self.data = &self.data[k..];
        Ok(k)
    }
}

/// Scans `input` as a stream in chunks of `n` bytes, from a reader that also
/// returns at most `n` bytes a call.
pub fn streamed(builder: ScannerBuilder, input: &[u8], n: usize) -> Vec<Finding> {
    builder
        .chunk_size(n)
        .build()
        .scan_reader(Trickle { data: input, n })
        .map(|r| r.expect("reading from memory"))
        .collect()
}

/// Scans `input` whole with the scanner `make` builds, then as a stream with
/// chunk sizes 1, 2, 3, 7 and 64; asserts the stream gives the same
/// findings, and returns them.
pub fn scan_all_ways(make: impl Fn() -> ScannerBuilder, input: &[u8]) -> Vec<Finding> {
    let whole: Vec<Finding> = make().build().scan(input).collect();
    for n in [1, 2, 3, 7, 64] {
        let got = streamed(make(), input, n);
        assert_eq!(
            got, whole,
            "streaming in {n}-byte chunks differs on {input:?}"
        );
    }
    whole
}

/// `marked` is the input with each expected URI's raw span between `|`
/// marks. The URI expected is the span with spaces, tabs, CR and LF removed.
/// Asserts the scanner finds exactly those spans and URIs, in order.
pub fn assert_found(marked: &str) {
    let mut input = Vec::new();
    let mut spans = Vec::new();
    let mut open = None;
    for &b in marked.as_bytes() {
        if b == b'|' {
            match open.take() {
                None => open = Some(input.len()),
                Some(s) => spans.push((s, input.len())),
            }
        } else {
            input.push(b);
        }
    }
    assert!(open.is_none(), "unbalanced marks in {marked:?}");
    let found = scan_all_ways(Scanner::builder, &input);
    let got: Vec<(String, u64, u64)> = found
        .iter()
        .map(|f| (f.uri_lossy().into_owned(), f.start, f.end))
        .collect();
    let want: Vec<(String, u64, u64)> = spans
        .iter()
        .map(|&(s, e)| {
            let uri: Vec<u8> = input[s..e]
                .iter()
                .copied()
                .filter(|b| !b" \t\r\n".contains(b))
                .collect();
            (String::from_utf8(uri).unwrap(), s as u64, e as u64)
        })
        .collect();
    assert_eq!(got, want, "in {marked:?}");
}

/// The URIs found in `text`, as strings.
pub fn uris(text: &str) -> Vec<String> {
    scan_all_ways(Scanner::builder, text.as_bytes())
        .iter()
        .map(|f| f.uri_lossy().into_owned())
        .collect()
}

/// What a finished child process used.
pub struct Usage {
    /// Its exit code.
    pub code: i32,
    /// Processor time, user and system.
    pub cpu: std::time::Duration,
    /// Peak resident memory in KiB.
    pub peak_kib: i64,
}

/// Runs `cmd` to its end and tells what it used: its own figures, not
/// those of the other children of the test binary.
pub fn measured(cmd: &mut std::process::Command) -> Usage {
    // Waited for below with wait4, which std's Child does not offer.
    #[allow(clippy::zombie_processes)]
    let child = cmd.spawn().unwrap();
    let pid = child.id() as i32;
    // SAFETY: wait4 only writes the status and the struct it is given.
    unsafe {
        let mut status = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::wait4(pid, &mut status, 0, &mut usage), pid);
        let tv =
            |t: libc::timeval| std::time::Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        Usage {
            code: libc::WEXITSTATUS(status),
            cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
            peak_kib: usage.ru_maxrss,
        }
    }
}
