"""Issue 19, as a hostile visitor of the simulation lab: bounded work, and work that dies with its visitor.

A Voilà of its own (the hardened configuration of ``make dashboard``) with the
operator's budget set: processes allowed, two workers server-wide, a grace period
of a few seconds. The visitor asks for 10**7 games (refused, the limit in words),
starts an allowed run on worker processes, then vanishes without the page's
shutdown call (the call is blocked, the page's context closed). Within the grace
period the kernel and every process it started are gone, counted from ``/proc``.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.browser.conftest import serve_voila
from tests.browser.panel_page import open_page
from playwright.sync_api import Browser, expect

pytestmark = pytest.mark.browser

DASHBOARD = "/voila/render/simulation.ipynb"
GRACE_S = 4
SWEEP_MARGIN_S = 10  # the sweep runs every second at this grace; a SIGKILLed group needs a moment to be reaped
SHOTS = Path("/work/notes/shots/simulation")


@pytest.fixture(scope="module")
def budgeted_voila(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    folder = tmp_path_factory.mktemp("voila-budget")
    env = {"RULES_EXPLORER_BACKENDS": "local,processes", "RULES_EXPLORER_MAX_WORKERS": "2",
           "RULES_EXPLORER_WORKER_DIR": str(folder / "workers"),
           "RULES_EXPLORER_VISITOR_GRACE_SECONDS": str(GRACE_S)}
    with serve_voila(folder, env=env) as served:
        yield served


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent pid, state) of a living process, ``None`` once it is gone (a zombie counts as gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[1]), fields[0]) if fields[0] != "Z" else None


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (info := _stat(int(entry.name))) is not None:
            children.setdefault(info[0], []).append(int(entry.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def _kernels(server_pid: int) -> set[int]:
    return {pid for pid in _descendants(server_pid)
            if b"ipykernel" in Path(f"/proc/{pid}/cmdline").read_bytes()
            and _stat(pid) is not None and _stat(pid)[0] == server_pid}


def test_a_visitor_is_refused_past_the_budget_and_their_work_ends_when_they_vanish(
        budgeted_voila: tuple[str, int], browser: Browser) -> None:
    base, server_pid = budgeted_voila
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    context.set_default_timeout(60_000)
    page = context.new_page()
    open_page(page, base + DASHBOARD, ".sim-run")
    expect(page.locator(".sim-budget")).to_contain_text("a run may have up to 2000 games")

    # 10**7 games: refused, the limit and the operator's setting in words, nothing started
    games = page.locator(".sim-games input")
    games.fill(str(10**7))
    games.press("Enter")
    page.locator(".sim-run").click()
    expect(page.locator(".sim-status")).to_contain_text(
        "Not started: This server allows at most 2000 games per run, and this run asks for 10000000. "
        "Ask for fewer games; the server's operator can raise the limit with RULES_EXPLORER_MAX_GAMES.")
    expect(games).to_have_value(str(10**7))  # kept as typed, not clamped
    if SHOTS.parent.exists():
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / "budget-refused.png"), full_page=True)

    # an allowed run on worker processes (the operator allowed them)
    kernels = _kernels(server_pid)
    assert len(kernels) == 1, kernels
    kernel = kernels.pop()
    games.fill("2000")
    games.press("Enter")
    page.locator(".sim-backend select").select_option(label="processes (every core)")
    page.locator(".sim-run").click()
    expect(page.locator(".sim-status")).to_contain_text("Running 2000 games on processes")
    deadline = time.monotonic() + 60
    while len(_descendants(kernel)) < 2 and time.monotonic() < deadline:  # the pool's two workers
        time.sleep(0.2)
    started = _descendants(kernel)
    assert len(started) >= 2, f"the run started no worker processes: {started}"

    # the visitor vanishes: no shutdown call reaches the server, the websocket just goes
    context.route("**/api/shutdown/**", lambda route: route.abort())
    vanished = time.monotonic()
    context.close()

    everything = {kernel} | started
    deadline = vanished + GRACE_S + SWEEP_MARGIN_S
    while any(_stat(pid) is not None for pid in everything) and time.monotonic() < deadline:
        time.sleep(0.25)
    alive = {pid for pid in everything if _stat(pid) is not None}
    assert not alive, f"still running {time.monotonic() - vanished:.1f} s after the visitor left: {sorted(alive)}"
    gone_after = time.monotonic() - vanished
    assert gone_after > GRACE_S - 1, f"ended after {gone_after:.1f} s: before the grace period was over"
