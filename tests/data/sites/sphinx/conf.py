# Configuration file for the Sphinx documentation builder.

project = 'Acme'
author = 'Acme developers'
release = '2.1'

extensions = []

templates_path = ['_templates']
exclude_patterns = ['_build']

html_theme = 'alabaster'
html_static_path = ['_static']
# Pages rendered from templates: _templates/download.html -> download.html
html_additional_pages = {'download': 'download.html'}
