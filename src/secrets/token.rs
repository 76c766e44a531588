//! Access tokens used as the user of a URI (`https://ghp_...@github.com/`):
//! documented prefixes, and long random strings (SPEC section 10).

/// Documented token prefixes, what they are, and the shortest whole token;
/// in byte order, so that those starting with a byte are together
/// ([`BY_FIRST_BYTE`]).
const PREFIXES: &[(&str, &str, usize)] = &[
    ("AIza", "a Google API key", 39),
    ("AKIA", "an AWS access key id", 20),
    ("ASIA", "an AWS temporary access key id", 20),
    ("SG.", "a SendGrid API key", 30),
    ("dckr_pat_", "a Docker Hub personal access token", 20),
    ("dop_v1_", "a DigitalOcean personal access token", 30),
    ("eyJ", "a JSON Web Token", 30),
    ("gho_", "a GitHub OAuth access token", 20),
    ("ghp_", "a GitHub personal access token", 20),
    ("ghr_", "a GitHub refresh token", 20),
    ("ghs_", "a GitHub server-to-server token", 20),
    ("ghu_", "a GitHub user-to-server token", 20),
    (
        "github_pat_",
        "a GitHub fine-grained personal access token",
        30,
    ),
    ("glc_", "a Grafana Cloud token", 30),
    ("gldt-", "a GitLab deploy token", 20),
    ("gloas-", "a GitLab OAuth application secret", 20),
    ("glpat-", "a GitLab personal access token", 20),
    ("glptt-", "a GitLab pipeline trigger token", 20),
    ("glrt-", "a GitLab runner token", 20),
    ("hf_", "a Hugging Face access token", 30),
    ("npm_", "an npm access token", 30),
    ("pypi-", "a PyPI API token", 30),
    ("rk_live_", "a Stripe restricted key", 20),
    ("shpat_", "a Shopify access token", 30),
    ("sk-ant-", "an Anthropic API key", 30),
    ("sk-proj-", "an OpenAI project key", 30),
    ("sk_live_", "a Stripe secret key", 20),
    ("sk_test_", "a Stripe test secret key", 20),
    ("xapp-", "a Slack app-level token", 15),
    ("xoxa-", "a Slack app token", 15),
    ("xoxb-", "a Slack bot token", 15),
    ("xoxe-", "a Slack refresh token", 15),
    ("xoxp-", "a Slack user token", 15),
    ("xoxr-", "a Slack refresh token", 15),
    ("ya29.", "a Google OAuth access token", 30),
];

/// Passwords that mean "the user is the token" (GitHub's documented
/// `https://<token>:x-oauth-basic@github.com/` form).
pub(super) const TOKEN_PASSWORDS: &[&str] = &["x-oauth-basic"];

/// What kind of token `user` is, or `None` for a user name.
///
/// ```
/// use urilint::secrets::token_kind;
/// assert_eq!(token_kind(b"ghp_16C7e42F292c6912E7710c838347Ae178B4a"), Some("a GitHub personal access token"));
/// assert_eq!(token_kind(b"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b"), Some("a long random string"));
/// assert_eq!(token_kind(b"anonymous"), None);
/// assert_eq!(token_kind(b"john.doe-2024"), None);
/// ```
pub fn token_kind(user: &[u8]) -> Option<&'static str> {
    documented(user).or_else(|| random(user).then_some("a long random string"))
}

/// The documented prefix `s` starts with (at most one does): the prefix,
/// what it is, and the shortest whole token.
#[inline]
fn prefix_of(s: &[u8]) -> Option<&'static (&'static str, &'static str, usize)> {
    // Only the prefixes that start with its first byte are compared, and
    // their second byte before the rest: most text costs a table look-up.
    let &first = s.first()?;
    let (from, to) = BY_FIRST_BYTE[usize::from(first)];
    let second = s.get(1).copied();
    PREFIXES[usize::from(from)..usize::from(to)]
        .iter()
        .find(|p| Some(p.0.as_bytes()[1]) == second && s.starts_with(p.0.as_bytes()))
}

