//! Secrets in URIs (SPEC section 10), found in the raw text and redacted
//! before anything is printed, truncated, normalized or stored.
//!
//! A secret is a password in userinfo (RFC 3986 s3.2.1, s7.5), a token used
//! as the user name, the value of a query parameter named for a secret, or
//! a webhook path that is the secret. [`locate`] finds them in one URI
//! without relying on a successful RFC 3986 parse: a password holding `#`,
//! `/`, `?`, `@` or a space is still found (see [`userinfo`]).
//! [`crate::redact`] finds them in free text, every URI of it.
//!
//! ```
//! use urilint::secrets::redact;
//!
//! assert_eq!(redact(b"postgres://admin:Xk9#mQ2vL7@db.example.com/prod", false),
//!            &b"postgres://****@db.example.com/prod"[..]);
//! assert_eq!(redact(b"https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/o/r.git", false),
//!            &b"https://****@github.com/o/r.git"[..]);
//! assert_eq!(redact(b"https://api.example.com/v1?page=2&access_token=abc123", false),
//!            &b"https://api.example.com/v1?page=2&access_token=****"[..]);
//! ```

mod escaped;
mod nested;
mod params;
mod path;
mod placeholder;
mod samples;
mod token;
pub mod userinfo;
pub(crate) use escaped::decode_all as decode_all_escapes;
pub use escaped::may_hold as may_hold_escaped_at;
pub use escaped::may_hold_any as may_hold_escaped;
mod webhook;

use std::borrow::Cow;
use std::ops::Range;

use nested::{escaped_credential, nested};
pub use params::is_secret_param;
use path::path_secrets;
pub use path::{may_be_webhook, may_be_webhook_host, may_hold_path_token};
pub use placeholder::is_placeholder;
pub use samples::is_published_sample;
pub use token::token_kind;

/// What a secret is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A password in userinfo (RFC 3986 s3.2.1); `user` is the user's range.
    Password {
        /// The user name before the `:`.
        user: Range<usize>,
    },
    /// Userinfo whose extent is uncertain (several `@`, or a password
    /// holding whitespace or URI delimiters): all of it, from `//` to the
    /// last `@` before the host, is the secret.
    Userinfo {
        /// The first `:` in it, which a parser takes as the separator.
        colon: Option<usize>,
    },
    /// An access token used as the user name.
    Token {
        /// What kind of token (`a GitHub personal access token`).
        what: &'static str,
    },
    /// The value of a query, fragment or path parameter named for a secret.
    Param {
        /// The parameter's name.
        name: Range<usize>,
        /// A value no secret has (`true`, `1`, `none`): redacted all the
        /// same, but not worth a finding.
        trivial: bool,
    },
    /// The part of a webhook URL's path that is its secret.
    Path {
        /// The service (`Slack incoming webhook`).
        service: &'static str,
    },
    /// A path segment that is a documented token or a JSON Web Token
    /// (`/v1/ghp_.../repos`, `/verify/eyJ...`).
    PathToken {
        /// What kind of token (`a GitHub personal access token`).
        what: &'static str,
    },
}

/// A secret in a URI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secret {
    /// The bytes to redact.
    pub span: Range<usize>,
    /// What it is.
    pub kind: Kind,
    /// A template placeholder (`${DB_PASSWORD}`), not a real secret. It is
    /// redacted all the same.
    pub placeholder: bool,
}

