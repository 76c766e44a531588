//! Heading ids as renderers and site generators make them (SPEC section
//! 11). A fragment that names a heading works when the renderer that
//! shows the page made that id, so a document's anchors are the ids of
//! every renderer that may show it: GitHub for any Markdown file, plus its
//! generator's.

use std::collections::HashMap;

use unicode_normalization::UnicodeNormalization;

/// GitHub's heading ids (github-slugger, also Docusaurus'): lower case;
/// letters, numbers, `-` and `_` kept; each space a `-`; everything else
/// (punctuation, symbols, emoji) dropped. `Rust's "Traits" & You` is
/// `rusts-traits--you`.
pub fn github(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    github_into(text, &mut out);
    out
}

/// [`github`], written to `out`.
pub(crate) fn github_into(text: &str, out: &mut String) {
    for c in text.trim().chars() {
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                out.push(c.to_ascii_lowercase());
            } else if c == ' ' {
                out.push('-');
            }
        } else if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        }
    }
}

/// Whether mdBook's id of `text` is GitHub's: ASCII, and no whitespace
/// but spaces.
pub(crate) fn mdbook_is_github(text: &str) -> bool {
    text.bytes()
        .all(|b| b.is_ascii() && (b == b' ' || !b.is_ascii_whitespace()))
}

/// mdBook's heading ids (`normalize_id` in its HTML renderer): ASCII
/// letters lower-cased, other letters, numbers, `-` and `_` kept as they
/// are, whitespace a `-`, the rest dropped.
pub fn mdbook(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    mdbook_into(text, &mut out);
    out
}

/// [`mdbook`], written to `out`.
pub(crate) fn mdbook_into(text: &str, out: &mut String) {
    out.extend(text.trim().chars().filter_map(|c| {
        if c.is_alphanumeric() || c == '_' || c == '-' {
            Some(c.to_ascii_lowercase())
        } else if c.is_whitespace() {
            Some('-')
        } else {
            None
        }
    }));
}

/// Text folded to ASCII: compatibility decomposition (NFKD) with what is
/// not ASCII dropped, as Python's `unicodedata.normalize('NFKD', s)
/// .encode('ascii', 'ignore')` does (`Über` is `Uber`).
fn ascii_fold(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_ascii() {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(text.nfkd().filter(char::is_ascii).collect())
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
/// Each id is handed to `emit`, made in one buffer (a tree has many
/// headings, and only their hashes are kept).
pub(crate) fn numbered(
    headings: &[String],
    slug: impl Fn(&str, &mut String),
    sep: char,
    emit: &mut dyn FnMut(&str),
) {
    use std::fmt::Write as _;
    let mut buf = String::new();
    // The bases so far, by hash, to count repeats; a map only where there
    // are many headings.
    let mut bases: Vec<u64> = Vec::with_capacity(headings.len().min(64));
    let mut seen: HashMap<u64, usize> = HashMap::new();
    for h in headings {
        buf.clear();
        slug(h, &mut buf);
        let key = super::anchors::hash(&buf);
        let n = if headings.len() <= 64 {
            let n = bases.iter().filter(|&&b| b == key).count();
            bases.push(key);
            n
        } else {
            let n = seen.entry(key).or_insert(0);
            *n += 1;
            *n - 1
        };
        if n > 0 {
            let _ = write!(buf, "{sep}{n}");
        }
        emit(&buf);
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
        let mut ids = Vec::new();
        numbered(
            &["Setup".into(), "Setup".into(), "Setup".into()],
            github_into,
            '-',
            &mut |id| ids.push(id.to_string()),
        );
        assert_eq!(ids, ["setup", "setup-1", "setup-2"]);
        // Past 64 headings, repeats are counted with a map.
        let many: Vec<String> = (0..70).map(|i| format!("H{}", i % 2)).collect();
        let mut ids = Vec::new();
        numbered(&many, github_into, '-', &mut |id| ids.push(id.to_string()));
        assert_eq!(&ids[..4], ["h0", "h1", "h0-1", "h1-1"]);
        assert_eq!(ids[69], "h1-34");
    }
}
