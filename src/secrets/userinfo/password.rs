//! Where a password ends (RFC 3986 s3.2.1, SPEC section 10): the `@` before
//! the host, when the password may hold `@`, `/`, `?`, `#` or spaces, read
//! from the candidates a reader could take.

use super::*;

/// The password after the `:` at `w[colon]`, up to the `@` before the host.
pub(super) fn password(
    w: &[u8],
    auth: usize,
    colon: usize,
    limit: usize,
    eof: bool,
    cut: bool,
    email: bool,
) -> Located {
    match port_follows(w, colon, limit, eof) {
        None => return Located::NeedMore,
        // A documented token (`AKIA...`) is no host, so what follows its
        // `:` is no port: an AWS secret key may start `7/K7M...`.
        Some(true) if crate::secrets::token::documented(&w[auth..colon]).is_none() => {
            return Located::None;
        }
        Some(_) => {}
    }
    // The password: anything on this line up to the `@` before the host.
    // Each `@` followed by a host is a candidate, classed by what follows
    // the host (see `Tail`). The first one ends the userinfo when its host
    // goes on or ends the URI; when a space or an odd byte follows it, a
    // later candidate may fit better (`p@ss w0rd@host`).
    let mut spaced = false;
    let mut doubt = email;
    // A single `/` is doubt too, but not for a long password, which may
    // hold one (a cloud key's `K7MDENG/bPxR...`); `//` is, as another
    // URI's authority may start there.
    let mut slash = false;
    let mut first: Option<Candidate> = None;
    let mut last: Option<usize> = None;
    let mut j = colon + 1;
    let settle = |first: Option<Candidate>, last: Option<usize>| match (first, last) {
        (Some(f), Some(l)) if f.weak => extend(w, auth, Some(colon), l, true, limit, eof),
        (Some(f), _) => extend(w, auth, Some(colon), f.at, f.unsure, limit, eof),
        (None, _) => Located::None,
    };
    loop {
        if j >= limit || (spaced && j - colon > MAX_SPACED) || (!cut && j - colon > MAX_PASSWORD) {
            if cut && first.is_none() && !spaced && j >= limit && limit >= w.len() {
                // The text ends inside the password (SPEC E6's cut).
                return Located::Found(Credential {
                    user: auth..colon,
                    password: Some(colon + 1..j),
                    at: j,
                    uncertain: true,
                });
            }
            // A long password with nothing odd in its first bytes (a
            // token, a key): its `@` is looked for with memchr.
            if !cut && !spaced && !doubt && first.is_none() && j < limit {
                return long_password(w, auth, colon, j, limit, eof);
            }
            return settle(first, last);
        }
        let Some(&b) = w.get(j) else {
            return Located::NeedMore;
        };
        match b {
            b'\n' => return settle(first, last),
            b'\r' => match byte(w, j + 1, limit, eof) {
                None => return Located::NeedMore,
                // A lone CR inside a line is an odd byte, not its end.
                Some(Some(n)) if n != b'\n' => {
                    doubt = true;
                    j += 1;
                }
                Some(_) => return settle(first, last),
            },
            b',' | b';' | b':' => {
                let Some(n) = byte(w, j + 1, limit, eof) else {
                    return Located::NeedMore;
                };
                match n {
                    // `http://host:port, or mail me@x.org`, `user: alice@x.org`:
                    // punctuation before a space is prose.
                    Some(b' ' | b'\t') => return settle(first, last),
                    Some(b'/') if b == b':' && spaced => match byte(w, j + 2, limit, eof) {
                        None => return Located::NeedMore,
                        // Another URI begins: this one had no password.
                        Some(Some(b'/')) => return settle(first, last),
                        Some(_) => j += 1,
                    },
                    _ => j += 1,
                }
            }
            b'@' => {
                let Some(next) = byte(w, j + 1, limit, eof) else {
                    return Located::NeedMore;
                };
                let Some(hosted) = host_starts(w, j + 1, limit, eof) else {
                    return Located::NeedMore;
                };
                let accepted = hosted || !spaced && next.is_none_or(|n| matches!(n, b'/' | b':'));
                if !accepted {
                    doubt = true;
                    j += 1;
                    continue;
                }
                let Some(host_end) = host_run(w, j + 1, limit, eof) else {
                    return Located::NeedMore;
                };
                let host = &w[j + 1..host_end];
                // What follows the host decides, so a window that ends
                // at the host's end needs more (SPEC E6).
                let after = match w.get(host_end) {
                    _ if host_end >= limit => None,
                    Some(&b) => Some(b),
                    None if eof => None,
                    None => return Located::NeedMore,
                };
                let tail = match Tail::of(after) {
                    // An IP literal that is not closed is no host.
                    Tail::GoesOn | Tail::Ends | Tail::Space
                        if host.starts_with(b"[") && !host.ends_with(b"]") =>
                    {
                        Tail::Odd
                    }
                    tail => tail,
                };
                match (tail, first) {
                    // `p@ss@host`: what follows this `@` is no host yet.
                    (Tail::At, _) => doubt = true,
                    (Tail::GoesOn | Tail::Ends, None) => {
                        return extend(
                            w,
                            auth,
                            Some(colon),
                            j,
                            spaced || doubt || slash,
                            limit,
                            eof,
                        );
                    }
                    (Tail::GoesOn, Some(_)) => {
                        return extend(w, auth, Some(colon), j, true, limit, eof);
                    }
                    (Tail::Space | Tail::Odd, None) => {
                        // A bare word (`ss`) or an odd byte after the host
                        // makes a later `@` the better end.
                        let bare = !host.contains(&b'.')
                            && !host.starts_with(b"[")
                            && !host.eq_ignore_ascii_case(b"localhost");
                        first = Some(Candidate {
                            at: j,
                            unsure: spaced || doubt || slash,
                            weak: bare || tail == Tail::Odd,
                        });
                        spaced |= tail == Tail::Space;
                        doubt = true;
                    }
                    (Tail::Ends, Some(f)) if f.weak => {
                        return extend(w, auth, Some(colon), j, true, limit, eof);
                    }
                    (Tail::Ends, Some(_)) => return settle(first, last),
                    (Tail::Space | Tail::Odd, Some(_)) => {
                        last = Some(j);
                        spaced |= tail == Tail::Space;
                    }
                }
                j = host_end;
            }
            b' ' | b'\t' => {
                spaced = true;
                j += 1;
            }
            _ if b >= 0x80 => match decode(w, j, eof) {
                Utf8::Char(c, n) => {
                    doubt |= ends_undelimited_char(c);
                    j += n;
                }
                Utf8::Invalid => {
                    doubt = true;
                    j += 1;
                }
                Utf8::Incomplete => return Located::NeedMore,
            },
            _ => {
                if b == b'/' && w[j - 1] != b'/' {
                    slash = true;
                } else {
                    doubt |= unsure(b);
                }
                j += 1;
            }
        }
    }
}

