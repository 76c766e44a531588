//! Deciding whether a `:` found by memchr ends the scheme of a URI, and if so
//! where that URI starts and ends (SPEC E2 to E4).
//!
//! Every function here looks at a window of the input with relative indices
//! and returns [`Outcome::NeedMore`] rather than guess when the answer depends
//! on bytes past the window, so a stream gives the same answers as a whole
//! buffer (SPEC E6). Each decision needs at most [`LOOKBACK`] bytes before the
//! colon and `max_uri_len + 4` bytes after the candidate's start.

use super::{Delimiter, Flags};
use crate::schemes::{MAX_SCHEME_LEN, Registry, is_scheme_char, scheme_run_back};
use crate::secrets::userinfo::{self, Located};
use crate::text::chars::{self, Class, End};

mod angle;

use angle::{angle, url_prefixed};

/// Bytes before a colon that a decision may read: the longest scheme we look
/// for and one more, which is either the delimiter before the scheme or the
/// scheme character that makes the run too long to be one.
pub(crate) const LOOKBACK: usize = MAX_SCHEME_LEN + 1;

pub(crate) struct Ctx<'a> {
    pub registry: &'a Registry,
    pub max_uri_len: usize,
    /// Set [`Flags::template`](super::Flags::template).
    pub templates: bool,
    /// A quoted URI runs to its closing `"` on the line
    /// ([`super::Scanner::link_targets`]).
    pub link_targets: bool,
}

/// A URI found in the window (indices relative to it).
pub(crate) struct Found {
    pub uri: Vec<u8>,
    pub start: usize,
    pub end: usize,
    /// Where scanning resumes; nothing before it may start another URI.
    pub next: usize,
    pub delimiter: Delimiter,
    pub flags: Flags,
}

pub(crate) enum Outcome {
    Found(Found),
    /// There is no URI whose scheme ends at this colon.
    Reject,
    /// The window ends before this colon can be decided.
    NeedMore,
}

enum Peek {
    Byte(u8),
    End,
    Need,
}

#[inline]
fn peek(w: &[u8], i: usize, eof: bool) -> Peek {
    match w.get(i) {
        Some(&b) => Peek::Byte(b),
        None if eof => Peek::End,
        None => Peek::Need,
    }
}

