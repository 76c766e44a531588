//! The scheme registry: which schemes urilint knows, their default ports and
//! whether they are written with `//` (SPEC U4).
//!
//! The data lives in `rules/schemes.toml` and is compiled into the crate: the
//! whole of IANA's URI scheme registry (RFC 7595) and schemes in wide use
//! without a registration. The scanner asks it whether a scheme is found
//! without `//` (a common opaque one, RFC 3986 s3) so that `mailto:a@b` is
//! found but `Note: x` is not; the rules ask it for default ports (RFC 1738
//! s3, RFC 3986 s6.2.3) and whether a scheme is registered at all.
//!
//! ```
//! use urilint::schemes::{Registry, Syntax};
//!
//! let reg = Registry::builtin();
//! let http = reg.get("HTTP").unwrap(); // scheme names are case-insensitive (RFC 3986 s3.1)
//! assert_eq!(http.port, Some(80));
//! assert_eq!(reg.get("mailto").unwrap().syntax, Syntax::Opaque);
//! assert!(reg.get("note").is_none());
//! // Registered, opaque, but not looked for in prose.
//! assert!(reg.get("info").is_some() && !reg.is_bare(b"info"));
//! ```

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use serde::Deserialize;

/// The registry file shipped with urilint.
pub const BUILTIN_TOML: &str = include_str!("../rules/schemes.toml");

/// A scheme of `rules/schemes.toml` as `build.rs` compiles it: name, port,
/// syntax, bare, rfc, status.
type Builtin = (
    &'static str,
    Option<u16>,
    Syntax,
    bool,
    &'static str,
    Status,
);

include!(concat!(env!("OUT_DIR"), "/schemes_generated.rs"));

/// The web's schemes, longest first (a prefix test finds `https` before
/// `http`): special schemes in the WHATWG URL Standard, which always have
/// an authority and whose `//` browsers forgive (`http:/host`,
/// `http:///host`), so the scanner, the secrets reader and the typo rules
/// treat them apart.
pub const WEB: &[&[u8]] = &[b"https", b"http", b"ftp", b"wss", b"ws"];

/// Whether `scheme` is one of [`WEB`], in any case.
pub fn is_web(scheme: &[u8]) -> bool {
    WEB.iter().any(|w| scheme.eq_ignore_ascii_case(w))
}

/// The longest scheme name the scanner looks back over. RFC 3986 s3.1 sets no
/// limit; the longest names in IANA's registry are a little over 30 octets.
pub const MAX_SCHEME_LEN: usize = 64;

/// How a scheme's URIs are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Syntax {
    /// `scheme://authority/path` (RFC 3986 s3.2).
    Hierarchical,
    /// `scheme:opaque-part`, no authority (`mailto:`, `urn:`, `news:`).
    Opaque,
}

/// Registration status, as in IANA's registry (RFC 7595 s3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// A permanent registration.
    Permanent,
    /// A provisional registration, or a scheme in wide use without one.
    Provisional,
    /// A historical scheme (most of RFC 1738's less common ones).
    Historical,
    /// Not in IANA's registry, but in wide use (cloud storage, data lakes,
    /// databases, container and package references): known, so never
    /// read as a typo (RFC 7595 s3 leaves names unregistered).
    Unregistered,
}

/// One scheme of the registry.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scheme {
    /// Lower-case scheme name (filled in from the table key).
    #[serde(skip)]
    pub name: String,
    /// The default port, if the scheme has one.
    pub port: Option<u16>,
    /// Hierarchical or opaque.
    pub syntax: Syntax,
    /// Whether the scanner finds `scheme:` without `//` in text (SPEC E2):
    /// only the common opaque schemes, so `info:foo` in prose is not a URI.
    #[serde(default)]
    pub bare: bool,
    /// The defining document.
    pub rfc: String,
    /// IANA status.
    pub status: Status,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RegistryFile {
    schemes: HashMap<String, Scheme>,
}

/// An error in a registry file.
#[derive(Debug)]
pub struct RegistryError(String);

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid scheme registry: {}", self.0)
    }
}

impl std::error::Error for RegistryError {}

