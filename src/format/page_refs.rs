//! Pages named in a site generator's own syntax rather than by a link's
//! path (SPEC section 11a): Hugo's `ref` and `relref` shortcodes and
//! Jekyll's `link` and `post_url` tags. The generator looks the page up
//! and writes its URL; a page it cannot find fails the build. Each is a
//! [`RefKind::Ref`], [`RefKind::Page`] or [`RefKind::Post`] reference
//! whose value is what the generator looks up (and a fragment), resolved
//! by the site's model.
//!
//! Both generators expand them wherever they are written, code spans and
//! blocks too: only Hugo's escaped `{{</* ref */>}}` and what Liquid's
//! `{% raw %}` or `{% comment %}` encloses are shown as written. A tag
//! inside a Liquid condition or loop may never run, so it is not read.

use std::ops::Range;

use super::tags::{self, MAX_TAG, Tag};
use super::{Doc, RefKind};

/// Records the page references in `raw`.
pub(crate) fn read(raw: &[u8], doc: &mut Doc) {
    if !doc.want_refs {
        return;
    }
    // Liquid's `{% raw %}` and `{% comment %}` show tags as written, up to
    // their end tag.
    let mut skip_until = 0;
    // Liquid blocks open around the tag: conditions and loops.
    let mut depth = 0usize;
    for at in memchr::memchr_iter(b'{', raw) {
        if at < skip_until {
            continue;
        }
        let Some(tag) = tags::at(raw, at) else {
            continue;
        };
        if !tag.hugo {
            match tag.name {
                "raw" | "comment" => {
                    let end: &[u8] = if tag.name == "raw" {
                        b"endraw"
                    } else {
                        b"endcomment"
                    };
                    skip_until = memchr::memmem::find(&raw[tag.end..], end)
                        .map_or(raw.len(), |k| tag.end + k);
                    continue;
                }
                "if" | "unless" | "case" | "for" | "tablerow" => depth += 1,
                "endif" | "endunless" | "endcase" | "endfor" | "endtablerow" => {
                    depth = depth.saturating_sub(1)
                }
                _ => {}
            }
            if depth > 0 {
                continue;
            }
        }
        let Some((value, span)) = page_of(raw, &tag) else {
            continue;
        };
        let prev = doc.ref_kind;
        doc.ref_kind = match (tag.hugo, tag.name) {
            (true, _) => RefKind::Ref,
            (false, "post_url") => RefKind::Post,
            (false, _) => RefKind::Page,
        };
        doc.reference_owned(span.start, &raw[span.clone()], value);
        doc.ref_kind = prev;
    }
}

/// What the tag names (its value: the path looked up, with its fragment)
/// and where the path is written in `raw`, if it names a page.
fn page_of(raw: &[u8], tag: &Tag) -> Option<(Vec<u8>, Range<usize>)> {
    match (tag.hugo, tag.name) {
        // `{{< ref "docs/install.md#download" >}}`, `{{< relref path="x"
        // lang="fr" >}}` (Hugo, "ref" and "relref" shortcodes).
        (true, "ref" | "relref") => {
            let (arg, at) = hugo_path(tag.args)?;
            let span = tag.args_at + at..tag.args_at + at + arg.len();
            (!arg.contains(&b'{')).then(|| (arg.to_vec(), span))
        }
        // `{% link _docs/install.md %}`, `{% post_url 2010-07-21-name %}`
        // (Jekyll, "Tags": Links), with a fragment written right after.
        (false, "link" | "post_url") => {
            let arg = tag.args.trim_ascii();
            // `{% link {{ page.x }} %}` and filters are not paths.
            if arg.is_empty()
                || arg
                    .iter()
                    .any(|&b| matches!(b, b'{' | b'|' | b' ' | b'"' | b'\''))
            {
                return None;
            }
            let at = tag.args_at + (arg.as_ptr() as usize - tag.args.as_ptr() as usize);
            let mut value = arg.to_vec();
            // `{% link a.md %}#setup`: the fragment written after it, up
            // to what ends a link's destination; one Liquid makes
            // (`#{{ page.id }}`) is not known here.
            let after = &raw[tag.end..raw.len().min(tag.end + MAX_TAG)];
            if after.first() == Some(&b'#') {
                let n = after
                    .iter()
                    .position(|&b| {
                        b.is_ascii_whitespace()
                            || matches!(b, b')' | b'"' | b'\'' | b'>' | b'<' | b']' | b'{' | b'|')
                    })
                    .unwrap_or(after.len());
                if after.get(n) == Some(&b'{') {
                    return None;
                }
                value.extend_from_slice(&after[..n]);
            }
            Some((value, at..at + arg.len()))
        }
        _ => None,
    }
}

