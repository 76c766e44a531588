//! Command-line arguments and what each command does with them.

mod args;
mod check;
mod configs;
mod extract;

use args::{
    CheckArgs, CheckFormat, ColorArg, Command, ExtractArgs, ExtractFormat, RulesFormat,
    SettingsArgs, SortKey, WalkArgs,
};
pub use args::{Cli, mistyped};

use std::fmt;
use std::io;
use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};
use urilint::config::Config;
use urilint::format::Format;
use urilint::rules::{Severity, doc, docs};
use urilint::walk::WalkOptions;

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

/// Writes `urilint: MESSAGE` to stderr, redacted and escaped
/// ([`urilint::report::say`]).
pub fn say(message: impl fmt::Display) {
    urilint::report::say(&message.to_string());
}

/// Prints clap's error for a command line it could not read, and its exit
/// status (2; 0 for `--help` and `--version`). clap quotes the argument it
/// refused (`invalid value 'https://u:pw@h/' for '--format'`), so what it
/// says is redacted as every message is (SPEC section 10, issue 49); it
/// keeps its colors only when there was nothing to redact.
pub fn usage_error(e: &clap::Error) -> std::process::ExitCode {
    let plain = e.render().to_string();
    let mut redacted = urilint::redact::redact_text(&plain);
    // A value clap quotes (`'u:pw@host=dir'`) is hidden before its last
    // `@`, scheme or not: when in doubt, hide more.
    static QUOTED_AT: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"'[^'\s]*@").expect("a valid pattern"));
    if QUOTED_AT.is_match(&redacted) {
        let masked = QUOTED_AT.replace_all(&redacted, "'****@").into_owned();
        redacted = std::borrow::Cow::Owned(masked);
    }
    let code = std::process::ExitCode::from(e.exit_code().clamp(0, 255) as u8);
    if matches!(redacted, std::borrow::Cow::Borrowed(_)) {
        let _ = e.print();
        return code;
    }
    use io::Write;
    match e.use_stderr() {
        true => {
            let _ = write!(io::stderr().lock(), "{redacted}");
        }
        false => {
            let _ = write!(io::stdout().lock(), "{redacted}");
        }
    }
    code
}

/// A usage failure from any error the user has to fix.
pub(super) fn usage(e: impl fmt::Display) -> Failure {
    Failure::Usage(e.to_string())
}

/// The config the settings name: `--isolated` none, `--config FILE` that
/// file, otherwise the nearest `urilint.toml`, `.urilint.toml` or
/// `pyproject.toml` with `[tool.urilint]` upward from the folder the
/// paths have in common (a file's own folder; for `-`, the folder of
/// `--stdin-filename`'s name, or the working directory), up to the
/// repository root: `urilint proj/docs` from the parent folder reads
/// `proj/urilint.toml` (SPEC section 13). Returns the file's path too,
/// and the folder it was looked for from (where configs of folders below
/// start), `None` for a config named or none: it applies to every file.
#[allow(clippy::type_complexity)]
fn load_config(
    args: &SettingsArgs,
    paths: &[PathBuf],
    stdin_name: Option<&std::path::Path>,
) -> Result<(Option<PathBuf>, Config, Option<PathBuf>), Failure> {
    if args.isolated {
        return Ok((None, Config::default(), None));
    }
    if let Some(path) = &args.config {
        return Ok((Some(path.clone()), Config::load(path).map_err(usage)?, None));
    }
    let cwd = std::env::current_dir().map_err(usage)?;
    let start = common_folder(&cwd, paths, stdin_name);
    // Named as found from here, as the config's later errors name it.
    let found = Config::discover(&start).map_err(|e| configs::named(&cwd, e))?;
    Ok(match found {
        Some((path, config)) => (Some(shown_from(&cwd, &path)), config, Some(start)),
        None => (None, Config::default(), Some(start)),
    })
}

/// The folder `paths` have in common, absolute and without `.` or `..`:
/// a folder itself, a file's (or a missing path's) folder; `-` stands
/// for `stdin_name`'s folder, or the working directory.
fn common_folder(
    cwd: &std::path::Path,
    paths: &[PathBuf],
    stdin_name: Option<&std::path::Path>,
) -> PathBuf {
    use std::path::Path;
    let folder_of = |p: &Path| -> PathBuf {
        let p = match (p.as_os_str() == "-", stdin_name) {
            (true, Some(name)) => name.parent().unwrap_or(Path::new("")).to_path_buf(),
            (true, None) => PathBuf::new(),
            (false, _) if p.is_dir() => p.to_path_buf(),
            (false, _) => p.parent().unwrap_or(Path::new("")).to_path_buf(),
        };
        urilint::paths::lexical(&cwd.join(p))
    };
    let mut folders = paths.iter().map(|p| folder_of(p));
    let Some(mut common) = folders.next() else {
        return cwd.to_path_buf();
    };
    for f in folders {
        while !f.starts_with(&common) {
            if !common.pop() {
                break;
            }
        }
    }
    common
}

