project = "A MyST-Parser project"
extensions = ["myst_parser", "sphinx.ext.intersphinx"]
intersphinx_mapping = {"python": ("https://docs.python.org/3", None)}
myst_heading_anchors = 2
