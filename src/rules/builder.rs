//! Building a [`Linter`]: the rules selected, ignored and re-ranked, by
//! id, group or `all` (SPEC section 3a), and the custom rules.

use super::linter::{Enabled, SECRET_RULES};
use super::*;

/// Configures a [`Linter`].
#[derive(Default)]
pub struct LinterBuilder {
    select: Option<Vec<String>>,
    extend_select: Vec<String>,
    ignore: Vec<String>,
    show_notes: bool,
    severities: HashMap<String, Severity>,
    custom: Vec<CustomRule>,
    registry: Option<Arc<Registry>>,
    options: RuleOptions,
}

impl LinterBuilder {
    /// Enables only these rules instead of the default set: rule ids,
    /// group names ([`Group`]) or `all`.
    pub fn select<S: Into<String>>(mut self, ids: impl IntoIterator<Item = S>) -> Self {
        self.select = Some(ids.into_iter().map(Into::into).collect());
        self
    }

    /// Enables these rules (ids, groups or `all`) on top of the selection.
    pub fn extend_select<S: Into<String>>(mut self, ids: impl IntoIterator<Item = S>) -> Self {
        self.extend_select.extend(ids.into_iter().map(Into::into));
        self
    }

    /// Disables these rules (ids, groups or `all`); wins over selection.
    pub fn ignore<S: Into<String>>(mut self, ids: impl IntoIterator<Item = S>) -> Self {
        self.ignore.extend(ids.into_iter().map(Into::into));
        self
    }

    /// Reports notes of every enabled rule, not only of the rules
    /// selected by name, group or `all` (SPEC section 3a).
    pub fn show_notes(mut self, show: bool) -> Self {
        self.show_notes = show;
        self
    }

    /// Sets a rule's severity.
    pub fn severity(mut self, id: impl Into<String>, severity: Severity) -> Self {
        self.severities.insert(id.into(), severity);
        self
    }

    /// Adds a user regex rule.
    pub fn custom_rule(mut self, rule: CustomRule) -> Self {
        self.custom.push(rule);
        self
    }

    /// The scheme registry (default: the built-in one).
    pub fn registry(mut self, registry: Arc<Registry>) -> Self {
        self.registry = Some(registry);
        self
    }

    /// Rule options.
    pub fn options(mut self, options: RuleOptions) -> Self {
        self.options = options;
        self
    }

    /// The linter; an error names an id that is neither a built-in rule, a
    /// custom rule, a group nor `all`.
    pub fn build(self) -> Result<Linter, UnknownRule> {
        let custom_ids: Vec<&str> = self.custom.iter().map(|c| c.id.as_str()).collect();
        for name in self
            .select
            .iter()
            .flatten()
            .chain(&self.extend_select)
            .chain(&self.ignore)
        {
            if !is_selector(name, &custom_ids) {
                return Err(UnknownRule(name.clone()));
            }
        }
        for id in self.severities.keys() {
            if head(id).is_none() && !custom_ids.contains(&id.as_str()) {
                return Err(UnknownRule(id.clone()));
            }
        }
        // A rule is named when a selector is its id, its group or `all`.
        let named = |names: &[String], id: &str| {
            let group = head(id).map(|d| d.group.as_str());
            names
                .iter()
                .any(|n| n == id || n == "all" || Some(n.as_str()) == group)
        };
        // Selected explicitly: its notes are shown (SPEC section 3a).
        let chosen = |id: &str| {
            self.select.as_deref().is_some_and(|s| named(s, id)) || named(&self.extend_select, id)
        };
        let wanted = |id: &str, default: bool| {
            let base = self.select.as_deref().map_or(default, |s| named(s, id));
            (base || named(&self.extend_select, id)) && !named(&self.ignore, id)
        };
        let shown = |severity: Severity, id: &str| {
            severity > Severity::Note || self.show_notes || chosen(id)
        };
        let rules = BUILTIN
            .iter()
            .filter_map(|&(id, _, check, ref doc)| {
                let severity = self.severities.get(id).copied().unwrap_or(doc.severity);
                // Checks only ever lower a hit's severity, so a rule whose
                // notes are hidden has nothing to report.
                (wanted(id, doc.default) && shown(severity, id)).then_some(Enabled {
                    id,
                    severity,
                    check,
                    secrets_only: SECRET_RULES.contains(&id),
                    templates: doc.templates,
                    notes: self.show_notes || chosen(id),
                    links: doc.links,
                    fix: doc.fix,
                })
            })
            .collect();
        let custom = self
            .custom
            .into_iter()
            .filter(|c| wanted(&c.id, true))
            .map(|c| {
                let severity = self.severities.get(&c.id).copied().unwrap_or(c.severity);
                (c, severity)
            })
            .collect();
        Ok(Linter {
            rules,
            custom,
            registry: self.registry.unwrap_or_else(Registry::shared),
            options: self.options,
        })
    }
}

/// The selector nearest `name`, when `name` is none (a typo): a rule id,
/// one of `custom`, a group or `all`, within two edits or a third of its
/// length, else the one rule whose id holds `name` as a whole part
/// (`password` for `embedded-password`), as ruff and cargo suggest.
///
/// ```
/// use urilint::rules::did_you_mean;
/// assert_eq!(did_you_mean("embeded-password", &[]).as_deref(), Some("embedded-password"));
/// assert_eq!(did_you_mean("securty", &[]).as_deref(), Some("security"));
/// assert_eq!(did_you_mean("password", &[]).as_deref(), Some("embedded-password"));
/// assert_eq!(did_you_mean("zzzzzz", &[]), None);
/// ```
pub fn did_you_mean(name: &str, custom: &[&str]) -> Option<String> {
    let mut candidates: Vec<&str> = super::builtin_ids().collect();
    candidates.extend(custom.iter().copied());
    candidates.extend(Group::ALL.map(|g| g.as_str()));
    candidates.push("all");
    let near = candidates
        .iter()
        .map(|c| (strsim::levenshtein(name, c), *c))
        .filter(|(d, _)| *d > 0 && (*d <= 2 || *d <= name.chars().count() / 3))
        .min();
    if let Some((_, c)) = near {
        return Some(c.to_string());
    }
    let mut holding = candidates
        .iter()
        .filter(|c| name.len() >= 3 && c.split('-').any(|part| part == name));
    match (holding.next(), holding.next()) {
        (Some(c), None) => Some(c.to_string()),
        _ => None,
    }
}

/// `; did you mean `x`?` for an unknown `name`, or nothing.
pub fn suggestion(name: &str, custom: &[&str]) -> String {
    did_you_mean(name, custom).map_or_else(String::new, |s| format!("; did you mean `{s}`?"))
}

/// Whether `name` may stand in `select`, `extend-select` or `ignore`: a
/// built-in rule's id, one of `custom`, a group's name or `all`.
pub fn is_selector(name: &str, custom: &[&str]) -> bool {
    name == "all" || name.parse::<Group>().is_ok() || head(name).is_some() || custom.contains(&name)
}
