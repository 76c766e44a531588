//! Secrets in a URI's path (SPEC section 10): webhook paths that are
//! the secret (Slack, Discord, ...), and path segments that are tokens
//! or JWTs.

use super::*;

/// The secrets in the path of the URI whose host starts at `host` (its
/// own, or one inside it: `?next=https://hooks.slack.com/services/...`):
/// a webhook's, or tokens as path segments, with `\` read as `/`.
pub(super) fn path_secrets(uri: &[u8], host: usize, out: &mut Vec<Secret>) {
    // A password cut at the end of the text has its `@` there.
    let host = host.min(uri.len());
    let uri = slashed(uri, host);
    let mut found = Vec::new();
    webhook(&uri, host, &mut found);
    path_tokens(&uri, host, &mut found);
    out.extend(found);
}

/// A webhook URL whose path is its secret.
pub(super) fn webhook(uri: &[u8], rest: usize, out: &mut Vec<Secret>) {
    // The host runs to the port, path, query or fragment.
    let end_of = |from: usize, stops: &[u8]| {
        uri[from..]
            .iter()
            .position(|b| stops.contains(b))
            .map_or(uri.len(), |k| from + k)
    };
    let host_end = end_of(rest, b"/?#:");
    if !may_be_webhook_host(&uri[rest..host_end]) {
        return;
    }
    let path_start = end_of(host_end, b"/?#");
    let path_end = end_of(path_start, b"?#");
    if let Some((service, r)) =
        webhook::secret_in_path(&uri[rest..host_end], &uri[path_start..path_end])
    {
        let span = path_start + r.start..path_start + r.end;
        // A placeholder URL when no segment could be the secret: each is a
        // placeholder (`XXXX`, `<token>`) or zeros, maybe after a letter
        // (Slack's documented `T00000000/B00000000/XXXXXXXX`). One real
        // segment among placeholders (`<team>/<bot>/vZ9K...`) is a secret.
        let placeholder = uri[span.clone()].split(|&b| b == b'/').all(|seg| {
            let zeros = match seg.split_first() {
                Some((b, rest)) if b.is_ascii_alphabetic() => rest,
                _ => seg,
            };
            seg.is_empty()
                || is_placeholder(seg)
                || (!zeros.is_empty() && zeros.iter().all(|&b| b == b'0'))
        });
        out.push(Secret {
            span,
            kind: Kind::Path { service },
            placeholder,
        });
    }
}

/// `uri` with each `\` after `from` made `/`, as a browser reads a web
/// URL's (WHATWG URL Standard, "path state"): the same length, so what is
/// found in it is where it is written.
pub(super) fn slashed(uri: &[u8], from: usize) -> Cow<'_, [u8]> {
    if memchr::memchr(b'\\', &uri[from..]).is_none() {
        return Cow::Borrowed(uri);
    }
    let mut copy = uri.to_vec();
    for b in &mut copy[from..] {
        if *b == b'\\' {
            *b = b'/';
        }
    }
    Cow::Owned(copy)
}

/// Path segments (RFC 3986 s3.3) after `from` that are tokens: a
/// documented token (`/v1/ghp_.../repos`) or a JSON Web Token (RFC 7519
/// s3: three base64url parts, the first two JSON objects, so `eyJ`). The
/// path of a webhook URL, a secret already, is not read again.
pub(super) fn path_tokens(uri: &[u8], from: usize, out: &mut Vec<Secret>) {
    let end = memchr::memchr2(b'?', b'#', &uri[from..]).map_or(uri.len(), |k| from + k);
    if out.iter().any(|s| matches!(s.kind, Kind::Path { .. })) {
        return;
    }
    for slash in memchr::memchr_iter(b'/', &uri[from..end]).map(|k| from + k) {
        let start = slash + 1;
        let stop = uri[start..end]
            .iter()
            .position(|&b| matches!(b, b'/' | b';'))
            .map_or(end, |k| start + k);
        let Some(what) = token::bare_token(&uri[start..stop]) else {
            continue;
        };
        out.push(Secret {
            span: start..stop,
            kind: Kind::PathToken { what },
            placeholder: is_placeholder(&uri[start..stop]),
        });
    }
}

/// Whether a path segment may be a token (see [`path_tokens`]): a quick
/// test on the byte after each `/`.
pub fn may_hold_path_token(uri: &[u8]) -> bool {
    memchr::memchr2_iter(b'/', b'\\', uri).any(|k| token::starts_documented(&uri[k + 1..]))
}

/// Whether the URI may name a webhook host (`hooks.slack.com`,
/// `*.webhook.office.com`, `discord.com`, `api.telegram.org` ...), in any
/// case: a cheap test of the host's end before the real one.
pub fn may_be_webhook(uri: &[u8]) -> bool {
    // Webhooks are `https://host/path`, maybe inside another URI
    // (`?next=https://hooks.slack.com/...`), and their path is as secret
    // under any scheme (`wss://`, a mistyped `tps://`): the linter reports
    // them whatever the scheme, so they are hidden whatever it is. The
    // test is on the host's second-level label (`slack`, `discord`,
    // `office` ...), found from the end of the host, so a URI that is none
    // costs a few compares.
    // Each `://`, found from its colon: a substring searcher is built at
    // each call, which costs more than the search on a URI.
    let separators = memchr::memchr_iter(b':', uri).filter(|&k| uri[k + 1..].starts_with(b"//"));
    // A reference with no scheme may start with the host too (a Markdown
    // link `hooks.slack.com/services/...`, issue 49).
    let bare = {
        let end = uri
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#' | b':'))
            .unwrap_or(uri.len());
        end < uri.len() && may_be_webhook_host(&uri[..end])
    };
    bare || separators.take(16).any(|k| {
        let auth = k + 3;
        // Hosts are short: plain loops beat a vector search's setup here.
        let end = uri[auth..]
            .iter()
            .position(|&b| matches!(b, b'/' | b'\\' | b'?' | b'#' | b':'))
            .map_or(uri.len(), |n| auth + n);
        may_be_webhook_host(&uri[auth..end])
    })
}

/// Whether a host (no userinfo, no port) may be a webhook host: a quick
/// test on its second-level label, for callers that have the host at hand.
#[inline]
pub fn may_be_webhook_host(host: &[u8]) -> bool {
    let host = host.strip_suffix(b".").unwrap_or(host);
    if host.len() < 10 || !matches!(host[host.len() - 1] | 0x20, b'm' | b'g') {
        return false;
    }
    let Some(tld) = host.iter().rposition(|&b| b == b'.') else {
        return false;
    };
    let label = &host[host[..tld]
        .iter()
        .rposition(|&b| b == b'.')
        .map_or(0, |k| k + 1)..tld];
    webhook::LABELS
        .iter()
        .any(|l| label.eq_ignore_ascii_case(l.as_bytes()))
}
