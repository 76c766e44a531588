//! Code actions: a finding's fix (SPEC section 12), safe ones preferred
//! and unsafe ones marked so; every safe fix of the file at once
//! (`source.fixAll.urilint`); and a suppression of a finding, written in
//! the file's own comment syntax.

use std::collections::HashMap;

use lsp_types::{
    CodeAction, CodeActionKind, CodeActionOrCommand, CodeActionParams, TextEdit, Uri, WorkspaceEdit,
};

use super::text::{Encoding, Text};
use super::{Server, diagnostic};
use crate::fix::Applicability;
use crate::format::Format;
use crate::report::Record;

/// The kind of the action that applies every safe fix.
pub(super) const FIX_ALL: &str = "source.fixAll.urilint";

/// The actions for the findings in `params.range`, and fix-all.
pub(super) fn code_actions(
    server: &mut Server,
    params: CodeActionParams,
) -> Vec<CodeActionOrCommand> {
    let Some(path) = server.path_of_open(&params.text_document.uri) else {
        return Vec::new();
    };
    let wanted = |kind: &str| match &params.context.only {
        None => true,
        Some(only) => only
            .iter()
            .any(|k| kind == k.as_str() || kind.starts_with(&format!("{}.", k.as_str()))),
    };
    let encoding = server.encoding;
    let doc = &server.documents[&path];
    let uri = doc.uri.clone();
    let from = doc.text.offset(params.range.start, encoding);
    let to = doc.text.offset(params.range.end, encoding);
    let mut out = Vec::new();
    if wanted(CodeActionKind::QUICKFIX.as_str()) {
        for r in &doc.records {
            if (r.start as usize) > to || (r.end as usize) < from {
                continue;
            }
            let shown = diagnostic(r, &doc.text, encoding);
            if let Some(fix) = &r.fix {
                let safe = fix.applicability == Applicability::Safe;
                let edits = fix
                    .edits
                    .iter()
                    .map(|e| TextEdit {
                        range: doc.text.range(e.start as usize, e.end as usize, encoding),
                        new_text: String::from_utf8_lossy(&e.replacement).into_owned(),
                    })
                    .collect();
                let title = match safe {
                    true => format!("Fix `{}`", r.rule),
                    false => format!("Fix `{}` (unsafe: check the result)", r.rule),
                };
                out.push(action(
                    title,
                    CodeActionKind::QUICKFIX,
                    &uri,
                    edits,
                    Some(shown.clone()),
                    safe,
                ));
            }
            let mdx = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("mdx"));
            if let Some(edits) = suppression(doc.format, mdx, &doc.text, r, encoding) {
                let title = format!("Suppress `{}` here (urilint: ignore)", r.rule);
                out.push(action(
                    title,
                    CodeActionKind::QUICKFIX,
                    &uri,
                    edits,
                    Some(shown),
                    false,
                ));
            }
        }
    }
    if wanted(FIX_ALL)
        && doc.records.iter().any(|r| {
            r.fix
                .as_ref()
                .is_some_and(|f| f.applicability == Applicability::Safe)
        })
    {
        let text = doc.text.clone();
        if let Some(checker) = server.checker_for(&path)
            && let Some(fixed) = checker.fix_text(&path, text.text.as_bytes())
        {
            let fixed = String::from_utf8_lossy(&fixed).into_owned();
            let edits = edits_between(&text, &fixed, encoding);
            let kind = CodeActionKind::from(FIX_ALL.to_string());
            let title = "Fix all safe urilint findings".to_string();
            out.push(action(title, kind, &uri, edits, None, false));
        }
    }
    out
}

fn action(
    title: String,
    kind: CodeActionKind,
    uri: &Uri,
    edits: Vec<TextEdit>,
    diagnostic: Option<lsp_types::Diagnostic>,
    preferred: bool,
) -> CodeActionOrCommand {
    CodeActionOrCommand::CodeAction(CodeAction {
        title,
        kind: Some(kind),
        diagnostics: diagnostic.map(|d| vec![d]),
        edit: Some(WorkspaceEdit {
            changes: Some(HashMap::from([(uri.clone(), edits)])),
            ..WorkspaceEdit::default()
        }),
        is_preferred: preferred.then_some(true),
        ..CodeAction::default()
    })
}

