//! Decoding a message into the texts a reader sees (SPEC M2), with
//! mailparse: quoted-printable and base64 (RFC 2045 s6.7, s6.8), charsets
//! to UTF-8, `format=flowed` (RFC 3676), HTML, nested multiparts and
//! `message/rfc822` parts (RFC 2046 s5).

use mailparse::{MailHeaderMap, ParsedMail, body::Body};

use super::flowed::unflow;
use super::html::html_text;
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
fn is_link_header(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    n.starts_with("list-") || n == "archived-at" || n == "link"
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
    let mail = match mailparse::parse_mail(&raw.bytes) {
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
            });
            return out;
        }
    };
    let header = |name: &str| {
        mail.headers
            .get_first_value(name)
            .map(|v| v.trim().to_string())
    };
    out.info = MessageInfo {
        message_id: header("Message-ID")
            .map(|v| v.trim_start_matches('<').trim_end_matches('>').to_string()),
        date: header("Date"),
        subject: header("Subject"),
    };
    let links: Vec<String> = mail
        .headers
        .iter()
        .filter(|h| is_link_header(&h.get_key_ref()))
        .map(|h| h.get_value())
        .collect();
    if !links.is_empty() {
        out.parts.push(Part {
            line: raw.line,
            mime: "headers".into(),
            text: links.join("\n").into_bytes(),
        });
    }
    walk(&mail, &raw.bytes, raw.line, 0, &mut out);
    out
}

/// The archive line of `inner`, a slice of `buffer` whose first byte is on
/// line `base`.
fn line_of(buffer: &[u8], inner: &[u8], base: u64) -> u64 {
    let offset = (inner.as_ptr() as usize).wrapping_sub(buffer.as_ptr() as usize);
    match buffer.get(..offset) {
        Some(before) if offset <= buffer.len() => base + bytecount::count(before, b'\n') as u64,
        _ => base,
    }
}

fn raw_body<'a>(part: &'a ParsedMail<'a>) -> &'a [u8] {
    match part.get_body_encoded() {
        Body::Base64(b) | Body::QuotedPrintable(b) => b.get_raw(),
        Body::SevenBit(b) | Body::EightBit(b) => b.get_raw(),
        Body::Binary(b) => b.get_raw(),
    }
}

fn walk(part: &ParsedMail, buffer: &[u8], base: u64, depth: usize, out: &mut Decoded) {
    let mime = part.ctype.mimetype.to_ascii_lowercase();
    let body = raw_body(part);
    let line = line_of(buffer, body, base);
    if depth > MAX_DEPTH {
        out.warnings
            .push((line, "parts nested too deep; the rest is not read".into()));
        return;
    }
    if mime.starts_with("multipart/") {
        for sub in &part.subparts {
            walk(sub, buffer, base, depth + 1, out);
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
                Ok(nested) => walk(&nested, buffer, base, depth + 1, out),
                Err(e) => fallback(
                    out,
                    line,
                    body,
                    format!("cannot parse the attached message ({e})"),
                ),
            }
            return;
        }
        match part.get_body_raw() {
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
        });
        return;
    }
    match part.get_body() {
        Ok(text) => {
            let text = if mime == "text/html" {
                html_text(&text)
            } else if part
                .ctype
                .params
                .get("format")
                .is_some_and(|f| f.eq_ignore_ascii_case("flowed"))
            {
                let delsp = part
                    .ctype
                    .params
                    .get("delsp")
                    .is_some_and(|d| d.eq_ignore_ascii_case("yes"));
                unflow(&text, delsp)
            } else {
                text
            };
            out.parts.push(Part {
                line,
                mime,
                text: text.into_bytes(),
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

/// Walks an attached message decoded from a transfer encoding: its own
/// offsets do not map to the archive, so its parts get `line`.
fn walk_flat(part: &ParsedMail, buffer: &[u8], line: u64, depth: usize, out: &mut Decoded) {
    let before = out.parts.len();
    walk(part, buffer, line, depth, out);
    for p in &mut out.parts[before..] {
        p.line = line;
    }
}

fn fallback(out: &mut Decoded, line: u64, raw: &[u8], why: String) {
    out.warnings.push((line, format!("{why}; scanning it raw")));
    out.parts.push(Part {
        line,
        mime: "raw".into(),
        text: raw.to_vec(),
    });
}
