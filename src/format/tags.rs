//! Template tags written in Markdown pages, as the generators that expand
//! them read them: Hugo's shortcode calls (`{{< name args >}}`,
//! `{{% name args %}}`, Hugo's "Shortcodes") and Liquid tags
//! (`{% name args %}`, Jekyll's "Liquid"). Read by the page references
//! and the code shortcodes alike.

/// A tag starting at some `raw[at]`.
pub(super) struct Tag<'a> {
    /// Hugo's, or Liquid's.
    pub hugo: bool,
    /// Hugo's `{{% %}}`, whose body is Markdown.
    pub markdown: bool,
    /// A closing tag (`{{< /name >}}`).
    pub closing: bool,
    /// A self-closing call (`{{< name args />}}`).
    pub self_closing: bool,
    pub name: &'a str,
    /// Its arguments, and where they start in `raw`.
    pub args: &'a [u8],
    pub args_at: usize,
    /// Just past its closing delimiter.
    pub end: usize,
}

/// The longest tag read: a name and a few arguments.
pub(super) const MAX_TAG: usize = 1024;

/// The tag starting at `raw[at]`, if one does.
pub(super) fn at(raw: &[u8], at: usize) -> Option<Tag<'_>> {
    let rest = &raw[at..raw.len().min(at + MAX_TAG)];
    let (hugo, open, close): (bool, usize, &[u8]) = if rest.starts_with(b"{{<") {
        (true, 3, b">}}")
    } else if rest.starts_with(b"{{%") {
        (true, 3, b"%}}")
    // Not the second brace of Hugo's `{{%`.
    } else if rest.starts_with(b"{%") && (at == 0 || raw[at - 1] != b'{') {
        (false, 2, b"%}")
    } else {
        return None;
    };
    let mut from = open;
    // Whitespace control: Liquid's `{%-` and `-%}`.
    if !hugo && rest.get(from) == Some(&b'-') {
        from += 1;
    }
    let end = memchr::memmem::find(&rest[from..], close)? + from;
    let inner = rest[from..end].trim_ascii();
    let inner = match hugo {
        true => inner,
        false => inner.strip_suffix(b"-").unwrap_or(inner).trim_ascii_end(),
    };
    let (closing, inner) = match inner.strip_prefix(b"/") {
        Some(r) if hugo => (true, r.trim_ascii_start()),
        _ => (false, inner),
    };
    let self_closing = hugo && inner.ends_with(b"/");
    let name_len = inner
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-')))
        .unwrap_or(inner.len());
    let name = std::str::from_utf8(&inner[..name_len]).ok()?;
    let args = &inner[name_len..];
    let args_at = at + (args.as_ptr() as usize - rest.as_ptr() as usize);
    Some(Tag {
        hugo,
        markdown: close == b"%}}",
        closing,
        self_closing,
        name,
        args,
        args_at,
        end: at + end + close.len(),
    })
}
