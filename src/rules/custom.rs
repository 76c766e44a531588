//! User regex rules from config: a regex matched against the whole URI or
//! one component, with its own id, severity and message.

use std::fmt;

use regex::bytes::Regex;

use super::{Diagnostic, Severity};
use crate::uri::{Component, Uri};

/// A user rule, such as "no links to staging.example.com".
///
/// ```
/// use urilint::rules::{CustomRule, Linter, Severity};
/// use urilint::scan::Scanner;
/// use urilint::uri::Component;
///
/// let rule = CustomRule::new("no-staging", Severity::Error, "links to the staging server",
///                            Component::Host, r"^staging\.example\.com$").unwrap();
/// let linter = Linter::builder().select(["no-staging"]).custom_rule(rule).build().unwrap();
/// let f = Scanner::new().scan(b"https://staging.example.com/x").next().unwrap();
/// assert_eq!(linter.check(&f)[0].message, "links to the staging server");
/// ```
#[derive(Clone, Debug)]
pub struct CustomRule {
    /// Its id, as `--select` and `--ignore` name it.
    pub id: String,
    /// Its severity.
    pub severity: Severity,
    /// The message of its findings.
    pub message: String,
    /// What the regex is matched against.
    pub component: Component,
    regex: Regex,
}

/// A custom rule that cannot be built.
#[derive(Debug)]
pub struct CustomRuleError(String);

impl fmt::Display for CustomRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CustomRuleError {}

impl CustomRule {
    /// A rule matching `pattern` (the `regex` crate's syntax) against
    /// `component`: `Uri`, `Scheme`, `Host`, `Port`, `Path` or `Query`.
    pub fn new(
        id: &str,
        severity: Severity,
        message: &str,
        component: Component,
        pattern: &str,
    ) -> Result<CustomRule, CustomRuleError> {
        if id.is_empty()
            || !id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        {
            return Err(CustomRuleError(format!(
                "custom rule id `{id}` must be kebab-case"
            )));
        }
        if crate::rules::head(id).is_some() {
            return Err(CustomRuleError(format!(
                "custom rule id `{id}` is a built-in rule's"
            )));
        }
        let allowed = [
            Component::Uri,
            Component::Scheme,
            Component::Host,
            Component::Port,
            Component::Path,
            Component::Query,
        ];
        if !allowed.contains(&component) {
            return Err(CustomRuleError(format!(
                "custom rule `{id}`: component `{component}` is not one of uri, scheme, host, port, path, query"
            )));
        }
        let regex = Regex::new(pattern).map_err(|e| {
            let gist = crate::filter::regex_gist(&e);
            CustomRuleError(format!("custom rule `{id}`: regex `{pattern}`: {gist}"))
        })?;
        Ok(CustomRule {
            id: id.to_string(),
            severity,
            message: message.to_string(),
            component,
            regex,
        })
    }

    pub(super) fn check(&self, uri: &Uri, severity: Severity) -> Option<Diagnostic> {
        let span = uri.span(self.component)?;
        let m = self.regex.find(&uri.as_bytes()[span.start..span.end])?;
        Some(Diagnostic {
            rule: self.id.clone().into(),
            severity,
            message: self.message.clone(),
            span: Some(crate::uri::Span {
                start: span.start + m.start(),
                end: span.start + m.end(),
            }),
            fix: None,
        })
    }
}
