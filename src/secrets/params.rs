//! Query and fragment parameters whose name says their value is a secret
//! (`?access_token=...`, AWS and Google signed URLs, Azure SAS `sig`).

/// Parameter names that hold secrets, compared after percent-decoding, in
/// lower case and without `_`, `-` and `.` (`access_token`, `accessToken`
/// and `access-token` are one name). Most are documented by a service:
/// OAuth 2.0 (RFC 6749, RFC 6750), AWS and Google signed URLs, Azure SAS,
/// GitLab's `private_token`, OAuth 1.0's `oauth_signature` (RFC 5849).
const NAMES: &[&str] = &[
    "password",
    "passwd",
    "pwd",
    "pw",
    "pass",
    "passphrase",
    "dbpass",
    "secret",
    "token",
    "accesstoken",
    "refreshtoken",
    "idtoken",
    "authtoken",
    "privatetoken",
    "sessiontoken",
    "oauthtoken",
    "oauthsignature",
    "apikey",
    "xapikey",
    "key",
    "secretkey",
    "privatekey",
    "clientsecret",
    "webhooksecret",
    "auth",
    "authorization",
    "bearer",
    "jwt",
    "credential",
    "credentials",
    "signature",
    "sig",
    "hmac",
    "sessionid",
    "jsessionid",
    "phpsessid",
    "xamzsignature",
    "xamzcredential",
    "xamzsecuritytoken",
    "xgoogsignature",
    "xgoogcredential",
];

/// Whether a parameter name names a secret. A bracketed name (PHP and Rails
/// forms) counts by its last key: `user[password]`, `client_secret[]`.
///
/// ```
/// use urilint::secrets::is_secret_param;
/// assert!(is_secret_param(b"X-Amz-Signature"));
/// assert!(is_secret_param(b"access%5Ftoken"));
/// assert!(is_secret_param(b"accessToken"));
/// assert!(is_secret_param(b"user[password]"));
/// assert!(!is_secret_param(b"page"));
/// assert!(!is_secret_param(b"keyword"));
/// assert!(is_secret_param(b"db_password"));
/// assert!(is_secret_param(b"aws_secret_access_key"));
/// assert!(is_secret_param(b"apiToken"));
/// assert!(!is_secret_param(b"page_token_count"));
/// assert!(!is_secret_param(b"next_page_token"));
/// for name in ["secret_token", "passphrase", "bearer_token", "github_token", "db_pass", "pw"] {
///     assert!(is_secret_param(name.as_bytes()), "{name}");
/// }
/// ```
pub fn is_secret_param(name: &[u8]) -> bool {
    // Names of up to 96 bytes (brackets, `_` and percent-encoding
    // included: `production_database_password`), decided without
    // allocating (every query parameter of every URI comes here).
    if name.is_empty() || name.len() > 96 {
        return false;
    }
    // Most names are plain words: compare them as they are.
    if !name
        .iter()
        .any(|&b| matches!(b, b'%' | b'[' | b'_' | b'-' | b'.' | b'\\'))
    {
        return NAMES
            .iter()
            .any(|k| name.eq_ignore_ascii_case(k.as_bytes()))
            || ends_secret(name);
    }
    let mut decoded = [0u8; 96];
    let mut n = 0;
    let mut i = 0;
    while i < name.len() {
        match (
            name[i],
            name.get(i + 1..i + 3).and_then(crate::uri::hex_pair),
        ) {
            (b'%', Some(v)) => {
                decoded[n] = v;
                i += 3;
            }
            (b, _) => {
                decoded[n] = b;
                i += 1;
            }
        }
        n += 1;
    }
    let mut key: &[u8] = &decoded[..n];
    while let Some(inner) = key.strip_suffix(b"]") {
        match inner.iter().rposition(|&b| b == b'[') {
            Some(open) if open + 1 < inner.len() => key = &inner[open + 1..],
            Some(open) => key = &inner[..open],
            None => break,
        }
    }
    let mut folded = [0u8; 96];
    let mut m = 0;
    for &b in key {
        if matches!(b, b'_' | b'-' | b'.' | b'\\') {
            continue;
        }
        if m == folded.len() {
            return false;
        }
        folded[m] = b.to_ascii_lowercase();
        m += 1;
    }
    NAMES.iter().any(|k| k.as_bytes() == &folded[..m]) || ends_secret(&folded[..m])
}

