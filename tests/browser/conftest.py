"""Voilà serving ``notebooks/dashboards/`` on loopback, and headless Chromium driven by Playwright.

Chromium is Debian's ``/usr/bin/chromium`` (never ``playwright install``). When it
is missing, browser tests skip on a developer's machine but fail under CI.
"""

from __future__ import annotations

import contextlib
import os
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

ROOT = Path(__file__).resolve().parents[2]
DASHBOARDS = ROOT / "notebooks" / "dashboards"
CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"  # the Makefile exports the one it found
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PAGE_TIMEOUT_MS = 60_000
EXPECT_TIMEOUT_MS = 30_000
START_TIMEOUT_S = 60


def pytest_configure(config: pytest.Config) -> None:
    # Playwright's assertions wait 5 s by default; a kernel round trip on a loaded 2-core
    # machine can take longer, and a too-short wait made the game dashboards' tests flaky.
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free now (for a server a test starts)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as resp:
            return resp.status < 500
    except urllib.error.HTTPError as err:
        return err.code < 500
    except OSError:
        return False


@contextlib.contextmanager
def serve_voila(log_dir: Path, env: dict[str, str] | None = None) -> Iterator[tuple[str, int]]:
    """Serve the dashboards folder with the project's hardened configuration (``binder/voila.py``).

    Yields the base URL and the server's process id (its kernels are its children).
    ``env`` adds environment variables (e.g. ``RULES_EXPLORER_MAX_KERNELS``).
    """
    voila = Path(sys.executable).parent / "voila"
    if not voila.exists():
        pytest.fail(f"voila is not installed next to {sys.executable}")
    port = free_port()
    log_path = log_dir / "voila.log"
    log = open(log_path, "wb")  # noqa: SIM115 - closed in the finally below
    cmd = [
        str(voila), str(DASHBOARDS), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
        f"--Voila.config_file_paths={ROOT / 'binder'}",
        "--MappingKernelManager.cull_idle_timeout=300", "--MappingKernelManager.cull_interval=60",
    ]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, **(env or {})})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT_S
        while not _answers(base + "/"):
            if proc.poll() is not None:
                pytest.fail(f"voila exited with {proc.returncode}; log:\n{log_path.read_text(errors='replace')}")
            if time.monotonic() > deadline:
                pytest.fail(f"voila did not answer within {START_TIMEOUT_S} s; log:\n"
                            f"{log_path.read_text(errors='replace')}")
            time.sleep(0.3)
        yield base, proc.pid
    finally:
        # SIGTERM lets Voilà shut its kernels down (they run in sessions of their own).
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        except ProcessLookupError:
            pass
        log.close()


_SERVED: dict[str, tuple[Path, int]] = {}
"""Base URL -> (log file, process id) of each Voilà a fixture serves, for the failure report below."""


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Base URL (``http://127.0.0.1:N``) of a hardened Voilà serving only the dashboards folder."""
    log_dir = tmp_path_factory.mktemp("voila")
    with serve_voila(log_dir) as (base, pid):
        _SERVED[base] = (log_dir / "voila.log", pid)
        yield base
        _SERVED.pop(base, None)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test item, so the ``page`` fixture knows whether its test failed."""
    report = yield
    setattr(item, "rep_" + report.when, report)
    return report


def _failure_report(page: object) -> str:
    """What a failed page showed, which kernels its server ran and what the server logged last.

    A page that never shows its panel is the suite's fragile spot: this tells a stalled
    notebook ("Executing 1 of 2") from a busy machine (kernels still computing) from an error.
    """
    from tests.browser.panel_page import loading_text

    lines = [f"loading banner: {loading_text(page) or 'gone'}"]  # type: ignore[arg-type]
    try:
        text = page.inner_text("body", timeout=2_000).replace("\n", " | ")  # type: ignore[attr-defined]
        lines.append(f"page text ({len(text)} characters): {text[:300]} ... {text[-300:]}")
    except Exception as err:  # noqa: BLE001 - a report must not fail the teardown
        lines.append(f"page text unreadable: {err!r}"[:200])
    for base, (log_path, pid) in _SERVED.items():
        ps = subprocess.run(["ps", "-eo", "pid,ppid,pcpu,etime,rss,args", "--sort=-pcpu"],
                            capture_output=True, text=True, check=False).stdout.splitlines()
        lines.append(f"busiest processes while {base} served (voila pid {pid}):")
        lines += ["  " + row[:160] for row in ps[:8]]
        tail = log_path.read_text(errors="replace").splitlines()[-25:] if log_path.exists() else []
        lines.append("voila log, last lines:")
        lines += ["  " + row[:200] for row in tail]
    return "\n".join(lines)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not os.path.exists(CHROMIUM):
        message = f"{CHROMIUM} is missing (install Debian's chromium: apt-get install -y chromium)"
        if os.environ.get("CI"):
            pytest.fail(message + " — browser tests must run under CI")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            _close_windows()
            b.close()


_CLOSED_TABS: list[object] = []
"""Browser contexts whose page was closed as a tab: closed in turn when the next page opens (see ``page``)."""


def _close_windows() -> None:
    while _CLOSED_TABS:
        with contextlib.suppress(Exception):
            _CLOSED_TABS.pop().close()  # type: ignore[attr-defined]


@pytest.fixture
def page(browser: object, request: pytest.FixtureRequest) -> Iterator[object]:
    """A fresh page (own context) with a 60 s default timeout on everything.

    It is closed as a person closes a tab (its ``beforeunload`` handler asks the server to
    shut the page's kernel down), so one test's kernel does not compete with the next test's.
    Voilà sends that request with ``navigator.sendBeacon``, which closing the whole context at
    once can drop (a kernel then runs on for the server's 60 s grace): the tab is closed and its
    context only when the next page opens.
    """
    _close_windows()
    context = browser.new_context(viewport={"width": 1280, "height": 1000})  # type: ignore[attr-defined]
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    pg = context.new_page()
    try:
        yield pg
    finally:
        report = getattr(request.node, "rep_call", None)
        if report is not None and report.failed:
            report.sections.append(("browser page and server at failure", _failure_report(pg)))
        if not pg.is_closed():  # type: ignore[attr-defined]
            with contextlib.suppress(Exception), pg.expect_event("close", timeout=10_000):  # type: ignore[attr-defined]
                pg.close(run_before_unload=True)  # type: ignore[attr-defined]
        _CLOSED_TABS.append(context)
