//! Mail archives scanned (SPEC section 6): each message of an archive
//! decoded by [`crate::mail`] into the texts a reader would see, and the
//! scanner run over those, a few messages at once on rayon's pool.

use crate::mail::{InputKind, MessageInfo, Messages, RawMessage, decode};

/// A URI found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailFinding {
    /// The finding, with `start` and `end` in the decoded part's text, and
    /// `line` and `column` in the archive: where the URI is written when the
    /// part is plain, 7bit, 8bit or quoted-printable text, else where the
    /// part begins (SPEC M3, section 9).
    pub finding: crate::scan::Finding,
    /// The 1-based line within the decoded part.
    pub part_line: u64,
    /// The part's type (`text/plain`, `text/html`, `headers`, `raw`).
    pub part: std::sync::Arc<str>,
    /// The message it was found in.
    pub info: std::sync::Arc<MessageInfo>,
}

/// What reading mail yields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailEvent {
    /// A URI.
    Found(MailFinding),
    /// A message (or part) that could not be decoded and was scanned raw.
    Warning {
        /// Archive line it concerns.
        line: u64,
        /// The message it is in.
        info: std::sync::Arc<MessageInfo>,
        /// What went wrong.
        text: String,
    },
}

/// The URIs of an mbox archive or a message, in archive order, a message
/// at a time; or, with [`MailEvents::parallel`], a batch of messages at a
/// time decoded on rayon's current pool while the next batch is split off.
/// Either way memory is bounded by the largest message (SPEC M1): a batch
/// holds at most [`BATCH_BYTES`] of messages besides its last one, and no
/// batch is split off ahead of one that holds a message larger than that.
///
/// ```
/// use urilint::document::mail::{MailEvent, MailEvents};
/// use urilint::mail::InputKind;
/// use urilint::scan::Scanner;
///
/// let eml = b"Message-ID: <x@y>\nContent-Type: text/html\n\n<a href=\"http://a.example/?p=1&amp;q=2\">a</a>";
/// let uris: Vec<String> = MailEvents::new(&eml[..], InputKind::Message, Scanner::new())
///     .filter_map(|e| match e.unwrap() {
///         MailEvent::Found(f) => Some(f.finding.uri_lossy().into_owned()),
///         MailEvent::Warning { .. } => None,
///     })
///     .collect();
/// assert_eq!(uris, ["http://a.example/?p=1&q=2"]);
/// ```
pub struct MailEvents<R> {
    messages: Messages<R>,
    scanner: crate::scan::Scanner,
    /// The events of the messages decoded, a message's list at a time:
    /// never copied into one queue (a message of a million URIs would be
    /// held twice while it was).
    queue: std::collections::VecDeque<std::vec::IntoIter<MailEvent>>,
    /// A read error met while a batch was split off: reported after the
    /// events of the messages before it.
    error: Option<std::io::Error>,
    /// The batch split off while the one before it was decoded.
    ahead: Option<Vec<RawMessage>>,
    /// Whether batches are decoded on rayon's current pool.
    parallel: bool,
}

/// The most messages in a batch decoded in parallel.
const BATCH_MESSAGES: usize = 64;

/// The bytes of messages a batch takes before its last one: a batch ends
/// with the message that reaches this, so one large message makes a batch
/// of its own, or ends one.
pub const BATCH_BYTES: usize = 1 << 20;

impl<R: std::io::BufRead> MailEvents<R> {
    /// Reads `reader` as `kind` (`Mbox` or `Message`).
    pub fn new(reader: R, kind: InputKind, scanner: crate::scan::Scanner) -> Self {
        let messages = match kind {
            InputKind::Mbox => Messages::mbox(reader),
            _ => Messages::single(reader),
        };
        MailEvents {
            messages,
            scanner,
            queue: std::collections::VecDeque::new(),
            error: None,
            ahead: None,
            parallel: false,
        }
    }

    /// Whether messages are decoded a batch at a time in parallel, on
    /// rayon's current pool (the global one outside a pool, which rayon
    /// starts with a thread a core if nothing sized it), or one at a time
    /// on the calling thread (the default), which starts no thread.
    pub fn parallel(mut self, yes: bool) -> Self {
        self.parallel = yes;
        self
    }
}

/// The next messages of `messages`, up to a batch ([`BATCH_MESSAGES`], or
/// the message that reaches [`BATCH_BYTES`]); a read error ends the batch
/// and is kept in `error`.
fn split<R: std::io::BufRead>(
    messages: &mut Messages<R>,
    error: &mut Option<std::io::Error>,
    most: usize,
) -> Vec<RawMessage> {
    let mut batch = Vec::new();
    let mut bytes = 0;
    while error.is_none() && batch.len() < most && bytes < BATCH_BYTES {
        match messages.next() {
            Some(Ok(raw)) => {
                bytes += raw.bytes.len();
                batch.push(raw);
            }
            Some(Err(e)) => *error = Some(e),
            None => break,
        }
    }
    batch
}

/// The events of each message of `batch`, one message a task (sizes vary
/// by orders of magnitude).
fn decode_batch(batch: &[RawMessage], scanner: &crate::scan::Scanner) -> Vec<Vec<MailEvent>> {
    use rayon::prelude::*;
    batch
        .par_iter()
        .with_max_len(1)
        .map(|raw| events_of(raw, scanner))
        .collect()
}