/// Names that end in a word only secrets have: `db_password`,
/// `new_password`, `app_secret`, `aws_secret_access_key`, `apiToken`,
/// `reset_token`, `github_token`, `gpg_passphrase` (compared folded, in any
/// case). Not `token` alone: `next_page_token` is a cursor.
fn ends_secret(name: &[u8]) -> bool {
    const ENDS: &[&[u8]] = &[
        b"password",
        b"passwd",
        b"secret",
        b"accesskey",
        b"secretkey",
        b"privatekey",
        b"apikey",
        b"apitoken",
        b"authtoken",
        b"accesstoken",
        b"resettoken",
        b"refreshtoken",
        b"passphrase",
        b"secrettoken",
        b"bearertoken",
        b"githubtoken",
        b"gitlabtoken",
        b"slacktoken",
        b"npmtoken",
        b"pypitoken",
        b"dbpass",
    ];
    ENDS.iter()
        .any(|e| name.len() >= e.len() && name[name.len() - e.len()..].eq_ignore_ascii_case(e))
}

/// Names too common to vouch for a secret on their own: `key` names a
/// document, a map tile or a cache entry as often as an API key, and
/// `auth` a mode. Their values count as secrets when they look like one
/// ([`super::token::credential_shaped`]); all are redacted either way.
pub(super) fn is_weak_name(name: &[u8]) -> bool {
    [&b"key"[..], b"auth"]
        .iter()
        .any(|w| name.eq_ignore_ascii_case(w))
}

/// A value no secret has: a boolean, `none`, a number under 10,000, or
/// fewer than four characters.
pub(super) fn is_trivial(value: &[u8]) -> bool {
    const WORDS: &[&str] = &[
        "true",
        "false",
        "yes",
        "no",
        "on",
        "off",
        "none",
        "null",
        "nil",
        "undefined",
        "value",
        "required",
        "optional",
    ];
    value.len() < 4
        || WORDS
            .iter()
            .any(|w| value.eq_ignore_ascii_case(w.as_bytes()))
        || value.len() <= 4 && value.iter().all(u8::is_ascii_digit)
}

/// The `name=value` pairs of a query or fragment `s`: split at `&` and
/// `;`, and within a pair at each further `=` whose name follows a `?`,
/// `#`, `!`, `,`, `|`, `/`, `+` or `.` (`?next=/x?token=...`,
/// `#!token=...`, `?a=b,token=...`, `?data.token=...`), so that a secret
/// parameter inside another's value is one too (issue 49: when in doubt,
/// hide more). A name's trailing `+` or `\\` is not part of it.
pub(super) fn pairs(
    s: &[u8],
) -> impl Iterator<Item = (std::ops::Range<usize>, std::ops::Range<usize>)> + '_ {
    let mut at = 0;
    let mut inner: Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> = Vec::new();
    std::iter::from_fn(move || {
        if let Some(p) = inner.pop() {
            return Some(p);
        }
        while at <= s.len() {
            let end = s[at..]
                .iter()
                .position(|&b| b == b'&' || b == b';')
                .map_or(s.len(), |k| at + k);
            let pair = at..end;
            at = end + 1;
            let Some(eq) = s[pair.clone()].iter().position(|&b| b == b'=') else {
                continue;
            };
            let eq = pair.start + eq;
            // Names inside the value, last first (popped in order).
            for k in memchr::memrchr_iter(b'=', &s[eq + 1..pair.end]).map(|k| eq + 1 + k) {
                let name = name_before(s, eq + 1, k);
                if !name.is_empty() && name.start > eq + 1 {
                    inner.push((name, k + 1..pair.end));
                }
            }
            let name = name_before(s, pair.start, eq);
            if name.start > pair.start && is_secret_param(&s[name.clone()]) {
                return Some((name, eq + 1..pair.end));
            }
            return Some((pair.start..name.end, eq + 1..pair.end));
        }
        None
    })
}

/// The name of the parameter whose `=` is at `eq`, looked for in
/// `s[from..eq]`: after the last byte that ends a name (a separator of
/// pairs, or `?`, `#`, `!`, `,`, `|`, `/`, `+`, `.` before a name inside a
/// value), without a trailing `+` or `\\` (`token+=`, `token\\=`).
pub(super) fn name_before(s: &[u8], from: usize, eq: usize) -> std::ops::Range<usize> {
    let mut end = eq;
    while end > from && matches!(s[end - 1], b'+' | b'\\') {
        end -= 1;
    }
    let start = s[from..end]
        .iter()
        .rposition(|&b| {
            matches!(
                b,
                b'?' | b'&' | b';' | b'#' | b'/' | b'=' | b'!' | b',' | b'|' | b'+' | b'.'
            )
        })
        .map_or(from, |j| from + j + 1);
    start..end
}
