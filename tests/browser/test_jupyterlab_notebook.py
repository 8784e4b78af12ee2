"""The Warp's Edge notebook in JupyterLab (headless Chromium): Run All, click the panel, run a cell — one game.

Issue 18, "Done when": in JupyterLab every game notebook runs (Run All), then its
panel is clicked, then later cells run, and panel and Python agree at every point.
This test does it end to end for one game in a real JupyterLab; the other games
are covered in-process by ``tests/test_notebooks_follow.py``.

JupyterLab serves a temporary copy of ``notebooks/warps_edge.ipynb`` (so nothing it
saves reaches the repository) on 127.0.0.1 with a token, with cell windowing off (every
cell stays in the page). After Run All the seeded game is over (the notebook auto-plays
it to the end): the panel must say so at the move ``m`` is at. Then New game, Step and
Auto are clicked on the panel, and a new cell prints ``m.cursor``, ``len(m) - 1`` and
``panel.match is m``: the printed move must be the one the panel's position label shows.
Screenshots go to ``$LAB_SHOTS`` when set (else a temporary folder).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.browser.conftest import ROOT, free_port
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser

NOTEBOOK = "warps_edge.ipynb"
START_TIMEOUT_S = 60
RUN_ALL_TIMEOUT_MS = 120_000
LAST_CELL_SAYS = "the panel starts at your position: True"
CHECK_CELL = 'print(f"m.cursor={m.cursor} last={len(m) - 1} same={panel.match is m} state={panel.state is m.state}")'


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as resp:
            return resp.status == 200
    except (urllib.error.URLError, OSError):
        return False


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab on 127.0.0.1 serving a folder holding a copy of the notebook; yields the notebook's URL."""
    home = tmp_path_factory.mktemp("lab")
    work = home / "work"
    work.mkdir()
    shutil.copy(ROOT / "notebooks" / NOTEBOOK, work / NOTEBOOK)
    settings = home / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    # every cell stays in the page (JupyterLab 4 otherwise leaves cells far off screen out of the DOM)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    announcements = home / "settings" / "@jupyterlab" / "apputils-extension"
    announcements.mkdir(parents=True)
    (announcements / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false",
                                                                                 "checkForUpdates": False}))
    port, token = free_port(), secrets.token_hex(16)
    jupyter = Path(sys.executable).parent / "jupyter"
    cmd = [str(jupyter), "lab", "--no-browser", "--allow-root", "--ip=127.0.0.1", f"--port={port}",
           f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={work}",
           f"--LabApp.user_settings_dir={home / 'settings'}", f"--LabApp.workspaces_dir={home / 'workspaces'}"]
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(home / "runtime")}
    log_path = home / "lab.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed in the finally below
    proc = subprocess.Popen(cmd, cwd=work, stdout=log, stderr=subprocess.STDOUT, start_new_session=True, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not answers(f"{base}/api/status?token={token}"):
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not start; log:\n{log_path.read_text(errors='replace')}")
            time.sleep(0.3)
        yield f"{base}/lab/tree/{NOTEBOOK}?token={token}"
    finally:
        try:  # SIGTERM lets the server shut its kernel down
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        log.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("LAB_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def click_and_wait(panel: Locator, button: str) -> None:
    """Click ``button`` on ``panel``, then wait until that panel's status line says something new."""
    status = panel.locator(".re-status")
    before = status.inner_text()
    panel.locator(button).click()
    expect(status).not_to_have_text(before)


def run_all(page: Page, attempts: int = 3) -> None:
    """Run › Run All Cells, until the first code cell has started (a click before the session is ready is lost)."""
    started = page.locator(".jp-InputArea-prompt", has_text=re.compile(r"\[(\*|1)\]"))
    for _ in range(attempts):
        page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        try:
            expect(started.first).to_be_visible(timeout=15_000)
            return
        except AssertionError:
            page.keyboard.press("Escape")
    raise AssertionError(f"Run All Cells did not start the notebook in {attempts} attempts")


def test_run_all_click_the_panel_then_a_cell_agrees(lab: str, page: Page, shots: Path) -> None:
    started = time.monotonic()
    page.goto(lab)
    expect(page.locator(".jp-Notebook")).to_be_visible()
    # the kernel is connected once the status bar names it as idle
    expect(page.get_by_text(re.compile(r"Python 3 \(ipykernel\) \| Idle"))).to_be_visible(timeout=60_000)
    run_all(page)
    try:
        expect(page.get_by_text(LAST_CELL_SAYS)).to_be_visible(timeout=RUN_ALL_TIMEOUT_MS)
    except AssertionError:
        page.screenshot(path=str(shots / "lab-0-run-all-did-not-finish.png"), full_page=True)
        raise
    expect(page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']")).to_have_count(1, timeout=60_000)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']",
                          has_text="Traceback")
    expect(errors).to_have_count(0)

    game = page.locator(".re-match").first  # the seeded game's panel (`panel`); the last one is your table's
    game.locator(".re-phase").scroll_into_view_if_needed()
    # after Run All, m was auto-played to the end in a cell: the panel redrew after that cell
    printed = page.locator(".jp-OutputArea-output", has_text="m is at move").last.inner_text()
    cursor, last = map(int, re.search(r"m is at move\s+(\d+) of (\d+)", printed).groups())
    expect(game.locator(".re-position")).to_contain_text(f"{cursor} of {last} in all")
    expect(game.locator(".re-phase")).to_contain_text("Game over")
    page.screenshot(path=str(shots / "lab-1-run-all.png"))

    click_and_wait(game, ".re-new-game")
    expect(game.locator(".re-phase")).not_to_contain_text("Game over")
    click_and_wait(game, ".re-step")
    click_and_wait(game, ".re-auto")
    expect(game.locator(".re-status")).to_contain_text(re.compile(r"Auto \(\w+\): played \d+ move"))

    # a new cell at the end reads m: the panel's clicks moved the notebook's m
    page.locator(".jp-Cell").last.locator(".jp-InputArea-editor").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(CHECK_CELL)
    page.keyboard.press("Shift+Enter")
    output = page.locator(".jp-OutputArea-output", has_text="m.cursor=")
    expect(output).to_have_count(1, timeout=60_000)
    text = output.inner_text()
    output.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lab-2-cell-after-clicks.png"))
    cursor, last = map(int, re.search(r"m\.cursor=(\d+) last=(\d+)", text).groups())
    assert "same=True state=True" in text, text
    assert cursor > 0, "the clicks did not move m"
    # the panel's label shows the same move (its last redraw may still be on its way: expect waits for it)
    expect(game.locator(".re-position")).to_contain_text(f"{cursor} of {last} in all")
    game.locator(".re-phase").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lab-3-panel-agrees.png"))
    print(f"JupyterLab Run All, clicks and a cell: {time.monotonic() - started:.1f} s")
