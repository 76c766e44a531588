//! URIs in angle brackets, `<...>` and `<URL:...>` (RFC 3986 Appendix C,
//! RFC 1738 "URLs in Context"): the whitespace a line break put inside
//! them removed, a hyphen at a break kept and flagged, an empty line
//! ending them.

use super::*;

/// `<URL:` has been read (the colon is at `colon`); an optional run of
/// whitespace and then a URI up to `>` must follow (RFC 3986 App. C).
pub(super) fn url_prefixed(cx: &Ctx, w: &[u8], u: usize, colon: usize, eof: bool) -> Outcome {
    let limit = u + cx.max_uri_len;
    let mut j = colon + 1;
    let mut breaks = Breaks::default();
    loop {
        if j >= limit {
            return Outcome::Reject;
        }
        match peek(w, j, eof) {
            Peek::Need => return Outcome::NeedMore,
            Peek::End => return Outcome::Reject,
            Peek::Byte(b) if chars::is_wrap_space(b) => {
                if breaks.add(b) {
                    return Outcome::Reject;
                }
                j += 1;
            }
            Peek::Byte(_) => break,
        }
    }
    let inner = j;
    loop {
        if j >= limit || j - inner > MAX_SCHEME_LEN {
            return Outcome::Reject;
        }
        match peek(w, j, eof) {
            Peek::Need => return Outcome::NeedMore,
            Peek::Byte(b':') if j > inner && w[inner].is_ascii_alphabetic() => break,
            Peek::Byte(b) if is_scheme_char(b) => j += 1,
            _ => return Outcome::Reject,
        }
    }
    angle(cx, w, u, inner, j, Delimiter::AngleUrlPrefix, eof)
}

/// Counts line breaks in a run of whitespace: LF, or CR alone (the larger of
/// the two counts, so CRLF counts once).
#[derive(Default)]
struct Breaks {
    lf: u32,
    cr: u32,
}

impl Breaks {
    /// Adds a whitespace byte; true when the run now holds an empty line,
    /// which ends a paragraph and so any angle-bracketed URI.
    fn add(&mut self, b: u8) -> bool {
        match b {
            b'\n' => self.lf += 1,
            b'\r' => self.cr += 1,
            _ => {}
        }
        self.count() >= 2
    }

    fn count(&self) -> u32 {
        self.lf.max(self.cr)
    }
}

