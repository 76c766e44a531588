//! The peers `benches/corpus.py` measures urilint against, reading inputs as
//! urilint does (folders walked in name order, each file read whole, files
//! with a NUL in their first 8 KiB skipped), on one thread:
//!
//! ```sh
//! cargo build --release --example peers --features peers
//! target/release/examples/peers linkify PATH...   # URLs the linkify crate finds
//! target/release/examples/peers colons PATH...    # colons, counted with memchr (streamed)
//! target/release/examples/peers parsers PATH...   # markup parser events
//! target/release/examples/peers html5gum-default PATH...   # html5gum's tokens
//! target/release/examples/peers html5gum-callback PATH...  # its callback events
//! target/release/examples/peers html5gum-urilint PATH...   # urilint's emitter
//! ```
//!
//! `colons` is the floor for a scanner that starts from the colons of a
//! scheme: it reads the same bytes and does nothing else. `parsers` is the
//! floor for reading files as their formats: it runs the parsers the
//! design card names as urilint runs them (`urilint::format::parsers`:
//! pulldown-cmark on Markdown, html5gum on HTML), on the files urilint
//! gives them, reads every other file, and keeps nothing. Each prints its
//! count, so the work cannot be skipped.

use std::path::{Path, PathBuf};

fn named_paths(paths: &[PathBuf]) -> impl Iterator<Item = PathBuf> + '_ {
    paths
        .iter()
        .flat_map(|p| walkdir::WalkDir::new(p).sort_by_file_name())
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
}

fn named_files(paths: &[PathBuf]) -> impl Iterator<Item = (PathBuf, Vec<u8>)> + '_ {
    named_paths(paths)
        .filter_map(|p| std::fs::read(&p).ok().map(|b| (p, b)))
        .filter(|(_, b)| memchr::memchr(0, &b[..b.len().min(8192)]).is_none())
}

fn files(paths: &[PathBuf]) -> impl Iterator<Item = Vec<u8>> + '_ {
    named_files(paths).map(|(_, b)| b)
}

/// A file as the `&str` linkify takes: borrowed when it is UTF-8 (the
/// standard library's validation), else made so. `String::from_utf8_lossy`
/// alone validates a byte at a time, which took 71% of this peer's
/// instructions and so measured the conversion, not linkify.
fn text(raw: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(raw) {
        Ok(s) => s.into(),
        Err(_) => String::from_utf8_lossy(raw),
    }
}

/// The events the markup parsers make of one file, run as urilint runs
/// them.
fn parse(path: &Path, raw: &[u8]) -> usize {
    use urilint::format::parsers::{html_tokens, markdown_parser};
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    match extension.to_ascii_lowercase().as_str() {
        "md" | "markdown" | "mdx" => std::str::from_utf8(raw).map_or(0, |source| {
            markdown_parser(source, false).into_offset_iter().count()
        }),
        "html" | "htm" | "xhtml" | "xml" | "svg" => html_tokens(raw),
        _ => 0,
    }
}

/// An emitter that asks for no parse errors and reads CDATA as text, as
/// urilint's emitter does (and as urilint ran html5gum's callback emitter
/// before it had its own).
struct Quiet<E>(E);

impl<E: html5gum::Emitter> html5gum::ForwardingEmitter for Quiet<E> {
    type Token = E::Token;

    fn inner(&mut self) -> &mut impl html5gum::Emitter<Token = Self::Token> {
        &mut self.0
    }

    fn should_emit_errors(&mut self) -> bool {
        false
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&mut self) -> bool {
        true
    }
}

fn is_html(path: &Path) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    matches!(
        extension.to_ascii_lowercase().as_str(),
        "html" | "htm" | "xhtml" | "xml" | "svg"
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    let paths: Vec<PathBuf> = args.map(PathBuf::from).collect();
    let count: usize = match what.as_str() {
        "linkify" => {
            let mut finder = linkify::LinkFinder::new();
            finder.kinds(&[linkify::LinkKind::Url]);
            files(&paths).map(|b| finder.links(&text(&b)).count()).sum()
        }
        // Streamed in 64 KiB blocks, as urilint reads text: reading a
        // large file whole would cost its pages and be no floor.
        "colons" => named_paths(&paths)
            .map(|p| {
                use std::io::Read;
                let Ok(mut file) = std::fs::File::open(p) else {
                    return 0;
                };
                let mut block = vec![0u8; 64 << 10];
                let (mut n, mut first) = (0, true);
                while let Ok(got @ 1..) = file.read(&mut block) {
                    if first && memchr::memchr(0, &block[..got.min(8192)]).is_some() {
                        return 0;
                    }
                    first = false;
                    n += memchr::memchr_iter(b':', &block[..got]).count();
                }
                n
            })
            .sum(),
        "parsers" => named_files(&paths).map(|(p, b)| parse(&p, &b)).sum(),
        // html5gum's own emitters on the HTML files (every other file only
        // read), beside `parsers`, which runs it with urilint's.
        "html5gum-default" => named_files(&paths)
            .filter(|(p, _)| is_html(p))
            .map(|(_, b)| html5gum::Tokenizer::new(&b[..]).flatten().count())
            .sum(),
        "html5gum-urilint" => named_files(&paths)
            .filter(|(p, _)| is_html(p))
            .map(|(_, b)| urilint::format::parsers::html_tokens(&b))
            .sum(),
        "html5gum-callback" => named_files(&paths)
            .filter(|(p, _)| is_html(p))
            .map(|(_, b)| {
                use html5gum::emitters::callback::{CallbackEmitter, CallbackEvent};
                let mut events = 0usize;
                let mut emitter =
                    CallbackEmitter::new(|_: CallbackEvent<'_>, _: html5gum::Span<usize>| {
                        events += 1;
                        None::<()>
                    });
                emitter.naively_switch_states(true);
                for _ in html5gum::Tokenizer::new_with_emitter(&b[..], Quiet(emitter)).flatten() {}
                events
            })
            .sum(),
        _ => {
            eprintln!(
                "usage: peers linkify|colons|parsers|html5gum-default|html5gum-callback|html5gum-urilint PATH..."
            );
            std::process::exit(2);
        }
    };
    println!("{count}");
}
