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
];

/// For a URI's host and path: the service and where in the path its secret
/// starts and ends.
pub(super) fn secret_in_path(
    host: &[u8],
    path: &[u8],
) -> Option<(&'static str, std::ops::Range<usize>)> {
    let host = host.strip_suffix(b".").unwrap_or(host);
    for &(name, prefix, service) in SERVICES {
        let hosted = match name.strip_prefix('.') {
            Some(suffix) => {
                host.len() > name.len()
                    && host[host.len() - name.len()..].eq_ignore_ascii_case(name.as_bytes())
                    || host.eq_ignore_ascii_case(suffix.as_bytes())
            }
            None => host.eq_ignore_ascii_case(name.as_bytes()),
        };
        if !hosted
            || path.len() <= prefix.len()
            || !path[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
        {
            continue;
        }
        let start = prefix.len();
        // A Telegram bot token is one segment (`/bot<token>/getMe`).
        let end = if prefix == "/bot" {
            path[start..]
                .iter()
                .position(|&b| b == b'/')
                .map_or(path.len(), |k| start + k)
        } else {
            path.len()
        };
        if end > start {
            return Some((service, start..end));
        }
    }
    None
}
