//! Hosts that say what they are: the example and test names of RFC 2606
//! and RFC 6761, the documentation addresses of RFC 5737 and RFC 3849, and
//! loopback (SPEC section 3a); and the `allowed-hosts` patterns of config.
//!
//! ```
//! use urilint::hosts::{HostPattern, is_documentation};
//!
//! assert!(is_documentation(b"www.example.com"));
//! assert!(is_documentation(b"[2001:db8::7]"));
//! assert!(!is_documentation(b"example.community"));
//!
//! let p: HostPattern = "*.internal.example.com".parse().unwrap();
//! assert!(p.matches(b"ci.internal.example.com"));
//! let p: HostPattern = "10.0.0.0/8".parse().unwrap();
//! assert!(p.matches(b"10.1.2.3"));
//! ```

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

/// Whether `host` (as written in a URI: a name, an IPv4 address or an IP
/// literal in brackets) is a documentation, example, test or loopback host.
pub fn is_documentation(host: &[u8]) -> bool {
    match address(host) {
        Some(IpAddr::V4(a)) => documentation_v4(a),
        Some(IpAddr::V6(a)) => {
            // RFC 3849: 2001:db8::/32; RFC 4291 s2.5.3, s2.5.2: loopback and
            // the unspecified address; and IPv4 ones mapped (s2.5.5.2).
            let s = a.segments();
            a.is_loopback()
                || a.is_unspecified()
                || (s[0] == 0x2001 && s[1] == 0x0db8)
                || a.to_ipv4_mapped().is_some_and(documentation_v4)
        }
        // Only a plain host name (RFC 1123 s2.1 letters, digits, `-`, `.`):
        // `evil.io\.example.com` reaches `evil.io` in a browser, and
        // `db1.evil.io,db2.example.com` is a driver's list of hosts.
        None if !host
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.')) =>
        {
            false
        }
        None => {
            let name = host.strip_suffix(b".").unwrap_or(host).to_ascii_lowercase();
            let tld = name.rsplit(|&b| b == b'.').next().unwrap_or_default();
            // RFC 2606 s3: example.com, .net, .org and their subdomains.
            let second = [&b"example.com"[..], b"example.net", b"example.org"]
                .iter()
                .any(|d| {
                    name == *d || (name.ends_with(d) && name[name.len() - d.len() - 1] == b'.')
                });
            // RFC 2606 s2, RFC 6761 s6.2-6.4: the reserved top-level names.
            second || [&b"example"[..], b"test", b"invalid", b"localhost"].contains(&tld)
        }
    }
}

/// RFC 5737: 192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24; RFC 1122
/// s3.2.1.3: 127.0.0.0/8 (loopback) and 0.0.0.0 (this host).
fn documentation_v4(a: Ipv4Addr) -> bool {
    let o = a.octets();
    a.is_loopback()
        || a.is_unspecified()
        || matches!(o, [192, 0, 2, _] | [198, 51, 100, _] | [203, 0, 113, _])
}

/// The address `host` writes: dotted IPv4, or an IPv6 literal in brackets
/// (RFC 3986 s3.2.2).
fn address(host: &[u8]) -> Option<IpAddr> {
    let text = std::str::from_utf8(host).ok()?;
    match text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) {
        // A zone (`%25eth0`, RFC 6874) does not change the address.
        Some(inner) => inner
            .split('%')
            .next()?
            .parse::<Ipv6Addr>()
            .ok()
            .map(IpAddr::V6),
        None => text.parse::<Ipv4Addr>().ok().map(IpAddr::V4),
    }
}

/// An entry of `allowed-hosts`: a host name, a glob where `*` stands for
/// any run of characters, dots included (`*.internal.example.com`), an
/// address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`). Names compare
/// case-insensitively.
#[derive(Clone, Debug)]
pub enum HostPattern {
    /// A name or a glob (globset's syntax, case-insensitive).
    Name(globset::GlobMatcher),
    /// An address range: the network and its prefix length.
    Range(IpAddr, u8),
}

/// An `allowed-hosts` entry that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostPatternError(String);

impl fmt::Display for HostPatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for HostPatternError {}

impl FromStr for HostPattern {
    type Err = HostPatternError;

