//! Where the userinfo of an authority ends, read from raw text without the
//! RFC 3986 parser (SPEC section 10).
//!
//! RFC 3986 s3.2 ends the authority at the first `/`, `?` or `#`, and
//! s3.2.1 ends userinfo at `@`. People write passwords as they are, so a
//! password holding `#`, `/` or `?` (AWS secret keys hold `/`) makes a
//! strict parser see no password at all, and one holding a space, `"` or
//! `>` makes the scanner end the URI inside it (RFC 3986 App. C). This
//! locator reads what the text says instead: `user:` then anything up to the
//! `@` that is followed by a host, on the same line.
//!
//! It works on a window of a stream like the scanner does: it answers
//! [`Located::NeedMore`] rather than guess when the answer depends on bytes
//! past the window, so the scanner can use it to widen a URI over its
//! password (SPEC E6 still holds).

use std::ops::Range;

use crate::scan::{Utf8, decode, ends_undelimited, ends_undelimited_char};

/// Longest password holding whitespace that is read as one: prose such as
/// `http://host:port and mail me@example.org` must not become a credential.
const MAX_SPACED: usize = 128;

/// What the text says about the userinfo starting at the authority.
#[derive(Debug, PartialEq, Eq)]
pub enum Located {
    /// No userinfo: the authority is a host (and port).
    None,
    /// The window ends before that can be decided.
    NeedMore,
    /// Userinfo ending at an `@`.
    Found(Credential),
}

/// A userinfo found in raw text. Indices are into the text searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Credential {
    /// The user: from the authority's start to the first `:` (or the `@`).
    pub user: Range<usize>,
    /// What follows the first `:`, up to the `@`; `None` with no `:`.
    pub password: Option<Range<usize>>,
    /// The `@` that ends the userinfo, or the end of a cut text.
    pub at: usize,
    /// Several `@`, whitespace or URI delimiters make the boundary a guess:
    /// everything from the authority's start to `at` is then a secret.
    pub uncertain: bool,
}

/// A byte that cannot be in a user name as written before `:` or `@`: the
/// authority's end (RFC 3986 s3.2), an IP literal's bracket, or a byte that
/// ends a URI in text.
fn ends_user(b: u8) -> bool {
    matches!(b, b'/' | b'?' | b'#' | b'[' | b']' | b'\\') || (b < 0x80 && ends_undelimited(b))
}

/// The first byte of a host after `@` (RFC 3986 s3.2.2: reg-name,
/// IP-literal, or a non-ASCII IRI name).
fn starts_host(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'[' | b'-' | b'_' | b'.' | b'%' | b'~') || b >= 0x80
}

/// Bytes that are not userinfo characters (RFC 3986 s3.2.1) and that make
/// the extent of a password a guess.
fn unsure(b: u8) -> bool {
    matches!(b, b'/' | b'?' | b'#' | b'[' | b']' | b'@' | b'\\')
        || (b < 0x80 && ends_undelimited(b))
}

