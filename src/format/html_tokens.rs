//! html5gum's WHATWG tokenizer (HTML 13.2.5) driven by an emitter that
//! builds only what the HTML reader uses. html5gum's callback emitter
//! copies every tag name, attribute, comment and run of text into buffers
//! of its own and hands each to a callback; this one tells a [`Sink`] of
//! the same events in the same order, with the same spans, but copies an
//! attribute's value only when the sink keeps that attribute, text only
//! when the sink reads it (not inside `<pre>` unless code is read), and
//! comments and doctypes not at all.

use html5gum::{Emitter, Error, Span, State, Tokenizer, naive_next_state};

/// What the HTML reader is told, in the order html5gum's callback emitter
/// tells it.
pub(crate) trait Sink {
    /// A start tag `<name` begins.
    fn open_start_tag(&mut self, name: &[u8]);
    /// An attribute of the current tag is named; returns whether its value
    /// is kept (and so handed to [`Sink::attribute_value`]).
    fn attribute_name(&mut self, name: &[u8]) -> bool;
    /// The value of the last kept attribute, decoded, and where it is
    /// written. An empty value is not handed on.
    fn attribute_value(&mut self, value: &[u8], span: Span<usize>);
    /// The start tag ends.
    fn close_start_tag(&mut self, self_closing: bool);
    /// An end tag `</name>`.
    fn end_tag(&mut self, name: &[u8]);
    /// Whether text is read at this point of the document. It may change
    /// only in [`Sink::close_start_tag`] and [`Sink::end_tag`]: text is
    /// told before each tag, and whether it is copied is asked as it
    /// comes.
    fn reads_text(&self) -> bool;
    /// A run of text, character references decoded, and where it is
    /// written; when the sink did not read text, `value` is empty.
    fn text(&mut self, value: &[u8], span: Span<usize>);
    /// A `<!DOCTYPE ...>`.
    fn doctype(&mut self);
}

/// Runs the tokenizer over `raw`, telling `sink`: no parse errors (checking
/// every character for them is a third of the tokenizer's time), CDATA
/// sections read as text, and `<script>`, `<style>` and `<textarea>`
/// holding raw text, not tags.
pub(crate) fn tokenize(raw: &[u8], sink: &mut impl Sink) {
    let emitter = Tokens {
        sink,
        position: 0,
        text: Vec::new(),
        text_pending: false,
        text_start: 0,
        text_end: 0,
        tag: Vec::new(),
        kind: None,
        self_closing: false,
        last_start_tag: Vec::new(),
        attribute_name: Vec::new(),
        keep: false,
        value: Vec::new(),
        value_pending: false,
        value_start: 0,
        value_end: 0,
    };
    for _ in Tokenizer::new_with_emitter(raw, emitter).flatten() {}
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Start,
    End,
}

struct Tokens<'s, S: Sink> {
    sink: &'s mut S,
    position: usize,
    /// Text read since the last token, when the sink reads text.
    text: Vec<u8>,
    /// Text was seen since the last token (read or not).
    text_pending: bool,
    text_start: usize,
    text_end: usize,
    tag: Vec<u8>,
    kind: Option<Kind>,
    self_closing: bool,
    /// The last start tag's name, for "appropriate end tag" (HTML
    /// 13.2.5.4) and the raw-text elements.
    last_start_tag: Vec<u8>,
    attribute_name: Vec<u8>,
    /// The current attribute is kept: its value is copied.
    keep: bool,
    value: Vec<u8>,
    /// The current attribute has a value (copied or not).
    value_pending: bool,
    value_start: usize,
    value_end: usize,
}

impl<S: Sink> Tokens<'_, S> {
    fn flush_text(&mut self) {
        if !self.text_pending {
            return;
        }
        let span = Span {
            start: self.text_start,
            end: self.text_end,
        };
        self.sink.text(&self.text, span);
        self.text.clear();
        self.text_pending = false;
    }

    /// A start tag is told once, when its name is complete: its name moves
    /// to the last start tag's.
    fn flush_open_start_tag(&mut self) {
        self.flush_text();
        if self.kind == Some(Kind::Start) && !self.tag.is_empty() {
            self.sink.open_start_tag(&self.tag);
            std::mem::swap(&mut self.last_start_tag, &mut self.tag);
            self.tag.clear();
        }
    }

    fn flush_attribute_name(&mut self) {
        self.flush_open_start_tag();
        if !self.attribute_name.is_empty() {
            self.keep = self.sink.attribute_name(&self.attribute_name);
            self.attribute_name.clear();
        }
    }

    fn flush_attribute(&mut self) {
        self.flush_attribute_name();
        if self.value_pending {
            if self.keep {
                let span = Span {
                    start: self.value_start,
                    end: self.value_end,
                };
                self.sink.attribute_value(&self.value, span);
            }
            self.value.clear();
            self.value_pending = false;
        }
    }
}

