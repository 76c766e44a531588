//! HTML (SPEC section 9): URI attributes and text, character references
//! decoded, read with html5gum's WHATWG tokenizer (HTML 13.2.5), whose
//! spans give each token's raw bytes.

use std::borrow::Cow;

use html5gum::Span;

use super::Doc;
use super::align::{Decodes, align};
use super::html_tokens::Sink;

/// What an element is to the reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Element {
    /// Its text is code, not prose: skipped unless code is asked for (its
    /// URI attributes are still read).
    Code,
    /// A phrasing element that may split a word: text on either side of
    /// it is read as one (`http://exa<wbr>mple.org`,
    /// `http://x.org/<b>path</b>`).
    Inline,
    /// Any other: text on either side of it is apart.
    Other,
}

/// An element by its name, as the tokenizer gives it: lowercased (HTML
/// 13.2.5.8, "tag name state"). A match, not a list searched: it is asked
/// at every tag.
fn element(name: &[u8]) -> Element {
    match name {
        b"pre" | b"code" | b"samp" | b"kbd" | b"script" | b"style" | b"textarea" | b"xmp"
        | b"listing" => Element::Code,
        b"a" | b"abbr" | b"b" | b"bdi" | b"bdo" | b"big" | b"cite" | b"data" | b"del" | b"dfn"
        | b"em" | b"font" | b"i" | b"ins" | b"mark" | b"nobr" | b"q" | b"s" | b"small"
        | b"span" | b"strike" | b"strong" | b"sub" | b"sup" | b"time" | b"tt" | b"u" | b"var"
        | b"wbr" => Element::Inline,
        _ if name.iter().any(u8::is_ascii_uppercase) => element(&name.to_ascii_lowercase()),
        _ => Element::Other,
    }
}

/// What an attribute is to the reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Attr {
    /// `href`: a URL, and on `<base>` what relative links resolve against.
    Href,
    /// Another attribute whose value is a URL.
    Url,
    /// `srcset`: URLs in a list (`a.png 1x, b.png 2x`).
    Srcset,
    /// `<meta http-equiv=refresh content="5; url=...">`.
    HttpEquiv,
    Content,
    /// `background`: a URL on `body` and tables only (HTML 4).
    Background,
    /// What a fragment names (SPEC section 11).
    Id,
    Name,
    /// Not read.
    Other,
}

/// Whether an attribute is read: its URLs always, what it names only when
/// anchors are (`anchors`, SPEC section 11).
fn kept(kind: Attr, anchors: bool) -> bool {
    match kind {
        Attr::Other => false,
        Attr::Id | Attr::Name => anchors,
        _ => true,
    }
}

/// An attribute by its name, lowercased by the tokenizer (HTML
/// 13.2.5.33).
fn attribute(name: &[u8]) -> Attr {
    match name {
        b"href" => Attr::Href,
        // HTML 5's index of attributes whose value is a URL, and the older
        // `background` and `longdesc`; SVG's `xlink:href`; XML
        // vocabularies: RSS `<enclosure url>`, Atom and OPML links.
        b"xlink:href" | b"src" | b"action" | b"cite" | b"poster" | b"data" | b"formaction"
        | b"longdesc" | b"manifest" | b"url" | b"xmlurl" | b"htmlurl" => Attr::Url,
        b"background" => Attr::Background,
        b"srcset" => Attr::Srcset,
        b"http-equiv" => Attr::HttpEquiv,
        b"content" => Attr::Content,
        b"id" => Attr::Id,
        b"name" => Attr::Name,
        _ if name.iter().any(u8::is_ascii_uppercase) => attribute(&name.to_ascii_lowercase()),
        _ => Attr::Other,
    }
}

const DECODES: Decodes = Decodes {
    entities: true,
    backslash: false,
    drop_soft_hyphens: true,
    url: false,
};

/// Whether an element's text is code.
pub(crate) fn is_code(name: &[u8]) -> bool {
    element(name) == Element::Code
}

/// The name of the tag `<name ...>` or `</name>` that `tag` starts with,
/// and whether it is an end tag.
pub(crate) fn tag_name(tag: &[u8]) -> Option<(&[u8], bool)> {
    let rest = tag.strip_prefix(b"<")?;
    let (rest, closing) = match rest.strip_prefix(b"/") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let n = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric())
        .count();
    (n > 0).then(|| (&rest[..n], closing))
}

