//! roff man pages, man and mdoc macros (SPEC section 9): escapes and font
//! changes decoded (groff(7) "Escape sequences"), `.UR` and `.Lk` targets
//! read as delimited URIs, comments left out.

use std::borrow::Cow;
use std::ops::Range;

use super::lines::lines;
use super::{Doc, Segment};

/// Macros that print their arguments alternately in two fonts, with no
/// space between them (groff_man(7)).
const ALTERNATING: &[&[u8]] = &[b"BR", b"BI", b"IB", b"IR", b"RB", b"RI"];

/// Reads a roff page into `doc`. Lines end at LF, CRLF or a lone CR; a
/// `\` at a line's end continues it on the next (groff(7), "Line
/// continuation"), so a request and its arguments may span lines.
pub(crate) fn read(raw: &[u8], doc: &mut Doc) {
    let mut lines = lines(raw).peekable();
    while let Some(first) = lines.next() {
        let mut last = first;
        while continues(&raw[first.start..last.end])
            && let Some(next) = lines.next_if(|_| last.next > last.end)
        {
            last = next;
        }
        line(raw, first.start..last.end, doc);
        // `\c` at the end of a text line joins it to the next.
        if last.next > last.end && !raw[first.start..last.end].ends_with(b"\\c") {
            doc.text.raw(last.end, &raw[last.end..last.next]);
        }
    }
}

/// Whether a line ends with an escaping `\`: an odd number of them.
fn continues(line: &[u8]) -> bool {
    line.iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 1
}

fn line(raw: &[u8], r: Range<usize>, doc: &mut Doc) {
    let l = &raw[r.clone()];
    if !matches!(l.first(), Some(b'.' | b'\'')) {
        text(raw, r, &mut doc.text);
        return;
    }
    // A request or macro: `.NAME args`.
    let mut i = r.start + 1;
    while i < r.end && matches!(raw[i], b' ' | b'\t') {
        i += 1;
    }
    if raw[i..r.end].starts_with(b"\\\"") {
        return; // a comment
    }
    let name_end = raw[i..r.end]
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .map_or(r.end, |k| i + k);
    let name = &raw[i..name_end];
    // `\"` and `\#` start a comment that runs to the line's end.
    let mut end = r.end;
    let mut k = name_end;
    while k + 1 < end {
        if raw[k] == b'\\' {
            if matches!(raw[k + 1], b'"' | b'#') {
                end = k;
                break;
            }
            k += 1;
        }
        k += 1;
    }
    let args = arguments(raw, name_end..end);
    doc.text.separate();
    if (name == b"UR" || name == b"Lk")
        && let Some((first, rest)) = args.split_first()
    {
        // `.UR https://...` and mdoc's `.Lk https://... text`.
        doc.links.synthetic(b"\"");
        text(raw, first.clone(), &mut doc.links);
        doc.links.synthetic(b"\"\n");
        for a in rest {
            doc.text.synthetic(b" ");
            text(raw, a.clone(), &mut doc.text);
        }
        return;
    }
    let joined = ALTERNATING.contains(&name);
    for (k, a) in args.iter().enumerate() {
        if k > 0 && !joined {
            doc.text.synthetic(b" ");
        }
        text(raw, a.clone(), &mut doc.text);
    }
}

/// A macro's arguments: words, or `"..."` with `""` for a quote.
fn arguments(raw: &[u8], r: Range<usize>) -> Vec<Range<usize>> {
    let mut args = Vec::new();
    let mut i = r.start;
    while i < r.end {
        if matches!(raw[i], b' ' | b'\t') {
            i += 1;
            continue;
        }
        if raw[i] == b'"' {
            let a = i + 1;
            let mut j = a;
            while j < r.end && !(raw[j] == b'"' && raw.get(j + 1) != Some(&b'"')) {
                j += if raw[j] == b'"' { 2 } else { 1 };
            }
            args.push(a..j.min(r.end));
            i = j + 1;
        } else {
            let a = i;
            while i < r.end && !matches!(raw[i], b' ' | b'\t') {
                // An escape may hold a space (`\ `).
                i += if raw[i] == b'\\' { 2 } else { 1 };
            }
            args.push(a..i.min(r.end));
        }
    }
    args
}

/// Decodes roff text in `r` into `seg`.
fn text(raw: &[u8], r: Range<usize>, seg: &mut Segment) {
    let mut i = r.start;
    while i < r.end {
        let Some(k) = memchr::memchr(b'\\', &raw[i..r.end]) else {
            seg.raw(i, &raw[i..r.end]);
            return;
        };
        let at = i + k;
        seg.raw(i, &raw[i..at]);
        let (len, out) = escape(&raw[at..r.end]);
        if len == 0 {
            return; // `\"`: a comment to the end of the line
        }
        let len = len.min(r.end - at);
        seg.decoded(at..at + len, out.as_bytes());
        i = at + len;
    }
}

