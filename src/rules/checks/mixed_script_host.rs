//! mixed-script-host: RFC 3986 s7.6; Unicode UTS #39 s5.2 (restriction
//! levels); IDNA labels decoded as RFC 5891 s5 says.

use unicode_script::{Script, UnicodeScript};
use unicode_security::{
    GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection, skeleton,
};

use crate::rules::idn;
use crate::rules::{Context, Hit};

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some((span, labels)) = idn::host(cx) else { return };
    for (_, label) in &labels {
        if let Some(scripts) = mixed(label) {
            let msg = format!(
                "host {} mixes {} in the label `{label}`: a look-alike of another name",
                idn::forms(&cx.text[span.start..span.end], &labels),
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
