//! Hugo shortcodes whose bodies are code, not Markdown (SPEC section 9):
//! Hugo's `highlight` (and the `code`-like shortcodes themes add, such as
//! Hugo's own docs' `code-toggle`), a tab that a theme highlights as code
//! (Docsy's `{{< tab lang="yaml" >}}`, unless `text=true`), and a comment
//! (Docsy's `comment`, not rendered at all). Their bodies are listings: a
//! URI in one is an example, as in a fenced code block.

use std::ops::Range;

use super::tags;

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
        let end = memchr::memmem::find_iter(&raw[body_start..], b"{{")
            .map(|c| body_start + c)
            .find(|&c| tags::at(raw, c).is_some_and(|t| t.closing && t.name.as_bytes() == name));
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
    let tag = tags::at(raw, at).filter(|t| t.hugo && !t.closing && !t.self_closing)?;
    let code = match tag.name {
        "highlight" | "code" | "code-toggle" | "codeblock" | "comment" => true,
        // A tab is code where it names a language and is not text.
        "tab" => {
            !tag.markdown
                && memchr::memmem::find(tag.args, b"lang=").is_some()
                && memchr::memmem::find(tag.args, b"text=true").is_none()
        }
        _ => false,
    };
    code.then_some((tag.name.as_bytes(), tag.end))
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