/// For each byte, the range of [`PREFIXES`] that start with it (empty for
/// most bytes).
const BY_FIRST_BYTE: [(u8, u8); 256] = {
    let mut table = [(0u8, 0u8); 256];
    let mut i = 0;
    while i < PREFIXES.len() {
        let b = PREFIXES[i].0.as_bytes()[0] as usize;
        if table[b].1 == 0 {
            table[b].0 = i as u8;
        }
        table[b].1 = i as u8 + 1;
        i += 1;
    }
    table
};

/// What kind of documented token the user name `user` is by its prefix,
/// however short: in the user position a documented prefix with a random
/// part is a token (`https://ghp_ABCDEF12@github.com/`, issue 31).
/// Prefixes of four bytes or more, and words after them (`npm_admin`),
/// are names.
pub(super) fn prefixed_user(user: &[u8]) -> Option<&'static str> {
    let &(prefix, kind, _) = prefix_of(user)?;
    (prefix.len() >= 4
        && user.len() >= prefix.len() + 4
        && user.iter().all(|&b| token_byte(b))
        && random_rest(prefix, &user[prefix.len()..]))
    .then_some(kind)
}

/// Whether `s` starts with a documented token's prefix: a quick test
/// before [`documented`].
#[inline]
pub(super) fn starts_documented(s: &[u8]) -> bool {
    prefix_of(s).is_some()
}

/// What kind of token `s` is on its own, with no name to vouch for it (a
/// path segment, any query value): a documented token random past its
/// prefix ([`random_rest`]), or a JSON Web Token in its compact form
/// (RFC 7519 s3.1, RFC 7515 s7.1: header, payload and signature in
/// base64url, joined by `.`; header and payload are JSON objects, which
/// encode to `eyJ`). Base64 JSON not so shaped (an image service's
/// options, an OAuth state) and words that start like a prefix
/// (`/pypi-security-q4.html`) are no token.
pub(super) fn bare_token(s: &[u8]) -> Option<&'static str> {
    if !s.starts_with(b"eyJ") {
        let what = documented(s)?;
        let &(prefix, _, _) = prefix_of(s)?;
        return random_rest(prefix, &s[prefix.len()..]).then_some(what);
    }
    let mut parts = s.split(|&b| b == b'.');
    let (header, payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    let base64url = |p: &[u8]| {
        p.iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    (parts.next().is_none()
        && header.len() >= 10
        && payload.starts_with(b"eyJ")
        && signature.len() >= 16
        && [header, payload, signature].into_iter().all(base64url))
    .then_some("a JSON Web Token")
}

/// Whether what follows a documented prefix reads as a token's random
/// part, not words: capitals and digits mixed in (`ghp_Ab3...`), or 16
/// characters or more of one run with capitals or digits and no word
/// separator (Hugging Face's letters, DigitalOcean's and Shopify's hex, an
/// AWS key id without a digit). A `.` only where the prefix has one
/// (`SG.`, `ya29.`).
fn random_rest(prefix: &str, rest: &[u8]) -> bool {
    let upper = rest.iter().any(u8::is_ascii_uppercase);
    let digit = rest.iter().any(u8::is_ascii_digit);
    if !prefix.ends_with('.') && rest.contains(&b'.') {
        return false;
    }
    (upper && digit)
        || (rest.len() >= 16
            && (upper || digit)
            && !rest
                .iter()
                .any(|b| matches!(b, b'-' | b'_' | b'.' | b'~' | b'%')))
}

/// What kind of documented token `s` is (by its prefix only, not by
/// looking random).
pub(super) fn documented(s: &[u8]) -> Option<&'static str> {
    let &(_, kind, min) = prefix_of(s)?;
    (s.len() >= min && s.iter().all(|&b| token_byte(b))).then_some(kind)
}

