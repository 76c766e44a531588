//! A document's anchors: the fragments that name a place in it once it is
//! rendered (SPEC section 11), by format and generator.

use std::collections::HashSet;

use super::site::Generator;
use super::slug;
use crate::format::{Format, Targets};

/// What fragments can name in one document.
#[derive(Clone, Debug, Default)]
pub struct Anchors {
    ids: HashSet<String>,
    /// GitHub finds a Markdown heading's anchor whatever the case of the
    /// fragment.
    any_case: bool,
}

impl Anchors {
    /// The anchors of a document read as `format`, shown by `generator`'s
    /// site if it has one (and by GitHub, for Markdown).
    pub fn new(format: Format, generator: Option<Generator>, t: &Targets) -> Anchors {
        let mut ids: HashSet<String> = t.ids.iter().cloned().collect();
        // HTML Standard 7.4.6.4: an empty fragment and `top` name the top
        // of the document.
        ids.insert(String::new());
        ids.insert("top".to_string());
        let h = &t.headings;
        match format {
            Format::Markdown => {
                slug::numbered(h, slug::github, '-', &mut ids);
                slug::numbered(h, slug::mdbook, '-', &mut ids);
                match generator {
                    Some(Generator::MkDocs) => {
                        slug::numbered(h, slug::python_markdown, '_', &mut ids)
                    }
                    Some(Generator::Jekyll) => slug::numbered(h, slug::kramdown, '-', &mut ids),
                    Some(Generator::Sphinx) => ids.extend(h.iter().map(|x| slug::docutils(x))),
                    _ => {}
                }
            }
            Format::Rst => {
                ids.extend(h.iter().chain(&t.labels).map(|x| slug::docutils(x)));
            }
            Format::Asciidoc => {
                for x in h {
                    ids.extend(slug::asciidoc(x));
                }
            }
            _ => {}
        }
        Anchors {
            ids,
            any_case: format == Format::Markdown,
        }
    }

    /// Whether `fragment` (percent-decoded) names an anchor.
    pub fn contains(&self, fragment: &str) -> bool {
        self.ids.contains(fragment)
            || (self.any_case && self.ids.contains(&fragment.to_lowercase()))
    }

    /// The anchor most like `fragment`, to suggest.
    pub fn nearest(&self, fragment: &str) -> Option<&str> {
        let want = fragment.to_lowercase();
        self.ids
            .iter()
            .filter(|id| !id.is_empty() && id.as_str() != "top")
            .map(|id| (strsim::levenshtein(&want, &id.to_lowercase()), id))
            .filter(|(d, id)| *d <= (id.chars().count() / 3).max(2))
            .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
            .map(|(_, id)| id.as_str())
    }
}
