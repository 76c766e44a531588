//! Syntax-based and scheme-based normalization (RFC 3986 s6.2.2, s6.2.3).

use super::grammar::is_unreserved;
use super::{Component, HostKind, Uri};
use crate::schemes::Registry;

/// Normalizes a URI: scheme and host in lower case and percent-encodings in
/// upper case (s6.2.2.1), unreserved characters decoded (s6.2.2.2), dot
/// segments removed (s6.2.2.3), and the scheme's default port, an empty
/// port and an empty path after an authority dropped (s6.2.3). Invalid
/// parts are kept as they are.
///
/// ```
/// use urilint::schemes::Registry;
/// use urilint::uri::normalize;
///
/// let reg = Registry::builtin();
/// assert_eq!(normalize(b"HTTP://Example.COM:80/a/./b/../%7Ec%3a", reg), b"http://example.com/a/~c%3A");
/// assert_eq!(normalize(b"https://example.com", reg), b"https://example.com/");
/// ```
pub fn normalize(text: &[u8], registry: &Registry) -> Vec<u8> {
    // Decoding unreserved characters next to a `%` that starts no triplet
    // could make a new triplet (`%3%39` would become `%39`), so a URI whose
    // normal form keeps such a `%` only gets its case and segments
    // normalized. Decided on that form, not on the input: a stray `%` in a
    // segment that `..` removes does not count. Decoding only adds dot
    // segments, so it can only remove more, never bring a stray back, and
    // either result normalizes to itself.
    let kept = normalize_pass(text, registry, false);
    let stray = memchr::memchr_iter(b'%', &kept)
        .any(|i| kept.get(i + 1..i + 3).and_then(hex_pair).is_none());
    if stray {
        kept
    } else {
        normalize_pass(text, registry, true)
    }
}

fn normalize_pass(text: &[u8], registry: &Registry, decode: bool) -> Vec<u8> {
    let uri = Uri::parse(text);
    let plain = Pct {
        lower: false,
        decode,
    };
    let mut out = Vec::with_capacity(text.len());
    let scheme = uri.get(Component::Scheme);
    if let Some(s) = scheme {
        out.extend(s.iter().map(u8::to_ascii_lowercase));
        out.push(b':');
    }
    if uri.span(Component::Authority).is_some() {
        out.extend_from_slice(b"//");
        if let Some(ui) = uri.get(Component::Userinfo) {
            percent_normalized(ui, plain, &mut out);
            out.push(b'@');
        }
        let host = uri.get(Component::Host).unwrap_or_default();
        let lower = matches!(
            uri.host_kind(),
            HostKind::RegName | HostKind::Ipv6 | HostKind::IpvFuture
        );
        percent_normalized(host, Pct { lower, ..plain }, &mut out);
        if let Some(port) = uri.get(Component::Port) {
            let default = scheme
                .and_then(|s| registry.get_bytes(s))
                .and_then(|s| s.port);
            let is_default = default.is_some() && uri.port() == default.map(u32::from);
            if !port.is_empty() && !is_default {
                out.push(b':');
                out.extend_from_slice(port);
            }
        }
    }
    let path = uri.get(Component::Path).unwrap_or_default();
    let mut norm_path = Vec::with_capacity(path.len());
    percent_normalized(path, plain, &mut norm_path);
    let has_authority = uri.span(Component::Authority).is_some();
    if has_authority && norm_path.is_empty() {
        out.push(b'/');
    } else if norm_path.starts_with(b"/") {
        out.extend_from_slice(&without_authority_ambiguity(
            remove_dot_segments(&norm_path),
            has_authority,
        ));
    } else {
        out.extend_from_slice(&norm_path);
    }
    if let Some(q) = uri.get(Component::Query) {
        out.push(b'?');
        percent_normalized(q, plain, &mut out);
    }
    if let Some(f) = uri.get(Component::Fragment) {
        out.push(b'#');
        percent_normalized(f, plain, &mut out);
    }
    out
}

/// How to normalize the text of a component.
#[derive(Clone, Copy)]
struct Pct {
    /// Lower-case ASCII letters outside percent-encodings (the host).
    lower: bool,
    /// Decode percent-encoded unreserved characters (s6.2.2.2). Off when the
    /// URI holds a `%` that starts no triplet: decoding next to it could
    /// make a new triplet (`%3%39` would become `%39`), and normalizing
    /// again would change the URI again.
    decode: bool,
}

