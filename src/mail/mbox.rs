//! Splitting an mbox archive into messages, one at a time.
//!
//! A message starts after a `From ` line that opens the file or follows an
//! empty line (the mbox convention; RFC 4155). Lines quoted as `>From `
//! (mboxrd) or `>>From ` lose one `>`. Only the current message is held, so
//! memory is bounded by the largest message (and a message over
//! [`MAX_MESSAGE`] is cut there, with a warning).

use std::io::{self, BufRead};

/// The most of one message that is kept.
pub const MAX_MESSAGE: usize = 64 * 1024 * 1024;

/// One message as it stands in the archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMessage {
    /// Archive line of the message's first line (after its `From ` line).
    pub line: u64,
    /// The message, `>From ` quoting undone.
    pub bytes: Vec<u8>,
    /// Longer than [`MAX_MESSAGE`]: the rest was not kept.
    pub truncated: bool,
}

/// Messages of an archive or of a single message file.
pub struct Messages<R> {
    reader: R,
    mbox: bool,
    /// The next line to be read.
    line: u64,
    /// The `From ` line of the next message has been read already.
    at_separator: bool,
    started: bool,
    done: bool,
    max: usize,
}

impl<R: BufRead> Messages<R> {
    /// Messages of an mbox archive.
    pub fn mbox(reader: R) -> Self {
        Messages {
            reader,
            mbox: true,
            line: 1,
            at_separator: false,
            started: false,
            done: false,
            max: MAX_MESSAGE,
        }
    }

    /// The one message of an RFC 5322 file.
    pub fn single(reader: R) -> Self {
        Messages {
            reader,
            mbox: false,
            line: 1,
            at_separator: false,
            started: false,
            done: false,
            max: MAX_MESSAGE,
        }
    }

    /// Takes the whole lines the reader's buffer holds into `msg`, a run of
    /// lines a copy, as [`Iterator::next`] would take them a line at a
    /// time: it stops at the `From ` line after an empty line that opens
    /// the next message, drops one `>` of a `>From ` line, and leaves a
    /// line the buffer does not hold whole (or that would reach the cap)
    /// to [`Messages::read_line`].
    fn whole_lines(&mut self, msg: &mut Vec<u8>, prev_empty: &mut bool) -> io::Result<Stop> {
        let (mbox, max) = (self.mbox, self.max);
        let buf = fill(&mut self.reader)?;
        if buf.is_empty() {
            return Ok(Stop::End);
        }
        // The whole lines the buffer holds, when all fit under the cap: the
        // lines that matter are found by their `From `, not a line at a
        // time, and the lines are counted in one pass.
        let whole = memchr::memrchr(b'\n', buf).map_or(0, |k| k + 1);
        if whole > 0 && msg.len() + whole < max {
            let block = &buf[..whole];
            let (run, end, separator) = if mbox {
                from_lines(block, msg, prev_empty)
            } else {
                (0, whole, false)
            };
            msg.extend_from_slice(&block[run..end]);
            self.line += bytecount::count(&block[..end], b'\n') as u64;
            // At a separator the line before it was empty, as the line at
            // a time path leaves it.
            *prev_empty = separator || ends_empty(&block[..end]);
            self.reader.consume(end);
            if separator {
                self.at_separator = true;
                return Ok(Stop::Separator);
            }
            return Ok(Stop::More);
        }
        // `pos`: where the next line starts; `run`: the first byte not
        // copied yet.
        let (mut pos, mut run, mut lines) = (0, 0, 0);
        let mut separator = false;
        for nl in memchr::memchr_iter(b'\n', buf) {
            let line = &buf[pos..=nl];
            let kept = msg.len() + (pos - run);
            if kept + line.len() >= max {
                break;
            }
            if mbox && *prev_empty && kept > 0 && line.starts_with(b"From ") {
                separator = true;
                lines += 1;
                msg.extend_from_slice(&buf[run..pos]);
                run = nl + 1;
                pos = nl + 1;
                break;
            }
            if mbox && quoted_from(line) {
                msg.extend_from_slice(&buf[run..pos]);
                run = pos + 1;
            }
            *prev_empty = matches!(line, b"\n" | b"\r\n");
            lines += 1;
            pos = nl + 1;
        }
        msg.extend_from_slice(&buf[run..pos]);
        self.reader.consume(pos);
        self.line += lines;
        Ok(match (separator, pos) {
            (true, _) => {
                self.at_separator = true;
                Stop::Separator
            }
            (false, 0) => Stop::Slow,
            (false, _) => Stop::More,
        })
    }

