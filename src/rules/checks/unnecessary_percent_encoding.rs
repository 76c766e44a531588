//! unnecessary-percent-encoding: RFC 3986 s2.3, s6.2.2.2.

use crate::rules::util::triplets;
use crate::rules::{Context, Edit, Hit};
use crate::scan::Delimiter;
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if !cx.has(crate::rules::class::PERCENT) {
        return;
    }
    // A text fragment directive (`#:~:text=a%2Db`, WICG Text Fragments)
    // must encode `-`, `&` and `,`: what follows it is not checked.
    let uri = match memchr::memchr(b'#', cx.text) {
        Some(k) if cx.text[k..].starts_with(b"#:~:") => &cx.text[..k],
        _ => cx.text,
    };
    let unreserved = |v: u8| v.is_ascii_alphanumeric() || matches!(v, b'-' | b'.' | b'_' | b'~');
    let found: Vec<(usize, u8)> = triplets(uri).filter(|&(_, v)| unreserved(v)).collect();
    let Some(&(at, v)) = found.first() else { return };
    let more = found.len() - 1;
    // The fix decodes every one of them (s6.2.2.2), but in text whose end
    // is not delimited, not where markup would read the character
    // otherwise: `_` or `~` twice (emphasis, strikethrough, subscript in
    // Markdown and AsciiDoc), or `_`, `~` or `.` last (GFM leaves them out
    // of a link, rST reads `a_` as a reference, RFC 3986 App. C a `.`).
    let bare = cx.finding.delimiter == Delimiter::None;
    let twice = |c: u8| {
        uri.iter().filter(|&&b| b == c).count() + found.iter().filter(|&&(_, v)| v == c).count() > 1
    };
    // Last, whatever delimits the URI: GFM links a quoted URI by its own
    // rules, and an angle-bracketed one may have ended at a space.
    let risky = |i: usize, v: u8| {
        (bare && matches!(v, b'_' | b'~') && twice(v)) || (i + 3 == cx.text.len() && matches!(v, b'_' | b'~' | b'.'))
    };
    let edits = found
        .iter()
        .filter(|&&(i, v)| !risky(i, v))
        .map(|&(i, v)| Edit::replace(i..i + 3, [v]))
        .collect();
    let extra = if more > 0 { format!(" ({more} more)") } else { String::new() };
    let t = String::from_utf8_lossy(&uri[at..at + 3]);
    let msg = format!("`{t}` encodes `{}`, an unreserved character; write it as is{extra}", v as char);
    out.push(Hit::new(msg).at(Span { start: at, end: at + 3 }).fix(edits));
}
