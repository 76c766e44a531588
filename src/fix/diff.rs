//! `--diff`: a file's fixes as a unified diff, which `patch -p1` and
//! `git apply` take (SPEC section 12), with every secret on a shown line
//! redacted unless secrets are shown (SPEC section 10).

use std::ops::Range;

use similar::udiff::UnifiedHunkHeader;
use similar::{ChangeTag, TextDiff};

/// Lines of context around each change, as `diff -u` and git show.
const CONTEXT: usize = 3;

/// A unified diff of one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    /// The diff: `--- a/PATH`, `+++ b/PATH`, then its hunks. Empty when
    /// nothing changed.
    pub text: Vec<u8>,
    /// How many of its lines had a secret replaced by `****`: those hunks
    /// do not apply.
    pub redacted: usize,
}

/// The unified diff from `old` to `new`, both named `path` (with git's
/// `a/` and `b/` prefixes). `secrets` are, for `old` and for `new`, the
/// byte ranges to show as `****` beside those [`crate::redact::locate_text`]
/// finds on each shown line; `show_secrets` shows them all.
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
    let path = path.strip_prefix("./").unwrap_or(path);
    out.text.extend_from_slice(
        format!("--- {}\n+++ {}\n", name("a/", path), name("b/", path)).as_bytes(),
    );
    for group in diff.grouped_ops(CONTEXT) {
        out.text
            .extend_from_slice(format!("{}\n", UnifiedHunkHeader::new(&group)).as_bytes());
        for op in &group {
            for change in diff.iter_changes(op) {
                let (sign, side, index) = match change.tag() {
                    ChangeTag::Equal => (b' ', 0, change.old_index()),
                    ChangeTag::Delete => (b'-', 0, change.old_index()),
                    ChangeTag::Insert => (b'+', 1, change.new_index()),
                };
                let line: &[u8] = change.value();
                let at = index.map_or(0, |i| starts[side][i]);
                out.text.push(sign);
                if show_secrets {
                    out.text.extend_from_slice(line);
                } else {
                    let shown = redact(line, at, secrets[side]);
                    out.redacted += usize::from(shown.as_slice() != line);
                    out.text.extend_from_slice(&shown);
                }
                if !line.ends_with(b"\n") {
                    out.text
                        .extend_from_slice(b"\n\\ No newline at end of file\n");
                }
            }
        }
    }
    out
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
    fn secrets_on_shown_lines_are_redacted() {
        let old = b"db postgres://app:hunter2@DB.acme.net/x\n";
        let new = b"db postgres://app:hunter2@db.acme.net/x\n";
        let d = unified_diff("a", old, new, [&[], &[]], false);
        let text = String::from_utf8(d.text).unwrap();
        assert!(!text.contains("hunter2"), "{text}");
        assert_eq!(d.redacted, 2);
        // A secret only the caller knows of (decoded from markup).
        let known = [Range { start: 2, end: 13 }];
        let d = unified_diff(
            "a",
            b"x s3cr&#101;t\n",
            b"y s3cr&#101;t\n",
            [&known, &known],
            false,
        );
        assert_eq!(
            String::from_utf8(d.text).unwrap(),
            "--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x ****\n+y ****\n"
        );
    }
}
