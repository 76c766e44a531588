//! `--format gitlab`: GitLab's Code Quality report, a JSON array of
//! issues a merge request shows beside its diff (SPEC section 13).
//!
//! Each issue's `fingerprint` is stable across runs and line moves: a
//! hash of the path, rule, URI (redacted) and message, and of how many
//! issues of the same file had them before it.

use std::collections::HashMap;
use std::io::{self, Write};

use serde_json::json;

use super::Record;
use crate::rules::Severity;

#[derive(Default)]
pub(super) struct Gitlab {
    count: usize,
    /// The fingerprints of the current file, and how often each was met.
    path: String,
    seen: HashMap<u64, u32>,
}

impl Gitlab {
    pub(super) fn record(&mut self, out: &mut impl Write, r: &Record) -> io::Result<()> {
        // A link left unchecked is no issue (SPEC section 11a).
        if r.reason.is_some() {
            return Ok(());
        }
        if self.path != r.path {
            self.path.clone_from(&r.path);
            self.seen.clear();
        }
        let base = fnv1a(&[&r.path, &r.rule, &r.uri, &r.message]);
        let n = self.seen.entry(base).or_insert(0);
        let fingerprint = fnv1a(&[&format!("{base:016x}"), &n.to_string()]);
        *n += 1;
        let description = match &r.mail {
            Some(mail) => format!("{} ({}, in {})", r.message, r.uri, mail.describe()),
            None => format!("{} ({})", r.message, r.uri),
        };
        let issue = json!({
            "type": "issue",
            "check_name": r.rule,
            "description": description,
            "categories": ["Bug Risk"],
            "severity": match r.severity {
                Severity::Error => "major",
                Severity::Warning => "minor",
                Severity::Note => "info",
            },
            "fingerprint": format!("{fingerprint:016x}"),
            "location": { "path": r.path, "lines": { "begin": r.line, "end": r.line } },
        });
        out.write_all(if self.count == 0 { b"[\n  " } else { b",\n  " })?;
        serde_json::to_writer(&mut *out, &issue)?;
        self.count += 1;
        Ok(())
    }

    pub(super) fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(if self.count == 0 { b"[]\n" } else { b"\n]\n" })
    }
}

/// FNV-1a, 64 bits, over the parts, each ended by a NUL: stable across
/// releases, as a fingerprint must be (std's hasher is not promised to
/// be).
fn fnv1a(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.as_bytes().iter().chain(&[0]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}