/// The events of one message: its decoding warnings, then the URIs of its
/// parts in order.
fn events_of(raw: &RawMessage, scanner: &crate::scan::Scanner) -> Vec<MailEvent> {
    use std::sync::Arc;
    let decoded = decode(raw);
    let info = Arc::new(decoded.info);
    let mut events = Vec::new();
    for (line, text) in decoded.warnings {
        events.push(MailEvent::Warning {
            line,
            info: Arc::clone(&info),
            text,
        });
    }
    for part in decoded.parts {
        let mime: Arc<str> = part.mime.as_str().into();
        let found: Vec<crate::scan::Finding> = if part.mime == "text/html" {
            // A mail's `<pre>` is its text, not a code sample (SPEC M2: an
            // HTML part gives its text).
            super::scan(
                crate::format::Format::Html,
                &part.text,
                scanner,
                crate::format::Options { include_code: true },
            )
        } else {
            scanner.scan(&part.text).collect()
        };
        let mut counted = (0, 0);
        for mut finding in found {
            let part_line = finding.line;
            // SPEC section 9: the archive line of the URI when the part
            // maps line by line, else where the part begins.
            (finding.line, finding.column) =
                part.position(finding.start as usize, finding.column, &mut counted);
            events.push(MailEvent::Found(MailFinding {
                finding,
                part_line,
                part: Arc::clone(&mime),
                info: Arc::clone(&info),
            }));
        }
    }
    events
}

impl<R: std::io::BufRead> Iterator for MailEvents<R> {
    type Item = std::io::Result<MailEvent>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(events) = self.queue.front_mut() {
                match events.next() {
                    Some(event) => return Some(Ok(event)),
                    None => {
                        self.queue.pop_front();
                        continue;
                    }
                }
            }
            // A message at a time, decoded while it is in cache, with no
            // hand-off to a pool thread and back.
            let alone = !self.parallel || rayon::current_num_threads() == 1;
            let most = if alone { 1 } else { BATCH_MESSAGES };
            let batch = match self.ahead.take() {
                Some(batch) => batch,
                None => split(&mut self.messages, &mut self.error, most),
            };
            if batch.is_empty() {
                return self.error.take().map(Err);
            }
            let (scanner, messages, error) = (&self.scanner, &mut self.messages, &mut self.error);
            if alone {
                for raw in &batch {
                    self.queue.push_back(events_of(raw, scanner).into_iter());
                }
                continue;
            }
            // The pool decodes this batch while this thread splits the
            // next one off (so the reader stays on this thread), unless
            // this one holds a large message: two would not be bounded by
            // the largest.
            let large = batch.iter().map(|m| m.bytes.len()).sum::<usize>() > BATCH_BYTES;
            let mut events = Vec::new();
            rayon::in_place_scope(|s| {
                s.spawn(|_| events = decode_batch(&batch, scanner));
                if !large {
                    self.ahead = Some(split(messages, error, most));
                }
            });
            self.queue.extend(events.into_iter().map(Vec::into_iter));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BATCH_BYTES, InputKind, MailEvent, MailEvents};
    use crate::scan::Scanner;

    /// Each event of `mbox` as (line, column, message id, URI or warning).
    fn events(mbox: &[u8], parallel: bool) -> Vec<(u64, u64, String, String)> {
        MailEvents::new(mbox, InputKind::Mbox, Scanner::new())
            .parallel(parallel)
            .map(|e| match e.unwrap() {
                MailEvent::Found(f) => (
                    f.finding.line,
                    f.finding.column,
                    f.info.message_id.clone().unwrap_or_default(),
                    f.finding.uri_lossy().into_owned(),
                ),
                MailEvent::Warning { line, info, text } => {
                    (line, 0, info.message_id.clone().unwrap_or_default(), text)
                }
            })
            .collect()
    }

    #[test]
    fn batches_decoded_in_parallel_give_the_events_of_one_at_a_time() {
        // 300 messages (several batches), one over a batch's bytes (a
        // batch of its own, nothing split ahead of it), quoted-printable
        // and HTML parts, and a part in an unknown charset (a warning).
        let mut mbox = Vec::new();
        for i in 0..300 {
            let body = match i % 5 {
                0 => format!("See http://example.org/{i}/a?x=3D1&y=\n=3D2 ok.\n"),
                1 => format!("<a href=\"http://example.org/{i}?a=1&amp;b=2\">x</a>\n"),
                2 if i == 102 => format!(
                    "{}http://example.org/big\n",
                    "filler\n".repeat(BATCH_BYTES / 6)
                ),
                _ => format!("plain http://example.org/{i} text\n"),
            };
            let (kind, encoding) = match i % 5 {
                0 => ("text/plain; charset=utf-8", "quoted-printable"),
                1 => ("text/html", "7bit"),
                3 if i == 53 => ("text/plain; charset=x-unknown", "7bit"),
                _ => ("text/plain", "7bit"),
            };
            mbox.extend_from_slice(
                format!(
                    "From a@b Mon Jan  1 00:00:00 2024\nMessage-ID: <{i}@b>\n\
                     Content-Type: {kind}\nContent-Transfer-Encoding: {encoding}\n\n{body}\n"
                )
                .as_bytes(),
            );
        }
        let one = events(&mbox, false);
        assert_eq!(one.len(), 301);
        assert!(one.iter().any(|e| e.3 == "http://example.org/big"));
        assert!(one.iter().any(|e| e.3.contains("unknown charset")));
        assert_eq!(events(&mbox, true), one);
    }
}