/// A set of known schemes, looked up case-insensitively.
#[derive(Clone, Debug)]
pub struct Registry {
    by_name: HashMap<String, Scheme, Fnv>,
    /// The names of the schemes found without `//` ([`Scheme::bare`]), for
    /// the scanner's lookup at candidate colons: a short list compared in
    /// place beats hashing a copy. Sorted by length, then name.
    bare: Vec<Box<[u8]>>,
    /// For each length, where the names of that length are in `bare`: a
    /// candidate is compared with those only (most words match no
    /// length's names at all).
    bare_by_len: Vec<(usize, usize)>,
    /// Every name, sorted, for [`Registry::iter`].
    sorted: Vec<String>,
    /// The scheme each default port is named for ([`Registry::port_owner`]).
    owners: HashMap<u16, String>,
}

impl Registry {
    /// The registry compiled from `rules/schemes.toml` (`build.rs` turns
    /// the file into a table, so no run parses it to start).
    pub fn builtin() -> &'static Registry {
        Registry::shared_ref()
    }

    /// [`Registry::builtin`], shared: what a scanner or linter holds when
    /// no `[schemes]` are configured.
    pub fn shared() -> Arc<Registry> {
        Arc::clone(Registry::shared_ref())
    }

    fn shared_ref() -> &'static Arc<Registry> {
        static BUILTIN: OnceLock<Arc<Registry>> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            let by_name = BUILTIN_SCHEMES
                .iter()
                .map(|&(name, port, syntax, bare, rfc, status)| {
                    let scheme = Scheme {
                        name: name.to_string(),
                        port,
                        syntax,
                        bare,
                        rfc: rfc.to_string(),
                        status,
                    };
                    (scheme.name.clone(), scheme)
                })
                .collect();
            Arc::new(Registry::assemble(by_name))
        })
    }

    /// Parses a registry in the format of `rules/schemes.toml`.
    pub fn from_toml(text: &str) -> Result<Registry, RegistryError> {
        let file: RegistryFile = toml::from_str(text).map_err(|e| RegistryError(e.to_string()))?;
        let mut by_name = HashMap::with_capacity_and_hasher(file.schemes.len(), Fnv);
        for (name, mut scheme) in file.schemes {
            check_name(&name)?;
            let lower = name.to_ascii_lowercase();
            if lower != name {
                return Err(RegistryError(format!(
                    "scheme `{name}` must be written in lower case"
                )));
            }
            scheme.name = lower.clone();
            by_name.insert(lower, scheme);
        }
        Ok(Registry::assemble(by_name))
    }

    /// The registry of `by_name`, with the schemes found without `//`
    /// listed apart.
    fn assemble(by_name: HashMap<String, Scheme, Fnv>) -> Registry {
        let mut bare: Vec<Box<[u8]>> = by_name
            .values()
            .filter(|s| s.bare)
            .map(|s| s.name.as_bytes().into())
            .collect();
        bare.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
        let longest = bare.last().map_or(0, |n| n.len());
        let bare_by_len = (0..=longest)
            .map(|n| {
                let from = bare.partition_point(|b| b.len() < n);
                (from, bare.partition_point(|b| b.len() <= n))
            })
            .collect();
        let mut sorted: Vec<String> = by_name.keys().cloned().collect();
        sorted.sort();
        // A port is named for a plain scheme before a compound one
        // (`http` before `coap+ws` for 80), then the first by name.
        let mut owners: HashMap<u16, String> = HashMap::new();
        for name in &sorted {
            let Some(port) = by_name[name].port else {
                continue;
            };
            let better = |old: &String| old.contains('+') && !name.contains('+');
            match owners.get(&port) {
                Some(old) if !better(old) => {}
                _ => {
                    owners.insert(port, name.clone());
                }
            }
        }
        Registry {
            by_name,
            bare,
            bare_by_len,
            sorted,
            owners,
        }
    }

    /// Looks a scheme up by name, ignoring case (RFC 3986 s3.1).
    pub fn get(&self, name: &str) -> Option<&Scheme> {
        self.get_bytes(name.as_bytes())
    }

    /// Like [`Registry::get`], for the raw bytes the scanner holds.
    pub fn get_bytes(&self, name: &[u8]) -> Option<&Scheme> {
        if name.len() > MAX_SCHEME_LEN {
            return None;
        }
        // Nearly every scheme is written in lower case: look it up as is.
        if !name.iter().any(u8::is_ascii_uppercase) {
            return self.by_name.get(std::str::from_utf8(name).ok()?);
        }
        let mut buf = [0u8; MAX_SCHEME_LEN];
        let lower = &mut buf[..name.len()];
        lower.copy_from_slice(name);
        lower.make_ascii_lowercase();
        self.by_name.get(std::str::from_utf8(lower).ok()?)
    }

    /// This registry with a project's own schemes added (config
    /// `[schemes]`); an entry replaces a built-in one of the same name.
    pub fn with(&self, extra: impl IntoIterator<Item = Scheme>) -> Result<Registry, RegistryError> {
        let mut by_name = self.by_name.clone();
        for mut scheme in extra {
            check_name(&scheme.name)?;
            scheme.name.make_ascii_lowercase();
            by_name.insert(scheme.name.clone(), scheme);
        }
        Ok(Registry::assemble(by_name))
    }

    /// Whether `name` is a scheme found without `//` (SPEC E2;
    /// [`Scheme::bare`]), ignoring case.
    pub fn is_bare(&self, name: &[u8]) -> bool {
        let Some(&(from, to)) = self.bare_by_len.get(name.len()) else {
            return false;
        };
        self.bare[from..to]
            .iter()
            .any(|o| o.eq_ignore_ascii_case(name))
    }

    /// All schemes, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = &Scheme> {
        self.sorted.iter().map(|n| &self.by_name[n])
    }

    /// The scheme a port is the default of: a plain scheme before a
    /// compound one, then the first by name (`smtp` for 25, `http` for 80).
    pub fn port_owner(&self, port: u16) -> Option<&Scheme> {
        self.owners.get(&port).map(|n| &self.by_name[n])
    }

    /// Number of schemes.
    pub fn len(&self) -> usize {
        self.by_name.len()
    }

    /// Whether the registry is empty.
    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

