//! Decoding a message into the texts a reader sees (SPEC M2), with
//! mailparse: quoted-printable and base64 (RFC 2045 s6.7, s6.8), charsets
//! to UTF-8, `format=flowed` (RFC 3676), HTML, nested multiparts and
//! `message/rfc822` parts (RFC 2046 s5).

use mailparse::{ParsedMail, body::Body};

use super::flowed::unflow_lines;
use super::mbox::RawMessage;

/// Who a message is, for reports (SPEC M3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MessageInfo {
    /// `Message-ID`, without its angle brackets.
    pub message_id: Option<String>,
    /// `Date`, as written.
    pub date: Option<String>,
    /// `Subject`, encoded words decoded (RFC 2047).
    pub subject: Option<String>,
}

/// One decoded text of a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// Archive line where the part's body begins (for headers: where the
    /// message begins).
    pub line: u64,
    /// `text/plain`, `text/html` ... or `headers`, or `raw` for a fallback.
    pub mime: String,
    /// The text to scan, in UTF-8 unless it is a raw fallback.
    pub text: Vec<u8>,
    /// When the text maps line by line to the archive (a plain part in
    /// 7bit, 8bit or quoted-printable, link header fields; SPEC section 9):
    /// where in `text` each archive line from `line` on starts, and which
    /// archive line that is.
    pub line_starts: Option<Vec<(usize, u64)>>,
}

impl Part {
    /// The archive line and column of `text[offset]`: exact when the part
    /// maps line by line, else the line where the part begins and the
    /// column in the decoded text. `counted` carries the characters counted
    /// on a line from one call to the next (offsets asked in increasing
    /// order), so a line of thousands of URIs is counted once.
    pub fn position(
        &self,
        offset: usize,
        decoded_column: u64,
        counted: &mut (usize, u64),
    ) -> (u64, u64) {
        let Some(starts) = &self.line_starts else {
            return (self.line, decoded_column);
        };
        let i = starts.partition_point(|&(s, _)| s <= offset).max(1) - 1;
        let Some(&(start, line)) = starts.get(i) else {
            return (self.line, decoded_column);
        };
        (
            line,
            crate::text::column_on(&self.text, start, offset, counted),
        )
    }
}

/// Archive line starts in decoded text carried through unflowing: each is
/// as far into its line of the unflowed text as it was into its line of
/// the decoded text (RFC 3676 joins lines, never splits them).
fn through_unflow(text: &str, starts: &[(usize, u64)], lines: &[usize]) -> Vec<(usize, u64)> {
    let line_begins: Vec<usize> = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
        .collect();
    starts
        .iter()
        .map(|&(off, line)| {
            let d = line_begins.partition_point(|&b| b <= off).max(1) - 1;
            let col = off - line_begins[d];
            let base = lines.get(d).copied().unwrap_or(usize::MAX);
            let next = lines.get(d + 1).copied().unwrap_or(usize::MAX);
            (base.saturating_add(col).min(next), line)
        })
        .collect()
}

/// Where lines of a part's raw body start in its decoded text, as
/// (offset, line within the body): quoted-printable soft breaks (`=` at a
/// line's end, RFC 2045 s6.7) join lines and `=XX` is one byte. Every line
/// is mapped when each decoded byte is one raw byte, or, through a
/// single-byte charset (`koi8-r`, `windows-1252`), one character. Through
/// a charset that changes lengths otherwise, only lines that start after a
/// hard break are mapped: the decoded text has the same line breaks.
fn line_starts(raw: &[u8], qp: bool, text: &str) -> Option<Vec<(usize, u64)>> {
    let decoded_len = text.len();
    // The decoder may end lines with CRLF whatever the archive has.
    let newline = if memchr::memmem::find(text.as_bytes(), b"\r\n").is_some() {
        2
    } else {
        1
    };
    let mut starts = vec![0];
    let mut at = 0usize;
    let mut from = 0;
    loop {
        let nl = memchr::memchr(b'\n', &raw[from..]).map(|k| from + k);
        let last = nl.is_none();
        let line = &raw[from..nl.unwrap_or(raw.len())];
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if !qp {
            at += line.len() + if last { 0 } else { newline };
        } else {
            let (body, soft) = qp_line(line);
            let escapes = memchr::memchr_iter(b'=', body)
                .filter(|&k| {
                    body.get(k + 1..k + 3)
                        .is_some_and(|h| h.iter().all(u8::is_ascii_hexdigit))
                })
                .count();
            at += body.len() - 2 * escapes + if soft || last { 0 } else { newline };
        }
        match nl {
            Some(nl) => {
                starts.push(at);
                from = nl + 1;
            }
            None => break,
        }
    }
    let numbered = |starts: Vec<usize>| starts.into_iter().zip(0..).collect();
    // (A decoder may add a last line break.)
    if at == decoded_len || (at + newline == decoded_len) {
        return Some(numbered(starts));
    }
    let n = text.chars().count();
    if at == n || at + newline == n {
        // One character a raw byte: character offsets to byte offsets.
        let offsets: Vec<usize> = text
            .char_indices()
            .map(|(i, _)| i)
            .chain([decoded_len])
            .collect();
        let mapped = starts
            .into_iter()
            .map(|c| offsets[c.min(offsets.len() - 1)])
            .collect();
        return Some(numbered(mapped));
    }
    hard_lines(raw, qp, text)
}

