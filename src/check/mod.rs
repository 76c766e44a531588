//! `check` as a library: a [`Checker`] built once from the config and a
//! run's [`Options`] drives each input through walk -> read (format) ->
//! scan -> rules -> link phase -> suppressions, baseline and per-file
//! ignores -> fixes, and hands each final record to a [`Sink`] (SPEC
//! sections 4, 5, 9, 11 and 12).
//!
//! Records are handed on as they become final, so a single input of any
//! size (a 4 GB stream on stdin) is checked in bounded memory. With several
//! inputs, each file's records wait for the files before it, for output in
//! path order.
//!
//! ```no_run
//! use urilint::check::{Checker, Options};
//! use urilint::config::Config;
//! use urilint::report::Collected;
//!
//! let config = Config::default();
//! let linter = config.linter_builder()?.build()?;
//! let mut checker = Checker::new(&config, None, linter, Options::default())?;
//! let mut sink = Collected::default();
//! let paths = [std::path::PathBuf::from("docs")];
//! let outcome = checker
//!     .run(&paths, &Default::default(), &mut sink)
//!     .map_err(|stopped| stopped.error)?;
//! for r in &sink.records {
//!     println!("{}:{}:{}: {} {}", r.path, r.line, r.column, r.rule, r.message);
//! }
//! assert_eq!(outcome.counts.iter().sum::<usize>(), sink.records.len());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use crate::baseline::Baseline;
use crate::config::{Config, PerFileIgnores};
use crate::document::Located;
use crate::document::mail::{MailEvent, MailEvents};
use crate::drive::{Progress, Reading, Spool, Stop, Whole, Workers};
use crate::format::{Format as DocFormat, MAX_PARSED, Reference};
use crate::links::{LinkOptions, Links, Problem, SiteMap, Source, Tally, Unchecked};
use crate::report::{MailContext, Record, shown_uri};
use crate::rules::Linter;
use crate::scan::{Finding, Scanner};
use crate::suppress::{DirectiveReader, Directives};
use crate::walk::{self, Input, WalkOptions};

mod document;
mod fix;
mod gate;
mod links;
mod one;
mod snippet;

pub use crate::report::Sink;
pub use fix::Fixing;

use fix::streamed_fix;
use gate::{Baselines, Gate};
use links::link_checker;

/// How a run checks its inputs: the command line's flags, over the config.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--input`: every input read as this format.
    pub input: Option<DocFormat>,
    /// `--include-code`: URIs in code blocks and spans are checked too.
    pub include_code: bool,
    /// Attach each record's source line (human output).
    pub snippets: bool,
    /// `--show-secrets`.
    pub show_secrets: bool,
    /// `--report-unused-suppressions`.
    pub report_unused: bool,
    /// `--fix` or `--diff` (SPEC section 12).
    pub fixing: Option<Fixing>,
    /// `--unsafe-fixes`.
    pub unsafe_fixes: bool,
    /// `--show-unchecked`: links left unchecked are handed on as records
    /// with a reason (SPEC section 11a).
    pub show_unchecked: bool,
    /// `-j`: `Some(1)` checks on the calling thread; `None`, all cores.
    pub threads: Option<usize>,
    /// Whether a progress line may show while a tree is read for its
    /// links (not under `--quiet`).
    pub progress: bool,
    /// `--baseline FILE`: findings it holds are not handed on.
    pub baseline: Option<PathBuf>,
    /// `--write-baseline FILE`: findings are collected into
    /// [`Outcome::recorded`] for this file instead of handed on.
    pub write_baseline: Option<PathBuf>,
    /// Link integrity's flags (SPEC section 11).
    pub links: LinkFlags,
    /// Folder listings and anchors learned are kept from one run to the
    /// next, for a caller that knows when files change and calls
    /// [`Checker::forget_links`] then (an editor's language server).
    /// Otherwise each run starts afresh.
    pub keep_links: bool,
}