/// The secrets of one URI, in order. `cut`: the URI is the beginning of a
/// longer one (a truncated finding), so a password running to its end is
/// still one (SPEC E6).
///
/// ```
/// use urilint::secrets::{Kind, locate};
///
/// let uri = b"amqp://guest:p@ss w0rd@mq.example.com/?password=${MQ_PASS}";
/// let found = locate(uri, false);
/// assert_eq!(found[0].span, 7..22); // `guest:p@ss w0rd`: uncertain
/// assert!(matches!(found[0].kind, Kind::Userinfo { colon: Some(12) }));
/// assert!(matches!(found[1].kind, Kind::Param { .. }) && found[1].placeholder);
/// ```
pub fn locate(uri: &[u8], cut: bool) -> Vec<Secret> {
    // A parameter needs an `=`, an encoded URI a `%`: most URIs hold
    // neither, found by one search, not two.
    let param = memchr::memchr2(b'=', b'%', uri).is_some();
    let suspect = cut
        || may_hold_userinfo(uri)
        || escaped::may_hold_any(uri)
        || (param && (may_hold_param(uri) || may_hold_encoded(uri)))
        || may_be_webhook(uri)
        || may_be_severed(uri)
        || may_hold_path_token(uri);
    if !suspect {
        return Vec::new();
    }
    locate_unfiltered(uri, cut)
}

/// [`locate`] without its quick tests, for a caller that has made them
/// already (the linter makes them from what it computes anyway).
pub fn locate_unfiltered(uri: &[u8], cut: bool) -> Vec<Secret> {
    locate_decoding(uri, cut, 3)
}

/// [`locate_unfiltered`], then the same of `uri` with its escapes decoded
/// (`&colon;`, `\u003A`, `\u005f`: [`escaped::decode_all`]), as a
/// browser, a JSON5 parser or a template reads it, `depth` times at most
/// (an escape escaped again: `\u005cu0040`). Each decoded secret is
/// mapped back to where it is written, and kept unless a secret found in
/// the raw text overlaps it (issue 49).
fn locate_decoding(uri: &[u8], cut: bool, depth: u8) -> Vec<Secret> {
    let mut out = locate_raw(uri, cut);
    if depth == 0 || !escaped::may_hold_any(uri) {
        return out;
    }
    let Some((text, map)) = escaped::decode_all(uri) else {
        return out;
    };
    let mut decoded = Vec::new();
    nested::push_mapped(locate_decoding(&text, cut, depth - 1), &map, &mut decoded);
    let plain = out.len();
    for s in decoded {
        let overlaps = out[..plain]
            .iter()
            .any(|o| o.span.start < s.span.end && s.span.start < o.span.end);
        if !overlaps && !s.span.is_empty() {
            out.push(s);
        }
    }
    out.sort_by_key(|s| (s.span.start, s.span.end));
    out
}

/// The secrets of `uri` as it is written.
fn locate_raw(uri: &[u8], cut: bool) -> Vec<Secret> {
    let mut out = Vec::new();
    let mut rest = 0;
    if let Some(auth) = authority(uri) {
        rest = auth;
        let plain = userinfo::locate(uri, auth, uri.len(), true, cut);
        // An escaped `@` after a user with no password of its own
        // (`alice@corp.example:pw&#64;host`) ends the userinfo there.
        let escaped = match &plain {
            userinfo::Located::Found(c) if c.password.is_some() => None,
            _ => {
                let mut found = Vec::new();
                escaped_credential(uri, auth, cut, &mut found).map(|end| (end, found))
            }
        };
        if let Some((end, found)) = escaped {
            rest = end;
            out.extend(found);
        } else if let userinfo::Located::Found(c) = plain {
            // A user with no password of its own may be an e-mail
            // address before `:/password@host` ([`slashed`]).
            match slashed(uri, auth).filter(|_| c.password.is_none()) {
                Some(s) => {
                    rest = (s.span.end + 1).min(uri.len());
                    out.push(s);
                }
                None => {
                    rest = (c.at + 1).min(uri.len());
                    credential(uri, auth, &c, &mut out);
                }
            }
        } else if let Some(s) = severed(uri, auth).or_else(|| slashed(uri, auth)) {
            out.push(s);
        }
    }
    path_secrets(uri, rest, &mut out);
    // RFC 3986 s3.3: `;name=value` parameters in the path (and the
    // authority of `jdbc:sqlserver://h:1433;user=u;password=p`).
    let query = memchr::memchr2(b'?', b'#', &uri[rest..]).map_or(uri.len(), |k| rest + k);
    if let Some(k) = memchr::memchr(b';', &uri[rest..query]) {
        params(uri, rest + k + 1, query, &mut out);
    }
    // RFC 3986 s3.4, s3.5: the query, then the fragment (OAuth's implicit
    // flow returns `#access_token=...`; a single-page app's route
    // `#/cb?token=...` has its own query).
    if query < uri.len() {
        let fragment = if uri[query] == b'?' {
            memchr::memchr(b'#', &uri[query..]).map_or(uri.len(), |k| query + k)
        } else {
            query
        };
        if fragment > query {
            params(uri, query + 1, fragment, &mut out);
        }
        if fragment < uri.len() {
            let route = memchr::memchr(b'?', &uri[fragment..]).map_or(fragment, |k| fragment + k);
            params(uri, route + 1, uri.len(), &mut out);
        }
    }
    nested(uri, rest, cut, &mut out);
    out.sort_by_key(|s| (s.span.start, s.span.end));
    // A path segment inside a nested URI's path is found both ways.
    out.dedup_by(|a, b| a.span == b.span);
    out
}

