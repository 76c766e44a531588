//! Mail archives (SPEC section 6): what a mail reader shows, scanned.
//!
//! Raw mail hides URIs: quoted-printable breaks them with soft line breaks
//! and writes `=` as `=3D`, base64 hides them, HTML writes `&` as `&amp;`,
//! `format=flowed` wraps them. This module splits an mbox archive into
//! messages ([`Messages`], one at a time), decodes each ([`decode`]) into the
//! texts a reader would see ([`Part`]s), and the scanner runs over those.
//!
//! ```
//! use urilint::mail::{Messages, decode};
//! use urilint::scan::Scanner;
//!
//! let mbox = b"From list@example.org Mon Jan  1 00:00:00 2024\n\
//! Message-ID: <1@example.org>\n\
//! Content-Type: text/plain; charset=utf-8\n\
//! Content-Transfer-Encoding: quoted-printable\n\
//! \n\
//! See https://example.org/a/very/long/path?x=3D1&y=\n\
//! =3D2 today.\n";
//! let msg = Messages::mbox(&mbox[..]).next().unwrap().unwrap();
//! let decoded = decode(&msg);
//! assert_eq!(decoded.info.message_id.as_deref(), Some("1@example.org"));
//! let part = &decoded.parts[0];
//! assert_eq!(part.line, 6); // the archive line where the part's body begins
//! let uris: Vec<String> = Scanner::new().scan(&part.text).map(|f| f.uri_lossy().into_owned()).collect();
//! assert_eq!(uris, ["https://example.org/a/very/long/path?x=1&y=2"]);
//! ```

mod flowed;
mod html;
mod mbox;
mod mime;

use std::path::Path;

pub use flowed::unflow;
pub use html::html_text;
pub use mbox::{MAX_MESSAGE, Messages, RawMessage};
pub use mime::{Decoded, MessageInfo, Part, decode};

/// What an input holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InputKind {
    /// Text to scan as it is.
    Text,
    /// An mbox archive.
    Mbox,
    /// One RFC 5322 message.
    Message,
}

/// Header fields that mark the top of a message.
const MESSAGE_FIELDS: &[&str] = &[
    "from",
    "to",
    "cc",
    "subject",
    "date",
    "message-id",
    "received",
    "return-path",
    "mime-version",
    "content-type",
    "delivered-to",
    "reply-to",
    "in-reply-to",
    "references",
];

/// Tells an mbox archive (its first line is a `From ` line), a single
/// message (a `.eml` file, or header fields up to an empty line, one of them
/// a message's own such as `From:` or `Message-ID:`) and plain text apart,
/// from the first bytes of an input (SPEC M1).
///
/// ```
/// use urilint::mail::{InputKind, detect};
///
/// assert_eq!(detect(b"From a@b Mon Jan  1 00:00:00 2024\nX: y\n", None), InputKind::Mbox);
/// assert_eq!(detect(b"Subject: hi\nFrom: a@b\n\nbody", None), InputKind::Message);
/// assert_eq!(detect(b"Note: x\n\ntext", None), InputKind::Text);
/// ```
pub fn detect(head: &[u8], path: Option<&Path>) -> InputKind {
    if head.starts_with(b"From ") {
        return InputKind::Mbox;
    }
    if path
        .and_then(Path::extension)
        .is_some_and(|e| e.eq_ignore_ascii_case("eml"))
    {
        return InputKind::Message;
    }
    let mut known = false;
    let mut fields = 0;
    for line in head.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            return if known && fields >= 2 {
                InputKind::Message
            } else {
                InputKind::Text
            };
        }
        if line[0] == b' ' || line[0] == b'\t' {
            continue; // a folded field
        }
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            return InputKind::Text;
        };
        let name = &line[..colon];
        if name.is_empty() || !name.iter().all(|&b| (b'!'..=b'~').contains(&b)) {
            return InputKind::Text;
        }
        fields += 1;
        known |= MESSAGE_FIELDS
            .iter()
            .any(|f| name.eq_ignore_ascii_case(f.as_bytes()));
    }
    InputKind::Text
}

/// A URI found in a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailFinding {
    /// The finding, with positions in the decoded part's text and `line`
    /// set to the archive line where the part begins (SPEC M3).
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

/// The URIs of an mbox archive or a message, one message at a time.
///
/// ```
/// use urilint::mail::{InputKind, MailEvent, MailEvents};
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
    queue: std::collections::VecDeque<MailEvent>,
}

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
        }
    }
}

impl<R: std::io::BufRead> Iterator for MailEvents<R> {
    type Item = std::io::Result<MailEvent>;

    fn next(&mut self) -> Option<Self::Item> {
        use std::sync::Arc;
        while self.queue.is_empty() {
            let raw = match self.messages.next()? {
                Ok(raw) => raw,
                Err(e) => return Some(Err(e)),
            };
            let decoded = decode(&raw);
            let info = Arc::new(decoded.info);
            for (line, text) in decoded.warnings {
                self.queue.push_back(MailEvent::Warning {
                    line,
                    info: Arc::clone(&info),
                    text,
                });
            }
            for part in decoded.parts {
                let mime: Arc<str> = part.mime.into();
                for mut finding in self.scanner.scan(&part.text) {
                    let part_line = finding.line;
                    finding.line = part.line;
                    self.queue.push_back(MailEvent::Found(MailFinding {
                        finding,
                        part_line,
                        part: Arc::clone(&mime),
                        info: Arc::clone(&info),
                    }));
                }
            }
        }
        self.queue.pop_front().map(Ok)
    }
}