/// A config's path as found (absolute), shown from the working directory
/// when it lies there or below (`urilint.toml`, `proj/urilint.toml`).
pub(super) fn shown_from(cwd: &std::path::Path, path: &std::path::Path) -> PathBuf {
    match path.strip_prefix(cwd) {
        Ok(rel) if !rel.as_os_str().is_empty() => rel.to_path_buf(),
        _ => path.to_path_buf(),
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
        no_default_excludes: args.no_default_excludes,
        force_exclude: args.force_exclude,
        listed: match &args.file_list {
            None => Vec::new(),
            Some(list) => read_list(list)?,
        },
        ..WalkOptions::default()
    };
    options
        .exclude
        .add(&urilint::config::base_dir(config_path), &config.exclude)
        .map_err(|e| usage(format!("`exclude`: {e}")))?;
    options
        .exclude
        .add(std::path::Path::new("."), &args.exclude)
        .map_err(|e| usage(format!("--exclude: {e}")))?;
    Ok(options)
}

/// The paths of `--file-list FILE` (`-`: standard input).
fn read_list(list: &std::path::Path) -> Result<Vec<PathBuf>, Failure> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let read = if list.as_os_str() == "-" {
        io::stdin().lock().read_to_end(&mut bytes)
    } else {
        std::fs::File::open(list).and_then(|mut f| f.read_to_end(&mut bytes))
    };
    read.map_err(|e| usage(format!("--file-list {}: {e}", list.display())))?;
    Ok(urilint::walk::file_list(&bytes))
}

/// The paths to read: those given, else `.` unless `--file-list` gave
/// some. `-` for both the paths and the list is an error: standard
/// input is read once.
fn paths_of(paths: &[PathBuf], walk: &WalkArgs) -> Result<Vec<PathBuf>, Failure> {
    let list_stdin = walk
        .file_list
        .as_ref()
        .is_some_and(|l| l.as_os_str() == "-");
    if list_stdin && paths.iter().any(|p| p.as_os_str() == "-") {
        return Err(usage(
            "`-` names standard input once: as a path or as --file-list, not both",
        ));
    }
    Ok(match (paths.is_empty(), &walk.file_list) {
        (true, None) => vec![PathBuf::from(".")],
        _ => paths.to_vec(),
    })
}

