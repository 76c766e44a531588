//! Whether an input is mail (SPEC M1, section 9): an mbox archive, one
//! RFC 5322 message, or text, told apart strictly from its name and first
//! lines, as every format is told apart ([`super::Format::detect`]).

use std::path::Path;

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

/// Tells an mbox archive, a single message and plain text apart, strictly
/// (SPEC M1, section 9): an `.mbox` or `.eml` file; a `From sender date`
/// line followed by a message's header fields; or a header block of at
/// least three fields that include `Message-ID`, `Received` or
/// `MIME-Version`. Anything else is text, so a text file that starts with
/// `From here on` is read, and checked, whole.
///
/// ```
/// use urilint::mail::{InputKind, detect};
///
/// assert_eq!(detect(b"From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\nSubject: x\n", None), InputKind::Mbox);
/// assert_eq!(detect(b"From here on, see ftp://u:pw@h/\nmore text\n", None), InputKind::Text);
/// assert_eq!(detect(b"Message-ID: <1@b>\nSubject: hi\nFrom: a@b\n\nbody", None), InputKind::Message);
/// assert_eq!(detect(b"Title: A post\nDate: 2024-01-01\nCategory: x\n\ntext", None), InputKind::Text);
/// assert_eq!(detect(b"Note: x\n\ntext", None), InputKind::Text);
/// ```
pub fn detect(head: &[u8], path: Option<&Path>) -> InputKind {
    match path.and_then(Path::extension) {
        Some(e) if e.eq_ignore_ascii_case("mbox") => return InputKind::Mbox,
        Some(e) if e.eq_ignore_ascii_case("eml") => return InputKind::Message,
        _ => {}
    }
    if let Some(rest) = head.strip_prefix(b"From ") {
        // An mbox separator (`From sender date`) and then a message's own
        // header fields; `From here on, ...` is prose.
        let line_end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        let words = rest[..line_end]
            .split(|b| b.is_ascii_whitespace())
            .filter(|w| !w.is_empty())
            .count();
        let block = header_block(rest.get(line_end + 1..).unwrap_or_default());
        return if words >= 3 && block.fields >= 2 && block.known > 0 {
            InputKind::Mbox
        } else {
            InputKind::Text
        };
    }
    // A lone message: a header block that a message alone has. Pelican's
    // `Title:`/`Date:` or AsciiDoc's `Content-type:` are not mail.
    let block = header_block(head);
    if block.ended && block.fields >= 3 && block.delivered {
        InputKind::Message
    } else {
        InputKind::Text
    }
}

/// What a run of RFC 5322 header fields at the start of `text` holds.
struct HeaderBlock {
    /// Fields, folded lines not counted.
    fields: usize,
    /// Fields that messages have ([`MESSAGE_FIELDS`]).
    known: usize,
    /// A field that only delivered mail has: `Message-ID`, `Received` or
    /// `MIME-Version`.
    delivered: bool,
    /// The block ends with an empty line (or the text does).
    ended: bool,
}

fn header_block(text: &[u8]) -> HeaderBlock {
    let mut block = HeaderBlock {
        fields: 0,
        known: 0,
        delivered: false,
        ended: false,
    };
    for line in text.split(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.is_empty() {
            block.ended = true;
            break;
        }
        if line[0] == b' ' || line[0] == b'\t' {
            continue; // a folded field
        }
        let Some(colon) = line.iter().position(|&b| b == b':') else {
            break;
        };
        // RFC 5322 s3.6.8: field names are printable ASCII but `:`.
        let name = &line[..colon];
        if name.is_empty() || !name.iter().all(|&b| (b'!'..=b'~').contains(&b)) {
            break;
        }
        block.fields += 1;
        let is = |f: &str| name.eq_ignore_ascii_case(f.as_bytes());
        block.known += usize::from(MESSAGE_FIELDS.iter().any(|f| is(f)));
        block.delivered |= is("message-id") || is("received") || is("mime-version");
    }
    block
}