/// RFC 3986 s3.1: a scheme's name is a letter and then letters, digits,
/// `+`, `-` or `.`.
fn check_name(name: &str) -> Result<(), RegistryError> {
    if is_scheme_name(name.as_bytes()) {
        return Ok(());
    }
    Err(RegistryError(format!(
        "`{name}` is not a scheme name (RFC 3986 s3.1: ALPHA *( ALPHA / DIGIT / \"+\" / \"-\" / \".\" ))"
    )))
}

/// FNV-1a: the registry is looked up once per URI with keys of a few
/// bytes, where SipHash's setup costs more than the lookup.
#[derive(Clone, Copy, Debug, Default)]
struct Fnv;

impl std::hash::BuildHasher for Fnv {
    type Hasher = FnvHasher;

    fn build_hasher(&self) -> FnvHasher {
        FnvHasher(0xcbf2_9ce4_8422_2325)
    }
}

struct FnvHasher(u64);

impl std::hash::Hasher for FnvHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 s3.1).
pub fn is_scheme_name(name: &[u8]) -> bool {
    match name.split_first() {
        Some((first, rest)) => {
            first.is_ascii_alphabetic() && rest.iter().all(|&b| is_scheme_char(b))
        }
        None => false,
    }
}

/// A character allowed after the first one of a scheme (RFC 3986 s3.1).
#[inline]
pub fn is_scheme_char(b: u8) -> bool {
    SCHEME_CHAR[b as usize]
}

/// How many scheme characters `bytes` ends with (RFC 3986 s3.1). The
/// scanner reads back over them at every colon: over the slice, so no
/// byte's index is checked.
#[inline]
pub(crate) fn scheme_run_back(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rev()
        .take_while(|&&b| is_scheme_char(b))
        .count()
}

