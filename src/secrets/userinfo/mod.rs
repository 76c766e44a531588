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

use crate::text::{Utf8, decode, ends_undelimited, ends_undelimited_char};

mod password;
use password::{extend, host_run, password};

/// Longest password holding whitespace that is read as one: prose such as
/// `http://host:port and mail me@example.org` must not become a credential.
const MAX_SPACED: usize = 128;

/// Longest password (or userinfo after a first `@`) read at all, so that a
/// long line of `host:${PORT}` URIs costs linear time; a URI cut by the
/// scanner's cap is read to its end all the same.
const MAX_PASSWORD: usize = 4096;

/// The byte at `w[i]`: `Some(None)` at the end of the input or at `limit`
/// (nothing at or past it is read, so a stream and a whole buffer agree,
/// SPEC E6), `None` when the window ends first.
#[inline]
fn byte(w: &[u8], i: usize, limit: usize, eof: bool) -> Option<Option<u8>> {
    match w.get(i) {
        _ if i >= limit => Some(None),
        Some(&b) => Some(Some(b)),
        None if eof => Some(None),
        None => None,
    }
}

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
    !USER[b as usize] && b != b':' && b != b'@'
}

/// Bytes that may stand in a user name as written: not `:` or `@`, not the
/// authority's end or an IP literal's bracket (RFC 3986 s3.2, s3.2.2; a
/// `\` is kept, as Windows writes `DOMAIN\user` and a browser's reading
/// of it as a path would only show less), and
/// not a byte that ends a URI in text (the scanner's SPEC E4 set: controls,
/// space, `<`, `>`, `"`, the backtick). A table, since every URI with an
/// authority is read this far.
static USER: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = !matches!(
            b,
            b':' | b'@' | b'/' | b'?' | b'#' | b'[' | b']' | b'<' | b'>' | b'"' | b'`' | 0x7f
        ) && b > b' ';
        i += 1;
    }
    t
};

/// Whether `b` may stand in a user name as written ([`USER`]).
pub(crate) fn is_user_byte(b: u8) -> bool {
    USER[b as usize]
}

/// The first byte of a host after `@` (RFC 3986 s3.2.2: reg-name,
/// IP-literal, or a non-ASCII IRI name).
fn starts_host(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'[' | b'-' | b'_' | b'.' | b'%' | b'~') || b >= 0x80
}

/// Whether a host starts at `w[i]`: a host character, or a template's
/// placeholder for the host (`${DB_HOST}`, `$HOST`, `$(HOST)`, `{host}`,
/// `{{ .Host }}`, `<host>`, `*.example.com`; SPEC section 3a). `None` when
/// the window ends first. A lone `$`, `{` or `(` is a password's.
fn host_starts(w: &[u8], i: usize, limit: usize, eof: bool) -> Option<bool> {
    let Some(b) = byte(w, i, limit, eof)? else {
        return Some(false);
    };
    if starts_host(b) {
        return Some(true);
    }
    let next = || byte(w, i + 1, limit, eof);
    Some(match b {
        b'$' => next()?.is_some_and(|n| matches!(n, b'{' | b'(' | b'A'..=b'Z' | b'_')),
        b'*' => next()? == Some(b'.'),
        // Ruby's and Elixir's `#{host}`, Elixir's and Ruby's `%{host}`.
        b'#' | b'%' => next()? == Some(b'{'),
        b'<' => crate::text::placeholder(w, i, limit, eof)?.is_some(),
        b'{' => {
            // `{name}` or `{{ ... }}` closed within a short run.
            let mut j = i + 1;
            loop {
                match byte(w, j, limit, eof)? {
                    Some(b'}') => break j > i + 1,
                    Some(c)
                        if j - i < 48 && (c.is_ascii_alphanumeric() || b"_.-{ ".contains(&c)) =>
                    {
                        j += 1
                    }
                    _ => break false,
                }
            }
        }
        _ => false,
    })
}

