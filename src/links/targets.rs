//! What each file can be linked to (SPEC section 11): its targets and
//! anchors, read once and shared between threads, kept while a budget
//! lasts.

use super::*;

impl Links {
    /// Records what a file read whole for its check can be linked to, so
    /// links into it do not read it again: whether its links resolve
    /// elsewhere, and its targets (titles and ids), from which its
    /// anchors are made if a fragment names one. An AsciiDoc file's are
    /// kept whole, since its anchors take in those of the files it
    /// includes; another's while [`KEPT_TARGETS`] lasts, and past it its
    /// anchors are made at once. Without `anchors` (`targets` holds only
    /// where its links resolve), the anchors are read from the file when
    /// a link first needs them.
    pub fn learn(&self, path: &Path, format: Format, raw: &[u8], targets: Targets, anchors: bool) {
        if !is_markup(format) {
            return;
        }
        let abs = normal(path, &self.cwd);
        let Some(cells) = self.tree.cells(&abs) else {
            return;
        };
        // What its site's model reads of its head (front matter, page
        // aliases), so that it is not opened again for them.
        if self.site_of_file(&abs).is_some() {
            let _ = cells.head.set(permalinks::kept_head(raw));
        }
        let _ = cells.elsewhere.set(elsewhere(format, &targets));
        if !anchors {
            return;
        }
        // Learned already, in an earlier run of a checker that keeps what
        // it learns (`keep_links`): its budget is not taken twice.
        if cells.kept.get().is_some()
            || cells.anchors.get().is_some()
            || cells.targets.get().is_some()
        {
            return;
        }
        if format == Format::Asciidoc {
            // Its anchors take in those of the files it includes, which
            // may not be read yet: they are made when first needed.
            let _ = cells.targets.set(Some(Arc::new((format, targets))));
        } else if let Some(kept) = kept::Kept::new(format, &targets)
            && self.keep(kept.size())
        {
            // Its targets (titles and ids, not its text) are kept, packed,
            // while the run's budget lasts: its anchors are made from them
            // if a fragment names one, and a broken fragment's suggestion.
            let _ = cells.kept.set(Box::new(kept));
        } else {
            // Past it, the anchors are made now, while the file is at
            // hand, as hashes; its targets are let go, and read again if
            // a suggestion needs them.
            let generator = self.site_of_file(&abs).map(|s| s.generator);
            let anchors = Anchors::new(format, generator, &targets);
            let _ = cells.anchors.set(Some(Arc::new(anchors)));
        }
    }

    /// What a site's model reads of the head of the page at `abs`: kept
    /// from its check, else read.
    pub(crate) fn head_of(&self, abs: &Path) -> Option<permalinks::Heads> {
        if let Some(h) = self.tree.cells(abs).and_then(|c| c.head.get().cloned()) {
            return Some(h);
        }
        permalinks::head(abs).map(permalinks::Heads::from)
    }

    /// Whether `size` bytes fit in what is left of [`KEPT_TARGETS`],
    /// taking them if so.
    pub(super) fn keep(&self, size: usize) -> bool {
        self.kept
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |k| {
                (k + size <= KEPT_TARGETS).then_some(k + size)
            })
            .is_ok()
    }

    /// The format and targets of the markup file at `abs`: unpacked from
    /// what its check kept (each time: they are needed once for its
    /// anchors, and once more only for a suggestion), else read once.
    pub(super) fn targets_of(&self, abs: &Path) -> Option<Arc<Read>> {
        let cells = self.tree.cells(abs)?;
        if let Some(kept) = cells.kept.get() {
            return Some(Arc::new((kept.format, kept.targets())));
        }
        cells
            .targets
            .get_or_init(|| {
                let held = self.options.pages.as_ref().and_then(|p| (p.0)(abs));
                let raw = match held {
                    Some(text) => text.to_vec(),
                    None => read_page(abs)?,
                };
                let format = (self.options.format_of)(abs, &raw[..raw.len().min(8192)]);
                if !is_markup(format) {
                    return None;
                }
                let targets = format::targets(format, &raw, format::Options::default());
                Some(Arc::new((format, targets)))
            })
            .clone()
    }

    /// The anchors of the file at `abs` (whose cells are `cells`), made
    /// once, and borrowed: counting each use of them would make threads
    /// share the count's cache line.
    pub(super) fn anchors_of<'c>(&self, abs: &Path, cells: &'c FileCells) -> Option<&'c Anchors> {
        cells
            .anchors
            .get_or_init(|| {
                let (own, all) = self.all_targets(abs)?;
                let generator = self.site_of_file(abs).map(|s| s.generator);
                let targets = all.as_ref().unwrap_or(&own.1);
                Some(Arc::new(Anchors::new(own.0, generator, targets)))
            })
            .as_deref()
    }

    /// The names of the anchors of the file at `abs`, to suggest one: made
    /// again, since only a broken fragment needs them.
    pub(super) fn anchor_names(&self, abs: &Path) -> Arc<Vec<String>> {
        let make = || {
            let Some((own, all)) = self.all_targets(abs) else {
                return Arc::default();
            };
            let generator = self.site_of_file(abs).map(|s| s.generator);
            let mut names = anchors::offered(own.0, generator, all.as_ref().unwrap_or(&own.1));
            names.sort_unstable();
            names.dedup();
            Arc::new(names)
        };
        // Made once a file, however many of its fragments are broken.
        match self.tree.cells(abs) {
            Some(cells) => cells.names.get_or_init(make).clone(),
            None => make(),
        }
    }

    /// The targets of the file at `abs`, and for AsciiDoc with them those
    /// of the files it includes, transitively (`None` when it includes
    /// none).
    pub(super) fn all_targets(&self, abs: &Path) -> Option<(Arc<Read>, Option<Targets>)> {
        let own = self.targets_of(abs)?;
        if own.1.includes.is_empty() {
            return Some((own, None));
        }
        let mut all = own.1.clone();
        let mut seen = std::collections::HashSet::from([abs.to_path_buf()]);
        let mut queue: Vec<(PathBuf, String, usize)> = own
            .1
            .includes
            .iter()
            .map(|i| (abs.to_path_buf(), i.clone(), 1))
            .collect();
        while let Some((from, include, depth)) = queue.pop() {
            let Some(dir) = from.parent() else { continue };
            let path = normal(Path::new(&include), dir);
            if seen.len() > MAX_INCLUDES || !seen.insert(path.clone()) {
                continue;
            }
            let Some(part) = self.targets_of(&path) else {
                continue;
            };
            all.headings.extend(part.1.headings.iter().cloned());
            all.ids.extend(part.1.ids.iter().cloned());
            all.labels.extend(part.1.labels.iter().cloned());
            if depth < MAX_INCLUDE_DEPTH {
                queue.extend(
                    part.1
                        .includes
                        .iter()
                        .map(|i| (path.clone(), i.clone(), depth + 1)),
                );
            }
        }
        Some((own, Some(all)))
    }
}
