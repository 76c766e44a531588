//! The grammar of RFC 3986 Appendix A, checked component by component.

use std::fmt;

use super::{Component, HostKind, Span, Uri};

/// Why a URI breaks the grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A byte the component does not allow.
    InvalidChar(u8),
    /// `%` not followed by two hex digits (s2.1).
    BadPercent,
    /// Not `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (s3.1).
    BadScheme,
    /// A byte in the port that is not a digit (s3.2.3).
    BadPort(u8),
    /// Brackets that hold neither an IPv6address nor an IPvFuture (s3.2.2).
    BadIpLiteral,
    /// Something other than `:port` after an IP literal (s3.2).
    AfterIpLiteral,
    /// A relative reference whose first path segment has a `:` (s4.2).
    ColonInFirstSegment,
}

/// Where and why a URI breaks RFC 3986's grammar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// The component at fault.
    pub component: Component,
    /// Byte offset in the URI.
    pub offset: usize,
    /// What is wrong.
    pub kind: ErrorKind,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (c, at) = (self.component, self.offset);
        let section = match c {
            Component::Scheme => "s3.1",
            Component::Userinfo | Component::User | Component::Password => "s3.2.1",
            Component::Host => "s3.2.2",
            Component::Port => "s3.2.3",
            Component::Path => "s3.3",
            Component::Query => "s3.4",
            Component::Fragment => "s3.5",
            Component::Uri | Component::Authority => "s3",
        };
        match self.kind {
            ErrorKind::InvalidChar(b) if b.is_ascii_graphic() => {
                write!(f, "{c}: `{}` at offset {at} is not allowed here", b as char)?
            }
            ErrorKind::InvalidChar(b) => {
                write!(f, "{c}: byte 0x{b:02X} at offset {at} is not allowed here")?
            }
            ErrorKind::BadPercent => {
                write!(
                    f,
                    "{c}: `%` at offset {at} is not followed by two hex digits"
                )?;
                return f.write_str(" (RFC 3986 s2.1)");
            }
            ErrorKind::BadScheme => write!(f, "{c}: not a scheme name, at offset {at}")?,
            ErrorKind::BadPort(b) if b.is_ascii_graphic() => {
                write!(f, "{c}: `{}` at offset {at} is not a digit", b as char)?
            }
            ErrorKind::BadPort(b) => {
                write!(f, "{c}: byte 0x{b:02X} at offset {at} is not a digit")?
            }
            ErrorKind::BadIpLiteral => write!(
                f,
                "{c}: the IP literal at offset {at} is neither IPv6 nor IPvFuture"
            )?,
            ErrorKind::AfterIpLiteral => {
                write!(f, "{c}: unexpected text at offset {at} after an IP literal")?
            }
            ErrorKind::ColonInFirstSegment => {
                write!(
                    f,
                    "{c}: a relative path's first segment has a `:` at offset {at}"
                )?;
                return f.write_str(" (RFC 3986 s4.2)");
            }
        }
        write!(f, " (RFC 3986 {section})")
    }
}

impl std::error::Error for SyntaxError {}

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (s2.3).
pub(crate) const fn is_unreserved(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~')
}

/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (s2.2).
pub(crate) const fn is_sub_delim(b: u8) -> bool {
    matches!(
        b,
        b'!' | b'$' | b'&' | b'\'' | b'(' | b')' | b'*' | b'+' | b',' | b';' | b'='
    )
}

