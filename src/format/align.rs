//! Lines up text a parser decoded with the raw text it came from, so that a
//! parser without per-character offsets (html5gum, pulldown-cmark) still
//! gives a map back to where each byte was written.
//!
//! Raw and decoded text are the same except where the raw text holds a
//! character reference (`&amp;`, `&#64;`, `&not` without its `;`), a
//! backslash escape (`\_`), a CR that was made a LF, or a soft hyphen that
//! is dropped. At each such place every reading is tried, and the one after
//! which the two texts agree again up to the next such place is taken.

use super::map::Segment;

/// What the decoded text may have decoded.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Decodes {
    /// HTML character references (WHATWG HTML 13.2.5.72).
    pub entities: bool,
    /// Backslash escapes of ASCII punctuation (CommonMark 2.4, rST).
    pub backslash: bool,
    /// Drop soft hyphens (U+00AD) from the decoded text: they only mark
    /// where a word may be broken.
    pub drop_soft_hyphens: bool,
    /// The text is a URL attribute or link destination: ASCII tab and
    /// newline are dropped, as the URL Standard's parser drops them
    /// ("remove all ASCII tab or newline"), so `href="https://u:pa&#10;ss@h"`
    /// is the URL a browser opens.
    pub url: bool,
}

fn url_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\r')
}

const SHY: &[u8] = "\u{ad}".as_bytes();

fn special(b: u8, d: Decodes) -> bool {
    match b {
        b'&' => d.entities,
        b'\\' => d.backslash,
        b'\r' | 0 => true,
        0xC2 => d.drop_soft_hyphens,
        _ => false,
    }
}

/// The next place in `raw` from `i` where raw and decoded text may differ.
fn next_special(raw: &[u8], i: usize, d: Decodes) -> usize {
    let rest = &raw[i..];
    // `&` or `\`, CR, and NUL or the first byte of a soft hyphen.
    let first = if d.entities { b'&' } else { b'\\' };
    let hit = match (d.entities && d.backslash, d.drop_soft_hyphens) {
        (false, false) => memchr::memchr3(first, b'\r', 0, rest),
        _ => rest.iter().position(|&b| special(b, d)),
    };
    hit.map_or(raw.len(), |k| i + k)
}

/// Whether the texts agree from `i` and `j` up to the next special byte,
/// and, when that comes at once, whether it can be read (up to `depth`
/// places on).
fn agrees(raw: &[u8], i: usize, dec: &[u8], j: usize, d: Decodes, depth: u8) -> bool {
    if i > raw.len() || j > dec.len() {
        return false;
    }
    let n = next_special(raw, i, d) - i;
    let tail = &dec[j..];
    if n > AGREE {
        // Agreeing on this much is evidence enough.
        return tail.starts_with(&raw[i..i + AGREE]);
    }
    if i + n == raw.len() {
        // A soft hyphen left at the very end is dropped too.
        tail == &raw[i..] || (d.drop_soft_hyphens && tail.is_empty() && raw[i..] == *SHY)
    } else if n == 0 {
        depth == 0 || (j < dec.len() && step(raw, i, dec, j, d, depth - 1).is_some())
    } else {
        tail.starts_with(&raw[i..i + n])
    }
}

fn char_len(b: u8) -> usize {
    match b {
        0xF0.. => 4,
        0xE0.. => 3,
        0xC0.. => 2,
        _ => 1,
    }
}

