//! A URI cut by a hard wrap inside quoted mail, rejoined where the
//! continuation is certain (RFC 3986 App. C: a URI broken over lines is
//! put back together; here without delimiters, so only where the cut
//! itself says the URI goes on).
//!
//! ```text
//! > > See https://urldefense.example/v3/__?url=3Dhttps%3A%2
//! > > F%2Fgithub.com%2Facme%2Frepo for the fix.
//! ```
//!
//! The cut must fall inside a percent-escape (`%`, `%2`) or right after
//! `=` or `?`, where no URI ends, and the next line must carry the same
//! quote prefix, followed at once by more URI.

use super::candidate::trim_punctuation;
use crate::text::chars::{self, End};

/// What follows a URI that ends at a line's end.
pub(crate) enum Wrap {
    /// The URI goes on at `from..to` of the window: it ends at `to`.
    Joined { from: usize, to: usize },
    /// It does not go on.
    No,
    /// The window ends before this can be decided.
    NeedMore,
}

/// Whether `uri`, whose text ends at `w[end]`, goes on after the line
/// break there. `prefix` is its line's quote prefix (`> > `); `limit` the
/// index no URI byte may reach (SPEC E6).
pub(crate) fn continuation(
    w: &[u8],
    uri: &[u8],
    end: usize,
    prefix: &[u8],
    limit: usize,
    eof: bool,
) -> Wrap {
    if prefix.is_empty() || !cut_mid_uri(uri, w.get(end).copied()) {
        return Wrap::No;
    }
    // A `?` the scanner left out as punctuation is the URI's here, if a
    // query follows (`name=`): a question ends many a quoted line.
    let query = w.get(end) == Some(&b'?');
    let mut at = end + usize::from(query);
    // The line break: LF, CRLF or a lone CR.
    match (w.get(at), w.get(at + 1)) {
        (None, _) | (Some(b'\r'), None) if !eof => return Wrap::NeedMore,
        (Some(b'\r'), Some(b'\n')) => at += 2,
        (Some(b'\n' | b'\r'), _) => at += 1,
        _ => return Wrap::No,
    }
    let from = at + prefix.len();
    if from + 1 >= limit {
        return Wrap::No;
    }
    let Some(next) = w.get(at..from + 1) else {
        return if eof { Wrap::No } else { Wrap::NeedMore };
    };
    // The same quote, and more URI right after it (not a deeper quote,
    // not a space).
    if &next[..prefix.len()] != prefix
        || matches!(
            next[prefix.len()],
            b'>' | b' ' | b'\t' | b'\r' | b'\n' | b'<'
        )
    {
        return Wrap::No;
    }
    // Cut inside an escape, the next line must finish it with hex digits
    // (`%2` + `F...`): `50%` then `off` is prose.
    let owed = owed_hex_digits(uri);
    if owed > 0 {
        match w.get(from..from + owed) {
            Some(d) if d.iter().all(u8::is_ascii_hexdigit) => {}
            Some(_) => return Wrap::No,
            None if eof || from + owed >= limit => return Wrap::No,
            None => return Wrap::NeedMore,
        }
    }
    match chars::find_end(w, from, limit, eof, true) {
        End::Need(_) => Wrap::NeedMore,
        End::Limit(_) => Wrap::No,
        End::At(t) => match trim_punctuation(w, from, t) {
            to if to > from && (!query || memchr::memchr(b'=', &w[from..to]).is_some()) => {
                Wrap::Joined { from, to }
            }
            _ => Wrap::No,
        },
    }
}

/// Whether a URI that ends as `uri` does, before the byte `after`, was cut
/// where no URI ends: inside a percent-escape, after a query's `?`, or
/// after a parameter's `name=` with no value yet (not after base64's
/// `==` padding, which ends many a value).
fn cut_mid_uri(uri: &[u8], after: Option<u8>) -> bool {
    after == Some(b'?') || owed_hex_digits(uri) > 0 || empty_value(uri)
}

/// The hex digits the escape `uri` ends in still needs: 2 after `%`, 1
/// after `%X`, else 0.
fn owed_hex_digits(uri: &[u8]) -> usize {
    let n = uri.len();
    if uri.last() == Some(&b'%') {
        2
    } else if n >= 2 && uri[n - 2] == b'%' && uri[n - 1].is_ascii_hexdigit() {
        1
    } else {
        0
    }
}

/// Whether `uri` ends in a query parameter's `name=` (`?url=`, `&next=`).
fn empty_value(uri: &[u8]) -> bool {
    let Some(rest) = uri.strip_suffix(b"=") else {
        return false;
    };
    let start = rest.iter().rposition(|&b| matches!(b, b'?' | b'&' | b';'));
    start.is_some_and(|s| {
        let name = &rest[s + 1..];
        !name.is_empty()
            && name
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    })
}
