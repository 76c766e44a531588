//! `--diff`: a file's fixes as a unified diff, which `patch -p1` and
//! `git apply` take (SPEC section 12), with every secret on a shown line
//! redacted unless secrets are shown (SPEC section 10).

use std::ops::Range;

use similar::{ChangeTag, TextDiff};

/// Lines of context around each change, as `diff -u` and git show.
const CONTEXT: usize = 3;

/// A unified diff of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// The diff: `--- a/PATH`, `+++ b/PATH`, then its hunks. Empty when
    /// nothing changed, or when every hunk was left out.
    pub text: Vec<u8>,
    /// The first old line of each hunk left out: a line it changes holds
    /// a secret, or the secrets around it leave it no line of context. A
    /// hunk is never printed with a secret shown as `****`, which would
    /// not apply.
    pub refused: Vec<usize>,
}

/// One line of a hunk: its tag, its text, and whether it holds a secret.
#[derive(Clone, Copy)]
struct Line<'a> {
    tag: ChangeTag,
    text: &'a [u8],
    secret: bool,
}

/// The unified diff from `old` to `new`, both named `path` (with git's
/// `a/` and `b/` prefixes). `secrets` are, for `old` and for `new`, the
/// byte ranges of secrets besides those [`crate::redact::locate_text`]
/// finds on each line; `show_secrets` shows them. Else no printed line
/// holds a secret, and every hunk printed applies (`git apply`, `patch
/// -p1`): context stops short of a line with a secret (a hunk is split
/// at one), and a hunk whose changed lines hold one, or that is left with
/// no context, is left out and listed in [`Diff::refused`].
pub fn unified_diff(
    path: &str,
    old: &[u8],
    new: &[u8],
    secrets: [&[Range<usize>]; 2],
    show_secrets: bool,
) -> Diff {
    let mut out = Diff::default();
    if old == new {
        return out;
    }
    // Lines end at LF only, as `patch` and `git apply` read them: a file
    // of CR line ends is one line to them.
    let (a, b) = (lines(old), lines(new));
    // Where each line starts in its text, for the secrets known there.
    let starts = |lines: &[&[u8]]| -> Vec<usize> {
        lines
            .iter()
            .scan(0, |at, l| {
                let start = *at;
                *at += l.len();
                Some(start)
            })
            .collect()
    };
    let starts = [starts(&a), starts(&b)];
    // Past the deadline the diff is still right, only not the shortest:
    // a file whose every line changed would take minutes otherwise.
    let diff = TextDiff::configure()
        .deadline(std::time::Instant::now() + std::time::Duration::from_millis(500))
        .diff_slices(&a, &b);
    let mut hunks: Vec<u8> = Vec::new();
    // How many lines the changes left out so far added to the new file.
    let mut shift: isize = 0;
    for group in diff.grouped_ops(CONTEXT) {
        // The group's lines, each with the old and new line numbers (0-based)
        // it stands at.
        let (mut o, mut n) = (group[0].old_range().start, group[0].new_range().start);
        let mut entries: Vec<(usize, usize, Line)> = Vec::new();
        for op in &group {
            for change in diff.iter_changes(op) {
                let side = usize::from(change.tag() == ChangeTag::Insert);
                let index = if side == 0 {
                    change.old_index()
                } else {
                    change.new_index()
                };
                let at = index.map_or(0, |i| starts[side][i]);
                let text: &[u8] = change.value();
                let lines = if side == 0 { &a } else { &b };
                let secret = !show_secrets
                    && (redact(text, at, secrets[side]) != text
                        || index.is_some_and(|i| continues_secret(lines, i)));
                entries.push((
                    o,
                    n,
                    Line {
                        tag: change.tag(),
                        text,
                        secret,
                    },
                ));
                match change.tag() {
                    ChangeTag::Equal => (o, n) = (o + 1, n + 1),
                    ChangeTag::Delete => o += 1,
                    ChangeTag::Insert => n += 1,
                }
            }
        }
        // A context line with a secret is shown in no hunk: the group is
        // cut there. A run of changed lines with a secret is left out
        // whole: the group is cut around it, and the new file's line
        // numbers after it are those of a file without its change.
        let mut piece: Vec<(usize, usize, Line)> = Vec::new();
        // Runs: each context line alone, each run of changed lines whole.
        let changed = |e: &(usize, usize, Line)| e.2.tag != ChangeTag::Equal;
        for run in entries.chunk_by(|x, y| changed(x) && changed(y)) {
            if !run.iter().any(|(_, _, l)| l.secret) {
                piece.extend_from_slice(run);
                continue;
            }
            let done = std::mem::take(&mut piece);
            close(&mut hunks, &mut out.refused, done, shift, a.len());
            if changed(&run[0]) {
                out.refused.push(run[0].0 + 1);
                let inserted = run
                    .iter()
                    .filter(|(_, _, l)| l.tag == ChangeTag::Insert)
                    .count();
                shift += inserted as isize - (run.len() - inserted) as isize;
            }
        }
        close(&mut hunks, &mut out.refused, piece, shift, a.len());
    }
    if hunks.is_empty() {
        return out;
    }
    let path = path.strip_prefix("./").unwrap_or(path);
    out.text.extend_from_slice(
        format!("--- {}\n+++ {}\n", name("a/", path), name("b/", path)).as_bytes(),
    );
    out.text.extend_from_slice(&hunks);
    out
}

