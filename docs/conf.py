"""Sphinx configuration of the aiarray documentation site (the pages are Markdown, read by
MyST; the API reference is generated from the docstrings by autodoc and autosummary).

Build it (warnings are errors; links and #anchors between pages are checked):

    python -m pip install '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

docs/site.md says why Sphinx and how to add a page.
"""

from __future__ import annotations

import aiarray

project = "aiarray"
author = "The aiarray developers"
copyright = "the aiarray developers; Apache-2.0"
release = version = aiarray.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
]

# reStructuredText first: autosummary writes the generated pages in the first suffix.
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]
templates_path = ["_templates"]

# Markdown: heading anchors for the links between pages ("promotion.md#policies"), checked;
# GitHub-style tables and fenced code as they are written in the repository.
myst_heading_anchors = 4
myst_enable_extensions = ["colon_fence", "deflist"]

# API reference: one generated page per public name (autosummary lists in docs/reference/).
autosummary_generate = True
autosummary_imported_members = False
autodoc_typehints = "signature"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_default_options = {"show-inheritance": False}
add_module_names = False

html_theme = "pydata_sphinx_theme"
html_title = f"aiarray {release}"
html_static_path: list[str] = []
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 4,
    "icon_links": [],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": [], "getting-started": []}
html_show_sourcelink = False
html_copy_source = False
