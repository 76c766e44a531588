//! Heading ids as renderers and site generators make them (SPEC section
//! 11). A fragment that names a heading works when the renderer that
//! shows the page made that id, so a document's anchors are the ids of
//! every renderer that may show it: GitHub for any Markdown file, plus its
//! generator's.

use std::hash::BuildHasher;

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
        } else if github_keeps(c) {
            out.extend(c.to_lowercase());
        }
    }
}

/// Whether github-slugger keeps a non-ASCII character: it removes all
/// but letters, marks, numbers and connector punctuation (`[^\p{L}\p{M}
/// \p{N}\p{Pc} -]`), so a combining mark such as the virama U+094D
/// stays (`#दिशानिर्देश`).
fn github_keeps(c: char) -> bool {
    use unicode_general_category::{GeneralCategory as G, get_general_category};
    c.is_alphanumeric()
        || matches!(
            get_general_category(c),
            G::NonspacingMark | G::SpacingMark | G::EnclosingMark | G::ConnectorPunctuation
        )
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

/// A heading's id as Zola makes it with `slugify.anchors = "on"` (the
/// `slug` crate): letters folded to ASCII and digits, in lower case;
/// every other run of characters one `-`, none at either end.
pub fn zola(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in ascii_fold(text).chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(c.to_lowercase());
        } else {
            dash = true;
        }
    }
    out
}

/// A heading's id as VitePress makes it (`@mdit-vue/shared`'s
/// `slugify`): NFKD, the combining diacritics U+0300..U+036F dropped,
/// ASCII punctuation and spaces one `-`, none at either end, `_` before a
/// leading digit, lower case; other letters kept (recomposed, as a link
/// to them is written).
pub fn vitepress(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    const SPECIAL: &str = "~`!@#$%^&*()-_+=[]{}|\\;:\"'<>,.?/\u{201c}\u{201d}\u{2018}\u{2019}";
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in text
        .nfkd()
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c) && !c.is_control())
    {
        if c.is_whitespace() || SPECIAL.contains(c) {
            dash = true;
            continue;
        }
        if dash && !out.is_empty() {
            out.push('-');
        }
        dash = false;
        out.extend(c.to_lowercase());
    }
    if out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    if out.is_ascii() {
        out
    } else {
        out.nfc().collect()
    }
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

/// Pandoc's automatic identifiers (Pandoc's manual, "Extension:
/// auto_identifiers"), as Quarto makes them: characters other than
/// letters, numbers, `_`, `-` and `.` removed, spaces and line breaks a
/// `-`, lower-cased, everything before the first letter removed;
/// `section` if nothing is left.
pub fn pandoc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_alphanumeric() || matches!(c, '_' | '-' | '.') {
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() {
            out.push('-');
        }
    }
    let from = out.find(|c: char| c.is_alphabetic()).unwrap_or(out.len());
    match &out[from..] {
        "" => "section".to_string(),
        s => s.to_string(),
    }
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

/// AsciiDoc's automatic section ids (`idprefix` `_`, `idseparator` `_`,
/// the defaults), each with and without the prefix (many documents set
/// `:idprefix:` empty):
/// - Asciidoctor's: lower-cased, characters other than word characters,
///   spaces, `.` and `-` removed, runs of spaces, `.` and `-` a `_`,
///   a trailing `_` removed: `What's new?` is `_whats_new`;
/// - the Python asciidoc's: each run of characters that are not word
///   characters a `_`: `_what_s_new`;
/// - GitHub's (Asciidoctor's without a prefix, `-` for `_`): `whats-new`.
pub fn asciidoc(text: &str) -> [String; 5] {
    let lower = text.trim().to_lowercase();
    let mut doctor = String::from("_");
    for c in lower.chars() {
        if c.is_alphanumeric() || c == '_' {
            doctor.push(c);
        } else if matches!(c, ' ' | '.' | '-') && !doctor.ends_with('_') {
            doctor.push('_');
        }
    }
    let mut py = String::from("_");
    for c in lower.chars() {
        if c.is_alphanumeric() || c == '_' {
            py.push(c);
        } else if !py.ends_with('_') {
            py.push('_');
        }
    }
    let doctor = doctor.trim_end_matches('_').to_string();
    let py = py.trim_end_matches('_').to_string();
    let bare = |s: &str| s.trim_start_matches('_').to_string();
    // GitHub renders AsciiDoc with `idprefix` empty and `idseparator` `-`.
    let github = bare(&doctor).replace('_', "-");
    [bare(&doctor), bare(&py), doctor, py, github]
}

