//! experimental-scheme: RFC 1738 s4; RFC 7595.

use crate::rules::{Context, Hit};
use crate::uri::Component;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    // Registered schemes are neither unknown nor `x-` ones.
    if cx.scheme.is_some() {
        return;
    }
    let Some(span) = cx.uri.span(Component::Scheme) else { return };
    let name = cx.scheme_name();
    // `git+https`, `svn+ssh`, Cargo's `registry+https`: a protocol over a
    // known transport (the part after the last `+`).
    if let Some((head, transport)) = name.rsplit_once('+')
        && !head.is_empty()
        && cx.registry.get(transport).is_some()
    {
        return;
    }
    // `hhttps` is `scheme-typo`'s: one finding a defect.
    if super::scheme_typo::typo_of(&name).is_some() {
        return;
    }
    let msg = if name.starts_with("x-") {
        format!("`{name}` is an experimental scheme (RFC 1738 s4)")
    } else if cx.scheme.is_none() {
        format!("scheme `{name}` is not in the registry")
    } else {
        return;
    };
    out.push(Hit::new(msg).at(span));
}
