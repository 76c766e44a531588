//! non-default-port: RFC 1738 s6; RFC 3986 s3.2.3.

use crate::rules::{Context, Hit};
use crate::uri::Component;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let (Some(port), Some(default)) = (cx.uri.port(), cx.scheme.and_then(|s| s.port)) else { return };
    // Ports 0-1023 are well-known-port's; above 65535, invalid-port's.
    if port <= 1023 || port > 65535 || port == u32::from(default) || super::port_allowed(cx, port) {
        return;
    }
    let msg = format!("port {port} is not `{}`'s default ({default})", cx.scheme_name());
    out.push(Hit::new(msg).at(cx.uri.span(Component::Port).expect("has port")));
}
