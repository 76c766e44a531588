//! The URI model (SPEC section 2): components, the RFC 3986 grammar,
//! normalization and resolution.
//!
//! [`Uri::parse`] splits any byte string into components the way RFC 3986
//! Appendix B does, so it never fails: the rules need to look inside URIs
//! that break the grammar. [`Uri::validate`] then checks the split against
//! the grammar of Appendix A and says which component fails, where and why.
//!
//! ```
//! use urilint::uri::{Component, HostKind, Uri};
//!
//! let uri = Uri::parse(b"ftp://anon:pw@[2001:db8::7]:2121/pub/a.txt?x#top");
//! assert_eq!(uri.get(Component::Scheme), Some(&b"ftp"[..]));
//! assert_eq!(uri.get(Component::User), Some(&b"anon"[..]));
//! assert_eq!(uri.get(Component::Password), Some(&b"pw"[..]));
//! assert_eq!(uri.get(Component::Host), Some(&b"[2001:db8::7]"[..]));
//! assert_eq!(uri.host_kind(), HostKind::Ipv6);
//! assert_eq!(uri.port(), Some(2121));
//! assert_eq!(uri.get(Component::Path), Some(&b"/pub/a.txt"[..]));
//! assert!(uri.validate().is_ok());
//!
//! let bad = Uri::parse(b"http://example.com:8o/");
//! let err = bad.validate().unwrap_err();
//! assert_eq!((err.component, err.offset), (Component::Port, 20));
//! assert_eq!(err.to_string(), "port: `o` at offset 20 is not a digit (RFC 3986 s3.2.3)");
//! ```

pub mod differential;
mod grammar;
pub(crate) mod normalize;
mod resolve;

use std::fmt;

pub use grammar::{ErrorKind, SyntaxError, is_ipv4, is_ipv6, is_ipvfuture};
pub(crate) use normalize::{decode_unreserved, hex_pair, percent_decode};
pub use normalize::{normalize, remove_dot_segments};
pub use resolve::{path_reference, resolve};

/// A byte range within a URI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Length in bytes.
    pub fn len(self) -> usize {
        self.end - self.start
    }

    /// Whether the span is empty.
    pub fn is_empty(self) -> bool {
        self.start == self.end
    }
}

/// A component of a URI reference (RFC 3986 s3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Component {
    /// The whole URI.
    Uri,
    /// `scheme` (s3.1).
    Scheme,
    /// `authority` (s3.2).
    Authority,
    /// `userinfo` (s3.2.1).
    Userinfo,
    /// The user part of userinfo, before the first `:`.
    User,
    /// The password part of userinfo, after the first `:` (RFC 3986 s3.2.1
    /// deprecates it).
    Password,
    /// `host` (s3.2.2), brackets of an IP literal included.
    Host,
    /// `port` (s3.2.3).
    Port,
    /// `path` (s3.3).
    Path,
    /// `query` (s3.4), without its `?`.
    Query,
    /// `fragment` (s3.5), without its `#`.
    Fragment,
}