/// The edits that make `old` into `new`, one for each change, as the
/// quick fixes send them: the text between two fixes is not sent, so a
/// password between them never is (SPEC section 10, issue 49). Lines are
/// compared first, then the characters of each changed run of lines.
fn edits_between(old: &Text, new: &str, encoding: Encoding) -> Vec<TextEdit> {
    use similar::{DiffTag, TextDiff};
    let a = old.text.as_str();
    let lines = TextDiff::from_lines(a, new);
    let starts = |slices: &[&str]| -> Vec<usize> {
        let mut at = Vec::with_capacity(slices.len() + 1);
        let mut n = 0;
        at.push(0);
        for s in slices {
            n += s.len();
            at.push(n);
        }
        at
    };
    let (old_at, new_at) = (starts(lines.old_slices()), starts(lines.new_slices()));
    let mut out = Vec::new();
    for op in lines.ops().iter().filter(|op| op.tag() != DiffTag::Equal) {
        let (o, n) = (op.old_range(), op.new_range());
        let (base, old_hunk) = (old_at[o.start], &a[old_at[o.start]..old_at[o.end]]);
        let new_hunk = &new[new_at[n.start]..new_at[n.end]];
        let chars = TextDiff::from_chars(old_hunk, new_hunk);
        let (co, cn) = (starts(chars.old_slices()), starts(chars.new_slices()));
        let mut edit: Option<(usize, usize, String)> = None;
        for c in chars.ops() {
            let (ro, rn) = (c.old_range(), c.new_range());
            if c.tag() == DiffTag::Equal {
                if let Some((s, e, t)) = edit.take() {
                    out.push(TextEdit {
                        range: old.range(base + s, base + e, encoding),
                        new_text: t,
                    });
                }
                continue;
            }
            let inserted = &new_hunk[cn[rn.start]..cn[rn.end]];
            let e = edit.get_or_insert((co[ro.start], co[ro.start], String::new()));
            e.1 = co[ro.end];
            e.2.push_str(inserted);
        }
        if let Some((s, e, t)) = edit {
            out.push(TextEdit {
                range: old.range(base + s, base + e, encoding),
                new_text: t,
            });
        }
    }
    out
}