/// Ids made from headings, with what a renderer appends to a repeated
/// one, `sep` and a number from `first`: GitHub and mdBook `-1`, `-2`...,
/// Python-Markdown `_1`, AsciiDoc `_2`. With `collide` a made id that
/// is taken already is skipped, as github-slugger does (headings `a`,
/// `a-1`, `a` make `a`, `a-1`, `a-2`); mdBook only counts. Each id is
/// handed to `emit`, made in one buffer (only their hashes are kept).
pub(crate) fn numbered<T>(
    headings: &[T],
    slug: impl Fn(&T, &mut String),
    sep: char,
    first: usize,
    collide: bool,
    emit: &mut dyn FnMut(&str),
) {
    use std::fmt::Write as _;
    let mut buf = String::with_capacity(64);
    // The next number to try for each base, and the ids made, by hash:
    // one of each a heading, sized once.
    let n = headings.len();
    let mut next: foldhash::HashMap<u64, usize> =
        foldhash::HashMap::with_capacity_and_hasher(n, Default::default());
    let mut taken: foldhash::HashSet<u64> =
        foldhash::HashSet::with_capacity_and_hasher(n, Default::default());
    for h in headings {
        buf.clear();
        slug(h, &mut buf);
        let base = hash(&buf);
        if !(next.contains_key(&base) || collide && taken.contains(&base)) {
            next.insert(base, first);
            taken.insert(base);
            emit(&buf);
            continue;
        }
        let len = buf.len();
        let mut k = next.get(&base).copied().unwrap_or(first);
        loop {
            buf.truncate(len);
            let _ = write!(buf, "{sep}{k}");
            k += 1;
            if !collide || !taken.contains(&hash(&buf)) {
                break;
            }
        }
        next.insert(base, k);
        taken.insert(hash(&buf));
        emit(&buf);
    }
}

/// The hash anchors are kept as: fixed, so it is the same in every run.
pub(crate) fn hash(s: &str) -> u64 {
    foldhash::fast::FixedState::with_seed(0x5eed).hash_one(s)
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
        // A combining mark (the virama U+094D) stays.
        assert_eq!(github("दिशानिर्देश"), "दिशानिर्देश");
        // Pandoc (Quarto): `.` and `_` stay, nothing before the first
        // letter.
        assert_eq!(pandoc("`src/ts/index.tsx`"), "srctsindex.tsx");
        assert_eq!(pandoc("1.2 The Setup!"), "the-setup");
        assert_eq!(pandoc("42"), "section");
        assert_eq!(mdbook("Über Café"), "Über-café");
        assert_eq!(mdbook("Using `Box<T>` to Point"), "using-boxt-to-point");
        assert_eq!(docutils("1. Über Setup!"), "uber-setup");
        assert_eq!(docutils("PEP 8 -- Style"), "pep-8-style");
        assert_eq!(python_markdown("Über -- Setup!"), "uber-setup");
        assert_eq!(kramdown("1. The Setup!"), "the-setup");
        // Zola's `slug` crate folds letters to ASCII; VitePress keeps
        // them, turns ASCII punctuation into `-`, and guards a leading
        // digit.
        assert_eq!(zola("Déjà vu: the Setup"), "deja-vu-the-setup");
        assert_eq!(zola("get_page()"), "get-page");
        assert_eq!(vitepress("What's new?"), "what-s-new");
        assert_eq!(vitepress("Déjà vu"), "deja-vu");
        assert_eq!(vitepress("2.0 Release"), "_2-0-release");
        assert_eq!(vitepress("専用のチームページ"), "専用のチームページ");
        assert_eq!(
            asciidoc("What's new?"),
            [
                "whats_new",
                "what_s_new",
                "_whats_new",
                "_what_s_new",
                "whats-new"
            ]
        );
        let made = |headings: &[&str], first: usize, collide: bool| {
            let headings: Vec<String> = headings.iter().map(|h| h.to_string()).collect();
            let mut ids = Vec::new();
            numbered(
                &headings,
                |h: &String, out: &mut String| github_into(h, out),
                '-',
                first,
                collide,
                &mut |id| ids.push(id.to_string()),
            );
            ids
        };
        assert_eq!(
            made(&["Setup", "Setup", "Setup"], 1, true),
            ["setup", "setup-1", "setup-2"]
        );
        // github-slugger skips an id a heading took; mdBook only counts.
        assert_eq!(made(&["a", "a-1", "a"], 1, true), ["a", "a-1", "a-2"]);
        assert_eq!(made(&["a", "a-1", "a"], 1, false), ["a", "a-1", "a-1"]);
        // AsciiDoc numbers repeats from 2.
        assert_eq!(made(&["x", "x"], 2, true), ["x", "x-2"]);
    }
}
