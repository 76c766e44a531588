//! Link-list filters (`urilint extract --scheme --host --match
//! --exclude-match`, or `[extract]` in config). They apply to a URI as it
//! is printed: decoded from its markup, redacted (SPEC section 10),
//! normalized when asked. A secret can then never be found out by
//! filtering on it.
//!
//! ```
//! use urilint::filter::{FilterSpec, Filters};
//!
//! let spec = FilterSpec {
//!     scheme: vec!["https".into()],
//!     host: vec!["*.example.org".into()],
//!     excluding: vec!["/private/".into()],
//!     ..FilterSpec::default()
//! };
//! let filters = Filters::new(&spec, &|key| format!("--{key}")).unwrap();
//! let keeps = |uri: &str, host: &str| filters.keeps(uri.as_bytes(), Some(host.as_bytes()));
//! assert!(keeps("https://docs.example.org/a", "docs.example.org"));
//! assert!(!keeps("http://docs.example.org/a", "docs.example.org"));
//! assert!(!keeps("https://example.org/a", "example.org"));
//! assert!(!keeps("https://docs.example.org/private/x", "docs.example.org"));
//! ```

use crate::uri::{Component, Uri};
use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use regex::bytes::RegexSet;

/// What the filters are given, from the command line or config.
#[derive(Clone, Debug, Default)]
pub struct FilterSpec {
    /// Scheme names, each value possibly a comma-separated list.
    pub scheme: Vec<String>,
    /// Globs on the normalized host (`*.example.org`).
    pub host: Vec<String>,
    /// Regexes (the `regex` crate's syntax) a URI must match one of.
    pub matching: Vec<String>,
    /// Regexes a URI must match none of.
    pub excluding: Vec<String>,
}

/// The filters, compiled. Kinds combine with AND, the values of one kind
/// with OR: `--scheme https --host '*.org' --host '*.net'` keeps https
/// URIs on hosts under `.org` or `.net`.
#[derive(Debug, Default)]
pub struct Filters {
    /// Lower-case scheme names; empty keeps every scheme.
    schemes: Vec<Vec<u8>>,
    hosts: Option<GlobSet>,
    matching: Option<RegexSet>,
    excluding: Option<RegexSet>,
}

impl Filters {
    /// Compiles `spec`; an error names the bad value (`what` says where
    /// the values come from: a flag or a config key).
    pub fn new(spec: &FilterSpec, what: &dyn Fn(&str) -> String) -> Result<Filters, String> {
        let schemes = spec
            .scheme
            .iter()
            .flat_map(|s| s.split(','))
            .map(|s| s.trim().trim_end_matches(':').to_ascii_lowercase())
            .filter(|s| !s.is_empty())
            .map(|s| {
                let valid = s.starts_with(|c: char| c.is_ascii_alphabetic())
                    && s.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
                // RFC 3986 s3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
                if valid {
                    Ok(s.into_bytes())
                } else {
                    Err(format!(
                        "{}: `{s}` is not a scheme name (RFC 3986 s3.1)",
                        what("scheme")
                    ))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let hosts = if spec.host.is_empty() {
            None
        } else {
            let mut set = GlobSetBuilder::new();
            for h in &spec.host {
                if h.trim().is_empty() {
                    return Err(format!("{}: an empty glob matches no host", what("host")));
                }
                let glob = GlobBuilder::new(&host_pattern(h))
                    .case_insensitive(true)
                    .build()
                    .map_err(|e| format!("{}: `{h}`: {}", what("host"), e.kind()))?;
                set.add(glob);
            }
            Some(set.build().map_err(|e| format!("{}: {e}", what("host")))?)
        };
        let regexes = |values: &[String], key: &str| -> Result<Option<RegexSet>, String> {
            if values.is_empty() {
                return Ok(None);
            }
            RegexSet::new(values)
                .map(Some)
                .map_err(|e| format!("{}: {}", what(key), regex_gist(&e)))
        };
        Ok(Filters {
            schemes,
            hosts,
            matching: regexes(&spec.matching, "match")?,
            excluding: regexes(&spec.excluding, "exclude-match")?,
        })
    }

    /// Whether any filter is set.
    pub fn any(&self) -> bool {
        !self.schemes.is_empty()
            || self.hosts.is_some()
            || self.matching.is_some()
            || self.excluding.is_some()
    }

    /// Whether the host filter needs the normalized host.
    pub fn by_host(&self) -> bool {
        self.hosts.is_some()
    }

    /// Whether `uri` (as printed) is kept; `host` is its normalized host,
    /// when the host filter is set.
    pub fn keeps(&self, uri: &[u8], host: Option<&[u8]>) -> bool {
        if !self.schemes.is_empty() {
            let scheme = Uri::parse(uri).get(Component::Scheme);
            if !scheme.is_some_and(|s| self.schemes.iter().any(|k| k.eq_ignore_ascii_case(s))) {
                return false;
            }
        }
        if let Some(hosts) = &self.hosts {
            // A host is matched as text: a name, or an IP literal in its
            // brackets.
            let Some(host) = host.filter(|h| !h.is_empty()) else {
                return false;
            };
            if !hosts.is_match(host_key(host)) {
                return false;
            }
        }
        if let Some(m) = &self.matching
            && !m.is_match(uri)
        {
            return false;
        }
        if let Some(x) = &self.excluding
            && x.is_match(uri)
        {
            return false;
        }
        true
    }
}

/// A host as `--host` globs match it: lower case, an IP literal without
/// its brackets (`::1`), no trailing dot (`example.org.` is `example.org`),
/// and a name in A-labels (`bücher.example` and `b%C3%BCcher.example` are
/// `xn--bcher-kva.example`, RFC 5891 s5).
fn host_key(host: &[u8]) -> String {
    let host = host
        .strip_prefix(b"[")
        .and_then(|h| h.strip_suffix(b"]"))
        .unwrap_or(host);
    let host = host.strip_suffix(b".").unwrap_or(host);
    if host.is_ascii() && memchr::memchr(b'%', host).is_none() {
        return String::from_utf8_lossy(host).to_ascii_lowercase();
    }
    let decoded = crate::uri::percent_decode(host, None);
    let text = String::from_utf8_lossy(&decoded);
    idna::domain_to_ascii(&text).unwrap_or_else(|_| text.to_lowercase())
}

/// A `--host` glob as [`host_key`] writes hosts: `[::1]` is `::1` (not a
/// class of characters), and each label that is not ASCII in A-labels.
fn host_pattern(glob: &str) -> String {
    let glob = glob.trim();
    let glob = match glob.strip_prefix('[').and_then(|g| g.strip_suffix(']')) {
        Some(inner) if inner.contains(':') => inner,
        _ => glob,
    };
    let glob = glob.strip_suffix('.').unwrap_or(glob);
    glob.split('.')
        .map(|label| match label.is_ascii() {
            true => label.to_ascii_lowercase(),
            false => idna::domain_to_ascii(label).unwrap_or_else(|_| label.to_lowercase()),
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// A regex error in one line: the regex crate draws a caret under the
/// pattern over several lines and ends with the gist (`unclosed group`).
pub(crate) fn regex_gist(e: &regex::Error) -> String {
    let e = e.to_string();
    let gist = e.lines().last().unwrap_or(&e).trim();
    gist.strip_prefix("error: ").unwrap_or(gist).to_string()
}

/// The host of a normalized URI (RFC 3986 s3.2.2), empty when it has none.
pub fn host_of(normalized: &[u8]) -> &[u8] {
    Uri::parse(normalized)
        .get(Component::Host)
        .unwrap_or_default()
}
