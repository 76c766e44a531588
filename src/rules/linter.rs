//! The linter: the enabled rules run over a finding, each with its
//! severity, one finding a rule a URI, and secrets kept out of messages.

use super::*;

pub(super) struct Enabled {
    pub(super) id: &'static str,
    pub(super) severity: Severity,
    pub(super) check: CheckFn,
    /// The rule reports located secrets only, so it is skipped for the
    /// many URIs that hold none.
    pub(super) secrets_only: bool,
    /// Whether it checks templates ([`RuleDoc::templates`]).
    pub(super) templates: bool,
    /// Whether its notes are reported: it was selected by id, group or
    /// `all`, or notes are shown (SPEC section 3a).
    pub(super) notes: bool,
    /// It checks links ([`RuleDoc::links`]).
    pub(super) links: bool,
    /// Whether its fixes are safe ([`RuleDoc::fix`]).
    pub(super) fix: Option<Applicability>,
}

/// Rules whose findings are the URI's located secrets (SPEC section 10).
pub(super) const SECRET_RULES: &[&str] = &[
    "embedded-password",
    "embedded-token",
    "secret-in-path",
    "secret-in-query",
];

/// Runs the enabled rules over findings. Build it once, share it.
pub struct Linter {
    pub(super) rules: Vec<Enabled>,
    pub(super) custom: Vec<(CustomRule, Severity)>,
    pub(super) registry: Arc<Registry>,
    pub(super) options: RuleOptions,
}

impl Default for Linter {
    fn default() -> Self {
        Linter::new()
    }
}

impl Linter {
    /// The default rule set at default severities: notes are not reported
    /// (SPEC section 3a).
    pub fn new() -> Linter {
        Linter::builder().build().expect("no ids named")
    }

    /// Every built-in rule, notes included.
    pub fn all() -> Linter {
        Linter::builder()
            .select(["all"])
            .build()
            .expect("`all` is known")
    }

    /// A builder starting from the default rule set.
    pub fn builder() -> LinterBuilder {
        LinterBuilder::default()
    }

    /// Whether `id` names a rule: a built-in one, or a custom one enabled.
    pub fn knows(&self, id: &str) -> bool {
        head(id).is_some() || self.enabled().any(|e| e == id)
    }

    /// The ids of the enabled rules, built-in then custom.
    pub fn enabled(&self) -> impl Iterator<Item = &str> {
        self.rules
            .iter()
            .map(|r| r.id)
            .chain(self.custom.iter().map(|(c, _)| c.id.as_str()))
    }

    /// The diagnostics for one URI, in rule order. Checks read the URI with
    /// its secrets masked, so no message can quote one.
    pub fn check(&self, finding: &Finding) -> Vec<Diagnostic> {
        self.run(finding, None)
    }

