//! Published sample credentials (SPEC section 10): the values that vendors
//! print in their own documentation, so that documentation quoting them is
//! not leaking anything. Their findings are notes; they are redacted all
//! the same, as every secret is.
//!
//! The list, which the secret rules' docs repeat:
//! - AWS's example access keys (`AKIAIOSFODNN7EXAMPLE` and the secret keys
//!   ending in `EXAMPLEKEY`), from the AWS CLI and IAM guides;
//! - Stripe's public test keys from its API reference
//!   (`sk_test_4eC39HqLyjWDarjtT1zdp7dc`, `pk_test_TYooMQauvdEDq54NiTphI7jx`);
//! - a JSON Web Token whose claims are jwt.io's sample (`"sub":
//!   "1234567890"`, `"name": "John Doe"`), whatever its signature: jwt.io's
//!   debugger signs the sample, and pages edited from it, with a key
//!   anyone can read.

/// Values printed verbatim in vendors' documentation.
const PUBLISHED: &[&[u8]] = &[
    b"AKIAIOSFODNN7EXAMPLE",
    b"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    b"je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
    b"sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    b"pk_test_TYooMQauvdEDq54NiTphI7jx",
];

/// Whether `value` (as written, or percent-decoded) is a published sample
/// credential.
///
/// ```
/// use urilint::secrets::is_published_sample;
/// assert!(is_published_sample(b"AKIAIOSFODNN7EXAMPLE"));
/// assert!(is_published_sample(b"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"));
/// assert!(!is_published_sample(b"AKIAZ3MSJV4WWNKWW5FG"));
/// ```
pub fn is_published_sample(value: &[u8]) -> bool {
    let decoded = crate::uri::percent_decode(value, None);
    let v = decoded.trim_ascii();
    PUBLISHED.contains(&v) || jwt_io_sample(v)
}

/// A JWT (RFC 7519 s3: three base64url parts joined by `.`) whose payload
/// holds jwt.io's sample subject and name.
fn jwt_io_sample(token: &[u8]) -> bool {
    let mut parts = token.split(|&b| b == b'.');
    let (Some(_), Some(payload), Some(_), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let Some(claims) = base64url(payload) else {
        return false;
    };
    let claims: Vec<u8> = claims
        .into_iter()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    let has = |needle: &[u8]| memchr::memmem::find(&claims, needle).is_some();
    // Whitespace is taken out above, the name's own space with it.
    has(br#""sub":"1234567890""#) && has(br#""name":"JohnDoe""#)
}

/// `text` decoded as unpadded base64url (RFC 4648 s5), or `None`.
fn base64url(text: &[u8]) -> Option<Vec<u8>> {
    let value = |b: u8| -> Option<u32> {
        Some(match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'-' => 62,
            b'_' => 63,
            _ => return None,
        } as u32)
    };
    let text = text
        .strip_suffix(b"==")
        .or(text.strip_suffix(b"="))
        .unwrap_or(text);
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.chunks(4) {
        let mut n = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            n |= value(b)? << (18 - 6 * i);
        }
        let bytes = n.to_be_bytes();
        match chunk.len() {
            4 => out.extend_from_slice(&bytes[1..4]),
            3 => out.extend_from_slice(&bytes[1..3]),
            2 => out.push(bytes[1]),
            _ => return None,
        }
    }
    Some(out)
}
