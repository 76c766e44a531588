//! One input opened for reading: its format sniffed, mail told apart,
//! a structured document read whole up to its cap (SPEC section 9).

use super::*;

/// How inputs are read: `--input`, `[formats]`, `--include-code`, and the
/// scanner, which knows `[schemes]` (an opaque one is found as a URI).
pub(super) struct Reading {
    pub(super) input: InputChoice,
    pub(super) globs: FormatGlobs,
    pub(super) options: FormatOptions,
    pub(super) scanner: urilint::scan::Scanner,
    /// `-j` when a mail archive's messages are decoded in parallel: only
    /// when it is the run's one input ([`Reading::one_input`]).
    pub(super) mail_threads: Option<Option<usize>>,
}

impl Reading {
    pub(super) fn new(
        input: InputChoice,
        config: &Config,
        config_path: Option<&std::path::Path>,
        include_code: bool,
        templates: bool,
    ) -> Result<Reading, Failure> {
        Ok(Reading {
            input,
            globs: config
                .format_globs(&config_dir(config_path))
                .map_err(usage)?,
            options: FormatOptions { include_code },
            scanner: urilint::scan::Scanner::builder()
                .registry(config.registry().map_err(usage)?)
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
    pub(super) fn one_input(&mut self, inputs: usize, threads: Option<usize>) {
        self.mail_threads = (inputs == 1 && threads != Some(1)).then_some(threads);
    }

    /// Whether an archive's messages are decoded in parallel. On a pool's
    /// thread that pool decodes; on the main thread rayon's global pool,
    /// sized to `-j` here when first needed, so a run that reads no mail
    /// starts no threads for it.
    pub(super) fn mail_parallel(&self) -> bool {
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
pub(super) struct Opened {
    pub(super) format: Format,
    pub(super) mail: InputKind,
    pub(super) reader: Box<dyn Read + Send>,
    /// The file's length, when it is one ([`read_whole`]'s room).
    pub(super) len: Option<u64>,
}

/// Opens an input and picks its format (SPEC section 9): `--input`, else a
/// `[formats]` glob, else its name, else its first bytes, which the
/// returned reader still yields. `Ok(None)`: a binary file skipped in a
/// walk.
pub(super) fn open_input(input: &Input, reading: &Reading) -> Result<Option<Opened>, walk::Error> {
    let forced = reading.input.0;
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
    let path = match input {
        Input::File { path, .. } => Some(path.as_path()),
        Input::Stdin => None,
    };
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
pub(super) enum Whole {
    Read(Vec<u8>),
    TooLarge(Box<dyn Read + Send>),
}

pub(super) fn read_whole(mut reader: Box<dyn Read + Send>, len: Option<u64>) -> io::Result<Whole> {
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
pub(super) fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
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
pub(super) fn mail_warning(
    name: &str,
    line: u64,
    info: &urilint::mail::MessageInfo,
    text: &str,
) -> String {
    let id = info
        .message_id
        .as_deref()
        .map_or("(no Message-ID)".to_string(), |id| {
            format!("<{}>", urilint::redact::redact_text(id))
        });
    format!("warning: {name}:{line}: message {id}: {text}")
}
