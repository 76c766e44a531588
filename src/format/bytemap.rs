//! Where each byte of a URI was written in the raw file, kept as runs
//! (issue 31, P5): a URI read as it is written is one run, not a pair of
//! offsets for each of its bytes, so `--fix` and `--diff` hold a few words
//! a URI, not sixteen bytes for each of its bytes.

/// A run of URI bytes: either written side by side from `start`, one raw
/// byte each, or all read from the one raw range `start..end` (markup
/// decoded: `&amp;` is one `&`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    /// Index of the run's first byte in the URI.
    first: u32,
    start: u64,
    end: u64,
    /// Byte for byte: URI byte `first + k` was written at `start + k`.
    identity: bool,
}

/// For each byte of a URI, the raw range it was read from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ByteMap {
    runs: Vec<Run>,
    len: u32,
}

impl ByteMap {
    /// Appends the next URI byte, read from raw `start..end`.
    pub(crate) fn push(&mut self, start: u64, end: u64) {
        let identity = end == start + 1;
        if let Some(last) = self.runs.last_mut() {
            if last.identity && identity && last.end == start {
                last.end = end;
                self.len += 1;
                return;
            }
            if !last.identity && !identity && (last.start, last.end) == (start, end) {
                self.len += 1;
                return;
            }
        }
        self.runs.push(Run {
            first: self.len,
            start,
            end,
            identity,
        });
        self.len += 1;
    }

    /// How many URI bytes are mapped.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no byte is mapped.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The raw range URI byte `i` was read from.
    pub fn get(&self, i: usize) -> Option<(u64, u64)> {
        if i >= self.len() {
            return None;
        }
        let k = self.runs.partition_point(|r| r.first as usize <= i) - 1;
        let r = self.runs[k];
        Some(if r.identity {
            let at = r.start + (i - r.first as usize) as u64;
            (at, at + 1)
        } else {
            (r.start, r.end)
        })
    }

    /// Every byte's raw range, in order.
    pub fn iter(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.runs.iter().enumerate().flat_map(move |(k, r)| {
            let next = self.runs.get(k + 1).map_or(self.len, |n| n.first);
            (0..u64::from(next - r.first)).map(move |j| match r.identity {
                true => (r.start + j, r.start + j + 1),
                false => (r.start, r.end),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::ByteMap;

    #[test]
    fn runs_give_back_every_byte() {
        let pairs = [
            (10, 11),
            (11, 12),
            (12, 17),
            (12, 17),
            (17, 18),
            (30, 31),
            (31, 32),
        ];
        let mut map = ByteMap::default();
        for (s, e) in pairs {
            map.push(s, e);
        }
        assert_eq!(map.len(), pairs.len());
        assert_eq!(map.runs.len(), 4);
        assert_eq!(map.iter().collect::<Vec<_>>(), pairs);
        for (i, p) in pairs.iter().enumerate() {
            assert_eq!(map.get(i), Some(*p));
        }
        assert_eq!(map.get(pairs.len()), None);
    }
}