/// The flags of link integrity (SPEC section 11), over `[links]` in config.
#[derive(Clone, Debug, Default)]
pub struct LinkFlags {
    /// `--root`: where root-relative links (`/docs/a.md`) point.
    pub root: Option<PathBuf>,
    /// `--site URL=DIR`: absolute URIs into a site checked in its tree.
    pub sites: Vec<SiteMap>,
    /// `--no-fragments`: `#fragment`s are not checked.
    pub no_fragments: bool,
    /// `-L`: symbolic links are followed to their targets.
    pub follow_links: bool,
    /// Pages whose text is held elsewhere than on disk (an editor's
    /// unsaved buffers): links into them are checked against that text.
    pub pages: Option<crate::links::Pages>,
    /// `--links strict` (`Some(true)`) or `--links default`: whether the
    /// model-fit gate is off (SPEC section 11b); `None`, as the config
    /// says.
    pub strict: Option<bool>,
}

/// A run's checker: the config's rules, formats, schemes and link models,
/// built once.
pub struct Checker {
    options: Options,
    reading: Reading,
    linter: Linter,
    links: Option<Links>,
    per_file: PerFileIgnores,
    baselines: Baselines,
    /// A run has learned anchors and listed folders: the next starts
    /// afresh, since files (and the text in memory) may have changed.
    ran: bool,
}

/// What a run found: the summary's figures and the exit code's.
#[derive(Debug, Default)]
pub struct Outcome {
    /// Records handed on, by severity (notes, warnings, errors).
    pub counts: [usize; 3],
    /// Records handed on with a fix, safe and unsafe (SPEC section 12).
    pub fixable: [usize; 2],
    /// Fixes applied (`--fix`) or that would be (`--diff`), and in how
    /// many files.
    pub fixed: (usize, usize),
    /// Inputs read and checked to the end.
    pub files: usize,
    /// URIs found in them (relative references are not counted).
    pub uris: usize,
    /// Findings a baseline (`--baseline`) hid.
    pub baselined: usize,
    /// Some input could not be read (the others were still checked).
    pub failed: bool,
    /// Links left unchecked, by reason (SPEC section 11a).
    pub unchecked: Tally,
    /// `--write-baseline`: the findings, for the file.
    pub recorded: Option<Baseline>,
}

/// A run stopped by its sink (a closed pipe), or refused (text in memory
/// under `Fixing::Write`): the error, and what was found until then.
#[derive(Debug)]
pub struct Stopped {
    /// The sink's error.
    pub error: io::Error,
    /// What the run had found when it stopped.
    pub outcome: Box<Outcome>,
}

impl Outcome {
    /// Adds what another run found (one config's files of a run over
    /// several).
    pub fn merge(&mut self, other: Outcome) {
        for i in 0..3 {
            self.counts[i] += other.counts[i];
        }
        for i in 0..2 {
            self.fixable[i] += other.fixable[i];
        }
        self.fixed.0 += other.fixed.0;
        self.fixed.1 += other.fixed.1;
        self.files += other.files;
        self.uris += other.uris;
        self.baselined += other.baselined;
        self.failed |= other.failed;
        self.unchecked.checked += other.unchecked.checked;
        for (reason, n) in other.unchecked.unchecked {
            *self.unchecked.unchecked.entry(reason).or_insert(0) += n;
        }
        match (&mut self.recorded, other.recorded) {
            (Some(mine), Some(theirs)) => mine.merge(theirs),
            (mine @ None, theirs) => *mine = theirs,
            _ => {}
        }
    }
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the check stopped: {}", self.error)
    }
}

