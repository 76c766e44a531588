//! A document's anchors: the fragments that name a place in it once it is
//! rendered (SPEC section 11), by format and generator.

use super::site::Generator;
use crate::format::{Format, Targets};
use crate::slug::{self, hash};

/// What fragments can name in one document, kept as the sorted hashes of
/// the names: a tree's anchors are held at once, and eight bytes an
/// anchor keep them small (a 64-bit hash collides once in 2^64).
#[derive(Clone, Debug, Default)]
pub struct Anchors {
    ids: Box<[u64]>,
    /// GitHub finds a Markdown heading's anchor whatever the case of the
    /// fragment.
    any_case: bool,
}

/// The anchors of a document read as `format`, shown by `generator`'s
/// site if it has one (and by GitHub, for Markdown): ids written in it,
/// and ids made from its headings and labels.
pub fn names(format: Format, generator: Option<Generator>, t: &Targets) -> Vec<String> {
    let mut out = Vec::new();
    each(format, generator, t, &mut |n| out.push(n.to_string()));
    out
}

/// The anchors of [`names`] that may be offered to a reader (a "did you
/// mean" suggestion, an editor's completion): those not made of a title
/// that holds a secret. A heading `postgres://app:pw@db/` has an id that
/// holds the password, lower-cased, so each title is read redacted too,
/// and an id that the redacted titles do not make is not offered (issue
/// 49, SPEC section 10). Ids and labels written as they are stay.
pub fn offered(format: Format, generator: Option<Generator>, t: &Targets) -> Vec<String> {
    let mut out = names(format, generator, t);
    let redacted: Vec<String> = t
        .headings
        .iter()
        .map(|h| crate::redact::redact_text(h).into_owned())
        .collect();
    if redacted == t.headings {
        return out;
    }
    let safe = Targets {
        headings: redacted,
        ..t.clone()
    };
    let kept: std::collections::HashSet<String> =
        names(format, generator, &safe).into_iter().collect();
    out.retain(|n| kept.contains(n));
    out
}

/// Hands each anchor of [`names`] to `emit`.
fn each(format: Format, generator: Option<Generator>, t: &Targets, emit: &mut dyn FnMut(&str)) {
    for id in &t.ids {
        emit(id);
    }
    // HTML Standard 7.4.6.4: an empty fragment and `top` name the top of
    // the document.
    emit("");
    emit("top");
    let h = &t.headings;
    let owned = |f: fn(&str) -> String| move |x: &String, out: &mut String| out.push_str(&f(x));
    let into = |f: fn(&str, &mut String)| move |x: &String, out: &mut String| f(x, out);
    match format {
        Format::Markdown => {
            // A generator that reads `{#id}` makes no id of that heading's
            // text; GitHub shows the attribute as text.
            let unpinned: Vec<String>;
            let h = match generator {
                Some(_) if !t.pinned.is_empty() => {
                    unpinned = h
                        .iter()
                        .enumerate()
                        .filter(|(k, _)| !t.pinned.contains(k))
                        .map(|(_, x)| x.clone())
                        .collect();
                    &unpinned
                }
                _ => h,
            };
            // Shortcode calls in a heading make no part of its id.
            let bare: Vec<String>;
            let h = match generator {
                Some(Generator::Hugo) if h.iter().any(|x| x.contains("{{")) => {
                    bare = h.iter().map(|x| without_shortcodes(x)).collect();
                    &bare
                }
                _ => h,
            };
            let github = |emit: &mut dyn FnMut(&str)| {
                slug::numbered(h, into(slug::github_into), '-', 1, true, emit)
            };
            match generator {
                // Each generator's own ids only: the site is what is read.
                Some(Generator::MkDocs) => {
                    slug::numbered(h, owned(slug::python_markdown), '_', 1, true, emit)
                }
                Some(Generator::Zola) => slug::numbered(h, owned(slug::zola), '-', 1, true, emit),
                Some(Generator::VitePress) => {
                    slug::numbered(h, owned(slug::vitepress), '-', 1, true, emit)
                }
                Some(Generator::Jekyll) => {
                    github(emit);
                    slug::numbered(h, owned(slug::kramdown), '-', 1, true, emit)
                }
                Some(Generator::Hugo | Generator::Docusaurus | Generator::Starlight) => {
                    github(emit)
                }
                // A heading's own `[#id]`, through github-slugger; the
                // rest as GitHub makes them.
                Some(Generator::Nextra) => {
                    let (custom, plain): (Vec<&String>, Vec<&String>) = h
                        .iter()
                        .partition(|x| super::site::nextra::custom_id(x).is_some());
                    for x in custom {
                        if let Some(id) = super::site::nextra::custom_id(x) {
                            emit(&slug::github(id));
                        }
                    }
                    let plain: Vec<String> = plain.into_iter().cloned().collect();
                    slug::numbered(&plain, into(slug::github_into), '-', 1, true, emit)
                }
                Some(Generator::Docsify) => {
                    for x in h {
                        match super::site::docsify::custom_id(x) {
                            Some(id) => emit(id),
                            None => emit(&slug::github(x)),
                        }
                    }
                }
                Some(Generator::Quarto) => {
                    slug::numbered(h, owned(slug::pandoc), '-', 1, true, emit)
                }
                _ => {
                    github(emit);
                    if !h.iter().all(|x| slug::mdbook_is_github(x)) {
                        slug::numbered(h, into(slug::mdbook_into), '-', 1, false, emit);
                    }
                    if generator == Some(Generator::Sphinx) {
                        h.iter().for_each(|x| emit(&slug::docutils(x)));
                    }
                }
            }
        }
        Format::Rst => {
            for x in h.iter().chain(&t.labels) {
                emit(&slug::docutils(x));
            }
        }
        Format::Asciidoc => {
            // Each title's ids made once, then numbered by variant.
            let ids: Vec<[String; 5]> = h.iter().map(|x| slug::asciidoc(x)).collect();
            for variant in 0..5 {
                let one = move |x: &[String; 5], out: &mut String| out.push_str(&x[variant]);
                let sep = if variant == 4 { '-' } else { '_' };
                slug::numbered(&ids, one, sep, 2, true, emit);
            }
            // A natural cross reference's title, kept apart from ids by a
            // NUL no fragment holds (see [`title`]).
            for x in h.iter().chain(&t.labels) {
                emit(&title(x));
            }
        }
        _ => {}
    }
}

