//! The source line under a human diagnostic (SPEC section 11a): a window
//! of the raw input around the URI, with its secrets redacted, its controls
//! escaped, and a caret under the URI.

use super::*;

/// The first source line of a URI, as shown under a human diagnostic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snippet {
    /// Its line number.
    pub line: u64,
    /// The line, tabs as spaces, secrets redacted, control characters
    /// escaped, long lines shortened.
    pub text: String,
    /// Terminal columns before the underline.
    pub before: usize,
    /// Terminal columns underlined.
    pub width: usize,
    /// Further lines the URI runs over.
    pub more_lines: u64,
}

pub(super) const CONTEXT: usize = 40;

/// How many bytes before its URI a snippet's text may start: enough for
/// [`CONTEXT`] columns of any script, and a bound, so that each snippet of
/// a line holding thousands of URIs costs the same, not the line's length.
pub const SHOWN_BEFORE: u64 = 256;

/// How many bytes of the line after its URI a snippet may show.
pub(super) const SHOWN_AFTER: usize = 256;

/// Raw input a snippet is made from: `bytes`, read from offset `base`,
/// and where in them its text starts.
#[derive(Clone, Copy, Debug)]
pub struct Shown<'a> {
    /// The bytes read.
    pub bytes: &'a [u8],
    /// The offset of their first byte in the input.
    pub base: u64,
    /// Where the shown text starts in `bytes`.
    pub from: usize,
    /// Whether that is after the line's start, which is left out.
    pub cut: bool,
}

