//! The command line (SPEC sections 3 and 8): clap's definitions of the
//! subcommands, their flags and their values.

use super::*;

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
    pub(super) command: Option<Command>,

    #[command(flatten)]
    pub(super) check: CheckArgs,
}

#[derive(Debug, Subcommand)]
pub(super) enum Command {
    /// Lint the URIs in files, directory trees or standard input (the default).
    Check(CheckArgs),
    /// Print the URIs found in files, directory trees or standard input.
    Extract(ExtractArgs),
    /// List the rules: id, group, default severity, whether it runs by
    /// default, whether it has a fix, and its summary.
    Rules {
        /// `text`: a table; `json`: an array of objects.
        #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
        format: RulesFormat,
    },
    /// Print a rule's documentation (`urilint rule ID` is the same).
    #[command(visible_alias = "rule")]
    Explain {
        /// The rule's id, as `urilint rules` lists it.
        #[arg(value_parser = SelectorParser, hide_possible_values = true)]
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
    /// Serve the Language Server Protocol on standard input and output,
    /// for editors: diagnostics, fixes, and links followed and completed.
    Server,
    /// Print the man page (roff), for `man -l -` or a package's
    /// `urilint.1`; with a command, its page (`urilint-extract.1`).
    Manpage {
        /// A command whose page to print.
        command: Option<String>,
    },
}

/// The names of the commands, and whether each is shown in help.
pub(super) fn commands() -> Vec<(String, bool)> {
    let mut names: Vec<(String, bool)> = Vec::new();
    for c in <Cli as clap::CommandFactory>::command().get_subcommands() {
        names.push((c.get_name().to_string(), !c.is_hide_set()));
        // `rule` is `explain` (as in ruff).
        names.extend(c.get_visible_aliases().map(|a| (a.to_string(), false)));
    }
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
pub(super) struct CheckArgs {
    /// Files or directories to check; `-` is standard input [default: `.`,
    /// unless --file-list is given].
    pub(super) paths: Vec<PathBuf>,

    /// Enable only these rules instead of the default set: comma-separated
    /// ids, groups (security, correctness, portability, style) or `all`.
    #[arg(
        help_heading = "Rule selection",
        long,
        value_delimiter = ',',
        value_name = "RULES",
        value_parser = SelectorParser,
        hide_possible_values = true
    )]
    pub(super) select: Option<Vec<String>>,

