//! Fixes written back into files (SPEC section 12).
//!
//! A rule's [`Fix`] says what to change in the URI; this module turns it
//! into edits of the raw file ([`RawEdit`]), in the file's own syntax
//! ([`Syntax`]), touching only the bytes the URI was read from (and, for
//! `<URL:...>`, the prefix before it). [`Fixer`] applies the fixes of a
//! whole file, checking again after each pass until nothing changes, and
//! keeps only the fixes after which the file reads as intended.
//!
//! ```
//! use urilint::fix::Fixer;
//! use urilint::format::{Format, Options};
//! use urilint::rules::Linter;
//! use urilint::scan::Scanner;
//!
//! let linter = Linter::builder().select(["style"]).build().unwrap();
//! let scanner = Scanner::new();
//! let fixer = Fixer::new(&scanner, &linter, Options::default());
//! let html = b"<a href=\"HTTP://Acme.NET:80/%7euser?a=1&amp;b=%3a\">home</a>";
//! let fixed = fixer.fix(Format::Html, html, &|_| false);
//! assert_eq!(fixed.text, b"<a href=\"http://acme.net/~user?a=1&amp;b=%3A\">home</a>");
//! // `%7e` is made `%7E`, then `~`, on a second pass; a rule's fix mends
//! // all it found in one URI (`HTTP` and `Acme.NET` are one finding).
//! assert_eq!(fixed.applied.values().sum::<usize>(), 4);
//! ```

mod apply;
mod diff;
mod signals;
mod syntax;
mod write;

use std::ops::Range;

use serde::{Deserialize, Serialize};

pub use crate::rules::{Applicability, Edit, Fix};
pub use apply::{Fixed, Fixer, WINDOW, windows};
pub use diff::{Diff, unified_diff};
pub use syntax::Syntax;
pub use write::{WriteError, write_back};

use crate::document::Located;

/// One edit of a file: bytes `start..end` replaced by `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawEdit {
    /// Byte offset of the first byte replaced.
    pub start: u64,
    /// Byte offset past the last byte replaced (`start` for an insertion).
    pub end: u64,
    /// What is written there instead.
    #[serde(serialize_with = "ser_lossy", deserialize_with = "de_string")]
    pub replacement: Vec<u8>,
}

fn ser_lossy<S: serde::Serializer>(b: &[u8], s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&String::from_utf8_lossy(b))
}

fn de_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    String::deserialize(d).map(String::into_bytes)
}

/// A fix as output carries it (SPEC section 12): its applicability and
/// its edits of the file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileFix {
    /// `safe` or `unsafe`.
    pub applicability: Applicability,
    /// The edits, in file order, not overlapping.
    pub edits: Vec<RawEdit>,
}

/// Applies `edits` (sorted, not overlapping) to `raw`.
pub(crate) fn apply_edits(raw: &[u8], edits: &[RawEdit]) -> Vec<u8> {
    let grow: usize = edits.iter().map(|e| e.replacement.len()).sum();
    let mut out = Vec::with_capacity(raw.len() + grow);
    let mut at = 0;
    for e in edits {
        out.extend_from_slice(&raw[at..e.start as usize]);
        out.extend_from_slice(&e.replacement);
        at = e.end as usize;
    }
    out.extend_from_slice(&raw[at..]);
    out
}

/// Whether two edits change the same bytes, or insert at the same place.
fn overlap(a: &RawEdit, b: &RawEdit) -> bool {
    (a.start < b.end && b.start < a.end) || a.start == b.start
}

