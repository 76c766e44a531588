//! A learned file's targets kept small (SPEC section 11): its titles, ids,
//! labels and includes in one string, for the anchors a fragment into it
//! needs and a broken fragment's suggestion, without reading it again. A
//! tree's files are all held at once until their links are checked, so
//! each list of strings is packed rather than kept as `String`s (each of
//! which costs more than a title's bytes).

use crate::format::{Format, Targets};

/// [`Targets`] packed: the strings of its four lists one after another.
#[derive(Debug)]
pub(crate) struct Kept {
    pub format: Format,
    text: Box<str>,
    /// Where each string ends in `text`.
    ends: Box<[u32]>,
    /// How many strings each list has: headings, ids, labels, includes.
    lists: [u32; 4],
    pinned: Box<[u32]>,
    part: bool,
    base: bool,
}

impl Kept {
    /// `t` packed, if its text fits the offsets (a file's targets always
    /// do: files past [`crate::format::MAX_PARSED`] are not parsed).
    pub fn new(format: Format, t: &Targets) -> Option<Kept> {
        let all = [&t.headings, &t.ids, &t.labels, &t.includes];
        let len: usize = all.iter().flat_map(|l| l.iter()).map(String::len).sum();
        u32::try_from(len).ok()?;
        let mut text = String::with_capacity(len);
        let mut ends = Vec::with_capacity(all.iter().map(|l| l.len()).sum());
        for s in all.iter().flat_map(|l| l.iter()) {
            text.push_str(s);
            ends.push(text.len() as u32);
        }
        Some(Kept {
            format,
            text: text.into_boxed_str(),
            ends: ends.into_boxed_slice(),
            lists: all.map(|l| l.len() as u32),
            pinned: t.pinned.iter().map(|&k| k as u32).collect(),
            part: t.part,
            base: t.base,
        })
    }

    /// The heap it takes, boxed: its bytes, and an allocation's overhead
    /// for each of its three parts.
    pub fn size(&self) -> usize {
        std::mem::size_of::<Kept>()
            + self.text.len()
            + 4 * (self.ends.len() + self.pinned.len())
            + 3 * 16
    }

    /// The targets back.
    pub fn targets(&self) -> Targets {
        let mut strings = self.ends.iter().scan(0usize, |start, &end| {
            let s = self.text[*start..end as usize].to_string();
            *start = end as usize;
            Some(s)
        });
        let mut list = |n: u32| strings.by_ref().take(n as usize).collect::<Vec<String>>();
        Targets {
            headings: list(self.lists[0]),
            pinned: self.pinned.iter().map(|&k| k as usize).collect(),
            ids: list(self.lists[1]),
            labels: list(self.lists[2]),
            includes: list(self.lists[3]),
            part: self.part,
            base: self.base,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_come_back_as_they_were_kept() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<String>>();
        let t = Targets {
            headings: s(&["Set up", "", "Über uns", "Set up"]),
            pinned: vec![2],
            ids: s(&["top-id"]),
            labels: Vec::new(),
            includes: s(&["a.adoc", "b/c.adoc"]),
            part: true,
            base: false,
        };
        let kept = Kept::new(Format::Asciidoc, &t).unwrap();
        assert_eq!(kept.format, Format::Asciidoc);
        assert_eq!(kept.targets(), t);
        let empty = Targets::default();
        assert_eq!(Kept::new(Format::Html, &empty).unwrap().targets(), empty);
    }
}
