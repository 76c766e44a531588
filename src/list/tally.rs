//! `extract --count` and `--sort`: the list held until the end, each URI
//! once with its count (`--unique`) or every one, then ordered.

use std::collections::HashMap;

use super::Sort;
use super::entry::{Entry, Tally};

/// One line of the list: a URI's first entry, and with `--unique` how
/// often and where else it was found.
struct Row {
    first: Entry,
    /// The last entry of the same URI, when there is more than one.
    last: Option<Entry>,
    count: u64,
    /// Files and messages it is in.
    files: u64,
    /// The file and message it was last found in.
    unit: (u64, u64),
}

/// The list being gathered.
pub(super) struct List {
    unique: bool,
    rows: Vec<Row>,
    /// Where each normalized URI's row is, with `--unique`.
    index: HashMap<Vec<u8>, usize>,
}

impl List {
    pub(super) fn new(unique: bool) -> List {
        List {
            unique,
            rows: Vec::new(),
            index: HashMap::new(),
        }
    }

    /// Adds `entry`, found in the `input`-th input. Entries come in path
    /// order, then in order of position, so a URI's entries of one file
    /// or message come together: counting a file when it changes counts
    /// each once.
    pub(super) fn add(&mut self, input: u64, entry: Entry) {
        let unit = (input, entry.unit);
        if self.unique
            && let Some(&at) = self.index.get(&entry.key)
        {
            let row = &mut self.rows[at];
            row.count += 1;
            if row.unit != unit {
                row.files += 1;
                row.unit = unit;
            }
            row.last = Some(entry);
            return;
        }
        if self.unique {
            self.index.insert(entry.key.clone(), self.rows.len());
        }
        self.rows.push(Row {
            first: entry,
            last: None,
            count: 1,
            files: 1,
            unit,
        });
    }

    /// The rows in the order `sort` says, each with its tally. Orders are
    /// stable: ties keep the order in which they were first found.
    pub(super) fn finish(mut self, sort: Sort) -> impl Iterator<Item = (Entry, Tally)> {
        self.index = HashMap::new();
        match sort {
            Sort::Position => {}
            Sort::Uri => self.rows.sort_by(|a, b| a.first.key.cmp(&b.first.key)),
            Sort::Host => self.rows.sort_by(|a, b| a.first.host.cmp(&b.first.host)),
            Sort::Count => self.rows.sort_by_key(|r| std::cmp::Reverse(r.count)),
        }
        self.rows.into_iter().map(|row| {
            let tally = Tally {
                count: row.count,
                files: row.files,
                last: row.last.as_ref().unwrap_or(&row.first).place(),
                first: row.first.place(),
            };
            (row.first, tally)
        })
    }
}
