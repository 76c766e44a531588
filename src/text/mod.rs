//! Text primitives the readers, the scanner and the secret locator share:
//! byte classes and UTF-8 decoding at a URI's end (RFC 3986 App. C), the
//! template placeholders a URI may hold, and line and column counting.
//! Nothing here knows of URIs' grammar or of any format.

pub(crate) mod chars;
pub(crate) mod lines;

pub(crate) use chars::{
    Utf8, decode, ends_undelimited, is_unicode_end as ends_undelimited_char, placeholder,
};
pub(crate) use lines::{column_on, count_breaks, last_line_start};
