//! reStructuredText (SPEC section 9). Hyperlink references
//! (`` `text <url>`_ ``), targets (`.. _label: url`) and `:target:` options
//! are text the scanner already reads; this reader applies backslash
//! escapes and skips literal blocks (`::`), `code-block`/`code`/
//! `sourcecode` directives and inline literals unless code is asked for
//! (docutils' reStructuredText Markup Specification, "Literal Blocks",
//! "Escaping Mechanism").

use super::lines::{Line, lines};
use super::{Doc, Options, Segment};

const CODE_DIRECTIVES: &[&[u8]] = &[b"code-block::", b"code::", b"sourcecode::"];

/// Reads an rST file into `doc`.
pub(crate) fn read(raw: &[u8], options: Options, doc: &mut Doc) {
    // Skipping an indented block: lines indented more than this.
    let mut skip_deeper: Option<usize> = None;
    // A paragraph ended with `::`: after a blank line, a literal block.
    let mut literal_after: Option<usize> = None;
    let mut inline_literal = false;
    for l in lines(raw) {
        let body = &raw[l.start + l.indent..l.end];
        if let Some(base) = skip_deeper {
            if l.is_blank(raw) || l.indent > base {
                doc.text.separate();
                continue;
            }
            skip_deeper = None;
        }
        if options.include_code {
            text(raw, &l, &mut doc.text, &mut inline_literal, true);
            continue;
        }
        if l.is_blank(raw) {
            // Inline markup does not run over a paragraph's end.
            inline_literal = false;
            if let Some(base) = literal_after.take() {
                skip_deeper = Some(base);
            }
            doc.text.raw(l.start, &raw[l.start..l.next]);
            continue;
        }
        literal_after = None;
        if let Some(d) = body.strip_prefix(b".. ")
            && CODE_DIRECTIVES
                .iter()
                .any(|c| d.trim_ascii_start().starts_with(c))
        {
            skip_deeper = Some(l.indent);
            doc.text.separate();
            continue;
        }
        if body.trim_ascii_end().ends_with(b"::") && !body.starts_with(b".. ") {
            literal_after = Some(l.indent);
        }
        text(raw, &l, &mut doc.text, &mut inline_literal, false);
    }
}

/// A line's text with backslash escapes applied; inline literals (``` ``x`` ```)
/// are left out unless `code`.
fn text(raw: &[u8], l: &Line, seg: &mut Segment, in_literal: &mut bool, code: bool) {
    let mut i = l.start;
    while i < l.end {
        // Inline markup rules: a start-string is followed by a non-space,
        // an end-string follows one.
        if !code && raw[i..l.end].starts_with(b"``") {
            let opens = !*in_literal && raw.get(i + 2).is_some_and(|b| !b.is_ascii_whitespace());
            let closes = *in_literal && i > l.start && !raw[i - 1].is_ascii_whitespace();
            if opens || closes {
                *in_literal = opens;
                seg.separate();
                // ```x`` ``: the literal starts after two of the three.
                i += 2;
                if closes {
                    while i < l.end && raw[i] == b'`' {
                        i += 1;
                    }
                }
                continue;
            }
        }
        if *in_literal && !code {
            i += 1;
            continue;
        }
        if raw[i] == b'\\' && !code && i + 1 < l.end {
            // An escaped space is removed; any other escaped character
            // stands for itself.
            let c = raw[i + 1];
            let out: &[u8] = if c == b' ' { b"" } else { &raw[i + 1..i + 2] };
            seg.decoded(i..i + 2, out);
            i += 2;
            continue;
        }
        let run = memchr::memchr2(b'\\', b'`', &raw[i + 1..l.end]).map_or(l.end, |k| i + 1 + k);
        seg.raw(i, &raw[i..run]);
        i = run;
    }
    seg.raw(l.end, &raw[l.end..l.next]);
}