/// A byte a host runs over after its first: a host character, and, in a
/// host that starts with a placeholder, the characters of one.
fn in_host(b: u8, placeholder: bool) -> bool {
    starts_host(b) && b != b'['
        || (placeholder
            && matches!(
                b,
                b'$' | b'{' | b'}' | b'<' | b'>' | b'(' | b')' | b'*' | b'#'
            ))
}

/// Bytes that are not userinfo characters (RFC 3986 s3.2.1) and that make
/// the extent of a password a guess.
fn unsure(b: u8) -> bool {
    matches!(b, b'/' | b'?' | b'#' | b'[' | b']' | b'@' | b'\\')
        || (b < 0x80 && ends_undelimited(b))
}

/// Whether the authority starting at `w[auth]` may hold userinfo: its
/// first byte that cannot be in a user name, before `end`, is `:` or `@`.
/// A quick test before [`locate`]; most authorities are a plain host.
#[inline]
pub fn may_hold(w: &[u8], auth: usize, end: usize) -> bool {
    let end = end.min(w.len());
    let mut i = auth;
    // Eight bytes at a time to the first `:`, `@`, `/`, `?` or `#`: the
    // first byte of that set is exact (a false hit of the zero-byte test
    // only ever stands above a true one).
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    while i + 8 <= end {
        let x = u64::from_le_bytes(w[i..i + 8].try_into().expect("eight bytes"));
        let hits = zero(x ^ (ONES * u64::from(b':')))
            | zero(x ^ (ONES * u64::from(b'@')))
            | zero(x ^ (ONES * u64::from(b'/')))
            | zero(x ^ (ONES * u64::from(b'?')))
            | zero(x ^ (ONES * u64::from(b'#')));
        if hits != 0 {
            return matches!(w[i + (hits.trailing_zeros() / 8) as usize], b':' | b'@');
        }
        i += 8;
    }
    while i < end && !matches!(w[i], b':' | b'@' | b'/' | b'?' | b'#') {
        i += 1;
    }
    i < end && matches!(w[i], b':' | b'@')
}

/// Reads the userinfo of the authority that starts at `w[auth]` (right after
/// `//`). Nothing at or past `limit` is read. `eof`: the window holds the
/// rest of the input. `cut`: the text is the beginning of a longer URI (a
/// truncated finding), so a password that runs to its end is still one.
pub fn locate(w: &[u8], auth: usize, limit: usize, eof: bool, cut: bool) -> Located {
    let limit = limit.min(if eof { w.len() } else { usize::MAX });
    // The user: up to `:` or `@`. An `@` whose host is followed by `:` and
    // no port (`alice@corp.example:pw@host`) is part of the user: an email
    // address written as the user name.
    let mut i = auth;
    let mut email: Option<usize> = None;
    let colon = loop {
        if i >= limit {
            return Located::None;
        }
        let Some(&b) = w.get(i) else {
            return Located::NeedMore;
        };
        if USER[b as usize] {
            i += 1;
            continue;
        }
        match b {
            b'@' if email.is_none() => {
                let Some(host_end) = host_run(w, i + 1, limit, eof) else {
                    return Located::NeedMore;
                };
                let Some(after) = byte(w, host_end, limit, eof) else {
                    return Located::NeedMore;
                };
                let port = match after {
                    Some(b':') => match byte(w, host_end + 1, limit, eof) {
                        None => return Located::NeedMore,
                        Some(Some(d)) if d.is_ascii_digit() => true,
                        // `alice@corp.example:#pw@host`: a password may
                        // start with a byte that would end a user, when
                        // an `@` and a host follow on its line. Not `/`:
                        // `git@host:/repo.git@v2.1` is a path and a
                        // revision (pip's VCS URLs), not a password.
                        Some(Some(b'/')) => true,
                        Some(Some(d)) if ends_user(d) => {
                            match later_at(w, host_end + 2, limit, eof) {
                                None => return Located::NeedMore,
                                Some(later) => !later,
                            }
                        }
                        Some(Some(_)) => false,
                        Some(None) => true,
                    },
                    _ => true,
                };
                if port || host_end == i + 1 {
                    return extend(w, auth, None, i, false, limit, eof);
                }
                email = Some(i);
                i = host_end;
            }
            b'@' => return extend(w, auth, None, i, false, limit, eof),
            b':' => break i,
            // A `<name>` placeholder for the user (`https://<user>:pw@h/`).
            b'<' => match crate::text::placeholder(w, i, limit, eof) {
                None => return Located::NeedMore,
                Some(Some(n)) => i += n,
                Some(None) => return Located::None,
            },
            // Every other byte outside `USER` ends the user.
            _ => return Located::None,
        }
    };
    match password(w, auth, colon, limit, eof, cut, email.is_some()) {
        Located::None => match email {
            Some(at) => extend(w, auth, None, at, false, limit, eof),
            None => Located::None,
        },
        found => found,
    }
}

