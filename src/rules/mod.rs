//! The rule engine (SPEC section 3).
//!
//! A rule is a doc in `rules/<id>.toml` (severity, summary, rationale with
//! its RFC sections, good and bad examples) and a check in
//! `src/rules/checks/<id>.rs`; `build.rs` pairs them. A [`Linter`] runs the
//! enabled rules over each [`Finding`] of the scanner, since some rules look
//! at how the URI was written (rejoined, hyphen-broken, `URL:`-prefixed), not
//! only at its text.
//!
//! ```
//! use urilint::rules::{Linter, Severity};
//! use urilint::scan::Scanner;
//!
//! // Every rule, notes included; `Linter::new()` is the default set.
//! let linter = Linter::all();
//! let text = b"db at postgres://app:hunter2@DB.acme.net/app";
//! let finding = Scanner::new().scan(text).next().unwrap();
//! let found: Vec<(String, Severity)> = linter
//!     .check(&finding)
//!     .into_iter()
//!     .map(|d| (d.rule.to_string(), d.severity))
//!     .collect();
//! assert_eq!(found, [
//!     ("embedded-password".to_string(), Severity::Error),
//!     ("uppercase-scheme-or-host".to_string(), Severity::Note),
//! ]);
//! // Messages never carry the password.
//! assert!(linter.check(&finding).iter().all(|d| !d.message.contains("hunter2")));
//! ```

mod builder;
mod custom;
mod docs;
mod fix;
pub(crate) mod idn;
mod linter;

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use builder::{LinterBuilder, did_you_mean, is_selector, suggestion};
pub use custom::{CustomRule, CustomRuleError};
pub use docs::{RuleDoc, doc, doc_url, docs};
pub use fix::{Applicability, Edit, Fix, percent_encode};
pub use linter::Linter;

use crate::scan::Finding;
use crate::schemes::{Registry, Scheme};
use crate::secrets::{self, Secret};
use crate::uri::{Span, Uri};

type CheckFn = fn(&Context, &mut Vec<Hit>);

/// What the linter reads of a built-in rule's doc (`rules/<id>.toml`),
/// compiled in by `build.rs` so that a run parses no rule doc to start;
/// [`docs()`] still reads each doc whole for `explain` and SARIF, and a
/// test checks the two agree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Head {
    pub severity: Severity,
    pub group: Group,
    pub default: bool,
    pub templates: bool,
    pub links: bool,
    pub fix: Option<Applicability>,
}

include!(concat!(env!("OUT_DIR"), "/rules_generated.rs"));

/// The built-in rules' ids, sorted.
pub(crate) fn builtin_ids() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|b| b.0)
}

/// The compiled-in head of built-in rule `id`'s doc.
pub(crate) fn head(id: &str) -> Option<&'static Head> {
    BUILTIN.iter().find(|b| b.0 == id).map(|b| &b.3)
}

/// How serious a finding is. Ordered: `Note < Warning < Error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; style and normalization.
    Note,
    /// Probably a mistake.
    Warning,
    /// A security problem or a URI that does not work.
    Error,
}

impl Severity {
    /// `note`, `warning` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Severity {
    type Err = String;

    fn from_str(s: &str) -> Result<Severity, String> {
        match s {
            "note" => Ok(Severity::Note),
            "warning" => Ok(Severity::Warning),
            "error" => Ok(Severity::Error),
            _ => Err(format!(
                "unknown severity `{s}` (expected note, warning or error)"
            )),
        }
    }
}

/// Options some rules take.
#[derive(Clone, Debug, Default)]
pub struct RuleOptions {
    /// `unsafe-character`: also flag `~`, as RFC 1738 s2.2 does.
    pub rfc1738: bool,
    /// `non-default-port` and `well-known-port`: ports that are fine.
    pub allowed_ports: Vec<u32>,
    /// `non-default-port`, `well-known-port` and `default-port`: hosts
    /// whose ports are fine (names, globs, addresses, CIDR ranges), on top
    /// of the documentation hosts ([`crate::hosts::is_documentation`]).
    pub allowed_hosts: Vec<crate::hosts::HostPattern>,
}

