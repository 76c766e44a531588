//! Secrets in free text (SPEC section 10): every URI of a line that is
//! shown (snippets, mail subjects, file names, messages on stderr) scanned
//! and its secrets found by [`crate::secrets`], and those written outside
//! any URI (`?token=...` after a space, `//user:pw@host`, JDBC forms),
//! redacted before the line is printed.
//!
//! ```
//! use urilint::redact::redact_text;
//! assert_eq!(redact_text("new db: postgres://app:hunter2@db/prod and ftp://a:b@c/"),
//!            "new db: postgres://app:****@db/prod and ftp://a:****@c/");
//! ```

use std::borrow::Cow;
use std::ops::Range;
use std::sync::OnceLock;

use crate::scan::Scanner;
use crate::secrets::{decode_all_escapes, is_secret_param, locate, raw_index, replace, token_kind};

fn scanner() -> &'static Scanner {
    static SCANNER: OnceLock<Scanner> = OnceLock::new();
    SCANNER.get_or_init(Scanner::new)
}

/// The raw ranges of every secret of every URI in `text`, sorted. `cut`:
/// the text is the beginning of a longer one, so a URI running to its end
/// may be cut inside its password.
///
/// ```
/// use urilint::redact::locate_text;
/// let line = b"a <postgres://app:hun\n ter2@db/x> b";
/// assert_eq!(locate_text(line, false), [18..27]);
/// ```
pub fn locate_text(text: &[u8], cut: bool) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    // How far the line after a URI has been searched for the `@` that
    // ends a password with spaces in it: each byte is searched once.
    let mut searched = 0;
    for f in scanner().scan(text) {
        let cut = f.flags.truncated || (cut && f.end as usize == text.len());
        let (start, end) = (f.start as usize, f.end as usize);
        let raw = &text[start..end];
        for s in locate(&f.uri, cut) {
            let mut range = if s.span.is_empty() {
                end..end
            } else if f.flags.rejoined {
                start + raw_index(raw, s.span.start)..start + raw_index(raw, s.span.end - 1) + 1
            } else {
                start + s.span.start..start + s.span.end
            };
            // A secret the URI ends in may go on in the text: past the cut
            // of a truncated URI (SPEC E6) to the end of the line, past a
            // delimiter in a parameter's value (`?token=a"b`) to the next
            // space, `&` or `#`.
            if s.span.end == f.uri.len() && range.end == end {
                let stops: &[u8] = if cut { b"\n" } else { b" \t\r\n&#" };
                range.end = text[end..]
                    .iter()
                    .position(|b| stops.contains(b))
                    .map_or(text.len(), |k| end + k);
                // A password with spaces in it, longer than the locator
                // reads one (`https://u:` then 4 KiB of words, then
                // `@host`): it runs on to the `@` before a host later on
                // the line, if no other URI starts first (issue 49).
                let password = matches!(
                    s.kind,
                    crate::secrets::Kind::Password { .. } | crate::secrets::Kind::Userinfo { .. }
                );
                if password && range.end >= searched {
                    let from = range.end;
                    let mut line_end =
                        memchr::memchr(b'\n', &text[from..]).map_or(text.len(), |k| from + k);
                    // A quoted URI broken inside its password (RFC 3986
                    // App. C: a URI in quotes may be broken over lines)
                    // goes on on the next line.
                    let quoted = start > 0 && matches!(text[start - 1], b'"' | b'\'');
                    if quoted && line_end == from && line_end < text.len() {
                        line_end = memchr::memchr(b'\n', &text[from + 1..])
                            .map_or(text.len(), |k| from + 1 + k);
                    }
                    let next_uri = memchr::memmem::find(&text[from..line_end], b"://")
                        .map_or(line_end, |k| from + k);
                    let at = memchr::memchr_iter(b'@', &text[from..next_uri])
                        .map(|k| from + k)
                        .find(|&k| text.get(k + 1).is_some_and(|b| b.is_ascii_alphanumeric()));
                    searched = next_uri;
                    if let Some(at) = at {
                        range.end = at;
                    }
                }
            }
            // A URI cut inside its userinfo (an unbalanced bracket in a
            // password: `//a:Q7@%(]Z9@host`, RFC 3986 s3.2.1): its
            // authority goes on in the text, to a later `@` before the
            // next space or `/`; the secret runs to that `@`.
            if let Some(at) = userinfo_goes_on(&f.uri, text, end)
                && range.start < end
                && range.start >= start + authority_start(&f.uri)
            {
                range.end = range.end.max(at);
            }
            if range.start < range.end {
                out.push(range);
            }
        }
    }
    out.sort_by_key(|r| r.start);
    out
}

