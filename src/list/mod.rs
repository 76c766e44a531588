//! `extract` as a library: a [`Lister`] built once from the config and a
//! run's [`Options`] reads each input as its format, finds its URIs (and
//! with `relative` its relative references, SPEC section 11), filters,
//! redacts (SPEC section 10) and normalizes them (RFC 3986 s6), and hands
//! each line of the list to a [`Sink`] in path order (SPEC section 5).
//!
//! A lone input (a large file, a stream on stdin) is listed as it is read,
//! holding nothing; with several, each file's lines wait for the files
//! before it, past a budget on disk (issue 14).

use std::io;
use std::path::PathBuf;

use crate::config::Config;
use crate::drive::{Progress, Reading, Spool, Stop, Workers};
use crate::filter::{FilterSpec, Filters};
use crate::format::Format;
use crate::schemes::Registry;
use crate::walk::{self, WalkOptions};

mod columns;
mod entry;
mod read;
mod render;
mod tally;

use columns::Columns;
use entry::{Line, Messages, Name};
use read::{Relative, each_item};
use render::{Gather, Render};
use tally::List;

/// How each line of the list is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineFormat {
    /// One URI a line.
    #[default]
    Plain,
    /// One JSON object a URI (SPEC section 4).
    Jsonl,
    /// The jsonl fields as columns, with a header row (RFC 4180).
    Csv,
    /// As csv, tab-separated.
    Tsv,
}

/// The order of the list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// As found.
    #[default]
    Position,
    /// Byte-wise on the normalized URI; ties keep their order.
    Uri,
    /// Byte-wise on the normalized host; ties keep their order.
    Host,
    /// Most frequent first (each URI once).
    Count,
}

/// How a run lists its inputs: the command line's flags, over the config.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--format`.
    pub format: LineFormat,
    /// `--unique`: each URI once, equal after normalization.
    pub unique: bool,
    /// `--count`: each URI once, with its count and first and last place.
    pub count: bool,
    /// `--sort`.
    pub sort: Sort,
    /// `--fields`: the fields of a jsonl, csv or tsv line.
    pub fields: Vec<String>,
    /// `--scheme`, `--host`, `--match`, `--exclude-match`: each replaces
    /// its key of `[extract]` in config when given.
    pub filters: FilterSpec,
    /// `--normalize`: URIs printed normalized (RFC 3986 s6.2.2, s6.2.3).
    pub normalize: bool,
    /// `--input`: every input read as this format.
    pub input: Option<Format>,
    /// `--include-code`.
    pub include_code: bool,
    /// `--show-secrets`.
    pub show_secrets: bool,
    /// `--relative`: relative references of markup too.
    pub relative: bool,
    /// `--base`: the URL relative references resolve against.
    pub base: Option<String>,
    /// `-j`: `Some(1)` lists on the calling thread; `None`, all cores.
    pub threads: Option<usize>,
    /// Standard output is a terminal: control characters are escaped
    /// (SPEC section 10).
    pub terminal: bool,
}

/// Where the lines of a list go.
pub trait Sink {
    /// One line of the list (or the header of a table), newline included.
    fn line(&mut self, line: &[u8]) -> io::Result<()>;
    /// A line about the run (a message that could not be decoded, an
    /// input that could not be read), for stderr.
    fn warning(&mut self, message: &str) -> io::Result<()>;
}

/// A run's lister: how inputs are read, and how their lines are made.
pub struct Lister {
    options: Options,
    reading: Reading,
    render: Render,
}

/// Lines and warnings collected in memory: a test's sink, or a program's
/// that wants the list itself.
#[derive(Debug, Default)]
pub struct Collected {
    /// The lines, in output order, each with its newline.
    pub lines: Vec<Vec<u8>>,
    /// The warnings, in order.
    pub warnings: Vec<String>,
}

impl Sink for Collected {
    fn line(&mut self, line: &[u8]) -> io::Result<()> {
        self.lines.push(line.to_vec());
        Ok(())
    }

    fn warning(&mut self, message: &str) -> io::Result<()> {
        self.warnings.push(message.to_string());
        Ok(())
    }
}

/// A run stopped by its sink (a closed pipe).
#[derive(Debug)]
pub struct Stopped {
    /// The sink's error.
    pub error: io::Error,
    /// Some input could not be read before it stopped.
    pub failed: bool,
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the list stopped: {}", self.error)
    }
}