/// A quoted-printable line without its soft break, and whether it had one.
fn qp_line(line: &[u8]) -> (&[u8], bool) {
    let trimmed = line.trim_ascii_end();
    match trimmed.strip_suffix(b"=") {
        Some(body) => (body, true),
        None => (line, false),
    }
}

/// The lines of a raw body that start after a hard line break, mapped to
/// where the decoded text's lines start; `None` when the counts differ.
fn hard_lines(raw: &[u8], qp: bool, text: &str) -> Option<Vec<(usize, u64)>> {
    let mut firsts = vec![0u64];
    let mut lines = raw.split(|&b| b == b'\n').peekable();
    let mut n = 0u64;
    while let Some(line) = lines.next() {
        if lines.peek().is_none() {
            break;
        }
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        n += 1;
        if !(qp && qp_line(line).1) {
            firsts.push(n);
        }
    }
    let decoded: Vec<usize> = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
        .collect();
    // A decoder that ends the text with a line break of its own.
    let decoded = if decoded.len() == firsts.len() + 1 && decoded.last() == Some(&text.len()) {
        &decoded[..firsts.len()]
    } else {
        &decoded[..]
    };
    (decoded.len() == firsts.len()).then(|| decoded.iter().copied().zip(firsts).collect())
}

/// A message, decoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decoded {
    /// Its identity.
    pub info: MessageInfo,
    /// Its texts, in order.
    pub parts: Vec<Part>,
    /// What could not be decoded, with the archive line it concerns; the raw
    /// text was scanned instead.
    pub warnings: Vec<(u64, String)>,
}

/// Headers whose URIs are links of the list or the message (RFC 2369,
/// RFC 5064, RFC 8288).
fn is_link_header(name: &[u8]) -> bool {
    name.get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case(b"list-"))
        || name.eq_ignore_ascii_case(b"archived-at")
        || name.eq_ignore_ascii_case(b"link")
}

/// The warning for a header line of too many encoded words.
fn too_many_words() -> String {
    format!(
        "a header line holds more than {} encoded words (RFC 2047): they are not decoded",
        super::encoded_words::MAX_PER_LINE
    )
}

/// Nested parts deeper than this are not followed.
const MAX_DEPTH: usize = 32;