/// One attribute of the open tag: what it is and its value's chunks.
struct Attribute {
    kind: Attr,
    value: Vec<(Span<usize>, Vec<u8>)>,
}

impl Attribute {
    /// The decoded value: its one chunk as it is (the common case), or
    /// its chunks joined.
    fn decoded(&self) -> Cow<'_, [u8]> {
        match &self.value[..] {
            [(_, one)] => Cow::Borrowed(one),
            chunks => Cow::Owned(chunks.iter().flat_map(|(_, v)| v.iter().copied()).collect()),
        }
    }
}

struct State<'a> {
    raw: &'a [u8],
    base: usize,
    include_code: bool,
    /// Open code elements.
    code: usize,
    tag: Vec<u8>,
    element: Element,
    attributes: Vec<Attribute>,
    /// `id` and `name` are read too (SPEC section 11).
    anchors: bool,
}

impl State<'_> {
    fn value(&self, doc: &mut super::Segment, a: &Attribute, url: bool) {
        for (span, value) in &a.value {
            let raw = &self.raw[span.start.min(self.raw.len())..span.end.min(self.raw.len())];
            align(
                doc,
                raw,
                self.base + span.start,
                value,
                Decodes { url, ..DECODES },
            );
        }
    }

    fn close_start_tag(&mut self, doc: &mut Doc, self_closing: bool) {
        let tag_is = |name: &[u8]| self.tag.eq_ignore_ascii_case(name);
        if tag_is(b"base") && self.attributes.iter().any(|a| a.kind == Attr::Href) {
            doc.targets.base = true;
        }
        let refresh = tag_is(b"meta")
            && self
                .attributes
                .iter()
                .any(|a| a.kind == Attr::HttpEquiv && a.decoded().eq_ignore_ascii_case(b"refresh"));
        let anchor = tag_is(b"a");
        // `background` is a URL only on the elements HTML 4 gave it to
        // (`body`, tables); a custom element's (`<dotlottie-player
        // background="transparent">`) is a value of its own.
        let legacy_background = ["body", "table", "tr", "td", "th"]
            .iter()
            .any(|t| tag_is(t.as_bytes()));
        for a in &self.attributes {
            if a.kind == Attr::Background && !legacy_background {
                continue;
            }
            match a.kind {
                Attr::Href | Attr::Url | Attr::Background => {
                    // A URL attribute is a delimited URI, read whole.
                    doc.links.synthetic(b"\"");
                    self.value(&mut doc.links, a, true);
                    doc.links.synthetic(b"\"\n");
                    if let (Some(first), Some(last)) = (a.value.first(), a.value.last()) {
                        let value = a.decoded();
                        let (a, b) = (
                            first.0.start.min(self.raw.len()),
                            last.0.end.min(self.raw.len()),
                        );
                        doc.reference(self.base + a, &self.raw[a..b.max(a)], &value);
                    }
                }
                Attr::Id | Attr::Name if a.kind == Attr::Id || anchor => {
                    // What a fragment names (HTML 7.4.6.4, "the indicated
                    // part of the document"): any element's `id`, an `a`'s
                    // `name` (a component's `name="subscribe"` names
                    // nothing).
                    if let Ok(id) = std::str::from_utf8(&a.decoded())
                        && !id.is_empty()
                    {
                        doc.targets.ids.push(id.to_string());
                    }
                }
                Attr::Srcset => {
                    // `a.png 1x, b.png 2x`: URLs in a list, read as text.
                    self.value(&mut doc.links, a, false);
                    doc.links.synthetic(b"\n");
                }
                Attr::Content if refresh => {
                    // `5; url=https://...`, read as text.
                    self.value(&mut doc.links, a, false);
                    doc.links.synthetic(b"\n");
                }
                _ => {}
            }
        }
        if self.element == Element::Code && !self_closing {
            self.code += 1;
        }
        if self.element != Element::Inline {
            doc.text.separate();
        }
        self.attributes.clear();
    }
}

