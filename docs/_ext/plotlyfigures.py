"""The charts of the notebook pages: plotly.js from the site itself, on the pages that draw a chart.

A guided notebook shows each odds chart as a plain output too (``widgets.common.static_figure``): a
``<div class="re-static-figure">`` and a script calling ``Plotly.newPlot``, with no plotly.js of its
own. This extension gives those pages the library, from nowhere but the site:

- **One copy.** When the build ends, the installed plotly package's ``plotly.min.js`` (the very
  version the notebooks' figures were written for) is copied to ``_static/plotly.min.js``: about
  4.8 MB once for the site, not in every page, and no CDN.
- **Where needed.** A page whose body holds such a div loads it; the other pages do not. The theme
  writes its scripts at the end of the body, after the figures: each figure draws once the page is
  parsed (``DOMContentLoaded``), when plotly.js has run.
- **The other form.** A figure's output also carries plotly's own type (JupyterLab draws that one).
  MyST-NB turns every type of an output into nodes before the HTML builder picks one (``text/html``
  here), and warns once per output that it has no renderer for ``application/vnd.plotly.v1+json``;
  under ``-W`` that fails the build. That one notice is dropped (:class:`PassOverPlotlyType`), before
  Sphinx counts it: any other type MyST-NB cannot draw still fails the build.

``tests/test_docs.py`` checks each notebook page draws its charts with this file and loads nothing
from another host.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import plotly
from sphinx.application import Sphinx
from sphinx.util import logging as sphinx_logging
from sphinx.util.fileutil import copy_asset_file

from widgets.common.static_figure import MARKER  # conf.py puts the checkout first on the path

SCRIPT = "plotly.min.js"
PLOTLY_TYPE = "application/vnd.plotly.v1+json"


class PassOverPlotlyType(logging.Filter):
    """Drop MyST-NB's "skipping unknown output mime type" warning for plotly's type, and only for it."""

    def filter(self, record: logging.LogRecord) -> bool:
        skipped = getattr(record, "type", "") == "mystnb" and getattr(record, "subtype", "") == "unknown_mime_type"
        return not (skipped and PLOTLY_TYPE in str(record.msg))


def pass_over_plotly_type() -> None:
    """Put :class:`PassOverPlotlyType` first on Sphinx's warning handler (ahead of the filter that counts)."""
    for handler in logging.getLogger(sphinx_logging.NAMESPACE).handlers:
        if isinstance(handler, sphinx_logging.WarningStreamHandler):
            handler.filters.insert(0, PassOverPlotlyType())


def plotly_js() -> Path:
    """The installed plotly package's own ``plotly.min.js``."""
    return Path(plotly.__file__).resolve().parent / "package_data" / SCRIPT


def load_where_drawn(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """Give a page that holds a static figure the site's plotly.js (this page only)."""
    if MARKER in context.get("body", ""):
        app.add_js_file(SCRIPT)


def copy_plotly_js(app: Sphinx, exception: BaseException | None) -> None:
    """Copy plotly.min.js into the site's ``_static`` folder once the pages are written."""
    if exception is None and app.builder.format == "html":
        copy_asset_file(str(plotly_js()), str(Path(app.outdir) / "_static" / SCRIPT))


def setup(app: Sphinx) -> dict[str, Any]:
    pass_over_plotly_type()
    app.connect("html-page-context", load_where_drawn)
    app.connect("build-finished", copy_plotly_js)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