/// Decodes a message. Never fails: what cannot be decoded is scanned raw.
pub fn decode(raw: &RawMessage) -> Decoded {
    let mut out = Decoded::default();
    if raw.truncated {
        out.warnings.push((
            raw.line,
            format!(
                "message longer than {} MiB: the rest is not read",
                super::MAX_MESSAGE >> 20
            ),
        ));
    }
    let defused = super::encoded_words::defuse(&raw.bytes);
    if let Some((_, index)) = &defused {
        out.warnings
            .push((raw.line + *index as u64, too_many_words()));
    }
    let bytes: &[u8] = defused.as_ref().map_or(&raw.bytes, |(b, _)| b);
    let mail = match mailparse::parse_mail(bytes) {
        Ok(m) => m,
        Err(e) => {
            out.warnings.push((
                raw.line,
                format!("cannot parse the message ({e}); scanning it raw"),
            ));
            out.parts.push(Part {
                line: raw.line,
                mime: "raw".into(),
                text: raw.bytes.clone(),
                line_starts: None,
            });
            return out;
        }
    };
    // The archive line of each header field, when the raw block has as
    // many as were parsed.
    let block = memchr::memmem::find(bytes, b"\n\n")
        .or_else(|| memchr::memmem::find(bytes, b"\r\n\r\n"))
        .map_or(bytes, |e| &bytes[..e]);
    let field_lines: Vec<u64> = std::iter::once(0)
        .chain(memchr::memchr_iter(b'\n', block).map(|i| i + 1))
        .zip(raw.line..)
        .filter(|&(at, _)| !matches!(block.get(at), Some(b' ' | b'\t')))
        .map(|(_, n)| n)
        .collect();
    let mapped = field_lines.len() == mail.headers.len();
    let mut text = String::new();
    let mut starts = Vec::new();
    // One pass over the fields: the first of each identity field, and
    // every link field (a field's name is compared once, not once a
    // look-up).
    let (mut message_id, mut date, mut subject) = (None, None, None);
    for (k, h) in mail.headers.iter().enumerate() {
        let key = h.get_key_raw();
        let first = |slot: &mut Option<String>| {
            if slot.is_none() {
                *slot = Some(h.get_value().trim().to_string());
            }
        };
        if key.eq_ignore_ascii_case(b"message-id") {
            first(&mut message_id);
        } else if key.eq_ignore_ascii_case(b"date") {
            first(&mut date);
        } else if key.eq_ignore_ascii_case(b"subject") {
            first(&mut subject);
        } else if is_link_header(key) {
            if !text.is_empty() {
                text.push('\n');
            }
            starts.push((text.len(), field_lines.get(k).copied().unwrap_or(raw.line)));
            text.push_str(&h.get_value());
        }
    }
    out.info = MessageInfo {
        message_id: message_id.map(|v| v.trim_start_matches('<').trim_end_matches('>').to_string()),
        date,
        subject,
    };
    if !starts.is_empty() {
        out.parts.push(Part {
            line: raw.line,
            mime: "headers".into(),
            text: text.into_bytes(),
            line_starts: mapped.then_some(starts),
        });
    }
    walk(&mail, bytes, raw.line, 0, &mut out, &mut Cursor::default());
    out
}

/// Where the last part's line was counted to in a message's buffer, so
/// that the next part's is counted on from there: parts come in the
/// order they are written, and a message of many parts is read once,
/// not once a part (issue 31, P3).
#[derive(Default)]
struct Cursor {
    buffer: usize,
    base: u64,
    at: usize,
    line: u64,
}

/// The archive line of `inner`, a slice of `buffer` whose first byte is on
/// line `base`.
fn line_of(buffer: &[u8], inner: &[u8], base: u64, cursor: &mut Cursor) -> u64 {
    let offset = (inner.as_ptr() as usize).wrapping_sub(buffer.as_ptr() as usize);
    if offset > buffer.len() {
        return base;
    }
    let same = cursor.buffer == buffer.as_ptr() as usize && cursor.base == base;
    let (from, line) = match same && cursor.at <= offset {
        true => (cursor.at, cursor.line),
        false => (0, base),
    };
    let line = line + bytecount::count(&buffer[from..offset], b'\n') as u64;
    *cursor = Cursor {
        buffer: buffer.as_ptr() as usize,
        base,
        at: offset,
        line,
    };
    line
}

fn raw_body<'a>(part: &'a ParsedMail<'a>) -> &'a [u8] {
    match part.get_body_encoded() {
        Body::Base64(b) | Body::QuotedPrintable(b) => b.get_raw(),
        Body::SevenBit(b) | Body::EightBit(b) => b.get_raw(),
        Body::Binary(b) => b.get_raw(),
    }
}

