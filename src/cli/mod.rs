//! Command-line arguments and what each command does with them.

mod check;
mod extract;
mod spool;

use std::fmt;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;
use urilint::config::Config;
use urilint::format::{Format, FormatGlobs, MAX_PARSED, Options as FormatOptions};
use urilint::mail::{InputKind, detect};
use urilint::rules::{Severity, doc, docs};
use urilint::walk::{self, Input, WalkOptions};

/// Find URIs in free text and lint them (RFC 3986, RFC 1738).
///
/// `urilint [PATH]...` is `urilint check [PATH]...`.
#[derive(Debug, Parser)]
#[command(
    name = "urilint",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    check: CheckArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Lint the URIs in files, directory trees or standard input (the default).
    Check(CheckArgs),
    /// Print the URIs found in files, directory trees or standard input.
    Extract(ExtractArgs),
    /// List the rules.
    Rules,
    /// Print a rule's documentation.
    Explain {
        /// The rule's id, as `urilint rules` lists it.
        id: String,
    },
    /// Print a shell's completion script.
    ///
    /// `urilint completions bash > ~/.local/share/bash-completion/completions/urilint`,
    /// `urilint completions zsh > ~/.zfunc/_urilint`, `urilint completions
    /// fish > ~/.config/fish/completions/urilint.fish`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), for `man -l -` or a package's
    /// `urilint.1`; with a command, its page (`urilint-extract.1`).
    #[command(hide = true)]
    Manpage {
        /// A command whose page to print.
        command: Option<String>,
    },
}

/// The names of the commands, and whether each is shown in help.
fn commands() -> Vec<(String, bool)> {
    let mut names: Vec<(String, bool)> = <Cli as clap::CommandFactory>::command()
        .get_subcommands()
        .map(|c| (c.get_name().to_string(), !c.is_hide_set()))
        .collect();
    names.push(("help".to_string(), true));
    names
}

/// A mistyped command (`urilint chek docs/`): the first argument names no
/// file or folder and is at most two edits from a command. Without this
/// it would be checked as a path that does not exist.
pub fn mistyped(args: &[std::ffi::OsString]) -> Option<String> {
    let first = args.get(1)?.to_str()?;
    // A path by its look (`chek/`, `a.md`) or too short to tell (`he`)
    // is left to be a path.
    if first.starts_with('-')
        || first.len() < 3
        || first.contains(['/', '.', '\\'])
        || std::path::Path::new(first).symlink_metadata().is_ok()
    {
        return None;
    }
    let commands = commands();
    if commands.iter().any(|(c, _)| c == first) {
        return None;
    }
    let nearest = commands
        .into_iter()
        .filter(|(_, shown)| *shown)
        .map(|(c, _)| (strsim::levenshtein(first, &c), c))
        .filter(|(d, _)| *d <= 2)
        .min()?;
    Some(format!(
        "`{first}` is no command and no file or folder: did you mean '{}'?",
        nearest.1
    ))
}

#[derive(Debug, clap::Args)]
struct CheckArgs {
    /// Files or directories to check; `-` is standard input.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
    format: CheckFormat,

    /// Enable only these rules instead of the default set: comma-separated
    /// ids, groups (security, correctness, portability, style) or `all`.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    select: Option<Vec<String>>,

    /// Enable these rules (ids, groups or `all`) on top of the selection.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    extend_select: Vec<String>,

    /// Disable these rules (comma-separated ids, groups or `all`).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    ignore: Vec<String>,

    /// Report notes of every enabled rule; by default only the notes of
    /// rules selected by id, group or `all` are reported.
    #[arg(long)]
    show_notes: bool,

    /// Exit 1 when a finding of this severity or above is found [default: warning].
    #[arg(long, value_enum, value_name = "SEVERITY")]
    fail_on: Option<SeverityArg>,

    #[command(flatten)]
    settings: SettingsArgs,

    #[command(flatten)]
    walk: WalkArgs,

    /// Report only findings that are not in this baseline file.
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    baseline: Option<PathBuf>,

    /// Record the current findings in this file (keyed by path, rule and
    /// normalized URI, not by line) and exit 0.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,

    /// When to colour human output: on a terminal with NO_COLOR unset (auto).
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,

    /// Print the diagnostics only, without the closing summary.
    #[arg(short, long)]
    quiet: bool,

