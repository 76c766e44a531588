//! Query and fragment parameters whose name says their value is a secret
//! (`?access_token=...`, AWS and Google signed URLs, Azure SAS `sig`).

/// Parameter names that hold secrets, compared case-insensitively after
/// percent-decoding.
const NAMES: &[&str] = &[
    "password",
    "passwd",
    "pwd",
    "pass",
    "secret",
    "token",
    "access_token",
    "refresh_token",
    "id_token",
    "auth_token",
    "private_token",
    "api_key",
    "api-key",
    "apikey",
    "x-api-key",
    "key",
    "client_secret",
    "auth",
    "signature",
    "sig",
    "x-amz-signature",
    "x-amz-credential",
    "x-amz-security-token",
    "x-goog-signature",
    "x-goog-credential",
];

/// Whether a parameter name names a secret.
///
/// ```
/// use urilint::secrets::is_secret_param;
/// assert!(is_secret_param(b"X-Amz-Signature"));
/// assert!(is_secret_param(b"access%5Ftoken"));
/// assert!(!is_secret_param(b"page"));
/// ```
pub fn is_secret_param(name: &[u8]) -> bool {
    if name.len() > 24 {
        return false;
    }
    let mut buf = [0u8; 24];
    let mut n = 0;
    let mut i = 0;
    while i < name.len() {
        let (b, step) = match (
            name[i],
            name.get(i + 1..i + 3).and_then(crate::uri::hex_pair),
        ) {
            (b'%', Some(v)) => (v, 3),
            (b, _) => (b, 1),
        };
        buf[n] = b.to_ascii_lowercase();
        n += 1;
        i += step;
    }
    NAMES.iter().any(|k| k.as_bytes() == &buf[..n])
}

/// Each `name=value` pair of a query or fragment (RFC 3986 s3.4, s3.5;
/// `&` and `;` separate pairs, as HTML forms and RFC 1866 write them) as
/// the range of the name and of the value, relative to `s`.
pub(super) fn pairs(
    s: &[u8],
) -> impl Iterator<Item = (std::ops::Range<usize>, std::ops::Range<usize>)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at <= s.len() {
            let end = s[at..]
                .iter()
                .position(|&b| b == b'&' || b == b';')
                .map_or(s.len(), |k| at + k);
            let pair = at..end;
            at = end + 1;
            if let Some(eq) = s[pair.clone()].iter().position(|&b| b == b'=') {
                return Some((pair.start..pair.start + eq, pair.start + eq + 1..pair.end));
            }
        }
        None
    })
}