fn walk(
    part: &ParsedMail,
    buffer: &[u8],
    base: u64,
    depth: usize,
    out: &mut Decoded,
    cursor: &mut Cursor,
) {
    let mime = part.ctype.mimetype.to_ascii_lowercase();
    let body = raw_body(part);
    let line = line_of(buffer, body, base, cursor);
    if depth > MAX_DEPTH {
        out.warnings
            .push((line, "parts nested too deep; the rest is not read".into()));
        return;
    }
    if mime.starts_with("multipart/") {
        for sub in &part.subparts {
            walk(sub, buffer, base, depth + 1, out, cursor);
        }
        return;
    }
    if mime == "message/rfc822" || mime == "message/global" {
        let identity = matches!(
            part.get_body_encoded(),
            Body::SevenBit(_) | Body::EightBit(_) | Body::Binary(_)
        );
        if identity {
            // Parsed in place, so its parts' lines are the archive's.
            match mailparse::parse_mail(body) {
                Ok(nested) => walk(&nested, buffer, base, depth + 1, out, cursor),
                Err(e) => fallback(
                    out,
                    line,
                    body,
                    format!("cannot parse the attached message ({e})"),
                ),
            }
            return;
        }
        let inner = part
            .get_body_raw()
            .map(|inner| match super::encoded_words::defuse(&inner) {
                Some((defused, index)) => {
                    out.warnings.push((line + index as u64, too_many_words()));
                    defused
                }
                None => inner,
            });
        match inner {
            Ok(inner) => match mailparse::parse_mail(&inner) {
                Ok(nested) => walk_flat(&nested, &inner, line, depth + 1, out),
                Err(e) => fallback(
                    out,
                    line,
                    body,
                    format!("cannot parse the attached message ({e})"),
                ),
            },
            Err(e) => fallback(
                out,
                line,
                body,
                format!("cannot decode the attached message ({e})"),
            ),
        }
        return;
    }
    let is_text = mime.starts_with("text/") || mime.is_empty();
    if !is_text {
        return; // an attachment that is not text
    }
    let charset = &part.ctype.charset;
    if !charset.is_empty() && charset::Charset::for_label(charset.as_bytes()).is_none() {
        let text = part.get_body_raw().unwrap_or_else(|_| body.to_vec());
        out.warnings.push((
            line,
            format!("unknown charset `{charset}`; scanning the part undecoded"),
        ));
        out.parts.push(Part {
            line,
            mime: "raw".into(),
            text,
            line_starts: None,
        });
        return;
    }
    match body_text(part) {
        Ok(text) => {
            let flowed = part
                .ctype
                .params
                .get("format")
                .is_some_and(|f| f.eq_ignore_ascii_case("flowed"));
            let mut starts = match part.get_body_encoded() {
                Body::SevenBit(_) | Body::EightBit(_) | Body::Binary(_) => {
                    line_starts(body, false, &text)
                }
                Body::QuotedPrintable(_) => line_starts(body, true, &text),
                Body::Base64(_) => None,
            };
            // HTML stays HTML: the scanner reads it as the html format
            // reads a file, positions and all.
            let text = if flowed && mime != "text/html" {
                let delsp = part
                    .ctype
                    .params
                    .get("delsp")
                    .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
                let (joined, lines) = unflow_lines(&text, delsp);
                starts = starts.map(|s| through_unflow(&text, &s, &lines));
                joined
            } else {
                text
            };
            out.parts.push(Part {
                line,
                mime,
                text: text.into_bytes(),
                line_starts: starts
                    .map(|s| s.into_iter().map(|(off, l)| (off, line + l)).collect()),
            });
        }
        Err(e) => fallback(
            out,
            line,
            body,
            format!("cannot decode the {mime} part ({e})"),
        ),
    }
}

/// A text part's body as text, as mailparse's `get_body` gives it: the
/// transfer encoding undone, then the charset (US-ASCII when unknown).
/// Quoted-printable is undone here, a run at a time ([`super::qp`]),
/// which is most of what reading mail costs after the headers.
fn body_text(part: &ParsedMail) -> Result<String, mailparse::MailParseError> {
    let Body::QuotedPrintable(body) = part.get_body_encoded() else {
        return part.get_body();
    };
    let decoded = super::qp::decode(body.get_raw());
    Ok(
        match charset::Charset::for_label(part.ctype.charset.as_bytes()) {
            Some(cs) => cs.decode(&decoded).0.into_owned(),
            None => charset::decode_ascii(&decoded).into_owned(),
        },
    )
}

/// Walks an attached message decoded from a transfer encoding: its own
/// offsets do not map to the archive, so its parts get `line`.
fn walk_flat(part: &ParsedMail, buffer: &[u8], line: u64, depth: usize, out: &mut Decoded) {
    let before = out.parts.len();
    walk(part, buffer, line, depth, out, &mut Cursor::default());
    for p in &mut out.parts[before..] {
        p.line = line;
        p.line_starts = None;
    }
}

fn fallback(out: &mut Decoded, line: u64, raw: &[u8], why: String) {
    out.warnings.push((line, format!("{why}; scanning it raw")));
    out.parts.push(Part {
        line,
        mime: "raw".into(),
        text: raw.to_vec(),
        line_starts: None,
    });
}
