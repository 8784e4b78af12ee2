"""Issue 34 §2: where no thread can start, hints, reviews and odds go on on the event loop.

In the browser's Python (``sys.platform == "emscripten"``) ``threads_start()`` is False, and a kernel short
of resources refuses a thread (``RuntimeError: can't start new thread``). Both are made here: the work then
runs on the running ``asyncio`` loop, a round at a time, so progress moves between the loop's turns, the
answer arrives, and Stop, clicked between rounds, is heard. The panels say so in one sentence (``IN_PAGE``).
"""

from __future__ import annotations

import asyncio
import html
import threading
from collections.abc import Iterator

import pytest

import explorer
from explorer import Match
from tests.advisor.advise_helpers import lethal
from tests.fresh_thread import in_fresh_thread, run_async
from widgets.common import advice_tab, background
from widgets.common.background import HERE, IN_PAGE, LOOP, THREAD, Queue, start
from widgets.star_realms import StarRealmsPanel
from widgets.warps_edge.panel import WarpsEdgePanel


@pytest.fixture
def no_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in Pyodide: no thread may start."""
    monkeypatch.setattr(background, "threads_start", lambda: False)
    monkeypatch.setattr(advice_tab, "threads_start", lambda: False)


@pytest.fixture
def refused_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a kernel short of resources: threads exist, but starting one fails."""
    def refuse(_self: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")
    monkeypatch.setattr(threading.Thread, "start", refuse)


def counting(done: list[int], rounds: int) -> Iterator[int]:
    for i in range(rounds):
        done.append(i)
        yield i


def test_work_runs_on_a_thread_where_threads_start() -> None:
    done: list[int] = []
    work = start(counting(done, 3), name="count")
    assert work.how == THREAD and work.wait(10) and done == [0, 1, 2]


def test_with_no_thread_and_no_loop_the_work_runs_here_and_now(no_threads: None) -> None:
    done: list[int] = []
    work = in_fresh_thread(lambda: start(counting(done, 3), name="count"))  # a thread where no loop runs
    assert (work.how, work.running(), done) == (HERE, False, [0, 1, 2])


@pytest.mark.parametrize("why", ["no_threads", "refused_thread"])
def test_with_no_thread_the_work_takes_a_round_per_turn_of_the_loop(why: str, request: pytest.FixtureRequest) -> None:
    request.getfixturevalue(why)
    done: list[int] = []

    async def main() -> list[int]:
        work = start(counting(done, 3), name="count")
        assert work.how == LOOP and done == []  # nothing yet: the caller's click handler returns first
        seen = []
        while work.running():
            await asyncio.sleep(0)
            seen.append(len(done))
        assert work.wait() and done == [0, 1, 2]
        return seen

    seen = run_async(main())
    assert seen[:3] == [1, 2, 3]  # one round, then the loop's turn


def test_a_queue_on_the_loop_runs_its_jobs_in_order(no_threads: None) -> None:
    ran: list[str] = []

    async def main() -> None:
        queue = Queue("odds")
        for name in ("next hand", "lethal", "buys"):
            queue.submit(lambda n=name: ran.append(n))
        assert queue.how == LOOP and not queue.idle()
        await queue.work.finished()  # type: ignore[union-attr]
        assert queue.idle()

    run_async(main())
    assert ran == ["next hand", "lethal", "buys"]


def hint_position() -> Match:
    m = Match(explorer.load_game("warps_edge"), seed=1)
    m.play("heuristic", 4)
    while m.state.is_chance():
        m.step()
    return m


@pytest.mark.parametrize("why", ["no_threads", "refused_thread"])
def test_a_hint_on_the_loop_fills_its_progress_and_arrives(why: str, request: pytest.FixtureRequest) -> None:
    request.getfixturevalue(why)
    m = hint_position()
    panel = WarpsEdgePanel(m, link=False)
    tab = panel.advice
    tab.rollouts.value = 16

    async def main() -> list[int]:
        assert tab.ask() and tab._work is not None and tab._work.how == LOOP  # noqa: SLF001 - the test reads where the work ran
        values = []
        while tab.running:
            await asyncio.sleep(0)
            values.append(tab.progress.value)
        return values

    values = run_async(main())
    advice = tab.advice
    assert advice is not None and not advice.partial
    assert {r.action for r in advice.rows} == set(m.state.legal_actions())
    assert 0 < min(v for v in values if v) < values[-1] == advice.total_rollouts  # it moved, round by round
    assert html.escape(IN_PAGE) in tab.where.value
    assert not tab.ask_button.disabled and tab.stop_button.disabled


def test_stop_on_the_loop_is_heard_between_rounds(no_threads: None) -> None:
    panel = StarRealmsPanel(Match(lethal(), seed=3), link=False)
    tab = panel.advice
    tab.rollouts.value = 2000

    async def main() -> None:
        assert tab.ask()
        while tab.progress.value == 0:  # the first round is in
            await asyncio.sleep(0)
        tab.stop_button.click()  # a click between two rounds
        await tab._work.finished()  # type: ignore[union-attr]  # noqa: SLF001 - the test reads where the work ran

    run_async(main())
    advice = tab.advice
    assert advice is not None and advice.partial and tab.progress.value < tab.progress.max
    assert "PARTIAL" in tab.headline.value


def blundered_match() -> Match:
    m = Match(lethal(), seed=5)
    m.step("end turn")  # Player 1 could win by attacking, and ends the turn instead
    m.play("heuristic", 3)
    return m


def test_a_review_on_the_loop_says_where_it_runs_and_marks_the_blunder(no_threads: None) -> None:
    m = blundered_match()
    panel = StarRealmsPanel(m, link=False)
    view = panel.review
    view.rollouts.value = 24

    async def main() -> tuple[str, int]:
        assert view.start() and view._work is not None and view._work.how == LOOP  # noqa: SLF001 - the test reads where the work ran
        said = view.status.value
        turns = 0
        while view.running:
            await asyncio.sleep(0)
            turns += 1
        return said, turns

    said, turns = run_async(main())
    assert html.escape(IN_PAGE) in said and turns > 1
    assert (view.moves[0].index, view.moves[0].played, view.moves[0].mark) == (0, "end turn", "??")
    assert "1 marked" in view.status.value and html.escape(IN_PAGE) in view.status.value  # said to the end


def test_stop_ends_a_review_on_the_loop_between_rounds(no_threads: None) -> None:
    m = Match(explorer.load_game("warps_edge"), seed=1)
    m.play("heuristic", 40)
    panel = WarpsEdgePanel(m, link=False)
    view = panel.review
    view.rollouts.value = 500
    seat = view.seat.value

    async def main() -> None:
        assert view.start()
        for _ in range(3):  # three rounds of rollouts, then Stop
            await asyncio.sleep(0)
        view.stop_button.click()
        await view._work.finished()  # type: ignore[union-attr]  # noqa: SLF001 - the test reads where the work ran

    run_async(main())
    assert seat is not None and view.moves == [] and view.status.value.count(f"{html.escape(IN_PAGE)} Stopped: 0 decisions reviewed") == 1
    assert not view.button.disabled and view.stop_button.disabled


@pytest.mark.parametrize("why", ["no_threads", "refused_thread"])
def test_the_star_realms_odds_on_the_loop_draw_every_view(why: str, request: pytest.FixtureRequest) -> None:
    request.getfixturevalue(why)

    async def main() -> tuple[StarRealmsPanel, str]:
        p = StarRealmsPanel(seed=12)
        p.tabs.selected_index = 1
        hand = p.odds.slots[0].render.__self__
        waiting = hand.info.value
        await hand.ctx.queue.work.finished()
        return p, waiting

    p, waiting = run_async(main())
    hand, lethal_view, buys = (slot.render.__self__ for slot in p.odds.slots)
    assert "computing" in waiting and html.escape(IN_PAGE) in waiting
    assert hand.ctx.queue.how == LOOP and p.odds.errors == [None, None, None]
    assert set(hand.figures) == {"trade", "combat"} and "Player 1's next hand" in hand.info.value
    assert html.escape(IN_PAGE) in hand.notes.value