/// Decides the candidate whose scheme ends at `w[colon]`. No URI may start
/// before `floor` (the end of the previous one).
// Inlined into the engine's loop: as a call it cost 8% of text extraction
// (one colon test per `:` in the input).
#[inline(always)]
pub(crate) fn at_colon(cx: &Ctx, w: &[u8], colon: usize, floor: usize, eof: bool) -> Outcome {
    // RFC 3986 s3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ).
    let lo = floor.max(colon.saturating_sub(MAX_SCHEME_LEN + 1));
    let mut s = colon - scheme_run_back(&w[lo..colon]);
    if colon - s > MAX_SCHEME_LEN {
        return Outcome::Reject;
    }
    // `12:30`, `3:1`, `...http:` : the scheme starts at the first letter.
    while s < colon && !w[s].is_ascii_alphabetic() {
        s += 1;
    }
    if s == colon {
        return Outcome::Reject;
    }
    // SPEC 11b (amends E2): in a string literal, `"\thttp://x"` is the
    // scheme `http` after the escape `\t`, not `thttp`.
    if s > lo
        && w[s - 1] == b'\\'
        && matches!(w[s], b'n' | b't' | b'r')
        && colon - s > 1
        && cx.registry.get_bytes(&w[s + 1..colon]).is_some()
    {
        s += 1;
    }
    // `Subject: x`, `Note: x`: what ends a URI right after the colon
    // starts none (SPEC E2), unless a `<` before the scheme delimits it
    // (RFC 3986 App. C: a URI in `<...>` is rejoined over line breaks).
    // Mail headers put such a colon on nearly every line: they are let go
    // here, before the costlier tests below.
    if let Some(&next) = w.get(colon + 1)
        && chars::CLASS[next as usize] == Class::End
        && (s == floor || !matches!(w[s - 1], b'<' | b':'))
    {
        return Outcome::Reject;
    }
    // Text run straight into a scheme (`list.example.comhttp://...`,
    // `Aqhttp://...`, `credential.https://...`): the URI starts at the web
    // scheme followed by `//`.
    if colon - s > 4 {
        let keep = glued(&w[s..colon]);
        if keep < colon - s && cx.registry.get_bytes(&w[s..colon]).is_none() {
            match (peek(w, colon + 1, eof), peek(w, colon + 2, eof)) {
                (Peek::Need, _) | (Peek::Byte(b'/'), Peek::Need) => return Outcome::NeedMore,
                (Peek::Byte(b'/'), Peek::Byte(b'/')) => s = colon - keep,
                _ => {}
            }
        }
    }
    let before = if s > floor { Some(w[s - 1]) } else { None };

    if before == Some(b'<') {
        // RFC 3986 App. C and RFC 1738 App.: `<URL:...>` and `<...>`.
        let outcome = if w[s..colon].eq_ignore_ascii_case(b"URL") {
            url_prefixed(cx, w, s, colon, eof)
        } else {
            angle(cx, w, s, s, colon, Delimiter::Angle, eof)
        };
        if !matches!(outcome, Outcome::Reject) {
            return outcome;
        }
        // An unclosed `<`: what follows is read as undelimited text.
    }
    // `<jdbc:mysql://...>`: a URI behind a compound scheme (JDBC's) is
    // delimited by the brackets around both, and rejoined over lines as
    // any bracketed URI is (issue 31, S2).
    if before == Some(b':') {
        // A scheme's length at most, as the scheme itself is read above.
        let lo = floor.max((s - 1).saturating_sub(MAX_SCHEME_LEN));
        let t = s - 1 - scheme_run_back(&w[lo..s - 1]);
        if t > lo && t + 1 < s && w[t - 1] == b'<' && w[t].is_ascii_alphabetic() {
            let outcome = angle(cx, w, t, s, colon, Delimiter::Angle, eof);
            if !matches!(outcome, Outcome::Reject) {
                return outcome;
            }
        }
    }
    // A link target's value may start with spaces, which are not its (the
    // URL Standard strips them): its quote is still its delimiter.
    let quoted = before == Some(b'"')
        || (cx.link_targets && {
            let k = s - w[floor..s]
                .iter()
                .rev()
                .take_while(|&&b| b == b' ' || b == b'\t')
                .count();
            k < s && k > floor && w[k - 1] == b'"'
        });
    undelimited(cx, w, s, colon, quoted, lo, eof)
}

/// Schemes that text is often glued to, longest first: only the web's,
/// since `gsiftp://` and `profile://` end in other schemes' names.
const GLUED: &[&[u8]] = &[b"https", b"http"];

/// The length of the web scheme that ends `name` after at least two
/// letters or digits (`comhttp`, `Aqhttp`) or after a `.` (git's
/// `section.<url>.key` names: `credential.https://host.username`,
/// `url.https://u:tok@host/.insteadof`), or all of `name`: `hhttps` is a
/// typo, not text glued to a scheme.
fn glued(name: &[u8]) -> usize {
    for g in GLUED {
        let n = g.len();
        if name.len() > n + 1
            && name[name.len() - n - 2].is_ascii_alphanumeric()
            && name[name.len() - n..].eq_ignore_ascii_case(g)
            && name[name.len() - n - 1].is_ascii_alphanumeric()
        {
            return n;
        }
    }
    // Compared in place: every colon after a word of five letters or more
    // comes here.
    crate::schemes::WEB
        .iter()
        .map(|g| g.len())
        .find(|&n| {
            name.len() > n + 1
                && name[name.len() - n - 1] == b'.'
                && crate::schemes::is_web(&name[name.len() - n..])
        })
        .unwrap_or(name.len())
}

