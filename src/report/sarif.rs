//! `--format sarif`: SARIF 2.1.0, for code-scanning dashboards.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::Record;
use crate::rules::docs;

/// The SARIF schema this output follows.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

pub(super) fn write(out: &mut impl Write, records: &[Record]) -> io::Result<()> {
    let mut rules: Vec<Value> = docs()
        .iter()
        .map(|d| {
            let help = d.to_markdown();
            json!({
                "id": d.id,
                "shortDescription": { "text": d.summary },
                "fullDescription": { "text": d.what.trim() },
                "help": { "text": help, "markdown": help },
                "defaultConfiguration": { "level": d.severity.as_str() },
                "properties": { "tags": d.references },
            })
        })
        .collect();
    let mut ids: Vec<String> = docs().iter().map(|d| d.id.clone()).collect();
    // User regex rules carry only their id.
    for r in records {
        if !ids.contains(&r.rule) {
            ids.push(r.rule.clone());
            rules.push(
                json!({ "id": r.rule, "shortDescription": { "text": "user rule from config" } }),
            );
        }
    }
    let results: Vec<Value> = records
        .iter()
        .map(|r| {
            let text = match &r.mail {
                Some(mail) => format!("{} ({}, in {})", r.message, r.uri, mail.describe()),
                None => format!("{} ({})", r.message, r.uri),
            };
            let mut result = json!({
                "ruleId": r.rule,
                "ruleIndex": ids.iter().position(|id| *id == r.rule).expect("listed"),
                "level": r.severity.as_str(),
                "message": { "text": text },
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": { "uri": uri_reference(&r.path) },
                        "region": {
                            "startLine": r.line,
                            "startColumn": r.column,
                            "byteOffset": r.start,
                            "byteLength": r.end - r.start,
                        }
                    }
                }],
            });
            if let Some(mail) = &r.mail {
                // Offsets are in the decoded part: only the archive line
                // where the part begins locates it in the file.
                result["locations"][0]["physicalLocation"]["region"] =
                    json!({ "startLine": r.line });
                result["properties"] = json!({
                    "messageId": mail.message_id,
                    "date": mail.date,
                    "subject": mail.subject,
                    "part": mail.part,
                    "partLine": mail.part_line,
                });
            }
            result
        })
        .collect();
    let log = json!({
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": { "driver": {
                "name": "urilint",
                "version": env!("CARGO_PKG_VERSION"),
                "informationUri": "https://crates.io/crates/urilint",
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    serde_json::to_writer_pretty(&mut *out, &log)?;
    out.write_all(b"\n")
}

/// A path as a relative URI reference (RFC 3986 s4.2): `/` separators, and
/// every byte outside unreserved, sub-delims, `:`, `@` and `/`
/// percent-encoded.
fn uri_reference(path: &str) -> String {
    let path = path.replace('\\', "/");
    let path = path.strip_prefix("./").unwrap_or(&path);
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
