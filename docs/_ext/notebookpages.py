"""The guided notebooks as pages, and the pages other work brings in when it lands.

- **The notebooks.** ``notebooks/*.ipynb`` (the guided tours a reader would otherwise clone and run)
  are copied into ``docs/notebooks/`` when the build starts (the folder is generated, not in git),
  and MyST-NB executes them there (``conf.py``: ``nb_execution_mode = "force"``). ``index.ipynb``
  is left out: it links to the Voilà dashboards, which are not pages of this site; ``notebooks.md``
  is its counterpart here.
- **The panels.** A panel is an ipywidgets widget: its view needs a running kernel, and the page
  of a static site has none (embedding its saved state would need the ipywidgets JavaScript from a
  CDN). Where a cell shows a panel the page says so, and where to open it; the widget state
  nbclient records is not put into the page. The charts are on the page all the same: each odds
  question's cell also shows its figure as a plain output (``widgets.common.static_figure``), which
  ``plotlyfigures.py`` draws with the site's own plotly.js.
- **Pages that may not exist yet.** ``architecture``, ``adding_a_game`` and ``publish`` are
  written by other work (docs/architecture.md, docs/adding_a_game.md, docs/publish.md). A toctree
  line naming one of them is dropped while its file is missing, so the build does not fail on a
  page that has not landed; the build log says which were left out.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

LOG = logging.getLogger(__name__)
FOLDER = "notebooks"
LEFT_OUT = ("index.ipynb",)
OPTIONAL_PAGES = ("architecture", "adding_a_game", "publish")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PANEL_NOTE = ("An interactive panel is shown here when the notebook runs in a kernel: open the notebook "
              "in JupyterLab (make lab), or its dashboard (make dashboard).")


def guided_notebooks(root: Path) -> list[Path]:
    """The notebooks rendered as pages: every ``notebooks/*.ipynb`` but the index, in name order."""
    return sorted(p for p in (root / "notebooks").glob("*.ipynb") if p.name not in LEFT_OUT)


def copy_notebooks(app: Sphinx) -> None:
    """Copy the guided notebooks into ``<docs>/notebooks/``, afresh, before the sources are read."""
    source = Path(app.srcdir)
    out = source / FOLDER
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir()
    for notebook in guided_notebooks(source.parent):
        shutil.copy2(notebook, out / notebook.name)


def missing_pages(srcdir: Path) -> list[str]:
    """The optional pages whose source is not there yet."""
    return [name for name in OPTIONAL_PAGES if not (srcdir / f"{name}.md").is_file()]


def drop_missing_pages(app: Sphinx, docname: str, source: list[str]) -> None:
    """Remove the toctree lines that name an optional page not written yet."""
    missing = missing_pages(Path(app.srcdir))
    if not missing:
        return
    lines = source[0].splitlines(keepends=True)
    kept = [line for line in lines if line.strip() not in missing]
    if len(kept) != len(lines):
        LOG.info(f"{docname}: left out of the contents until written: {', '.join(missing)}")
        source[0] = "".join(kept)


def note_panels(app: Sphinx, doctree: nodes.document) -> None:
    """Put a note where a cell shows a panel, and keep the recorded widget state out of the page."""
    for raw in list(doctree.findall(nodes.raw)):
        if WIDGET_VIEW in raw.astext():
            note = nodes.note("", nodes.paragraph(text=PANEL_NOTE))
            raw.replace_self(note)
    try:
        from myst_nb.sphinx_ import NbMetadataCollector
    except ImportError:  # not a MyST-NB build
        return
    data = NbMetadataCollector.get_doc_data(app.env).get(app.env.docname, {})  # type: ignore[arg-type]
    data.get("js_files", {}).pop("ipywidgets_state", None)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", copy_notebooks)
    app.connect("source-read", drop_missing_pages)
    app.connect("doctree-read", note_panels)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