/// SPEC E2: after `scheme:` comes `//` and something more, or the scheme is
/// a registered opaque one found bare and something follows. `Word::Word` (a Perl
/// module, a C++ name) is not a URI, and a `data:` URI holds the `,` that
/// starts its data (RFC 2397 s3), so `Data: ?Sized` is not one either.
fn accepted(cx: &Ctx, scheme: &[u8], rest: &[u8]) -> bool {
    if rest.starts_with(b"//") {
        rest.len() > 2
    } else {
        (!rest.is_empty()
            && rest[0] != b':'
            && cx.registry.is_bare(scheme)
            && (!scheme.eq_ignore_ascii_case(b"data") || data_like(rest)))
            || (crate::schemes::is_web(scheme)
                && (rest.starts_with(b":/")
                    || (rest.starts_with(b"/")
                        && rest
                            .get(1)
                            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'['))
                    // A link target's `https:host` or `https:\\host` (a
                    // browser's `host`).
                    || (cx.link_targets
                        && rest
                            .first()
                            .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'/' || c == b'\\'))))
    }
}

/// Whether `w[s..colon]` is a web scheme followed by `:/` and a host
/// character, or by `::/` (SPEC E2 as amended in section 3a); `None` when
/// the window ends too soon to tell.
fn mistyped_web(w: &[u8], s: usize, colon: usize, eof: bool) -> Option<bool> {
    if !crate::schemes::is_web(&w[s..colon]) {
        return Some(false);
    }
    let at = |i: usize| match peek(w, i, eof) {
        Peek::Byte(b) => Some(Some(b)),
        Peek::End => Some(None),
        Peek::Need => None,
    };
    Some(match (at(colon + 1)?, at(colon + 2)?) {
        (Some(b'/'), Some(c)) => c.is_ascii_alphanumeric() || c == b'[',
        (Some(b':'), Some(b'/')) => true,
        _ => false,
    })
}

/// RFC 2397 s3: `data:[<mediatype>][;base64],<data>`: a `,`, or at least a
/// media type (`type/subtype`, RFC 2045 s5.1 tokens) to start with.
fn data_like(rest: &[u8]) -> bool {
    let token = |b: &u8| b.is_ascii_alphanumeric() || b"!#$&^_.+-".contains(b);
    let ty = rest.iter().take_while(|b| token(b)).count();
    rest.contains(&b',')
        || (ty > 0 && rest.get(ty) == Some(&b'/') && rest[ty + 1..].first().is_some_and(token))
}

/// Drops SPEC E4's trailing punctuation from a URI in `<...>` whose end
/// the brackets do not mark, and moves its raw `end` with it (the bytes
/// dropped are the last run's, written as they are).
fn trim_cut(w: &[u8], uri: &mut Vec<u8>, end: &mut usize, scheme_len: usize) {
    while uri.len() > scheme_len + 1
        && uri.last().copied().is_some_and(trailing_punctuation)
        && *end > 0
        && w[*end - 1] == *uri.last().expect("non-empty")
    {
        uri.pop();
        *end -= 1;
    }
}