/// A password that RFC 3986 reads as a port and a path, query or
/// fragment, but that a person wrote as `user:password@host` (issue 49):
/// digits then `/`, `?` or `#` after a user that is no host name
/// (`https://user:123/abc@host.example/`, `user:123?abc@host.example`),
/// or after an e-mail address as the user, with or without digits
/// (`https://alice@corp.example:/pw@host.example/`).
/// The `@` must be followed by a host name whose last label is a word,
/// so that a pip VCS URL's revision (`git@host:/repo.git@v2.1`) or a
/// path's `@scope` stays what it is. When in doubt, more is hidden.
fn slashed(uri: &[u8], auth: usize) -> Option<Secret> {
    let rest = &uri[auth..];
    let colon = memchr::memchr(b':', rest)?;
    let user = &rest[..colon];
    let after = &rest[colon + 1..];
    let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
    // What ends the "port": `/`, or a `?` or `#` a password may hold.
    let ends = after
        .get(digits)
        .is_some_and(|b| matches!(b, b'/' | b'?' | b'#'));
    let email = memchr::memchr(b'@', user).is_some();
    let shaped = ends
        && match email {
            // An e-mail address as the user, then `:/`, or a port's digits.
            true => !user.iter().any(|b| matches!(b, b'/' | b'?' | b'#')),
            false => {
                !user.is_empty()
                    && digits > 0
                    && !user.contains(&b'.')
                    && !user.eq_ignore_ascii_case(b"localhost")
                    && user.iter().all(|&b| userinfo::is_user_byte(b))
            }
        };
    if !shaped {
        return None;
    }
    // The last `@` followed by a host name, then the end, a port or a
    // path, before any space.
    let line = after
        .iter()
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(after.len());
    let at = memchr::memrchr_iter(b'@', &after[..line]).find(|&k| host_named(&after[k + 1..]))?;
    if at == 0 {
        return None;
    }
    let start = auth + colon + 1;
    Some(Secret {
        span: start..start + at,
        kind: Kind::Password {
            user: auth..auth + colon,
        },
        placeholder: false,
    })
}

/// Whether `s` starts with a host name of two labels or more whose last
/// is a word of letters (`host.example.com`), then ends or goes on with
/// a port, a path, a query or a fragment.
fn host_named(s: &[u8]) -> bool {
    let end = s
        .iter()
        .position(|&b| matches!(b, b':' | b'/' | b'?' | b'#'))
        .unwrap_or(s.len());
    let host = &s[..end];
    let mut labels = host.split(|&b| b == b'.');
    let count = host.split(|&b| b == b'.').count();
    let last = host.rsplit(|&b| b == b'.').next().unwrap_or_default();
    count >= 2
        && labels
            .all(|l| !l.is_empty() && l.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'-'))
        && last.len() >= 2
        && last.iter().all(u8::is_ascii_alphabetic)
}