/// An escape at the start of `s` (a `\`): its length and what it prints.
/// Length 0 means a comment: the rest of the line is not printed.
fn escape(s: &[u8]) -> (usize, Cow<'static, str>) {
    let Some(&c) = s.get(1) else {
        return (1, "".into());
    };
    // `(xx`, `[name]` or one character, after `\` and `at` more bytes.
    let name = |at: usize| -> (usize, &[u8]) {
        match s.get(at) {
            Some(b'(') => {
                let e = (at + 3).min(s.len());
                (e, &s[(at + 1).min(e)..e])
            }
            Some(b'[') => match memchr::memchr(b']', &s[at..]) {
                Some(k) => (at + k + 1, &s[at + 1..at + k]),
                None => (s.len(), &s[at + 1..]),
            },
            Some(_) => (at + 1, &s[at..at + 1]),
            None => (s.len(), &[]),
        }
    };
    // `X'...'`: an argument between quotes.
    let quoted = || match s.get(2) {
        Some(&q) => memchr::memchr(q, &s[3.min(s.len())..]).map_or(s.len(), |k| 3 + k + 1),
        None => 2,
    };
    let (len, out): (usize, Cow<'static, str>) = match c {
        b'"' | b'#' => (0, "".into()),
        // A line continued on the next.
        b'\r' if s.get(2) == Some(&b'\n') => (3, "".into()),
        b'\n' | b'\r' => (2, "".into()),
        b'-' => (2, "-".into()),
        b'e' | b'\\' => (2, "\\".into()),
        b'.' => (2, ".".into()),
        b'\'' => (2, "'".into()),
        b'`' => (2, "`".into()),
        b' ' | b'0' | b'~' => (2, " ".into()),
        b':' | b'&' | b'%' | b'|' | b'^' | b')' | b',' | b'/' | b'c' | b'd' | b'u' | b'p' => {
            (2, "".into())
        }
        b'(' | b'[' => {
            let (len, n) = name(1);
            (len, glyph(n))
        }
        b'*' => {
            let (len, n) = name(2);
            (len, string(n).into())
        }
        b'f' | b'F' | b'n' | b'g' | b'k' | b'm' | b'M' | b'V' | b'Y' | b'$' => {
            (name(2).0, "".into())
        }
        b's' => {
            // `\s+2`, `\s-1`, `\s0`, `\s(12`, `\s[12]`.
            let mut e = 2;
            if matches!(s.get(e), Some(b'+' | b'-')) {
                e += 1;
            }
            match s.get(e) {
                Some(b'(' | b'[') => (name(e).0, "".into()),
                _ => {
                    while e < s.len().min(4) && s[e].is_ascii_digit() {
                        e += 1;
                    }
                    (e, "".into())
                }
            }
        }
        b'N' | b'h' | b'v' | b'w' | b'o' | b'l' | b'L' | b'D' | b'X' | b'Z' | b'b' | b'x'
        | b'A' | b'B' | b'C' | b'R' | b'H' | b'S' => (quoted(), "".into()),
        // Any other escaped character prints as itself.
        _ if c.is_ascii_graphic() || c == b' ' => (2, char::from(c).to_string().into()),
        _ => (2, "".into()),
    };
    (len, out)
}

/// Special characters (groff_char(7)): `\[u00E9]` by code point, and
/// the named ones URIs and prose around them use. An unknown one prints
/// U+FFFD, which ends a URI rather than joining it to what follows.
fn glyph(name: &[u8]) -> Cow<'static, str> {
    if let Some(hex) = name.strip_prefix(b"u")
        && !hex.is_empty()
    {
        // `u00E9`, or a composite `u0065_0301`.
        let chars: Option<String> = hex
            .split(|&b| b == b'_')
            .map(|h| {
                std::str::from_utf8(h)
                    .ok()
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .and_then(char::from_u32)
            })
            .collect();
        return chars.map_or("\u{fffd}".into(), Cow::Owned);
    }
    Cow::Borrowed(match name {
        b"em" => "\u{2014}",
        b"en" => "\u{2013}",
        b"hy" | b"mi" | b"-" | b"-D" => "-",
        b"aq" | b"cq" => "'",
        b"dq" => "\"",
        b"lq" => "\u{201c}",
        b"rq" => "\u{201d}",
        b"oq" => "\u{2018}",
        b"ti" | b"a~" => "~",
        b"ha" | b"a^" => "^",
        b"at" => "@",
        b"sl" => "/",
        b"rs" => "\\",
        b"ga" => "`",
        b"bu" => "\u{2022}",
        b"co" => "\u{a9}",
        b"rg" => "\u{ae}",
        b"tm" => "\u{2122}",
        b"lt" | b"la" => "<",
        b"gt" | b"ra" => ">",
        b"pl" => "+",
        b"eq" => "=",
        b"sh" => "#",
        b"Do" => "$",
        b"ul" | b"ru" => "_",
        b"ba" | b"or" => "|",
        b"lB" => "[",
        b"rB" => "]",
        b"lC" => "{",
        b"rC" => "}",
        b"pc" => "\u{b7}",
        b"de" => "\u{b0}",
        _ => "\u{fffd}",
    })
}

/// Predefined strings of the man and mdoc packages.
fn string(name: &[u8]) -> &'static str {
    match name {
        b"lq" | b"Lq" => "\u{201c}",
        b"rq" | b"Rq" => "\u{201d}",
        b"R" => "\u{ae}",
        b"Tm" => "\u{2122}",
        b"aq" => "'",
        _ => "",
    }
}