/// A URI not in angle brackets: it runs to a terminator (SPEC E4). When a
/// `"` stands right before it and right after it, the quotes delimit it and
/// everything between them is kept; otherwise trailing punctuation and
/// unbalanced closing brackets are left out.
fn undelimited(
    cx: &Ctx,
    w: &[u8],
    s: usize,
    colon: usize,
    quoted: bool,
    lo: usize,
    eof: bool,
) -> Outcome {
    let hierarchical = match peek(w, colon + 1, eof) {
        Peek::Need => return Outcome::NeedMore,
        Peek::Byte(b'/') => match peek(w, colon + 2, eof) {
            Peek::Need => return Outcome::NeedMore,
            Peek::Byte(b'/') => true,
            _ => false,
        },
        _ => false,
    };
    if !hierarchical {
        // An opaque URI needs something after the colon (SPEC E2): test
        // that before asking the registry, so `Note: x` costs no lookup.
        match peek(w, colon + 1, eof) {
            Peek::Need => return Outcome::NeedMore,
            Peek::End => return Outcome::Reject,
            Peek::Byte(b) if chars::CLASS[b as usize] == Class::End => return Outcome::Reject,
            Peek::Byte(_) => {}
        }
        if !cx.registry.is_bare(&w[s..colon]) {
            // SPEC E2 as amended (3a): `http:/host` and `https:://host` are
            // candidates, for scheme-typo to report.
            match mistyped_web(w, s, colon, eof) {
                Some(true) => {}
                // A link target is a URL whatever it holds: a browser
                // takes `href="https:host/"` to `host` (WHATWG URL), so
                // parser-differential must see it.
                Some(false)
                    if quoted && cx.link_targets && crate::schemes::is_web(&w[s..colon]) => {}
                Some(false) => return Outcome::Reject,
                None => return Outcome::NeedMore,
            }
        }
    }
    let first = finish(cx, w, s, colon, colon + 1, quoted, lo, eof);
    if !hierarchical {
        return first;
    }
    // SPEC section 10: a password may hold what ends a URI in text (a space,
    // `"`, `>`, an unbalanced `)` ...); when the text says `user:...@host`
    // on this line, the URI runs over it.
    let Outcome::Found(f) = first else {
        return first;
    };
    // Only an authority holding `:` or `@` can hold a password; most hold
    // neither.
    if f.flags.truncated || !userinfo::may_hold(w, colon + 3, f.end) {
        return Outcome::Found(f);
    }
    match userinfo::locate(w, colon + 3, s + cx.max_uri_len, eof, false) {
        Located::NeedMore => Outcome::NeedMore,
        Located::Found(c) if c.at >= f.end => finish(cx, w, s, colon, c.at + 1, quoted, lo, eof),
        _ => Outcome::Found(f),
    }
}

/// The URI `w[s..end]` between `"` and `"` (RFC 3986 App. C), if its
/// scheme and what follows make it one.
fn quoted_uri(cx: &Ctx, w: &[u8], s: usize, colon: usize, end: usize) -> Outcome {
    if !accepted(cx, &w[s..colon], &w[colon + 1..end]) {
        return Outcome::Reject;
    }
    Outcome::Found(Found {
        uri: w[s..end].to_vec(),
        start: s,
        end,
        next: end + 1,
        delimiter: Delimiter::Quote,
        flags: Flags::default(),
    })
}

/// Where an escape ends the URI `w[s..end]` read on from `from` (SPEC
/// section 11b, amending E3 and E4): `\"` always (no URI holds `\` or
/// `"`), and `\n`, `\t` and `\r` in a string literal, where they are a
/// line break or a tab written in the source (`"see https://x.org\n"`).
/// The URI is in one when a `"` opens before it on its line, within the
/// bytes the scan always holds before a scheme (from `lo`), or an escape
/// stands right before its scheme.
fn escape_end(w: &[u8], lo: usize, s: usize, from: usize, end: usize) -> usize {
    let mut literal: Option<bool> = None;
    let mut at = from;
    while let Some(k) = memchr::memchr(b'\\', &w[at..end]) {
        let i = at + k;
        match w.get(i + 1) {
            Some(b'"') => return i,
            Some(b'n' | b't' | b'r') if *literal.get_or_insert_with(|| in_literal(w, lo, s)) => {
                return i;
            }
            _ => {}
        }
        at = i + 1;
    }
    end
}