    /// Print passwords found in URIs instead of `****`.
    #[arg(long)]
    show_secrets: bool,

    /// Print the number of findings per rule, most first, instead of the
    /// findings (the exit status is the same).
    #[arg(long)]
    statistics: bool,

    /// Warn about `urilint: ignore` comments that silenced nothing.
    #[arg(long)]
    report_unused_suppressions: bool,

    /// How to read inputs: `auto` picks the format from the file's name
    /// (`[formats]` globs in config first) and else from its first lines.
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = input_parser())]
    input: InputChoice,

    /// Read code too: Markdown code blocks and spans, HTML `<pre>` and
    /// `<code>`, rST literal blocks, AsciiDoc listings.
    #[arg(long)]
    include_code: bool,

    /// Resolve `/`-rooted relative links (`/docs/x.md`) against this
    /// folder; without it they are not checked.
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,

    /// Check a site's own absolute URIs as links into the folder it is
    /// built from (repeatable): `https://docs.example.com/=site`.
    #[arg(long, value_name = "URL=DIR")]
    site: Vec<urilint::links::SiteMap>,

    /// Do not check that link fragments name anchors (`broken-fragment`).
    #[arg(long)]
    no_fragments: bool,

    /// List the links left unchecked (where the site model of their tree
    /// ends), with the reason, as records that never fail the run.
    #[arg(long)]
    show_unchecked: bool,

    /// Apply the safe fixes in place, then report what remains. With `-`,
    /// the fixed text goes to stdout and the findings to stderr.
    #[arg(long, conflicts_with_all = ["write_baseline", "statistics"])]
    fix: bool,

    /// Apply unsafe fixes too (they guess what was meant: a typo, a
    /// hyphen at a line break), with `--fix` or `--diff`.
    #[arg(long)]
    unsafe_fixes: bool,

    /// Print the fixes as a unified diff (for `git apply` or `patch -p1`)
    /// instead of writing them; print no findings. Exit 1 when there is
    /// something to fix.
    #[arg(long, conflicts_with_all = ["fix", "write_baseline", "statistics"])]
    diff: bool,
}

#[derive(Debug, clap::Args)]
struct ExtractArgs {
    /// Files or directories to read; `-` is standard input.
    #[arg(default_value = ".")]
    paths: Vec<PathBuf>,

    /// `plain`: one URI a line. `jsonl`: one JSON object a URI with path,
    /// line, column, start, end, uri, delimiter, flags and format. `csv`,
    /// `tsv`: the same fields as columns, with a header row (RFC 4180).
    #[arg(long, value_enum, default_value_t = ExtractFormat::Plain)]
    format: ExtractFormat,

    /// Print each URI once, at its first position; URIs equal after
    /// normalization (RFC 3986 s6) count as one.
    #[arg(long)]
    unique: bool,

    /// Print each URI once (as --unique) with how often it occurs, how
    /// many files or messages it is in, and where it is first and last.
    /// Plain output: `COUNT<TAB>URI`; jsonl, csv and tsv add `count`,
    /// `files`, `first` and `last`.
    #[arg(long)]
    count: bool,

    /// Order of the list: `position` (as found, the default), `uri` or
    /// `host` (byte-wise on the normalized form; ties keep their order),
    /// `count` (most frequent first; implies --unique). Any order but
    /// `position` holds the list until the end.
    #[arg(long, value_enum, default_value_t = SortKey::Position)]
    sort: SortKey,

    /// The fields to print, in order (comma-separated), for csv, tsv and
    /// jsonl: path, line, column, start, end, uri, delimiter, flags,
    /// format, reference, message_id, date, subject, part, part_line; with
    /// --count also count, files, first, last and `first.line` and the like.
    #[arg(long, value_name = "FIELD", value_delimiter = ',')]
    fields: Vec<String>,

    /// Keep only URIs of these schemes (comma-separated, repeatable):
    /// `--scheme http,https`. Replaces `[extract] scheme` in config.
    #[arg(long, value_name = "SCHEME", value_delimiter = ',')]
    scheme: Vec<String>,

    /// Keep only URIs whose host (normalized: lower case) matches this
    /// glob: `*.example.org` (which `example.org` does not match).
    /// Repeatable; replaces `[extract] host` in config.
    #[arg(long, value_name = "GLOB")]
    host: Vec<String>,