/// Ends a piece of a group (its lines, each with the old and new line it
/// stands at): a hunk when it changes something and `git apply` can place
/// it, with at most [`CONTEXT`] lines of context a side. git places a
/// hunk with no leading context anywhere, but one with no trailing
/// context only at the end of the file (`old_len` lines): any other is
/// left out, and its first old line listed in `refused`.
fn close(
    hunks: &mut Vec<u8>,
    refused: &mut Vec<usize>,
    mut piece: Vec<(usize, usize, Line)>,
    shift: isize,
    old_len: usize,
) {
    let equal = |e: &(usize, usize, Line)| e.2.tag == ChangeTag::Equal;
    let Some(first) = piece.iter().position(|e| !equal(e)) else {
        return;
    };
    let last = piece.iter().rposition(|e| !equal(e)).expect("a change");
    piece.truncate((last + 1 + CONTEXT).min(piece.len()));
    piece.drain(..first.saturating_sub(CONTEXT));
    let (o, _, end) = piece.last().expect("a change");
    let at_end = o + usize::from(end.tag != ChangeTag::Insert) == old_len;
    if !equal(piece.last().expect("a change")) && !at_end {
        refused.push(piece[0].0 + 1);
        return;
    }
    hunk(hunks, &piece, shift);
}

/// Writes a hunk of `lines` (each with the old and new line it stands
/// at, the new moved back by `shift`): its header, as `diff -u` writes
/// it, then its lines.
fn hunk(out: &mut Vec<u8>, lines: &[(usize, usize, Line)], shift: isize) {
    let old = lines
        .iter()
        .filter(|(_, _, l)| l.tag != ChangeTag::Insert)
        .count();
    let new = lines
        .iter()
        .filter(|(_, _, l)| l.tag != ChangeTag::Delete)
        .count();
    // `start,count`; a count of one is left out, and an empty range
    // names the line before it.
    let range = |start: usize, count: usize| match count {
        0 => format!("{start},0"),
        1 => format!("{}", start + 1),
        _ => format!("{},{count}", start + 1),
    };
    let (o, n) = (lines[0].0, (lines[0].1 as isize - shift).max(0) as usize);
    out.extend_from_slice(format!("@@ -{} +{} @@\n", range(o, old), range(n, new)).as_bytes());
    for (_, _, l) in lines {
        out.push(match l.tag {
            ChangeTag::Equal => b' ',
            ChangeTag::Delete => b'-',
            ChangeTag::Insert => b'+',
        });
        out.extend_from_slice(l.text);
        if !l.text.ends_with(b"\n") {
            out.extend_from_slice(b"\n\\ No newline at end of file\n");
        }
    }
}

/// A file name in a diff header as git writes it: in C quotes when it
/// holds a `"`, `\\` or a control character, and followed by a tab when it
/// holds a space, so that `patch` reads the whole name.
fn name(prefix: &str, path: &str) -> String {
    let full = format!("{prefix}{path}");
    if full
        .chars()
        .any(|c| c == '"' || c == '\\' || c.is_control())
    {
        let mut q = String::from("\"");
        for c in full.chars() {
            match c {
                '"' => q.push_str("\\\""),
                '\\' => q.push_str("\\\\"),
                '\n' => q.push_str("\\n"),
                '\t' => q.push_str("\\t"),
                c if c.is_control() => q.push_str(&format!("\\{:03o}", c as u32)),
                c => q.push(c),
            }
        }
        q.push('"');
        q
    } else if full.contains(' ') {
        format!("{full}\t")
    } else {
        full
    }
}

/// `text` in lines, each with its LF.
fn lines(text: &[u8]) -> Vec<&[u8]> {
    text.split_inclusive(|&b| b == b'\n').collect()
}