impl Anchors {
    /// The anchors of a document (see [`names`]).
    pub fn new(format: Format, generator: Option<Generator>, t: &Targets) -> Anchors {
        let mut ids: Vec<u64> = Vec::with_capacity(t.ids.len() + 2 * t.headings.len() + 2);
        each(format, generator, t, &mut |n| ids.push(hash(n)));
        ids.sort_unstable();
        ids.dedup();
        Anchors {
            ids: ids.into_boxed_slice(),
            // GitHub matches a fragment in any case; a browser on a
            // generated site matches it exactly.
            // mdBook's ids are GitHub's, and its sources are read there too.
            any_case: format == Format::Markdown
                && matches!(generator, None | Some(Generator::MdBook)),
        }
    }

    /// Whether `fragment` (percent-decoded) names an anchor.
    pub fn contains(&self, fragment: &str) -> bool {
        // HTML Standard 7.4.6.4: `top` in any case is the top.
        if fragment.eq_ignore_ascii_case("top") {
            return true;
        }
        let has = |f: &str| self.ids.binary_search(&hash(f)).is_ok();
        // GitHub writes a Markdown heading's id as `user-content-<id>`, and
        // finds `#<id>` too.
        let f = match self.any_case {
            true => fragment.strip_prefix("user-content-").unwrap_or(fragment),
            false => fragment,
        };
        has(f) || (self.any_case && has(&f.to_lowercase()))
    }
}

/// The name a section or block title `x` is kept under, for an AsciiDoc
/// natural cross reference (`<<Section Title>>`) to find: words apart by
/// one space, after a NUL, so no fragment of another link names it.
pub(crate) fn title(x: &str) -> String {
    let mut out = String::with_capacity(x.len() + 1);
    out.push('\0');
    for (k, w) in x.split_whitespace().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        out.push_str(w);
    }
    out
}

/// The name in `names` most like `fragment`, to suggest.
pub fn nearest<'a>(names: &'a [String], fragment: &str) -> Option<&'a str> {
    // An edit distance to each of thousands of names, for each of
    // thousands of broken fragments, would take minutes: past this many
    // names there is no suggestion.
    const MAX_NAMES: usize = 1000;
    if names.len() > MAX_NAMES || fragment.len() > 256 {
        return None;
    }
    let want = fragment.to_lowercase();
    let want_len = want.chars().count();
    names
        .iter()
        .filter(|id| !id.is_empty() && id.as_str() != "top" && !id.starts_with('\0'))
        .filter_map(|id| {
            let limit = (id.chars().count() / 3).max(2);
            // An edit distance is at least the difference of the lengths:
            // most names are ruled out without computing it (an ASCII
            // name keeps its length in lower case).
            if id.is_ascii() && want_len.abs_diff(id.len()) > limit {
                return None;
            }
            let d = strsim::levenshtein(&want, &id.to_lowercase());
            (d <= limit).then_some((d, id))
        })
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, id)| id.as_str())
}

/// A Hugo heading without its shortcode calls (`{{% param x %}} Title`
/// is `Title`).
fn without_shortcodes(h: &str) -> String {
    let mut out = String::with_capacity(h.len());
    let mut rest = h;
    while let Some(k) = rest.find("{{") {
        out.push_str(&rest[..k]);
        match rest[k..].find("}}") {
            Some(e) => rest = &rest[k + e + 2..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out.trim().to_string()
}
