//! Template placeholders in secret positions (SPEC section 10): a URI in a
//! config template or a tutorial says `${DB_PASSWORD}`, not the password.

/// Whether a secret's value is a placeholder rather than a secret:
/// `${NAME}`, `$NAME` (capitals, digits and `_` only), `{{ ... }}`, `<...>`,
/// `%s`, `%(name)s`, `****`, `xxx` or longer, or one of the words
/// `password`, `passwd`, `secret`, `changeme`, `pass`. Anything else is a
/// secret. Percent-encoded forms count too (RFC 3986 s2.1).
///
/// ```
/// use urilint::secrets::is_placeholder;
/// assert!(is_placeholder(b"${DB_PASSWORD}"));
/// assert!(is_placeholder(b"$PGPASS"));
/// assert!(is_placeholder(b"%7B%7Bsecret%7D%7D"));
/// assert!(!is_placeholder(b"$uperS3cret"));
/// assert!(!is_placeholder(b"hunter2"));
/// ```
pub fn is_placeholder(value: &[u8]) -> bool {
    let decoded = crate::uri::percent_decode(value, None);
    let p = decoded.trim_ascii();
    let inner = |open: &[u8], close: &[u8]| {
        p.strip_prefix(open)
            .and_then(|r| r.strip_suffix(close))
            .filter(|r| !r.trim_ascii().is_empty())
    };
    let name = |s: &[u8]| {
        !s.is_empty()
            && s.iter()
                .all(|&b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
    };
    let words: &[&[u8]] = &[b"password", b"passwd", b"secret", b"changeme", b"pass"];
    inner(b"${", b"}").is_some_and(|r| !r.contains(&b'}'))
        || p.strip_prefix(b"$").is_some_and(name)
        || inner(b"{{", b"}}").is_some()
        || inner(b"<", b">").is_some_and(|r| !r.contains(&b'>'))
        || p == b"%s"
        || inner(b"%(", b")s")
            .is_some_and(|r| r.iter().all(|&b| b.is_ascii_alphanumeric() || b == b'_'))
        || (p.len() >= 3 && p.iter().all(|&b| b == b'*'))
        || (p.len() >= 3 && p.iter().all(|&b| b == b'x' || b == b'X'))
        || words.iter().any(|w| p.eq_ignore_ascii_case(w))
}

#[cfg(test)]
mod tests {
    use super::is_placeholder;

    #[test]
    fn the_placeholder_forms() {
        for p in [
            "${DB_PASSWORD}",
            "${db.pass}",
            "$PASS",
            "$DB_PASS_2",
            "{{ .Password }}",
            "{{secret}}",
            "<password>",
            "<your token>",
            "%s",
            "%(password)s",
            "****",
            "***",
            "xxx",
            "XXXXXXXX",
            "password",
            "PASSWORD",
            "passwd",
            "secret",
            "changeme",
            "pass",
            "%24%7BPW%7D",
        ] {
            assert!(is_placeholder(p.as_bytes()), "{p}");
        }
    }

    #[test]
    fn everything_else_is_a_secret() {
        for s in [
            "$uperS3cret",
            "$pass",
            "$(pass)",
            "{password}",
            "pw",
            "pwd",
            "redacted",
            "xx",
            "**",
            "hunter2",
            "${}",
            "<>",
            "{{}}",
            "%d",
            "%(pw)d",
            "xxxy",
            "passw0rd",
            "$",
            "${A}b",
        ] {
            assert!(!is_placeholder(s.as_bytes()), "{s}");
        }
    }
}
