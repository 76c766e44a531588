//! parser-differential: RFC 3986 s7.6 (semantic attacks), s3.2 (the
//! authority); the WHATWG URL Standard's parser (browsers), through the
//! `url` crate.

use crate::rules::{Context, Hit, class};
use crate::uri::Component;
use crate::uri::differential::{View, Views, is_special};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    if cx.uri.get(Component::Scheme).is_some_and(is_special) {
        check_slow(cx, out);
    }
}

/// The rest of [`check`], out of line: it runs for few URIs.
#[inline(never)]
fn check_slow(cx: &Context, out: &mut Vec<Hit>) {
    let Some(scheme) = cx.uri.span(Component::Scheme) else { return };
    let Some(after) = cx.text.get(scheme.end + 1..) else { return };
    // Parsed twice only with a byte the parsers read differently in the
    // authority, an empty or digit-first host, or no `//` (`https:host`):
    // most URIs hold none. (RFC 3986's authority runs past a `\`, which
    // a browser's ends at.)
    let raw = &cx.finding.uri;
    // A regular expression in a link checker's config is no URI at all.
    if crate::scan::template::regex_host(raw) {
        return;
    }
    let trigger = !after.starts_with(b"//")
        || cx.has(class::UNSAFE | class::PERCENT | class::AT | class::CONTROL | class::HIGH)
            && cx.uri.span(Component::Authority).is_some_and(|a| {
            raw[a.start..a.end]
                .iter()
                .any(|&b| matches!(b, b'\\' | b'%' | b'@' | 0..=0x1F | 0x7F..))
        })
        || cx
            .uri
            .get(Component::Host)
            .is_none_or(|h| h.first().is_none_or(u8::is_ascii_digit));
    if !trigger {
        return;
    }
    // The URI as written: a password mask would hide what a parser reads
    // (`http://good.example:80\@evil.example/` has a "password" `80\`).
    // Messages show hosts only, never userinfo.
    // `https:/host`, `https:///host`, `https::/host` are scheme-typo's,
    // with its fix: a defect gets one finding.
    if after.starts_with(b"/") && !after.starts_with(b"//")
        || after.starts_with(b"///")
        || after.starts_with(b":/")
    {
        return;
    }
    let views = Views::of(&cx.finding.uri);
    // A host read from inside the password may be the password's bytes:
    // it is never named.
    let password = crate::uri::Uri::parse(&cx.finding.uri)
        .get(Component::Password)
        .map(|p| String::from_utf8_lossy(&crate::uri::percent_decode(p, None)).to_lowercase())
        .unwrap_or_default();
    if let Some(msg) = disagreement(&views, &password) {
        out.push(Hit::new(msg));
    }
}

/// How a message names what a parser read; `password` is the URI's,
/// lower-cased and decoded.
fn shown(host: &Option<String>, password: &str) -> String {
    match host {
        Some(h) if h.is_empty() => "an empty host".to_string(),
        Some(h) if !password.is_empty() && password.contains(h.trim_end_matches('.')) => {
            "a host from inside the password (not shown)".to_string()
        }
        Some(h) => format!("host `{h}`"),
        None => "no host (no `//` after the scheme)".to_string(),
    }
}

/// What the parsers disagree on, said as a message.
fn disagreement(v: &Views, password: &str) -> Option<String> {
    let rfc = &v.rfc;
    let said = |other: &str, host: &Option<String>| {
        format!(
            "parsers disagree: RFC 3986 reads {}, {other} {}",
            shown(&rfc.host, password),
            shown(host, password)
        )
    };
    match &v.whatwg {
        Ok(web) if web.host != rfc.host => {
            // Numeric forms of an IPv4 address are rare-ip-format's.
            if is_ipv4_form(rfc, web) {
                return None;
            }
            return Some(said("a browser (WHATWG URL)", &web.host));
        }
        // Userinfo may hold a password: the message does not quote it.
        Ok(web) if web.userinfo != rfc.userinfo => {
            return Some(
                "parsers disagree on the userinfo (not shown: it may hold a password): \
                 RFC 3986 and a browser (WHATWG URL) split it differently"
                    .to_string(),
            );
        }
        Ok(_) => {}
        // A browser rejects as an IPv4 address what RFC 3986 reads as a
        // name (`1.2.3.08`: `08` is no octal number). Four decimal parts
        // with one above 255 are invalid-host's finding.
        Err(url::ParseError::InvalidIpv4Address)
            if rfc.host.as_deref().is_some_and(|h| !is_dotted_decimal(h)) =>
        {
            return Some(format!(
                "parsers disagree: RFC 3986 reads {}, a browser rejects it as an invalid IPv4 address",
                shown(&rfc.host, password)
            ));
        }
        Err(_) => {}
    }
    // A parser that decodes first sees a name in the userinfo: one that
    // looks like a host (`good.example%2F@evil.example`), not any word a
    // password splits into.
    let decoded = v.decoded_first.as_ref()?;
    let host = decoded.host.as_deref()?;
    (decoded.host != rfc.host && super::deceptive_userinfo::looks_like_host(host.as_bytes()))
        .then(|| said("a parser that decodes the userinfo's `%XX` before it splits", &decoded.host))
}

/// Four parts of decimal digits without leading zeros (an octet above 255
/// among them is invalid-host's finding).
fn is_dotted_decimal(h: &str) -> bool {
    let parts: Vec<&str> = h.split('.').collect();
    parts.len() == 4
        && parts.iter().all(|p| {
            !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) && (p.len() == 1 || !p.starts_with('0'))
        })
}

/// A host RFC 3986 reads as a name of digits and a browser as the IPv4
/// address it stands for (`0x7f.1`): rare-ip-format names it. With a
/// trailing dot (`127.1.`) rare-ip-format does not: it is this rule's.
fn is_ipv4_form(rfc: &View, web: &View) -> bool {
    let numeric = |h: &str| {
        h.starts_with(|c: char| c.is_ascii_digit())
            && !h.ends_with('.')
            && h.chars().all(|c| c.is_ascii_hexdigit() || matches!(c, '.' | 'x' | 'X'))
    };
    matches!((&rfc.host, &web.host), (Some(r), Some(w))
        if numeric(r) && w.parse::<std::net::Ipv4Addr>().is_ok())
}
