//! Reading a generator's config file (SPEC section 11a): the helpers each
//! generator's model shares. A config that cannot be read leaves its site
//! known but unread, with the reason.

use std::path::Path;
use std::sync::Arc;

use super::Site;

/// Where a config file could not be read, for the reason of its links.
pub(super) fn unreadable(site: &mut Site, file: &Path, why: impl std::fmt::Display) {
    let name = file
        .strip_prefix(&site.home)
        .unwrap_or(file)
        .display()
        .to_string();
    site.broken = Some(Arc::from(format!(
        "{} config `{name}` could not be read: {why}",
        site.generator.as_str()
    )));
}

/// A YAML document, as a value (mkdocs' `!!python/name:` tags are kept
/// as tagged values).
pub(super) fn parse_yaml(text: &str) -> Result<serde_yaml_ng::Value, String> {
    serde_yaml_ng::from_str(text).map_err(|e| e.to_string())
}

/// The first capture of `pattern` in `text`.
pub(super) fn first_string(
    text: &str,
    pattern: &std::sync::LazyLock<Option<regex::Regex>>,
) -> Option<String> {
    pattern.as_ref()?.captures(text).map(|c| c[1].to_string())
}