/// Whether the URI starting at `w[s]` is inside a `"..."` string literal
/// (see [`escape_end`]).
fn in_literal(w: &[u8], lo: usize, s: usize) -> bool {
    if s > lo && w[s - 1] == b'"' {
        return true;
    }
    if s >= lo + 2 && w[s - 2] == b'\\' && matches!(w[s - 1], b'n' | b't' | b'r' | b'"') {
        return true;
    }
    let line = memchr::memrchr(b'\n', &w[lo..s]).map_or(lo, |k| lo + k + 1);
    let mut quotes = 0usize;
    let mut i = line;
    while i < s {
        match w[i] {
            b'\\' => i += 1,
            b'"' => quotes += 1,
            _ => {}
        }
        i += 1;
    }
    quotes % 2 == 1
}

/// The undelimited URI whose scheme ends at `w[colon]`, read on from
/// `from` to its end (SPEC E4, E6).
#[allow(clippy::too_many_arguments)]
fn finish(
    cx: &Ctx,
    w: &[u8],
    s: usize,
    colon: usize,
    from: usize,
    quoted: bool,
    lo: usize,
    eof: bool,
) -> Outcome {
    let limit = s + cx.max_uri_len;
    // A link target is the whole value between its quotes.
    if quoted && cx.link_targets {
        let stop = w.len().min(limit);
        match memchr::memchr2(b'"', b'\n', &w[from.min(stop)..stop]) {
            Some(k) if w[from + k] == b'"' => {
                // Spaces and controls at its end are not part of it (the
                // URL Standard's parser strips them).
                let raw_end = from
                    + w[from..from + k]
                        .iter()
                        .rposition(|&b| b > b' ')
                        .map_or(0, |p| p + 1);
                return quoted_uri(cx, w, s, colon, raw_end);
            }
            None if !eof && stop == w.len() => return Outcome::NeedMore,
            _ => {}
        }
    }
    let raw_end = match chars::find_end(w, from, limit, eof, !quoted) {
        End::Need(_) => return Outcome::NeedMore,
        End::Limit(t) => {
            // SPEC E6: report the first max_uri_len bytes once; the engine
            // then skips to the real end without buffering it.
            return Outcome::Found(Found {
                uri: w[s..t].to_vec(),
                start: s,
                end: t,
                next: t,
                delimiter: Delimiter::None,
                flags: Flags {
                    truncated: true,
                    ..Flags::default()
                },
            });
        }
        End::At(t) => t,
    };
    let cut = escape_end(w, lo, s, from, raw_end);
    if quoted && cut == raw_end && w.get(raw_end) == Some(&b'"') {
        return quoted_uri(cx, w, s, colon, raw_end);
    }
    let raw_end = cut;
    // Unquoted, find_end has already stopped at an unbalanced bracket.
    let end = if quoted {
        first_unbalanced(w, from, raw_end)
    } else {
        raw_end
    };
    let end = trim_punctuation(w, from.min(end), end);
    if end <= colon || !accepted(cx, &w[s..colon], &w[colon + 1..end]) {
        return Outcome::Reject;
    }
    Outcome::Found(Found {
        uri: w[s..end].to_vec(),
        start: s,
        end,
        next: end,
        delimiter: Delimiter::None,
        flags: Flags::default(),
    })
}

/// SPEC E4: the URI stops at the first `)`, `]` or `}` that closes no
/// bracket opened inside it.
fn first_unbalanced(w: &[u8], s: usize, raw_end: usize) -> usize {
    match chars::find_end(&w[..raw_end], s, usize::MAX, true, true) {
        End::At(t) => t,
        End::Limit(_) | End::Need(_) => unreachable!("a closed slice has an end"),
    }
}

/// SPEC E4: trailing `. , ; : ! ? ' *` are prose, not URI.
pub(crate) fn trim_punctuation(w: &[u8], s: usize, mut end: usize) -> usize {
    while end > s && trailing_punctuation(w[end - 1]) {
        end -= 1;
    }
    end
}

/// SPEC E4's trailing punctuation: `. , ; : ! ? ' *`.
fn trailing_punctuation(b: u8) -> bool {
    matches!(b, b'.' | b',' | b';' | b':' | b'!' | b'?' | b'\'' | b'*')
}
