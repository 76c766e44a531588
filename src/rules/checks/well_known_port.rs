//! well-known-port: RFC 3986 s7.2; RFC 1738 s6.

use crate::rules::{Context, Hit};
use crate::uri::Component;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let (Some(port), Some(default)) = (cx.uri.port(), cx.scheme.and_then(|s| s.port)) else { return };
    if port > 1023 || port == u32::from(default) || super::port_allowed(cx, port) {
        return;
    }
    let owner = u16::try_from(port)
        .ok()
        .and_then(|p| cx.registry.port_owner(p))
        .map(|s| format!(" (`{}`'s)", s.name))
        .unwrap_or_default();
    let msg = format!("port {port} is a well-known port{owner}, not `{}`'s ({default})", cx.scheme_name());
    out.push(Hit::new(msg).at(cx.uri.span(Component::Port).expect("has port")));
}