/// Whether the URI may hold userinfo, its own or a nested URI's: an `@`,
/// and a `://`. Quick tests like this one let most URIs skip [`locate`].
pub fn may_hold_userinfo(uri: &[u8]) -> bool {
    // An `@`, written or escaped (`&#64;`, `&commat;`, a backslash escape:
    // `escaped::at_escape`): most URIs hold none of the three bytes, found
    // by one search. Then `scheme://`, a web scheme's `http:/`, `sip:`
    // (see `authority`).
    memchr::memchr3(b'@', b'&', b'\\', uri).is_some()
        && (memchr::memchr(b'@', uri).is_some() || escaped::may_hold(uri))
        && (network_path(uri) >= 2
            || memchr::memchr_iter(b'/', uri).any(|i| i > 0 && uri[i - 1] == b':')
            || uri
                .get(..4)
                .is_some_and(|s| s.eq_ignore_ascii_case(b"sip:"))
            || uri
                .get(..5)
                .is_some_and(|s| s.eq_ignore_ascii_case(b"sips:"))
            || uri
                .get(..7)
                .is_some_and(|s| s.eq_ignore_ascii_case(b"mailto:")))
}

/// Whether a parameter of the URI is named for a secret.
pub fn may_hold_param(uri: &[u8]) -> bool {
    // Each `=` ends the name that began after the separator before it; most
    // URIs have none, found by memchr.
    memchr::memchr_iter(b'=', uri).any(|i| {
        is_secret_param(&uri[params::name_before(uri, 0, i)])
            || token::starts_documented(&uri[i + 1..])
    })
}

/// Whether the URI holds a percent-encoded URI with an authority
/// (`%3A%2F%2F`, or `%3A//`), or one encoded again, up to three times more
/// (`%253A%252F%252F`, `%25253A...`).
pub fn may_hold_encoded(uri: &[u8]) -> bool {
    // `%`, up to three `25`, then the two hex digits of `c`; where it ends.
    let triplet = |i: usize, c: &[u8; 2]| -> Option<usize> {
        let mut j = i + 1;
        if uri.get(i) != Some(&b'%') {
            return None;
        }
        for _ in 0..3 {
            if uri.get(j..j + 2) != Some(b"25") {
                break;
            }
            j += 2;
        }
        uri.get(j..j + 2)?.eq_ignore_ascii_case(c).then_some(j + 2)
    };
    memchr::memchr_iter(b'%', uri).any(|i| {
        triplet(i, b"3A").is_some_and(|j| {
            // The slashes encoded too, or left as they are (`%3A//`).
            uri[j..].starts_with(b"//")
                || triplet(j, b"2F").and_then(|j| triplet(j, b"2F")).is_some()
        })
    })
}

