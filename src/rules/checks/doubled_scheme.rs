//! doubled-scheme: RFC 3986 s3.1, s3.2.

use crate::rules::{Context, Edit, Hit};
use crate::uri::{Component, Span};


pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some(scheme) = cx.uri.span(Component::Scheme) else { return };
    let text = cx.text;
    let auth = scheme.end + 3;
    if !text[scheme.end..].starts_with(b"://") {
        return;
    }
    let rest = &text[auth..];
    // `http://http://`, `https://https//`, `http://https:/`.
    for w in crate::schemes::WEB {
        let n = w.len();
        if rest.len() > n
            && rest[..n].eq_ignore_ascii_case(w)
            && (rest[n..].starts_with(b":/") || rest[n..].starts_with(b"//"))
        {
            let again = String::from_utf8_lossy(&rest[..n]).to_ascii_lowercase();
            let msg = format!("the scheme is written twice: `{again}` is read as the host");
            // `http://https://x` is `https://x` with `http://` written
            // before it; `https://http//x` is `https://x` with a scheme
            // half written again inside it.
            // The one kept is the second, unless the first is `https` and
            // the second `http`: a fix never drops TLS.
            let first = String::from_utf8_lossy(&text[scheme.start..scheme.end]).to_ascii_lowercase();
            let first_https = first == "https" || super::scheme_typo::typo_of(&first) == Some("https");
            let fix = if rest[n..].starts_with(b"://") && !(first_https && w.eq_ignore_ascii_case(b"http")) {
                Edit::delete(scheme.start..auth)
            } else if rest[n..].starts_with(b"://") {
                Edit::delete(auth..auth + n + 3)
            } else {
                Edit::delete(auth..auth + n + 2)
            };
            out.push(Hit::new(msg).at(Span { start: auth, end: auth + n }).fix(vec![fix]));
            return;
        }
    }
}