    /// Keep only URIs this regex matches (as printed: redacted, and
    /// normalized with --normalize). Repeatable: any one may match.
    #[arg(long = "match", value_name = "REGEX")]
    matching: Vec<String>,

    /// Leave out URIs this regex matches. Repeatable.
    #[arg(long, value_name = "REGEX")]
    exclude_match: Vec<String>,

    /// Print URIs normalized (RFC 3986 s6.2.2, s6.2.3).
    #[arg(long)]
    normalize: bool,

    /// How to read inputs: `auto` picks the format from the file's name
    /// (`[formats]` globs in config first) and else from its first lines.
    #[arg(long, value_name = "FORMAT", default_value = "auto", value_parser = input_parser())]
    input: InputChoice,

    /// Read code too: Markdown code blocks and spans, HTML `<pre>` and
    /// `<code>`, rST literal blocks, AsciiDoc listings.
    #[arg(long)]
    include_code: bool,

    #[command(flatten)]
    settings: SettingsArgs,

    #[command(flatten)]
    walk: WalkArgs,

    /// Print passwords found in URIs instead of `****`.
    #[arg(long)]
    show_secrets: bool,

    /// Print the relative references of markup too (link targets and URL
    /// attributes without a scheme: `../guide.md#setup`, `img/a.png`).
    #[arg(long)]
    relative: bool,

    /// With --relative: resolve them (RFC 3986 s5.2) against this URL,
    /// the URL of the folder (or file) given on the command line.
    #[arg(long, value_name = "URL", requires = "relative")]
    base: Option<String>,
}

/// Where settings come from.
#[derive(Debug, clap::Args)]
struct SettingsArgs {
    /// Read settings from this file instead of the `urilint.toml` or
    /// `.urilint.toml` found in the working directory or above it.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// Read no config file.
    #[arg(long, conflicts_with = "config")]
    isolated: bool,
}

/// How directories are walked (SPEC section 5).
#[derive(Debug, clap::Args)]
struct WalkArgs {
    /// Threads to check files with [default: one per core].
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,

    /// Follow symbolic links (loops are reported).
    #[arg(short = 'L', long)]
    follow: bool,

    /// Leave out paths matching this glob (repeatable): a name anywhere
    /// (`vendor`, `*.min.js`) or, with a `/`, a path from here.
    #[arg(long, value_name = "GLOB")]
    exclude: Vec<String>,

    /// Do not honour `.gitignore` and `.ignore` files.
    #[arg(long)]
    no_ignore: bool,

    /// Apply the excludes to files named on the command line too (for
    /// pre-commit, which names files).
    #[arg(long)]
    force_exclude: bool,
}

/// `--input`: `auto` (`None`) or a format (SPEC section 9).
#[derive(Clone, Copy, Debug)]
struct InputChoice(Option<Format>);

/// `auto` and the formats' names, as `--input` takes them.
fn input_parser() -> impl clap::builder::TypedValueParser<Value = InputChoice> {
    let names = std::iter::once("auto").chain(Format::ALL.iter().map(|f| f.as_str()));
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(names).map(|s: String| InputChoice(Format::parse(&s)))
}

/// How inputs are read: `--input`, `[formats]`, `--include-code`, and the
/// scanner, which knows `[schemes]` (an opaque one is found as a URI).
struct Reading {
    input: InputChoice,
    globs: FormatGlobs,
    options: FormatOptions,
    scanner: urilint::scan::Scanner,
    /// `-j` when a mail archive's messages are decoded in parallel: only
    /// when it is the run's one input ([`Reading::one_input`]).
    mail_threads: Option<Option<usize>>,
}

