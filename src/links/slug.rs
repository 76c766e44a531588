//! Heading ids as renderers and site generators make them (SPEC section
//! 11). A fragment that names a heading works when the renderer that
//! shows the page made that id, so a document's anchors are the ids of
//! every renderer that may show it: GitHub for any Markdown file, plus its
//! generator's.

use std::collections::{HashMap, HashSet};

use unicode_normalization::UnicodeNormalization;

/// GitHub's heading ids (github-slugger, also Docusaurus'): lower case;
/// letters, numbers, `-` and `_` kept; each space a `-`; everything else
/// (punctuation, symbols, emoji) dropped. `Rust's "Traits" & You` is
/// `rusts-traits--you`.
pub fn github(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        if c.is_alphanumeric() || c == '_' || c == '-' {
            out.extend(c.to_lowercase());
        } else if c == ' ' {
            out.push('-');
        }
    }
    out
}

/// mdBook's heading ids (`normalize_id` in its HTML renderer): ASCII
/// letters lower-cased, other letters, numbers, `-` and `_` kept as they
/// are, whitespace a `-`, the rest dropped.
pub fn mdbook(text: &str) -> String {
    text.trim()
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_ascii_lowercase())
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

/// Text folded to ASCII: compatibility decomposition (NFKD) with what is
/// not ASCII dropped, as Python's `unicodedata.normalize('NFKD', s)
/// .encode('ascii', 'ignore')` does (`Über` is `Uber`).
fn ascii_fold(text: &str) -> String {
    text.nfkd().filter(char::is_ascii).collect()
}

/// docutils' `make_id` (Sphinx's ids of sections and labels): folded to
/// ASCII and lower-cased, each run of other characters a `-`, leading
/// digits and hyphens and trailing hyphens removed. `1. Über Setup` is
/// `uber-setup`.
pub fn docutils(text: &str) -> String {
    let folded = ascii_fold(text).to_ascii_lowercase();
    let mut out = String::with_capacity(folded.len());
    for c in folded.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_start_matches(|c: char| c == '-' || c.is_ascii_digit());
    out.trim_end_matches('-').to_string()
}

/// Python-Markdown's `toc` slugify (MkDocs): folded to ASCII, characters
/// other than word characters, spaces and hyphens removed, lower-cased,
/// runs of spaces and hyphens a single `-`.
pub fn python_markdown(text: &str) -> String {
    let folded: String = ascii_fold(text)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ' ' | '-'))
        .collect();
    let mut out = String::with_capacity(folded.len());
    for c in folded.trim().to_ascii_lowercase().chars() {
        if c == ' ' || c == '-' {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// kramdown's automatic header ids (Jekyll): characters other than
/// letters, numbers, spaces and hyphens removed, everything before the
/// first letter removed, spaces a `-`, lower-cased.
pub fn kramdown(text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-'))
        .collect();
    let from = kept
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(kept.len());
    kept[from..]
        .chars()
        .map(|c| {
            if c == ' ' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

/// AsciiDoc's automatic section ids, as Asciidoctor and the Python
/// asciidoc make them by default (`idprefix` `_`, `idseparator` `_`):
/// lower-cased, each run of characters that are not word characters a
/// `_`, trailing separators removed. `Git Diff Options` is
/// `_git_diff_options`; the same without the prefix is kept too (many
/// documents set `:idprefix:` empty).
pub fn asciidoc(text: &str) -> [String; 2] {
    let lower = text.trim().to_lowercase();
    let mut out = String::from("_");
    for c in lower.chars() {
        if c.is_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_end_matches('_').to_string();
    let bare = out.trim_start_matches('_').to_string();
    [out, bare]
}

/// Ids made from headings, with what a renderer appends to a repeated one:
/// GitHub and mdBook add `-1`, `-2`... in order, Python-Markdown `_1`.
pub(crate) fn numbered(
    headings: &[String],
    slug: impl Fn(&str) -> String,
    sep: char,
    out: &mut HashSet<String>,
) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for h in headings {
        let base = slug(h);
        let n = seen.entry(base.clone()).or_insert(0);
        if *n == 0 {
            out.insert(base);
        } else {
            out.insert(format!("{base}{sep}{n}"));
        }
        *n += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_renderer_as_it_makes_ids() {
        // github-slugger's own fixtures.
        assert_eq!(github("Rust's \"Traits\" & You"), "rusts-traits--you");
        assert_eq!(github("Über Café"), "über-café");
        assert_eq!(github("foo.bar()"), "foobar");
        assert_eq!(github("🎉 Party"), "-party");
        assert_eq!(github("snake_case-and-kebab"), "snake_case-and-kebab");
        assert_eq!(mdbook("Über Café"), "Über-café");
        assert_eq!(mdbook("Using `Box<T>` to Point"), "using-boxt-to-point");
        assert_eq!(docutils("1. Über Setup!"), "uber-setup");
        assert_eq!(docutils("PEP 8 -- Style"), "pep-8-style");
        assert_eq!(python_markdown("Über -- Setup!"), "uber-setup");
        assert_eq!(kramdown("1. The Setup!"), "the-setup");
        assert_eq!(
            asciidoc("Git Diff Options"),
            ["_git_diff_options", "git_diff_options"]
        );
        let mut ids = HashSet::new();
        numbered(
            &["Setup".into(), "Setup".into(), "Setup".into()],
            github,
            '-',
            &mut ids,
        );
        let mut ids: Vec<String> = ids.into_iter().collect();
        ids.sort();
        assert_eq!(ids, ["setup", "setup-1", "setup-2"]);
    }
}
