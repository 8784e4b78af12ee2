"""Sphinx configuration of the documentation site (``make docs``): MyST pages, executed notebooks, the API.

Built offline from Python packages alone: no intersphinx inventories, no theme fetched at build time,
no script or style sheet from a CDN on any page (``tests/test_docs.py`` checks the built site).
Generated at build time, never committed: ``docs/api/`` (the API reference, ``_ext/apipages.py``,
from the packages' module list) and ``docs/notebooks/`` (the guided notebooks, ``_ext/notebookpages.py``).
The notebook pages draw their charts with the site's own copy of plotly.js (``_static/plotly.min.js``,
from the installed plotly package: ``_ext/plotlyfigures.py``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))  # the checkout's explorer/ and widgets/, whatever is installed

import explorer  # noqa: E402

project = "Rules Explorer"
author = "the Rules Explorer authors"
copyright = "2026, the Rules Explorer authors"
release = version = explorer.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
]
sys.path.insert(0, str(DOCS / "_ext"))
extensions += ["aliases", "apipages", "notebookpages", "plotlyfigures"]

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**.ipynb_checkpoints", "jupyter_execute"]
html_theme = "furo"  # installed from its wheel: nothing fetched at build time, nothing from a CDN on a page
html_title = f"Rules Explorer {release}"
html_static_path: list[str] = []
myst_heading_anchors = 3  # [the budget](serving.md#budget-settings) links to a heading
myst_enable_extensions = ["colon_fence"]

# The guided notebooks are run during the build, in the docs' Python (the kernel is this venv's):
# the simulation study with SIM_STUDY_GAMES games (30, as under nbval, unless the caller says).
os.environ.setdefault("SIM_STUDY_GAMES", "30")
nb_execution_mode = "force"
nb_execution_timeout = 600
nb_execution_raise_on_error = True  # a notebook that fails fails the build
nb_execution_show_tb = True
nb_merge_streams = True
nb_ipywidgets_js: dict[str, dict[str, str]] = {}  # no require.js / widget manager from a CDN (see notebookpages)
nitpicky = True
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
# No intersphinx (it downloads inventories): a reference to the standard library or another package
# (in signatures: Callable, Fraction, go.Figure, ipywidgets.Widget, ...) has no target here, and
# _ext/aliases.py shows those as plain names. Ignored besides: private names (not in the reference by
# design) and the fragments Sphinx makes of a quoted annotation it cannot parse ('dict[str, ...]').
# Every other reference into explorer/ and widgets/ must resolve.
nitpick_ignore_regex = [
    (r"py:.*", r"(?!(explorer|widgets)\b)[A-Za-z_]\w*\..*"),   # dotted names outside the project
    (r"py:.*", r"(.*\.)?_[A-Za-z]\w*(\..*)?"),                   # _private names
    (r"py:.*", r"(.*\.)?__\w+__"),                               # special methods
    (r"py:.*", r".*[\[\]'].*"),                                   # pieces of an unparsed annotation
]