// The scanner looks back over scheme characters at every colon, so this is
// a table rather than a chain of comparisons.
static SCHEME_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = b.is_ascii_alphanumeric() || b == b'+' || b == b'-' || b == b'.';
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_has_the_spec_u4_schemes_and_ports() {
        let reg = Registry::builtin();
        let want_ports = [
            ("ftp", 21),
            ("http", 80),
            ("gopher", 70),
            ("nntp", 119),
            ("telnet", 23),
            ("wais", 210),
            ("prospero", 1525),
            ("https", 443),
            ("ws", 80),
            ("wss", 443),
            ("ssh", 22),
            ("sftp", 22),
            ("ldap", 389),
            ("ldaps", 636),
            ("git", 9418),
            ("irc", 6667),
        ];
        for (name, port) in want_ports {
            assert_eq!(reg.get(name).map(|s| s.port), Some(Some(port)), "{name}");
        }
        for name in ["mailto", "news", "urn", "tel", "data"] {
            assert_eq!(reg.get(name).unwrap().syntax, Syntax::Opaque, "{name}");
        }
        assert_eq!(reg.get("file").unwrap().syntax, Syntax::Hierarchical);
        assert_eq!(reg.get("wais").unwrap().status, Status::Historical);
    }

    #[test]
    fn compiled_table_is_the_file() {
        // build.rs compiles rules/schemes.toml into a table; the runtime
        // parser, which reads `[schemes]` in config, must read the same.
        let parsed = Registry::from_toml(BUILTIN_TOML).unwrap();
        let built = Registry::builtin();
        assert_eq!(parsed.len(), built.len());
        for s in parsed.iter() {
            assert_eq!(built.get(&s.name), Some(s), "{}", s.name);
        }
        assert_eq!(parsed.bare, built.bare);
        assert_eq!(parsed.owners, built.owners);
    }

    #[test]
    fn builtin_holds_the_iana_registry() {
        let reg = Registry::builtin();
        assert!(reg.len() > 430, "{}", reg.len());
        let count = |st: Status| reg.iter().filter(|s| s.status == st).count();
        assert!(count(Status::Permanent) >= 99);
        assert!(count(Status::Historical) >= 18);
        assert!(count(Status::Unregistered) >= 20);
        for (name, port) in [
            ("aaa", Some(3868)),
            ("sieve", Some(4190)),
            ("coap+tcp", Some(5683)),
            ("z39.50s", Some(210)),
            ("bitcoin", None),
            ("ms-settings", None),
            ("web+interaction", None),
            ("example", None),
        ] {
            assert_eq!(reg.get(name).map(|s| s.port), Some(port), "{name}");
        }
        // Only the common opaque schemes are looked for without `//`.
        let bare: Vec<&str> = {
            let mut b: Vec<&str> = reg
                .iter()
                .filter(|s| s.bare)
                .map(|s| s.name.as_str())
                .collect();
            b.sort();
            b
        };
        assert_eq!(bare.len(), 19, "{bare:?}");
        let owner = |p| reg.port_owner(p).map(|s| s.name.as_str());
        assert_eq!(
            [owner(80), owner(443), owner(25), owner(3478), owner(1)],
            [
                Some("http"),
                Some("https"),
                Some("smtp"),
                Some("stun"),
                None
            ]
        );
        assert!(
            bare.iter()
                .all(|n| reg.get(n).unwrap().syntax == Syntax::Opaque)
        );
        for name in ["info", "service", "session", "dav", "jar"] {
            assert!(!reg.is_bare(name.as_bytes()), "{name}");
        }
        // Every bare scheme is found among the names of its length, in
        // any case; a name longer than all is none.
        for name in &bare {
            assert!(reg.is_bare(name.to_ascii_uppercase().as_bytes()), "{name}");
        }
        assert!(!reg.is_bare(&[b'a'; 100]));
        assert!(!reg.is_bare(b""));
    }

    #[test]
    fn lookup_ignores_case_and_rejects_long_names() {
        let reg = Registry::builtin();
        assert!(reg.is_bare(b"MailTo"));
        assert!(!reg.is_bare(b"http"));
        assert!(!reg.is_bare(b"note"));
        assert!(reg.get_bytes(&[b'a'; MAX_SCHEME_LEN + 1]).is_none());
    }

    #[test]
    fn bad_registry_files_are_errors() {
        let upper =
            "[schemes]\nHTTP = { syntax = \"hierarchical\", rfc = \"x\", status = \"permanent\" }";
        assert!(
            Registry::from_toml(upper)
                .unwrap_err()
                .to_string()
                .contains("lower case")
        );
        let digit =
            "[schemes]\n\"1x\" = { syntax = \"opaque\", rfc = \"x\", status = \"permanent\" }";
        assert!(
            Registry::from_toml(digit)
                .unwrap_err()
                .to_string()
                .contains("not a scheme name")
        );
        let unknown = "[schemes]\nx = { syntax = \"opaque\", rfc = \"x\", status = \"permanent\", colour = 1 }";
        assert!(
            Registry::from_toml(unknown)
                .unwrap_err()
                .to_string()
                .contains("colour")
        );
    }
}