    /// Enable these rules (ids, groups or `all`) on top of the selection.
    #[arg(
        help_heading = "Rule selection",
        long,
        value_delimiter = ',',
        value_name = "RULES",
        value_parser = SelectorParser,
        hide_possible_values = true
    )]
    pub(super) extend_select: Vec<String>,

    /// Disable these rules (comma-separated ids, groups or `all`).
    #[arg(
        help_heading = "Rule selection",
        long,
        value_delimiter = ',',
        value_name = "RULES",
        value_parser = SelectorParser,
        hide_possible_values = true
    )]
    pub(super) ignore: Vec<String>,

    /// Report notes of every enabled rule; by default only the notes of
    /// rules selected by id, group or `all` are reported.
    #[arg(help_heading = "Rule selection", long)]
    pub(super) show_notes: bool,

    /// Exit 1 when a finding of this severity or above is found [default: warning].
    #[arg(
        help_heading = "Rule selection",
        long,
        value_enum,
        value_name = "SEVERITY"
    )]
    pub(super) fail_on: Option<SeverityArg>,

    /// Exit 0 even when findings are found (2 still means an input could
    /// not be read).
    #[arg(help_heading = "Rule selection", long)]
    pub(super) exit_zero: bool,

    /// Warn about `urilint: ignore` comments that silenced nothing.
    #[arg(help_heading = "Rule selection", long)]
    pub(super) report_unused_suppressions: bool,

    #[command(flatten)]
    pub(super) walk: WalkArgs,

    /// How to read inputs: `auto` picks the format from the file's name
    /// (`[formats]` globs in config first) and else from its first lines.
    #[arg(help_heading = "File selection", long, value_name = "FORMAT", default_value = "auto", value_parser = input_parser())]
    pub(super) input: InputChoice,

    /// Read code too: Markdown code blocks and spans, HTML `<pre>` and
    /// `<code>`, rST literal blocks, AsciiDoc listings.
    #[arg(help_heading = "File selection", long)]
    pub(super) include_code: bool,

    /// With `-`, read standard input as this file: its format, config
    /// globs and relative links come from this name, which the output
    /// shows. `--fix` writes the fixed text to standard output.
    #[arg(help_heading = "File selection", long, value_name = "NAME")]
    pub(super) stdin_filename: Option<PathBuf>,

    /// Output format.
    #[arg(help_heading = "Output", long, value_enum, default_value_t = CheckFormat::Human)]
    pub(super) format: CheckFormat,

    /// Write the report to this file instead of standard output. In a
    /// machine format (json, jsonl, sarif, junit, gitlab, github), the
    /// findings are shown on standard output too, as human lines: one run
    /// feeds an upload and a log.
    #[arg(help_heading = "Output", long, value_name = "PATH")]
    pub(super) output_file: Option<PathBuf>,

    /// When to colour human output: on a terminal with NO_COLOR unset (auto).
    #[arg(help_heading = "Output", long, value_enum, default_value_t = ColorArg::Auto)]
    pub(super) color: ColorArg,

    /// Print the diagnostics only, without the closing summary.
    #[arg(help_heading = "Output", short, long)]
    pub(super) quiet: bool,

    /// Print passwords found in URIs instead of `****`.
    #[arg(help_heading = "Output", long)]
    pub(super) show_secrets: bool,

    /// Print the number of findings per rule, most first, instead of the
    /// findings (the exit status is the same); with `--format json`, as
    /// an array of `rule`, `severity` and `count`.
    #[arg(help_heading = "Output", long)]
    pub(super) statistics: bool,

    /// Apply the safe fixes in place, then report what remains. With `-`,
    /// the fixed text goes to stdout and the findings to stderr.
    #[arg(help_heading = "Fixes", long, conflicts_with_all = ["write_baseline", "statistics"])]
    pub(super) fix: bool,

    /// Apply unsafe fixes too (they guess what was meant: a typo, a
    /// hyphen at a line break), with `--fix` or `--diff`.
    #[arg(help_heading = "Fixes", long)]
    pub(super) unsafe_fixes: bool,

    /// Print the fixes as a unified diff (for `git apply` or `patch -p1`)
    /// instead of writing them; print no findings. Exit 1 when there is
    /// something to fix.
    #[arg(help_heading = "Fixes", long, conflicts_with_all = ["fix", "write_baseline", "statistics"])]
    pub(super) diff: bool,

    /// Resolve `/`-rooted relative links (`/docs/x.md`) against this
    /// folder; without it they are not checked.
    #[arg(help_heading = "Links", long, value_name = "DIR")]
    pub(super) root: Option<PathBuf>,

    /// Check a site's own absolute URIs as links into the folder it is
    /// built from (repeatable): `https://docs.example.com/=site`.
    #[arg(help_heading = "Links", long, value_name = "URL=DIR")]
    pub(super) site: Vec<urilint::links::SiteMap>,

    /// Do not check that link fragments name anchors (`broken-fragment`).
    #[arg(help_heading = "Links", long)]
    pub(super) no_fragments: bool,

    /// List the links left unchecked (where the site model of their tree
    /// ends), with the reason, as records that never fail the run.
    #[arg(help_heading = "Links", long)]
    pub(super) show_unchecked: bool,

    /// `strict`: report every broken link, also in a group of links of one
    /// shape and place that almost never resolve, which by default is left
    /// unchecked as a convention urilint does not model (`[links] mode`).
    #[arg(help_heading = "Links", long, value_name = "MODE", value_enum)]
    pub(super) links: Option<LinksMode>,

    #[command(flatten)]
    pub(super) settings: SettingsArgs,

    /// Report only findings that are not in this baseline file.
    #[arg(
        help_heading = "Other",
        long,
        value_name = "FILE",
        conflicts_with = "write_baseline"
    )]
    pub(super) baseline: Option<PathBuf>,

    /// Record the current findings in this file (keyed by path, rule and
    /// normalized URI, not by line) and exit 0.
    #[arg(help_heading = "Other", long, value_name = "FILE")]
    pub(super) write_baseline: Option<PathBuf>,

    /// Print the settings a run would use (the config file, the rules
    /// enabled, the failing severity, the excludes) and stop.
    #[arg(help_heading = "Other", long)]
    pub(super) show_settings: bool,
}

#[derive(Debug, clap::Args)]
pub(super) struct ExtractArgs {
    /// Files or directories to read; `-` is standard input [default: `.`,
    /// unless --file-list is given].
    pub(super) paths: Vec<PathBuf>,

