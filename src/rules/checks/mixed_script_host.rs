//! mixed-script-host: RFC 3986 s7.6; Unicode UTS #39 s5.2 (restriction
//! levels); IDNA labels decoded as RFC 5891 s5 says.

use unicode_script::{Script, UnicodeScript};
use unicode_security::{
    GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection, skeleton,
};

use crate::rules::idn;
use crate::rules::{Context, Hit, class};
use crate::uri::Component;

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    // Most URIs are ASCII without a `-`, which every Punycode label has.
    if cx.has(class::HIGH | class::PERCENT | class::HYPHEN) {
        check_slow(cx, out);
    }
}

/// The rest of [`check`], out of line: it runs for few URIs.
#[inline(never)]
fn check_slow(cx: &Context, out: &mut Vec<Hit>) {
    let Some(span) = cx.uri.span(Component::Host) else { return };
    let host = &cx.text[span.start..span.end];
    if !idn::may_be_idn(host) {
        return;
    }
    let Some(labels) = idn::labels(host) else { return };
    for (_, label) in &labels {
        if let Some(scripts) = mixed(label) {
            let written = String::from_utf8_lossy(host);
            let shown = idn::unicode(&labels);
            let forms = if written == shown {
                format!("`{written}`")
            } else {
                format!("`{written}` (`{shown}`)")
            };
            let msg = format!(
                "host {forms} mixes {} in the label `{label}`: a look-alike of another name",
                scripts.join(" and ")
            );
            out.push(Hit::new(msg).at(span));
            return;
        }
    }
}

/// The scripts a label mixes, when it mixes more than UTS #39's highly
/// restrictive level allows (one script, or Latin with Han and Japanese
/// kana, or with Han and Hangul). Characters outside identifiers (symbols)
/// and the Common and Inherited scripts (digits, `-`, marks) mix nothing.
pub(crate) fn mixed(label: &str) -> Option<Vec<&'static str>> {
    if label.is_ascii() {
        return None;
    }
    let letters: String = label.chars().filter(|&c| c.identifier_allowed()).collect();
    if letters.as_str().detect_restriction_level() <= RestrictionLevel::HighlyRestrictive {
        return None;
    }
    // A mix deceives when a letter passes for an ASCII one (its UTS #39
    // skeleton is ASCII): Cyrillic `а` for Latin `a`; Thai run on after
    // `example.com` in Thai prose does not.
    if !letters.chars().any(|c| {
        let mut buf = [0u8; 4];
        !c.is_ascii() && skeleton(c.encode_utf8(&mut buf)).all(|p| p.is_ascii_alphanumeric())
    }) {
        return None;
    }
    let mut scripts: Vec<&'static str> = Vec::new();
    for c in letters.chars() {
        let s = c.script();
        if matches!(s, Script::Common | Script::Inherited | Script::Unknown) {
            continue;
        }
        let name = s.full_name();
        if !scripts.contains(&name) {
            scripts.push(name);
        }
    }
    (scripts.len() > 1).then_some(scripts)
}