impl<'a> Shown<'a> {
    /// For a URI at offset `start`, in `bytes` read from offset `base`
    /// with at least [`SHOWN_BEFORE`] bytes before the URI (or all there
    /// are): the text starts with the URI's line when that starts at most
    /// [`SHOWN_BEFORE`] bytes before it, else after the first space in
    /// the bytes that are, else with the URI. So it never starts inside a
    /// word, and no secret before the URI is shown cut in half (SPEC
    /// section 10).
    pub fn new(bytes: &'a [u8], base: u64, start: u64) -> Shown<'a> {
        let at = start.saturating_sub(base).min(bytes.len() as u64) as usize;
        let near = at - (SHOWN_BEFORE as usize).min(at);
        let (from, cut) = match memchr::memrchr2(b'\n', b'\r', &bytes[near..at]) {
            Some(k) => (near + k + 1, false),
            None if base + near as u64 == 0 => (0, false),
            None => (
                memchr::memchr2(b' ', b'\t', &bytes[near..at]).map_or(at, |k| near + k + 1),
                true,
            ),
        };
        Shown {
            bytes,
            base,
            from,
            cut,
        }
    }
}

impl Snippet {
    /// Builds the snippet of `record` from `shown`, raw input that holds
    /// at least the URI's first line from `shown.from` on. `secrets` are
    /// ranges of `shown.bytes` to show as `****`: every secret on the line,
    /// of whatever URI ([`redact::locate_text`]), or none when secrets are
    /// shown. The record's span, a byte range of the URI, is what to
    /// underline; the whole URI if it has none or it is not on the first
    /// line.
    pub fn new(shown: &Shown, record: &Record, secrets: &[Range<usize>]) -> Snippet {
        let source = shown.bytes;
        let span = record.span;
        let line_off = shown.from.min(source.len());
        let at = (record.start.saturating_sub(shown.base) as usize).clamp(line_off, source.len());
        let mut line_end =
            memchr::memchr2(b'\n', b'\r', &source[at..]).map_or(source.len(), |i| at + i);
        if line_end > at && source[line_end - 1] == b'\r' {
            line_end -= 1;
        }
        let raw_end = (record.end.saturating_sub(shown.base) as usize).clamp(at, source.len());
        let uri_end = raw_end.min(line_end);
        // Of the rest of the line, no more than can be shown, ending on a
        // character's first byte.
        let mut shown_end = line_end.min(uri_end + SHOWN_AFTER);
        while shown_end > uri_end && shown_end < line_end && source[shown_end] & 0xC0 == 0x80 {
            shown_end -= 1;
        }
        let cut_right = shown_end < line_end;
        let line_end = shown_end;
        let raw = &source[at..raw_end];
        let to_raw = |i: usize| at + raw_index(raw, i, record.flags.rejoined);

        // The line in pieces, each a raw range, its text, and whether it is
        // a redacted secret (RFC 3986 s7.5, SPEC section 10).
        let text_of = |b: &[u8]| escape_controls(&String::from_utf8_lossy(b)).into_owned();
        let mut pieces: Vec<(usize, usize, String, bool)> = Vec::new();
        let mut pos = line_off;
        for r in secrets {
            let (s, e) = (r.start.max(pos), r.end.min(line_end));
            if s >= e {
                continue;
            }
            if s > pos {
                pieces.push((pos, s, text_of(&source[pos..s]), false));
            }
            pieces.push((s, e, "****".to_string(), true));
            pos = e;
        }
        pieces.push((
            pos,
            line_end.max(pos),
            text_of(&source[pos..line_end.max(pos)]),
            false,
        ));
        // The terminal column of raw offset `off`.
        let column = |off: usize| -> usize {
            pieces
                .iter()
                .map(|(s, e, text, secret)| {
                    if off >= *e {
                        width(text)
                    } else if off > *s && !secret {
                        width(&text_of(&source[*s..off]))
                    } else {
                        0
                    }
                })
                .sum()
        };
        let (u_start, u_end) = match span {
            Some(sp) if to_raw(sp.start) < uri_end => (
                to_raw(sp.start),
                to_raw(sp.end).clamp(to_raw(sp.start), uri_end),
            ),
            _ => (at, uri_end),
        };
        let mut text: String = pieces.iter().map(|(_, _, t, _)| t.as_str()).collect();
        let mut before = column(u_start);
        let underline = (column(u_end) - before).max(1);
        // Shorten a long line around what is underlined.
        if before > CONTEXT + 20 {
            let mut dropped = 0;
            let mut cut = 0;
            for (i, c) in text.char_indices() {
                if dropped >= before - CONTEXT {
                    cut = i;
                    break;
                }
                dropped += char_width(c);
            }
            text = format!("…{}", &text[cut..]);
            before = before - dropped + 1;
        } else if shown.cut {
            text.insert(0, '…');
            before += 1;
        }
        let keep = before + underline + CONTEXT;
        if width(&text) > keep + 20 {
            let mut w = 0;
            let end = text.char_indices().find(|(_, c)| {
                w += char_width(*c);
                w > keep
            });
            if let Some((i, _)) = end {
                text = format!("{}…", &text[..i]);
            }
        }
        if cut_right && !text.ends_with('…') {
            text.push('…');
        }
        Snippet {
            line: record.line,
            text,
            before,
            width: underline,
            more_lines: raw.iter().filter(|&&b| b == b'\n').count() as u64,
        }
    }
}

/// Text from the input made safe for a terminal: tabs become spaces, and
/// control characters (C0, DEL, C1) and the bidirectional formatting
/// characters that can make a line read differently from what it holds
/// are shown as `\u{..}` escapes, never passed through.
///
/// ```
/// use urilint::report::escape_controls;
/// assert_eq!(escape_controls("a\x1b[31mb\tc"), "a\\u{1b}[31mb c");
/// assert_eq!(escape_controls("plain"), "plain");
/// ```
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    let unsafe_char = |c: char| {
        c.is_control()
            || matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
    };
    if !s.chars().any(unsafe_char) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\t' => out.push(' '),
            c if unsafe_char(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

pub(super) fn width(s: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(s)
}

pub(super) fn char_width(c: char) -> usize {
    unicode_width::UnicodeWidthChar::width(c).unwrap_or(0)
}

/// The raw offset of URI byte `i`: the same, unless whitespace was removed
/// to rejoin the URI (RFC 3986 App. C), which the raw text still holds.
pub(super) fn raw_index(raw: &[u8], i: usize, rejoined: bool) -> usize {
    if rejoined {
        secrets::raw_index(raw, i)
    } else {
        i.min(raw.len())
    }
}
