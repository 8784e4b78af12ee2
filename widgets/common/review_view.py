"""The log's **Review** button: a seat's played moves marked as GNU Backgammon marks them.

Review reads the match back decision by decision for one seat (:func:`explorer.review`):
for each decision the seat took, the best option by rollouts, the chance lost by the move
played with its paired 95% interval, and — only where that interval lies above 0, the loss
shown with 95% confidence — a mark: ``?!`` doubtful (≥ 2 points of win chance), ``?`` bad
(≥ 5), ``??`` very bad (≥ 10). The marks appear on the log's lines, with the best move in the
line's hover text, and as a row of buttons under the log (each says its interval and how many
rollouts it rests on): a click jumps to the position where that decision was taken. Only the
last ``decisions`` decisions are read (a long game has hundreds), up to the position shown;
Stop keeps what was read. The moves a panel made itself before the player sat down (Fleet Command
opens at round 1's Movement Phase, placed and dealt by the heuristic) are nobody's decisions: they
are left out (``first``).

At a decision where a hint was asked (the Advice tab keeps them: ``advice_tab.ASKED``) the
review rests on that hint's own rollouts, played on only if the review asks for more
(``DEFAULT_ROLLOUTS`` is below the hint's ``advice_tab.DEFAULT_ROLLOUTS``, so by default it
reads exactly the hint's): "Play this" on a hint's first row is never marked.

The review runs where :mod:`widgets.common.background` puts it: a thread in an ordinary kernel,
the event loop where no thread can start (a round of rollouts at a time; the progress bar fills
as decisions are read, and Stop is heard between rounds).

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("warps_edge"), seed=1)
>>> _ = m.play("heuristic", 12)
>>> view = ReviewView(current=lambda: m, on_goto=print, background=False)
>>> view.rollouts.value, view.decisions.value = 8, 2
>>> view.start(), len(view.moves) <= 2
(True, True)
"""

from __future__ import annotations

import contextlib
import html
import logging
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import ipywidgets as W

from explorer.advisor import Advice, ReviewedMove
from explorer.advisor.review import review_rounds
from explorer.core.match import Match
from explorer.errors import RulesError
from widgets.common.advice_tab import ASKED, MIN_ROLLOUTS, rollout_backend
from widgets.common.background import IN_PAGE, LOOP, Work, start
from explorer.core.checks import whole_number
from widgets.common.seed_box import InputError

log = logging.getLogger(__name__)

NOTE = "font-size:12.5px;color:#5b6472"
DEFAULT_DECISIONS, DEFAULT_ROLLOUTS = 10, 24
MAX_DECISIONS, MAX_REVIEW_ROLLOUTS = 200, 500
RULE = ("Marks only where the loss is shown with 95% confidence (its paired interval lies above 0): ?! ≥2 points, "
        "? ≥5, ?? ≥10. Where a hint was asked, the review rests on the hint's rollouts.")


def reviewable(match: Match, seat: int) -> int:
    """How many decisions of ``seat`` a review of ``match`` reads (those with a choice to make)."""
    return sum(1 for i, e in enumerate(match.entries)
               if e.player == seat and not e.sampled and len(match.states[i].legal_actions()) >= 2)


def recent_match(match: Match, decisions: int, seat: int, first: int = 0) -> tuple[Match, int]:
    """A match replaying the kept moves from the position where ``seat``'s last ``decisions`` decisions
    (up to the cursor, from move ``first`` on) begin; returns it and its first position's index in ``match``.

    ``first`` leaves out the moves a panel made itself before the player sat down (Fleet Command's set-up
    by the heuristic): they are nobody's decisions to mark.

    >>> import explorer
    >>> m = Match(explorer.load_game("warps_edge"), seed=1)
    >>> _ = m.play("heuristic", 6)
    >>> recent_match(m, 200, 0, first=4)[1]
    4
    """
    entries, states = match.entries[: match.cursor], match.states
    mine = [i for i, e in enumerate(entries) if i >= first and e.player == seat and not e.sampled]
    start = mine[-decisions] if len(mine) >= decisions else min(first, len(entries))
    part = Match(states[start], seed=match.seed)
    for entry in entries[start:]:
        part.step(entry.action)
    return part, start