impl std::error::Error for Stopped {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// One run's view of the checker: the folders it was given, and the
/// files `--fix` reaches by a second name.
struct Pass<'a> {
    options: &'a Options,
    reading: &'a Reading,
    scanner: &'a Scanner,
    linter: &'a Linter,
    /// Link integrity, when a rule that checks links is enabled (SPEC
    /// section 11).
    links: Option<&'a Links>,
    /// The folders named on the command line: a file found under one is
    /// checked in that tree.
    trees: std::collections::HashSet<PathBuf>,
    /// `[per-file-ignores]`: their rules' fixes are not applied.
    per_file: &'a PerFileIgnores,
    /// Under `--fix`, the inputs that name a file an earlier input names
    /// too (`-L`, a link and its target): a file is fixed once, under the
    /// first of its names, and only checked under the others.
    aliases: std::collections::HashSet<PathBuf>,
}

/// What link integrity needs of a checked file, kept until every file's
/// anchors are known (SPEC section 11).
#[derive(Default)]
struct LinkWork {
    /// Its relative references.
    refs: Vec<Reference>,
    /// The format they were read in.
    format: Option<DocFormat>,
    /// Its `--site` URIs.
    site: Vec<Finding>,
    /// Where the secrets of its relative references are written, for
    /// the source lines of its link findings.
    written: Vec<std::ops::Range<u64>>,
    /// Its suppressions, and the lines of those that silenced something.
    directives: Option<Directives>,
    used: std::collections::HashSet<u64>,
    /// Fixes applied to it, or that would be (`--diff`).
    fixed: usize,
    /// Its unified diff (`--diff`).
    diff: Vec<u8>,
    /// It was not read: a binary file found in a walk.
    skipped: bool,
    /// URIs found in it.
    uris: usize,
    /// Findings about its suppression comments, known once it is read
    /// (SPEC section 13): they go out among its records, by position.
    late: Vec<Record>,
}

/// A file checked, its records waiting for its links' (SPEC section 11).
struct Checked {
    input: Input,
    records: Spool<Record>,
    /// Records of its links, in position order: they go out among
    /// `records`.
    links: Vec<Record>,
    warnings: Vec<String>,
    error: Option<String>,
    /// What its links need, and its fixes, its diff, whether it was read.
    work: LinkWork,
    unchecked: Unchecked,
    /// Its broken links, by reference index, once resolved, until the
    /// model-fit gate has seen every file's (SPEC section 11b).
    problems: Vec<(usize, Problem)>,
    /// What its links were seen to do, for the gate.
    seen: crate::links::fit::FileSeen,
}

impl Checker {
    /// A checker of `linter`'s rules, reading as `config` says (its globs
    /// from `config_path`'s folder). An error is the user's to fix: a bad
    /// glob or scheme in the config, a `--root` or `--site` folder that is
    /// none, a baseline that cannot be read.
    pub fn new(
        config: &Config,
        config_path: Option<&Path>,
        linter: Linter,
        options: Options,
    ) -> Result<Checker, String> {
        // In the order the command has always reported them.
        let baselines = Baselines::of(&options)?;
        let per_file = config
            .per_file_ignores(&crate::config::base_dir(config_path))
            .map_err(|e| e.to_string())?;
        let reading = Reading::new(
            options.input,
            config,
            config_path,
            options.include_code,
            true,
        )?;
        let links = match linter.checks_links() {
            true => Some(link_checker(&options.links, config, config_path, &reading)?),
            false => None,
        };
        Ok(Checker {
            options,
            reading,
            linter,
            links,
            per_file,
            baselines,
            ran: false,
        })
    }

