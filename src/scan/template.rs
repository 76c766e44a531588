//! Whether a URI is a template: it holds a placeholder that something
//! fills in before anyone follows it (SPEC section 3a). Syntax,
//! unsafe-character and port rules skip templates: `{user_id}`, `%s` and
//! `<host>` are not mistakes in the URI, they stand for its parts. The
//! forms are RFC 6570's `{var}` and those of the languages that write URLs
//! in documentation: shell and Make variables, printf and Python formats,
//! Jinja and Go templates, and the `<name>` of man pages and usage lines.

/// Whether `uri` holds a placeholder: `{}`, `{name}`, `{{ ... }}`,
/// `${VAR}`, `$VAR`, `$(VAR)`, `%s`, `%d`, `%(name)s`, `%1$s`, `%NAME%`,
/// `@NAME@`, `<name>`,
/// `*` in the host, a word where the port goes (`host:port`), or an
/// elision (`...`).
pub(crate) fn is_template(uri: &[u8]) -> bool {
    // One pass notes which kinds of placeholder are possible (a table
    // lookup a byte, nothing that depends on the byte before); most URIs
    // hold none, and a memchr a kind would cost more than the pass.
    let kinds = uri.iter().fold(0u8, |s, &b| s | KIND[b as usize]);
    // Every URI has a colon and most a dot: a second colon, and two dots
    // together, are looked for after the pass.
    let dots =
        kinds & DOT != 0 && memchr::memchr_iter(b'.', uri).any(|i| uri.get(i + 1) == Some(&b'.'));
    let seen = kinds & (BRACE | FORMAT | STAR | BACKSLASH) | if dots { DOTS } else { 0 };
    let colons = memchr::memchr_iter(b':', uri).take(2).count();
    if seen == 0 && colons < 2 {
        return false;
    }
    // `<` only gets into a URI through a `<name>` placeholder (the scanner
    // ends a URI at any other), and `{` with a later `}` is a brace
    // placeholder in every template language.
    // A Liquid or Nunjucks tag, or a Jinja expression, glued to a URL
    // (`https://x.org/{% if v %}`, cut at its space) is one too.
    if seen & BRACE != 0
        && (memchr::memchr(b'<', uri).is_some()
            || memchr::memchr(b'{', uri)
                .is_some_and(|open| memchr::memchr(b'}', &uri[open..]).is_some())
            || memchr::memmem::find(uri, b"{%").is_some()
            || memchr::memmem::find(uri, b"{{").is_some())
    {
        return true;
    }
    (seen & BACKSLASH != 0 && regex_host(uri))
        || (seen & FORMAT != 0
            && memchr::memchr3_iter(b'$', b'%', b'@', uri).any(|i| format_at(uri, i)))
        || ((seen & STAR != 0 || colons >= 2) && authority_template(uri))
        || (seen & DOTS != 0 && elided(uri))
}

/// Kinds of bytes [`is_template`] notes.
const BRACE: u8 = 1;
const FORMAT: u8 = 2;
const STAR: u8 = 4;
const DOTS: u8 = 8;
const DOT: u8 = 16;
const BACKSLASH: u8 = 32;

static KIND: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'{' as usize] = BRACE;
    t[b'<' as usize] = BRACE;
    t[b'$' as usize] = FORMAT;
    t[b'%' as usize] = FORMAT;
    t[b'@' as usize] = FORMAT;
    t[b'*' as usize] = STAR;
    t[b'.' as usize] = DOT;
    t[b'\\' as usize] = BACKSLASH;
    t
};