/// The most double-quoted attribute values one tag may have. html5gum goes
/// a call deeper for each (its quoted-value states call the next state),
/// so a tag of some 7,000 overflows a 2 MiB thread stack, of 27,000 a main
/// thread's 8 MiB and of 2,000,000 the CLI's 256 MiB workers, and the
/// process aborts. No document has a tag of thousands of attributes but a
/// hostile one; it is read as text, which still finds its URIs.
const MOST_QUOTED_VALUES: usize = 2_000;

/// Reads the HTML in `raw`, written at `base` in the file, into `doc`.
pub(crate) fn read(raw: &[u8], base: usize, include_code: bool, doc: &mut Doc) {
    if most_quoted_values(raw) > MOST_QUOTED_VALUES {
        doc.text.raw(base, raw);
        return;
    }
    tokenize(raw, base, include_code, doc)
}

/// The most `"`-quoted values in one tag of `raw`: from a `<` to the `>`
/// that ends it, over quoted values (a `>` in one does not end the tag).
/// A quote opens a value only after an `=` (HTML 13.2.5.36, "before
/// attribute value state"); anywhere else it is a character of a name, an
/// unquoted value or text, and hides nothing. Text with a `<` in it counts
/// as a tag too: that can only err high.
fn most_quoted_values(raw: &[u8]) -> usize {
    // Fewer bytes than that many values take (two quotes each) cannot
    // hold more.
    if raw.len() <= MOST_QUOTED_VALUES * 2 {
        return 0;
    }
    let mut most = 0;
    let mut at = 0;
    while let Some(k) = memchr::memchr(b'<', &raw[at..]) {
        let mut i = at + k + 1;
        let mut values = 0;
        // Whether a `>` ends this tag: if none does, no later `<` has one
        // either, and the rest is not searched again for each (issue 31,
        // P1: many `<` and no `>`).
        let mut closed = false;
        // From one quote or `>` to the next, over each quoted value.
        while let Some(n) = memchr::memchr3(b'>', b'"', b'\'', &raw[i..]) {
            let before = i;
            i += n;
            let q = raw[i];
            if q == b'>' {
                closed = true;
                break;
            }
            // No quote or `>` lies between `before` and `i`: what comes
            // before this quote in the tag ends there or with a quote.
            if !raw[before..i].trim_ascii_end().ends_with(b"=") {
                i += 1;
                continue;
            }
            values += usize::from(q == b'"');
            match memchr::memchr(q, &raw[i + 1..]) {
                Some(n) => i += n + 2,
                None => i = raw.len(),
            }
        }
        most = most.max(values);
        if !closed {
            break;
        }
        at = (i + 1).min(raw.len());
    }
    most
}

fn tokenize(raw: &[u8], base: usize, include_code: bool, doc: &mut Doc) {
    let mut reader = Reader {
        state: State {
            raw,
            base,
            include_code,
            code: 0,
            tag: Vec::new(),
            element: Element::Other,
            attributes: Vec::new(),
            anchors: doc.want_anchors,
        },
        doc,
    };
    super::html_tokens::tokenize(raw, &mut reader);
}

/// The reader's state and the document it reads into, told html5gum's
/// tokens.
struct Reader<'a, 'd> {
    state: State<'a>,
    doc: &'d mut Doc,
}

impl Sink for Reader<'_, '_> {
    fn open_start_tag(&mut self, name: &[u8]) {
        self.state.tag.clear();
        self.state.tag.extend_from_slice(name);
        self.state.element = element(name);
        self.state.attributes.clear();
    }

    fn attribute_name(&mut self, name: &[u8]) -> bool {
        let kind = attribute(name);
        let keep = kept(kind, self.state.anchors);
        if keep {
            self.state.attributes.push(Attribute {
                kind,
                value: Vec::new(),
            });
        }
        keep
    }

    fn attribute_value(&mut self, value: &[u8], span: Span<usize>) {
        if let Some(a) = self.state.attributes.last_mut() {
            a.value.push((span, value.to_vec()));
        }
    }

    fn close_start_tag(&mut self, self_closing: bool) {
        self.state.close_start_tag(self.doc, self_closing)
    }

    fn end_tag(&mut self, name: &[u8]) {
        let element = element(name);
        if element == Element::Code {
            self.state.code = self.state.code.saturating_sub(1);
        }
        if element != Element::Inline {
            self.doc.text.separate();
        }
    }