    /// Checks the files and trees of `paths` (`-` for standard input),
    /// walked under `walk`, handing each final record to `sink` in output
    /// order (SPEC section 5). A file found under a folder of `paths` has
    /// its `/`-rooted links checked in that tree (SPEC section 11).
    pub fn run(
        &mut self,
        paths: &[PathBuf],
        walk: &WalkOptions,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, Stopped> {
        let inputs = walk::inputs(paths, walk);
        let trees: Vec<PathBuf> = paths.iter().filter(|p| p.is_dir()).cloned().collect();
        self.run_inputs(inputs, &trees, sink)
    }

    /// Checks `inputs` as [`Checker::run`] does those of its walk: a file
    /// under one of the folders `trees` has its `/`-rooted links checked
    /// in that tree. For a caller that walked already (a run over folders
    /// that hold configs of their own checks each config's files with a
    /// checker of its own).
    pub fn run_inputs(
        &mut self,
        mut inputs: Vec<Result<Input, walk::Error>>,
        trees: &[PathBuf],
        sink: &mut dyn Sink,
    ) -> Result<Outcome, Stopped> {
        // A baseline is urilint's own output, never its input.
        let own = [&self.options.baseline, &self.options.write_baseline];
        for file in own.into_iter().flatten() {
            inputs.retain(
                |i| !matches!(i, Ok(Input::File { path, .. }) if crate::drive::same_file(path, file)),
            );
        }
        self.check_inputs(inputs, trees, sink)
    }

    /// Checks `text` as the file at `path` would be checked if it held
    /// it (an editor's unsaved buffer): read as that file's format, its
    /// relative links resolved from its folder, inside `tree` (the
    /// folder a `/`-rooted link and a link leaving it are judged by; by
    /// default the working directory for a relative `path`, else `path`'s
    /// folder). A buffer is never written: `--fix` is refused,
    /// `--diff` shows its fixes. Its own `#fragment`s are checked against
    /// its text when `path` is a file on disk; for a file not saved yet
    /// they are not checked (the tree knows files by its folders'
    /// listings).
    ///
    /// ```
    /// use urilint::check::{Checker, Options};
    /// use urilint::config::Config;
    /// use urilint::report::Collected;
    ///
    /// let config = Config::default();
    /// let linter = config.linter_builder()?.build()?;
    /// let mut checker = Checker::new(&config, None, linter, Options::default())?;
    /// let mut sink = Collected::default();
    /// // A draft saved once, and edited since.
    /// let dir = tempfile::tempdir()?;
    /// let draft = dir.path().join("draft.md");
    /// std::fs::write(&draft, "# Draft\n")?;
    /// let text = b"# Setup\n\n[a](#setup) [b](#install) <ftp://u:pw@files.acme.net/>\n";
    /// checker
    ///     .check_text(&draft, text, Some(dir.path()), &mut sink)
    ///     .map_err(|stopped| stopped.error)?;
    /// let found: Vec<(u64, &str, &str)> = sink
    ///     .records
    ///     .iter()
    ///     .map(|r| (r.line, r.rule.as_str(), r.uri.as_str()))
    ///     .collect();
    /// assert_eq!(
    ///     found,
    ///     [
    ///         (3, "broken-fragment", "#install"),
    ///         (3, "embedded-password", "ftp://u:****@files.acme.net/"),
    ///     ]
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_text(
        &mut self,
        path: &Path,
        text: &[u8],
        tree: Option<&Path>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, Stopped> {
        if self.options.fixing == Some(Fixing::Write) {
            return Err(Stopped {
                error: io::Error::new(
                    io::ErrorKind::InvalidInput,
                    "text in memory is not written: check it with --diff to see its fixes",
                ),
                outcome: Box::default(),
            });
        }
        let input = Input::Buffer {
            path: path.to_path_buf(),
            bytes: text.into(),
            stdin: false,
        };
        let trees: Vec<PathBuf> = tree.into_iter().map(Path::to_path_buf).collect();
        self.check_inputs(vec![Ok(input)], &trees, sink)
    }

    /// Forgets the folder listings and anchors learned (under
    /// [`Options::keep_links`]): files were created, deleted or changed.
    pub fn forget_links(&mut self) {
        if let Some(links) = &self.links {
            self.links = Some(links.fresh());
        }
    }

    /// The format the file at `path`, whose text starts with `text`, is
    /// read as: `--input`, then a `[formats]` glob, then its name, then
    /// its first 4 KiB, as a file's are read (SPEC section 9).
    pub fn format_of(&self, path: &Path, text: &[u8]) -> DocFormat {
        let head = &text[..text.len().min(4096)];
        self.reading
            .globs
            .choose(self.reading.input, Some(path), head)
    }

    /// `text`, as the file at `path` holds it, with the fixes `--fix`
    /// would apply (its unsafe ones too under `unsafe_fixes`; not those
    /// of rules `[per-file-ignores]` turns off for it, nor suppressed
    /// ones) (SPEC section 12); `None` when there are none.
    ///
    /// ```
    /// use urilint::check::{Checker, Options};
    /// use urilint::config::Config;
    ///
    /// let config = Config::default();
    /// let linter = config.linter_builder()?.select(["style"]).build()?;
    /// let checker = Checker::new(&config, None, linter, Options::default())?;
    /// let path = std::path::Path::new("page.md");
    /// let fixed = checker.fix_text(path, b"See <HTTP://Example.COM/a>.\n");
    /// assert_eq!(fixed.as_deref(), Some(&b"See <http://example.com/a>.\n"[..]));
    /// assert_eq!(checker.fix_text(path, b"Fine.\n"), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fix_text(&self, path: &Path, text: &[u8]) -> Option<Vec<u8>> {
        let format = self.format_of(path, text);
        let fixer =
            crate::fix::Fixer::new(&self.reading.scanner, &self.linter, self.reading.options)
                .unsafe_fixes(self.options.unsafe_fixes);
        let fixed = fixer.fix(format, text, &|rule| self.per_file.ignores(path, rule));
        (fixed.applied.values().sum::<usize>() > 0).then_some(fixed.text)
    }

    /// Checks `text`, read from standard input, as the file at `path`
    /// (`--stdin-filename`): as [`Checker::check_text`] does, in the
    /// working directory's tree, but `--fix` (`Fixing::Write`) writes the
    /// text to standard output, fixed, as it does for `-`.
    pub fn check_stdin(
        &mut self,
        path: &Path,
        text: Vec<u8>,
        sink: &mut dyn Sink,
    ) -> Result<Outcome, Stopped> {
        let input = Input::Buffer {
            path: path.to_path_buf(),
            bytes: text.into(),
            stdin: true,
        };
        self.check_inputs(vec![Ok(input)], &[], sink)
    }

    /// Checks `inputs` (files, standard input, text in memory) in their
    /// order, a file under one of `trees` checked in that tree.
    fn check_inputs(
        &mut self,
        inputs: Vec<Result<Input, walk::Error>>,
        trees: &[PathBuf],
        sink: &mut dyn Sink,
    ) -> Result<Outcome, Stopped> {
        self.reading.one_input(inputs.len(), self.options.threads);
        if std::mem::replace(&mut self.ran, true)
            && !self.options.keep_links
            && let Some(links) = &self.links
        {
            self.links = Some(links.fresh());
        }
        let trees = trees.iter().cloned().collect();
        let mut gate = Gate {
            sink,
            baselines: self.baselines.clone(),
            per_file: &self.per_file,
            outcome: Outcome::default(),
            path_bytes: None,
        };
        match self.pass(trees, &inputs).check(inputs, &mut gate) {
            Ok(()) => {
                gate.outcome.recorded = gate.baselines.recording.take();
                Ok(gate.outcome)
            }
            Err(error) => Err(Stopped {
                error,
                outcome: Box::new(gate.outcome),
            }),
        }
    }

    /// The run's view of the checker.
    fn pass(
        &self,
        trees: std::collections::HashSet<PathBuf>,
        inputs: &[Result<Input, walk::Error>],
    ) -> Pass<'_> {
        Pass {
            options: &self.options,
            reading: &self.reading,
            scanner: &self.reading.scanner,
            linter: &self.linter,
            links: self.links.as_ref(),
            trees,
            per_file: &self.per_file,
            aliases: match self.options.fixing {
                Some(Fixing::Write) => one::aliases(inputs),
                _ => Default::default(),
            },
        }
    }
}