/// Where the authority of `uri` starts (past `//`), or its length.
fn authority_start(uri: &[u8]) -> usize {
    memchr::memmem::find(uri, b"//").map_or(uri.len(), |k| k + 2)
}

/// The place of the last `@` in the text after a URI ending at `end`
/// whose authority reaches its end (no `/` after `//`), before the next
/// space or `/`: the URI was cut inside its userinfo.
fn userinfo_goes_on(uri: &[u8], text: &[u8], end: usize) -> Option<usize> {
    let from = authority_start(uri);
    if from >= uri.len() || uri[from..].contains(&b'/') {
        return None;
    }
    let rest = &text[end..];
    let stop = rest
        .iter()
        .position(|b| b.is_ascii_whitespace() || *b == b'/')
        .unwrap_or(rest.len());
    memchr::memrchr(b'@', &rest[..stop]).map(|k| end + k)
}

/// Secrets written on a line outside any URI, for lines that are shown
/// (SPEC section 10): the value of a parameter named for a secret after
/// `?`, `&` or `;` (`a b?access_token=...`, what is left of a URI a space
/// broke), and the password of `//user:password@` without a scheme.
/// [`locate_text`] finds those of the URIs on it.
///
/// ```
/// use urilint::redact::locate_loose;
/// let line = b"see <https://x.io/a b?access_token=qz9&x=1> or //app:pw9@db/x";
/// assert_eq!(locate_loose(line), [35..38, 53..56]);
/// ```
pub fn locate_loose(text: &[u8]) -> Vec<Range<usize>> {
    let ends = |b: u8| b.is_ascii_whitespace() || b"&#\"'<>()[]{}|`\\".contains(&b);
    let mut out = Vec::new();
    for eq in memchr::memchr_iter(b'=', text) {
        let name_start = text[..eq]
            .iter()
            .rposition(|&b| !(b.is_ascii_alphanumeric() || b"_-.%[]".contains(&b)))
            .map_or(0, |k| k + 1);
        if name_start == 0 || !b"?&;".contains(&text[name_start - 1]) {
            continue;
        }
        if !is_secret_param(&text[name_start..eq]) {
            continue;
        }
        let end = text[eq + 1..]
            .iter()
            .position(|&b| ends(b))
            .map_or(text.len(), |k| eq + 1 + k);
        if end > eq + 1 {
            out.push(eq + 1..end);
        }
    }
    // `//`, or with backslashes, which a browser reads as slashes.
    let slash = |b: u8| b == b'/' || b == b'\\';
    for slashes in memchr::memchr2_iter(b'/', b'\\', text) {
        if !text.get(slashes + 1).is_some_and(|&b| slash(b)) {
            continue;
        }
        let auth = slashes + 2;
        let stop = text[auth..]
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b"/\\?#<>\"'".contains(&b))
            .map_or(text.len(), |k| auth + k);
        let chunk = &text[auth..stop];
        if let Some(at) = memchr::memrchr(b'@', chunk) {
            let colon = memchr::memchr(b':', &chunk[..at]);
            if let Some(colon) = colon
                && colon + 1 < at
            {
                out.push(auth + colon + 1..auth + at);
            }
            // `//ghp_...@github.com`, `//ghp_...:x-oauth-basic@github.com`:
            // a token as the user (S7).
            let user_end = colon.or_else(|| memchr::memchr(b'@', chunk)).unwrap_or(at);
            if token_kind(&chunk[..user_end]).is_some() {
                out.push(auth..auth + user_end);
            }
        }
    }
    out.extend(backslashed(text));
    out.extend(unslashed(text));
    out.extend(roff_mail(text));
    // An escaped `@` with a space or a quote before it in the password
    // (`https://u:p w&#64;h`), or in a URI inside another: the line read
    // with its escapes decoded, as a browser or a JSON parser reads it.
    if let Some((decoded, map)) = decode_all_escapes(text) {
        out.extend(
            locate_text(&decoded, false)
                .into_iter()
                .map(|r| map[r.start]..map[r.end]),
        );
    }
    // Oracle's JDBC form, `jdbc:oracle:thin:user/password@//host:1521/db`
    // (Oracle JDBC Developer's Guide, "Database URLs"): no `//` before the
    // user, and a `/` before the password (issue 31, S2).
    let oracle = |k: usize| {
        k >= 4
            && text[k - 4..k].eq_ignore_ascii_case(b"jdbc")
            && text
                .get(k + 1..k + 8)
                .is_some_and(|t| t.eq_ignore_ascii_case(b"oracle:"))
    };
    for k in memchr::memchr_iter(b':', text).filter(|&k| oracle(k)) {
        let driver = k + b":oracle:".len();
        let Some(c) = memchr::memchr(b':', &text[driver..text.len().min(driver + 8)]) else {
            continue;
        };
        let from = driver + c + 1;
        // A user and password are short: a line of many such prefixes is
        // not read to its end for each.
        let limit = text.len().min(from + 4096);
        let Some(slash) = memchr::memchr(b'/', &text[from..limit]).map(|n| from + n) else {
            continue;
        };
        // A quoted password (`scott/"p@ss word"@//db`) runs to its quote.
        let pw = slash + 1;
        let stop = match text.get(pw) {
            Some(&b'"') => memchr::memchr(b'"', &text[pw + 1..limit]).map_or(limit, |n| pw + 2 + n),
            _ => pw,
        };
        let stop = text[stop..limit]
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b"\"'<>`".contains(&b))
            .map_or(limit, |n| stop + n);
        // The last `@` before the host: a password may hold one.
        let chunk = &text[pw..stop];
        let at = memchr::memmem::rfind(chunk, b"@//").or_else(|| memchr::memrchr(b'@', chunk));
        if let Some(at) = at
            && at > 0
            && !text[from..slash].iter().any(|b| b.is_ascii_whitespace())
        {
            out.push(pw..pw + at);
        }
    }
    out.sort_by_key(|r| r.start);
    out
}

