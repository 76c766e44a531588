from pathlib import Path

DOCS = Path(__file__).parent.parent / 'docs'


def on_pre_build(config):
    (DOCS / 'changelog.md').write_text((DOCS.parent / 'HISTORY.md').read_text())


def on_page_markdown(markdown, page, config, files):
    if page.file.src_uri != 'why.md':
        return markdown
    return markdown.replace('{{ reasons }}', '## Fast\n\n## Typed\n')
