"""Issue 36: a documentation site, built offline by ``make docs``, that fails on any warning or broken link.

The module builds the site once, with the very command ``make docs`` runs (read from the Makefile), into a
temporary folder, then checks what a reader gets: the guided notebooks as pages with their outputs, a page
per task, the API reference for every public module, links that resolve, nothing loaded from outside, and
the examples on the pages still true (they are doctested here, as the README's are).
"""

from __future__ import annotations

import doctest
import html
import json
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))
import apipages
import notebookpages
import plotlyfigures

BUILD_TIMEOUT_S = 480
TASK_PAGES = ("your_table", "odds", "hints", "simulation_lab", "serving", "binder", "install")
REFERENCE_PAGES = ("api", "performance", "benchmark_history", "changelog", "notebooks")
CHARTS = {"calculators": 4, "endor": 3, "fleet_command": 2, "pinned_down": 1, "simulation": 2, "star_realms": 3,
          "warps_edge": 3}
"""The charts each notebook page draws: one per odds question its cells ask (a question with two panel charts,
such as the next hand's Trade and Combat, has both). Counted from the notebooks' ``static_figure(...)`` cells."""
SPHINX_MESSAGE = re.compile(r"(^|: )(WARNING|ERROR|CRITICAL|SEVERE): ")
"""How Sphinx words a warning or an error ("docs/odds.md:12: WARNING: ...", "WARNING: ..."). The notebooks' kernels
share the build's stderr, and their own logs are worded otherwise ("[IPKernelApp] WARNING | ...", and tornado's
"ERROR:tornado.general:Uncaught exception in ZMQStream callback", which ipykernel logs now and then while a busy
machine shuts a kernel down). A kernel's trouble inside a cell fails the build itself (``nb_execution_raise_on_error``),
so the kernel's own log is printed, not failed on."""
KERNEL_LOG = re.compile(r"(\[IPKernelApp\] |(WARNING|ERROR|CRITICAL):tornado\.)")
SCRIPT_SRC = re.compile(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", re.IGNORECASE)


def make_docs_command(out: Path) -> str:
    """``make docs``'s build line (``DOCS_BUILD`` in the Makefile), for this Python and output folder."""
    line = next(line for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith("DOCS_BUILD :="))
    command = line.split(":=", 1)[1].strip()
    return command.replace("$(BIN)/python", shlex.quote(sys.executable)).replace("$(DOCS_OUT)", shlex.quote(str(out)))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "html"
    started = time.monotonic()
    done = subprocess.run(make_docs_command(out), shell=True, cwd=ROOT, capture_output=True, text=True,
                          timeout=BUILD_TIMEOUT_S)
    took = time.monotonic() - started
    lines = (done.stdout + done.stderr).splitlines()
    sphinx = [line for line in lines if SPHINX_MESSAGE.search(line)]
    assert done.returncode == 0 and not sphinx, "\n".join(sphinx) or done.stderr[-3000:]
    kernels = [line for line in lines if KERNEL_LOG.match(line)]
    print(f"make docs built the site in {took:.0f} s" + "".join(f"\n(a notebook's kernel logged) {line}" for line in kernels))
    return out


def text_of(page: Path) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))


def test_make_docs_fails_on_any_warning_and_any_broken_reference() -> None:
    command = make_docs_command(Path("out"))
    for flag in ("-W", "-n", "-E", "--keep-going", "-b html"):
        assert f" {flag} " in command, flag
    assert command.startswith("SIM_STUDY_GAMES=30 ")


def test_make_test_builds_the_docs() -> None:
    """tests/test_docs.py is part of the test run, so ``make test`` builds the site (and fails with it)."""
    makefile = (ROOT / "Makefile").read_text()
    assert "$(BIN)/python -m pytest tests " in makefile


def test_generated_pages_are_never_committed() -> None:
    ignored = (ROOT / ".gitignore").read_text().splitlines()
    assert {"/docs/api/", "/docs/notebooks/", "/docs/_build/"} <= set(ignored)
    tracked = subprocess.run(["git", "ls-files", "docs/api", "docs/notebooks"], cwd=ROOT, capture_output=True,
                             text=True, check=True)
    assert tracked.stdout == ""


def test_every_guided_notebook_is_a_page_with_its_outputs(site: Path) -> None:
    notebooks = notebookpages.guided_notebooks(ROOT)
    assert [p.stem for p in notebooks] == ["calculators", "endor", "fleet_command", "pinned_down", "simulation",
                                           "star_realms", "warps_edge"]
    for notebook in notebooks:
        page = site / "notebooks" / f"{notebook.stem}.html"
        source = page.read_text(encoding="utf-8")
        assert source.count("cell_output") >= 5, page
        assert "Traceback (most recent call last)" not in text_of(page), page


def test_each_guided_notebook_shows_a_chart_for_each_odds_question_it_asks() -> None:
    """The panels' charts need a kernel; each question's chart is also shown as a plain output (issue 36)."""
    for notebook in notebookpages.guided_notebooks(ROOT):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert code.count("static_figure(") == CHARTS[notebook.stem], notebook.name


