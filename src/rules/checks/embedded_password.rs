//! embedded-password: RFC 3986 s3.2.1, s7.5; RFC 1738 s6.

use crate::rules::{Context, Hit, Severity, is_placeholder, password_span};
use crate::uri::Component;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(pw) = password_span(&cx.uri) else { return };
    let user = String::from_utf8_lossy(cx.uri.get(Component::User).unwrap_or_default());
    if is_placeholder(&cx.finding.uri[pw.start..pw.end]) {
        let msg = format!("URI embeds a placeholder password for user `{user}`; keep real ones out of it");
        out.push(Hit::new(msg).at(pw).severity(Severity::Note));
    } else {
        out.push(Hit::new(format!("URI embeds a password for user `{user}`")).at(pw));
    }
}