/// Classes of bytes a URI holds, so a rule can skip URIs that cannot
/// trigger it (most URIs are clean).
pub mod class {
    /// Octets 00-1F and 7F.
    pub const CONTROL: u16 = 1;
    /// Octets 80-FF.
    pub const HIGH: u16 = 1 << 1;
    /// `{ } | \ ^ \` < > "` and space (RFC 1738 s2.2).
    pub const UNSAFE: u16 = 1 << 2;
    /// `[` or `]`.
    pub const BRACKET: u16 = 1 << 3;
    /// `#`.
    pub const HASH: u16 = 1 << 4;
    /// `%`.
    pub const PERCENT: u16 = 1 << 5;
    /// `A-Z`.
    pub const UPPER: u16 = 1 << 6;
    /// `~`.
    pub const TILDE: u16 = 1 << 7;
    /// `.`.
    pub const DOT: u16 = 1 << 8;
    /// `@`.
    pub const AT: u16 = 1 << 9;
    /// `=`.
    pub const EQUALS: u16 = 1 << 10;
    /// `-` (every Punycode label has one).
    pub const HYPHEN: u16 = 1 << 11;

    static TABLE: [u16; 256] = {
        let mut t = [0u16; 256];
        let mut i = 0;
        while i < 256 {
            let b = i as u8;
            t[i] = match b {
                0x00..=0x1F | 0x7F => CONTROL,
                0x80..=0xFF => HIGH,
                b'{' | b'}' | b'|' | b'\\' | b'^' | b'`' | b'<' | b'>' | b'"' | b' ' => UNSAFE,
                b'[' | b']' => BRACKET,
                b'#' => HASH,
                b'%' => PERCENT,
                b'A'..=b'Z' => UPPER,
                b'~' => TILDE,
                b'.' => DOT,
                b'@' => AT,
                b'=' => EQUALS,
                b'-' => HYPHEN,
                _ => 0,
            };
            i += 1;
        }
        t
    };

    /// The classes of the bytes in `s`.
    pub fn of(s: &[u8]) -> u16 {
        s.iter().fold(0, |acc, &b| acc | TABLE[b as usize])
    }
}

/// What a check sees of one URI.
pub struct Context<'a> {
    /// The scanner's finding: the URI and how it was written.
    pub finding: &'a Finding,
    /// The URI with every secret byte masked as `*` (same length, so spans
    /// are the same): what checks read, so no message can quote a secret.
    pub text: &'a [u8],
    /// The URI's secrets, found in its raw text (SPEC section 10).
    pub secrets: &'a [Secret],
    /// [`Context::text`], split into components.
    pub uri: Uri<'a>,
    /// The scheme's registry entry, if it has one.
    pub scheme: Option<&'a Scheme>,
    /// The registry.
    pub registry: &'a Registry,
    /// Rule options.
    pub options: &'a RuleOptions,
    /// The [`class`]es of the URI's bytes.
    pub classes: u16,
    /// What link integrity found wrong with the link, for the rules that
    /// check links (SPEC section 11).
    pub link: Option<&'a crate::links::Problem>,
}

