"""The project's own promises: the two commands, a README that is a front door, the layering, and what Binder reads."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


README = (ROOT / "README.md").read_text()


def section(text: str, heading: str) -> str:
    """The body of the ``## heading`` section of a Markdown text."""
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_readme_shows_exactly_the_two_setup_commands() -> None:
    block = section(README, "Two commands").split("```sh\n", 1)[1].split("```", 1)[0]
    assert [line.split("#")[0].strip() for line in block.splitlines()] == ["make dashboard", "make test"]


def test_readme_is_a_front_door_of_at_most_250_lines() -> None:
    assert len(README.splitlines()) <= 250


def test_readme_keeps_no_dated_measurements() -> None:
    """Figures with their dates live on the documentation's Performance page and in benchmarks/README.md."""
    months = "January|February|March|April|May|June|July|August|September|October|November|December"
    dated = [line for line in README.splitlines()
             if re.search(rf"\b({months}) 20\d\d\b|\b20\d\d-\d\d-\d\d\b|\bcommit [0-9a-f]{{7}}\b|\bissue \d+", line)]
    assert dated == []


def test_readme_sends_the_reader_to_documentation_pages_that_exist() -> None:
    pages = re.findall(r"`(docs/[\w/]+\.md)`", README)
    assert len(pages) >= 8
    for page in pages:
        assert (ROOT / page).is_file(), page
    for target in ("benchmarks/README.md", "CHANGELOG.md", "LICENSE"):
        assert f"`{target}`" in README and (ROOT / target).is_file(), target


def test_readme_make_targets_exist() -> None:
    makefile = (ROOT / "Makefile").read_text()
    for target in set(re.findall(r"`make (\w+)", README)):
        assert re.search(rf"^{target}:", makefile, re.MULTILINE), target


def test_ci_runs_make_test_and_nothing_of_its_own() -> None:
    lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines[-1] == "make test"
    assert all(line.startswith(("set ", "cd ", "make test")) for line in lines)


def test_explorer_never_imports_the_view_layer() -> None:
    """docs/architecture.md: explorer/ depends on numpy and the stdlib only; widgets import explorer, never the reverse."""
    code = (
        "import sys, importlib, explorer, explorer.odds\n"
        "for g in explorer.games():\n"
        "    explorer.load_game(g)\n"
        "    importlib.import_module(f'explorer.games.{g}')\n"
        "    try: importlib.import_module(f'explorer.games.{g}.odds')\n"
        "    except ModuleNotFoundError: pass\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'plotly', 'IPython', 'voila', 'scipy'))\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_binder_installs_the_project_on_python_311() -> None:
    """JUPYTER_NOTES.md: only binder/ is read; '.' must be installed; postBuild is a bash script with set -e that
    installs the server configuration (tests/test_binder.py checks that it takes effect)."""
    requirements = (ROOT / "binder" / "requirements.txt").read_text().split()
    assert any(r.startswith(".") for r in requirements)
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    post_build = ROOT / "binder" / "postBuild"
    lines = post_build.read_text().splitlines()
    assert lines[0] == "#!/bin/bash" and "set -e" in lines
    assert os.access(post_build, os.X_OK)
    assert "configure_jupyter_server(c)" in (ROOT / "binder" / "jupyter_server_config.py").read_text()


def test_the_binder_page_link_opens_a_dashboard_that_exists() -> None:
    readme = (ROOT / "docs" / "binder.md").read_text()
    prefix = "urlpath=voila%2Frender%2F"
    link = next(line for line in readme.splitlines() if prefix in line)
    target = link.split(prefix, 1)[1].replace("%2F", "/")
    assert (ROOT / target).is_file(), target


def test_notebooks_are_committed_without_outputs_or_widget_state() -> None:
    """JUPYTER_NOTES.md: a saved widget state embeds ~5 MB of JavaScript per notebook."""
    for path in ROOT.glob("notebooks/**/*.ipynb"):
        nb = json.loads(path.read_text())
        assert "widgets" not in nb.get("metadata", {}), f"{path} stores widget state"
        for cell in nb["cells"]:
            for output in cell.get("outputs", []):
                assert "application/vnd.jupyter.widget-view+json" not in output.get("data", {}), path
                assert output.get("output_type") != "error", f"{path} stores an error"