/// Pushes `dec`, decoded from `raw` (written at `raw_off`), to `seg`.
pub(crate) fn align(seg: &mut Segment, raw: &[u8], raw_off: usize, dec: &[u8], d: Decodes) {
    // Most text decodes to itself.
    if raw == dec
        && !(d.drop_soft_hyphens && memchr::memchr(0xC2, raw).is_some())
        && !(d.url && memchr::memchr3(b'\t', b'\n', b'\r', raw).is_some())
    {
        seg.raw(raw_off, raw);
        return;
    }
    let out = |seg: &mut Segment, r: std::ops::Range<usize>, text: &[u8], identity: bool| {
        let r = r.start + raw_off..r.end + raw_off;
        if identity && d.url && text.iter().any(|&b| url_space(b)) {
            // Each dropped byte reads as nothing; the rest as itself.
            let mut a = 0;
            for k in memchr::memchr3_iter(b'\t', b'\n', b'\r', text) {
                seg.raw(r.start + a, &text[a..k]);
                seg.decoded(r.start + k..r.start + k + 1, b"");
                a = k + 1;
            }
            seg.raw(r.start + a, &text[a..]);
        } else if (d.drop_soft_hyphens && memchr::memmem::find(text, SHY).is_some())
            || (d.url && text.iter().any(|&b| url_space(b)))
        {
            let mut kept = text.to_vec();
            while let Some(k) = memchr::memmem::find(&kept, SHY).filter(|_| d.drop_soft_hyphens) {
                kept.drain(k..k + 2);
            }
            if d.url {
                kept.retain(|&b| !url_space(b));
            }
            seg.decoded(r, &kept);
        } else if identity {
            seg.raw(r.start, text);
        } else {
            seg.decoded(r, text);
        }
    };
    let (mut i, mut j) = (0, 0);
    while i < raw.len() && j < dec.len() {
        // The run up to the next special byte is the same in both.
        let n = next_special(raw, i, d) - i;
        let same = raw[i..i + n]
            .iter()
            .zip(&dec[j..])
            .take_while(|(a, b)| a == b)
            .count();
        if same > 0 {
            out(seg, i..i + same, &raw[i..i + same], true);
            i += same;
            j += same;
            continue;
        }
        match step(raw, i, dec, j, d, DEPTH) {
            Some((ri, dj)) => {
                out(seg, i..ri, &dec[j..dj], raw[i..ri] == dec[j..dj]);
                i = ri;
                j = dj;
            }
            None => break,
        }
    }
    if i < raw.len() || j < dec.len() {
        // Out of step (a parser's reading we do not follow): the rest maps
        // as a whole to the rest.
        out(seg, i..raw.len(), &dec[j..], false);
    }
}

/// How many special places on a reading is checked.
const DEPTH: u8 = 4;

/// How many bytes after a place must agree for a reading to be taken.
const AGREE: usize = 64;

/// At a place where the texts may differ, how far each advances.
fn step(
    raw: &[u8],
    i: usize,
    dec: &[u8],
    j: usize,
    d: Decodes,
    depth: u8,
) -> Option<(usize, usize)> {
    let b = raw[i];
    if d.drop_soft_hyphens && raw[i..].starts_with(SHY) {
        if dec[j..].starts_with(SHY) {
            return Some((i + 2, j + 2));
        }
        return Some((i + 2, j));
    }
    // The same byte, read as itself.
    if b == dec[j] && agrees(raw, i + 1, dec, j + 1, d, depth) {
        return Some((i + 1, j + 1));
    }
    // CR or CRLF read as LF (HTML 13.2.3.5; CommonMark line endings).
    if b == b'\r' && dec[j] == b'\n' {
        let ri = if raw.get(i + 1) == Some(&b'\n') {
            i + 2
        } else {
            i + 1
        };
        return Some((ri, j + 1));
    }
    if d.backslash
        && b == b'\\'
        && let Some(&e) = raw.get(i + 1)
        && e.is_ascii_punctuation()
        && dec[j] == e
        && agrees(raw, i + 2, dec, j + 1, d, depth)
    {
        return Some((i + 2, j + 1));
    }
    if d.entities && b == b'&' {
        return reference(raw, i, dec, j, d, depth);
    }
    // NUL read as U+FFFD (HTML 13.2.5), a line break in a code span read
    // as a space (CommonMark 6.1).
    if b == 0 && dec[j..].starts_with("\u{fffd}".as_bytes()) {
        return Some((i + 1, j + 3));
    }
    if matches!(b, b'\n' | b'\r') && dec[j] == b' ' {
        let ri = if raw[i..].starts_with(b"\r\n") {
            i + 2
        } else {
            i + 1
        };
        return Some((ri, j + 1));
    }
    None
}