/// A shell/Make variable (`$VAR`, `$(VAR)`), a printf/Python format
/// (`%s`, `%d`, `%(name)s`, `%1$s`), a build-time substitution (`%NAME%`
/// of Windows batch files and npm scripts, `@NAME@` of autoconf and CMake's
/// `configure_file`) starting at `uri[i]`. A `%` followed by two hex digits
/// is a percent-encoding (RFC 3986 s2.1), so `%de` is not a `%d`, nor
/// `%E2%` a `%NAME%`.
fn format_at(uri: &[u8], i: usize) -> bool {
    let next = uri.get(i + 1).copied();
    let after = uri.get(i + 2).copied();
    if matches!(uri[i], b'%' | b'@') && substitution_at(uri, i) {
        return true;
    }
    if uri[i] == b'@' {
        return false;
    }
    if uri[i] == b'$' {
        // `Predef$.html`, `a$b`: a `$` inside a word is a character, but
        // `v$(VERSION)` is Make's.
        // `#$vzip` is an anchor that starts with `$`.
        let starts = i == 0 || !(uri[i - 1].is_ascii_alphanumeric() || uri[i - 1] == b'#');
        // `$name` in lower case is OData's `?$top=5` or a real path
        // (`/odata/$metadata`) as often as a variable.
        return next == Some(b'(')
            || (starts && next.is_some_and(|c| c.is_ascii_uppercase() || c == b'_'));
    }
    // A conversion ends where a word would go on: `50%discount` and
    // `100%sure` are bad percent-encodings, not formats.
    let alone = !after.is_some_and(|c| c.is_ascii_alphanumeric());
    match next {
        Some(b'(') => true,
        Some(b's' | b'r' | b'd' | b'i' | b'u' | b'x') => alone,
        Some(b'1'..=b'9') => after == Some(b'$'),
        _ => false,
    }
}

/// A regular expression, not a URI: every `.` of the host escaped as `\.`
/// (`https://www\.python\.org/`, a link checker's exclusion list). A host
/// with some dots bare (`evil.example\.bank.com`) is not one: a browser
/// reads its `\` as `/`, which `parser-differential` reports.
pub(crate) fn regex_host(uri: &[u8]) -> bool {
    let Some(host) = authority(uri) else {
        return false;
    };
    // `0x7f000001\@trusted\.com`: a `\` before anything but a dot or a
    // regex class (`\d`, `\w`, `\s`) is a browser's `/`, for
    // parser-differential to see.
    let escape = |b: Option<&u8>| matches!(b, Some(b'.' | b'd' | b'D' | b'w' | b'W' | b's' | b'S'));
    if host.contains(&b'@') || memchr::memchr_iter(b'\\', host).any(|i| !escape(host.get(i + 1))) {
        return false;
    }
    let mut escaped = 0;
    for i in memchr::memchr_iter(b'.', host) {
        if i == 0 || host[i - 1] != b'\\' {
            return false;
        }
        escaped += 1;
    }
    escaped > 0
}