/// `line`, which starts at offset `at` of its text, with the secrets of
/// `known` (ranges of the text) and those found on it shown as `****`.
/// Whether line `i` goes on a line before it that ends in ` \\` (an
/// AsciiDoc attribute value, a shell command, continued on the next
/// line), and the two read as one hold a secret on line `i`: the second
/// half of a password is no context to show (issue 49).
fn continues_secret(lines: &[&[u8]], i: usize) -> bool {
    let Some(prev) = i.checked_sub(1).map(|k| lines[k]) else {
        return false;
    };
    let body = prev.trim_ascii_end();
    let Some(head) = body.strip_suffix(b"\\") else {
        return false;
    };
    if !head.ends_with(b" ") && !head.ends_with(b"\t") {
        return false;
    }
    let mut joined = head.to_vec();
    let from = joined.len();
    joined.extend_from_slice(lines[i].trim_ascii_start());
    let mut spans = crate::redact::locate_text(&joined, false);
    spans.extend(crate::redact::locate_loose(&joined));
    spans.iter().any(|r| r.end > from)
}

fn redact(line: &[u8], at: usize, known: &[Range<usize>]) -> Vec<u8> {
    let mut spans = crate::redact::locate_text(line, false);
    spans.extend(crate::redact::locate_loose(line));
    spans.extend(
        known
            .iter()
            .filter(|r| r.start < at + line.len() && at < r.end)
            .map(|r| r.start.max(at) - at..r.end.min(at + line.len()) - at),
    );
    // The line break is the diff's, not the secret's; `replace` makes
    // spans that overlap one `****`.
    let body = line.len() - usize::from(line.ends_with(b"\n"));
    for r in &mut spans {
        r.end = r.end.min(body);
    }
    spans.sort_by_key(|r| r.start);
    crate::secrets::replace(line, &spans).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hunks_carry_context_and_no_newline_marks() {
        let old = b"one\ntwo\nsee HTTP://Acme.net/\nfour";
        let new = b"one\ntwo\nsee http://acme.net/\nfour";
        let d = unified_diff("./docs/a.txt", old, new, [&[], &[]], false);
        assert_eq!(
            String::from_utf8(d.text).unwrap(),
            "--- a/docs/a.txt\n+++ b/docs/a.txt\n@@ -1,4 +1,4 @@\n one\n two\n\
             -see HTTP://Acme.net/\n+see http://acme.net/\n four\n\\ No newline at end of file\n"
        );
    }

    #[test]
    fn a_hunk_that_changes_a_line_with_a_secret_is_left_out() {
        let old = b"db postgres://app:hunter2@DB.acme.net/x\n";
        let new = b"db postgres://app:hunter2@db.acme.net/x\n";
        let d = unified_diff("a", old, new, [&[], &[]], false);
        assert_eq!(
            d,
            Diff {
                text: Vec::new(),
                refused: vec![1]
            }
        );
        // Shown when asked.
        let d = unified_diff("a", old, new, [&[], &[]], true);
        assert!(
            String::from_utf8(d.text)
                .unwrap()
                .contains("+db postgres://app:hunter2@db")
        );
        // A secret only the caller knows of (decoded from markup).
        let known = [Range { start: 2, end: 13 }];
        let d = unified_diff(
            "a",
            b"x s3cr&#101;t\n",
            b"y s3cr&#101;t\n",
            [&known, &known],
            false,
        );
        assert_eq!(d.refused, [1]);
        assert!(d.text.is_empty());
    }

    #[test]
    fn context_stops_short_of_a_line_with_a_secret() {
        let old = b"one\nftp://u:pw1@files.acme.net/\nsee HTTP://Acme.net/\nfour\nfive\n";
        let new = b"one\nftp://u:pw1@files.acme.net/\nsee http://acme.net/\nfour\nfive\n";
        let d = unified_diff("a.txt", old, new, [&[], &[]], false);
        assert_eq!(
            String::from_utf8(d.text).unwrap(),
            "--- a/a.txt\n+++ b/a.txt\n@@ -3,3 +3,3 @@\n-see HTTP://Acme.net/\n+see http://acme.net/\n four\n five\n"
        );
        assert!(d.refused.is_empty());
        // Secrets on both sides leave no context: left out.
        let old = b"ftp://u:pw1@a.acme.net/\nsee HTTP://Acme.net/\nftp://u:pw2@b.acme.net/\n";
        let new = b"ftp://u:pw1@a.acme.net/\nsee http://acme.net/\nftp://u:pw2@b.acme.net/\n";
        let d = unified_diff("a.txt", old, new, [&[], &[]], false);
        assert_eq!((d.text.len(), d.refused), (0, vec![2]));
        // A secret between two changes splits their hunk in two.
        let old = b"HTTP://A.net/\nx\nftp://u:pw1@a.acme.net/\ny\nHTTP://B.net/\n";
        let new = b"http://a.net/\nx\nftp://u:pw1@a.acme.net/\ny\nhttp://b.net/\n";
        let d = unified_diff("a.txt", old, new, [&[], &[]], false);
        assert_eq!(
            String::from_utf8(d.text).unwrap(),
            "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n-HTTP://A.net/\n+http://a.net/\n x\n\
             @@ -4,2 +4,2 @@\n y\n-HTTP://B.net/\n+http://b.net/\n"
        );
    }
}
