//! A document read whole as its format (SPEC section 9), checked: its
//! findings, their snippets and suppressions, and where its secrets are
//! written (SPEC section 10).

use super::*;

impl Pass<'_> {
    /// Checks a document read whole as `format` (SPEC section 9): findings
    /// point into `raw`, so suppressions and snippets read it as they read
    /// text.
    /// `fixed`: `raw` is what `--fix` made of the file, so a fix it would
    /// have applied and that is still there was refused, and is not shown.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check_document(
        &self,
        name: &str,
        path: Option<&std::path::Path>,
        format: DocFormat,
        raw: &[u8],
        fixed: bool,
        emit: &mut dyn FnMut(Record) -> io::Result<()>,
        warn: &mut dyn FnMut(String),
    ) -> Result<LinkWork, Stop> {
        let directives = Directives::of_document(format, raw, self.reading.options);
        let mut work = LinkWork::default();
        self.unknown_rules(name, &directives, warn, &mut work.late);
        let matching = directives.matcher();
        let mut used = std::collections::HashSet::new();
        let redacting = self.options.snippets && !self.options.show_secrets;
        // Where each byte of each URI is written: a fix needs it, which
        // `--fix` and `--diff` look for in every URI. Else the few URIs
        // with a fix or a secret to redact in snippets have it made when
        // they are found (`relocated`): most URIs have neither.
        let bytes = self.options.fixing.is_some();
        let links = self.links.zip(path);
        let whole = links.is_some() || redacting;
        let (located, refs) = if whole {
            // One read gives the URIs, the references and the anchors.
            let doc = crate::document::read_document(
                format,
                raw,
                self.scanner,
                self.reading.options,
                bytes,
            );
            if let Some((links, path)) = links {
                links.learn(path, format, raw, doc.targets, doc.anchors);
                work.site = doc
                    .located
                    .iter()
                    .filter(|l| links.is_site_uri(&l.finding.uri))
                    .map(|l| l.finding.clone())
                    .collect();
            }
            (doc.located, doc.references)
        } else {
            let located =
                crate::document::located(format, raw, self.scanner, self.reading.options, bytes);
            (located, Vec::new())
        };
        work.uris = located.len();
        // Where the secrets of every URI and relative reference of the file
        // are written: a decoded secret (`s3cr&#101;t`) is redacted in the
        // raw line too, and so is a token in `guide.html?token=...`, which
        // is no URI (SPEC section 10).
        let mut written: Vec<std::ops::Range<u64>> = Vec::new();
        let mut relocated = None;
        if redacting {
            written = match bytes {
                true => uri_secrets(&located),
                false => {
                    let mut out = Vec::new();
                    for l in located.iter().filter(|l| has_secret(l)) {
                        match self.relocated(l, (format, whole), raw, &mut relocated) {
                            Some(placed) => out.extend(uri_secrets(std::slice::from_ref(placed))),
                            // Not found again: all of it is hidden.
                            None => out.push(l.finding.start..l.finding.end),
                        }
                    }
                    out
                }
            };
            work.written = reference_secrets(raw, &refs);
            written.extend(work.written.iter().cloned());
            written = snippet::merge(written);
        }
        if links.is_some() {
            work.refs = refs;
            work.format = Some(format);
        }
        let mut snippets = self.options.snippets.then(|| {
            snippet::Snippets::new(
                snippet::Source::Memory(raw),
                self.options.show_secrets,
                &written,
            )
        });
        for l in &located {
            let finding = &l.finding;
            let diagnostics = self.linter.check(finding);
            if diagnostics.is_empty() {
                continue;
            }
            let uri = shown_uri(finding, self.options.show_secrets);
            for d in diagnostics {
                let fix = d.fix.clone();
                let mut record = Record::with_uri(name, finding, d, uri.clone());
                if let Some(at) = matching(record.line, &record.rule) {
                    used.insert(at);
                    continue;
                }
                record.fix = fix.and_then(|f| {
                    let l = match bytes {
                        true => l,
                        false => self.relocated(l, (format, whole), raw, &mut relocated)?,
                    };
                    self.file_fix(&f, l, raw, format, fixed)
                });
                if let Some(snippets) = snippets.as_mut() {
                    record.snippet = snippets
                        .of(&record)
                        .map_err(|e| Stop::Input(format!("{name}: {e}")))?;
                }
                emit(record).map_err(Stop::Output)?;
            }
        }
        drop(matching);
        if self.links.is_some() && path.is_some() {
            work.directives = Some(directives);
            work.used = used;
        } else {
            self.unused(name, &directives, &used, warn, &mut work.late);
        }
        Ok(work)
    }

    /// `l` with where each of its bytes is written, for its fix: the
    /// file's URIs are found again with them, once a file (`cache`), and
    /// only for a file with a URI to fix. They are read as they were the
    /// first time (`whole`: as a document, for its references too, which
    /// reads Markdown's heading attributes).
    pub(super) fn relocated<'c>(
        &self,
        l: &Located,
        (format, whole): (DocFormat, bool),
        raw: &[u8],
        cache: &'c mut Option<Vec<Located>>,
    ) -> Option<&'c Located> {
        let (scanner, options) = (self.scanner, self.reading.options);
        let all = cache.get_or_insert_with(|| match whole {
            true => crate::document::read_document(format, raw, scanner, options, true).located,
            false => crate::document::scan_located(format, raw, scanner, options),
        });
        // In the order they are written, as `l`'s own list.
        let key = |x: &Located| (x.finding.start, x.finding.end);
        let from = all.partition_point(|x| key(x) < key(l));
        all[from..]
            .iter()
            .take_while(|x| key(x) == key(l))
            .find(|x| x.finding.uri == l.finding.uri)
    }
}

/// Whether a URI holds a secret (SPEC section 10).
fn has_secret(l: &Located) -> bool {
    !crate::secrets::locate(&l.finding.uri, l.finding.flags.truncated).is_empty()
}

/// Where the secrets of a document's URIs are written: a decoded secret
/// (`s3cr&#101;t`) is redacted where its markup is (SPEC section 10).
pub(super) fn uri_secrets(located: &[Located]) -> Vec<std::ops::Range<u64>> {
    let mut out = Vec::new();
    for l in located {
        for s in crate::secrets::locate(&l.finding.uri, l.finding.flags.truncated) {
            out.push(l.raw_range(s.span));
        }
    }
    out
}

/// Where the secrets of relative references are written in `raw`: where
/// the reference reads as written, the secret's own bytes; else (markup
/// decoded in it) the whole reference (SPEC section 10).
pub(super) fn reference_secrets(raw: &[u8], refs: &[Reference]) -> Vec<std::ops::Range<u64>> {
    let mut out = Vec::new();
    for r in refs {
        let found = crate::secrets::locate(&r.value, false);
        if found.is_empty() {
            continue;
        }
        let written = raw.get(r.start as usize..r.end as usize);
        if written == Some(&r.value[..]) {
            out.extend(
                found
                    .iter()
                    .map(|s| r.start + s.span.start as u64..r.start + s.span.end as u64),
            );
        } else {
            out.push(r.start..r.end);
        }
    }
    out
}
