//! What an HTML mail part says: the values of its `href` and `src`
//! attributes, entities decoded by a WHATWG tokenizer (html5gum), and its
//! text.

use html5gum::{Token, Tokenizer};

/// Attributes that hold a URI (HTML 5: links, resources, citations).
const URI_ATTRIBUTES: &[&[u8]] = &[
    b"href",
    b"src",
    b"cite",
    b"action",
    b"poster",
    b"background",
];

/// Text for the scanner: each URI attribute value on a line of its own
/// between double quotes (an attribute value is a quoted, delimited URI),
/// then the document's text with entities decoded (`&amp;` is `&`), a line
/// break at every tag so that text on either side is not run together.
///
/// ```
/// let html = "<p>See <a href=\"http://example.com/?a=1&amp;b=2\">the page</a>http://x.example/?c&amp;d</p>";
/// let text = urilint::mail::html_text(html);
/// assert_eq!(text, "\"http://example.com/?a=1&b=2\"\n\nSee \nthe page\nhttp://x.example/?c&d\n");
/// ```
pub fn html_text(html: &str) -> String {
    let mut attrs = String::new();
    let mut text = String::new();
    for token in Tokenizer::new(html).flatten() {
        match token {
            Token::StartTag(tag) => {
                for (name, value) in &tag.attributes {
                    if URI_ATTRIBUTES.iter().any(|a| name.eq_ignore_ascii_case(a)) {
                        attrs.push('"');
                        attrs.push_str(&String::from_utf8_lossy(&value.value));
                        attrs.push_str("\"\n");
                    }
                }
                // Text on either side of a tag is not run together: a URI
                // right after `</a>` must not take the link text as scheme.
                text.push('\n');
            }
            Token::EndTag(_) => text.push('\n'),
            Token::String(s) => text.push_str(&String::from_utf8_lossy(&s.value)),
            _ => {}
        }
    }
    attrs + &text
}