/// A character reference at `raw[i]`: `&#...;`, `&name;` or a legacy name
/// without `;` (the longest that fits), standing for one or two characters.
fn reference(
    raw: &[u8],
    i: usize,
    dec: &[u8],
    j: usize,
    d: Decodes,
    depth: u8,
) -> Option<(usize, usize)> {
    let run = |mut e: usize, ok: fn(&u8) -> bool| {
        while e < raw.len() && ok(&raw[e]) {
            e += 1;
        }
        e
    };
    // A numeric reference's extent is given by its digits.
    let numeric = match raw.get(i + 1..i + 3) {
        Some([b'#', b'x' | b'X']) => Some(run(i + 3, u8::is_ascii_hexdigit)),
        Some([b'#', _]) => Some(run(i + 2, u8::is_ascii_digit)),
        _ => None,
    };
    // The longest named reference is 31 characters long.
    let e = numeric.unwrap_or_else(|| run(i + 1, u8::is_ascii_alphanumeric).min(i + 33));
    let with_semicolon = raw.get(e) == Some(&b';');
    let shortest = if numeric.is_some() { e } else { i + 2 };
    let ends = (with_semicolon.then_some(e + 1))
        .into_iter()
        .chain((shortest..=e).rev());
    // One decoded character, or two (`&NotEqualTilde;`): every extent for
    // one before any for two.
    let one = j + char_len(dec[j]);
    let two = dec.get(one).map(|&c| one + char_len(c));
    for dj in [Some(one), two].into_iter().flatten() {
        for ri in ends.clone() {
            if dj <= dec.len() && agrees(raw, ri, dec, dj, d, depth) {
                return Some((ri, dj));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(raw: &str, dec: &str, d: Decodes) -> Vec<(String, String)> {
        let mut seg = Segment::default();
        align(&mut seg, raw.as_bytes(), 0, dec.as_bytes(), d);
        // Each decoded character and the raw text it maps to.
        let text = String::from_utf8(seg.text().to_vec()).unwrap();
        text.char_indices()
            .map(|(k, c)| {
                let r = seg.raw_start(k)..seg.raw_end(k + c.len_utf8());
                (c.to_string(), raw[r].to_string())
            })
            .collect()
    }

    const HTML: Decodes = Decodes {
        entities: true,
        backslash: false,
        drop_soft_hyphens: true,
        url: false,
    };

    #[test]
    fn references_map_to_their_raw_text() {
        let p = pieces("a&amp;b&#64c&notit;&#x1F600;", "a&b@c¬it;😀", HTML);
        let raw: Vec<&str> = p.iter().map(|(_, r)| r.as_str()).collect();
        assert_eq!(
            raw,
            [
                "a",
                "&amp;",
                "b",
                "&#64",
                "c",
                "&not",
                "i",
                "t",
                ";",
                "&#x1F600;"
            ]
        );
    }

    #[test]
    fn a_literal_ampersand_stays_itself() {
        let p = pieces("a & b&c", "a & b&c", HTML);
        assert!(p.iter().all(|(d, r)| d == r));
    }

    #[test]
    fn crlf_and_soft_hyphens() {
        let p = pieces("ab\r\ncd\u{ad}e&shy;f", "ab\ncd\u{ad}e\u{ad}f", HTML);
        let got: Vec<(&str, &str)> = p.iter().map(|(d, r)| (d.as_str(), r.as_str())).collect();
        assert_eq!(
            got,
            [
                ("a", "a"),
                ("b", "b"),
                ("\n", "\r\n"),
                ("c", "c"),
                ("d", "d"),
                ("e", "e"),
                ("f", "f")
            ]
        );
    }

    #[test]
    fn backslash_escapes() {
        let md = Decodes {
            backslash: true,
            entities: true,
            drop_soft_hyphens: false,
            url: false,
        };
        let p = pieces(r"a\_b\\c\d", r"a_b\c\d", md);
        let raw: Vec<&str> = p.iter().map(|(_, r)| r.as_str()).collect();
        assert_eq!(raw, ["a", r"\_", "b", r"\\", "c", r"\", "d"]);
    }

    #[test]
    fn url_values_drop_tabs_and_newlines() {
        let url = Decodes {
            entities: true,
            url: true,
            ..Decodes::default()
        };
        let p = pieces("https://u:pa&#10;s\ns@h", "https://u:pa\ns\ns@h", url);
        let got: String = p.iter().map(|(d, _)| d.as_str()).collect();
        assert_eq!(got, "https://u:pass@h");
        // Each character still maps to where it is written.
        assert_eq!(p[13], ("s".to_string(), "s".to_string()));
    }
}