/// `%NAME%` or `@NAME@` at `uri[i]`: an upper-case name of letters,
/// digits and `_`, between two of the same sign. An `@` must not follow a
/// letter or digit, where it ends a user name (`http://ADMIN@HOST@x`).
fn substitution_at(uri: &[u8], i: usize) -> bool {
    let sign = uri[i];
    if sign == b'@' && i > 0 && uri[i - 1].is_ascii_alphanumeric() {
        return false;
    }
    let name = &uri[i + 1..];
    let len = name
        .iter()
        .take_while(|&&b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        .count();
    // `%ABHELLO%` in `%C2%ABHELLO%C2%BB` starts with an escape, after
    // another; `%ACME_VERSION%` after a `/` is a name, though `%AC` alone
    // would read as an escape.
    let after_escape = i >= 3
        && uri[i - 3] == b'%'
        && uri[i - 2].is_ascii_hexdigit()
        && uri[i - 1].is_ascii_hexdigit();
    let hex_pair = sign == b'%'
        && len >= 2
        && name[..2].iter().all(u8::is_ascii_hexdigit)
        && (after_escape || !name[..len].contains(&b'_'));
    len >= 2
        && !hex_pair
        && (name[0].is_ascii_uppercase() || name[0] == b'_')
        && name.get(len) == Some(&sign)
}

/// An elision: `...` against a `/`, `:` or the end, or four dots or more
/// (`ssh://...`, `https://x.org/.../a`, `git://git..../proj.git`). A
/// compare range between two names is not one (`v1.0...v1.1`).
fn elided(uri: &[u8]) -> bool {
    let mut dots = memchr::memchr_iter(b'.', uri);
    while let Some(i) = dots.next() {
        let run = uri[i..].iter().take_while(|&&b| b == b'.').count();
        if run >= 3 {
            let before = i.checked_sub(1).map(|k| uri[k]);
            let after = uri.get(i + run).copied();
            let edge =
                |b: Option<u8>| b.is_none_or(|b| matches!(b, b'/' | b':' | b'@' | b'?' | b'#'));
            if run >= 4 || edge(before) || edge(after) {
                return true;
            }
        }
        for _ in 1..run {
            dots.next();
        }
    }
    false
}

/// The authority after `scheme://` (RFC 3986 s3.2), up to the path, query
/// or fragment. The scheme's colon is the first (s3.1); building a
/// substring searcher for `://` would cost more than the whole test.
fn authority(uri: &[u8]) -> Option<&[u8]> {
    let rest = memchr::memchr(b':', uri).and_then(|c| uri[c + 1..].strip_prefix(b"//"))?;
    let end = memchr::memchr3(b'/', b'?', b'#', rest).unwrap_or(rest.len());
    Some(&rest[..end])
}

/// A `*` in the host (`https://*.example.com/`), or a word for the port
/// (`http://proxy:port/`, `ssh://host:PORT`).
fn authority_template(uri: &[u8]) -> bool {
    let Some(auth) = authority(uri) else {
        return false;
    };
    let host_port = match memchr::memrchr(b'@', auth) {
        Some(at) => &auth[at + 1..],
        None => auth,
    };
    if memchr::memchr(b'*', host_port).is_some() {
        return true;
    }
    // An IP literal's colons are its own (RFC 3986 s3.2.2).
    let after_host = match memchr::memrchr(b']', host_port) {
        Some(k) => &host_port[k + 1..],
        None => host_port,
    };
    match memchr::memrchr(b':', after_host) {
        Some(k) => {
            let port = &after_host[k + 1..];
            !port.is_empty() && port.iter().all(|c| c.is_ascii_alphabetic() || *c == b'_')
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::is_template;

    #[test]
    fn placeholders_make_templates() {
        for t in [
            "https://example.com/{user_id}",
            "https://example.com/{}",
            "https://x.org/{{ .Version }}/a",
            "https://x.org/${VERSION}/a",
            "https://x.org/$VERSION/a",
            "https://x.org/v$(VERSION)",
            "https://pypi.org/project/%s/",
            "https://downloads.acme.net/%ACME_VERSION%/acme.tar.gz",
            "https://eslint.org/docs/{%",
            "https://eslint.org/docs/{{",
            "https://x.org/?id=%d",
            "https://x.org/%(name)s",
            "https://x.org/%1$s",
            "ssh://[<user>@]<host>[:<port>]/<path>",
            "https://*.example.com/",
            "http://proxy-host.com:port",
            "http://user:pw@host:PORT/x",
            "git://git..../proj.git",
            "https://x.org/a{b/<id>",
            "https://x.org/.../a",
            "https://x.org/$HOST/a",
            "https://unpkg.com/browse/prettier@%PRETTIER_VERSION%/plugins",
            "https://x.org/%APPDATA%/a",
            "https://github.com/o/r/archive/@PACKAGE_VERSION@.tar.gz",
            r"https://www\.python\.org/",
            r"https://www\.docsy\.dev/blog/2026/0\.17\.0/$",
            r"https://deploy-preview-\d+--docsydocs\.netlify\.app",
        ] {
            assert!(is_template(t.as_bytes()), "{t}");
        }
    }

    #[test]
    fn uris_are_not_templates() {
        for t in [
            "https://www.scala-lang.org/api/Predef$.html#identity",
            "https://x.org/a%20b%de%DF",
            "https://x.org/a{b",
            "https://x.org/?q=a*b",
            "http://[::1]:8080/",
            "http://user:pass@host/",
            "http://host:8080/",
            "mailto:a@b.org",
            "https://x.org/a$",
            "https://x.org/%",
            "http://www.haskell.org/onlinereport/standard-prelude.html#$vzip",
            "https://services.odata.org/V4/Northwind.svc/Products?$top=5",
            "https://shop.io/50%discount",
            "https://shop.io/100%sure",
            "https://github.com/o/r/compare/v1.0.0...v1.1.0",
            "https://x.org/caf%E2%80%99",
            "https://x.org/a%AB%CD",
            "http://ADMIN@HOST@evil.example/",
            "https://x.org/@user@host",
            "https://x.org/%abc%",
            r"https://evil.example\.bank.com/",
            r"https://0x7f000001\@trusted\.com/",
            "https://x.org/?q=%C2%ABHELLO%C2%BB",
        ] {
            assert!(!is_template(t.as_bytes()), "{t}");
        }
    }
}