impl Component {
    /// The name used in messages and config: `uri`, `scheme`, `host` ...
    pub fn as_str(self) -> &'static str {
        match self {
            Component::Uri => "uri",
            Component::Scheme => "scheme",
            Component::Authority => "authority",
            Component::Userinfo => "userinfo",
            Component::User => "user",
            Component::Password => "password",
            Component::Host => "host",
            Component::Port => "port",
            Component::Path => "path",
            Component::Query => "query",
            Component::Fragment => "fragment",
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What kind of host a URI names (RFC 3986 s3.2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HostKind {
    /// No authority at all.
    None,
    /// An authority with an empty host (`file:///etc`).
    Empty,
    /// `IPv4address`.
    Ipv4,
    /// `IPv6address` in brackets (with an RFC 6874 zone, if any).
    Ipv6,
    /// `IPvFuture` in brackets.
    IpvFuture,
    /// Brackets holding neither: not a valid IP literal.
    BadLiteral,
    /// `reg-name`: anything else, valid or not.
    RegName,
}

/// A URI reference split into components. Borrowed from its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Uri<'a> {
    text: &'a [u8],
    scheme: Option<Span>,
    authority: Option<Span>,
    userinfo: Option<Span>,
    password: Option<Span>,
    host: Option<Span>,
    port: Option<Span>,
    path: Span,
    query: Option<Span>,
    fragment: Option<Span>,
    host_kind: HostKind,
}

impl<'a> Uri<'a> {
    /// Splits a URI reference into components (RFC 3986 Appendix B):
    /// `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`. Never
    /// fails; see [`Uri::validate`] for the grammar.
    pub fn parse(text: &'a [u8]) -> Uri<'a> {
        let end_or_len = |from: usize, found: Option<usize>| found.map_or(text.len(), |k| from + k);
        let mut i = 0;
        let scheme = match text
            .iter()
            .position(|&b| matches!(b, b'/' | b'?' | b'#' | b':'))
        {
            Some(c) if c > 0 && text[c] == b':' => {
                i = c + 1;
                Some(Span::new(0, c))
            }
            _ => None,
        };
        let mut uri = Uri {
            text,
            scheme,
            authority: None,
            userinfo: None,
            password: None,
            host: None,
            port: None,
            path: Span::default(),
            query: None,
            fragment: None,
            host_kind: HostKind::None,
        };
        if text[i..].starts_with(b"//") {
            let end = end_or_len(i + 2, memchr::memchr3(b'/', b'?', b'#', &text[i + 2..]));
            uri.split_authority(Span::new(i + 2, end));
            i = end;
        }
        let path_end = end_or_len(i, memchr::memchr2(b'?', b'#', &text[i..]));
        uri.path = Span::new(i, path_end);
        i = path_end;
        if text.get(i) == Some(&b'?') {
            let end = end_or_len(i + 1, memchr::memchr(b'#', &text[i + 1..]));
            uri.query = Some(Span::new(i + 1, end));
            i = end;
        }
        if text.get(i) == Some(&b'#') {
            uri.fragment = Some(Span::new(i + 1, text.len()));
        }
        uri
    }

    /// RFC 3986 s3.2: `authority = [ userinfo "@" ] host [ ":" port ]`.
    /// Userinfo runs to the last `@`, as browsers read it, so that
    /// `http://a@b@c/` shows its second `@` as a userinfo error.
    fn split_authority(&mut self, auth: Span) {
        let text = self.text;
        self.authority = Some(auth);
        let a = &text[auth.start..auth.end];
        let mut host_start = auth.start;
        if let Some(at) = a.iter().rposition(|&b| b == b'@') {
            let ui = Span::new(auth.start, auth.start + at);
            self.userinfo = Some(ui);
            if let Some(c) = text[ui.start..ui.end].iter().position(|&b| b == b':') {
                self.password = Some(Span::new(ui.start + c + 1, ui.end));
            }
            host_start = ui.end + 1;
        }
        let hp = &text[host_start..auth.end];
        let host_end = if hp.first() == Some(&b'[') {
            hp.iter()
                .position(|&b| b == b']')
                .map_or(auth.end, |r| host_start + r + 1)
        } else {
            hp.iter()
                .position(|&b| b == b':')
                .map_or(auth.end, |c| host_start + c)
        };
        self.host = Some(Span::new(host_start, host_end));
        if host_end < auth.end && text[host_end] == b':' {
            self.port = Some(Span::new(host_end + 1, auth.end));
        } else if host_end < auth.end {
            // Bytes after an IP literal that are not `:port`: keep them in the
            // port span so validation can point at them.
            self.port = Some(Span::new(host_end, auth.end));
        }
        self.host_kind = classify_host(&text[host_start..host_end]);
    }

    /// The text the URI was parsed from.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.text
    }

    /// The span of a component, if the URI has it. The path is always
    /// present, possibly empty.
    pub fn span(&self, c: Component) -> Option<Span> {
        match c {
            Component::Uri => Some(Span::new(0, self.text.len())),
            Component::Scheme => self.scheme,
            Component::Authority => self.authority,
            Component::Userinfo => self.userinfo,
            Component::User => self.userinfo.map(|ui| match self.password {
                Some(pw) => Span::new(ui.start, pw.start - 1),
                None => ui,
            }),
            Component::Password => self.password,
            Component::Host => self.host,
            Component::Port => self.port,
            Component::Path => Some(self.path),
            Component::Query => self.query,
            Component::Fragment => self.fragment,
        }
    }

    /// The bytes of a component, if the URI has it.
    pub fn get(&self, c: Component) -> Option<&'a [u8]> {
        self.span(c).map(|s| &self.text[s.start..s.end])
    }

    /// What kind of host the authority names.
    pub fn host_kind(&self) -> HostKind {
        self.host_kind
    }

    /// The scheme in lower case, if it is ASCII.
    pub fn scheme_lower(&self) -> Option<String> {
        let s = self.get(Component::Scheme)?;
        s.is_ascii()
            .then(|| String::from_utf8_lossy(s).to_ascii_lowercase())
    }

    /// The port as a number: `None` when there is no port, an empty port,
    /// or one that is not all digits; values above 65535 are returned as is.
    pub fn port(&self) -> Option<u32> {
        let p = self.get(Component::Port)?;
        if p.is_empty() || p.len() > 9 || !p.iter().all(u8::is_ascii_digit) {
            return None;
        }
        std::str::from_utf8(p).ok()?.parse().ok()
    }

    /// Checks the URI against RFC 3986 Appendix A; the first violation.
    pub fn validate(&self) -> Result<(), SyntaxError> {
        grammar::validate(self)
    }
}

fn classify_host(h: &[u8]) -> HostKind {
    if h.is_empty() {
        HostKind::Empty
    } else if h[0] == b'[' {
        match h.strip_suffix(b"]").map(|inner| &inner[1..]) {
            Some(inner) if is_ipv6(inner) => HostKind::Ipv6,
            Some(inner) if is_ipvfuture(inner) => HostKind::IpvFuture,
            _ => HostKind::BadLiteral,
        }
    } else if is_ipv4(h) {
        HostKind::Ipv4
    } else {
        HostKind::RegName
    }
}