    fn from_str(s: &str) -> Result<HostPattern, HostPatternError> {
        let bad = |why: &str| HostPatternError(format!("`{s}` {why}"));
        if s.is_empty() {
            return Err(bad("is empty"));
        }
        let Some((net, len)) = s.split_once('/') else {
            let bare = s
                .strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .unwrap_or(s);
            return match bare.parse::<IpAddr>() {
                Ok(a) => Ok(HostPattern::Range(a, if a.is_ipv4() { 32 } else { 128 })),
                Err(_) => globset::GlobBuilder::new(s)
                    .case_insensitive(true)
                    .build()
                    .map(|g| HostPattern::Name(g.compile_matcher()))
                    .map_err(|e| bad(&format!("is not a host glob: {}", e.kind()))),
            };
        };
        let net = net
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .unwrap_or(net);
        let net: IpAddr = net
            .parse()
            .map_err(|_| bad("is not a CIDR range: the address is not one"))?;
        let max = if net.is_ipv4() { 32 } else { 128 };
        let len: u8 = len.parse().ok().filter(|&l| l <= max).ok_or_else(|| {
            bad(&format!(
                "is not a CIDR range: the prefix length must be 0 to {max}"
            ))
        })?;
        Ok(HostPattern::Range(net, len))
    }
}

impl HostPattern {
    /// Whether `host`, as written in a URI, matches.
    pub fn matches(&self, host: &[u8]) -> bool {
        match self {
            HostPattern::Name(glob) => {
                let host = host.strip_suffix(b".").unwrap_or(host);
                std::str::from_utf8(host).is_ok_and(|h| glob.is_match(h))
            }
            HostPattern::Range(net, len) => match (address(host), net) {
                (Some(IpAddr::V4(a)), IpAddr::V4(n)) => prefix_eq(&a.octets(), &n.octets(), *len),
                (Some(IpAddr::V6(a)), IpAddr::V6(n)) => prefix_eq(&a.octets(), &n.octets(), *len),
                _ => false,
            },
        }
    }
}

/// Whether the first `len` bits of `a` and `b` are equal.
fn prefix_eq(a: &[u8], b: &[u8], len: u8) -> bool {
    let (whole, rest) = (usize::from(len / 8), len % 8);
    a[..whole] == b[..whole]
        && (rest == 0 || {
            let mask = 0xFFu8 << (8 - rest);
            a[whole] & mask == b[whole] & mask
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documentation_hosts_of_the_rfcs() {
        for h in [
            "example.com",
            "EXAMPLE.COM",
            "www.example.com",
            "example.net",
            "a.b.example.org",
            "example.com.",
            "foo.example",
            "api.test",
            "x.invalid",
            "localhost",
            "app.localhost",
            "127.0.0.1",
            "127.1.2.3",
            "0.0.0.0",
            "192.0.2.10",
            "198.51.100.7",
            "203.0.113.255",
            "[::1]",
            "[::]",
            "[2001:db8::1]",
            "[2001:DB8:0:0:8:800:200C:417A]",
            "[::ffff:192.0.2.1]",
            "[fe80::1%25eth0]",
        ] {
            let expect = h != "[fe80::1%25eth0]";
            assert_eq!(is_documentation(h.as_bytes()), expect, "{h}");
        }
        for h in [
            "example.community",
            "myexample.com",
            "example.co",
            "github.com",
            "test.com",
            "localhost.com",
            "192.0.3.1",
            "10.0.0.1",
            "[2001:db9::1]",
            "",
            "exampleXcom",
        ] {
            assert!(!is_documentation(h.as_bytes()), "{h}");
        }
    }

    #[test]
    fn patterns_match_names_globs_addresses_and_ranges() {
        let m = |p: &str, h: &str| p.parse::<HostPattern>().unwrap().matches(h.as_bytes());
        assert!(m("localhost", "LocalHost"));
        assert!(m("*.internal.example.com", "ci.internal.example.com"));
        assert!(m("*.internal.example.com", "a.b.internal.example.com"));
        assert!(!m("*.internal.example.com", "internal.example.com"));
        assert!(!m("*.internal.example.com", "evil.com"));
        assert!(m("dev-*", "dev-42"));
        assert!(m("10.0.0.0/8", "10.255.0.1"));
        assert!(!m("10.0.0.0/8", "11.0.0.1"));
        assert!(m("192.168.1.0/25", "192.168.1.127"));
        assert!(!m("192.168.1.0/25", "192.168.1.128"));
        assert!(m("fd00::/8", "[fd12::1]"));
        assert!(!m("fd00::/8", "fd12.example"));
        assert!(m("10.1.2.3", "10.1.2.3"));
        assert!(m("[::1]", "[::1]"));
        assert!(!m("10.0.0.0/8", "[::1]"));
        for bad in ["10.0.0.0/33", "10.0.0/8", "::/129", "x/8", "", "dev-[a"] {
            assert!(bad.parse::<HostPattern>().is_err(), "{bad}");
        }
    }
}
