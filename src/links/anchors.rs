//! A document's anchors: the fragments that name a place in it once it is
//! rendered (SPEC section 11), by format and generator.

use std::hash::BuildHasher;

use super::site::Generator;
use super::slug;
use crate::format::{Format, Targets};

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

/// The hash anchors are kept as: fixed, so it is the same in every run.
pub(crate) fn hash(s: &str) -> u64 {
    foldhash::fast::FixedState::with_seed(0x5eed).hash_one(s)
}

/// The anchors of a document read as `format`, shown by `generator`'s
/// site if it has one (and by GitHub, for Markdown): ids written in it,
/// and ids made from its headings and labels.
pub fn names(format: Format, generator: Option<Generator>, t: &Targets) -> Vec<String> {
    let mut out = Vec::new();
    each(format, generator, t, &mut |n| out.push(n.to_string()));
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
    let owned = |f: fn(&str) -> String| move |x: &str, out: &mut String| out.push_str(&f(x));
    match format {
        Format::Markdown => {
            slug::numbered(h, slug::github_into, '-', emit);
            if !h.iter().all(|x| slug::mdbook_is_github(x)) {
                slug::numbered(h, slug::mdbook_into, '-', emit);
            }
            match generator {
                Some(Generator::MkDocs) => {
                    slug::numbered(h, owned(slug::python_markdown), '_', emit)
                }
                Some(Generator::Jekyll) => slug::numbered(h, owned(slug::kramdown), '-', emit),
                Some(Generator::Sphinx) => h.iter().for_each(|x| emit(&slug::docutils(x))),
                _ => {}
            }
        }
        Format::Rst => {
            for x in h.iter().chain(&t.labels) {
                emit(&slug::docutils(x));
            }
        }
        Format::Asciidoc => {
            for x in h {
                for id in slug::asciidoc(x) {
                    emit(&id);
                }
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
            any_case: format == Format::Markdown,
        }
    }

    /// Whether `fragment` (percent-decoded) names an anchor.
    pub fn contains(&self, fragment: &str) -> bool {
        let has = |f: &str| self.ids.binary_search(&hash(f)).is_ok();
        has(fragment) || (self.any_case && has(&fragment.to_lowercase()))
    }
}

/// The name in `names` most like `fragment`, to suggest.
pub fn nearest<'a>(names: &'a [String], fragment: &str) -> Option<&'a str> {
    let want = fragment.to_lowercase();
    names
        .iter()
        .filter(|id| !id.is_empty() && id.as_str() != "top")
        .map(|id| (strsim::levenshtein(&want, &id.to_lowercase()), id))
        .filter(|(d, id)| *d <= (id.chars().count() / 3).max(2))
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, id)| id.as_str())
}