/// Whether `s` is shaped like a credential on its own, without a name to
/// vouch for it: a documented token, or a long random string that is not
/// hexadecimal (a hex string of that length is far more often a digest or
/// a document id: a SHA-1, an MD5, a UUID).
pub(super) fn credential_shaped(s: &[u8]) -> bool {
    documented(s).is_some() || (random(s) && !s.iter().all(|&b| b.is_ascii_hexdigit() || b == b'-'))
}

fn token_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'~' | b'%')
}

/// A long high-entropy string of letters and digits: 24 characters or
/// more, digits or capitals making a quarter of them, and at least 3.5 bits
/// of Shannon entropy per character. User names (`firstname.lastname`,
/// `deploy-bot-2024`) are none of these.
fn random(s: &[u8]) -> bool {
    if s.len() < 24
        || !s
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    {
        return false;
    }
    let letters = s.iter().filter(|b| b.is_ascii_alphabetic()).count();
    let digits = s.iter().filter(|b| b.is_ascii_digit()).count();
    let capitals = s.iter().filter(|b| b.is_ascii_uppercase()).count();
    if letters == 0 || digits == 0 || (digits + capitals) * 4 < s.len() {
        return false;
    }
    let mut counts = [0u32; 256];
    for &b in s {
        counts[b as usize] += 1;
    }
    let n = s.len() as f64;
    let entropy: f64 = counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = f64::from(c) / n;
            -p * p.log2()
        })
        .sum();
    entropy >= 3.5
}

#[cfg(test)]
mod tests {
    use super::token_kind;

    #[test]
    fn documented_tokens() {
        for t in [
            "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
            "glpat-xxxxxxxxxxxxxxxxxxxx",
            "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",
            "AKIAIOSFODNN7EXAMPLE",
            "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
        ] {
            assert!(token_kind(t.as_bytes()).is_some(), "{t}");
        }
    }

    #[test]
    fn prefixes_are_in_byte_order() {
        assert!(super::PREFIXES.is_sorted_by_key(|p| p.0.as_bytes()));
    }

    #[test]
    fn the_quick_test_knows_every_prefix() {
        for &(prefix, _, _) in super::PREFIXES {
            assert!(super::starts_documented(prefix.as_bytes()), "{prefix}");
            // `prefix_of` takes the one prefix a text starts with.
            for &(other, _, _) in super::PREFIXES {
                assert!(
                    other == prefix || !other.starts_with(prefix),
                    "{other} {prefix}"
                );
            }
        }
    }

    #[test]
    fn bare_tokens_are_random_past_their_prefix() {
        use super::bare_token;
        for t in [
            "hf_HfAbCdEfGhIjKlMnOpQrStUvWxYzAbCdEf",
            "dop_v1_0f3a9c2b7e1d4f6a8b5c0e9d2a7f1b3c6e8d0a4f9b2c7e1d5a3f8b6c0e2d9a7f",
            "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",
            "AKIAQWERTYUIOPASDFGH",
            "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ",
        ] {
            assert!(bare_token(t.as_bytes()).is_some(), "{t}");
        }
        for s in [
            "pypi-security-q4-2019-request-for.html",
            "hf_model_weights_2024_release_notes",
            "eyJyZXR1cm5UbyI6Ii9kYXNoYm9hcmQifQ",
            "sk_live_example_key_do_not_use_here",
        ] {
            assert_eq!(bare_token(s.as_bytes()), None, "{s}");
        }
    }

    #[test]
    fn user_names_are_not_tokens() {
        for u in [
            "git",
            "anonymous",
            "ghp_",
            "AKIA",
            "firstname.lastname",
            "deploy-bot-2024",
            "very_long_descriptive_username",
            "aaaaaaaaaaaaaaaaaaaaaaaa1A",
            "sk_live",
        ] {
            assert_eq!(token_kind(u.as_bytes()), None, "{u}");
        }
    }
}