impl Context<'_> {
    /// The scheme in lower case (empty if none).
    pub fn scheme_name(&self) -> String {
        match self.scheme {
            Some(s) => s.name.clone(),
            None => self.uri.scheme_lower().unwrap_or_default(),
        }
    }

    /// Whether the host is a documentation, example, test or loopback one
    /// (RFC 2606, RFC 6761, RFC 5737, RFC 3849): its ports are examples
    /// and its credentials notes (SPEC section 3a).
    pub fn documentation_host(&self) -> bool {
        // A browser ends the authority at `\\` too (WHATWG URL Standard):
        // `evil.io\\@example.com` goes to `evil.io`.
        let auth_end = self
            .uri
            .span(crate::uri::Component::Host)
            .map_or(0, |h| h.end);
        self.uri
            .get(crate::uri::Component::Host)
            .is_some_and(crate::hosts::is_documentation)
            && memchr::memchr(b'\\', &self.text[..auth_end]).is_none()
            // A list of hosts (`localhost:5432,db.corp.io:5432`, libpq and
            // MongoDB) goes on where the port should be digits.
            && self
                .uri
                .get(crate::uri::Component::Port)
                .is_none_or(|p| p.iter().all(u8::is_ascii_digit))
            // libpq and its ports take the host from `?host=` over the
            // authority's (`postgres://u:p@localhost/db?host=db.corp.io`).
            && !self.uri.get(crate::uri::Component::Query).is_some_and(|q| {
                q.split(|&b| b == b'&')
                    .any(|p| p.len() > 4 && (p[..5].eq_ignore_ascii_case(b"host=") || p.starts_with(b"hostaddr=")))
            })
    }

    /// Whether `secret` is an example rather than a credential: a
    /// placeholder, a credential vendors publish as a sample
    /// ([`secrets::is_published_sample`]), any value on a documentation
    /// host (SPEC section 3a), or, in a template, a value that names what
    /// it stands for (`passwd-on-proxy`). Such secrets are still redacted;
    /// their findings are notes.
    pub fn example_secret(&self, secret: &Secret) -> bool {
        // A credential whose extent is a guess (several `@`, `\\`) may
        // belong to another host than the one parsed: it stays a secret.
        let certain = !matches!(secret.kind, secrets::Kind::Userinfo { .. });
        secret.placeholder
            || (certain && secrets::is_published_sample(&self.finding.uri[secret.span.clone()]))
            || (certain && self.documentation_host())
            || (self.finding.flags.template
                && names_a_secret(&self.finding.uri[secret.span.clone()]))
    }

    /// Whether the URI holds a byte of any of these classes.
    pub fn has(&self, classes: u16) -> bool {
        self.classes & classes != 0
    }

    /// The URI's text in `span`, each secret in it shown as `****`, for a
    /// message. Messages are built from parts like this one, never by
    /// replacing text in a finished message.
    pub fn quote(&self, span: std::ops::Range<usize>) -> String {
        let spans: Vec<std::ops::Range<usize>> = self
            .secrets
            .iter()
            .filter(|s| s.span.start < span.end && span.start < s.span.end)
            .map(|s| {
                s.span.start.max(span.start) - span.start..s.span.end.min(span.end) - span.start
            })
            .collect();
        String::from_utf8_lossy(&secrets::replace(&self.finding.uri[span], &spans)).into_owned()
    }
}

/// Whether `value` is words that say what it stands for (`your-password`,
/// `passwd_on_proxy`, `api-token`): letters, `-` and `_` only, naming a
/// secret.
fn names_a_secret(value: &[u8]) -> bool {
    let lower = value.to_ascii_lowercase();
    let words = [
        &b"pass"[..],
        b"passwd",
        b"password",
        b"passphrase",
        b"pw",
        b"pwd",
        b"secret",
        b"token",
        b"key",
        b"apikey",
    ];
    // Whole words only: `monkey` and `passport` name nothing.
    lower
        .iter()
        .all(|&b| b.is_ascii_lowercase() || b == b'-' || b == b'_')
        && lower
            .split(|&b| b == b'-' || b == b'_')
            .any(|w| words.contains(&w))
}

/// What a check reports; the engine adds the rule and its severity.
#[derive(Debug)]
pub struct Hit {
    message: String,
    span: Option<Span>,
    severity: Option<Severity>,
    edits: Vec<Edit>,
}

