//! confusable-host: RFC 3986 s7.6; Unicode UTS #39 s4 (confusable
//! detection: the skeleton).

use unicode_security::skeleton;

use crate::rules::idn;
use crate::rules::{Context, Hit};

/// Country-code top-level domains of countries that write Cyrillic or
/// Greek, whose names in those scripts are expected there.
const HOME_TLDS: &[&str] = &[
    "ru", "su", "by", "bg", "kz", "kg", "ua", "rs", "mk", "mn", "tj", "uz", "me", "ba", "gr", "cy",
];

pub(super) fn check(cx: &Context, out: &mut Vec<Hit>) {
    let Some((span, labels)) = idn::host(cx) else { return };
    let shown = idn::unicode(&labels);
    if shown.is_ascii() {
        return;
    }
    // A host IDNA maps to an ASCII name (fullwidth `ａｐｐｌｅ.com`) is that
    // name: a browser goes there.
    if idna::domain_to_ascii(&shown).is_ok_and(|a| {
        !a.split('.').any(|l| l.len() > 4 && l[..4].eq_ignore_ascii_case("xn--"))
    }) {
        return;
    }
    // Under a top-level domain of its own script (`.рф`, `.ru`, `.bg`,
    // `.gr`), a name in that script is at home, as browsers judge it.
    let tld = labels.last().map(|(_, u)| u.to_lowercase()).unwrap_or_default();
    if !tld.is_ascii() || HOME_TLDS.contains(&tld.as_str()) {
        return;
    }
    // A label that mixes scripts is mixed-script-host's finding.
    if labels
        .iter()
        .any(|(_, l)| super::mixed_script_host::mixed(l).is_some())
    {
        return;
    }
    // The ASCII name it looks like: each character's skeleton, when all of
    // them are ASCII (UTS #39 s4: X and Y are confusable when their
    // skeletons are equal; an ASCII name's skeleton is ASCII).
    let mut looks_like = String::with_capacity(shown.len());
    for c in shown.chars() {
        if c.is_ascii() {
            looks_like.push(c);
            continue;
        }
        let mut buf = [0u8; 4];
        let prototype: String = skeleton(c.encode_utf8(&mut buf)).collect();
        // A letter passes for a letter: `б` for `6` makes no name.
        if prototype.is_empty() || !prototype.bytes().all(|b| b.is_ascii_alphabetic()) {
            return;
        }
        looks_like.push_str(&prototype);
    }
    let msg = format!(
        "host {} looks like `{}` but is another name",
        idn::forms(&cx.text[span.start..span.end], &labels),
        looks_like.to_ascii_lowercase()
    );
    out.push(Hit::new(msg).at(span));
}