def test_every_notebook_page_draws_its_charts_with_the_sites_own_plotly(site: Path) -> None:
    banner = plotlyfigures.plotly_js().read_text(encoding="utf-8")[:200].split("*/")[0]  # "/**\n* plotly.js v4.1.1"
    assert "plotly.js v" in banner
    shipped = site / "_static" / plotlyfigures.SCRIPT
    assert shipped.read_bytes() == plotlyfigures.plotly_js().read_bytes()
    for name, charts in CHARTS.items():
        page = site / "notebooks" / f"{name}.html"
        source = page.read_text(encoding="utf-8")
        assert source.count('<div class="re-static-figure">') == charts, name
        assert source.count("Plotly.newPlot(") == charts, name
        loaded = [src for src in SCRIPT_SRC.findall(source) if plotlyfigures.SCRIPT in src]
        assert len(loaded) == 1 and (page.parent / urlsplit(loaded[0]).path).resolve() == shipped.resolve(), name
        assert banner not in source, f"{name}: plotly.js is written into the page"


def test_a_page_without_a_chart_does_not_load_plotly(site: Path) -> None:
    for name in ("index", "odds", "api"):
        assert plotlyfigures.SCRIPT not in (site / f"{name}.html").read_text(encoding="utf-8"), name


def test_every_script_a_page_loads_is_a_file_of_the_site(site: Path) -> None:
    for page in site.rglob("*.html"):
        source = page.read_text(encoding="utf-8")
        for src in SCRIPT_SRC.findall(source):
            parts = urlsplit(html.unescape(src))
            assert not parts.scheme and not parts.netloc, f"{page.relative_to(site)}: {src}"
            assert (page.parent / unquote(parts.path)).is_file(), f"{page.relative_to(site)}: {src}"
        assert "require.js" not in source and "cdn.plot.ly" not in source, page.relative_to(site)


def test_the_simulation_study_is_run_with_30_games(site: Path) -> None:
    assert "30 games played (0 failed)" in text_of(site / "notebooks" / "simulation.html")


def test_a_panel_in_a_notebook_page_says_where_to_use_it(site: Path) -> None:
    page = (site / "notebooks" / "star_realms.html").read_text(encoding="utf-8")
    assert notebookpages.PANEL_NOTE in html.unescape(page)
    assert "widget-view+json" not in page and "widget-state+json" not in page


def test_every_task_and_reference_page_is_built(site: Path) -> None:
    for name in TASK_PAGES + REFERENCE_PAGES:
        assert (site / f"{name}.html").is_file(), name
    index = text_of(site / "index.html")
    for title in ("Your own table", "The odds API", "Hints and a review", "The simulation lab",
                  "Serving for a group", "Binder", "API reference", "Performance"):
        assert title in index, title


def test_the_pages_other_work_brings_are_in_the_site_once_written(site: Path) -> None:
    for name in notebookpages.OPTIONAL_PAGES:
        assert (site / f"{name}.html").is_file() == (DOCS / f"{name}.md").is_file(), name


def test_the_api_reference_has_a_page_for_every_public_module(site: Path) -> None:
    modules = apipages.public_modules("explorer") + apipages.public_modules("widgets")
    assert {"explorer", "explorer.odds", "explorer.cli", "explorer.extras", "explorer.sim", "widgets"} <= set(modules)
    for module in modules:
        assert (site / "api" / f"{module}.html").is_file(), module
    odds = text_of(site / "api" / "explorer.odds.html")
    assert "dice_pool" in odds and ">>>" in odds  # the docstrings, with their examples


def test_benchmark_history_and_changelog_come_from_their_files(site: Path) -> None:
    assert "Benchmark history" in text_of(site / "benchmark_history.html")
    assert "## 0.2.0" in (ROOT / "CHANGELOG.md").read_text() and "0.2.0" in text_of(site / "changelog.html")
    assert 'href="benchmark_history.html"' in (site / "performance.html").read_text(encoding="utf-8")


def test_no_page_loads_anything_from_another_site(site: Path) -> None:
    outside = re.compile(r"<(script|link|img|iframe)\b[^>]*\b(src|href)=\"(https?:)?//", re.IGNORECASE)
    for page in site.rglob("*.html"):
        found = outside.search(page.read_text(encoding="utf-8"))
        assert found is None, f"{page.relative_to(site)}: {found.group(0) if found else ''}"


def test_every_link_inside_the_site_resolves(site: Path) -> None:
    href = re.compile(r"<a\b[^>]*\bhref=\"([^\"]+)\"")
    ids: dict[Path, set[str]] = {}

    def anchors(page: Path) -> set[str]:
        if page not in ids:
            ids[page] = set(re.findall(r"\bid=\"([^\"]+)\"", page.read_text(encoding="utf-8")))
        return ids[page]

    broken = []
    for page in sorted(site.rglob("*.html")):
        for link in href.findall(page.read_text(encoding="utf-8")):
            parts = urlsplit(html.unescape(link))
            if parts.scheme or parts.netloc or link.startswith("mailto:"):
                continue
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{page.relative_to(site)} -> {link}")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in anchors(target):
                broken.append(f"{page.relative_to(site)} -> {link} (no such anchor)")
    assert broken == []


def test_every_figure_on_the_performance_page_says_when_it_was_measured() -> None:
    sections = re.split(r"^## ", (DOCS / "performance.md").read_text(), flags=re.MULTILINE)[1:]
    assert len(sections) >= 4
    for section in sections:
        assert re.search(r"\b\d{1,2} November 2026\b|\bNovember 2026\b", section), section.splitlines()[0]
        assert "benchmarks/" in section or "tests/" in section, section.splitlines()[0]


@pytest.mark.parametrize("page", sorted(p.name for p in DOCS.glob("*.md") if "```python\n>>> " in p.read_text()))
def test_the_examples_on_the_page_are_true(page: str) -> None:
    result = doctest.testfile(str(DOCS / page), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False,
                              raise_on_error=False, report=True)
    assert result.attempted > 0 and result.failed == 0, page