/// A credential whose `@` and host were cut off (a line break inside the
/// password, as in `https://u:Qz7v⏎K2@host`): what is left reads as a host
/// and a port, and the "port" is the password, or the "host" is a token
/// (`https://ghp_...⏎@github.com`). A port of four or more letters mixed
/// with digits or of both cases is no port (`:port` and `:PORT` in a
/// template are left alone); a host that is a documented token is no host.
fn severed(uri: &[u8], auth: usize) -> Option<Secret> {
    // One pass over the authority, which is short (four vector searches'
    // setup cost more): where it ends, and its `@`, last `:` and `.`.
    let (mut len, mut at, mut colon, mut dot) = (uri.len() - auth, false, None, false);
    for (i, &b) in uri[auth..].iter().enumerate() {
        match b {
            b'/' | b'?' | b'#' => {
                len = i;
                break;
            }
            b'@' => at = true,
            b':' => colon = Some(i),
            b'.' => dot = true,
            _ => {}
        }
    }
    let end = auth + len;
    let a = &uri[auth..end];
    if a.is_empty() || a.starts_with(b"[") || at {
        return None;
    }
    match colon {
        Some(k) => {
            let port = &a[k + 1..];
            let looks = port.len() >= 4
                && port.iter().any(u8::is_ascii_alphabetic)
                && (port.iter().any(u8::is_ascii_digit)
                    || (port.iter().any(u8::is_ascii_uppercase)
                        && port.iter().any(u8::is_ascii_lowercase)))
                && port.iter().all(|&b| {
                    b.is_ascii_alphanumeric()
                        || matches!(
                            b,
                            b'_' | b'-' | b'.' | b'~' | b'%' | b'!' | b'$' | b'*' | b'+'
                        )
                });
            looks.then(|| Secret {
                span: auth + k + 1..end,
                kind: Kind::Password {
                    user: auth..auth + k,
                },
                placeholder: is_placeholder(port),
            })
        }
        // A host of 15 or more characters may be a token (the shortest
        // documented one). A host name has dots and a token mostly none:
        // only the dotted kinds (JWT, Google OAuth, SendGrid) are looked
        // for in one, so most hosts cost nothing more here.
        None if a.len() < 15 => None,
        None if dot
            && ![&b"eyJ"[..], b"ya29.", b"SG."]
                .iter()
                .any(|p| a.starts_with(p)) =>
        {
            None
        }
        None => token::documented(a).map(|what| Secret {
            span: auth..end,
            kind: Kind::Token { what },
            placeholder: token_placeholder(a),
        }),
    }
}

/// Whether a URI may hold a severed credential ([`severed`]): a quick test
/// before [`locate_unfiltered`].
pub(crate) fn may_be_severed(uri: &[u8]) -> bool {
    authority(uri).is_some_and(|auth| severed(uri, auth).is_some())
}

/// The slashes a network-path reference starts with (RFC 3986 s4.2:
/// `//host/path`, a relative reference with an authority), a backslash
/// counted as one, since a browser reads `\\user:pw@host` against an http
/// base as `//user:pw@host` (WHATWG URL, "special authority slashes").
fn network_path(uri: &[u8]) -> usize {
    uri.iter().take_while(|&&b| b == b'/' || b == b'\\').count()
}

/// The start of the authority: after the first `://` that follows a scheme
/// (or a chain of them, as in `jdbc:postgresql://`), or after the slashes
/// of a network-path reference (`//user:pw@host/`).
fn authority(uri: &[u8]) -> Option<usize> {
    let lead = network_path(uri);
    if lead >= 2 {
        return Some(lead);
    }
    let mut i = 0;
    let web = crate::schemes::is_web;
    while i < uri.len() && (crate::schemes::is_scheme_char(uri[i]) || uri[i] == b':') {
        if uri[i] == b':' && uri[i + 1..].starts_with(b"//") {
            if i == 0 {
                return None;
            }
            // `http:///user:pw@host`: a browser skips every slash.
            let more = if web(&uri[..i]) {
                uri[i + 3..]
                    .iter()
                    .take_while(|&&b| b == b'/' || b == b'\\')
                    .count()
            } else {
                0
            };
            return Some(i + 3 + more);
        }
        i += 1;
    }
    // RFC 3261 s19.1.1: `sip:user:password@host` has userinfo without `//`;
    // so, as a person writes it, has `mailto:user:password@host` (RFC 6068
    // has no password, but what is written so is hidden: issue 49).
    if let Some(colon) = memchr::memchr(b':', uri)
        && (uri[..colon].eq_ignore_ascii_case(b"sip")
            || uri[..colon].eq_ignore_ascii_case(b"sips")
            || uri[..colon].eq_ignore_ascii_case(b"mailto"))
    {
        return Some(colon + 1);
    }
    // A web scheme's authority follows whatever slashes come (WHATWG URL
    // Standard, special schemes): `http:/user:pw@host`, `https:://` and
    // `http:///` reach the host in browsers, so their userinfo is one.
    let colon = memchr::memchr(b':', uri)?;
    let scheme = &uri[..colon];
    if !web(scheme) {
        return None;
    }
    let mut j = colon + 1;
    if uri.get(j) == Some(&b':') {
        j += 1;
    }
    let slashes = uri[j..]
        .iter()
        .take_while(|&&b| b == b'/' || b == b'\\')
        .count();
    (slashes > 0).then_some(j + slashes)
}