/// The password of a roff `.MT user:password@host` request (groff_man(7):
/// `.MT` names an e-mail address, which a reader turns into a `mailto:`
/// link): what a person wrote as `user:password@host` is hidden.
fn roff_mail(text: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for k in memchr::memmem::find_iter(text, b".MT ") {
        if k > 0 && text[k - 1] != b'\n' {
            continue;
        }
        let from = k + 4;
        let end = text[from..]
            .iter()
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(text.len(), |n| from + n);
        let arg = &text[from..end];
        if let Some(at) = memchr::memrchr(b'@', arg)
            && let Some(c) = memchr::memchr(b':', &arg[..at])
            && c + 1 < at
        {
            out.push(from + c + 1..from + at);
        }
    }
    out
}

/// Where the scheme ending at `text[colon]` starts (RFC 3986 s3.1:
/// letters, digits, `+`, `-`, `.`; a scheme is short).
fn scheme_start(text: &[u8], colon: usize) -> usize {
    let from = colon.saturating_sub(crate::schemes::MAX_SCHEME_LEN);
    text[from..colon]
        .iter()
        .rposition(|&b| !(b.is_ascii_alphanumeric() || b"+-.".contains(&b)))
        .map_or(from, |k| from + k + 1)
}

/// Passwords of web URIs written without the `//` of their authority
/// (`https:user:password@host/`), which no scanner reads as a URI with
/// an authority but a browser does (WHATWG URL, "special authority
/// ignore slashes state"): what a person wrote as `user:password@host`
/// is hidden whatever parsers make of it (issue 49).
fn unslashed(text: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut floor = 0;
    for colon in memchr::memchr_iter(b':', text) {
        if colon < floor || matches!(text.get(colon + 1), None | Some(b'/' | b'\\')) {
            continue;
        }
        let start = scheme_start(text, colon);
        if start == colon || !crate::schemes::is_web(&text[start..colon]) {
            continue;
        }
        let stop = text[colon..]
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b"\"'<>`".contains(&b))
            .map_or(text.len(), |k| colon + k);
        floor = stop;
        let chunk = &text[colon + 1..stop];
        let Some(at) = memchr::memrchr(b'@', chunk) else {
            continue;
        };
        if let Some(c) = memchr::memchr(b':', &chunk[..at])
            && c + 1 < at
        {
            out.push(colon + 2 + c..colon + 1 + at);
        }
    }
    out
}