/// The longest password looked for past [`MAX_PASSWORD`]: the scanner's
/// cut of a URI (SPEC E6), past which a URI is a truncated one.
const MAX_LONG_PASSWORD: usize = 64 * 1024;

/// The userinfo whose password runs from `w[colon + 1]` past `w[j]`,
/// [`MAX_PASSWORD`] bytes of nothing odd: up to the first `@` before a
/// space, a tab or a line's end, if a host follows it. Its first bytes
/// hold no `//`, so no other URI's authority starts among them, and each
/// byte is searched for one password only (issue 31, S6).
fn long_password(
    w: &[u8],
    auth: usize,
    colon: usize,
    j: usize,
    limit: usize,
    eof: bool,
) -> Located {
    let stop = limit.min(colon + 1 + MAX_LONG_PASSWORD);
    let end = stop.min(w.len());
    let found = memchr::memchr3(b'@', b'\n', b' ', &w[j..end]).map(|k| j + k);
    match found {
        Some(first) if w[first] == b'@' && memchr::memchr(b'\t', &w[j..first]).is_none() => {
            // The password may hold `@`s too: it ends at the last one
            // before the authority does (a `/`, `?`, `#`, space or line
            // end), as a shorter password's does.
            let auth_end = w[first..end]
                .iter()
                .position(|&b| matches!(b, b'/' | b'?' | b'#' | b' ' | b'\t' | b'\n' | b'\r'))
                .map(|k| first + k);
            let Some(auth_end) = auth_end.or((end == stop || eof).then_some(end)) else {
                return Located::NeedMore;
            };
            let at = memchr::memrchr(b'@', &w[first..auth_end]).map_or(first, |k| first + k);
            match host_starts(w, at + 1, limit, eof) {
                None => Located::NeedMore,
                Some(true) => Located::Found(Credential {
                    user: auth..colon,
                    password: Some(colon + 1..at),
                    at,
                    uncertain: true,
                }),
                Some(false) => Located::None,
            }
        }
        Some(_) => Located::None,
        None if end < stop && !eof => Located::NeedMore,
        None => Located::None,
    }
}

/// Whether an `@` followed by a host comes at or after `w[from]` before
/// whitespace, within [`MAX_PASSWORD`] bytes. `None` when the window ends
/// first.
fn later_at(w: &[u8], from: usize, limit: usize, eof: bool) -> Option<bool> {
    let stop = limit.min(from + MAX_PASSWORD);
    let mut j = from;
    loop {
        let Some(b) = byte(w, j, stop, eof)? else {
            return Some(false);
        };
        match b {
            b'@' => return host_starts(w, j + 1, limit, eof),
            _ if b.is_ascii_whitespace() || b < 0x20 => return Some(false),
            _ => j += 1,
        }
    }
}