impl Hit {
    /// A hit with a message. Messages must not quote the password.
    pub fn new(message: impl Into<String>) -> Hit {
        Hit {
            message: message.into(),
            span: None,
            severity: None,
            edits: Vec::new(),
        }
    }

    /// Points the hit at a part of the URI.
    pub fn at(mut self, span: Span) -> Hit {
        self.span = Some(span);
        self
    }

    /// Overrides the rule's severity for this hit.
    pub fn severity(mut self, severity: Severity) -> Hit {
        self.severity = Some(severity);
        self
    }

    /// How to fix it (SPEC section 12): edits of the URI, in order. The
    /// rule's doc says whether the fix is safe; a rule without `fix` in its
    /// doc offers none.
    pub fn fix(mut self, edits: Vec<Edit>) -> Hit {
        self.edits = edits;
        self
    }
}

/// One problem with one URI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The rule's id.
    pub rule: Cow<'static, str>,
    /// Its severity.
    pub severity: Severity,
    /// What is wrong, never quoting a password.
    pub message: String,
    /// The part of the URI at fault, as a byte range of [`Finding::uri`].
    pub span: Option<Span>,
    /// How to fix it, if the rule knows (SPEC section 12).
    pub fix: Option<Fix>,
}

/// A rule id that no rule has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownRule(pub String);

impl fmt::Display for UnknownRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown rule `{}` (see `urilint rules`; groups: {}, or `all`){}",
            self.0,
            Group::ALL.map(|g| format!("`{g}`")).join(", "),
            builder::suggestion(&self.0, &[])
        )
    }
}

/// What a rule guards (SPEC section 3a). `--select` and `--ignore` take
/// group names as well as rule ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    /// Secrets, deception, ports that reach other services.
    Security,
    /// URIs that do not work as written.
    Correctness,
    /// URIs that work in some readers and not others.
    Portability,
    /// Normal form and taste.
    Style,
}

impl Group {
    /// Every group, in order.
    pub const ALL: [Group; 4] = [
        Group::Security,
        Group::Correctness,
        Group::Portability,
        Group::Style,
    ];

    /// Its name, as `--select` takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Group::Security => "security",
            Group::Correctness => "correctness",
            Group::Portability => "portability",
            Group::Style => "style",
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Group {
    type Err = String;

    fn from_str(s: &str) -> Result<Group, String> {
        Group::ALL
            .into_iter()
            .find(|g| g.as_str() == s)
            .ok_or_else(|| format!("unknown group `{s}`"))
    }
}

impl std::error::Error for UnknownRule {}

/// Whether `port` is fine where it is: allowed by the port rules'
/// options, or on a documentation host, where any port is an example
/// (SPEC section 3a).
fn port_allowed(cx: &Context, port: u32) -> bool {
    cx.options.allowed_ports.contains(&port) || host_allowed(cx)
}

/// Whether the host's ports are fine whatever they are: a documentation
/// host (SPEC section 3a), or one `allowed-hosts` lists.
fn host_allowed(cx: &Context) -> bool {
    let host = cx.uri.get(crate::uri::Component::Host).unwrap_or_default();
    cx.documentation_host() || cx.options.allowed_hosts.iter().any(|h| h.matches(host))
}

/// Byte-level helpers the checks share.
pub(crate) mod util {
    /// A byte as it reads in a message: the character, or `0xNN`.
    pub fn show_byte(b: u8) -> String {
        if b.is_ascii_graphic() {
            format!("`{}`", b as char)
        } else if b == b' ' {
            "a space".to_string()
        } else {
            format!("byte 0x{b:02X}")
        }
    }

    /// The percent-encoded triplets of `s`: (offset of `%`, decoded octet).
    pub fn triplets(s: &[u8]) -> impl Iterator<Item = (usize, u8)> + '_ {
        memchr::memchr_iter(b'%', s)
            .filter_map(move |i| Some((i, crate::uri::hex_pair(s.get(i + 1..i + 3)?)?)))
    }
}