impl<S: Sink> Emitter for Tokens<'_, S> {
    type Token = ();

    #[inline]
    fn move_position(&mut self, offset: isize) {
        self.position = self.position.saturating_add_signed(offset);
    }

    fn set_last_start_tag(&mut self, last_start_tag: Option<&[u8]>) {
        self.last_start_tag.clear();
        self.last_start_tag
            .extend_from_slice(last_start_tag.unwrap_or_default());
    }

    fn emit_eof(&mut self) {
        self.flush_text();
    }

    fn emit_error(&mut self, _: Error) {}

    #[inline]
    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn pop_token(&mut self) -> Option<()> {
        None
    }

    fn init_string(&mut self) {
        // Text that a character reference interrupted runs on.
        if !self.text_pending {
            self.text_start = self.position;
        }
    }

    fn emit_string(&mut self, s: &[u8]) {
        self.text_end = self.position;
        if s.is_empty() {
            return;
        }
        // Whether text is read changes only at tags, which flush it first.
        if self.sink.reads_text() {
            self.text.extend_from_slice(s);
        }
        self.text_pending = true;
    }

    fn init_start_tag(&mut self) {
        self.tag.clear();
        self.kind = Some(Kind::Start);
        self.self_closing = false;
    }

    fn init_end_tag(&mut self) {
        self.tag.clear();
        self.kind = Some(Kind::End);
    }

    fn init_comment(&mut self) {
        self.flush_text();
    }

    fn emit_current_tag(&mut self) -> Option<State> {
        self.flush_attribute();
        match self.kind {
            Some(Kind::Start) => {
                self.flush_open_start_tag();
                self.sink.close_start_tag(self.self_closing);
            }
            Some(Kind::End) => {
                self.last_start_tag.clear();
                self.sink.end_tag(&self.tag);
            }
            None => {}
        }
        let next = naive_next_state(&self.last_start_tag);
        if next.is_some() {
            self.init_string();
        }
        next
    }

    fn emit_current_comment(&mut self) {}

    fn emit_current_doctype(&mut self) {
        self.sink.doctype();
    }

    fn set_self_closing(&mut self) {
        if self.kind == Some(Kind::Start) {
            self.self_closing = true;
        }
    }

    fn set_force_quirks(&mut self) {}

    fn push_tag_name(&mut self, s: &[u8]) {
        self.tag.extend_from_slice(s);
    }

    fn push_comment(&mut self, _: &[u8]) {}

    fn push_doctype_name(&mut self, _: &[u8]) {}

    fn init_doctype(&mut self) {
        self.flush_text();
    }

    fn init_attribute(&mut self) {
        self.flush_open_start_tag();
        self.flush_attribute();
    }

    fn push_attribute_name(&mut self, s: &[u8]) {
        self.attribute_name.extend_from_slice(s);
    }

    fn init_attribute_value(&mut self) {
        self.value_start = self.position;
    }

    fn push_attribute_value(&mut self, s: &[u8]) {
        self.flush_attribute_name();
        if !s.is_empty() {
            if self.keep {
                self.value.extend_from_slice(s);
            }
            self.value_pending = true;
        }
        self.value_end = self.position;
    }

    fn set_doctype_public_identifier(&mut self, _: &[u8]) {}

    fn set_doctype_system_identifier(&mut self, _: &[u8]) {}

    fn push_doctype_public_identifier(&mut self, _: &[u8]) {}

    fn push_doctype_system_identifier(&mut self, _: &[u8]) {}

    fn current_is_appropriate_end_tag_token(&mut self) -> bool {
        self.kind == Some(Kind::End)
            && !self.last_start_tag.is_empty()
            && self.last_start_tag == self.tag
    }

    /// `<![CDATA[...]]>` is text, as in XML, SVG and MathML (HTML
    /// 13.2.5.42), not a bogus comment: an `.xml` feed's links are in it.
    fn adjusted_current_node_present_but_not_in_html_namespace(&mut self) -> bool {
        true
    }
}