/// A URI inside angle brackets, starting at `start` with its scheme's colon
/// at `colon`. All whitespace up to `>` is removed (RFC 3986 App. C; RFC 1738
/// App.); a break right after `-` keeps the hyphen and marks the URI as
/// ambiguous. `cand` is where the candidate began, for the length cap.
pub(super) fn angle(
    cx: &Ctx,
    w: &[u8],
    cand: usize,
    start: usize,
    colon: usize,
    delimiter: Delimiter,
    eof: bool,
) -> Outcome {
    let limit = cand + cx.max_uri_len;
    let mut uri = Vec::with_capacity(128);
    uri.extend_from_slice(&w[start..=colon]);
    let mut flags = Flags::default();
    let mut j = colon + 1;
    let mut end = j;
    let mut gap: Option<Breaks> = None;
    // Where the URI ends if a space within a line ends it: the URI then,
    // its end and its flags. Whether it does is decided at the `>`.
    let mut cut: Option<(usize, usize, Flags)> = None;
    // A password found running on over that space (SPEC section 10).
    let mut password = false;
    loop {
        let run = j;
        let stop = w.len().min(limit);
        while j < stop && !matches!(w[j], b'<' | b'>' | b' ' | b'\t' | b'\r' | b'\n') {
            j += 1;
        }
        if j > run {
            if let Some(gap) = gap.take() {
                if gap.count() == 0 && cut.is_none() {
                    cut = Some((uri.len(), end, flags));
                    password = w[colon + 1..].starts_with(b"//")
                        && userinfo::may_hold(w, colon + 3, j)
                        && match userinfo::locate(w, colon + 3, cand + cx.max_uri_len, eof, false) {
                            Located::NeedMore => return Outcome::NeedMore,
                            Located::Found(c) => c.at >= run,
                            Located::None => false,
                        };
                }
                flags.rejoined = true;
                if gap.count() > 0 && uri.last() == Some(&b'-') {
                    flags.hyphen_ambiguous = true;
                }
            }
            uri.extend_from_slice(&w[run..j]);
            end = j;
        }
        if j >= limit {
            return Outcome::Reject;
        }
        match peek(w, j, eof) {
            Peek::Need => return Outcome::NeedMore,
            Peek::End | Peek::Byte(b'<') => return Outcome::Reject,
            Peek::Byte(b'>') => {
                // A `>` on a later line (a mail quote's, `<https://x.org/a.`
                // then `> more>`) did not end the URI where the writer
                // stopped: trailing punctuation is prose (SPEC E4).
                if gap.as_ref().is_some_and(|g| g.count() > 0) {
                    trim_cut(w, &mut uri, &mut end, colon - start);
                }
                break;
            }
            Peek::Byte(b) => {
                if gap.get_or_insert_with(Breaks::default).add(b) {
                    return Outcome::Reject;
                }
                j += 1;
            }
        }
    }
    // RFC 3986 App. C rejoins a URI broken over lines; a space within a
    // line is prose (`<https://x.org link to X>`) and ends the URI, unless
    // it falls in an authority that goes on to an `@`: a password holding
    // a space (SPEC section 10), `<amqp://app:correct horse@mq/>`.
    if let Some((len, cut_end, cut_flags)) = cut {
        let scheme_len = colon - start;
        let in_userinfo = password
            || (uri[scheme_len + 1..].starts_with(b"//") && {
                let auth = scheme_len + 3;
                let auth_end =
                    memchr::memchr3(b'/', b'?', b'#', &uri[auth..]).map_or(uri.len(), |k| auth + k);
                // `user:pass word@host`: a `:` before the space, an `@` after.
                auth < len
                    && len < auth_end
                    && memchr::memchr(b':', &uri[auth..len]).is_some()
                    && memchr::memchr(b'@', &uri[len..auth_end]).is_some()
            });
        // A secret the space falls in (`?token=ab cd`, a webhook path):
        // which side of it is prose cannot be told, so all of it is
        // redacted as one URI.
        let in_secret = || {
            crate::secrets::locate(&uri, false)
                .iter()
                .any(|s| s.span.start < len && len <= s.span.end)
        };
        if !in_userinfo && !in_secret() {
            uri.truncate(len);
            // Cut by prose, the URI is not delimited at its end: trailing
            // punctuation is prose too (SPEC E4), `<std::map<http://x.org, int>`.
            let mut cut_end = cut_end;
            trim_cut(w, &mut uri, &mut cut_end, scheme_len);
            if !accepted(cx, &uri[..scheme_len], &uri[scheme_len + 1..]) {
                return Outcome::Reject;
            }
            return Outcome::Found(Found {
                uri,
                start,
                end: cut_end,
                next: cut_end,
                delimiter,
                flags: cut_flags,
            });
        }
    }
    let scheme_len = colon - start;
    if !accepted(cx, &uri[..scheme_len], &uri[scheme_len + 1..]) {
        return Outcome::Reject;
    }
    // SPEC section 10: `<postgres://u:pa>ss@db>` holds a password with a
    // `>`; read undelimited, the URI runs over it to its host.
    // The raw text is read, so the `//` must be there as written.
    if w[colon + 1..].starts_with(b"//") && userinfo::may_hold(w, colon + 3, j) {
        match userinfo::locate(w, colon + 3, cand + cx.max_uri_len, eof, false) {
            Located::NeedMore => return Outcome::NeedMore,
            Located::Found(c) if c.at > j => return Outcome::Reject,
            _ => {}
        }
    }
    Outcome::Found(Found {
        uri,
        start,
        end,
        next: j + 1,
        delimiter,
        flags,
    })
}
