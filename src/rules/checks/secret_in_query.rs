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
        // A signature an image CDN publishes with the image's URL (imgix's
        // `s=`, thumbor's and imgproxy's `hmac=`, `sig=`) lets anyone
        // fetch that one rendition: public, so no finding; the value is
        // still redacted, as every secret-looking value is.
        if public_image_signature(cx.text, &name) {
            continue;
        }
        let hit = if cx.example_secret(s) {
            Hit::new(format!("parameter `{name}` holds an example secret; keep real ones out of URIs"))
                .severity(Severity::Note)
        } else {
            Hit::new(format!("parameter `{name}` holds a secret: URIs end up in logs, history and referrers"))
        };
        out.push(hit.at(at));
    }
}

/// Whether a signature parameter `name` signs a public image rendition:
/// the URI names an image (`.png`, `.jpg` ...) or asks for a transform of
/// one (`w=`, `h=`, `fit=`, `auto=format`, `ixlib=` ...).
fn public_image_signature(uri: &[u8], name: &str) -> bool {
    let bare: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .flat_map(|c| c.to_lowercase())
        .collect();
    if !matches!(bare.as_str(), "hmac" | "sig" | "signature" | "s") {
        return false;
    }
    let text = String::from_utf8_lossy(uri).to_ascii_lowercase();
    let (before, query) = text.split_once('?').unwrap_or((&text, ""));
    let image = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".avif", ".svg"]
        .iter()
        .any(|e| before.ends_with(e));
    let transform = query.split('&').any(|p| {
        matches!(
            p.split_once('=').map_or(p, |(k, _)| k),
            "w" | "h" | "width" | "height" | "fit" | "auto" | "fm" | "crop" | "ixlib" | "dpr" | "q"
        )
    });
    image || transform
}

#[cfg(test)]
mod tests {
    use super::public_image_signature;

    #[test]
    fn image_signatures_are_public() {
        assert!(public_image_signature(b"https://img.example/a.jpg?hmac=abc123", "hmac"));
        assert!(public_image_signature(b"https://x.imgix.net/p?w=800&s=9f8e7d", "s"));
        assert!(!public_image_signature(b"https://api.example/v1?hmac=abc123", "hmac"));
        assert!(!public_image_signature(b"https://img.example/a.jpg?token=abc123", "token"));
    }
}
