//! MyST Markdown (SPEC section 11b): mystmd and Jupyter Book projects,
//! and Sphinx with `myst_parser` or `myst_nb`. A target set anywhere in
//! the project (`(label)=`, a directive's `:label:` or `:name:`, `$$ ...
//! $$ (label)`, `+++ {"label": ...}`, `#| label:`, `{#id}` attributes,
//! rST's `.. _label:`) is named by `[](#label)`, by `page.md#label` and,
//! in Sphinx, by a destination that is no file (`[](units/length)`).

use std::path::Path;
use std::sync::Arc;

use super::{Generator, Site};

/// mystmd ("Cross-references": "a target can be resolved against the
/// entire project without the path"): `myst.yml`'s folder holds the
/// project's pages.
pub(super) fn mystmd(dir: &Path) -> Site {
    let mut site = Site::new(Generator::Myst, dir, dir.to_path_buf());
    site.myst = true;
    site.rooted = vec![dir.to_path_buf()];
    site
}

/// Jupyter Book 1: Sphinx with MyST-NB, configured in `_config.yml`,
/// whose `sphinx:` section and intersphinx may resolve what a label does
/// not.
pub(super) fn jupyter_book(dir: &Path) -> Site {
    let mut site = mystmd(dir);
    site.domains = Some(Arc::from(
        "Jupyter Book resolves them through Sphinx's domains (objects, terms) and \
         intersphinx inventories, which urilint does not read",
    ));
    site
}

/// Sphinx whose `extensions` hold `myst_parser` or `myst_nb` (MyST-Parser,
/// "Cross-referencing": "Default destination resolution").
pub(super) fn sphinx_myst(site: &mut Site, conf: &str) {
    if !(conf.contains("myst_parser") || conf.contains("myst_nb")) {
        return;
    }
    site.myst = true;
    // A `#x` or a destination that is no file and no label of the
    // project may still name a Python object, a glossary term or an
    // intersphinx target: Sphinx's `any` lookup.
    site.domains = Some(Arc::from(
        "MyST resolves them through Sphinx's domains (objects, terms) and intersphinx \
         inventories, which urilint does not read",
    ));
}

/// What a MyST project's pages say of the project: its explicit
/// targets, and the files they include.
#[derive(Debug, Default)]
pub(crate) struct MystIndex {
    /// Every explicit target, in lower case.
    pub labels: std::collections::HashSet<String>,
    /// The files an `{include}` directive names, absolute.
    pub includes: std::collections::HashSet<std::path::PathBuf>,
    /// Quarto: the page that includes each partial (`{{< include >}}`),
    /// the first in path order.
    pub includers: std::collections::HashMap<std::path::PathBuf, std::path::PathBuf>,
}

impl MystIndex {
    /// Reads the file at `path` (absolute), holding `text`.
    pub(crate) fn read(&mut self, path: &Path, text: &[u8]) {
        targets(text, &mut self.labels);
        let Some(dir) = path.parent() else { return };
        for line in String::from_utf8_lossy(text).lines() {
            let l = line.trim_start_matches([' ', '`', ':']);
            if let Some((_, target)) = crate::format::quarto_include(line) {
                let part = crate::paths::lexical(&dir.join(target));
                self.includers
                    .entry(part)
                    .or_insert_with(|| path.to_path_buf());
            }
            if let Some(rest) = l.strip_prefix("{include}") {
                let target = rest.trim();
                if !target.is_empty() && !target.contains("://") {
                    self.includes
                        .insert(crate::paths::lexical(&dir.join(target)));
                }
            }
        }
    }
}

/// The explicit targets MyST reads in `text` (a Markdown, notebook or
/// rST file), in lower case (Sphinx and mystmd compare labels so):
/// `(label)=`, `:label:` and `:name:` options, `$$ (label)`, `+++
/// {"label": ...}`, `#| label:`, `{#id}` attributes, `.. _label:`.
pub(crate) fn targets(text: &[u8], out: &mut std::collections::HashSet<String>) {
    let text = String::from_utf8_lossy(text);
    for line in text.lines() {
        // A notebook's lines are JSON strings: `"(label)=\n",`.
        let mut l = line.trim();
        if let Some(inner) = l.strip_prefix('"') {
            l = inner
                .trim_end_matches(',')
                .trim_end_matches('"')
                .trim_end_matches("\\n")
                .trim();
        }
        let mut add = |s: &str| {
            let s = s.trim();
            if !s.is_empty() && !s.contains(char::is_whitespace) {
                out.insert(s.to_lowercase());
            }
        };
        if let Some(label) = l.strip_prefix('(').and_then(|r| r.strip_suffix(")=")) {
            add(label);
        } else if let Some(rest) = l
            .strip_prefix(":label:")
            .or_else(|| l.strip_prefix(":name:"))
        {
            add(rest);
        } else if let Some(rest) = l.strip_prefix("#|").map(str::trim_start)
            && let Some(label) = rest.strip_prefix("label:")
        {
            add(label.trim().trim_matches(|c| c == '"' || c == '\''));
        } else if let Some(rest) = l.strip_prefix(".. _")
            && let Some(label) = rest.strip_suffix(':')
        {
            add(label);
        } else if let Some(json) = l.strip_prefix("+++") {
            if let Ok(v) = serde_json::from_str::<serde_json::Value>(json.trim())
                && let Some(label) = v.get("label").and_then(|v| v.as_str())
            {
                add(label);
            }
        } else if let Some(k) = l.rfind("$$")
            && let Some(label) = l[k + 2..]
                .trim()
                .strip_prefix('(')
                .and_then(|r| r.strip_suffix(')'))
        {
            add(label);
        }
        // `{#id}` and `{#id .class}`: attributes on a block, a span or a
        // heading (attrs_block, attrs_inline).
        let mut rest = l;
        while let Some(k) = rest.find("{#") {
            let after = &rest[k + 2..];
            let end = after
                .find(|c: char| c == '}' || c.is_whitespace())
                .unwrap_or(after.len());
            if after[end..].starts_with('}') || after[end..].starts_with(' ') {
                add(&after[..end]);
            }
            rest = &after[end..];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_target() {
        let text = br##"(intro-label)=
# Intro

```{figure} a.png
:name: Fig:Mountains
```

:::{code} yaml
:label: code:myst-yml
:::

$$ e = mc^2 $$ (eq:book)

+++ {"label": "nb-cell"}

```{code-cell}
#| label: fig-plot
```

.. _rst-label:

A paragraph {#para .note} and [a span]{#span-x}.
    "#| label: in-notebook\n",
"##;
        let mut out = std::collections::HashSet::new();
        targets(text, &mut out);
        let mut got: Vec<&str> = out.iter().map(String::as_str).collect();
        got.sort();
        assert_eq!(
            got,
            [
                "code:myst-yml",
                "eq:book",
                "fig-plot",
                "fig:mountains",
                "in-notebook",
                "intro-label",
                "nb-cell",
                "para",
                "rst-label",
                "span-x"
            ]
        );
    }
}