/// An `@` that may end the userinfo.
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    at: usize,
    /// The password before it holds whitespace or URI delimiters.
    unsure: bool,
    /// A later candidate fits better: its host is a bare word, or an odd
    /// byte follows it.
    weak: bool,
}

/// What follows the host after an `@`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Tail {
    /// Another `@`.
    At,
    /// A port, path, query or fragment (RFC 3986 s3.2.3, s3.3 to s3.5).
    GoesOn,
    /// The end of the text or line, or a byte that ends a URI in text:
    /// quotes, brackets, trailing punctuation (RFC 3986 App. C).
    Ends,
    /// Whitespace or a control byte.
    Space,
    /// Anything else (`$`, `&`, `*`, `\` ...): no host ends so.
    Odd,
}

impl Tail {
    fn of(after: Option<u8>) -> Tail {
        match after {
            Some(b'@') => Tail::At,
            Some(b'/' | b'?' | b'#' | b':') => Tail::GoesOn,
            None
            | Some(
                b'\n' | b'\r' | b'"' | b'\'' | b'<' | b'>' | b'`' | b')' | b']' | b'}' | b','
                | b';' | b'!',
            ) => Tail::Ends,
            Some(b) if b <= b' ' || b == 0x7f => Tail::Space,
            Some(_) => Tail::Odd,
        }
    }
}

/// The end of the host that starts at `w[i]`: an IP literal in brackets,
/// or a run of reg-name characters (RFC 3986 s3.2.2); `None` when the
/// window ends first.
pub(super) fn host_run(w: &[u8], mut i: usize, limit: usize, eof: bool) -> Option<usize> {
    let literal = w.get(i) == Some(&b'[');
    let placeholder = matches!(w.get(i), Some(b'$' | b'{' | b'<' | b'*' | b'#' | b'%'));
    loop {
        match w.get(i) {
            _ if i >= limit => return Some(i),
            Some(b']') if literal => return Some(i + 1),
            Some(&b) if literal && !b.is_ascii_whitespace() && b != b'/' && b != b'@' => i += 1,
            Some(&b) if !literal && in_host(b, placeholder) => i += 1,
            Some(_) => return Some(i),
            None if eof => return Some(i),
            None => return None,
        }
    }
}

/// With the first `@` at `at`, moves on to a later `@` when only userinfo
/// characters stand between them (`u:p@ss@host`): WHATWG parsers and most
/// clients take the last one, so the whole run is userinfo.
pub(super) fn extend(
    w: &[u8],
    auth: usize,
    colon: Option<usize>,
    mut at: usize,
    mut uncertain: bool,
    limit: usize,
    eof: bool,
) -> Located {
    let mut j = at + 1;
    let stop = limit.min(at + MAX_PASSWORD);
    loop {
        if j >= stop {
            break;
        }
        let Some(&b) = w.get(j) else {
            if eof {
                break;
            }
            return Located::NeedMore;
        };
        match b {
            b'@' => {
                match host_starts(w, j + 1, limit, eof) {
                    Some(true) => {
                        at = j;
                        uncertain = true;
                    }
                    Some(false) => break,
                    None => return Located::NeedMore,
                }
                j += 1;
            }
            _ if unsure(b) => break,
            _ if b >= 0x80 => match decode(w, j, eof) {
                Utf8::Char(c, n) if !ends_undelimited_char(c) => j += n,
                Utf8::Incomplete => return Located::NeedMore,
                _ => break,
            },
            _ => j += 1,
        }
    }
    // `alice@corp.example:pw@host` read from its first `@`: the `:` after
    // the email address starts the password.
    let colon = colon.or_else(|| {
        if uncertain {
            memchr::memchr(b':', &w[auth..at]).map(|k| auth + k)
        } else {
            None
        }
    });
    let (user, password) = match colon {
        Some(c) => (auth..c, Some(c + 1..at)),
        None => (auth..at, None),
    };
    Located::Found(Credential {
        user,
        password,
        at,
        uncertain,
    })
}
