//! `--format github`: GitHub Actions workflow commands, which annotate the
//! lines of a pull request.

use std::io::{self, Write};

use super::{Record, escape_controls};
use crate::rules::Severity;

pub(super) fn write(out: &mut impl Write, r: &Record) -> io::Result<()> {
    let level = match r.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "notice",
    };
    writeln!(
        out,
        "::{level} file={},line={},col={},title={}::{}",
        property(&r.path),
        r.line,
        r.column,
        property(&format!("urilint {}", r.rule)),
        data(&match &r.mail {
            Some(mail) => format!("{} ({}, in {})", r.message, r.uri, mail.describe()),
            None => format!("{} ({})", r.message, r.uri),
        }),
    )?;
    Ok(())
}

/// Escapes a command's message; control characters from the input are
/// shown as `\u{..}`, never passed to the terminal showing the log.
fn data(s: &str) -> String {
    // After the escape there is no CR or LF left to encode.
    escape_controls(s).replace('%', "%25")
}

/// Escapes a command's property value.
fn property(s: &str) -> String {
    data(s).replace(':', "%3A").replace(',', "%2C")
}