/// Reads the userinfo of the authority that starts at `w[auth]` (right after
/// `//`). Nothing at or past `limit` is read. `eof`: the window holds the
/// rest of the input. `cut`: the text is the beginning of a longer URI (a
/// truncated finding), so a password that runs to its end is still one.
pub fn locate(w: &[u8], auth: usize, limit: usize, eof: bool, cut: bool) -> Located {
    let limit = limit.min(if eof { w.len() } else { usize::MAX });
    // The user: up to `:` or `@`.
    let mut i = auth;
    let colon = loop {
        if i >= limit {
            return Located::None;
        }
        let Some(&b) = w.get(i) else {
            return Located::NeedMore;
        };
        match b {
            b'@' => return extend(w, auth, None, i, false, limit, eof),
            b':' => break i,
            _ if ends_user(b) => return Located::None,
            _ => i += 1,
        }
    };
    // `host:port` followed by the path, the query, the fragment or the end
    // is no password; neither is one that starts with whitespace.
    let mut j = colon + 1;
    loop {
        if j >= limit {
            return Located::None;
        }
        let Some(&b) = w.get(j) else {
            return Located::NeedMore;
        };
        if b.is_ascii_digit() && j - colon <= 5 {
            j += 1;
            continue;
        }
        if matches!(b, b'/' | b'?' | b'#') || (b < 0x80 && ends_undelimited(b)) {
            return Located::None;
        }
        break;
    }
    // The password: anything on this line up to the `@` before the host.
    // Each `@` followed by a host is a candidate, classed by what follows
    // the host (see `Tail`). The first one ends the userinfo when its host
    // goes on or ends the URI; when a space or an odd byte follows it, a
    // later candidate may fit better (`p@ss w0rd@host`).
    let mut spaced = false;
    let mut doubt = false;
    let mut first: Option<Candidate> = None;
    let mut last: Option<usize> = None;
    let mut j = colon + 1;
    let settle = |first: Option<Candidate>, last: Option<usize>| match (first, last) {
        (Some(f), Some(l)) if f.weak => extend(w, auth, Some(colon), l, true, limit, eof),
        (Some(f), _) => extend(w, auth, Some(colon), f.at, f.unsure, limit, eof),
        (None, _) => Located::None,
    };
    loop {
        if j >= limit || (spaced && j - colon > MAX_SPACED) {
            if cut && first.is_none() && !spaced && j >= limit && limit >= w.len() {
                // The text ends inside the password (SPEC E6's cut).
                return Located::Found(Credential {
                    user: auth..colon,
                    password: Some(colon + 1..j),
                    at: j,
                    uncertain: true,
                });
            }
            return settle(first, last);
        }
        let Some(&b) = w.get(j) else {
            return Located::NeedMore;
        };
        match b {
            b'\n' | b'\r' => return settle(first, last),
            b'@' => {
                let next = match w.get(j + 1) {
                    Some(&n) => Some(n),
                    None if eof || j + 1 >= limit => None,
                    None => return Located::NeedMore,
                };
                let hosted = next.is_some_and(starts_host);
                let accepted = if spaced {
                    hosted
                } else {
                    // `/@user` is a path, not the end of a password.
                    w[j - 1] != b'/' && (hosted || next.is_none_or(|n| matches!(n, b'/' | b':')))
                };
                if !accepted {
                    doubt = true;
                    j += 1;
                    continue;
                }
                let Some(host_end) = host_run(w, j + 1, limit, eof) else {
                    return Located::NeedMore;
                };
                let host = &w[j + 1..host_end];
                let tail = match Tail::of(w.get(host_end).copied().filter(|_| host_end < limit)) {
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
                        return extend(w, auth, Some(colon), j, spaced || doubt, limit, eof);
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
                            unsure: spaced || doubt,
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
            b':' if spaced => match (w.get(j + 1), w.get(j + 2)) {
                // Another URI begins: this one had no password.
                (Some(b'/'), Some(b'/')) => return settle(first, last),
                (Some(_), Some(_)) => j += 1,
                _ if eof || j + 2 >= limit => j += 1,
                _ => return Located::NeedMore,
            },
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
                doubt |= unsure(b);
                j += 1;
            }
        }
    }
}

/// An `@` that may end the userinfo.
#[derive(Clone, Copy)]
struct Candidate {
    at: usize,
    /// The password before it holds whitespace or URI delimiters.
    unsure: bool,
    /// A later candidate fits better: its host is a bare word, or an odd
    /// byte follows it.
    weak: bool,
}

/// What follows the host after an `@`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tail {
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
fn host_run(w: &[u8], mut i: usize, limit: usize, eof: bool) -> Option<usize> {
    let literal = w.get(i) == Some(&b'[');
    loop {
        match w.get(i) {
            _ if i >= limit => return Some(i),
            Some(b']') if literal => return Some(i + 1),
            Some(&b) if literal && !b.is_ascii_whitespace() && b != b'/' && b != b'@' => i += 1,
            Some(&b) if !literal && (starts_host(b) && b != b'[') => i += 1,
            Some(_) => return Some(i),
            None if eof => return Some(i),
            None => return None,
        }
    }
}

/// With the first `@` at `at`, moves on to a later `@` when only userinfo
/// characters stand between them (`u:p@ss@host`): WHATWG parsers and most
/// clients take the last one, so the whole run is userinfo.
fn extend(
    w: &[u8],
    auth: usize,
    colon: Option<usize>,
    mut at: usize,
    mut uncertain: bool,
    limit: usize,
    eof: bool,
) -> Located {
    let mut j = at + 1;
    loop {
        if j >= limit {
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
                match w.get(j + 1) {
                    Some(&n) if starts_host(n) => {
                        at = j;
                        uncertain = true;
                    }
                    Some(_) => break,
                    None if eof || j + 1 >= limit => break,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The userinfo of the first `//` in `s`, as (user, password, uncertain).
    fn read(s: &str) -> Option<(String, Option<String>, bool)> {
        let w = s.as_bytes();
        let auth = memchr::memmem::find(w, b"//").expect("an authority") + 2;
        match locate(w, auth, usize::MAX, true, false) {
            Located::Found(c) => Some((
                s[c.user].to_string(),
                c.password.map(|p| s[p].to_string()),
                c.uncertain,
            )),
            Located::None => None,
            Located::NeedMore => unreachable!("a whole text never needs more"),
        }
    }

    fn some(user: &str, pw: &str, uncertain: bool) -> Option<(String, Option<String>, bool)> {
        Some((user.to_string(), Some(pw.to_string()), uncertain))
    }

    #[test]
    fn plain_passwords() {
        assert_eq!(
            read("postgres://app:hunter2@db.example.com/x"),
            some("app", "hunter2", false)
        );
        assert_eq!(read("ftp://u:@h/"), some("u", "", false));
        assert_eq!(
            read("redis://:s3cret@cache:6379"),
            some("", "s3cret", false)
        );
        assert_eq!(
            read("https://ghp_abc@github.com/"),
            Some(("ghp_abc".into(), None, false))
        );
    }

    #[test]
    fn delimiters_inside_the_password() {
        // RFC 3986 s3.2 would end the authority at `#`, `/` or `?`.
        assert_eq!(
            read("postgres://admin:Xk9#mQ2vL7@db.example.com:5432/prod"),
            some("admin", "Xk9#mQ2vL7", true)
        );
        assert_eq!(
            read("s3a://AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY@bucket/"),
            some(
                "AKIAIOSFODNN7EXAMPLE",
                "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                true
            )
        );
        assert_eq!(
            read("amqp://u:pa ss\"w>rd@mq/"),
            some("u", "pa ss\"w>rd", true)
        );
        assert_eq!(read("amqp://u:p@ss@mq/"), some("u", "p@ss", true));
    }

    #[test]
    fn hosts_and_ports_are_not_userinfo() {
        assert_eq!(read("http://example.com:8080/a@b"), None);
        assert_eq!(read("http://example.com:8080 and me@example.org"), None);
        assert_eq!(read("http://example.com/ or write to me@example.org"), None);
        assert_eq!(read("http://localhost:port/api/@user"), None);
        assert_eq!(read("http://h:x http://u@v/"), None);
        assert_eq!(read("http://[::1]:80/@x"), None);
        assert_eq!(read("see http://a:b\nc@d.org"), None);
        assert_eq!(read("http://example.com"), None);
    }

    #[test]
    fn a_path_at_sign_is_not_the_last_userinfo_one() {
        assert_eq!(
            read("http://u:pw@db/x?mail=bob@example.org"),
            some("u", "pw", false)
        );
        assert_eq!(read("http://u@host/p@x"), Some(("u".into(), None, false)));
    }

    #[test]
    fn a_cut_text_ending_in_the_password_is_one() {
        let w = b"https://user:aaaaaaaa";
        match locate(w, 8, usize::MAX, true, true) {
            Located::Found(c) => assert_eq!((c.password, c.uncertain), (Some(13..21), true)),
            other => panic!("{other:?}"),
        }
        assert_eq!(locate(w, 8, usize::MAX, true, false), Located::None);
    }

    #[test]
    fn a_short_window_asks_for_more() {
        assert_eq!(
            locate(b"http://u:pw", 7, usize::MAX, false, false),
            Located::NeedMore
        );
        assert_eq!(
            locate(b"http://u:pw", 7, usize::MAX, true, false),
            Located::None
        );
    }
}
