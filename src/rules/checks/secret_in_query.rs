//! secret-in-query: RFC 3986 s3.3, s3.4, s7.5; RFC 6750 s2.3, s5.3; SPEC section 10.

use crate::rules::{Context, Hit, Severity};
use crate::secrets::Kind;
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    for s in cx.secrets {
        let Kind::Param { name, trivial: false } = &s.kind else { continue };
        let at = Span { start: s.span.start, end: s.span.end };
        // The name is not secret; only the value is.
        let name = String::from_utf8_lossy(&cx.text[name.clone()]);
        let hit = if cx.example_secret(s) {
            Hit::new(format!("parameter `{name}` holds an example secret; keep real ones out of URIs"))
                .severity(Severity::Note)
        } else {
            Hit::new(format!("parameter `{name}` holds a secret: URIs end up in logs, history and referrers"))
        };
        out.push(hit.at(at));
    }
}
