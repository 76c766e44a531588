//! The fixes of a whole file, applied until nothing changes (SPEC section
//! 12).
//!
//! Each pass reads the file as its format, checks it, maps every fix that
//! may be applied to edits of the file, takes those that do not overlap,
//! and applies them. The file is then read again: each fixed URI must be
//! found where it was with the text the fix meant, and every other URI as
//! it was. A fix after which the file reads otherwise (a fixed byte that is
//! markup in its format) is dropped. Overlapping fixes wait for the next
//! pass, which checks the file as the last one left it: `%7e` becomes `%7E`
//! and then `~`.

use std::collections::{BTreeMap, HashSet};

use super::{FileFix, RawEdit, Syntax, apply_edits, overlap, raw_edits};
use crate::document::{self, Located};
use crate::format::{Format, Options};
use crate::rules::{Applicability, Linter};
use crate::scan::Scanner;
use crate::suppress::{Directive, Directives, Reach};

/// Passes at most: each pass applies one fix to each URI (the most
/// severe first), so a URI with five things to fix takes five passes.
const MAX_PASSES: usize = 16;

/// Tries a pass makes to find the fixes that do not read as meant when
/// its fixes together do not (each a read of the file): enough to find a
/// few among thousands; the rest wait for the next pass.
const MAX_TRIES: usize = 64;

/// Applies fixes to whole files.
#[derive(Clone, Copy)]
pub struct Fixer<'a> {
    scanner: &'a Scanner,
    linter: &'a Linter,
    options: Options,
    unsafe_fixes: bool,
    /// Fixing a window of a text: the suppressions of the text outside it
    /// that reach into it ([`Fixer::fix_text`]).
    window: Option<&'a [Directive]>,
}

/// Past this many `disable` and `enable` comments, a text is fixed whole:
/// each window carries those before it.
const MAX_BLOCKS: usize = 1000;

/// Text is fixed in windows of about this many bytes ([`Fixer::fix_text`]).
/// Larger windows hold more of a pass; smaller ones cost more passes.
pub const WINDOW: usize = 256 << 10;

/// The windows of plain text `raw` that are fixed one at a time: about
/// `size` bytes each, cut after a line where no URI goes on. RFC 3986
/// App. C rejoins a URI broken at a line's end only inside `<...>` or
/// `"..."` (an undelimited URI ends at the line's end), and never over an
/// empty line: a cut is made where no `<` or `"` is open.
pub fn windows(raw: &[u8], size: usize) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let (mut from, mut line) = (0, 0);
    let (mut angle, mut quote) = (false, false);
    for k in memchr::memchr_iter(b'\n', raw) {
        let text = &raw[line..k];
        if text.is_empty() || text == b"\r" {
            (angle, quote) = (false, false);
        }
        // Only the line's last `<`, `>` and the parity of its `"` matter.
        match (memchr::memrchr(b'<', text), memchr::memrchr(b'>', text)) {
            (Some(lt), gt) if gt.is_none_or(|gt| gt < lt) => angle = true,
            (_, Some(_)) => angle = false,
            _ => {}
        }
        if memchr::memchr_iter(b'"', text).count() % 2 == 1 {
            quote = !quote;
        }
        line = k + 1;
        if line - from >= size && !angle && !quote {
            out.push(from..line);
            from = line;
        }
    }
    if from < raw.len() || out.is_empty() {
        out.push(from..raw.len());
    }
    out
}

/// A file with its fixes applied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// The fixed file.
    pub text: Vec<u8>,
    /// How many fixes of each rule were applied.
    pub applied: BTreeMap<String, usize>,
}

/// Fixes applied together: their indices among the pass's candidates, the
/// fixed text, and the pass that read it.
type Applied = (Vec<usize>, (Vec<u8>, Pass));

/// A fix that may be applied in this pass.
struct Candidate {
    /// Index of its URI among the pass's findings.
    uri: usize,
    rule: std::borrow::Cow<'static, str>,
    severity: crate::rules::Severity,
    fix: crate::rules::Fix,
    file: FileFix,
}

/// What a pass read: the URIs, and the fixes that may be applied.
struct Pass {
    located: Vec<Located>,
    candidates: Vec<Candidate>,
}

