//! The peers `benches/corpus.py` measures urilint against, reading inputs as
//! urilint does (folders walked in name order, each file read whole, files
//! with a NUL in their first 8 KiB skipped), on one thread:
//!
//! ```sh
//! cargo build --release --example peers
//! target/release/examples/peers linkify PATH...   # URLs the linkify crate finds
//! target/release/examples/peers colons PATH...    # colons, counted with memchr
//! ```
//!
//! `colons` is the floor for a scanner that starts from the colons of a
//! scheme: it reads the same bytes and does nothing else. Each prints its
//! count, so the work cannot be skipped.

use std::path::PathBuf;

fn files(paths: &[PathBuf]) -> impl Iterator<Item = Vec<u8>> + '_ {
    paths
        .iter()
        .flat_map(|p| walkdir::WalkDir::new(p).sort_by_file_name())
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter(|b| memchr::memchr(0, &b[..b.len().min(8192)]).is_none())
}

fn main() {
    let mut args = std::env::args().skip(1);
    let what = args.next().unwrap_or_default();
    let paths: Vec<PathBuf> = args.map(PathBuf::from).collect();
    let count: usize = match what.as_str() {
        "linkify" => {
            let mut finder = linkify::LinkFinder::new();
            finder.kinds(&[linkify::LinkKind::Url]);
            files(&paths)
                .map(|b| finder.links(&String::from_utf8_lossy(&b)).count())
                .sum()
        }
        "colons" => files(&paths)
            .map(|b| memchr::memchr_iter(b':', &b).count())
            .sum(),
        _ => {
            eprintln!("usage: peers linkify|colons PATH...");
            std::process::exit(2);
        }
    };
    println!("{count}");
}