    /// [`Linter::check`], or with a link's problem the link rules; a link's
    /// secrets are looked for whatever it holds (its message quotes it).
    fn run(&self, finding: &Finding, link: Option<&crate::links::Problem>) -> Vec<Diagnostic> {
        // A secret needs userinfo (`@`), a parameter (`=`), an encoded URI
        // inside this one (`%`) or a webhook host; what the checks need
        // anyway (byte classes, the parse) says so without another pass.
        let mut classes = class::of(&finding.uri);
        let mut uri = Uri::parse(&finding.uri);
        let suspect = link.is_some()
            || finding.flags.truncated
            || ((classes & class::AT != 0 || secrets::may_hold_escaped_at(&finding.uri))
                && secrets::may_hold_userinfo(&finding.uri))
            || (classes & class::EQUALS != 0 && secrets::may_hold_param(&finding.uri))
            || (classes & class::PERCENT != 0 && secrets::may_hold_encoded(&finding.uri))
            || secrets::may_hold_path_token(&finding.uri)
            // A credential or parameter behind escapes (`&colon;`, `\u005f`).
            || secrets::may_hold_escaped(&finding.uri)
            // A webhook's path written with `\` (`hooks.slack.com\services`),
            // or a webhook inside this URI (`?next=https://hooks...`).
            || secrets::may_be_webhook(&finding.uri)
            || uri
                .get(crate::uri::Component::Host)
                .is_some_and(secrets::may_be_webhook_host)
            // A credential cut from its `@` host: a port that is not one,
            // or a host long enough to be a token.
            || (classes & class::AT == 0
                && (uri
                    .get(crate::uri::Component::Port)
                    .is_some_and(|p| !p.iter().all(u8::is_ascii_digit))
                    || uri
                        .get(crate::uri::Component::Host)
                        .is_some_and(|h| h.len() >= 16))
                && secrets::may_be_severed(&finding.uri));
        let found = if suspect {
            secrets::locate_unfiltered(&finding.uri, finding.flags.truncated)
        } else {
            Vec::new()
        };
        let masked;
        let text: &[u8] = if found.is_empty() {
            &finding.uri
        } else {
            masked = secrets::mask(&finding.uri, &found);
            uri = Uri::parse(&masked);
            classes = class::of(&masked);
            &masked
        };
        let scheme = uri
            .get(crate::uri::Component::Scheme)
            .and_then(|s| self.registry.get_bytes(s));
        let cx = Context {
            finding,
            text,
            secrets: &found,
            uri,
            scheme,
            registry: &self.registry,
            options: &self.options,
            classes,
            link,
        };
        let mut out = Vec::new();
        let mut hits = Vec::new();
        let template = finding.flags.template;
        for rule in &self.rules {
            if (rule.secrets_only && found.is_empty())
                || (template && !rule.templates)
                || rule.links != link.is_some()
            {
                continue;
            }
            (rule.check)(&cx, &mut hits);
            if hits.is_empty() {
                continue;
            }
            hits.retain(|h| rule.notes || h.severity.unwrap_or(rule.severity) > Severity::Note);
            if let Some(h) = one_per_uri(&mut hits, rule.severity) {
                let severity = h.severity.unwrap_or(rule.severity);
                // Every message goes through redaction, not only the
                // URI: a link's message names its path, decoded; a parser
                // may read a secret as a host and lower-case it (issue 49).
                let message = redact_message(h.message, &finding.uri, &found);
                // A fix never changes a secret's bytes: checks see them
                // masked, and a password is never written anywhere
                // (SPEC section 10). A truncated URI's end is unknown.
                let fix = match rule.fix {
                    Some(applicability)
                        if !h.edits.is_empty() && !finding.flags.truncated && link.is_none() =>
                    {
                        let fix = Fix {
                            applicability,
                            edits: h.edits,
                        };
                        // Joining a URI with a secret could join the
                        // secret's own halves: not offered.
                        let join = fix.edits.iter().any(|e| matches!(e, Edit::Join));
                        (!found.iter().any(|s| fix.touches(&s.span)) && (!join || found.is_empty()))
                            .then_some(fix)
                    }
                    _ => None,
                };
                out.push(Diagnostic {
                    rule: Cow::Borrowed(rule.id),
                    severity,
                    message,
                    span: h.span,
                    fix,
                });
            }
        }
        if link.is_none() {
            for (rule, severity) in &self.custom {
                if let Some(d) = rule.check(&cx.uri, *severity) {
                    out.push(d);
                }
            }
        }
        out
    }

    /// Whether a rule that checks links is enabled: only then are links
    /// resolved (SPEC section 11).
    pub fn checks_links(&self) -> bool {
        self.rules.iter().any(|r| r.links)
    }

    /// Whether a rule of suppression comments ([`RuleDoc::suppressions`])
    /// is enabled: its findings are known once a file is read.
    pub fn reports_comments(&self) -> bool {
        self.rules
            .iter()
            .any(|r| super::doc(r.id).is_some_and(|d| d.suppressions))
    }

    /// The diagnostic of the suppression rule `rule` (`invalid-suppression`,
    /// `unused-suppression`) with `message`, when it is enabled and its
    /// severity reported: the checker reports a comment with it.
    pub fn directive(&self, rule: &'static str, message: String) -> Option<Diagnostic> {
        let r = self.rules.iter().find(|r| r.id == rule)?;
        (r.severity != Severity::Note || r.notes).then_some(Diagnostic {
            rule: Cow::Borrowed(r.id),
            severity: r.severity,
            message,
            span: None,
            fix: None,
        })
    }

    /// The diagnostics for a link (a relative reference, or a `--site`
    /// URI written as `finding`) that [`crate::links`] found `problem`
    /// with, from the enabled rules that check links.
    pub fn check_link(
        &self,
        finding: &Finding,
        problem: &crate::links::Problem,
    ) -> Vec<Diagnostic> {
        self.run(finding, Some(problem))
    }
}

