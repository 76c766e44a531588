//! `--format human`: `path:line:col: severity[rule] message`, then the
//! source line with the URI underlined, as ruff and rustc show them.

use std::io::{self, Write};

use anstyle::{AnsiColor, Effects, Style as Ansi};

use super::{Record, escape_controls};
use crate::rules::Severity;

/// How to print human output.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Emit ANSI colours.
    pub color: bool,
}

impl Style {
    fn paint(self, style: Ansi, text: &str) -> String {
        if self.color {
            format!("{style}{text}{style:#}")
        } else {
            text.to_string()
        }
    }
}

fn severity_style(s: Severity) -> Ansi {
    match s {
        Severity::Error => AnsiColor::Red.on_default().effects(Effects::BOLD),
        Severity::Warning => AnsiColor::Yellow.on_default().effects(Effects::BOLD),
        Severity::Note => AnsiColor::Cyan.on_default().effects(Effects::BOLD),
    }
}

pub(super) fn write(out: &mut impl Write, r: &Record, style: Style) -> io::Result<()> {
    let bold = Ansi::new().effects(Effects::BOLD);
    let gutter = AnsiColor::Blue.on_default().effects(Effects::BOLD);
    let sev = severity_style(r.severity);
    writeln!(
        out,
        "{}: {} {}",
        style.paint(
            bold,
            &format!("{}:{}:{}", escape_controls(&r.path), r.line, r.column)
        ),
        style.paint(sev, &format!("{}[{}]", r.severity, r.rule)),
        escape_controls(&r.message)
    )?;
    if let Some(mail) = &r.mail {
        let subject = mail
            .subject
            .as_deref()
            .map(|s| format!(" \"{s}\""))
            .unwrap_or_default();
        let note = format!(
            "in {}{subject}, {} line {}",
            mail.describe(),
            mail.part,
            mail.part_line
        );
        writeln!(
            out,
            "  {} {}",
            style.paint(gutter, "="),
            escape_controls(&note)
        )?;
    }
    let Some(sn) = &r.snippet else { return Ok(()) };
    let num = sn.line.to_string();
    let pad = " ".repeat(num.len());
    let bar = style.paint(gutter, "|");
    writeln!(out, "{pad} {bar}")?;
    writeln!(out, "{} {bar} {}", style.paint(gutter, &num), sn.text)?;
    let more = match sn.more_lines {
        0 => String::new(),
        1 => " (continues on the next line)".to_string(),
        n => format!(" (continues over {n} more lines)"),
    };
    let marks = style.paint(sev, &"^".repeat(sn.width));
    writeln!(out, "{pad} {bar} {}{marks}{more}", " ".repeat(sn.before))?;
    if let Some(fix) = &r.fix {
        let how = match fix.applicability {
            crate::rules::Applicability::Safe => "`--fix` fixes this",
            crate::rules::Applicability::Unsafe => "`--fix --unsafe-fixes` fixes this",
        };
        writeln!(out, "{pad} {} help: {how}", style.paint(gutter, "="))?;
    }
    Ok(())
}
