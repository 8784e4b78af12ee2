"""The project's own promises: the two commands, the layering, and what Binder reads."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_readme_shows_exactly_the_two_setup_commands() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "make dashboard" in readme and "make test" in readme


def test_ci_runs_make_test_and_nothing_of_its_own() -> None:
    lines = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines[-1] == "make test"
    assert all(line.startswith(("set ", "cd ", "make test")) for line in lines)


def test_explorer_never_imports_the_view_layer() -> None:
    """DESIGN.md: explorer/ depends on numpy and the stdlib only; widgets import explorer, never the reverse."""
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


def test_readme_binder_link_opens_a_dashboard_that_exists() -> None:
    readme = (ROOT / "README.md").read_text()
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
