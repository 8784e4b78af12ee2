"""Issue 19 §3: a page's kernel, and what it started, end when its visitor is gone.

The book keeping (which page kernels have a websocket, since when none) with a
fake clock; ending a process tree with real processes; the operator's setting.
The whole path through a real server and browser: tests/browser/test_visitor_budget.py.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from widgets.server.reaper import VisitorBook, end_processes, is_page_kernel, process_tree
from widgets.server.settings import configure_voila, visitor_grace


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_kernel_whose_websocket_closed_is_abandoned_only_after_the_grace_period() -> None:
    clock = Clock()
    book = VisitorBook(grace_s=60, clock=clock)
    book.started("page")
    book.opened("page")
    clock.now = 1000.0  # progress messages or not: a connected page keeps its kernel
    assert book.abandoned() == []
    book.closed("page")
    clock.now = 1059.0
    assert book.abandoned() == []
    clock.now = 1061.0
    assert book.abandoned() == ["page"]


def test_a_reload_that_reconnects_within_the_grace_keeps_the_kernel() -> None:
    clock = Clock()
    book = VisitorBook(grace_s=10, clock=clock)
    book.started("page")
    book.opened("page")
    book.closed("page")
    clock.now = 8.0
    book.opened("page")
    clock.now = 100.0
    assert book.abandoned() == []


def test_two_websockets_on_one_kernel_both_have_to_go() -> None:
    clock = Clock()
    book = VisitorBook(grace_s=5, clock=clock)
    book.started("page")
    book.opened("page")
    book.opened("page")
    book.closed("page")
    clock.now = 50.0
    assert book.abandoned() == []
    book.closed("page")
    clock.now = 56.0
    assert book.abandoned() == ["page"]


def test_a_page_that_never_connects_gets_the_startup_time_then_is_abandoned() -> None:
    clock = Clock()
    book = VisitorBook(grace_s=5, startup_s=60, clock=clock)
    book.started("page")
    clock.now = 59.0  # Voilà runs the notebook before the page opens its websocket
    assert book.abandoned() == []
    clock.now = 61.0
    assert book.abandoned() == ["page"]


def test_kernels_the_book_never_saw_are_left_alone() -> None:
    book = VisitorBook(grace_s=1, clock=Clock())
    book.opened("lab-notebook")
    book.closed("lab-notebook")
    assert book.abandoned() == [] and "lab-notebook" not in book


def test_only_kernels_voila_starts_for_a_page_are_page_kernels() -> None:
    # Voilà's handler gives each page kernel SERVER_SOFTWARE=voila/<version>; JupyterLab's kernels have none
    assert is_page_kernel({"SERVER_SOFTWARE": "voila/0.5.13", "PATH": "/usr/bin"})
    assert not is_page_kernel({"PATH": "/usr/bin"}) and not is_page_kernel(None)


def test_the_grace_period_is_positive() -> None:
    with pytest.raises(ValueError, match="positive number of seconds, got 0"):
        VisitorBook(grace_s=0)


def test_ending_a_process_tree_ends_grandchildren_too() -> None:
    code = "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']); time.sleep(60)"
    parent = subprocess.Popen([sys.executable, "-c", code])
    try:
        deadline = time.monotonic() + 20
        while len(process_tree(parent.pid)) < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        tree = process_tree(parent.pid)
        assert len(tree) == 1  # the grandchild of this test
        assert end_processes(tree, wait_s=2) == 1
        assert not tree[0].is_running() or tree[0].status() == "zombie"  # its parent has not read its end yet
    finally:
        parent.kill()
        parent.wait(10)
    assert process_tree(None) == [] and process_tree(parent.pid) == []


def test_the_operator_sets_the_grace_period_in_seconds() -> None:
    assert visitor_grace({}) == 60.0
    assert visitor_grace({"RULES_EXPLORER_VISITOR_GRACE_SECONDS": "15"}) == 15.0
    with pytest.raises(ValueError, match="RULES_EXPLORER_VISITOR_GRACE_SECONDS must be a whole number of seconds "
                                         "from 1 to 86400, got '0.5'"):
        visitor_grace({"RULES_EXPLORER_VISITOR_GRACE_SECONDS": "0.5"})


def test_the_standalone_server_configuration_carries_the_grace_period() -> None:
    from traitlets.config import Config

    c = Config()
    configure_voila(c, {"RULES_EXPLORER_VISITOR_GRACE_SECONDS": "30"})
    assert c.CappedKernelManager.visitor_grace == 30.0
    assert c.MappingKernelManager.cull_idle_timeout == 600