    /// `plain`: one URI a line. `jsonl`: one JSON object a URI with path,
    /// line, column, start, end, uri, delimiter, flags and format. `csv`,
    /// `tsv`: the same fields as columns, with a header row (RFC 4180).
    #[arg(help_heading = "Output", long, value_enum, default_value_t = ExtractFormat::Plain)]
    pub(super) format: ExtractFormat,

    /// Print each URI once, at its first position; URIs equal after
    /// normalization (RFC 3986 s6) count as one.
    #[arg(help_heading = "Output", long)]
    pub(super) unique: bool,

    /// Print each URI once (as --unique) with how often it occurs, how
    /// many files or messages it is in, and where it is first and last.
    /// Plain output: `COUNT<TAB>URI`; jsonl, csv and tsv add `count`,
    /// `files`, `first` and `last`.
    #[arg(help_heading = "Output", long)]
    pub(super) count: bool,

    /// Order of the list: `position` (as found, the default), `uri` or
    /// `host` (byte-wise on the normalized form; ties keep their order),
    /// `count` (most frequent first; implies --unique). Any order but
    /// `position` holds the list until the end.
    #[arg(help_heading = "Output", long, value_enum, default_value_t = SortKey::Position)]
    pub(super) sort: SortKey,

    /// The fields to print, in order (comma-separated), for csv, tsv and
    /// jsonl: path, line, column, start, end, uri, delimiter, flags,
    /// format, reference, message_id, date, subject, part, part_line; with
    /// --count also count, files, first, last, `first.line` and the like,
    /// and key (the normalized form it counts by); `+key` is every field,
    /// then key.
    #[arg(
        help_heading = "Output",
        long,
        value_name = "FIELD",
        value_delimiter = ','
    )]
    pub(super) fields: Vec<String>,

    /// Keep only URIs of these schemes (comma-separated, repeatable):
    /// `--scheme http,https`. Replaces `[extract] scheme` in config.
    #[arg(
        help_heading = "Filters",
        long,
        value_name = "SCHEME",
        value_delimiter = ','
    )]
    pub(super) scheme: Vec<String>,

    /// Keep only URIs whose host (normalized: lower case) matches this
    /// glob: `*.example.org` (which `example.org` does not match).
    /// Repeatable; replaces `[extract] host` in config.
    #[arg(help_heading = "Filters", long, value_name = "GLOB")]
    pub(super) host: Vec<String>,

    /// Keep only URIs this regex matches (as printed: redacted, and
    /// normalized with --normalize). Repeatable: any one may match.
    #[arg(help_heading = "Filters", long = "match", value_name = "REGEX")]
    pub(super) matching: Vec<String>,

    /// Leave out URIs this regex matches. Repeatable.
    #[arg(help_heading = "Filters", long, value_name = "REGEX")]
    pub(super) exclude_match: Vec<String>,

    /// Print URIs normalized (RFC 3986 s6.2.2, s6.2.3).
    #[arg(help_heading = "Output", long)]
    pub(super) normalize: bool,

    /// How to read inputs: `auto` picks the format from the file's name
    /// (`[formats]` globs in config first) and else from its first lines.
    #[arg(help_heading = "File selection", long, value_name = "FORMAT", default_value = "auto", value_parser = input_parser())]
    pub(super) input: InputChoice,

    /// Read code too: Markdown code blocks and spans, HTML `<pre>` and
    /// `<code>`, rST literal blocks, AsciiDoc listings.
    #[arg(help_heading = "File selection", long)]
    pub(super) include_code: bool,

    #[command(flatten)]
    pub(super) settings: SettingsArgs,

    #[command(flatten)]
    pub(super) walk: WalkArgs,

    /// Print passwords found in URIs instead of `****`.
    #[arg(help_heading = "Output", long)]
    pub(super) show_secrets: bool,

    /// Print the relative references of markup too (link targets and URL
    /// attributes without a scheme: `../guide.md#setup`, `img/a.png`).
    #[arg(help_heading = "Output", long)]
    pub(super) relative: bool,

    /// With --relative: resolve them (RFC 3986 s5.2) against this URL,
    /// the URL of the folder (or file) given on the command line.
    #[arg(
        help_heading = "Output",
        long,
        value_name = "URL",
        requires = "relative"
    )]
    pub(super) base: Option<String>,
}

/// Where settings come from.
#[derive(Debug, clap::Args)]
pub(super) struct SettingsArgs {
    /// Read settings from this file for every file, instead of the
    /// `urilint.toml`, `.urilint.toml` or `pyproject.toml` `[tool.urilint]`
    /// found from the paths checked upward (and in their folders).
    #[arg(help_heading = "Other", long, value_name = "FILE")]
    pub(super) config: Option<PathBuf>,

