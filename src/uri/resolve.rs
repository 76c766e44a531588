//! Resolving a relative reference against a base URI (RFC 3986 s5.2).

use super::normalize::{remove_dot_segments, without_authority_ambiguity};
use super::{Component, Uri};

/// A path as a relative URI reference (RFC 3986 s4.2): `/` separators, and
/// every byte outside unreserved, sub-delims, `:`, `@` and `/`
/// percent-encoded (SARIF's artifact locations, `extract --base`).
pub fn path_reference(path: &[u8]) -> String {
    let path: Vec<u8> = path
        .iter()
        .map(|&b| if b == b'\\' { b'/' } else { b })
        .collect();
    let path = path.strip_prefix(b"./").unwrap_or(&path);
    let mut out = String::with_capacity(path.len());
    for &b in path {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Resolves `reference` against `base` with the strict algorithm of RFC 3986
/// s5.2.2 and recomposes the result (s5.3). `None` when `base` has no scheme
/// (s5.1: a base URI must be absolute).
///
/// ```
/// use urilint::uri::resolve;
///
/// let base = b"http://a/b/c/d;p?q";
/// assert_eq!(resolve(base, b"../g").unwrap(), b"http://a/b/g");
/// assert_eq!(resolve(base, b"//g").unwrap(), b"http://g");
/// assert_eq!(resolve(b"relative/base", b"g"), None);
/// ```
pub fn resolve(base: &[u8], reference: &[u8]) -> Option<Vec<u8>> {
    let b = Uri::parse(base);
    let r = Uri::parse(reference);
    let base_scheme = b.get(Component::Scheme)?;
    let (scheme, authority, path, query);
    if let Some(s) = r.get(Component::Scheme) {
        scheme = s;
        authority = r.get(Component::Authority);
        path = remove_dot_segments(r.get(Component::Path).unwrap_or_default());
        query = r.get(Component::Query);
    } else {
        scheme = base_scheme;
        if let Some(a) = r.get(Component::Authority) {
            authority = Some(a);
            path = remove_dot_segments(r.get(Component::Path).unwrap_or_default());
            query = r.get(Component::Query);
        } else {
            authority = b.get(Component::Authority);
            let rp = r.get(Component::Path).unwrap_or_default();
            if rp.is_empty() {
                path = b.get(Component::Path).unwrap_or_default().to_vec();
                query = r.get(Component::Query).or(b.get(Component::Query));
            } else {
                path = if rp.starts_with(b"/") {
                    remove_dot_segments(rp)
                } else {
                    remove_dot_segments(&merge(&b, rp))
                };
                query = r.get(Component::Query);
            }
        }
    }
    // s5.3: component recomposition.
    let mut out = Vec::with_capacity(base.len() + reference.len());
    out.extend_from_slice(scheme);
    out.push(b':');
    if let Some(a) = authority {
        out.extend_from_slice(b"//");
        out.extend_from_slice(a);
    }
    out.extend_from_slice(&without_authority_ambiguity(path, authority.is_some()));
    if let Some(q) = query {
        out.push(b'?');
        out.extend_from_slice(q);
    }
    if let Some(f) = r.get(Component::Fragment) {
        out.push(b'#');
        out.extend_from_slice(f);
    }
    Some(out)
}

/// s5.2.3: merge a relative-path reference with the base's path.
fn merge(base: &Uri, rel: &[u8]) -> Vec<u8> {
    let bp = base.get(Component::Path).unwrap_or_default();
    let mut out = Vec::with_capacity(bp.len() + rel.len() + 1);
    if base.span(Component::Authority).is_some() && bp.is_empty() {
        out.push(b'/');
    } else if let Some(slash) = bp.iter().rposition(|&b| b == b'/') {
        out.extend_from_slice(&bp[..=slash]);
    }
    out.extend_from_slice(rel);
    out
}