/// `s` with percent-encoded unreserved characters decoded and the hex
/// digits of the other triplets upper-cased (RFC 3986 s6.2.2.1, s6.2.2.2).
pub(crate) fn decode_unreserved(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    percent_normalized(
        s,
        Pct {
            lower: false,
            decode: true,
        },
        &mut out,
    );
    out
}

/// Copies `s`, upper-casing the hex digits of percent-encodings and, as
/// `how` says, decoding those of unreserved characters and lower-casing the
/// rest (s6.2.2.1, s6.2.2.2).
fn percent_normalized(s: &[u8], how: Pct, out: &mut Vec<u8>) {
    let lower = how.lower;
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        if b == b'%'
            && let Some(v) = s.get(i + 1..i + 3).and_then(hex_pair)
        {
            if how.decode && is_unreserved(v) {
                out.push(if lower { v.to_ascii_lowercase() } else { v });
            } else {
                out.push(b'%');
                out.extend(s[i + 1..i + 3].iter().map(u8::to_ascii_uppercase));
            }
            i += 3;
            continue;
        }
        out.push(if lower { b.to_ascii_lowercase() } else { b });
        i += 1;
    }
}

/// The octet a pct-encoded triplet's two hex digits name (RFC 3986 s2.1).
pub(crate) fn hex_pair(h: &[u8]) -> Option<u8> {
    let d = |c: u8| (c as char).to_digit(16);
    Some((d(*h.first()?)? * 16 + d(*h.get(1)?)?) as u8)
}

/// `s` with every percent-encoded triplet decoded (RFC 3986 s2.1). With
/// `map`, it receives each decoded byte's raw offset, and then the raw
/// length.
pub(crate) fn percent_decode(s: &[u8], mut map: Option<&mut Vec<usize>>) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if let Some(m) = map.as_deref_mut() {
            m.push(i);
        }
        match (s[i], s.get(i + 1..i + 3).and_then(hex_pair)) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    if let Some(m) = map {
        m.push(s.len());
    }
    out
}

/// RFC 3986 s3.3: without an authority, a path cannot begin with `//`, or
/// it would be read as one. Removing dot segments can make such a path
/// (`/..//x`); `/.` in front keeps it a path (as the WHATWG URL standard
/// writes it), and normalizing again gives the same.
pub(crate) fn without_authority_ambiguity(path: Vec<u8>, has_authority: bool) -> Vec<u8> {
    if has_authority || !path.starts_with(b"//") {
        return path;
    }
    let mut out = Vec::with_capacity(path.len() + 2);
    out.extend_from_slice(b"/.");
    out.extend_from_slice(&path);
    out
}

/// The remove_dot_segments algorithm of RFC 3986 s5.2.4.
///
/// ```
/// use urilint::uri::remove_dot_segments;
///
/// assert_eq!(remove_dot_segments(b"/a/b/c/./../../g"), b"/a/g");
/// assert_eq!(remove_dot_segments(b"mid/content=5/../6"), b"mid/6");
/// ```
pub fn remove_dot_segments(path: &[u8]) -> Vec<u8> {
    let mut input: &[u8] = path;
    let mut out: Vec<u8> = Vec::with_capacity(path.len());
    let pop = |out: &mut Vec<u8>| {
        let cut = out.iter().rposition(|&b| b == b'/').unwrap_or(0);
        out.truncate(cut);
    };
    while !input.is_empty() {
        if let Some(rest) = input
            .strip_prefix(b"../")
            .or_else(|| input.strip_prefix(b"./"))
        {
            input = rest; // A
        } else if input.starts_with(b"/./") {
            input = &input[2..]; // B
        } else if input == b"/." {
            input = b"/";
        } else if input.starts_with(b"/../") {
            input = &input[3..]; // C
            pop(&mut out);
        } else if input == b"/.." {
            input = b"/";
            pop(&mut out);
        } else if input == b"." || input == b".." {
            input = b""; // D
        } else {
            // E: move the first segment, with its leading "/", to the output.
            let from = usize::from(input[0] == b'/');
            let end = input[from..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(input.len(), |k| from + k);
            out.extend_from_slice(&input[..end]);
            input = &input[end..];
        }
    }
    out
}
