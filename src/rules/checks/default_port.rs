//! default-port: RFC 3986 s3.2.3, s6.2.3.

use crate::rules::{Context, Edit, Hit};
use crate::uri::Component;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let (Some(port), Some(default)) = (cx.uri.port(), cx.scheme.and_then(|s| s.port)) else { return };
    if port == u32::from(default) && !super::port_allowed(cx, port) {
        let msg = format!("port {port} is `{}`'s default; leave it out", cx.scheme_name());
        let p = cx.uri.span(Component::Port).expect("has port");
        // The fix takes out `:` and the port (s6.2.3).
        out.push(Hit::new(msg).at(p).fix(vec![Edit::delete(p.start - 1..p.end)]));
    }
}