/// The edits of the file that make `fix` of the URI `located`, written in
/// `syntax`; `raw` is the file, or a window of it that starts at offset
/// `from` and holds the URI and the few bytes before it. None when the fix
/// cannot be written exactly: an edit would split a character reference,
/// a line break lies inside a replaced run, or what should be there is not.
pub fn raw_edits(
    fix: &Fix,
    located: &Located,
    raw: &[u8],
    from: u64,
    syntax: Syntax,
) -> Option<FileFix> {
    // This URI's bytes one by one (a located URI keeps them as runs).
    let map: Vec<(u64, u64)> = located.bytes().iter().collect();
    let map = &map[..];
    let finding = &located.finding;
    if map.len() != finding.uri.len() || map.is_empty() {
        return None;
    }
    let byte = |at: u64| raw.get(at.checked_sub(from)? as usize).copied();
    let mut edits = Vec::new();
    for edit in &fix.edits {
        match edit {
            Edit::Replace { range, text } => {
                let before = finding.uri.get(range.clone())?;
                for (r, t) in runs(before, range.start, text) {
                    // In Markdown, rST, AsciiDoc and roff, only bytes
                    // written as themselves (`\\H` in rST stops a link).
                    if !syntax.rewrites_markup()
                        && !r.clone().all(|i| {
                            map[i].1 == map[i].0 + 1 && byte(map[i].0) == Some(finding.uri[i])
                        })
                    {
                        return None;
                    }
                    edits.push(replace(map, r, &t, syntax)?);
                }
            }
            // `<URL:` then optional whitespace, then the URI (RFC 1738
            // App.): the edit takes out `URL:` and the whitespace.
            Edit::DropUrlPrefix => {
                let mut at = map[0].0;
                while at > 0 && byte(at - 1).is_some_and(|b| b.is_ascii_whitespace()) {
                    at -= 1;
                }
                let prefix: Vec<u8> = (at.checked_sub(4)?..at).map(byte).collect::<Option<_>>()?;
                if !prefix.eq_ignore_ascii_case(b"URL:") {
                    return None;
                }
                edits.push(RawEdit {
                    start: at - 4,
                    end: map[0].0,
                    replacement: Vec::new(),
                });
            }
            // The whitespace between two bytes of the URI that are not
            // written side by side (RFC 3986 App. C).
            Edit::Join => {
                let before = edits.len();
                for w in map.windows(2) {
                    let (a, b) = (w[0].1, w[1].0);
                    if a < b {
                        if !(a..b).all(|k| byte(k).is_some_and(|c| c.is_ascii_whitespace())) {
                            return None;
                        }
                        edits.push(RawEdit {
                            start: a,
                            end: b,
                            replacement: Vec::new(),
                        });
                    }
                }
                if edits.len() == before {
                    return None;
                }
            }
        }
    }
    edits.sort_by_key(|e| (e.start, e.end));
    if edits.windows(2).any(|w| overlap(&w[0], &w[1])) {
        return None;
    }
    // Edits side by side are one (`%C3%A9` for `é`, not two).
    let mut merged: Vec<RawEdit> = Vec::with_capacity(edits.len());
    for e in edits {
        match merged.last_mut() {
            Some(last) if last.end == e.start => {
                last.end = e.end;
                last.replacement.extend_from_slice(&e.replacement);
            }
            _ => merged.push(e),
        }
    }
    let edits = merged;
    Some(FileFix {
        applicability: fix.applicability,
        edits,
    })
}

/// The smallest edits that turn `before` (at URI offset `at`) into
/// `after`: where the two are as long (a change of case), each run of
/// bytes that differ; else one edit without the bytes both start and end
/// with.
fn runs(before: &[u8], at: usize, after: &[u8]) -> Vec<(Range<usize>, Vec<u8>)> {
    if before.len() == after.len() {
        let mut out: Vec<(Range<usize>, Vec<u8>)> = Vec::new();
        for (i, (&x, &y)) in before.iter().zip(after).enumerate() {
            if x == y {
                continue;
            }
            match out.last_mut() {
                Some((r, t)) if r.end == at + i => {
                    r.end += 1;
                    t.push(y);
                }
                _ => out.push((at + i..at + i + 1, vec![y])),
            }
        }
        return out;
    }
    let head = before.iter().zip(after).take_while(|(x, y)| x == y).count();
    let tail = before[head..]
        .iter()
        .rev()
        .zip(after[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    vec![(
        at + head..at + before.len() - tail,
        after[head..after.len() - tail].to_vec(),
    )]
}

/// The edit of the file that writes `text` for the URI's bytes `r`.
fn replace(map: &[(u64, u64)], r: Range<usize>, text: &[u8], syntax: Syntax) -> Option<RawEdit> {
    let replacement = syntax.encode(text);
    if r.is_empty() {
        // An insertion: between two bytes written apart from any markup.
        let at = match r.start {
            0 => map[0].0,
            i if i == map.len() => map[i - 1].1,
            i if map[i - 1].1 == map[i].0 => map[i].0,
            _ => return None,
        };
        return Some(RawEdit {
            start: at,
            end: at,
            replacement,
        });
    }
    let (start, end) = (map[r.start].0, map[r.end - 1].1);
    // A byte read from the same markup as one outside `r` (`&eacute;`
    // is two bytes of UTF-8) cannot be written apart from it.
    let shares = |i: usize| map[i].0 < end && start < map[i].1;
    if (r.start > 0 && shares(r.start - 1)) || (r.end < map.len() && shares(r.end)) {
        return None;
    }
    // A line break (or other whitespace) inside the run: a change of
    // length cannot say on which line it goes.
    if map[r.clone()].windows(2).any(|w| w[0].1 < w[1].0) {
        return None;
    }
    Some(RawEdit {
        start,
        end,
        replacement,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_the_bytes_that_change() {
        assert_eq!(
            runs(b"Acme.NET", 7, b"acme.net"),
            vec![(7..8, b"a".to_vec()), (12..15, b"net".to_vec())]
        );
        assert_eq!(runs(b"%7E", 3, b"~"), vec![(3..6, b"~".to_vec())]);
        assert_eq!(runs(b":80", 10, b""), vec![(10..13, Vec::new())]);
        assert_eq!(runs(b" ", 2, b"%20"), vec![(2..3, b"%20".to_vec())]);
    }
}