/// Whether the bytes from `w[j]` read as a port and then the end of the
/// authority or of the URI in prose (`:8080/`, `:3000, contact ...`): then
/// the `:` is no password's. `None` when the window ends first.
fn port_follows(w: &[u8], colon: usize, limit: usize, eof: bool) -> Option<bool> {
    let mut j = colon + 1;
    let at = |j: usize| byte(w, j, limit, eof);
    while at(j)?.is_some_and(|b| b.is_ascii_digit()) {
        if j - colon > 5 {
            return Some(false);
        }
        j += 1;
    }
    let digits = j - colon - 1;
    let ends = |b: Option<u8>| {
        b.is_none_or(|b| b == b'\n' || b == b'\r' || (b < 0x80 && ends_undelimited(b)))
    };
    let first = at(j)?;
    if digits == 0 {
        // `host: text`: a colon before whitespace, or at the end.
        return Some(first.is_none_or(|b| b == b' ' || b == b'\t' || b == b'\n' || b == b'\r'));
    }
    if matches!(first, Some(b'/' | b'?' | b'#')) || ends(first) {
        return Some(true);
    }
    // Trailing punctuation, then the end of the URI in text (RFC 3986 App. C).
    while let Some(b'.' | b',' | b';' | b':' | b'!' | b'?' | b')' | b']' | b'\'' | b'*') = at(j)? {
        j += 1;
    }
    Some(j > colon + 1 + digits && ends(at(j)?))
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
    fn passwords_as_the_text_writes_them() {
        // (text, user, password, uncertain); RFC 3986 s3.2 would end the
        // authority at the `#`, `/` or `?` of several of these.
        for (text, user, pw, uncertain) in [
            (
                "postgres://app:hunter2@db.example.com/x",
                "app",
                "hunter2",
                false,
            ),
            ("ftp://u:@h/", "u", "", false),
            ("redis://:s3cret@cache:6379", "", "s3cret", false),
            (
                "postgres://admin:Xk9#mQ2vL7@db.example.com:5432/prod",
                "admin",
                "Xk9#mQ2vL7",
                true,
            ),
            (
                "s3a://AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY@bucket/",
                "AKIAIOSFODNN7EXAMPLE",
                "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
                true,
            ),
            ("amqp://u:pa ss\"w>rd@mq/", "u", "pa ss\"w>rd", true),
            ("amqp://u:p@ss@mq/", "u", "p@ss", true),
            (
                "https://bob:/s3cr3t@db.example.com/x",
                "bob",
                "/s3cr3t",
                true,
            ),
            (
                "https://bob:#s3cr3t/@db.example.com/x",
                "bob",
                "#s3cr3t/",
                true,
            ),
            (
                "see https://bob:Zq1\rZq2@db.example.com/x",
                "bob",
                "Zq1\rZq2",
                true,
            ),
            // An email address as the user name.
            (
                "ftp://alice@corp.example.com:s3cr3t@ftp.example.com/",
                "alice@corp.example.com",
                "s3cr3t",
                true,
            ),
        ] {
            assert_eq!(read(text), some(user, pw, uncertain), "{text:?}");
        }
        for (text, user) in [
            ("https://ghp_abc@github.com/", "ghp_abc"),
            ("ssh://git@github.com:org/repo.git", "git"),
        ] {
            assert_eq!(read(text), Some((user.into(), None, false)), "{text:?}");
        }
    }

    #[test]
    fn hosts_and_ports_are_not_userinfo() {
        assert_eq!(read("http://example.com:8080/a@b"), None);
        assert_eq!(read("http://example.com:8080 and me@example.org"), None);
        assert_eq!(read("http://example.com/ or write to me@example.org"), None);
        assert_eq!(read("http://localhost:8080/api/@user"), None);
        assert_eq!(
            read("run on http://0.0.0.0:3000, contact admin@example.com"),
            None
        );
        assert_eq!(
            read("see http://localhost:8080, or mail me@example.org"),
            None
        );
        assert_eq!(read("http://example.com:8080; alice@example.com"), None);
        assert_eq!(
            read("api at http://host:port and user: alice@example.com"),
            None
        );
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