/// `--show-files`: the files a run over `paths` would read, in its order,
/// one a line, redacted as output names are unless `show_secrets` (then
/// a name's own bytes; in jsonl, `path_bytes` when they are not UTF-8).
/// A path that cannot be read is said on stderr, and the status is 2.
fn show_files(
    paths: &[PathBuf],
    walk: &WalkOptions,
    jsonl: bool,
    show_secrets: bool,
) -> Result<Status, Failure> {
    use std::io::Write;
    use std::os::unix::ffi::OsStrExt;
    use urilint::walk::display_path;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut status = Status::Clean;
    for input in urilint::walk::inputs(paths, walk) {
        let input = match input {
            Ok(i) => i,
            Err(e) => {
                say(e);
                status = Status::SomeInputsFailed;
                continue;
            }
        };
        let Some(path) = input.path() else {
            writeln!(out, "{}", if jsonl { r#"{"path":"-"}"# } else { "-" })?;
            continue;
        };
        let raw = path.as_os_str().as_bytes();
        match (jsonl, show_secrets) {
            (false, true) => {
                out.write_all(raw)?;
                out.write_all(b"\n")?;
            }
            (false, false) => writeln!(
                out,
                "{}",
                urilint::report::escape_controls(&display_path(path))
            )?,
            (true, _) => {
                let shown = if show_secrets {
                    String::from_utf8_lossy(raw).into_owned()
                } else {
                    display_path(path)
                };
                let mut record = serde_json::json!({ "path": shown });
                let bytes = match (path.to_str(), show_secrets) {
                    (Some(_), _) => None,
                    (None, true) => Some(raw.to_vec()),
                    (None, false) => input.path_bytes(),
                };
                if let Some(bytes) = bytes {
                    record["path_bytes"] = bytes.into();
                }
                serde_json::to_writer(&mut out, &record).map_err(io::Error::from)?;
                out.write_all(b"\n")?;
            }
        }
    }
    out.flush()?;
    Ok(status)
}

/// Threads a run may use, per core: past a few per core more threads only
/// contend (`-j 5000` took 70 s on a tree one thread checks in 0.3 s).
pub const THREADS_PER_CORE: usize = 4;

/// The thread count for `-j`: all cores when not given (or 0), else what
/// was asked, capped at [`THREADS_PER_CORE`] a core, with a note when it is.
pub fn threads(requested: Option<usize>) -> Option<usize> {
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

/// `urilint rules`: a table of the rules, a row each, as ruff's `rule
/// --all` lists them: id, group, default severity, on by default, fix
/// (`safe`, `unsafe` or `-`), summary.
fn rules_table() -> String {
    let width = docs().iter().map(|d| d.id.len()).max().unwrap_or(0);
    let mut out = format!(
        "{:width$}  {:11}  {:8}  {:7}  {:6}  SUMMARY\n",
        "RULE", "GROUP", "SEVERITY", "DEFAULT", "FIX"
    );
    for d in docs() {
        out += &format!(
            "{:width$}  {:11}  {:8}  {:7}  {:6}  {}\n",
            d.id,
            d.group.as_str(),
            d.severity.as_str(),
            if d.default { "yes" } else { "no" },
            d.fix.map_or("-", |f| f.as_str()),
            d.summary
        );
    }
    out
}

/// `urilint rules --format json`: the table's rows as objects, with each
/// rule's documentation page.
fn rules_json() -> String {
    let rows: Vec<serde_json::Value> = docs()
        .iter()
        .map(|d| {
            serde_json::json!({
                "rule": d.id,
                "group": d.group.as_str(),
                "severity": d.severity.as_str(),
                "default": d.default,
                "fix": d.fix.map(|f| f.as_str()),
                "summary": d.summary,
                "url": urilint::rules::doc_url(&d.id),
            })
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&rows).expect("serializable");
    text.push('\n');
    text
}

/// The main man page's sections that clap does not make (roff).
const MAN_SECTIONS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
Nothing at or above the failing severity (\fB\-\-fail\-on\fR, default warning) was found, or \fB\-\-exit\-zero\fR was given.
.TP
\fB1\fR
Something at or above it was found; with \fB\-\-diff\fR, something would be fixed.
.TP
\fB2\fR
A usage or config error, or a path that could not be read (the other paths are still checked).
.SH ENVIRONMENT
.TP
\fBNO_COLOR\fR
When set and not empty, human output is not coloured (unless \fB\-\-color always\fR).
.TP
\fBCI\fR
When set, no progress line is drawn.
.SH FILES
.TP
\fBurilint.toml\fR, \fB.urilint.toml\fR, \fBpyproject.toml\fR
The config (in \fBpyproject.toml\fR, its \fB[tool.urilint]\fR table), the nearest one from the paths checked upward to the repository root; a folder with its own is checked with it (\fB\-\-config\fR names one for every file, \fB\-\-isolated\fR reads none).
.TP
\fB.gitignore\fR, \fB.ignore\fR
Files they name are not walked (\fB\-\-no\-ignore\fR).
.SH EXAMPLES
.TP
\fBurilint docs/\fR
Check a documentation tree with the default rules.
.TP
\fBurilint \-\-format sarif \-\-output\-file urilint.sarif docs/\fR
Write SARIF for an upload, and show the findings on the terminal.
.TP
\fBurilint \-\-fix docs/\fR
Apply the safe fixes in place.
.TP
\fBurilint extract \-\-count \-\-format csv list.mbox\fR
Count the links of a mail archive, with their first and last messages.
.TP
\fBurilint rule embedded\-password\fR
Explain a rule.
"#;

/// Runs a command.
pub fn run(cli: Cli) -> Result<Status, Failure> {
    match cli.command {
        None => check::run(&cli.check),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Extract(args)) => extract::run(&args),
        Some(Command::Rules { format }) => {
            let text = match format {
                RulesFormat::Text => rules_table(),
                RulesFormat::Json => rules_json(),
            };
            io::Write::write_all(&mut io::stdout().lock(), text.as_bytes())?;
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
            if command.is_none() {
                page.extend_from_slice(MAN_SECTIONS.as_bytes());
            }
            io::Write::write_all(&mut io::stdout().lock(), &page)?;
            Ok(Status::Clean)
        }
        // Exit status 1 when the client exits without shutting down
        // first (LSP 3.17 "exit").
        Some(Command::Server) => match urilint::server::serve()? {
            true => Ok(Status::Clean),
            false => Ok(Status::Found),
        },
        Some(Command::Explain { id }) => match doc(&id) {
            Some(d) => {
                io::Write::write_all(&mut io::stdout().lock(), d.to_markdown().as_bytes())?;
                Ok(Status::Clean)
            }
            None => Err(Failure::Usage(format!(
                "unknown rule `{id}` (see `urilint rules`){}",
                urilint::rules::suggestion(&id, &[])
            ))),
        },
    }
}