    /// Reads one line, appending what fits of it to `msg`. Returns the
    /// offset in `msg` where it starts, its first bytes (whether kept or
    /// not) and whether it was empty; `None` at the end of input.
    fn read_line(&mut self, msg: &mut Vec<u8>) -> io::Result<Option<Line>> {
        let start = msg.len();
        let mut head = [0u8; 8];
        let mut head_len = 0;
        let mut total = 0usize;
        loop {
            let buf = fill(&mut self.reader)?;
            if buf.is_empty() {
                break;
            }
            let (take, end) = match memchr::memchr(b'\n', buf) {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let n = (8 - head_len).min(take);
            head[head_len..head_len + n].copy_from_slice(&buf[..n]);
            head_len += n;
            let room = self.max.saturating_sub(msg.len()).min(take);
            msg.extend_from_slice(&buf[..room]);
            total += take;
            self.reader.consume(take);
            if end {
                break;
            }
        }
        if total == 0 {
            return Ok(None);
        }
        self.line += 1;
        let empty = matches!(&head[..head_len.min(2)], b"\n" | b"\r\n") && total <= 2;
        Ok(Some(Line {
            start,
            head,
            head_len,
            empty,
        }))
    }
}

/// What the reader's buffer holds, reading more if it is empty; reads
/// interrupted by a signal are made again.
fn fill<R: BufRead>(reader: &mut R) -> io::Result<&[u8]> {
    loop {
        match reader.fill_buf() {
            // Returned from a second borrow: the loop's would outlive it.
            Ok(_) => return reader.fill_buf(),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
}

/// In `block`, whole lines starting at a line's start: copies into `msg`
/// the lines before the `From ` line that opens the next message (one
/// after an empty line, with something kept before it), dropping one `>`
/// of each `>From ` line; returns where the rest to copy starts and ends
/// (after that `From ` line, which is read and not kept), and whether it
/// was found. `prev_empty`: the line before the block was empty.
fn from_lines(block: &[u8], msg: &mut Vec<u8>, prev_empty: &bool) -> (usize, usize, bool) {
    let mut run = 0;
    for i in memchr::memmem::find_iter(block, b"From ") {
        // Where its line starts, over the `>` that quote it.
        let j = block[..i]
            .iter()
            .rposition(|&b| b != b'>')
            .map_or(0, |k| k + 1);
        if j > 0 && block[j - 1] != b'\n' {
            continue;
        }
        if j < i {
            // `>From `, `>>From `: one `>` less (RFC 4155, mboxrd).
            msg.extend_from_slice(&block[run..j]);
            run = j + 1;
            continue;
        }
        let after_empty = if j == 0 {
            *prev_empty
        } else {
            ends_empty(&block[..j])
        };
        if after_empty && msg.len() + (j - run) > 0 {
            msg.extend_from_slice(&block[run..j]);
            let end = memchr::memchr(b'\n', &block[i..]).map_or(block.len(), |k| i + k + 1);
            return (end, end, true);
        }
    }
    (run, block.len(), false)
}

/// Whether the last line of `lines` (which end with a line break) is
/// empty.
fn ends_empty(lines: &[u8]) -> bool {
    let start =
        memchr::memrchr(b'\n', &lines[..lines.len().saturating_sub(1)]).map_or(0, |k| k + 1);
    matches!(&lines[start..], b"\n" | b"\r\n")
}

/// An mboxrd-quoted `From ` line (`>From `, `>>From `): it loses one `>`
/// (RFC 4155 s2, the quoting its "mboxrd" note names).
fn quoted_from(line: &[u8]) -> bool {
    let quotes = line.iter().take_while(|&&b| b == b'>').count();
    quotes > 0 && line[quotes..].starts_with(b"From ")
}

/// Where [`Messages::whole_lines`] stopped.
enum Stop {
    /// At the `From ` line that opens the next message (read).
    Separator,
    /// At the end of what the buffer held: more lines may follow.
    More,
    /// At a line the buffer does not hold whole, or that reaches the cap:
    /// it is read a line at a time.
    Slow,
    /// At the end of input.
    End,
}

struct Line {
    start: usize,
    head: [u8; 8],
    head_len: usize,
    empty: bool,
}

impl Line {
    fn is_from(&self) -> bool {
        self.head[..self.head_len].starts_with(b"From ")
    }
}

impl<R: BufRead> Iterator for Messages<R> {
    type Item = io::Result<RawMessage>;

    fn next(&mut self) -> Option<io::Result<RawMessage>> {
        if self.done {
            return None;
        }
        let mut msg = Vec::new();
        // The first `From ` line of an archive opens the first message.
        if self.mbox && !self.started {
            self.started = true;
            match self.read_line(&mut msg) {
                Ok(Some(l)) if l.is_from() => msg.clear(),
                Ok(Some(_)) => {} // not an mbox after all: keep the line
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        self.at_separator = false;
        let first_line = self.line - u64::from(!msg.is_empty());
        let mut prev_empty = true;
        let mut truncated = false;
        loop {
            match self.whole_lines(&mut msg, &mut prev_empty) {
                Ok(Stop::Separator) => break,
                Ok(Stop::More) => continue,
                Ok(Stop::End) => {
                    self.done = true;
                    break;
                }
                Ok(Stop::Slow) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
            let line = match self.read_line(&mut msg) {
                Ok(Some(l)) => l,
                Ok(None) => {
                    self.done = true;
                    break;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            };
            truncated |= msg.len() >= self.max;
            if self.mbox && prev_empty && line.is_from() && line.start > 0 {
                msg.truncate(line.start);
                self.at_separator = true;
                break;
            }
            if self.mbox && quoted_from(&msg[line.start..]) {
                msg.remove(line.start);
            }
            prev_empty = line.empty;
        }
        if msg.is_empty() && !self.at_separator {
            return None;
        }
        Some(Ok(RawMessage {
            line: first_line,
            bytes: msg,
            truncated,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<(u64, String)> {
        Messages::mbox(text.as_bytes())
            .map(|m| {
                let m = m.unwrap();
                (m.line, String::from_utf8(m.bytes).unwrap())
            })
            .collect()
    }

    #[test]
    fn splits_at_from_lines_after_an_empty_line() {
        let mbox = "From a@x Mon Jan  1 00:00:00 2024\nSubject: one\n\nbody\nFrom here on, text\n\n\
                    From b@x Mon Jan  1 00:00:00 2024\nSubject: two\n\n>From the start\n>>From quoted\n";
        assert_eq!(
            split(mbox),
            [
                (
                    2,
                    "Subject: one\n\nbody\nFrom here on, text\n\n".to_string()
                ),
                (
                    8,
                    "Subject: two\n\nFrom the start\n>From quoted\n".to_string()
                ),
            ]
        );
    }

    #[test]
    fn crlf_and_an_empty_archive() {
        assert_eq!(
            split("From a\r\nX: 1\r\n\r\nb\r\n\r\nFrom b\r\nY: 2\r\n"),
            [
                (2, "X: 1\r\n\r\nb\r\n\r\n".to_string()),
                (7, "Y: 2\r\n".to_string())
            ]
        );
        assert_eq!(split(""), []);
    }

    /// Every message of `mbox` (line, bytes, truncated) read through a
    /// buffer of `capacity` bytes, with messages capped at `max`.
    fn all(mbox: &[u8], capacity: usize, max: usize) -> Vec<(u64, Vec<u8>, bool)> {
        let mut m = Messages::mbox(io::BufReader::with_capacity(capacity, mbox));
        m.max = max;
        m.map(|m| {
            let m = m.unwrap();
            (m.line, m.bytes, m.truncated)
        })
        .collect()
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]
        /// The lines a buffer holds whole are taken a run at a time; read
        /// through a one-byte buffer every line goes the slow way, a line
        /// at a time. Both split the same.
        #[test]
        fn runs_of_lines_split_as_single_lines(
            lines in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::Just("From a@x Mon Jan  1 00:00:00 2024".to_string()),
                    proptest::prelude::Just(String::new()),
                    proptest::prelude::Just(">From x".to_string()),
                    proptest::prelude::Just(">>>From y".to_string()),
                    proptest::prelude::Just(">Fro".to_string()),
                    proptest::prelude::Just("From".to_string()),
                    "[a-z>F ]{0,12}",
                ],
                0..40,
            ),
            crlf in proptest::prelude::any::<bool>(),
            capacity in 2usize..64,
            max in proptest::prop_oneof![proptest::prelude::Just(MAX_MESSAGE), 1usize..80],
        ) {
            let end = if crlf { "\r\n" } else { "\n" };
            let mbox: String = lines.iter().map(|l| format!("{l}{end}")).collect();
            let slow = all(mbox.as_bytes(), 1, max);
            proptest::prop_assert_eq!(all(mbox.as_bytes(), capacity, max), slow.clone());
            proptest::prop_assert_eq!(all(mbox.as_bytes(), 8192, max), slow);
        }
    }

    #[test]
    fn a_message_over_the_cap_is_cut_and_flagged() {
        let body = "x".repeat(100);
        let mbox = format!("From a\nS: 1\n\n{body}\n\nFrom b\nS: 2\n");
        let mut m = Messages::mbox(mbox.as_bytes());
        m.max = 20;
        let first = m.next().unwrap().unwrap();
        assert_eq!((first.bytes.len(), first.truncated), (20, true));
        let second = m.next().unwrap().unwrap();
        assert_eq!(
            (second.line, second.bytes, second.truncated),
            (7, b"S: 2\n".to_vec(), false)
        );
    }
}
