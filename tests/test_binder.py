"""Issue 19: Binder gets the hardening the documentation promises (docs/serving.md, docs/binder.md).

repo2docker runs ``binder/postBuild`` from the repository's root and then starts
``jupyter server``, which reads its configuration from the user's Jupyter config
folder, never from the repository (a root ``jupyter_config.json`` was never read).
These tests run postBuild's steps into temporary Jupyter folders
(``JUPYTER_CONFIG_DIR``, ``JUPYTER_DATA_DIR``), then ask ``jupyter server
--show-config`` what it loaded, and render pages through ``jupyter server`` and
Voilà's server extension on 127.0.0.1, as Binder serves them.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
POST_BUILD = ROOT / "binder" / "postBuild"
BIN = Path(sys.executable).parent
START_TIMEOUT_S = 120
RENDER_TIMEOUT_S = 120
BOOM = {  # a page whose cell raises with a server path in its message: the visitor must not see it
    "cells": [{"cell_type": "code", "execution_count": None, "id": "boom", "metadata": {}, "outputs": [],
               "source": ["raise ValueError('secret detail: /srv/private/settings.toml')"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a Binder user after ``binder/postBuild`` ran (into temporary Jupyter folders)."""
    home = tmp_path_factory.mktemp("binder-home")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTER_PLATFORM_DIRS": "1"}
    for key in ("RULES_EXPLORER_MAX_KERNELS", "RULES_EXPLORER_VISITOR_GRACE_SECONDS", "JUPYTER_PATH"):
        env.pop(key, None)
    done = subprocess.run(["bash", str(POST_BUILD)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return env


def test_post_build_is_a_bash_script_that_stops_at_the_first_error() -> None:
    lines = POST_BUILD.read_text().splitlines()
    assert lines[0] == "#!/bin/bash"
    commands = [line for line in lines[1:] if line.strip() and not line.startswith("#")]
    assert commands[0] == "set -e"
    assert os.access(POST_BUILD, os.X_OK)


def test_post_build_installs_the_server_configuration_and_the_template(binder_env: dict[str, str]) -> None:
    config = Path(binder_env["JUPYTER_CONFIG_DIR"]) / "jupyter_server_config.py"
    assert config.read_text() == (ROOT / "binder" / "jupyter_server_config.py").read_text()
    template = Path(binder_env["JUPYTER_DATA_DIR"]) / "voila" / "templates" / "rules-explorer"
    assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()


def test_jupyter_server_loads_the_hardened_settings(binder_env: dict[str, str], tmp_path: Path) -> None:
    shown = subprocess.run([str(BIN / "jupyter"), "server", "--show-config"], cwd=tmp_path, env=binder_env,
                           capture_output=True, text=True, timeout=300)
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert str(Path(binder_env["JUPYTER_CONFIG_DIR"]) / "jupyter_server_config.py") in out
    for line in (".template = 'rules-explorer'", ".show_tracebacks = False", ".allow_template_override = 'NO'",
                 ".cull_idle_timeout = 600", ".cull_interval = 60", ".max_kernels = 50", ".visitor_grace = 60.0",
                 ".kernel_manager_class = 'widgets.server.kernels.CappedKernelManager'",
                 ".kernel_websocket_connection_class = 'widgets.server.connection.QuietKernelConnection'"):
        assert line in out, f"{line} missing from jupyter server --show-config:\n{out}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        return err.code, err.read().decode("utf-8", "replace")


@pytest.fixture(scope="module")
def binder_server(binder_env: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """``jupyter server`` as Binder starts it, serving a folder with a dashboard and a page that raises."""
    root = tmp_path_factory.mktemp("binder-root")
    shutil.copy(ROOT / "notebooks" / "dashboards" / "calculators.ipynb", root / "calculators.ipynb")
    (root / "boom.ipynb").write_text(__import__("json").dumps(BOOM))
    port, token = _free_port(), secrets.token_hex(16)
    log_path = root.parent / "jupyter-server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([str(BIN / "jupyter"), "server", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
                                 f"--IdentityProvider.token={token}", "--allow-root", f"--ServerApp.root_dir={root}"],
                                cwd=root, env=binder_env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_TIMEOUT_S
            while True:
                try:
                    if _get(f"{base}/api/status?token={token}", 2)[0] == 200:
                        break
                except OSError:
                    pass
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"jupyter server did not start; log:\n{log_path.read_text(errors='replace')}")
                time.sleep(0.5)
            yield base, token
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)


def test_a_dashboard_on_binder_uses_the_cdn_free_template_whatever_the_url_asks(
        binder_server: tuple[str, str]) -> None:
    base, token = binder_server
    status, page = _get(f"{base}/voila/render/calculators.ipynb?token={token}&template=reveal", RENDER_TIMEOUT_S)
    assert status == 200, page[:2000]
    assert "voila" in page and "fontawesome" not in page.lower()  # the lab page, minus its CDN icon font
    # nothing the page loads comes from another host (the MathJax address Voilà writes into the page's
    # settings is only fetched for a page with formulas; tests/browser/test_voila_security.py watches requests)
    foreign = re.findall(r"""(?:src|href)\s*=\s*["'](?:https?:)?//(?!127\.0\.0\.1)[^"']+""", page)
    assert not foreign, foreign
    assert "reveal" not in page.lower()  # ?template=reveal is ignored


def test_a_page_that_raises_shows_no_traceback_on_binder(binder_server: tuple[str, str]) -> None:
    base, token = binder_server
    status, page = _get(f"{base}/voila/render/boom.ipynb?token={token}", RENDER_TIMEOUT_S)
    assert "secret detail" not in page and "/srv/private" not in page and "Traceback" not in page
    assert "There was an error when executing cell" in page


def test_every_dependency_is_bounded_below_its_next_major_and_the_installed_versions_fit() -> None:
    """Two Binder builds must not differ by a major version of anything (issue 19); .venv is what we test."""
    import importlib.metadata
    import tomllib

    from packaging.requirements import Requirement

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = [Requirement(r) for r in project["dependencies"] + sum(project["optional-dependencies"].values(), [])]
    for req in requirements:
        if req.name == "rules-explorer":
            continue
        assert any(spec.operator in ("<", "~=", "==") for spec in req.specifier), f"{req} has no upper bound"
        if req.marker is None or req.marker.evaluate():
            installed = importlib.metadata.version(req.name)
            assert req.specifier.contains(installed, prereleases=True), f"{req.name} {installed} is outside {req}"