    fn reads_text(&self) -> bool {
        self.state.code == 0 || self.state.include_code
    }

    fn text(&mut self, value: &[u8], span: Span<usize>) {
        if !self.reads_text() {
            self.doc.text.separate();
            return;
        }
        let raw = self.state.raw;
        let mut r = span.start.min(raw.len())..span.end.min(raw.len());
        // A CDATA section's span holds its opening `<![CDATA[`.
        if raw[r.clone()].starts_with(b"<![CDATA[") && !value.starts_with(b"<![CDATA[") {
            r.start += 9;
        }
        align(
            &mut self.doc.text,
            &raw[r.clone()],
            self.state.base + r.start,
            value,
            DECODES,
        );
    }

    // A comment is not shown: the text on either side of it runs on
    // (`pass<!-- -->word`); it is not told.

    fn doctype(&mut self) {
        self.doc.text.separate();
    }
}

/// Runs html5gum's tokenizer (HTML 13.2.5) over `raw` as the HTML reader
/// runs it for `extract`, keeping the attributes it keeps (URLs; no `id`
/// or `name`, which only link checks read) and reading text, but reading
/// nothing into a document; returns the number of tokens told.
/// `benches/corpus.py` measures it alone, as the floor of reading HTML.
pub fn tokens(raw: &[u8]) -> usize {
    struct Count(usize);
    impl Sink for Count {
        fn open_start_tag(&mut self, _: &[u8]) {
            self.0 += 1;
        }
        fn attribute_name(&mut self, name: &[u8]) -> bool {
            kept(attribute(name), false)
        }
        fn attribute_value(&mut self, _: &[u8], _: Span<usize>) {
            self.0 += 1;
        }
        fn close_start_tag(&mut self, _: bool) {}
        fn end_tag(&mut self, _: &[u8]) {
            self.0 += 1;
        }
        fn reads_text(&self) -> bool {
            true
        }
        fn text(&mut self, _: &[u8], _: Span<usize>) {
            self.0 += 1;
        }
        fn doctype(&mut self) {}
    }
    let mut count = Count(0);
    super::html_tokens::tokenize(raw, &mut count);
    count.0
}

#[cfg(test)]
mod tests {
    use super::{MOST_QUOTED_VALUES, most_quoted_values};

    #[test]
    fn quoted_values_are_counted_a_tag_at_a_time() {
        let n = MOST_QUOTED_VALUES;
        let tag = |values: &str| format!("<p{}>text</p>", values);
        // Double-quoted values count; a `>` inside one ends no tag.
        let tricky = tag(&r#" a=">""#.repeat(n + 1));
        assert_eq!(most_quoted_values(tricky.as_bytes()), n + 1);
        // Single-quoted values and names alone do not recurse.
        let single = tag(&" a='x'".repeat(n + 1));
        assert_eq!(most_quoted_values(single.as_bytes()), 0);
        // Many tags of a few values each: the most in one.
        let many = tag(r#" a="1" b="2""#).repeat(n);
        assert_eq!(most_quoted_values(many.as_bytes()), 2);
        // An unclosed quote runs to the end.
        let open = format!("{}<p a=\"{}", " ".repeat(3 * n), "x".repeat(10));
        assert_eq!(most_quoted_values(open.as_bytes()), 1);
        // A quote opens a value only after `=` (and spaces): one in a
        // name, an unquoted value or text hides none of the values after
        // it, as it hid them when every quote opened one.
        let values = r#" a="1""#.repeat(n + 1);
        for hiding in [
            format!("<p x=a'{values} y=b'>"),
            format!("<p x'y{values} z'>"),
            format!("1 <' x <p{values}>'"),
        ] {
            assert_eq!(most_quoted_values(hiding.as_bytes()), n + 1, "{hiding:.20}");
        }
        let spaced = tag(&" a = \t\"1\"".repeat(n + 1));
        assert_eq!(most_quoted_values(spaced.as_bytes()), n + 1);
        // A single-quoted value still hides what it holds.
        let inside = tag(&format!(" a='{}'", r#"b="1" "#.repeat(n + 1)));
        assert_eq!(most_quoted_values(inside.as_bytes()), 0);
    }
}
