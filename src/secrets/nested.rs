//! Credentials of a URI inside another (`?next=https://u:pw@h/`),
//! written with escapes or percent-encoded up to four times (SPEC
//! section 10): each decoded, its secrets found, and mapped back.

use super::*;

/// The credential of a userinfo whose `@` is escaped (`u:pw&#64;host`,
/// see [`escaped`]): its secrets, at their raw offsets, pushed to `out`,
/// and where the host starts.
pub(super) fn escaped_credential(
    uri: &[u8],
    auth: usize,
    cut: bool,
    out: &mut Vec<Secret>,
) -> Option<usize> {
    let (text, map) = escaped::decode(uri, auth)?;
    let userinfo::Located::Found(c) = userinfo::locate(&text, auth, text.len(), true, cut) else {
        return None;
    };
    let mut found = Vec::new();
    credential(&text, auth, &c, &mut found);
    push_mapped(found, &map, out);
    Some(map[(c.at + 1).min(text.len())])
}

/// Pushes `found`, secrets of a decoded text, at the raw offsets `map`
/// gives each decoded byte (and the raw length after the last).
pub(super) fn push_mapped(found: Vec<Secret>, map: &[usize], out: &mut Vec<Secret>) {
    let raw = |r: &Range<usize>| map[r.start]..map[r.end];
    for s in found {
        let kind = match s.kind {
            Kind::Password { user } => Kind::Password { user: raw(&user) },
            // The colon is kept by [`mask`] only where it is written as
            // one (not `%3A`, which would be masked to `%**`).
            Kind::Userinfo { colon } => Kind::Userinfo {
                colon: colon.filter(|&k| map[k + 1] == map[k] + 1).map(|k| map[k]),
            },
            Kind::Param { name, trivial } => Kind::Param {
                name: raw(&name),
                trivial,
            },
            kind => kind,
        };
        out.push(Secret {
            span: raw(&s.span),
            kind,
            placeholder: s.placeholder,
        });
    }
}

/// Credentials of URIs inside this one: `?next=https://u:pw@h/`, a web
/// archive's `/web/2020/https://u:pw@h/`, comma-joined lists, and the same
/// percent-encoded (`https%3A%2F%2Fu%3Apw%40h`).
pub(super) fn nested(uri: &[u8], from: usize, cut: bool, out: &mut Vec<Secret>) {
    // A few URIs nest; many `x://` in one (a crafted or garbled one) cost
    // linear time, not one read of the rest for each.
    const MAX_NESTED: usize = 16;
    let authorities = |text: &[u8]| -> Vec<usize> {
        memchr::memchr_iter(b':', text)
            .filter(|&q| {
                q > 0 && text[q - 1].is_ascii_alphanumeric() && text[q + 1..].starts_with(b"//")
            })
            .take(MAX_NESTED)
            .map(|q| q + 3)
            .collect()
    };
    for auth in authorities(&uri[from..]) {
        let host = match userinfo::locate(uri, from + auth, uri.len(), true, cut) {
            userinfo::Located::Found(c) if c.password.is_some() => {
                credential(uri, from + auth, &c, out);
                c.at + 1
            }
            // An escaped `@` (`?next=https://u:pw&#64;h`), as in the
            // URI's own userinfo.
            plain => match escaped_credential(uri, from + auth, cut, out) {
                Some(host) => host,
                None => match plain {
                    userinfo::Located::Found(c) => {
                        credential(uri, from + auth, &c, out);
                        c.at + 1
                    }
                    _ => from + auth,
                },
            },
        };
        path_secrets(uri, host, out);
    }
    if !may_hold_encoded(&uri[from..]) {
        return;
    }
    // Decode, keeping where each decoded byte came from; a URI encoded
    // twice or more (`%253A%252F%252F`, a redirect inside a redirect) is
    // decoded again, a few levels deep.
    const MAX_LEVELS: usize = 4;
    let mut text = uri.to_vec();
    let mut map: Vec<usize> = (0..=uri.len()).collect();
    let mut found = Vec::new();
    for _ in 0..MAX_LEVELS {
        if !may_hold_encoded(&text) {
            break;
        }
        let mut step = Vec::with_capacity(text.len() + 1);
        text = crate::uri::percent_decode(&text, Some(&mut step));
        map = step.iter().map(|&k| map[k]).collect();
        // Only URIs that were encoded: the plain ones are done above.
        for auth in authorities(&text)
            .into_iter()
            .filter(|&a| map[a - 2] - map[a - 3] > 1)
        {
            let mut level = Vec::new();
            let host = match userinfo::locate(&text, auth, text.len(), true, cut) {
                userinfo::Located::Found(c) => {
                    credential(&text, auth, &c, &mut level);
                    c.at + 1
                }
                _ => auth,
            };
            path_secrets(&text, host, &mut level);
            push_mapped(level, &map, &mut found);
        }
    }
    // A URI decoded at one level is seen again at the next.
    found.sort_by_key(|s| (s.span.start, s.span.end));
    found.dedup_by(|a, b| a.span == b.span);
    out.extend(found);
}
