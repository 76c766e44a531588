//! Hugo shortcodes whose bodies are code, not Markdown (SPEC section 9):
//! Hugo's `highlight` (and the `code`-like shortcodes themes add, such as
//! Hugo's own docs' `code-toggle`), a tab that a theme highlights as code
//! (Docsy's `{{< tab lang="yaml" >}}`, unless `text=true`), and a comment
//! (Docsy's `comment`, not rendered at all). Their bodies are listings: a
//! URI in one is an example, as in a fenced code block.

use std::ops::Range;

/// The longest opening tag read: a name and a few arguments.
const MAX_TAG: usize = 1024;

/// The byte ranges of `raw` that are the bodies of code shortcodes, in
/// order and apart.
pub(crate) fn code_bodies(raw: &[u8]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut from = 0;
    // Names whose closing tag no search found: a later opening of one
    // has none either, and is not searched to the end again.
    let mut unclosed: Vec<&[u8]> = Vec::new();
    while let Some(k) = memchr::memmem::find(&raw[from..], b"{{") {
        let at = from + k;
        from = at + 2;
        let Some((name, body_start)) = opening(raw, at) else {
            continue;
        };
        if unclosed.contains(&name) {
            continue;
        }
        // Its closing tag: `{{< /name >}}` or `{{% /name %}}`.
        let mut end = None;
        let mut search = body_start;
        while let Some(c) = memchr::memmem::find(&raw[search..], b"{{") {
            let c = search + c;
            search = c + 2;
            let rest = &raw[c + 2..raw.len().min(c + 2 + MAX_TAG)];
            let Some(rest) = rest.strip_prefix(b"<").or_else(|| rest.strip_prefix(b"%")) else {
                continue;
            };
            let rest = rest.trim_ascii_start();
            if let Some(r) = rest.strip_prefix(b"/")
                && r.trim_ascii_start().starts_with(name)
                && r.trim_ascii_start()[name.len()..]
                    .first()
                    .is_some_and(|&b| b.is_ascii_whitespace() || b == b'>' || b == b'%')
            {
                end = Some(c);
                break;
            }
        }
        // A body that never closes is no body (the shortcode is inline).
        match end {
            Some(end) => {
                out.push(body_start..end);
                from = end;
            }
            None => unclosed.push(name),
        }
    }
    out
}

/// A code shortcode's opening tag at `raw[at]`: its name and where its
/// body starts.
fn opening(raw: &[u8], at: usize) -> Option<(&[u8], usize)> {
    let rest = &raw[at + 2..raw.len().min(at + 2 + MAX_TAG)];
    let (rest, close): (&[u8], &[u8]) = match rest.first()? {
        b'<' => (&rest[1..], b">}}"),
        b'%' => (&rest[1..], b"%}}"),
        _ => return None,
    };
    let end = memchr::memmem::find(rest, close)?;
    let inner = rest[..end].trim_ascii();
    let name_len = inner
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_')))
        .unwrap_or(inner.len());
    let (name, args) = inner.split_at(name_len);
    let markdown = close == b"%}}";
    let code = match name {
        b"highlight" | b"code" | b"code-toggle" | b"codeblock" | b"comment" => true,
        // A tab is code where it names a language and is not text.
        b"tab" => {
            !markdown
                && memchr::memmem::find(args, b"lang=").is_some()
                && memchr::memmem::find(args, b"text=true").is_none()
        }
        _ => false,
    };
    // A self-closing call (`{{< highlight go "x" />}}`) has no body.
    (code && !inner.ends_with(b"/")).then(|| (name, at + 2 + 1 + end + close.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bodies(text: &str) -> Vec<&str> {
        code_bodies(text.as_bytes())
            .into_iter()
            .map(|r| text[r].trim())
            .collect()
    }

    #[test]
    fn code_shortcodes_have_code_bodies() {
        let text = "a {{< highlight go \"linenos=table\" >}}http://a.example/{{< / highlight >}} b\n\
                    {{< tab header=\"YAML\" lang=\"yaml\" >}}url: http://b.example/{{< /tab >}}\n\
                    {{% tab header=\"Text\" lang=\"en\" %}}[x](y.md){{% /tab %}}\n\
                    {{< tab header=\"T\" lang=\"en\" text=true >}}[x](z.md){{< /tab >}}\n\
                    {{< comment >}}old [link](gone.md){{< /comment >}}\n\
                    {{< highlight go >}} never closed";
        assert_eq!(
            bodies(text),
            [
                "http://a.example/",
                "url: http://b.example/",
                "old [link](gone.md)"
            ]
        );
    }
}
