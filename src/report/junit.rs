//! `--format junit`: JUnit XML, as CI systems (GitLab, Jenkins, Azure)
//! show test results: a test suite a file, a failing test case a finding,
//! a skipped one a link left unchecked (SPEC section 13).
//!
//! Records come in path order, so a file's suite is written when the next
//! file's first record comes: only one file's test cases are held, as
//! they are printed, and past [`HELD`] bytes in a temporary file, so that
//! a file of a million findings takes no more memory than one of ten
//! (issue 49).

use std::io::{self, Seek, Write};

use super::{Record, escape_controls};

/// The bytes of test cases held in memory; more wait in a file.
const HELD: usize = 1 << 20;

/// A file's test cases, waiting for its suite's counts.
#[derive(Default)]
pub(super) struct Junit {
    path: Option<String>,
    /// The test cases as printed: the last of them, and those before in a
    /// temporary file.
    cases: Vec<u8>,
    spilled: Option<std::fs::File>,
    tests: usize,
    failures: usize,
    skipped: usize,
    suites: usize,
}

impl Junit {
    pub(super) fn record(&mut self, out: &mut impl Write, r: &Record) -> io::Result<()> {
        if self.suites == 0 && self.path.is_none() {
            out.write_all(
                b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"urilint\">\n",
            )?;
        }
        if self.path.as_deref() != Some(r.path.as_str()) {
            self.suite(out)?;
            self.path = Some(r.path.clone());
        }
        let path = xml(&r.path);
        let uri = match &r.mail {
            Some(mail) => format!("{}, in {}", r.uri, mail.describe()),
            None => r.uri.clone(),
        };
        let what = xml(&format!("{} ({uri})", r.message));
        let mut case = format!(
            "    <testcase name=\"{} at {}:{}\" classname=\"{path}\" file=\"{path}\" line=\"{}\">\n",
            xml(&r.rule),
            r.line,
            r.column,
            r.line
        );
        if r.reason.is_some() {
            self.skipped += 1;
            case += &format!("      <skipped message=\"{what}\"/>\n");
        } else {
            self.failures += 1;
            case += &format!(
                "      <failure type=\"{}\" message=\"{what}\">{path}:{}:{}: {}[{}] {what}</failure>\n",
                r.severity,
                r.line,
                r.column,
                r.severity,
                xml(&r.rule)
            );
        }
        case += "    </testcase>\n";
        self.cases.extend_from_slice(case.as_bytes());
        self.tests += 1;
        if self.cases.len() > HELD {
            let file = match &mut self.spilled {
                Some(f) => f,
                None => self.spilled.insert(tempfile::tempfile()?),
            };
            file.write_all(&self.cases)?;
            self.cases.clear();
        }
        Ok(())
    }

    /// Writes the current file's suite.
    fn suite(&mut self, out: &mut impl Write) -> io::Result<()> {
        let Some(path) = self.path.take() else {
            return Ok(());
        };
        writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" skipped=\"{}\" errors=\"0\">",
            xml(&path),
            self.tests,
            self.failures,
            self.skipped
        )?;
        if let Some(mut file) = self.spilled.take() {
            file.rewind()?;
            io::copy(&mut file, out)?;
        }
        out.write_all(&self.cases)?;
        self.cases.clear();
        out.write_all(b"  </testsuite>\n")?;
        self.tests = 0;
        self.failures = 0;
        self.skipped = 0;
        self.suites += 1;
        Ok(())
    }

    /// The last suite, and the end of the document. A run with no finding
    /// is one passing test case, as ruff writes it: a report with no test
    /// reads as a broken job in some CI systems.
    pub(super) fn finish(&mut self, out: &mut impl Write) -> io::Result<()> {
        if self.suites == 0 && self.path.is_none() {
            out.write_all(
                b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"urilint\">\n  \
                  <testsuite name=\"urilint\" tests=\"1\" failures=\"0\" skipped=\"0\" errors=\"0\">\n    \
                  <testcase name=\"No problems found\" classname=\"urilint\"/>\n  </testsuite>\n",
            )?;
        } else {
            self.suite(out)?;
        }
        out.write_all(b"</testsuites>\n")
    }
}

/// Text for an XML attribute or element: markup escaped, and control
/// characters (which XML 1.0 cannot hold) shown as `\u{..}`.
fn xml(s: &str) -> String {
    let s = escape_controls(s);
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