fn credential(uri: &[u8], auth: usize, c: &userinfo::Credential, out: &mut Vec<Secret>) {
    let user = &uri[c.user.clone()];
    match &c.password {
        // A placeholder (`<password>`, `{{ pw }}`) says where it ends.
        Some(pw) if c.uncertain && !is_placeholder(&uri[pw.clone()]) => out.push(Secret {
            span: auth..c.at,
            kind: Kind::Userinfo {
                colon: Some(c.user.end),
            },
            placeholder: false,
        }),
        Some(pw) => {
            let password = &uri[pw.clone()];
            let token_password = token::TOKEN_PASSWORDS
                .iter()
                .any(|t| password.eq_ignore_ascii_case(t.as_bytes()));
            let token = token_kind(user)
                .or_else(|| token::prefixed_user(user))
                .or(token_password.then_some("an access token"));
            if let Some(what) = token.filter(|_| !user.is_empty()) {
                out.push(Secret {
                    span: c.user.clone(),
                    kind: Kind::Token { what },
                    placeholder: token_placeholder(user),
                });
            }
            if !password.is_empty() && !token_password {
                out.push(Secret {
                    span: pw.clone(),
                    kind: Kind::Password {
                        user: c.user.clone(),
                    },
                    placeholder: is_placeholder(password),
                });
            }
        }
        // `u%3Apw@host`: an encoded colon is data to RFC 3986 (s3.2.1),
        // but a server that decodes the user name finds a password in it.
        None if encoded_colon(user).is_some() => {
            let k = encoded_colon(user).unwrap_or(0);
            let pw = c.user.start + k + 3..c.user.end;
            out.push(Secret {
                placeholder: is_placeholder(&uri[pw.clone()]),
                span: pw,
                kind: Kind::Password {
                    user: c.user.start..c.user.start + k,
                },
            });
        }
        None => {
            // With several `@` (`https://ghp_...@x@host`), any part of the
            // user that is a token makes all of it the secret.
            // A server decodes the user name (RFC 3986 s2.1): `g%68p_...`
            // is `ghp_...`.
            let decoded = memchr::memchr(b'%', user)
                .map(|_| crate::uri::normalize::percent_decode(user, None));
            let token = token_kind(user)
                .or_else(|| token::prefixed_user(user))
                .or_else(|| {
                    let d = decoded.as_deref()?;
                    token_kind(d).or_else(|| token::prefixed_user(d))
                })
                .or_else(|| {
                    user.split(|&b| b == b'@')
                        .find_map(token_kind)
                        .filter(|_| c.uncertain)
                });
            if let Some(what) = token {
                out.push(Secret {
                    span: c.user.clone(),
                    kind: Kind::Token { what },
                    placeholder: token_placeholder(user),
                });
            }
        }
    }
}

/// Where `%3A` (an encoded `:`) stands in `user`.
fn encoded_colon(user: &[u8]) -> Option<usize> {
    user.windows(3).position(|w| w.eq_ignore_ascii_case(b"%3A"))
}

/// A token is a placeholder when it is one, or when what follows its
/// documented prefix is (`ghp_XXXXXXXXXXXXXXXXXXXX`).
fn token_placeholder(user: &[u8]) -> bool {
    is_placeholder(user)
        || user
            .iter()
            .position(|&b| b == b'_' || b == b'-')
            .is_some_and(|k| is_placeholder(&user[k + 1..]))
}

