//! What a rule's fix changes in a URI (SPEC section 12).
//!
//! A check says how to fix what it found as edits of the URI's text
//! ([`Edit`]); whether `--fix` applies it alone or only with
//! `--unsafe-fixes` is its rule's ([`super::RuleDoc::fix`]). Turning the
//! edits into bytes of the file, in the file's own syntax, is
//! [`crate::fix`]'s job.

use std::ops::Range;

use serde::{Deserialize, Serialize};

/// Whether a fix is applied by `--fix` alone (ruff's terms).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// The URI means the same after it (RFC 3986 s6 normalization):
    /// `--fix` applies it.
    Safe,
    /// The fix guesses what was meant (a typo, a join at a hyphen):
    /// applied only with `--unsafe-fixes`.
    Unsafe,
}

impl Applicability {
    /// Whether `--fix` applies a fix of this applicability, with
    /// `--unsafe-fixes` or without.
    pub fn applied(self, unsafe_fixes: bool) -> bool {
        self == Applicability::Safe || unsafe_fixes
    }

    /// `safe` or `unsafe`.
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// One change to a URI as the scanner found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Replace the URI's bytes `range` (of [`crate::scan::Finding::uri`])
    /// with `text`.
    Replace {
        /// The bytes replaced.
        range: Range<usize>,
        /// What is written instead, as URI text (the file's syntax is
        /// added when it is written).
        text: Vec<u8>,
    },
    /// Take out the `URL:` prefix of `<URL:...>`, and the whitespace after
    /// it (RFC 3986 App. C).
    DropUrlPrefix,
    /// Take out the whitespace a URI was broken over, so that it is on one
    /// line (RFC 3986 App. C).
    Join,
}

impl Edit {
    /// Replaces `range` of the URI with `text`.
    pub fn replace(range: Range<usize>, text: impl Into<Vec<u8>>) -> Edit {
        Edit::Replace {
            range,
            text: text.into(),
        }
    }

    /// Takes out `range` of the URI.
    pub fn delete(range: Range<usize>) -> Edit {
        Edit::replace(range, Vec::new())
    }
}

/// How to fix one diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// Whether `--fix` applies it alone.
    pub applicability: Applicability,
    /// Its edits, in URI order, not overlapping.
    pub edits: Vec<Edit>,
}

impl Fix {
    /// The URI once the fix's [`Edit::Replace`] edits are made (the other
    /// edits change what is around it, not the URI).
    pub fn apply_to(&self, uri: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(uri.len() + 8);
        let mut at = 0;
        for e in &self.edits {
            if let Edit::Replace { range, text } = e {
                // Edits overlap only by mistake: the later one is left out.
                if range.start < at || range.end > uri.len() {
                    continue;
                }
                out.extend_from_slice(&uri[at..range.start]);
                out.extend_from_slice(text);
                at = range.end;
            }
        }
        out.extend_from_slice(&uri[at..]);
        out
    }

    /// Whether an edit changes a byte of `span` of the URI (a secret's:
    /// such a fix is never offered, since checks see secrets masked and a
    /// fix must never write a password anywhere, SPEC section 10).
    pub fn touches(&self, span: &Range<usize>) -> bool {
        self.edits.iter().any(|e| match e {
            Edit::Replace { range, .. } => {
                range.start < span.end && span.start < range.end
                    || (range.is_empty() && span.start < range.start && range.start < span.end)
            }
            _ => false,
        })
    }
}

/// Percent-encodes `b` as RFC 3986 s2.1 writes it: `%` and two upper-case
/// hex digits.
pub fn percent_encode(b: u8) -> [u8; 3] {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    [b'%', HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_replacements_in_order() {
        let fix = Fix {
            applicability: Applicability::Safe,
            edits: vec![
                Edit::replace(0..4, "http"),
                Edit::delete(15..18),
                Edit::DropUrlPrefix,
            ],
        };
        assert_eq!(fix.apply_to(b"HTTP://acme.net:80/x"), b"http://acme.net/x");
        assert!(fix.touches(&(16..17)));
        assert!(!fix.touches(&(5..15)));
    }

    #[test]
    fn encodes_in_upper_case() {
        assert_eq!(&percent_encode(b' '), b"%20");
        assert_eq!(&percent_encode(0xC3), b"%C3");
    }
}