class ReviewView:
    """Settings, Review / Stop, a progress line and a button per marked move (class ``re-review``)."""

    def __init__(self, *, current: Callable[[], Match], on_goto: Callable[[int], Any],
                 on_marks: Callable[[dict[int, ReviewedMove]], Any] = lambda _m: None,
                 seats: Callable[[], list[tuple[str, int]]] = lambda: [("Player 1", 0)],
                 background: bool = True, hints: Callable[[], Iterable[Advice]] = ASKED.all,
                 first: Callable[[], int] = lambda: 0) -> None:
        self._current, self._on_goto, self._on_marks, self._seats = current, on_goto, on_marks, seats
        self._first = first  # the moves before it the panel made itself (a set-up): never reviewed
        self.background, self._hints = background, hints
        self.moves: list[ReviewedMove] = []
        self._stop = threading.Event()
        self._work: Work | None = None
        self._asker = threading.get_ident()
        self.seat = W.Dropdown(description="Review", layout=W.Layout(width="210px"),
                               style={"description_width": "50px"})
        self._picked, self._setting = False, False  # a seat the player chose stays chosen
        self.seat.observe(self._on_pick, names="value")
        # IntText, not BoundedIntText: the browser would clamp a typed 0 or 3 silently; start() refuses it in words
        self.decisions = W.IntText(value=DEFAULT_DECISIONS, description="last",
                                   tooltip=f"The seat's last decisions to review (1 to {MAX_DECISIONS})",
                                   layout=W.Layout(width="120px"), style={"description_width": "30px"})
        self.rollouts = W.IntText(value=DEFAULT_ROLLOUTS, description="rollouts",
                                  tooltip=f"Games played for each option ({MIN_ROLLOUTS} to {MAX_REVIEW_ROLLOUTS})",
                                  layout=W.Layout(width="160px"), style={"description_width": "60px"})
        self.rollouts.add_class("re-review-rollouts")
        self.button = W.Button(description="Review moves", tooltip="Mark this seat's moves by the win chance they lost",
                               layout=W.Layout(width="auto"))
        self.button.add_class("re-review-start")
        self.stop_button = W.Button(description="Stop", disabled=True, layout=W.Layout(width="auto"))
        self.stop_button.add_class("re-review-stop")
        self.status = W.HTML()
        self.status.add_class("re-review-status")
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="100%", display="none"))
        self.progress.add_class("re-review-progress")
        self.marks_box = W.HBox(layout=W.Layout(flex_flow="row wrap", width="100%"))
        self.marks_box.add_class("re-review-marks")
        self.button.on_click(lambda _b: self.start())
        self.stop_button.on_click(lambda _b: self.stop())
        self.widget = W.VBox([W.HBox([self.seat, self.decisions, self.rollouts, self.button, self.stop_button],
                                     layout=W.Layout(flex_flow="row wrap", align_items="center")),
                              self.progress, self.status, self.marks_box], layout=W.Layout(width="100%"))
        self.widget.add_class("re-review")
        self.update_seats()

    def update_seats(self) -> None:
        """The seats offered, and, until the player picks one, the seat that made the last decision shown."""
        seats = self._seats()
        self._setting = True
        try:
            if list(self.seat.options) != seats:
                self.seat.options = seats
                self.seat.value = seats[0][1] if seats else None
            last = self._last_decider()
            if not self._picked and last is not None and last in {seat for _, seat in seats}:
                self.seat.value = last
        finally:
            self._setting = False

    def _on_pick(self, _change: Any) -> None:
        if not self._setting:
            self._picked = True

    def _last_decider(self) -> int | None:
        match = self._current()
        return next((e.player for e in reversed(match.entries[: match.cursor]) if e.player >= 0 and not e.sampled),
                    None)

    @property
    def running(self) -> bool:
        return self._work is not None and self._work.running()

    def start(self) -> bool:
        """Review the chosen seat's last decisions up to the position shown; False (with the reason) if it cannot."""
        if self.running:
            self._say("A review is running: Stop it first, or wait.", error=True)
            return False
        match, seat = self._current(), self.seat.value
        try:
            decisions = whole_number("last (decisions to review)", self.decisions.value, 1, MAX_DECISIONS, InputError)
            rollouts = whole_number("rollouts (games for each option)", self.rollouts.value, MIN_ROLLOUTS,
                                    MAX_REVIEW_ROLLOUTS, InputError)
        except InputError as err:
            self._say(str(err), error=True)
            return False
        first = self._first()
        if seat is None or not any(e.player == seat and not e.sampled for e in match.entries[first: match.cursor]):
            made = " (the set-up was played by the panel, not by this seat)" if first and match.cursor else ""
            self._say(f"No decision of this seat to review yet{made}: play some moves first.", error=True)
            return False
        part, offset = recent_match(match, decisions, seat, first)
        self.moves, self._stop = [], threading.Event()
        self._on_marks({})
        self.marks_box.children = ()
        self.button.disabled, self.stop_button.disabled = True, False
        total = reviewable(part, seat)
        self.progress.max, self.progress.value, self.progress.layout.display = max(1, total), 0, None
        self._say(f"Reviewing the last {total} decision{'' if total == 1 else 's'}, {rollouts} rollouts "
                  "per option (or the rollouts of a hint asked there)…")
        self._work = None  # (rounds run here and now must not read the last review's place)
        self._asker = threading.get_ident()
        self._work = start(self._rounds(part, offset, seat, rollouts, total), name="re-review",
                           background=self.background)
        if self._work.how == LOOP:
            self._say(f"{IN_PAGE} Reviewing the last {total} decisions…")
        return True

    def stop(self) -> None:
        """End the review after the round of rollouts under way; the decisions read so far stay."""
        self._stop.set()

    def wait(self, timeout: float | None = 300.0) -> bool:
        """Wait for a review running on a thread (tests); whether it has ended (see ``Work.wait``)."""
        return self._work is None or self._work.wait(timeout)

    def _rounds(self, part: Match, offset: int, seat: int, rollouts: int, total: int) -> Iterator[None]:
        """The review, a round of rollouts at a time; Stop is looked at between rounds."""
        stopped = False
        try:
            threaded = threading.get_ident() != self._asker  # a thread of its own (not the loop, not the caller)
            rounds = review_rounds(part, seat, rollouts=rollouts, seed=offset, hints=self._hints(),
                                   backend=rollout_backend(threaded))
            with contextlib.closing(rounds):
                for item in rounds:
                    if self._stop.is_set():
                        stopped = True
                        break
                    if item is not None:
                        self.moves.append(item)
                        self.progress.value = min(self.progress.max, len(self.moves))
                        self._say(f"{self._where()}Reviewed {len(self.moves)} of {total} decision"
                                  f"{'s' if total != 1 else ''}…")
                    yield None
        except RulesError as err:
            self._say(err.message, error=True)
            return
        except Exception as err:  # noqa: BLE001 - work off the kernel's way must not die silently
            log.exception("review failed")
            self._say(f"Internal error while reviewing: {type(err).__name__}: {err}", error=True)
            return
        finally:
            self.button.disabled, self.stop_button.disabled = False, True
            self.progress.layout.display = "none"
        self._show(offset, stopped)

    def _show(self, offset: int, stopped: bool) -> None:
        marks = {offset + m.index: m for m in self.moves}
        self._on_marks(marks)
        buttons = []
        for index, m in sorted(marks.items()):
            if not m.mark:
                continue
            b = W.Button(description=f"{m.mark} {index + 1}. {m.played}"[:60], layout=W.Layout(width="auto"),
                         tooltip=f"{m.hover()}; go to this decision")
            b.add_class("re-review-mark")
            b.on_click(lambda _b, i=index: self._on_goto(i))
            buttons.append(b)
        self.marks_box.children = tuple(buttons)
        lost = sum(m.lost for m in self.moves)
        marked = sum(1 for m in self.moves if m.mark)
        hinted = sum(1 for m in self.moves if m.hinted)
        rested = f" ({hinted} on the rollouts of the hint asked there)" if hinted else ""
        self._say(f"{self._where()}{'Stopped: ' if stopped else ''}{len(self.moves)} decision{'' if len(self.moves) == 1 else 's'} "
                  f"reviewed{rested}, {marked} marked, {100 * lost:.1f} points of win chance lost in all. {RULE} "
                  "Hover a mark for its interval and the rollouts it rests on; click it to go to that decision.")

    def _where(self) -> str:
        """``IN_PAGE`` and a space where the review runs on the page's event loop (no thread here), else ``""``."""
        return f"{IN_PAGE} " if self._work is not None and self._work.how == LOOP else ""

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "#8a2d1c" if error else "#3d4a5c"
        self.status.value = f'<div style="font-size:13px;color:{colour}">{html.escape(text)}</div>'