fn params(uri: &[u8], start: usize, end: usize, out: &mut Vec<Secret>) {
    for (name, value) in params::pairs(&uri[start..end]) {
        let (name, value) = (
            start + name.start..start + name.end,
            start + value.start..start + value.end,
        );
        // An empty value at the URI's end may be one the scanner cut at a
        // delimiter (`?password=`"...`); text redaction reads on.
        if (!value.is_empty() || value.end == uri.len()) && is_secret_param(&uri[name.clone()]) {
            let v = &uri[value.clone()];
            let trivial = params::is_trivial(v)
                || (params::is_weak_name(&uri[name.clone()]) && !token::credential_shaped(v));
            let placeholder = is_placeholder(&uri[value.clone()]);
            out.push(Secret {
                span: value,
                kind: Kind::Param { name, trivial },
                placeholder,
            });
        } else if token::bare_token(&uri[value.clone()]).is_some() {
            // A documented token is a secret whatever its parameter is
            // named (`?q=ghp_...`, issue 31).
            let placeholder = is_placeholder(&uri[value.clone()]);
            out.push(Secret {
                span: value,
                kind: Kind::Param {
                    name,
                    trivial: false,
                },
                placeholder,
            });
        }
    }
}

/// The URI with every secret replaced by `****`.
///
/// ```
/// use urilint::secrets::redact;
/// assert_eq!(redact(b"ftp://u:pw@h/", false), &b"ftp://u:****@h/"[..]);
/// assert_eq!(redact(b"ftp://u@h/", false), &b"ftp://u@h/"[..]);
/// // A network-path reference, with slashes or the backslashes a browser
/// // reads as slashes.
/// assert_eq!(redact(b"//u:pw@h/", false), &b"//u:****@h/"[..]);
/// assert_eq!(redact(br"/\u:pw@h/", false), &br"/\u:****@h/"[..]);
/// ```
pub fn redact(uri: &[u8], cut: bool) -> Cow<'_, [u8]> {
    let spans: Vec<Range<usize>> = locate(uri, cut).into_iter().map(|s| s.span).collect();
    replace(uri, &spans)
}

/// `text` with the bytes of each range (sorted by start, possibly
/// overlapping) replaced by `****`; ranges that overlap or touch are one
/// `****`.
pub fn replace<'a>(text: &'a [u8], spans: &[Range<usize>]) -> Cow<'a, [u8]> {
    if spans.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = Vec::with_capacity(text.len());
    let mut at = 0;
    let mut masked = false;
    for s in spans {
        if s.end <= at || s.is_empty() {
            continue;
        }
        if !(masked && s.start <= at) {
            out.extend_from_slice(&text[at..s.start.max(at)]);
            out.extend_from_slice(b"****");
        }
        masked = true;
        at = s.end;
    }
    out.extend_from_slice(&text[at.min(text.len())..]);
    Cow::Owned(out)
}

/// The URI with each secret byte replaced by `*`, keeping its length, so
/// that a parse of it has sane components and no rule can quote a secret:
/// `*` is allowed in userinfo, paths, queries and fragments (RFC 3986
/// s3.2.1, s3.3, s3.4). The `:` of uncertain userinfo is kept.
pub fn mask(uri: &[u8], secrets: &[Secret]) -> Vec<u8> {
    let mut out = uri.to_vec();
    for s in secrets {
        for (i, b) in out[s.span.clone()].iter_mut().enumerate() {
            let keep = matches!(s.kind, Kind::Userinfo { colon: Some(c) } if c == s.span.start + i);
            if !keep {
                *b = b'*';
            }
        }
    }
    out
}

/// The raw index of URI byte `i` of a rejoined URI: whitespace removed to
/// rejoin it (RFC 3986 App. C), and a mail quote's `>` (no URI holds one),
/// are still in the raw text.
pub fn raw_index(raw: &[u8], i: usize) -> usize {
    let mut seen = 0;
    for (k, &b) in raw.iter().enumerate() {
        if matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'>') {
            continue;
        }
        if seen == i {
            return k;
        }
        seen += 1;
    }
    raw.len()
}
