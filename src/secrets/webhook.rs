//! Webhook URLs whose path is the secret: anyone who has the URL can post.

/// Services whose webhook URL carries its secret in the path: the host (or
/// a host suffix, with a leading `.`), the path prefix before the secret,
/// and the service's name for messages.
const SERVICES: &[(&str, &str, &str)] = &[
    ("hooks.slack.com", "/services/", "Slack incoming webhook"),
    ("hooks.slack.com", "/workflows/", "Slack workflow webhook"),
    ("hooks.slack.com", "/triggers/", "Slack workflow trigger"),
    ("discord.com", "/api/webhooks/", "Discord webhook"),
    ("discordapp.com", "/api/webhooks/", "Discord webhook"),
    ("www.discord.com", "/api/webhooks/", "Discord webhook"),
    ("www.discordapp.com", "/api/webhooks/", "Discord webhook"),
    ("ptb.discord.com", "/api/webhooks/", "Discord webhook"),
    ("canary.discord.com", "/api/webhooks/", "Discord webhook"),
    ("outlook.office.com", "/webhook/", "Microsoft Teams webhook"),
    (
        ".webhook.office.com",
        "/webhookb2/",
        "Microsoft Teams webhook",
    ),
    ("hooks.zapier.com", "/hooks/catch/", "Zapier webhook"),
    ("api.telegram.org", "/bot", "Telegram bot token"),
    ("api.telegram.org", "/file/bot", "Telegram bot token"),
];

/// The second-level labels of the hosts in [`SERVICES`], for a quick test.
pub(super) const LABELS: &[&str] = &[
    "slack",
    "discord",
    "discordapp",
    "office",
    "zapier",
    "telegram",
];

/// For a URI's host and path: the service and where in the path its secret
/// starts and ends. The path is compared in its normal form (RFC 3986
/// s6.2.2: case of the prefix, percent-encoded unreserved characters, dot
/// segments, and doubled slashes, which servers fold); when that differs
/// from the path as written, all of the path is the secret.
pub(super) fn secret_in_path(
    host: &[u8],
    path: &[u8],
) -> Option<(&'static str, std::ops::Range<usize>)> {
    let host = host.strip_suffix(b".").unwrap_or(host);
    let service = SERVICES
        .iter()
        .find(|&&(name, _, _)| match name.strip_prefix('.') {
            Some(suffix) => {
                host.len() > name.len()
                    && host[host.len() - name.len()..].eq_ignore_ascii_case(name.as_bytes())
                    || host.eq_ignore_ascii_case(suffix.as_bytes())
            }
            None => host.eq_ignore_ascii_case(name.as_bytes()),
        })?;
    let normal = normal_path(path);
    for &(name, prefix, what) in SERVICES {
        if name != service.0 {
            continue;
        }
        let Some(start) = after_prefix(&normal, prefix) else {
            continue;
        };
        // A Telegram bot token is one segment (`/bot<token>/getMe`).
        let end = if prefix.ends_with("bot") {
            normal[start..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(normal.len(), |k| start + k)
        } else {
            normal.len()
        };
        if end <= start {
            continue;
        }
        return Some(if normal == path {
            (what, start..end)
        } else {
            (what, 0..path.len())
        });
    }
    None
}

/// Where the secret starts in `path` after `prefix`, compared in any case;
/// Discord's versioned API (`/api/v10/webhooks/`) counts as `/api/webhooks/`.
fn after_prefix(path: &[u8], prefix: &str) -> Option<usize> {
    let p = prefix.as_bytes();
    if path.len() > p.len() && path[..p.len()].eq_ignore_ascii_case(p) {
        return Some(p.len());
    }
    let rest = path
        .strip_prefix(b"/api/v")
        .filter(|_| prefix == "/api/webhooks/")?;
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let tail = rest[digits..].strip_prefix(b"/webhooks/")?;
    (digits > 0 && !tail.is_empty()).then(|| path.len() - tail.len())
}

/// `path` with unreserved characters decoded, dot segments removed and
/// runs of `/` folded.
fn normal_path(path: &[u8]) -> Vec<u8> {
    let decoded = crate::uri::decode_unreserved(path);
    let mut folded = Vec::with_capacity(decoded.len());
    for &b in &decoded {
        if !(b == b'/' && folded.last() == Some(&b'/')) {
            folded.push(b);
        }
    }
    crate::uri::remove_dot_segments(&folded)
}