impl<'a> Fixer<'a> {
    /// A fixer applying the safe fixes of `linter`'s rules, reading files
    /// with `options` and `scanner`.
    pub fn new(scanner: &'a Scanner, linter: &'a Linter, options: Options) -> Fixer<'a> {
        Fixer {
            scanner,
            linter,
            options,
            unsafe_fixes: false,
            window: None,
        }
    }

    /// Plain text `raw` with its fixes applied ([`Fixer::fix`]), a window
    /// at a time ([`windows`]): what a pass holds of each URI is held for
    /// one window, not for the whole text, so a file of URIs is fixed in
    /// a few times its size (issue 49). The suppressions are the whole
    /// text's: a `disable` in one window holds in the next.
    pub fn fix_text(&self, raw: &[u8], skip: &dyn Fn(&str) -> bool) -> Fixed {
        let all = Directives::of_document(Format::Text, raw, self.options).0;
        let blocks = |d: &Directive| matches!(d.reach, Reach::Disable | Reach::Enable);
        if all.iter().filter(|d| blocks(d)).count() > MAX_BLOCKS {
            return self.fix(Format::Text, raw, skip);
        }
        let mut out = Fixed {
            text: Vec::with_capacity(raw.len()),
            applied: BTreeMap::new(),
        };
        let mut line = 1;
        for w in windows(raw, WINDOW) {
            let part = &raw[w];
            // What reaches into the window from outside it, on lines
            // before its first, in order: every `disable-file`, the
            // `disable` and `enable` comments before it, and an
            // `ignore-next-line` on the line just before it. A fix may
            // join lines, so the window's own are read again each pass.
            let mut outside: Vec<Directive> = all
                .iter()
                .filter(|d| {
                    d.reach == Reach::File
                        || (d.line < line && blocks(d))
                        || (d.reach == Reach::NextLine && d.line + 1 == line)
                })
                .cloned()
                .collect();
            outside.sort_by_key(|d| d.reach == Reach::NextLine);
            let fixer = Fixer {
                window: Some(&outside),
                ..*self
            };
            let fixed = fixer.fix(Format::Text, part, skip);
            out.text.extend_from_slice(&fixed.text);
            for (rule, n) in fixed.applied {
                *out.applied.entry(rule).or_insert(0) += n;
            }
            line += bytecount::count(part, b'\n') as u64;
        }
        out
    }

    /// Applies unsafe fixes too (`--unsafe-fixes`).
    pub fn unsafe_fixes(mut self, yes: bool) -> Self {
        self.unsafe_fixes = yes;
        self
    }

    /// Whether a fix of this applicability is applied.
    pub fn applies(&self, a: Applicability) -> bool {
        a.applied(self.unsafe_fixes)
    }

    /// `raw`, read as `format`, with every fix applied that its rules
    /// report (not suppressed by a `urilint: ignore` comment, and not a
    /// rule `skip` names), until the file is in normal form or 16 passes
    /// are done. Mail is returned as it is: its text is decoded from its
    /// transfer encoding, and never fixed.
    pub fn fix(&self, format: Format, raw: &[u8], skip: &dyn Fn(&str) -> bool) -> Fixed {
        let mut fixed = Fixed {
            text: raw.to_vec(),
            applied: BTreeMap::new(),
        };
        let Some(syntax) = Syntax::of(format) else {
            return fixed;
        };
        // Fixes after which the file did not read as intended: not tried
        // again on the URI as it is written.
        let mut refused: HashSet<Refused> = HashSet::new();
        let mut pass = self.pass(format, syntax, &fixed.text, skip, &refused);
        for _ in 0..MAX_PASSES {
            let all = chosen_only(&mut pass, &refused);
            if all.is_empty() {
                break;
            }
            // The fixes together, first: the pass that offered them is let
            // go before the fixed text is read, so that a file of many
            // URIs is not held read twice (issue 31, P5).
            let (new, expected) = self.edit(&fixed.text, &pass, &all);
            let mut rules: Vec<_> = pass.candidates.iter().map(|c| c.rule.clone()).collect();
            drop(pass);
            let (text, next) = match self.verify(format, syntax, new, expected, skip, &refused) {
                Some(done) => done,
                None => {
                    pass = self.pass(format, syntax, &fixed.text, skip, &refused);
                    let all = chosen_only(&mut pass, &refused);
                    let halves =
                        self.halves(format, syntax, &fixed.text, &pass, &all, skip, &mut refused);
                    let Some((accepted, done)) = halves else {
                        pass = self.pass(format, syntax, &fixed.text, skip, &refused);
                        continue;
                    };
                    rules = accepted
                        .iter()
                        .map(|&i| pass.candidates[i].rule.clone())
                        .collect();
                    done
                }
            };
            for rule in rules {
                *fixed.applied.entry(rule.into_owned()).or_insert(0) += 1;
            }
            fixed.text = text;
            pass = next;
        }
        fixed
    }

    /// Halves of `chosen`, and halves of those that fail, each tried with
    /// those already accepted: a fix that does not read as meant is found
    /// in a few tries, refused, and the rest applied together.
    #[allow(clippy::too_many_arguments)]
    fn halves(
        &self,
        format: Format,
        syntax: Syntax,
        text: &[u8],
        pass: &Pass,
        chosen: &[usize],
        skip: &dyn Fn(&str) -> bool,
        refused: &mut HashSet<Refused>,
    ) -> Option<Applied> {
        let mut accepted: Vec<usize> = Vec::new();
        let mut done = None;
        let mut groups: std::collections::VecDeque<Vec<usize>> = std::collections::VecDeque::new();
        let half = chosen.len() / 2;
        groups.push_back(chosen[..half].to_vec());
        groups.push_back(chosen[half..].to_vec());
        let mut tries = 0;
        while let Some(group) = groups.pop_front() {
            if group.is_empty() {
                continue;
            }
            tries += 1;
            if tries > MAX_TRIES {
                break;
            }
            let trial: Vec<usize> = accepted.iter().chain(&group).copied().collect();
            let (new, expected) = self.edit(text, pass, &trial);
            match self.verify(format, syntax, new, expected, skip, refused) {
                Some(d) => {
                    accepted = trial;
                    done = Some(d);
                }
                None if group.len() == 1 => {
                    let c = &pass.candidates[group[0]];
                    refused.insert(refusal(&c.rule, &pass.located[c.uri]));
                }
                None => {
                    let half = group.len() / 2;
                    groups.push_front(group[half..].to_vec());
                    groups.push_front(group[..half].to_vec());
                }
            }
        }
        done.map(|d| (accepted, d))
    }

    /// Reads and checks `text`: its URIs and the fixes that may be applied.
    fn pass(
        &self,
        format: Format,
        syntax: Syntax,
        text: &[u8],
        skip: &dyn Fn(&str) -> bool,
        refused: &HashSet<Refused>,
    ) -> Pass {
        let located = document::scan_located(format, text, self.scanner, self.options);
        let mut directives = Directives::of_document(format, text, self.options);
        // In a window, what reaches into it stands on lines of their own
        // before its first (the last of them just before it).
        let before = match self.window {
            Some(outside) => {
                let n = outside.len() as u64;
                let mut all: Vec<Directive> = outside
                    .iter()
                    .enumerate()
                    .map(|(k, d)| Directive {
                        line: k as u64 + 1,
                        ..d.clone()
                    })
                    .collect();
                all.extend(directives.0.into_iter().map(|d| Directive {
                    line: d.line + n,
                    ..d
                }));
                directives = Directives(all);
                n
            }
            None => 0,
        };
        let matching = directives.matcher();
        let mut candidates = Vec::new();
        for (uri, l) in located.iter().enumerate() {
            for d in self.linter.check(&l.finding) {
                let Some(fix) = d.fix else { continue };
                if !self.applies(fix.applicability)
                    || skip(&d.rule)
                    || matching(before + l.finding.line, &d.rule).is_some()
                    || refused.contains(&refusal(&d.rule, l))
                {
                    continue;
                }
                if let Some(file) = raw_edits(&fix, l, text, 0, syntax) {
                    candidates.push(Candidate {
                        uri,
                        rule: d.rule,
                        severity: d.severity,
                        fix,
                        file,
                    });
                }
            }
        }
        Pass {
            located,
            candidates,
        }
    }

    /// `text` with the `chosen` fixes of `pass` applied, and each URI as it
    /// should then be found: where, and what it should read.
    fn edit(&self, text: &[u8], pass: &Pass, chosen: &[usize]) -> (Vec<u8>, Vec<(u64, Vec<u8>)>) {
        let mut edits: Vec<RawEdit> = chosen
            .iter()
            .flat_map(|&i| pass.candidates[i].file.edits.iter().cloned())
            .collect();
        edits.sort_by_key(|e| (e.start, e.end));
        let new = apply_edits(text, &edits);
        // What each URI should read: at most one fix a URI (`choose`).
        let mut fix_of: std::collections::HashMap<usize, &crate::rules::Fix> =
            std::collections::HashMap::with_capacity(chosen.len());
        for &i in chosen {
            fix_of.insert(pass.candidates[i].uri, &pass.candidates[i].fix);
        }
        // And where: each URI's start moved by the edits before it, in one
        // walk of the URIs and edits in file order.
        let mut e = 0;
        let mut delta: i64 = 0;
        let mut expected: Vec<(u64, Vec<u8>)> = Vec::with_capacity(pass.located.len());
        for (k, l) in pass.located.iter().enumerate() {
            let at = l.finding.start;
            while e < edits.len() && edits[e].end <= at && edits[e].start < at {
                delta += edits[e].replacement.len() as i64 - (edits[e].end - edits[e].start) as i64;
                e += 1;
            }
            let uri = match fix_of.get(&k) {
                Some(fix) => fix.apply_to(&l.finding.uri),
                None => l.finding.uri.clone(),
            };
            expected.push(((at as i64 + delta) as u64, uri));
        }
        (new, expected)
    }

    /// `new` and the pass that reads it, if its URIs are the `expected`.
    fn verify(
        &self,
        format: Format,
        syntax: Syntax,
        new: Vec<u8>,
        mut expected: Vec<(u64, Vec<u8>)>,
        skip: &dyn Fn(&str) -> bool,
        refused: &HashSet<Refused>,
    ) -> Option<(Vec<u8>, Pass)> {
        let next = self.pass(format, syntax, &new, skip, refused);
        let mut found: Vec<(u64, &[u8])> = next
            .located
            .iter()
            .map(|l| (l.finding.start, &l.finding.uri[..]))
            .collect();
        expected.sort_unstable();
        found.sort_unstable();
        let same = expected.len() == found.len()
            && expected
                .iter()
                .zip(&found)
                .all(|((a, u), (b, v))| a == b && u[..] == **v);
        drop(found);
        same.then_some((new, next))
    }
}