impl std::error::Error for Stopped {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl Lister {
    /// A lister reading as `config` says (its globs from `config_path`'s
    /// folder). An error is the user's to fix: a bad glob, filter or
    /// field, a `--base` that is no absolute URL.
    pub fn new(
        config: &Config,
        config_path: Option<&std::path::Path>,
        options: Options,
    ) -> Result<Lister, String> {
        // Plain output prints no flags: findings need not say they are
        // templates.
        let reading = Reading::new(
            options.input,
            config,
            config_path,
            options.include_code,
            options.format != LineFormat::Plain,
        )?;
        if let Some(base) = &options.base
            && crate::uri::Uri::parse(base.as_bytes())
                .get(crate::uri::Component::Scheme)
                .is_none()
        {
            return Err(format!(
                "--base `{base}` is not an absolute URL (RFC 3986 s4.3)"
            ));
        }
        // A flag given replaces the key of `[extract]` in config.
        let from_config = config.extract.spec();
        let or_config = |flag: &[String], key: Vec<String>| {
            if flag.is_empty() { key } else { flag.to_vec() }
        };
        let f = &options.filters;
        let spec = FilterSpec {
            scheme: or_config(&f.scheme, from_config.scheme),
            host: or_config(&f.host, from_config.host),
            matching: or_config(&f.matching, from_config.matching),
            excluding: or_config(&f.excluding, from_config.excluding),
        };
        let filters = Filters::new(&spec, &|key| format!("--{key}")).map_err(|e| e.to_string())?;
        let columns = Columns::new(
            options.format,
            &options.fields,
            options.count,
            options.terminal,
        )?;
        let (unique, held) = options.unique_held();
        let render = Render {
            show_secrets: options.show_secrets,
            normalize: options.normalize,
            count: options.count,
            sort: options.sort,
            registry: Registry::builtin(),
            normalized: unique
                || matches!(options.sort, Sort::Uri | Sort::Host)
                || filters.by_host(),
            host: options.sort == Sort::Host || filters.by_host(),
            filters,
            columns,
            held,
        };
        Ok(Lister {
            options,
            reading,
            render,
        })
    }

    /// Lists on `threads` threads (`-j`), whatever the options said.
    pub fn threads(mut self, threads: Option<usize>) -> Lister {
        self.options.threads = threads;
        self
    }

    /// Lists the files and trees of `paths` (`-` for standard input),
    /// walked under `walk`, handing each line to `sink` in path order.
    /// `Ok(true)`: some input could not be read (the others were listed).
    pub fn run(
        &mut self,
        paths: &[PathBuf],
        walk: &WalkOptions,
        sink: &mut dyn Sink,
    ) -> Result<bool, Stopped> {
        let mut failed = false;
        let stopped = |error, failed| Stopped { error, failed };
        if let Some(header) = self
            .render
            .columns
            .header()
            .map_err(|e| stopped(e, false))?
        {
            sink.line(&header).map_err(|e| stopped(e, false))?;
        }
        let relative = match (self.options.relative, &self.options.base) {
            (false, _) => None,
            (true, base) => Some(Relative {
                base: base.clone().map(String::into_bytes),
                roots: match base {
                    Some(_) => paths.to_vec(),
                    None => Vec::new(),
                },
            }),
        };
        let mut inputs = walk::inputs(paths, walk);
        self.reading.one_input(inputs.len(), self.options.threads);
        let (unique, held) = self.options.unique_held();
        let (reading, render) = (&self.reading, &self.render);
        let scanner = &reading.scanner;
        let mut gather = Gather {
            sink,
            unique: unique && !held,
            seen: Default::default(),
            list: held.then(|| List::new(unique)),
            input: 0,
            render,
        };
        let result = if let [Ok(input)] = inputs.as_mut_slice() {
            // One input: listed as it is read, holding nothing.
            let name = Name::of(input);
            let mut messages = Messages::default();
            match each_item(
                input,
                reading,
                scanner,
                relative.as_ref(),
                &mut |format, item| gather.put(render.item(&name, format, item, &mut messages)?),
            ) {
                Ok(()) => Ok(()),
                Err(Stop::Output(e)) => Err(e),
                Err(Stop::Input(message)) => {
                    let said = gather.sink.warning(&message);
                    failed = said.is_ok();
                    said
                }
            }
        } else {
            let workers = Workers::new(self.options.threads).map_err(io::Error::other);
            workers.and_then(|workers| {
                workers.for_each_input(
                    inputs,
                    &Progress::none(),
                    |input| {
                        let name = Name::of(input);
                        let mut lines: Spool<Line> = Spool::default();
                        let mut messages = Messages::default();
                        let result = each_item(
                            input,
                            reading,
                            scanner,
                            relative.as_ref(),
                            &mut |format, item| match render.item(
                                &name,
                                format,
                                item,
                                &mut messages,
                            )? {
                                Some(line) => lines.push(line),
                                None => Ok(()),
                            },
                        );
                        let mut error = match result {
                            Err(Stop::Input(message)) => Some(message),
                            Err(Stop::Output(e)) => Some(format!("{}: {e}", name.shown)),
                            Ok(()) => None,
                        };
                        if let Err(e) = lines.seal() {
                            error.get_or_insert_with(|| format!("{}: {e}", name.shown));
                        }
                        (lines, error)
                    },
                    |result| {
                        let (lines, error) = match result {
                            Ok(found) => found,
                            Err(e) => (Spool::default(), Some(e.to_string())),
                        };
                        for line in lines.drain() {
                            gather.put(Some(line?))?;
                        }
                        gather.input += 1;
                        if let Some(message) = error {
                            gather.sink.warning(&message)?;
                            failed = true;
                        }
                        Ok::<(), io::Error>(())
                    },
                )
            })
        };
        result
            .and_then(|()| gather.finish())
            .map(|()| failed)
            .map_err(|e| stopped(e, failed))
    }
}

impl Options {
    /// Whether each URI is listed once, and whether the list is held
    /// until the end: `--count` and `--sort count` are about each URI
    /// once, and any order but position holds the list.
    fn unique_held(&self) -> (bool, bool) {
        let unique = self.unique || self.count || self.sort == Sort::Count;
        let held = self.count || self.sort != Sort::Position;
        (unique, held)
    }
}