/// The character sets of Appendix A, one bit each, `%` aside (checked as
/// pct-encoded).
mod set {
    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`.
    pub const USERINFO: u8 = 1;
    /// `reg-name = *( unreserved / pct-encoded / sub-delims )`.
    pub const REG_NAME: u8 = 1 << 1;
    /// `path`: `pchar` and `/`.
    pub const PATH: u8 = 1 << 2;
    /// `query` and `fragment`: `pchar`, `/` and `?`.
    pub const QUERY: u8 = 1 << 3;
    /// An RFC 6874 ZoneID: `unreserved`.
    pub const ZONE: u8 = 1 << 4;
}

static ALLOWED: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let unreserved = is_unreserved(b);
        let sub = is_sub_delim(b);
        let pchar = unreserved || sub || b == b':' || b == b'@';
        let mut bits = 0;
        if unreserved || sub || b == b':' {
            bits |= set::USERINFO;
        }
        if unreserved || sub {
            bits |= set::REG_NAME;
        }
        if pchar || b == b'/' {
            bits |= set::PATH;
        }
        if pchar || b == b'/' || b == b'?' {
            bits |= set::QUERY;
        }
        if unreserved {
            bits |= set::ZONE;
        }
        t[i] = bits;
        i += 1;
    }
    t
};

/// Checks the bytes of `span` against a character `set`; `%` must start a
/// pct-encoded triplet (s2.1).
fn check_chars(uri: &[u8], span: Span, component: Component, set: u8) -> Result<(), SyntaxError> {
    let err = |offset, kind| {
        Err(SyntaxError {
            component,
            offset,
            kind,
        })
    };
    let mut i = span.start;
    while i < span.end {
        let b = uri[i];
        if ALLOWED[b as usize] & set != 0 {
            i += 1;
            continue;
        }
        if b == b'%' {
            let hex = uri
                .get(i + 1..i + 3)
                .filter(|h| i + 3 <= span.end && h.iter().all(u8::is_ascii_hexdigit));
            if hex.is_none() {
                return err(i, ErrorKind::BadPercent);
            }
            i += 3;
        } else {
            return err(i, ErrorKind::InvalidChar(b));
        }
    }
    Ok(())
}

pub(super) fn validate(uri: &Uri) -> Result<(), SyntaxError> {
    let text = uri.text;
    if let Some(s) = uri.scheme {
        let name = &text[s.start..s.end];
        if !crate::schemes::is_scheme_name(name) {
            let offset = name
                .iter()
                .position(|&b| !crate::schemes::is_scheme_char(b))
                .unwrap_or(0);
            return Err(SyntaxError {
                component: Component::Scheme,
                offset,
                kind: ErrorKind::BadScheme,
            });
        }
    }
    if let Some(ui) = uri.userinfo {
        check_chars(text, ui, Component::Userinfo, set::USERINFO)?;
    }
    if let Some(h) = uri.host {
        match uri.host_kind {
            HostKind::BadLiteral => {
                return Err(SyntaxError {
                    component: Component::Host,
                    offset: h.start,
                    kind: ErrorKind::BadIpLiteral,
                });
            }
            HostKind::RegName => {
                check_chars(text, h, Component::Host, set::REG_NAME)?;
            }
            _ => {}
        }
    }
    if let Some(p) = uri.port {
        if p.start == 0 || text[p.start - 1] != b':' {
            return Err(SyntaxError {
                component: Component::Port,
                offset: p.start,
                kind: ErrorKind::AfterIpLiteral,
            });
        }
        if let Some(k) = text[p.start..p.end]
            .iter()
            .position(|b| !b.is_ascii_digit())
        {
            let offset = p.start + k;
            let kind = ErrorKind::BadPort(text[offset]);
            return Err(SyntaxError {
                component: Component::Port,
                offset,
                kind,
            });
        }
    }
    check_chars(text, uri.path, Component::Path, set::PATH)?;
    if uri.scheme.is_none() && uri.authority.is_none() {
        let p = &text[uri.path.start..uri.path.end];
        let first = p.iter().position(|&b| b == b'/').unwrap_or(p.len());
        if let Some(c) = p[..first].iter().position(|&b| b == b':') {
            return Err(SyntaxError {
                component: Component::Path,
                offset: uri.path.start + c,
                kind: ErrorKind::ColonInFirstSegment,
            });
        }
    }
    if let Some(q) = uri.query {
        check_chars(text, q, Component::Query, set::QUERY)?;
    }
    if let Some(f) = uri.fragment {
        check_chars(text, f, Component::Fragment, set::QUERY)?;
    }
    Ok(())
}

/// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`,
/// each 0-255 without leading zeros (s3.2.2).
pub fn is_ipv4(s: &[u8]) -> bool {
    let mut parts = 0;
    for part in s.split(|&b| b == b'.') {
        parts += 1;
        let ok = match part {
            [b'0'..=b'9'] => true,
            [b'1'..=b'9', rest @ ..] if rest.len() <= 2 && rest.iter().all(u8::is_ascii_digit) => {
                part.len() < 3 || part <= b"255".as_slice()
            }
            _ => false,
        };
        if !ok || parts > 4 {
            return false;
        }
    }
    parts == 4
}

/// `IPv6address` of s3.2.2 (every form of its nine alternatives), with an
/// optional RFC 6874 zone (`%25` ZoneID).
pub fn is_ipv6(s: &[u8]) -> bool {
    let addr = match find_subslice(s, b"%25") {
        Some(z) => {
            let zone = &s[z + 3..];
            let zone_ok = !zone.is_empty()
                && check_chars(zone, Span::new(0, zone.len()), Component::Host, set::ZONE).is_ok();
            if !zone_ok {
                return false;
            }
            &s[..z]
        }
        None => s,
    };
    let (head, tail, compressed) = match find_subslice(addr, b"::") {
        Some(d) => (&addr[..d], &addr[d + 2..], true),
        None => (addr, &b""[..], false),
    };
    if compressed && find_subslice(tail, b"::").is_some() {
        return false;
    }
    let Some(nh) = count_groups(head, !compressed) else {
        return false;
    };
    let Some(nt) = count_groups(tail, true) else {
        return false;
    };
    if compressed { nh + nt <= 7 } else { nh == 8 }
}

/// Counts the 16-bit groups of `h16 *( ":" h16 )`, where the last group may
/// be an IPv4address counting as two when `ipv4_last`. `None` if malformed.
fn count_groups(s: &[u8], ipv4_last: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let groups: Vec<&[u8]> = s.split(|&b| b == b':').collect();
    let mut n = 0;
    for (i, g) in groups.iter().enumerate() {
        let last = i + 1 == groups.len();
        if last && ipv4_last && g.contains(&b'.') {
            if !is_ipv4(g) {
                return None;
            }
            n += 2;
        } else if (1..=4).contains(&g.len()) && g.iter().all(u8::is_ascii_hexdigit) {
            n += 1;
        } else {
            return None;
        }
    }
    Some(n)
}

/// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )` (s3.2.2).
pub fn is_ipvfuture(s: &[u8]) -> bool {
    let Some(rest) = s.strip_prefix(b"v").or_else(|| s.strip_prefix(b"V")) else {
        return false;
    };
    let Some(dot) = rest.iter().position(|&b| b == b'.') else {
        return false;
    };
    let (ver, tail) = (&rest[..dot], &rest[dot + 1..]);
    !ver.is_empty()
        && ver.iter().all(u8::is_ascii_hexdigit)
        && !tail.is_empty()
        && tail
            .iter()
            .all(|&b| is_unreserved(b) || is_sub_delim(b) || b == b':')
}

fn find_subslice(hay: &[u8], needle: &[u8]) -> Option<usize> {
    memchr::memmem::find(hay, needle)
}
