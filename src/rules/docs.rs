//! Rule docs, read from `rules/<id>.toml` (compiled in).

use std::sync::OnceLock;

use serde::Deserialize;

use super::{BUILTIN, Group, Severity};

/// The documentation of a rule: what `urilint explain ID` prints.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleDoc {
    /// Kebab-case id.
    pub id: String,
    /// Default severity.
    pub severity: Severity,
    /// The group it belongs to (SPEC section 3a).
    pub group: Group,
    /// Whether it runs when nothing is selected: only rules whose findings
    /// are real problems on real documentation trees do.
    pub default: bool,
    /// Whether it checks templates (URIs holding a placeholder such as
    /// `{name}` or `%s`): syntax, unsafe-character and port rules do not.
    #[serde(default = "yes")]
    pub templates: bool,
    /// Whether it checks links against the tree (SPEC section 11): it runs
    /// over relative references in markup and `--site` URIs, with what
    /// [`crate::links`] found wrong, not over a URI's text.
    #[serde(default)]
    pub links: bool,
    /// Whether it reports suppression comments, not URIs: the checker
    /// runs it where it reads them ([`super::Linter::directive`]).
    #[serde(default)]
    pub suppressions: bool,
    /// Whether its findings have a fix, and whether `--fix` applies it
    /// alone (`safe`) or only with `--unsafe-fixes` (SPEC section 12).
    #[serde(default)]
    pub fix: Option<super::Applicability>,
    /// Texts before and after `--fix` (or `--unsafe-fixes`) with this rule
    /// alone selected: the fix's examples, run as tests.
    #[serde(default)]
    pub fixed: Vec<(String, String)>,
    /// One line.
    pub summary: String,
    /// RFC sections it comes from.
    pub references: Vec<String>,
    /// What it does.
    pub what: String,
    /// Why it matters.
    pub why: String,
    /// What to write instead.
    pub instead: String,
    /// Texts that must trigger the rule.
    pub bad: Vec<String>,
    /// Texts that must not.
    pub good: Vec<String>,
}

fn yes() -> bool {
    true
}

/// Every built-in rule's doc, sorted by id.
pub fn docs() -> &'static [RuleDoc] {
    static DOCS: OnceLock<Vec<RuleDoc>> = OnceLock::new();
    DOCS.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(id, text, _, _)| {
                let doc: RuleDoc =
                    toml::from_str(text).unwrap_or_else(|e| panic!("rules/{id}.toml: {e}"));
                assert_eq!(&doc.id, id, "rules/{id}.toml names another id");
                doc
            })
            .collect()
    })
}

/// Where a built-in rule's page is: `docs/rules/ID.md` in the repository
/// (`repository` in Cargo.toml), as ruff's rule pages are.
///
/// ```
/// assert!(urilint::rules::doc_url("embedded-password").ends_with("/docs/rules/embedded-password.md"));
/// ```
pub fn doc_url(id: &str) -> String {
    format!(
        "{}/blob/main/docs/rules/{id}.md",
        env!("CARGO_PKG_REPOSITORY")
    )
}

/// One rule's doc.
pub fn doc(id: &str) -> Option<&'static RuleDoc> {
    docs().iter().find(|d| d.id == id)
}

impl RuleDoc {
    /// The doc as Markdown, in the sections ruff uses.
    pub fn to_markdown(&self) -> String {
        let fence = |items: &[String]| {
            items
                .iter()
                .map(|t| format!("```text\n{t}\n```\n"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let refs: String = self.references.iter().map(|r| format!("- {r}\n")).collect();
        let default = if self.default {
            "on by default"
        } else {
            "off by default: select it to run it"
        };
        let fix = match self.fix {
            Some(super::Applicability::Safe) => " `--fix` fixes it (a safe fix).",
            Some(super::Applicability::Unsafe) => {
                " `--fix --unsafe-fixes` fixes it (an unsafe fix: it guesses what was meant)."
            }
            None => "",
        };
        let fixed: String = self
            .fixed
            .iter()
            .map(|(before, after)| {
                format!("```text\n{before}\n```\n\nbecomes\n\n```text\n{after}\n```\n\n")
            })
            .collect();
        let templates = if self.templates {
            ""
        } else {
            " Templates (URIs holding a placeholder such as `{name}`) are not checked."
        };
        format!(
            "# {} ({})\n\n{}\n\nGroup `{}`, {}.{}{}\n\n## What it does\n\n{}\n\n## Why is this bad?\n\n{}\n\n## Example\n\n{}\n## Use instead\n\n{}\n\n{}\n{}## References\n\n{}",
            self.id,
            self.severity,
            self.summary,
            self.group,
            default,
            templates,
            fix,
            self.what.trim(),
            self.why.trim(),
            fence(&self.bad),
            self.instead.trim(),
            fence(&self.good),
            if fixed.is_empty() {
                String::new()
            } else {
                format!("## Fix\n\n{fixed}")
            },
            refs
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BUILTIN, Head};
    use super::docs;

    #[test]
    fn compiled_heads_are_the_docs() {
        // build.rs compiles what the linter reads of each doc; the serde
        // parse of the whole doc must read the same.
        assert_eq!(docs().len(), BUILTIN.len());
        for (doc, (id, _, _, head)) in docs().iter().zip(BUILTIN) {
            assert_eq!(&doc.id, id);
            let parsed = Head {
                severity: doc.severity,
                group: doc.group,
                default: doc.default,
                templates: doc.templates,
                links: doc.links,
                fix: doc.fix,
            };
            assert_eq!(&parsed, head, "rules/{id}.toml");
        }
    }
}