/// At most one finding per rule per URI: twenty-five `%0A` in one
/// permalink are one problem to a reader. The first of the most severe hits
/// stands for them all; its message counts the rest, and its fix takes
/// every hit's edits, so a fix still mends them all. `None` when there are
/// none; `hits` is left empty.
pub(super) fn one_per_uri(hits: &mut Vec<Hit>, default: Severity) -> Option<Hit> {
    let worst = hits.iter().map(|h| h.severity.unwrap_or(default)).max()?;
    let at = hits
        .iter()
        .position(|h| h.severity.unwrap_or(default) == worst)?;
    let more = hits.len() - 1;
    let mut edits = Vec::new();
    // Each hit replaces its own bytes; only the whole-URI edits (`Join`,
    // `DropUrlPrefix`) can repeat, and are kept once: no search of every
    // edit for each of a thousand hits.
    for e in hits.iter_mut().flat_map(|h| h.edits.drain(..)) {
        if matches!(e, Edit::Replace { .. }) || !edits.contains(&e) {
            edits.push(e);
        }
    }
    let mut hit = hits.swap_remove(at);
    hits.clear();
    if more > 0 {
        hit.message = format!("{} ({more} more)", hit.message);
    }
    hit.edits = edits;
    Some(hit)
}

/// `message` with each secret of `uri` replaced by `****` (SPEC section
/// 10): as written or percent-decoded, in any case (a parser lower-cases
/// a host), whole or any [`RUN`] bytes of it; then with what free-text
/// redaction finds in it ([`crate::redact::redact_text`]: a URI with
/// credentials that a message quotes).
pub(super) fn redact_message(message: String, uri: &[u8], found: &[Secret]) -> String {
    let mut covered = vec![false; message.len()];
    let lower = message.to_ascii_lowercase().into_bytes();
    for s in found {
        let raw = &uri[s.span.start.min(uri.len())..s.span.end.min(uri.len())];
        let decoded = crate::uri::percent_decode(raw, None);
        for text in [raw, &decoded[..]] {
            if !text.is_empty() && text != b"****" {
                mark(&lower, &text.to_ascii_lowercase(), &mut covered);
            }
        }
    }
    let mut spans = Vec::new();
    let mut k = 0;
    while k < covered.len() {
        if !covered[k] {
            k += 1;
            continue;
        }
        let start = k;
        while k < covered.len() && covered[k] {
            k += 1;
        }
        spans.push(start..k);
    }
    let message = match crate::secrets::replace(message.as_bytes(), &spans) {
        std::borrow::Cow::Borrowed(_) => message,
        std::borrow::Cow::Owned(b) => String::from_utf8_lossy(&b).into_owned(),
    };
    match crate::redact::redact_text(&message) {
        std::borrow::Cow::Borrowed(_) => message,
        std::borrow::Cow::Owned(m) => m,
    }
}

/// A run of a secret this long, found in a message, is its secret, even
/// when the message quotes only part of it: long enough that no word of
/// a message's own is one.
const RUN: usize = 12;

/// Marks in `covered` the bytes of `message` (ASCII lower-cased) that
/// are `secret` (lower-cased) whole, or any [`RUN`] bytes of it. A
/// secret of fewer than 8 bytes is marked only where it stands alone, not
/// inside a word of the message (a password `pass` is no part of
/// "password").
fn mark(message: &[u8], secret: &[u8], covered: &mut [bool]) {
    if secret.len() > RUN {
        let runs: std::collections::HashSet<&[u8]> = secret.windows(RUN).collect();
        for (k, w) in message.windows(RUN).enumerate() {
            if runs.contains(w) {
                covered[k..k + RUN].fill(true);
            }
        }
        return;
    }
    let word = |b: Option<&u8>| b.is_some_and(u8::is_ascii_alphanumeric);
    for k in memchr::memmem::find_iter(message, secret) {
        let end = k + secret.len();
        // A secret of 8 bytes or more is one wherever it stands.
        if secret.len() < 8
            && (word(k.checked_sub(1).and_then(|j| message.get(j))) || word(message.get(end)))
        {
            continue;
        }
        covered[k..end].fill(true);
    }
}
