//! An input read for its list: opened as its format (SPEC section 9), its
//! URIs, relative references (`--relative`, SPEC section 11) and mail
//! findings handed on in the order they are written.

use std::io::{self, BufReader};

use crate::document::mail::{MailEvent, MailEvents};
use crate::drive::{Reading, Stop, Whole};
use crate::format::{Format, MAX_PARSED};
use crate::scan::Scanner;
use crate::walk::Input;

use super::entry::Item;

/// Hands each URI of an input to `emit` with the format it was read as;
/// with `relative`, its relative references too, in the order written.
pub(super) fn each_item(
    input: &Input,
    reading: &Reading,
    scanner: &Scanner,
    relative: Option<&Relative>,
    emit: &mut dyn FnMut(Format, Item) -> io::Result<()>,
) -> Result<(), Stop> {
    let name = input.display_name();
    let fail = |e: io::Error| Stop::Input(format!("{name}: {e}"));
    let opened =
        crate::drive::open_input(input, reading).map_err(|e| Stop::Input(e.to_string()))?;
    let Some(opened) = opened else {
        return Ok(());
    };
    let (mut format, reader) = (opened.format, opened.reader);
    let reader = if format.is_structured() {
        match crate::drive::read_whole(reader, opened.len).map_err(fail)? {
            Whole::Read(raw) => {
                let Some(relative) = relative else {
                    for f in crate::document::scan(format, &raw, scanner, reading.options) {
                        emit(format, Item::Text(f)).map_err(Stop::Output)?;
                    }
                    return Ok(());
                };
                let base = relative.base_of(input);
                let (found, refs) =
                    crate::document::scan_with_references(format, &raw, scanner, reading.options);
                let mut items: Vec<(u64, Item)> = found
                    .into_iter()
                    .map(|f| (f.start, Item::Text(f)))
                    .collect();
                let base: Option<std::sync::Arc<[u8]>> = base.map(Into::into);
                items.extend(
                    refs.into_iter()
                        .map(|r| (r.start, Item::Reference(r, base.clone()))),
                );
                items.sort_by_key(|(at, _)| *at);
                for (_, item) in items {
                    emit(format, item).map_err(Stop::Output)?;
                }
                return Ok(());
            }
            Whole::TooLarge(reader) => {
                let note = format!(
                    "note: {name}: larger than {} MiB, read as text, not {format}",
                    MAX_PARSED >> 20
                );
                emit(format, Item::Warning(note)).map_err(Stop::Output)?;
                format = Format::Text;
                reader
            }
        }
    } else {
        reader
    };
    if format != Format::Mail {
        for f in scanner.scan_reader(reader) {
            emit(format, Item::Text(f.map_err(fail)?)).map_err(Stop::Output)?;
        }
        return Ok(());
    }
    let events = MailEvents::new(BufReader::new(reader), opened.mail, scanner.clone());
    for event in events.parallel(reading.mail_parallel()) {
        let item = match event.map_err(fail)? {
            MailEvent::Found(m) => Item::Mail(m),
            MailEvent::Warning { line, info, text } => {
                Item::Warning(crate::drive::mail_warning(&name, line, &info, &text))
            }
        };
        emit(format, item).map_err(Stop::Output)?;
    }
    Ok(())
}

/// `--relative` and `--base` (SPEC section 11).
pub(super) struct Relative {
    /// The URL of what the command line names.
    pub(super) base: Option<Vec<u8>>,
    /// The paths the command line names, to find each file's place under.
    pub(super) roots: Vec<std::path::PathBuf>,
}

impl Relative {
    /// The URL of an input: `--base` for a file named on the command line
    /// or standard input, and the file's path under a folder named there
    /// resolved against it (`--base https://x.org/docs/` and `docs/a/b.md`:
    /// `https://x.org/docs/a/b.md`).
    pub(super) fn base_of(&self, input: &Input) -> Option<Vec<u8>> {
        let base = self.base.as_ref()?;
        let Some(path) = input.path() else {
            return Some(base.clone());
        };
        for root in &self.roots {
            let Ok(rel) = path.strip_prefix(root) else {
                continue;
            };
            if rel.as_os_str().is_empty() {
                break;
            }
            let mut dir = base.clone();
            if !dir.ends_with(b"/") {
                dir.push(b'/');
            }
            // RFC 3986 s4.2: a first segment holding `:` would read as a
            // scheme; `./` before it keeps it a path.
            let mut reference = crate::uri::path_reference(rel.as_os_str().as_encoded_bytes());
            if reference.split('/').next().is_some_and(|s| s.contains(':')) {
                reference.insert_str(0, "./");
            }
            return crate::uri::resolve(&dir, reference.as_bytes());
        }
        Some(base.clone())
    }
}
