//! `urilint extract`: the flags made into a [`Lister`], its lines written
//! to stdout and its warnings to stderr.

use std::io::{self, BufWriter, IsTerminal, Write};

use urilint::filter::FilterSpec;
use urilint::list::{LineFormat, Lister, Options, Sink, Sort};

use super::{ExtractArgs, ExtractFormat, Failure, SortKey, Status, usage};

/// Lines to stdout; a warning to stderr once the lines before it are out.
struct Stdout<W: Write>(W);

impl<W: Write> Sink for Stdout<W> {
    fn line(&mut self, line: &[u8]) -> io::Result<()> {
        self.0.write_all(line)
    }

    fn warning(&mut self, message: &str) -> io::Result<()> {
        self.0.flush()?;
        super::say(message);
        Ok(())
    }
}

pub(super) fn run(args: &ExtractArgs) -> Result<Status, Failure> {
    let (config_path, config, _) = super::load_config(&args.settings, &args.paths, None)?;
    let walk = super::walk_options(&args.walk, &config, config_path.as_deref())?;
    let paths = super::paths_of(&args.paths, &args.walk)?;
    if args.walk.show_files {
        return super::show_files(
            &paths,
            &walk,
            matches!(args.format, ExtractFormat::Jsonl),
            args.show_secrets,
        );
    }
    let options = Options {
        format: match args.format {
            ExtractFormat::Plain => LineFormat::Plain,
            ExtractFormat::Jsonl => LineFormat::Jsonl,
            ExtractFormat::Csv => LineFormat::Csv,
            ExtractFormat::Tsv => LineFormat::Tsv,
        },
        unique: args.unique,
        count: args.count,
        sort: match args.sort {
            SortKey::Position => Sort::Position,
            SortKey::Uri => Sort::Uri,
            SortKey::Host => Sort::Host,
            SortKey::Count => Sort::Count,
        },
        fields: args.fields.clone(),
        filters: FilterSpec {
            scheme: args.scheme.clone(),
            host: args.host.clone(),
            matching: args.matching.clone(),
            excluding: args.exclude_match.clone(),
        },
        normalize: args.normalize,
        input: args.input.0,
        include_code: args.include_code,
        show_secrets: args.show_secrets,
        relative: args.relative,
        base: args.base.clone(),
        threads: None,
        terminal: io::stdout().is_terminal(),
    };
    let lister = Lister::new(&config, config_path.as_deref(), options).map_err(usage)?;
    // Noted (`-j` capped) once the flags are known to be right.
    let mut lister = lister.threads(super::threads(args.walk.threads));
    let mut out = Stdout(BufWriter::new(io::stdout().lock()));
    match lister.run(&paths, &walk, &mut out) {
        Ok(failed) => {
            if failed {
                super::reached(Status::SomeInputsFailed);
            }
            out.0.flush()?;
            Ok(match failed {
                true => Status::SomeInputsFailed,
                false => Status::Clean,
            })
        }
        Err(stopped) => {
            if stopped.failed {
                super::reached(Status::SomeInputsFailed);
            }
            Err(stopped.error.into())
        }
    }
}