/// Keeps of `pass`'s candidates those not refused and chosen to be applied
/// together ([`choose`]), and returns their indices: the rest wait for the
/// next pass, which finds them again (issue 31, P5).
fn chosen_only(pass: &mut Pass, refused: &HashSet<Refused>) -> Vec<usize> {
    // A pass read before a fix of it was refused still offers it.
    let located = &pass.located;
    pass.candidates
        .retain(|c| !refused.contains(&refusal(&c.rule, &located[c.uri])));
    let chosen = choose(&pass.candidates);
    let mut keep = chosen.iter().copied().peekable();
    let mut k = 0;
    pass.candidates.retain(|_| {
        let kept = keep.next_if_eq(&k).is_some();
        k += 1;
        kept
    });
    pass.candidates.shrink_to_fit();
    (0..pass.candidates.len()).collect()
}

/// The candidates to apply together: one a URI, the most severe (then
/// the first in rule order), whose edits overlap none taken before it.
/// Two fixes of one URI can each be right and wrong together
/// (`http://https://x` is a doubled scheme and an empty port: one fix
/// drops `http://`, the other the second `:`), so the second waits for
/// the next pass, which checks the URI the first left.
fn choose(candidates: &[Candidate]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..candidates.len()).collect();
    // Stable: candidates come in rule order within a URI.
    order.sort_by_key(|&i| (candidates[i].uri, std::cmp::Reverse(candidates[i].severity)));
    // The edits taken, by start: an edit is checked against its
    // neighbours only.
    let mut taken: std::collections::BTreeMap<(u64, u64), &RawEdit> = Default::default();
    let clashes = |taken: &std::collections::BTreeMap<(u64, u64), &RawEdit>, e: &RawEdit| {
        taken
            .range(..(e.start, u64::MAX))
            .next_back()
            .is_some_and(|(_, t)| overlap(e, t))
            || taken
                .range((e.start, 0)..)
                .next()
                .is_some_and(|(_, t)| overlap(e, t))
    };
    let mut chosen: Vec<usize> = Vec::new();
    for i in order {
        let edits = &candidates[i].file.edits;
        if chosen
            .last()
            .is_some_and(|&c| candidates[c].uri == candidates[i].uri)
            || edits.iter().any(|e| clashes(&taken, e))
        {
            continue;
        }
        taken.extend(edits.iter().map(|e| ((e.start, e.end), e)));
        chosen.push(i);
    }
    chosen.sort_unstable();
    chosen
}

/// A fix refused: its rule, and the URI as it is written (its text, how it
/// is delimited, whether it is broken over lines). Once a fix of the same
/// URI changes how it is written (`<URL: x>` becomes `<x>`), the markup
/// around it may read it otherwise, and the fix is tried again.
type Refused = (String, Vec<u8>, crate::scan::Delimiter, crate::scan::Flags);

fn refusal(rule: &str, l: &Located) -> Refused {
    let f = &l.finding;
    (rule.to_string(), f.uri.clone(), f.delimiter, f.flags)
}
