//! secret-in-path: RFC 3986 s7.5; SPEC section 10.

use crate::rules::{Context, Hit, Severity};
use crate::secrets::Kind;
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    for s in cx.secrets {
        let at = Span { start: s.span.start, end: s.span.end };
        let service = match s.kind {
            Kind::Path { service } => service,
            Kind::PathToken { what } => {
                let hit = if cx.example_secret(s) {
                    Hit::new(format!("a path segment is an example of {what}; keep real ones out of URIs"))
                        .severity(Severity::Note)
                } else {
                    Hit::new(format!("a path segment is {what}: anyone who has the URL can use it"))
                };
                out.push(hit.at(at));
                continue;
            }
            _ => continue,
        };
        let hit = if s.placeholder {
            Hit::new(format!("a placeholder {service} URL; keep real ones, whose path is the secret, out of the text"))
                .severity(Severity::Note)
        } else {
            Hit::new(format!("the path of a {service} URL is its secret: anyone who has the URL can use it"))
        };
        out.push(hit.at(at));
    }
}
