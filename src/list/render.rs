//! The lines of the list made where their input is read ([`Render`]), and
//! written in path order past `--unique`, or held for `--count` and
//! `--sort` ([`Gather`]).

use std::borrow::Cow;
use std::collections::HashSet;
use std::io;

use crate::filter::Filters;
use crate::format::Format;
use crate::scan::{Delimiter, Finding, Flags};
use crate::schemes::Registry;
use crate::secrets::redact;
use crate::uri::normalize;

use super::columns::Columns;
use super::entry::{Entry, Item, Line, Messages, Name};
use super::tally::List;
use super::{Sink, Sort};

/// Makes the entries of findings as the arguments say, and drops those
/// the filters leave out; shared by the threads that read the inputs.
pub(super) struct Render {
    /// `--show-secrets`.
    pub(super) show_secrets: bool,
    /// `--normalize`.
    pub(super) normalize: bool,
    /// `--count`.
    pub(super) count: bool,
    /// `--sort`.
    pub(super) sort: Sort,
    pub(super) registry: &'static Registry,
    pub(super) filters: Filters,
    /// Whether entries need their normalized form and host.
    pub(super) normalized: bool,
    pub(super) host: bool,
    pub(super) columns: Columns,
    /// Lines are held for `--count` or `--sort`, not written as found.
    pub(super) held: bool,
}

impl Render {
    /// The line of `item`, or none when a filter leaves it out.
    pub(super) fn item(
        &self,
        name: &Name,
        format: Format,
        item: Item,
        messages: &mut Messages,
    ) -> io::Result<Option<Line>> {
        let show = |v: &[u8]| -> Vec<u8> {
            if self.show_secrets {
                v.to_vec()
            } else {
                redact(v, false).into_owned()
            }
        };
        let entry = |f: &Finding, uri: Vec<u8>| Entry {
            path: name.shown.clone(),
            path_bytes: name.bytes.clone(),
            line: f.line,
            column: f.column,
            start: f.start,
            end: f.end,
            uri,
            delimiter: f.delimiter,
            flags: f.flags,
            format,
            reference: None,
            mail: None,
            key: Vec::new(),
            host: Vec::new(),
            unit: 0,
        };
        let entry = match item {
            Item::Warning(w) => return Ok(Some(Line::Warning(w))),
            Item::Text(mut f) => {
                let uri = self.shown(std::mem::take(&mut f.uri), f.flags.truncated);
                entry(&f, uri)
            }
            Item::Mail(m) => {
                let uri = self.shown(m.finding.uri.clone(), m.finding.flags.truncated);
                let mut e = entry(&m.finding, uri);
                let (unit, context) = messages.of(&m, self.show_secrets);
                (e.mail, e.unit) = (Some(context), unit);
                e
            }
            // A relative reference (SPEC section 11): what it resolves to,
            // or the reference itself without `--base`.
            Item::Reference(r, base) => {
                // Resolved (RFC 3986 s5.2) once redacted: a secret the
                // reference holds does not come back through resolution,
                // whatever path it takes there (`/\\u:pw@h`).
                let reference = show(&r.value);
                let resolved = base.and_then(|b| crate::uri::resolve(&b, &reference));
                let resolved = match resolved {
                    Some(uri) if self.normalize => Some(normalize(&uri, self.registry)),
                    other => other,
                };
                Entry {
                    path: name.shown.clone(),
                    path_bytes: name.bytes.clone(),
                    line: r.line,
                    column: r.column,
                    start: r.start,
                    end: r.end,
                    uri: resolved.as_deref().map_or_else(|| reference.clone(), show),
                    delimiter: Delimiter::Quote,
                    flags: Flags::default(),
                    format,
                    reference: Some(String::from_utf8_lossy(&reference).into_owned()),
                    mail: None,
                    key: Vec::new(),
                    host: Vec::new(),
                    unit: 0,
                }
            }
        };
        self.keep(entry)
    }

    /// A finding's URI as printed. Secrets never reach output unless asked
    /// for (RFC 3986 s7.5), and are redacted before anything else is done
    /// (SPEC section 10).
    fn shown(&self, uri: Vec<u8>, truncated: bool) -> Vec<u8> {
        // The URI itself when there is nothing to redact: no copy.
        let uri = if self.show_secrets {
            uri
        } else {
            match redact(&uri, truncated) {
                Cow::Owned(redacted) => redacted,
                Cow::Borrowed(_) => uri,
            }
        };
        if self.normalize {
            normalize(&uri, self.registry)
        } else {
            uri
        }
    }

    /// The line of `e`, when the filters keep it.
    fn keep(&self, mut e: Entry) -> io::Result<Option<Line>> {
        // `--unique` folds URIs by their normalized form (RFC 3986 s6); a
        // relative reference, by what is printed.
        if self.normalized {
            let relative = e.reference.is_some()
                && crate::uri::Uri::parse(&e.uri)
                    .get(crate::uri::Component::Scheme)
                    .is_none();
            e.key = if relative || self.normalize {
                e.uri.clone()
            } else {
                normalize(&e.uri, self.registry)
            };
        }
        if self.host {
            e.host = crate::filter::host_of(&e.key).to_vec();
        }
        if self.filters.any() && !self.filters.keeps(&e.uri, Some(&e.host)) {
            return Ok(None);
        }
        if self.held {
            return Ok(Some(Line::Entry(Box::new(e))));
        }
        let text = self.columns.line(&e, None)?;
        Ok(Some(Line::Uri { text, key: e.key }))
    }
}

/// Hands lines to the sink in order: each URI once with `--unique`; with
/// `--count` or `--sort`, the list at the end.
pub(super) struct Gather<'r> {
    pub(super) sink: &'r mut dyn Sink,
    pub(super) unique: bool,
    /// Keys already printed, for --unique.
    pub(super) seen: HashSet<Vec<u8>>,
    /// The list held for `--count` or `--sort`.
    pub(super) list: Option<List>,
    /// The input being printed, counted from 0.
    pub(super) input: u64,
    pub(super) render: &'r Render,
}

impl Gather<'_> {
    pub(super) fn put(&mut self, line: Option<Line>) -> io::Result<()> {
        match line {
            None => Ok(()),
            Some(Line::Uri { text, key }) => {
                if self.unique && !self.seen.insert(key) {
                    return Ok(());
                }
                self.sink.line(&text)
            }
            Some(Line::Entry(e)) => {
                if let Some(list) = self.list.as_mut() {
                    list.add(self.input, *e);
                }
                Ok(())
            }
            Some(Line::Warning(w)) => self.sink.warning(&w),
        }
    }

    /// Hands on the list held, in order.
    pub(super) fn finish(&mut self) -> io::Result<()> {
        if let Some(list) = self.list.take() {
            let count = self.render.count;
            for (entry, tally) in list.finish(self.render.sort) {
                let line = self.render.columns.line(&entry, count.then_some(&tally))?;
                self.sink.line(&line)?;
            }
        }
        Ok(())
    }
}
