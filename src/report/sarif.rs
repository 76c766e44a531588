//! `--format sarif`: SARIF 2.1.0, for code-scanning dashboards.

use std::io::{self, Write};

use serde_json::{Value, json};

use super::Record;
use crate::rules::docs;

/// The SARIF schema this output follows.
pub const SARIF_SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// SARIF written as records come: the log's keys are sorted, so `results`
/// stand before `tool`, and rules met on the way (user regex rules) can
/// still be listed. Only the list of rule ids is held.
pub(super) struct Sarif {
    ids: Vec<String>,
    results: usize,
    /// The results' indentation, once the text before them is written (it
    /// does not depend on the rules).
    indent: Option<String>,
}

/// Where the results go in the log's text.
const MARK: &str = "@@urilint-sarif-results@@";

impl Sarif {
    pub(super) fn new() -> Sarif {
        Sarif {
            ids: crate::rules::builtin_ids().map(str::to_string).collect(),
            results: 0,
            indent: None,
        }
    }

    fn log(&self, results: Value) -> Value {
        let mut rules: Vec<Value> = docs()
            .iter()
            .map(|d| {
                let help = d.to_markdown();
                json!({
                    "id": d.id,
                    "shortDescription": { "text": d.summary },
                    "fullDescription": { "text": d.what.trim() },
                    "help": { "text": help, "markdown": help },
                    "helpUri": crate::rules::doc_url(&d.id),
                    "defaultConfiguration": { "level": d.severity.as_str() },
                    "properties": { "tags": d.references },
                })
            })
            .collect();
        // User regex rules carry only their id.
        for id in &self.ids[docs().len()..] {
            rules
                .push(json!({ "id": id, "shortDescription": { "text": "user rule from config" } }));
        }
        json!({
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
        })
    }

    /// The log's text around its results: what comes before them, their
    /// indentation, and what comes after.
    fn frame(&self) -> (String, String, String) {
        let text = serde_json::to_string_pretty(&self.log(json!([MARK]))).expect("serializable");
        let at = text.find(&format!("\"{MARK}\"")).expect("marker");
        let line = text[..at].rfind('\n').map_or(0, |i| i + 1);
        (
            text[..line].to_string(),
            text[line..at].to_string(),
            text[at + MARK.len() + 2..].to_string(),
        )
    }

    pub(super) fn record(&mut self, out: &mut impl Write, r: &Record) -> io::Result<()> {
        let index = match self.ids.iter().position(|id| *id == r.rule) {
            Some(i) => i,
            None => {
                self.ids.push(r.rule.clone());
                self.ids.len() - 1
            }
        };
        let indent = match &self.indent {
            Some(indent) => {
                out.write_all(b",\n")?;
                indent.clone()
            }
            None => {
                let (prefix, indent, _) = self.frame();
                out.write_all(prefix.as_bytes())?;
                self.indent = Some(indent.clone());
                indent
            }
        };
        let text = serde_json::to_string_pretty(&result(r, index)).expect("serializable");
        for (i, line) in text.lines().enumerate() {
            if i > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(indent.as_bytes())?;
            out.write_all(line.as_bytes())?;
        }
        self.results += 1;
        Ok(())
    }

    pub(super) fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.results == 0 {
            serde_json::to_writer_pretty(&mut *out, &self.log(json!([])))?;
        } else {
            let (_, _, suffix) = self.frame();
            out.write_all(suffix.as_bytes())?;
        }
        out.write_all(b"\n")
    }
}

fn result(r: &Record, index: usize) -> Value {
    let text = match &r.mail {
        Some(mail) => format!("{} ({}, in {})", r.message, r.uri, mail.describe()),
        None => format!("{} ({})", r.message, r.uri),
    };
    let mut result = json!({
        "ruleId": r.rule,
        "ruleIndex": index,
        "level": r.severity.as_str(),
        "message": { "text": text },
        "locations": [{
            "physicalLocation": {
                "artifactLocation": { "uri": crate::uri::path_reference(r.path_bytes.as_deref().unwrap_or(r.path.as_bytes())) },
                "region": {
                    "startLine": r.line,
                    "startColumn": r.column,
                    "byteOffset": r.start,
                    "byteLength": r.end - r.start,
                }
            }
        }],
    });
    // SARIF 2.1.0 s3.55: a fix is changes to artifacts, each a deleted
    // region and what is inserted there.
    if let Some(fix) = &r.fix {
        let replacements: Vec<Value> = fix
            .edits
            .iter()
            .map(|e| {
                json!({
                    "deletedRegion": { "byteOffset": e.start, "byteLength": e.end - e.start },
                    "insertedContent": { "text": String::from_utf8_lossy(&e.replacement) },
                })
            })
            .collect();
        result["fixes"] = json!([{
            "description": { "text": format!("{} fix", fix.applicability.as_str()) },
            "artifactChanges": [{
                "artifactLocation": { "uri": crate::uri::path_reference(r.path_bytes.as_deref().unwrap_or(r.path.as_bytes())) },
                "replacements": replacements,
            }],
            "properties": { "applicability": fix.applicability.as_str() },
        }]);
    }
    // A link left unchecked is no result of a rule that failed (SARIF
    // 2.1.0 s3.27.9): `notApplicable`, level `none`, with its reason.
    if let Some(reason) = &r.reason {
        result["kind"] = json!("notApplicable");
        result["level"] = json!("none");
        result["properties"] = json!({ "reason": reason });
    }
    if let Some(mail) = &r.mail {
        // Offsets are in the decoded part: only the archive line where the
        // part begins locates it in the file.
        result["locations"][0]["physicalLocation"]["region"] = json!({ "startLine": r.line });
        result["properties"] = json!({
            "messageId": mail.message_id,
            "date": mail.date,
            "subject": mail.subject,
            "part": mail.part,
            "partLine": mail.part_line,
        });
    }
    result
}
