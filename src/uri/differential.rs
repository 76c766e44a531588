//! What an RFC 3986 parser and a WHATWG URL parser (browsers; the `url`
//! crate) make of one URI's authority, and a parser that percent-decodes
//! before it splits: where they disagree, a URI can look like one place
//! and lead to another (RFC 3986 s7.6).
//!
//! ```
//! use urilint::uri::differential::Views;
//!
//! let v = Views::of(br"https://evil.example\@good.example/");
//! assert_eq!(v.rfc.host.as_deref(), Some("good.example"));
//! assert_eq!(v.whatwg.unwrap().host.as_deref(), Some("evil.example"));
//! ```

use std::net::Ipv6Addr;

use super::{Component, Uri};

/// The schemes whose URLs the WHATWG parser treats as "special" (and
/// RFC 3986 as hierarchical): the ones where the two part ways.
pub const SPECIAL: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// What one parser reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// The host, comparable across parsers: lower case, percent-decoded,
    /// IDNA A-labels, an IPv6 literal in its shortest form; `None` without
    /// an authority.
    pub host: Option<String>,
    /// The userinfo, percent-decoded; `None` without one.
    pub userinfo: Option<String>,
}

/// The views of a URI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Views {
    /// RFC 3986 (urilint's own parser).
    pub rfc: View,
    /// The WHATWG URL Standard, or why it rejects the URL.
    pub whatwg: Result<View, url::ParseError>,
    /// A parser that percent-decodes the URI before it splits it.
    pub decoded_first: Option<View>,
}

impl Views {
    /// Parses `uri` three ways.
    pub fn of(uri: &[u8]) -> Views {
        let rfc = rfc_view(uri);
        let whatwg = match std::str::from_utf8(uri) {
            Ok(text) => url::Url::parse(text).map(|u| View {
                host: u.host_str().map(|h| comparable(h.as_bytes())),
                userinfo: match (u.username(), u.password()) {
                    ("", None | Some("")) => None,
                    (user, None | Some("")) => Some(decoded(user.as_bytes())),
                    (user, Some(pw)) => Some(decoded(format!("{user}:{pw}").as_bytes())),
                },
            }),
            Err(_) => Err(url::ParseError::InvalidDomainCharacter),
        };
        // Only userinfo holding an encoded delimiter reads differently
        // decoded first; such a parser is taken to split as a browser does
        // (`\` ends the authority too), else as RFC 3986 does.
        let decoded_first = Uri::parse(uri)
            .get(Component::Userinfo)
            .filter(|u| has_encoded_delimiter(u))
            .map(|_| {
                let decoded = crate::uri::percent_decode(uri, None);
                std::str::from_utf8(&decoded)
                    .ok()
                    .and_then(|t| url::Url::parse(t).ok())
                    .map(|u| View {
                        host: u.host_str().map(|h| comparable(h.as_bytes())),
                        userinfo: None,
                    })
                    .unwrap_or_else(|| rfc_view(&decoded))
            });
        Views {
            rfc,
            whatwg,
            decoded_first,
        }
    }
}

/// Whether `scheme` is one of [`SPECIAL`], in any case.
pub(crate) fn is_special(scheme: &[u8]) -> bool {
    SPECIAL
        .iter()
        .any(|s| s.as_bytes().eq_ignore_ascii_case(scheme))
}

/// `%2F`, `%3F`, `%23` or `%5C`: a delimiter of the authority, once
/// decoded (an `@` decoded, `%40`, still leaves the last `@` the last).
pub(crate) fn has_encoded_delimiter(s: &[u8]) -> bool {
    s.windows(3).any(|w| {
        w[0] == b'%'
            && matches!(
                (w[1], w[2].to_ascii_uppercase()),
                (b'2', b'F') | (b'3', b'F') | (b'2', b'3') | (b'5', b'C')
            )
    })
}

fn rfc_view(uri: &[u8]) -> View {
    let parsed = Uri::parse(uri);
    View {
        host: parsed
            .get(Component::Authority)
            .map(|_| comparable(parsed.get(Component::Host).unwrap_or_default())),
        // `user:` has an empty password, which a browser drops; `@host`
        // an empty userinfo, which it drops too.
        userinfo: parsed
            .get(Component::Userinfo)
            .map(|u| u.strip_suffix(b":").unwrap_or(u))
            .filter(|u| !u.is_empty())
            .map(decoded),
    }
}

fn decoded(s: &[u8]) -> String {
    String::from_utf8_lossy(&crate::uri::percent_decode(s, None)).into_owned()
}

/// A host in a form both parsers' hosts compare in.
fn comparable(host: &[u8]) -> String {
    if let Some(inner) = host.strip_prefix(b"[").and_then(|h| h.strip_suffix(b"]")) {
        let text = String::from_utf8_lossy(inner);
        return match text.parse::<Ipv6Addr>() {
            Ok(a) => format!("[{a}]"),
            Err(_) => format!("[{}]", text.to_ascii_lowercase()),
        };
    }
    let text = decoded(host);
    if text.is_ascii() {
        return text.to_ascii_lowercase();
    }
    // A name IDNA maps to digits (`①②⑦.0.0.1`) is an IPv4 address to a
    // browser and a name to RFC 3986: kept as written, so they differ.
    match idna::domain_to_ascii(&text) {
        Ok(ascii)
            if ascii
                .trim_end_matches('.')
                .parse::<std::net::Ipv4Addr>()
                .is_err() =>
        {
            ascii
        }
        _ => text.to_lowercase(),
    }
}
