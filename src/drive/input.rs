//! One input opened for reading: its format sniffed, mail told apart,
//! a structured document read whole up to its cap (SPEC section 9).

use std::io::{self, Read};

use crate::config::{Config, base_dir};
use crate::format::{Format, FormatGlobs, MAX_PARSED, Options as FormatOptions};
use crate::mail::{InputKind, detect};
use crate::walk::{self, Input};

use super::WORKER_STACK;

/// How inputs are read: `--input`, `[formats]`, `--include-code`, and the
/// scanner, which knows `[schemes]` (an opaque one is found as a URI).
pub struct Reading {
    /// `--input`: every input read as this format.
    pub input: Option<Format>,
    /// `[formats]`: the format of the files a glob matches.
    pub globs: FormatGlobs,
    /// What the readers read (`--include-code`).
    pub options: FormatOptions,
    /// The scanner of free text and of each segment a reader yields.
    pub scanner: crate::scan::Scanner,
    /// `-j` when a mail archive's messages are decoded in parallel: only
    /// when it is the run's one input ([`Reading::one_input`]).
    pub mail_threads: Option<Option<usize>>,
}

impl Reading {
    /// How a run reads, from its flags and config (`templates`: template
    /// placeholders end a URI, as `extract` shows them).
    pub fn new(
        input: Option<Format>,
        config: &Config,
        config_path: Option<&std::path::Path>,
        include_code: bool,
        templates: bool,
    ) -> Result<Reading, String> {
        Ok(Reading {
            input,
            globs: config
                .format_globs(&base_dir(config_path))
                .map_err(|e| e.to_string())?,
            options: FormatOptions { include_code },
            scanner: crate::scan::Scanner::builder()
                .registry(config.registry().map_err(|e| e.to_string())?)
                .templates(templates)
                .build(),
            mail_threads: None,
        })
    }

    /// Notes the run's inputs and `-j`: a lone input that is a mail archive
    /// has its messages decoded on `-j` threads (not under `-j1`). Several
    /// inputs already keep the pool busy a file each; decoding one of them
    /// in parallel too would let a waiting worker take up another file,
    /// holding more inputs than `-j` at once.
    pub fn one_input(&mut self, inputs: usize, threads: Option<usize>) {
        self.mail_threads = (inputs == 1 && threads != Some(1)).then_some(threads);
    }

    /// Whether an archive's messages are decoded in parallel. On a pool's
    /// thread that pool decodes; on the main thread rayon's global pool,
    /// sized to `-j` here when first needed, so a run that reads no mail
    /// starts no threads for it.
    pub fn mail_parallel(&self) -> bool {
        let Some(threads) = self.mail_threads else {
            return false;
        };
        if rayon::current_thread_index().is_none() {
            // Set already (by an earlier archive of the run): kept.
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(threads.unwrap_or(0))
                .stack_size(WORKER_STACK)
                .build_global();
        }
        true
    }
}

/// An opened input: its format, for mail whether it is an archive or one
/// message, and a reader of all of it.
pub struct Opened {
    /// The format it is read as.
    pub format: Format,
    /// For mail, an archive or one message.
    pub mail: InputKind,
    /// All of it, from its first byte.
    pub reader: Box<dyn Read + Send>,
    /// The file's length, when it is one ([`read_whole`]'s room).
    pub len: Option<u64>,
}

/// Opens an input and picks its format (SPEC section 9): `--input`, else a
/// `[formats]` glob, else its name, else its first bytes, which the
/// returned reader still yields. `Ok(None)`: a binary file skipped in a
/// walk.
pub fn open_input(input: &Input, reading: &Reading) -> Result<Option<Opened>, walk::Error> {
    let forced = reading.input;
    // Text is streamed, and its length not asked for (`--fix` reads it
    // whole all the same, growing a buffer as it fills).
    let Some((mut reader, len)) = input.open_reader(forced != Some(Format::Text))? else {
        return Ok(None);
    };
    if forced == Some(Format::Text) {
        return Ok(Some(Opened {
            format: Format::Text,
            mail: InputKind::Text,
            reader,
            len,
        }));
    }
    let mut head = Vec::with_capacity(4096);
    (&mut reader)
        .take(4096)
        .read_to_end(&mut head)
        .map_err(|e| walk::Error::new(std::path::Path::new(&input.display_name()), e))?;
    let path = input.path();
    let format = reading.globs.choose(forced, path, &head);
    // An archive or one message (a file forced to mail is a message).
    let mail = match format {
        Format::Mail => match detect(&head, path) {
            InputKind::Text => InputKind::Message,
            kind => kind,
        },
        _ => InputKind::Text,
    };
    Ok(Some(Opened {
        format,
        mail,
        reader: Box::new(io::Cursor::new(head).chain(reader)),
        len,
    }))
}

/// Reads a structured document whole, up to [`MAX_PARSED`]. A larger one
/// is handed back as a stream, to be read as text (SPEC section 9).
pub enum Whole {
    /// All of it.
    Read(Vec<u8>),
    /// Larger than the cap: all of it, as a stream.
    TooLarge(Box<dyn Read + Send>),
}

/// Reads a structured document whole ([`Whole`]).
pub fn read_whole(mut reader: Box<dyn Read + Send>, len: Option<u64>) -> io::Result<Whole> {
    // Room for all of it (and the read that finds its end) at once.
    let mut raw = Vec::with_capacity(len.map_or(0, |n| n.min(MAX_PARSED) as usize + 1));
    (&mut reader).take(MAX_PARSED + 1).read_to_end(&mut raw)?;
    if raw.len() as u64 > MAX_PARSED {
        return Ok(Whole::TooLarge(Box::new(
            io::Cursor::new(raw).chain(reader),
        )));
    }
    Ok(Whole::Read(raw))
}

/// Whether `a` and `b` name the same file: `./x` and `x`, an absolute
/// path and a relative one. `b` may not exist yet (a baseline about to be
/// written).
pub fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    let canonical = |p: &std::path::Path| {
        p.canonicalize().ok().or_else(|| {
            let parent = p
                .parent()
                .filter(|d| !d.as_os_str().is_empty())
                .unwrap_or(std::path::Path::new("."));
            Some(parent.canonicalize().ok()?.join(p.file_name()?))
        })
    };
    matches!((canonical(a), canonical(b)), (Some(x), Some(y)) if x == y)
}

/// The stderr line for a mail decoding warning.
pub fn mail_warning(name: &str, line: u64, info: &crate::mail::MessageInfo, text: &str) -> String {
    let id = info
        .message_id
        .as_deref()
        .map_or("(no Message-ID)".to_string(), |id| {
            format!("<{}>", crate::redact::redact_text(id))
        });
    format!("warning: {name}:{line}: message {id}: {text}")
}
