//! invalid-syntax: RFC 3986 Appendix A.

use crate::rules::class::{BRACKET, CONTROL, HASH, HIGH, PERCENT, UNSAFE};
use crate::rules::{Context, Hit};
use crate::uri::{Component, ErrorKind, Span, Uri};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if surely_valid(&cx.uri, cx.classes) {
        return;
    }
    let Err(e) = cx.uri.validate() else { return };
    // Left to the rules that say more: characters that must be encoded,
    // controls, non-ASCII octets, bad percent-encodings, bad IP literals.
    let covered = match e.kind {
        ErrorKind::InvalidChar(b) => !(0x20..0x7F).contains(&b) || b"{}|\\^`<>\" []#".contains(&b),
        ErrorKind::BadPercent | ErrorKind::BadIpLiteral => true,
        _ => false,
    };
    if !covered {
        let at = Span { start: e.offset, end: (e.offset + 1).min(cx.text.len()) };
        // A port that is no number may be the start of a password whose `@`
        // the text does not show (SPEC section 10): say where, not what.
        let msg = match e.kind {
            ErrorKind::BadPort(_) => format!("port: a character at offset {} is not a digit (RFC 3986 s3.2.3)", e.offset),
            _ => e.to_string(),
        };
        out.push(Hit::new(msg).at(at));
    }
}

/// A shortcut past the grammar for the common clean URI: with a valid scheme,
/// no userinfo or port (where `@` and `:` can be misplaced), and only bytes
/// that some component allows as they are (the classes below hold every
/// other printable ASCII byte), no component can break Appendix A.
pub(crate) fn surely_valid(uri: &Uri, classes: u16) -> bool {
    classes & (CONTROL | HIGH | UNSAFE | BRACKET | HASH | PERCENT) == 0
        && uri.span(Component::Userinfo).is_none()
        && uri.span(Component::Port).is_none()
        && uri.get(Component::Scheme).is_some_and(crate::schemes::is_scheme_name)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::surely_valid;
    use crate::rules::class;
    use crate::uri::Uri;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// The shortcut never hides a grammar error.
        #[test]
        fn surely_valid_uris_are_valid(
            scheme in "[a-zA-Z][a-zA-Z0-9+.-]{0,5}",
            rest in proptest::collection::vec(
                prop_oneof![
                    4 => proptest::sample::select(b"abcXYZ019-._~!$&'()*+,;=:@/?#%[]{}|\\^`<>\" ".to_vec()),
                    1 => any::<u8>(),
                ],
                0..40,
            ),
        ) {
            let mut text = format!("{scheme}:").into_bytes();
            text.extend(rest);
            let uri = Uri::parse(&text);
            if surely_valid(&uri, class::of(&text)) {
                prop_assert!(uri.validate().is_ok(), "{:?}", String::from_utf8_lossy(&text));
            }
        }
    }
}