impl Pass<'_> {
    /// Checks the inputs, handing their records through `gate`.
    fn check(
        &self,
        mut inputs: Vec<Result<Input, walk::Error>>,
        gate: &mut Gate,
    ) -> io::Result<()> {
        // Findings about suppression comments are known once a file is
        // read, and go out among its records by position: through the
        // gate's merge, not as they are found.
        let comments = self.linter.reports_comments();
        let streamed = !comments
            && match inputs.as_slice() {
                [Ok(Input::Stdin)] => true,
                [Ok(input)] => self.links_stay_in(input),
                _ => false,
            };
        // One input is checked on the calling thread: a pool would only
        // hand it over (an editor checks one text at every change).
        let threads = match inputs.len() {
            1 => Some(1),
            _ => self.options.threads,
        };
        let workers = || Workers::new(threads).map_err(io::Error::other);
        if streamed && let [Ok(input)] = inputs.as_mut_slice() {
            // One input: records go out as they are found.
            let mut warnings: Vec<String> = Vec::new();
            gate.path_bytes = input.path_bytes();
            let result = self.check_one(input, &mut |r| gate.record(r), &mut |w| warnings.push(w));
            for w in warnings {
                gate.say(&w)?;
            }
            match result {
                Ok(mut work) => {
                    // A lone file's links all point into it: its
                    // suppressions are known to be used or not now.
                    if let Some(directives) = work.directives.take() {
                        let mut unused: Vec<String> = Vec::new();
                        let name = input.display_name();
                        self.unused(
                            &name,
                            &directives,
                            &work.used,
                            &mut |w| unused.push(w),
                            &mut work.late,
                        );
                        for w in unused {
                            gate.say(&w)?;
                        }
                    }
                    // Streamed only when no rule reports comments.
                    debug_assert!(work.late.is_empty());
                    gate.outcome.files += usize::from(!work.skipped);
                    gate.outcome.uris += work.uris;
                    gate.fixes(work.fixed, &work.diff)
                }
                Err(Stop::Output(e)) => Err(e),
                Err(Stop::Input(message)) => gate.failed(&message),
            }
        } else if self.links.is_some() {
            // Link integrity: every file is read first, so each target's
            // anchors are known once, then each file's links are checked
            // and its records go out in path order (SPEC sections 5, 11).
            let mut checked: Vec<Result<Checked, String>> = Vec::new();
            // Nothing is written until every file is read: a progress line
            // shows the wait. Not while standard input is read, or fixed
            // text written: a terminal's line would mix with what the user
            // types or reads.
            let progress = if !self.options.progress
                || self.options.fixing.is_some()
                || inputs.iter().any(|i| matches!(i, Ok(Input::Stdin)))
            {
                Progress::none()
            } else {
                Progress::new(inputs.len(), "reading")
            };
            let workers = workers()?;
            workers.for_each_input(
                inputs,
                &progress,
                |input| self.collect(input),
                |result| {
                    checked.push(result.map_err(|e| e.to_string()));
                    Ok::<(), io::Error>(())
                },
            )?;
            // One file a task: the files with links to check sit together
            // (a folder of Markdown).
            if let Some(links) = self.links {
                let files = checked.iter().filter_map(|c| c.as_ref().ok()?.input.path());
                links.prepare(files);
            }
            workers.for_each_mut(&mut checked, |c| {
                if let Ok(c) = c {
                    self.resolve_links(c);
                }
            });
            self.fit(&mut checked);
            workers.for_each_mut(&mut checked, |c| {
                if let Ok(c) = c {
                    self.report_links(c);
                }
            });
            progress.finish();
            for c in checked {
                if let Ok(c) = &c {
                    gate.outcome.unchecked.add(&c.unchecked);
                }
                gate.checked(c)?;
            }
            Ok(())
        } else {
            workers()?.for_each_input(
                inputs,
                &Progress::none(),
                |input| self.collect(input),
                |result| gate.checked(result.map_err(|e| e.to_string())),
            )
        }
    }
}
