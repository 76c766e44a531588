//! Unwrapping `format=flowed` text (RFC 3676).

/// Joins the soft line breaks of a `format=flowed` body: a line that ends
/// in a space continues on the next line of the same quote depth (s4.1,
/// s4.5), `-- ` is a hard break (s4.3), a leading space-stuffed space is
/// removed (s4.4), and with `DelSp=yes` the space before a soft break goes
/// too (s4.2).
///
/// ```
/// use urilint::mail::unflow;
///
/// let body = "See http://example.com/a/very/long/ \r\npath/index.html for more.\r\n> quoted \r\n> line\r\n";
/// assert_eq!(unflow(body, false), "See http://example.com/a/very/long/ path/index.html for more.\n> quoted line\n");
/// let delsp = "See http://example.com/a/very/long/ \r\npath/index.html\r\n";
/// assert_eq!(unflow(delsp, true), "See http://example.com/a/very/long/path/index.html\n");
/// ```
pub fn unflow(body: &str, delsp: bool) -> String {
    unflow_lines(body, delsp).0
}

/// [`unflow`], and where in its output each line of `body` starts (the
/// content after its quote marks and stuffing, for a joined line).
pub(crate) fn unflow_lines(body: &str, delsp: bool) -> (String, Vec<usize>) {
    let mut starts = Vec::new();
    let mut out = String::with_capacity(body.len());
    // The quote depth of the paragraph being joined, if one is open.
    let mut open: Option<usize> = None;
    for raw in body.split_inclusive('\n') {
        let line = raw.trim_end_matches(['\n', '\r']);
        let depth = line.bytes().take_while(|&b| b == b'>').count();
        let mut content = &line[depth..];
        // s4.4: one leading space is stuffing (after quote marks, too).
        if let Some(rest) = content.strip_prefix(' ') {
            content = rest;
        }
        if let Some(d) = open
            && d != depth
        {
            // s4.5: a change of quote depth ends the paragraph.
            out.push('\n');
            open = None;
        }
        starts.push(out.len());
        if open.is_none() && depth > 0 {
            out.push_str(&">".repeat(depth));
            out.push(' ');
        }
        let soft = content.ends_with(' ') && content != "-- ";
        if soft {
            let keep = if delsp {
                &content[..content.len() - 1]
            } else {
                content
            };
            out.push_str(keep);
            open = Some(depth);
        } else {
            out.push_str(content);
            out.push('\n');
            open = None;
        }
    }
    if open.is_some() {
        out.push('\n');
    }
    (out, starts)
}

#[cfg(test)]
mod tests {
    use super::unflow;

    #[test]
    fn signature_separator_is_a_hard_break() {
        assert_eq!(unflow("text \n-- \nsig\n", false), "text -- \nsig\n");
    }

    #[test]
    fn a_change_of_quote_depth_ends_the_paragraph() {
        assert_eq!(unflow("> a \nb\n", false), "> a \nb\n");
    }

    #[test]
    fn space_stuffing_is_removed() {
        assert_eq!(unflow(" From here\n", false), "From here\n");
    }
}
