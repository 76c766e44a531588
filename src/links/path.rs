//! References as paths (RFC 3986 s5.2, s2.1, s3.5): a reference's path
//! segments and fragment percent-decoded, and paths made absolute and
//! shown relative, lexically (a link is checked where it is written).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A fragment, percent-decoded: borrowed from the reference when it
/// needs no decoding.
pub(super) type Frag<'a> = std::borrow::Cow<'a, str>;

/// A path segment, percent-decoded: borrowed from the reference when it
/// needs no decoding.
pub(super) type Seg<'a> = std::borrow::Cow<'a, std::ffi::OsStr>;

/// A path made absolute, its `.` and `..` applied lexically (symbolic
/// links are not resolved: a link is checked where it is written).
pub(crate) fn normal(p: &Path, cwd: &Path) -> PathBuf {
    crate::paths::lexical(&cwd.join(p))
}

/// Whether a fragment names an element: not a script's route (`#/x`,
/// `#!x`), a text fragment (`#:~:text=`) or a media or PDF fragment
/// (`#page=2`, `#t=10`).
pub(super) fn is_anchor_fragment(f: &str) -> bool {
    !(f.starts_with('/') || f.starts_with('!') || f.contains('=') || f.contains(":~:"))
}

/// A relative reference split once (RFC 3986 s4.2, s3.4, s3.5): its
/// path, its query (with its `?`), and its fragment percent-decoded.
#[derive(Clone, Debug)]
pub(super) struct Parts<'a> {
    pub path: &'a [u8],
    pub query: &'a [u8],
    pub fragment: Option<Frag<'a>>,
}

/// `value` split into its [`Parts`].
pub(super) fn parts(value: &[u8]) -> Parts<'_> {
    let (before, fragment) = match memchr::memchr(b'#', value) {
        Some(k) => {
            let raw = &value[k + 1..];
            let decoded = match memchr::memchr(b'%', raw) {
                None => String::from_utf8_lossy(raw),
                Some(_) => match percent_decode(raw) {
                    Ok(s) => Frag::Owned(s.to_string_lossy().into_owned()),
                    Err(_) => String::from_utf8_lossy(raw),
                },
            };
            (&value[..k], Some(decoded))
        }
        None => (value, None),
    };
    let q = memchr::memchr(b'?', before).unwrap_or(before.len());
    Parts {
        path: &before[..q],
        query: &before[q..],
        fragment,
    }
}

/// A path segment percent-decoded (RFC 3986 s2.1), or why it cannot be.
pub(super) fn percent_decode(s: &[u8]) -> Result<OsString, String> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'%' {
            let Some(v) = s.get(i + 1..i + 3).and_then(crate::uri::hex_pair) else {
                let bad = String::from_utf8_lossy(&s[i..(i + 3).min(s.len())]).into_owned();
                return Err(format!("`{bad}` is not a percent-encoding (RFC 3986 s2.1)"));
            };
            out.push(v);
            i += 3;
            continue;
        }
        out.push(s[i]);
        i += 1;
    }
    Ok(os_string(out))
}

/// Bytes as a path segment, borrowed where the platform allows.
#[cfg(unix)]
pub(super) fn os_str(bytes: &[u8]) -> Seg<'_> {
    use std::os::unix::ffi::OsStrExt;
    Seg::Borrowed(std::ffi::OsStr::from_bytes(bytes))
}

#[cfg(not(unix))]
pub(super) fn os_str(bytes: &[u8]) -> Seg<'_> {
    Seg::Owned(os_string(bytes.to_vec()))
}

#[cfg(unix)]
pub(super) fn os_string(bytes: Vec<u8>) -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(bytes)
}

#[cfg(not(unix))]
pub(super) fn os_string(bytes: Vec<u8>) -> OsString {
    OsString::from(String::from_utf8_lossy(&bytes).into_owned())
}
