//! embedded-token: RFC 3986 s3.2.1, s7.5; RFC 6750 s5.3; SPEC section 10.

use crate::rules::{Context, Hit, Severity};
use crate::secrets::Kind;
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    for s in cx.secrets {
        let Kind::Token { what } = s.kind else { continue };
        let at = Span { start: s.span.start, end: s.span.end };
        let hit = if cx.example_secret(s) {
            Hit::new(format!("the user name is an example of {what}; keep real ones out of URIs")).severity(Severity::Note)
        } else {
            Hit::new(format!("the user name is {what}: anyone who reads the URI can use it"))
        };
        out.push(hit.at(at));
    }
}