/// A Hugo `ref`'s path: its first positional argument or its `path`
/// argument, unquoted, and where it is in `args`.
fn hugo_path(args: &[u8]) -> Option<(&[u8], usize)> {
    let mut i = 0;
    while i < args.len() {
        while i < args.len() && args[i].is_ascii_whitespace() {
            i += 1;
        }
        let key_end = args[i..]
            .iter()
            .position(|&b| b == b'=' || b.is_ascii_whitespace() || b == b'"' || b == b'`')
            .map_or(args.len(), |k| i + k);
        let named = args.get(key_end) == Some(&b'=');
        let key = &args[i..key_end];
        let v = if named { key_end + 1 } else { i };
        let (value, next) = match args.get(v) {
            Some(&q @ (b'"' | b'`')) => {
                let e = memchr::memchr(q, &args[v + 1..])? + v + 1;
                ((v + 1, e), e + 1)
            }
            Some(_) => {
                let e = args[v..]
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .map_or(args.len(), |k| v + k);
                ((v, e), e)
            }
            None => return None,
        };
        if !named || key == b"path" {
            let (a, b) = value;
            return (b > a).then(|| (&args[a..b], a));
        }
        i = next;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refs(text: &str) -> Vec<(String, String)> {
        let mut doc = Doc {
            want_refs: true,
            ..Doc::default()
        };
        read(text.as_bytes(), &mut doc);
        doc.refs
            .iter()
            .map(|(r, v, k)| {
                let v = String::from_utf8_lossy(v);
                let v = match k {
                    RefKind::Post => format!("post:{v}"),
                    RefKind::Page => format!("link:{v}"),
                    RefKind::Ref => v.into_owned(),
                    k => panic!("{k:?}"),
                };
                (text[r.clone()].to_string(), v)
            })
            .collect()
    }

    #[test]
    fn hugo_ref_shortcodes_name_their_path() {
        let r = refs(
            r#"[a]({{< ref "docs/install.md#download" >}}) [b]({{% relref path="x.md" lang="fr" %}})
[c]({{< ref lang="fr" path=`y` >}}) {{< ref >}} {{</* ref "escaped" */>}} {{< refx "no" >}}"#,
        );
        assert_eq!(
            refs_pairs(&r),
            [
                ("docs/install.md#download", "docs/install.md#download"),
                ("x.md", "x.md"),
                ("y", "y"),
            ]
        );
    }

    #[test]
    fn jekyll_link_tags_name_their_path_and_keep_a_fragment() {
        let r = refs(
            "[a]({% link _docs/a.md %}#setup) [b]({%- link b.md -%}) {% post_url 2010-07-21-name %}\n\
             {% link {{ page.x }} %} {% link a.md | append: '#x' %} {% raw %}{% link no.md %}{% endraw %}",
        );
        assert_eq!(
            refs_pairs(&r),
            [
                ("_docs/a.md", "link:_docs/a.md#setup"),
                ("b.md", "link:b.md"),
                ("2010-07-21-name", "post:2010-07-21-name"),
            ]
        );
    }

    #[test]
    fn tags_that_never_run_name_no_page() {
        let r = refs(
            "{% comment %}{% link a.md %}{% endcomment %} {% if x %}{% link b.md %}{% endif %} \
             {% link c.md %}#{{ page.id }} {{% link d %}} `{{< ref \"e.md\" >}}` {% link f.md %}",
        );
        assert_eq!(refs_pairs(&r), [("e.md", "e.md"), ("f.md", "link:f.md")]);
        // A fragment's length is bounded: no copy of the rest of the file.
        let long = format!("{{% link a.md %}}#{}", "x".repeat(10_000));
        assert!(refs(&long)[0].1.len() < 2_000);
    }

    fn refs_pairs(r: &[(String, String)]) -> Vec<(&str, &str)> {
        r.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect()
    }
}