impl Reading {
    fn new(
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
    fn one_input(&mut self, inputs: usize, threads: Option<usize>) {
        self.mail_threads = (inputs == 1 && threads != Some(1)).then_some(threads);
    }

    /// Whether an archive's messages are decoded in parallel. On a pool's
    /// thread that pool decodes; on the main thread rayon's global pool,
    /// sized to `-j` here when first needed, so a run that reads no mail
    /// starts no threads for it.
    fn mail_parallel(&self) -> bool {
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
struct Opened {
    format: Format,
    mail: InputKind,
    reader: Box<dyn Read + Send>,
    /// The file's length, when it is one ([`read_whole`]'s room).
    len: Option<u64>,
}

/// Opens an input and picks its format (SPEC section 9): `--input`, else a
/// `[formats]` glob, else its name, else its first bytes, which the
/// returned reader still yields. `Ok(None)`: a binary file skipped in a
/// walk.
fn open_input(input: &Input, reading: &Reading) -> Result<Option<Opened>, walk::Error> {
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
    let format = forced
        .or_else(|| path.and_then(|p| reading.globs.format_of(p)))
        .unwrap_or_else(|| Format::detect(&head, path));
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
enum Whole {
    Read(Vec<u8>),
    TooLarge(Box<dyn Read + Send>),
}

fn read_whole(mut reader: Box<dyn Read + Send>, len: Option<u64>) -> io::Result<Whole> {
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
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
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
fn mail_warning(name: &str, line: u64, info: &urilint::mail::MessageInfo, text: &str) -> String {
    let id = info
        .message_id
        .as_deref()
        .map_or("(no Message-ID)".to_string(), |id| {
            format!("<{}>", urilint::redact::redact_text(id))
        });
    format!("warning: {name}:{line}: message {id}: {text}")
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ExtractFormat {
    Plain,
    Jsonl,
    Csv,
    Tsv,
}

/// The order of `extract --sort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SortKey {
    Position,
    Uri,
    Host,
    Count,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    Human,
    Json,
    Jsonl,
    Sarif,
    Github,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SeverityArg {
    Note,
    Warning,
    Error,
}

impl From<SeverityArg> for Severity {
    fn from(s: SeverityArg) -> Severity {
        match s {
            SeverityArg::Note => Severity::Note,
            SeverityArg::Warning => Severity::Warning,
            SeverityArg::Error => Severity::Error,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
}

/// How a run ended, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Exit 0.
    Clean,
    /// Exit 1: something at or above the failing severity was found.
    Found,
    /// Exit 2: some input could not be read (the others were still handled).
    SomeInputsFailed,
}

/// The worst status the run has reached so far: its exit status when the
/// reader of its output goes away (`urilint docs/ | head` in a `pipefail`
/// script fails when a finding was written before the pipe closed).
static REACHED: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Records that the run has reached `status`.
fn reached(status: Status) {
    REACHED.fetch_max(status as u8, std::sync::atomic::Ordering::Relaxed);
}

/// The worst status the run has reached.
pub fn status_reached() -> Status {
    match REACHED.load(std::sync::atomic::Ordering::Relaxed) {
        0 => Status::Clean,
        1 => Status::Found,
        _ => Status::SomeInputsFailed,
    }
}

/// Why an input was not read to its end.
enum Stop {
    /// Reading it failed: a message for stderr; the other inputs go on.
    Input(String),
    /// Writing output failed (a closed pipe ends the run quietly).
    Output(io::Error),
}

/// Why a run could not go on.
pub enum Failure {
    /// Writing output failed (a closed pipe ends the run quietly).
    Io(io::Error),
    /// The arguments or the config are wrong: exit 2 with this message.
    Usage(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// Writes `urilint: MESSAGE` to stderr. A stderr nobody reads any more (a
/// closed pipe) is not a reason to panic, so write errors are ignored.
/// Secrets are redacted and control characters from the input (a file
/// name, a message id) escaped, never passed to the terminal (SPEC section
/// 10), `--show-secrets` or not: stderr is for the run, not for the data.
pub fn say(message: impl fmt::Display) {
    use std::io::Write as _;
    let message = message.to_string();
    let message = urilint::redact::redact_text(&message);
    let message = urilint::report::escape_controls(&message);
    let _ = writeln!(io::stderr().lock(), "urilint: {message}");
}

/// A usage failure from any error the user has to fix.
pub(super) fn usage(e: impl fmt::Display) -> Failure {
    Failure::Usage(e.to_string())
}

/// The config the settings name: `--isolated` none, `--config FILE` that
/// file, otherwise the nearest `urilint.toml` or `.urilint.toml` upward from
/// the working directory. Returns the file's path too.
fn load_config(args: &SettingsArgs) -> Result<(Option<PathBuf>, Config), Failure> {
    if args.isolated {
        return Ok((None, Config::default()));
    }
    if let Some(path) = &args.config {
        return Ok((Some(path.clone()), Config::load(path).map_err(usage)?));
    }
    let cwd = std::env::current_dir().map_err(usage)?;
    Ok(match Config::discover(&cwd).map_err(usage)? {
        Some((path, config)) => (Some(path), config),
        None => (None, Config::default()),
    })
}

/// The folder of the config file, which its globs are read from (the
/// working directory when there is none).
fn config_dir(config_path: Option<&std::path::Path>) -> std::path::PathBuf {
    match config_path.and_then(|p| p.parent()) {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    }
}

/// The walk options of the flags and the config: the config's `exclude`
/// globs are read from its folder, `--exclude` ones from here.
fn walk_options(
    args: &WalkArgs,
    config: &Config,
    config_path: Option<&std::path::Path>,
) -> Result<WalkOptions, Failure> {
    let mut options = WalkOptions {
        follow_links: args.follow,
        no_ignore: args.no_ignore,
        force_exclude: args.force_exclude,
        ..WalkOptions::default()
    };
    options
        .exclude
        .add(&config_dir(config_path), &config.exclude)
        .map_err(|e| usage(format!("`exclude`: {e}")))?;
    options
        .exclude
        .add(std::path::Path::new("."), &args.exclude)
        .map_err(|e| usage(format!("--exclude: {e}")))?;
    Ok(options)
}

/// A progress line on stderr while a tree is read (issue 16): shown only
/// when the run has taken a second (`URILINT_PROGRESS_DELAY_MS` sets
/// another delay, for tests), stderr is a terminal and `CI` is not set;
/// cleared before anything else is written.
pub(super) struct Progress(Option<(indicatif::ProgressBar, Arc<Mutex<bool>>)>);

impl Progress {
    /// No progress line.
    pub(super) fn none() -> Progress {
        Progress(None)
    }

    /// A progress line over `total` files, `what` they are being (`read`).
    pub(super) fn new(total: usize, what: &'static str) -> Progress {
        use std::io::IsTerminal;
        if !io::stderr().is_terminal() || std::env::var_os("CI").is_some() {
            return Progress(None);
        }
        let delay = std::env::var("URILINT_PROGRESS_DELAY_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1000);
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total as u64),
            indicatif::ProgressDrawTarget::hidden(),
        );
        if let Ok(style) = indicatif::ProgressStyle::with_template(&format!(
            "{{spinner}} {what} {{pos}}/{{len}} files {{wide_bar}} {{elapsed}}"
        )) {
            bar.set_style(style);
        }
        let show = |bar: &indicatif::ProgressBar| {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            bar.tick();
        };
        let done = Arc::new(Mutex::new(false));
        if delay == 0 {
            show(&bar);
            return Progress(Some((bar, done)));
        }
        // Shown from another thread once the delay is up, unless the run
        // is over by then.
        let (shown, over) = (bar.clone(), done.clone());
        std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(delay));
            let over = over.lock().unwrap_or_else(|e| e.into_inner());
            if !*over {
                show(&shown);
            }
        });
        Progress(Some((bar, done)))
    }

    fn inc(&self) {
        if let Some((bar, _)) = &self.0 {
            bar.inc(1);
        }
    }

    /// Clears the line, for good.
    pub(super) fn finish(&self) {
        if let Some((bar, done)) = &self.0 {
            let mut over = done.lock().unwrap_or_else(|e| e.into_inner());
            *over = true;
            bar.finish_and_clear();
        }
    }
}

/// Files handled at once; their results wait, in order, for the sink.
const BATCH: usize = 256;

/// The threads a run reads and checks files on: under `-j1` the thread
/// that runs the command, in order, as a lone input is (handing each file
/// to a pool of one and back cost 7% of a text-mode run); else a pool
/// made once for the run, of `threads` threads (all cores by default).
/// The main thread's stack (8 MiB unless `ulimit -s` says less) is enough
/// for `-j1`: the HTML reader reads a tag deep enough to need more than
/// about 600 KiB as text (see [`WORKER_STACK`]).
enum Workers {
    Here,
    Pool(rayon::ThreadPool),
}

impl Workers {
    fn new(threads: Option<usize>) -> Result<Workers, Failure> {
        if threads == Some(1) {
            return Ok(Workers::Here);
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .stack_size(WORKER_STACK)
            .build()
            .map(Workers::Pool)
            .map_err(usage)
    }

    /// Runs `work` on the inputs and hands the results to `sink` in input
    /// order, so output is the same whatever the thread count (SPEC
    /// section 5).
    fn for_each_input<T: Send>(
        &self,
        inputs: Vec<Result<Input, walk::Error>>,
        progress: &Progress,
        work: impl Fn(&Input) -> T + Sync,
        mut sink: impl FnMut(Result<T, walk::Error>) -> Result<(), Failure>,
    ) -> Result<(), Failure> {
        let run = |i: Result<Input, walk::Error>| {
            let done = i.map(|input| work(&input));
            progress.inc();
            done
        };
        let pool = match self {
            Workers::Here => return inputs.into_iter().map(run).try_for_each(sink),
            Workers::Pool(pool) => pool,
        };
        let mut inputs = inputs.into_iter().peekable();
        while inputs.peek().is_some() {
            let batch: Vec<Result<Input, walk::Error>> = inputs.by_ref().take(BATCH).collect();
            // One file a task: rayon splits a range further only when a
            // thread steals from it, so a quarter of a batch could sit on
            // one thread while the other waits for the batch to end.
            let results: Vec<Result<T, walk::Error>> =
                pool.install(|| batch.into_par_iter().with_max_len(1).map(run).collect());
            results.into_iter().try_for_each(&mut sink)?;
        }
        Ok(())
    }

    /// Runs `f` on each of `items`, one a task, as files are read.
    fn for_each_mut<T: Send>(&self, items: &mut [T], f: impl Fn(&mut T) + Sync) {
        match self {
            Workers::Here => items.iter_mut().for_each(f),
            Workers::Pool(pool) => {
                pool.install(|| items.par_iter_mut().with_max_len(1).for_each(&f))
            }
        }
    }
}

/// Threads a run may use, per core: past a few per core more threads only
/// contend (`-j 5000` took 70 s on a tree one thread checks in 0.3 s).
const THREADS_PER_CORE: usize = 4;

/// The thread count for `-j`: all cores when not given (or 0), else what
/// was asked, capped at [`THREADS_PER_CORE`] a core, with a note when it is.
fn threads(requested: Option<usize>) -> Option<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = THREADS_PER_CORE * cores;
    match requested {
        Some(n) if n > cap => {
            say(format!(
                "note: -j {n} capped at {cap} ({THREADS_PER_CORE} threads a core, {cores} cores)"
            ));
            Some(cap)
        }
        other => other,
    }
}

/// Stack of a worker thread, reserved, not used: room for deep recursion in
/// the parsers. html5gum goes a call deeper for each quoted attribute
/// value of a tag; the HTML reader reads a document with a tag of more
/// than 2,000 as text, which 2 MiB would take too.
const WORKER_STACK: usize = 256 << 20;

/// Runs a command.
pub fn run(cli: Cli) -> Result<Status, Failure> {
    match cli.command {
        None => check::run(&cli.check),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Extract(args)) => extract::run(&args),
        Some(Command::Rules) => {
            let mut out = io::stdout().lock();
            let width = docs().iter().map(|d| d.id.len()).max().unwrap_or(0);
            for d in docs() {
                io::Write::write_all(
                    &mut out,
                    format!(
                        "{:width$}  {:7}  {}\n",
                        d.id,
                        d.severity.as_str(),
                        d.summary
                    )
                    .as_bytes(),
                )?;
            }
            Ok(Status::Clean)
        }
        Some(Command::Completions { shell }) => {
            // Made whole, then written: a closed pipe is then an error
            // to report, where clap_complete's own writing panics.
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "urilint", &mut script);
            io::Write::write_all(&mut io::stdout().lock(), &script)?;
            Ok(Status::Clean)
        }
        Some(Command::Manpage { command }) => {
            let cmd = <Cli as clap::CommandFactory>::command();
            let man = match &command {
                None => clap_mangen::Man::new(cmd),
                Some(name) => {
                    let Some(sub) = cmd.find_subcommand(name).cloned() else {
                        return Err(Failure::Usage(format!("no command `{name}`")));
                    };
                    clap_mangen::Man::new(sub).title(format!("urilint-{name}"))
                }
            };
            let mut page = Vec::new();
            man.render(&mut page)?;
            io::Write::write_all(&mut io::stdout().lock(), &page)?;
            Ok(Status::Clean)
        }
        Some(Command::Explain { id }) => match doc(&id) {
            Some(d) => {
                io::Write::write_all(&mut io::stdout().lock(), d.to_markdown().as_bytes())?;
                Ok(Status::Clean)
            }
            None => Err(Failure::Usage(format!(
                "unknown rule `{id}` (see `urilint rules`)"
            ))),
        },
    }
}