/// Secrets of URIs written with backslashes for slashes: JSON's and
/// JavaScript's escaped solidus (`https:\/\/hooks.slack.com\/services\/...`,
/// RFC 8259 s7), or bare backslashes, which a browser reads as slashes in
/// a web URL (WHATWG URL Standard, "special authority slashes state").
/// Each is read with its slashes restored, and its secrets mapped back.
fn backslashed(text: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut floor = 0;
    for colon in memchr::memmem::find_iter(text, b":\\") {
        if colon < floor || colon == 0 || !text[colon - 1].is_ascii_alphanumeric() {
            continue;
        }
        // A scheme is short.
        let start = scheme_start(text, colon);
        let stop = text[colon..]
            .iter()
            .position(|&b| b.is_ascii_whitespace() || b"\"'<>`".contains(&b))
            .map_or(text.len(), |k| colon + k);
        floor = stop;
        let mut decoded = Vec::with_capacity(stop - start);
        let mut map = Vec::with_capacity(stop - start + 1);
        let mut i = start;
        while i < stop {
            map.push(i);
            match (text[i], text.get(i + 1)) {
                (b'\\', Some(b'/')) => {
                    decoded.push(b'/');
                    i += 2;
                }
                // An escape of another character (`\u0040`) is kept for
                // the locator, which sees through it.
                (b'\\', Some(b'u' | b'U' | b'x'))
                    if text
                        .get(i + 2)
                        .is_some_and(|b| b.is_ascii_hexdigit() || *b == b'{') =>
                {
                    decoded.push(b'\\');
                    i += 1;
                }
                (b'\\', _) => {
                    decoded.push(b'/');
                    i += 1;
                }
                (b, _) => {
                    decoded.push(b);
                    i += 1;
                }
            }
        }
        map.push(stop);
        for r in locate_text(&decoded, false) {
            out.push(map[r.start]..map[r.end.min(decoded.len())]);
        }
    }
    out
}

/// `text` with every secret of every URI in it replaced by `****`, and
/// those written outside any URI ([`locate_loose`]: `?token=...`,
/// `//user:pw@host`): for mail subjects, message ids and any line of input
/// that is shown.
///
/// ```
/// use urilint::redact::redact_text;
/// assert_eq!(redact_text("see https://u:pw1@h/ and ?token=abc1"), "see https://u:****@h/ and ?token=****");
/// ```
pub fn redact_text(text: &str) -> Cow<'_, str> {
    match redact_bytes(text.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        Cow::Owned(bytes) => Cow::Owned(String::from_utf8_lossy(&bytes).into_owned()),
    }
}

/// [`redact_text`] of bytes that need not be UTF-8 (a file's name).
pub fn redact_bytes(bytes: &[u8]) -> Cow<'_, [u8]> {
    if memchr::memchr2(b':', b'=', bytes).is_none() {
        return Cow::Borrowed(bytes);
    }
    let mut spans = locate_text(bytes, false);
    spans.extend(locate_loose(bytes));
    // A URI's password found both ways is masked once.
    spans.sort_by_key(|r| r.start);
    replace(bytes, &spans)
}