    /// Read no config file.
    #[arg(help_heading = "Other", long, conflicts_with = "config")]
    pub(super) isolated: bool,
}

/// How directories are walked (SPEC section 5).
#[derive(Debug, clap::Args)]
pub(super) struct WalkArgs {
    /// Follow symbolic links (loops are reported).
    #[arg(help_heading = "File selection", short = 'L', long)]
    pub(super) follow: bool,

    /// Leave out paths matching this glob (repeatable): a name anywhere
    /// (`vendor`, `*.min.js`) or, with a `/`, a path from here.
    #[arg(help_heading = "File selection", long, value_name = "GLOB")]
    pub(super) exclude: Vec<String>,

    /// Do not honour `.gitignore` and `.ignore` files.
    #[arg(help_heading = "File selection", long)]
    pub(super) no_ignore: bool,

    /// Walk the folders left out by default too: `node_modules`, `.venv`,
    /// `venv`, `site-packages`, `__pypackages__`, `build`, `_build`, `dist`,
    /// caches and tool folders (docs/config.md lists them).
    #[arg(help_heading = "File selection", long)]
    pub(super) no_default_excludes: bool,

    /// Apply the excludes to files named on the command line too (for
    /// pre-commit, which names files).
    #[arg(help_heading = "File selection", long)]
    pub(super) force_exclude: bool,

    /// Read these files too, listed in FILE (`-`: standard input) one a
    /// line, or NUL-separated if it holds a NUL byte (`git ls-files -z`),
    /// each as a walk finds it: one that looks binary is skipped.
    #[arg(help_heading = "File selection", long, value_name = "FILE")]
    pub(super) file_list: Option<PathBuf>,

    /// Print the files a run would read, in its order, one a line (jsonl:
    /// `path`, and `path_bytes` for a name that is not UTF-8), and stop.
    /// A binary file found in a walk is listed, and skipped when read.
    #[arg(help_heading = "File selection", long)]
    pub(super) show_files: bool,

    /// Threads to check files with [default: one per core].
    #[arg(help_heading = "File selection", short = 'j', long, value_name = "N")]
    pub(super) threads: Option<usize>,
}

/// Rule ids, groups and `all`, as shell completions offer them for
/// `--select`, `--extend-select`, `--ignore` and `rule`/`explain`. Any
/// value is taken here (a config's custom rules select too), and checked
/// with the config, with a suggestion for a typo.
#[derive(Clone)]
pub(super) struct SelectorParser;

impl clap::builder::TypedValueParser for SelectorParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        clap::builder::StringValueParser::new().parse_ref(cmd, arg, value)
    }

    fn possible_values(
        &self,
    ) -> Option<Box<dyn Iterator<Item = clap::builder::PossibleValue> + '_>> {
        let groups = urilint::rules::Group::ALL.map(|g| g.as_str());
        let ids = urilint::rules::docs().iter().map(|d| d.id.as_str());
        Some(Box::new(
            std::iter::once("all")
                .chain(groups)
                .chain(ids)
                .map(clap::builder::PossibleValue::new),
        ))
    }
}

/// `--input`: `auto` (`None`) or a format (SPEC section 9).
#[derive(Clone, Copy, Debug)]
pub(super) struct InputChoice(pub(super) Option<Format>);

/// `auto` and the formats' names, as `--input` takes them.
pub(super) fn input_parser() -> impl clap::builder::TypedValueParser<Value = InputChoice> {
    let names = std::iter::once("auto").chain(Format::ALL.iter().map(|f| f.as_str()));
    use clap::builder::TypedValueParser as _;
    clap::builder::PossibleValuesParser::new(names).map(|s: String| InputChoice(Format::parse(&s)))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum ExtractFormat {
    Plain,
    Jsonl,
    Csv,
    Tsv,
}

/// The order of `extract --sort`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum SortKey {
    Position,
    Uri,
    Host,
    Count,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum CheckFormat {
    Human,
    Json,
    Jsonl,
    Sarif,
    Github,
    /// JUnit XML: a test suite a file, a failing test case a finding.
    Junit,
    /// GitLab Code Quality JSON.
    Gitlab,
}

/// `urilint rules --format`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum RulesFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum SeverityArg {
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

/// `check --links`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum LinksMode {
    /// Groups of links that almost never resolve are left unchecked.
    Default,
    /// Every broken link is reported.
    Strict,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum ColorArg {
    Auto,
    Always,
    Never,
}
