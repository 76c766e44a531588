//! embedded-password: RFC 3986 s3.2.1, s7.5; RFC 1738 s6; SPEC section 10.

use crate::rules::{Context, Hit, Severity};
use crate::secrets::Kind;
use crate::uri::Span;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    for s in cx.secrets {
        let at = Span { start: s.span.start, end: s.span.end };
        let msg = match &s.kind {
            Kind::Password { user } if cx.example_secret(s) => format!(
                "URI embeds an example password for user `{}`; keep real ones out of it",
                cx.quote(user.clone())
            ),
            Kind::Password { user } => format!("URI embeds a password for user `{}`", cx.quote(user.clone())),
            Kind::Userinfo { .. } => "URI embeds a password whose extent is uncertain (several `@`, or characters \
                 that must be percent-encoded); everything from `//` to the `@` before the host is redacted"
                .to_string(),
            _ => continue,
        };
        let hit = Hit::new(msg).at(at);
        out.push(if cx.example_secret(s) { hit.severity(Severity::Note) } else { hit });
    }
}