/// The edits that suppress `r` in a file of `format`, in its comment
/// syntax (see [`crate::suppress`]): at the end of its line where a
/// comment can sit there; on a line before it where a comment is a line
/// of its own, and before a Markdown link reference definition (which a
/// comment after it would unmake); around the tag when the line ends
/// inside the tag the URI is in (a comment there would be the tag's); in
/// reStructuredText around its paragraph, whose comments cannot stand
/// inside one. MDX takes `{/* */}`. `None` for JSON and mail, which have
/// no comments urilint reads.
fn suppression(
    format: Format,
    mdx: bool,
    text: &Text,
    r: &Record,
    enc: Encoding,
) -> Option<Vec<TextEdit>> {
    let line = text.line_of(r.start as usize);
    let own = text.line_range(line);
    let rule = &r.rule;
    let insert = |at: usize, new_text: String| TextEdit {
        range: lsp_types::Range::new(text.position(at, enc), text.position(at, enc)),
        new_text,
    };
    let comment = |body: String| match mdx {
        true => format!("{{/* {body} */}}"),
        false => format!("<!-- {body} -->"),
    };
    Some(match format {
        Format::Markdown | Format::Html => {
            if let Some((open, close)) = tag_around(&text.text, r.start as usize)
                && close > own.end
            {
                let end_line = text.line_range(text.line_of(close)).end;
                vec![
                    insert(open, comment(format!("urilint: disable[{rule}]"))),
                    insert(end_line, comment(format!("urilint: enable[{rule}]"))),
                ]
            } else if format == Format::Markdown && is_reference_definition(&text.text[own.clone()])
            {
                vec![insert(
                    own.start,
                    comment(format!("urilint: ignore-next-line[{rule}]")) + "\n",
                )]
            } else {
                vec![insert(
                    own.end,
                    format!(" {}", comment(format!("urilint: ignore[{rule}]"))),
                )]
            }
        }
        Format::Text => vec![insert(own.end, format!(" # urilint: ignore[{rule}]"))],
        Format::Asciidoc => vec![insert(
            own.start,
            format!("// urilint: ignore-next-line[{rule}]\n"),
        )],
        Format::Man => vec![insert(
            own.start,
            format!(".\\\" urilint: ignore-next-line[{rule}]\n"),
        )],
        Format::Rst => {
            let blank = |l: usize| text.text[text.line_range(l)].trim().is_empty();
            let mut first = line;
            while first > 0 && !blank(first - 1) {
                first -= 1;
            }
            let mut last = line;
            while last + 1 < text.lines() && !blank(last + 1) {
                last += 1;
            }
            let first_line = &text.text[text.line_range(first)];
            let indent = &first_line[..first_line.len() - first_line.trim_start().len()];
            vec![
                insert(
                    text.line_range(first).start,
                    format!("{indent}.. urilint: disable[{rule}]\n\n"),
                ),
                insert(
                    text.line_range(last).end,
                    format!("\n\n{indent}.. urilint: enable[{rule}]"),
                ),
            ]
        }
        // A comment line may not sit between a PO string's lines.
        Format::Json | Format::Mail | Format::Po => return None,
    })
}

/// The tag that byte `at` is inside, as the offsets of its `<` and just
/// past its `>`, if it is in one.
fn tag_around(text: &str, at: usize) -> Option<(usize, usize)> {
    let before = &text.as_bytes()[..at];
    let open = memchr::memrchr(b'<', before)?;
    if memchr::memchr(b'>', &before[open..]).is_some() {
        return None;
    }
    let close = memchr::memchr(b'>', &text.as_bytes()[at..])? + at + 1;
    Some((open, close))
}

/// Whether a Markdown line is a link reference definition (`[id]: URL`,
/// CommonMark 4.7).
fn is_reference_definition(line: &str) -> bool {
    let t = line.trim_start_matches(' ');
    line.len() - t.len() <= 3
        && t.starts_with('[')
        && t.find("]:")
            .is_some_and(|k| k > 1 && !t[1..k].contains(']'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_reference_definitions_are_told() {
        let html = "<a href=\"HTTP://x/\"\n   title=\"t\">x</a> <b>";
        assert_eq!(tag_around(html, 10), Some((0, 33)));
        assert_eq!(tag_around(html, 34), None);
        assert!(is_reference_definition("[ref]: HTTP://Example.COM/a"));
        assert!(is_reference_definition("   [a b]: <x>"));
        assert!(!is_reference_definition("    [ref]: x"));
        assert!(!is_reference_definition("[a](b): c"));
    }

    #[test]
    fn each_change_is_an_edit_of_its_own() {
        let old =
            Text::new("see <HTTP://A.example/é> pw:Hunter2 <HTTP://B.example/>\nend\n".to_string());
        let new = "see <http://a.example/é> pw:Hunter2 <http://b.example/>\nend\n";
        let edits = edits_between(&old, new, Encoding::Utf16);
        let got: Vec<_> = edits
            .iter()
            .map(|e| {
                (
                    e.range.start.character,
                    e.range.end.character,
                    e.new_text.as_str(),
                )
            })
            .collect();
        // Each edit is a fix's own change; what lies between is not sent.
        assert_eq!(
            got,
            [
                (5, 9, "http"),
                (12, 13, "a"),
                (37, 41, "http"),
                (44, 45, "b")
            ]
        );
        assert!(edits_between(&old, &old.text.clone(), Encoding::Utf16).is_empty());
    }
}
