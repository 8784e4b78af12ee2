"""The "Advice" page of a match panel: "what should I do now?", answered by rollouts.

**Ask for a hint** asks :func:`explorer.advise` about the position on screen: every legal
option, ranked by the deciding seat's chance to win, each with its 95% interval, from
rollouts that deal the seat's hidden cards afresh every time (no peeking) and give every
option the same dice. The bars fill as rounds of rollouts arrive (a progress bar counts
them); **Stop** ends the rollouts and keeps what was played (marked partial); **Play this**
on a row plays that option through the panel, as a click on its move would. One sentence
under the table says what the numbers assume. In a game that measures how far a seat got
(Pinned Down: the distance toward 10), **rank by** offers "progress" beside "win chance":
where nearly every game is lost, every win chance is 0 and only progress tells options apart. Its
default, "win chance, else progress", ranks by the win chance, and when every rollout of every option
was lost (every win chance 0%) goes on to rank them by progress, saying so above the rows. The
progress bar ends full when the hint is done (the race stops weak options early, so the games
played are fewer than options × rollouts: the bar's end is set to the games played).

Where worker processes can start and the hint runs on a thread (a panel in your own JupyterLab; a served
dashboard only where its operator's budget lists ``processes``), the rollouts are played on the ``processes`` backend, one worker per core, kept between hints
(:mod:`explorer.advisor.runners`): the same advice, value for value, in about half the time on two
cores. ``backend="local"`` keeps them in the kernel's thread.

The advice is for the position it was asked about: when the match moves on (a click, a cell),
the page says so and its Play buttons are disabled until the next hint. The rollouts run off
the kernel's way (``background=True``; :mod:`widgets.common.background` decides where): on a
thread in an ordinary kernel, and where no thread can start (Python in the browser) on the
event loop, a round at a time, so the page stays usable, the bars fill and Stop is heard
between rounds (the page then says so in a sentence; no worker process is offered there either).
Tests pass ``background=False``. ``limit(rollouts, options)`` may refuse a hint with a
sentence (a served dashboard's work budget does).

Every hint asked is kept in :data:`ASKED` (the last ones, by position): the log's Review rests
on a hint's own rollouts at the decision it was asked about, so the two cannot disagree on the
same evidence (:mod:`explorer.advisor.review`).

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("warps_edge"), seed=1)
>>> _ = m.play("heuristic", 3)
>>> while m.state.is_chance(): _ = m.step()
>>> tab = AdviceTab(current=lambda: m.state, on_play=print, background=False)
>>> tab.rollouts.value = 8
>>> tab.ask(), tab.advice.rows[0].rollouts
(True, 8)
"""

from __future__ import annotations

import html
import logging
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import ipywidgets as W

from explorer.advisor import Advice
from explorer.advisor.advise import advise
from explorer.advisor.runners import advise_rounds, processes_start
from explorer.core.actions import Action
from explorer.core.chance import sample_outcome
from explorer.core.rng import new_generator
from explorer.core.state import State
from explorer.errors import RulesError
from explorer.sim.budget import budget_for
from widgets.common.advice_chart import advice_figure
from widgets.common.background import IN_PAGE, LOOP, Work, start, threads_start
from widgets.common.charts import show_figure
from explorer.core.checks import whole_number
from widgets.common.seed_box import InputError

log = logging.getLogger(__name__)

DEFAULT_ROLLOUTS = 100
MIN_ROLLOUTS = 8
"""The fewest games an option is rolled out for: fewer say nothing a player can act on."""
AUTO = "auto"
"""``rank_by``'s default where the game measures progress: the win chance, else (every one 0%) progress."""
MAX_ROLLOUTS = 2000
NOTE = "font-size:12.5px;color:#5b6472"
MAX_CHANCE_STEPS = 500  # a deal longer than this is not a draw but a loop: refused, not followed


def next_decision(state: State, seed: int) -> tuple[State, str]:
    """The position whose decision a hint asked at ``state`` advises, and the sentence that says so.

    At a decision that is ``state`` itself (and no sentence). At a chance node the chance steps are
    dealt from ``seed``, as the rollouts deal them, up to the next decision; the sentence names its seat.

    >>> import explorer
    >>> s = explorer.load_game("warps_edge").initial_state()
    >>> dealt, said = next_decision(s, 0)
    >>> dealt.is_chance(), said.startswith("Cards are still being dealt: this advises")
    (False, True)
    """
    if not state.is_chance():
        return state, ""
    rng = new_generator(seed)
    for _ in range(MAX_CHANCE_STEPS):
        if not state.is_chance():
            break
        state = state.apply(sample_outcome(state.chance_outcomes(), rng))
    else:
        raise RulesError(f"advice needs a decision: more than {MAX_CHANCE_STEPS} chance steps follow; step them first")
    if state.is_terminal():
        raise RulesError(f"advice needs a decision: the draw ends the game ({state.result()}); there is nothing to "
                         "choose")
    who = state.game.player_name(state.current_player)
    return state, (f"Cards are still being dealt: this advises {who}'s next decision, dealing the draw as the "
                   "rollouts do.")

Limit = Callable[[int, int], "str | None"]
"""``limit(rollouts_per_option, options) -> None`` to allow a hint, or the sentence that refuses it."""


def _no_limit(_rollouts: int, _options: int) -> str | None:
    return None


class AskedHints:
    """The last hints asked in this kernel (each with its rollouts): what the log's Review rests on.

    Kept by the Advice tabs, read by the Review (``widgets.common.review_view``); a review picks, at each
    decision, the hint asked about that very position with its policy (``explorer.advisor.review.hint_book``).
    Safe to add to from a worker thread.
    """

    def __init__(self, keep: int = 64) -> None:
        self._hints: deque[Advice] = deque(maxlen=keep)
        self._lock = threading.Lock()

    def add(self, advice: Advice) -> None:
        if advice.evidence is None:
            raise ValueError("only a hint made round by round (it carries its rollouts) can be kept for a review")
        with self._lock:
            self._hints.append(advice)

    def all(self) -> tuple[Advice, ...]:
        """The hints kept, oldest first."""
        with self._lock:
            return tuple(self._hints)

    def clear(self) -> None:
        with self._lock:
            self._hints.clear()


ASKED = AskedHints()
"""The hints asked on this kernel's panels (a page's kernel serves one visitor)."""


def rollout_backend(threaded: bool) -> str:
    """Where a panel's rollouts (a hint, a review) run: ``processes`` when they run on a thread of their own
    (``threaded``), worker processes can start here and the kernel's budget allows them (a served dashboard keeps
    to ``local`` unless its operator lists ``processes``), else ``local``.

    >>> rollout_backend(False)
    'local'
    """
    budget = budget_for()
    allowed = not budget.limited or "processes" in budget.backends
    return "processes" if threaded and allowed and processes_start() else "local"


class AdviceTab:
    """A ``VBox`` (class ``re-advice``): settings, Ask / Stop, progress, chart, ranked rows with Play this."""

    def __init__(self, *, current: Callable[[], State], on_play: Callable[[Action], Any],
                 policies: Callable[[], Sequence[str]] = lambda: ("heuristic", "random"),
                 background: bool = True, limit: Limit = _no_limit, seed: int = 0,
                 backend: str | None = None) -> None:
        self._current, self._on_play, self._policies = current, on_play, policies
        self.background, self.limit, self.seed = background, limit, seed
        self._backend = backend  # None: processes where they start and the hint runs on a thread, else local
        self.ranked_note = ""  # every win chance was 0: the sentence saying the rows are ranked by progress
        self.advice: Advice | None = None
        self.asked: State | None = None  # the position the advice is about
        self.dealt_note = ""  # asked at a chance node: the sentence saying the draw was dealt as the rollouts do
        self.progress_text = ""  # what the game's progress measures ("" where it has no such measure)
        self._stop = threading.Event()
        self._work: Work | None = None
        self._asker = threading.get_ident()

        # IntText, not BoundedIntText: the browser would clamp a typed 3 to 8 silently; ask() refuses it in words
        self.rollouts = W.IntText(value=DEFAULT_ROLLOUTS, description="rollouts",
                                  tooltip=f"Games played for each option ({MIN_ROLLOUTS} to {MAX_ROLLOUTS})",
                                  layout=W.Layout(width="170px"), style={"description_width": "60px"})
        self.rollouts.add_class("re-advice-rollouts")
        self.policy = W.Dropdown(description="then", layout=W.Layout(width="200px"),
                                 style={"description_width": "35px"})
        self.rank_by = W.Dropdown(options=[("win chance, else progress", AUTO), ("win chance", "win"),
                                           ("progress", "progress")], value=AUTO,
                                  description="rank by", layout=W.Layout(width="210px", display="none"),
                                  style={"description_width": "55px"})
        self.rank_by.add_class("re-advice-rank-by")
        self.ask_button = W.Button(description="Ask for a hint", button_style="primary",
                                   tooltip="Rank every option at this decision by rollouts",
                                   layout=W.Layout(width="auto"))
        self.ask_button.add_class("re-advice-ask")
        self.stop_button = W.Button(description="Stop", disabled=True, tooltip="End the rollouts; keep the advice so far",
                                    layout=W.Layout(width="auto"))
        self.stop_button.add_class("re-advice-stop")
        self.progress = W.IntProgress(value=0, min=0, max=1, layout=W.Layout(width="100%", visibility="hidden"))
        self.progress.add_class("re-advice-progress")
        self.headline = W.HTML()
        self.headline.add_class("re-advice-headline")
        self.chart = W.Output(layout=W.Layout(width="100%"))
        self.rows_box = W.VBox(layout=W.Layout(width="100%"))
        self.rows_box.add_class("re-advice-rows")
        self.note = W.HTML()
        self.where = W.HTML(f'<div class="re-advice-in-page" style="{NOTE}">{html.escape(IN_PAGE)}</div>'
                            if not threads_start() else "")
        self.ask_button.on_click(lambda _b: self.ask())
        self.stop_button.on_click(lambda _b: self.stop())
        controls = W.HBox([self.rollouts, self.policy, self.rank_by, self.ask_button, self.stop_button],
                          layout=W.Layout(flex_flow="row wrap", align_items="center", width="100%"))
        intro = W.HTML(f'<div style="{NOTE}">Every legal option at this decision, ranked by the chance to win of the '
                       "seat that decides (or by how far it gets, where the game measures it: rank by), from games "
                       "played to the end after each option. Hidden cards are dealt afresh in every game from what "
                       "that seat knows.</div>")
        self.widget = W.VBox([intro, controls, self.where, self.progress, self.headline, self.chart, self.rows_box, self.note],
                             layout=W.Layout(width="100%"))
        self.widget.add_class("re-advice")
        self.update_settings()

    # --- settings -----------------------------------------------------------------------
    def update_settings(self) -> None:
        """Offer the game's rollout policies, and "rank by" only where the game measures progress."""
        state = self._current()
        self.progress_text = state.PROGRESS if state.progress(0) is not None else ""
        self.rank_by.layout.display = None if self.progress_text else "none"
        self.rank_by.tooltip = f"progress: {self.progress_text}" if self.progress_text else ""
        names = [n for n in self._policies() if n != "advisor"]
        if list(self.policy.options) != names:
            self.policy.options = names
            self.policy.value = "heuristic" if "heuristic" in names else (names[0] if names else None)

    @property
    def running(self) -> bool:
        return self._work is not None and self._work.running()

    def backend(self, threaded: bool) -> str:
        """Where a hint's rollouts run: the backend asked for, else ``processes`` when the hint runs on a thread
        of its own (``threaded``), worker processes can start here and the server's budget allows them (a served
        dashboard keeps to ``local`` unless its operator lists ``processes``), else ``local`` (on the event loop
        or in the caller's thread a pool's waits would hold them)."""
        return self._backend if self._backend is not None else rollout_backend(threaded)

    # --- asking -------------------------------------------------------------------------
    def ask(self) -> bool:
        """Start a hint for the position on screen; False (with the reason shown) if it cannot be asked."""
        if self.running:
            self._say("A hint is already being computed: Stop it first, or wait.", error=True)
            return False
        state = self._current()
        rollouts = self.rollouts.value
        shown, dealt = state, ""
        try:
            rollouts = whole_number("rollouts (games for each option)", rollouts, MIN_ROLLOUTS, MAX_ROLLOUTS, InputError)
            if not state.is_terminal():
                state, dealt = next_decision(state, self.seed)
            options = len(state.legal_actions()) if not (state.is_chance() or state.is_terminal()) else 0
            refusal = self.limit(rollouts, options)
            if refusal:
                raise RulesError(refusal)
            if options == 0:
                advise(state)  # raises the sentence that says why there is no decision here
        except (RulesError, InputError) as err:
            self._say(err.message if hasattr(err, "message") else str(err), error=True)
            return False
        self.asked, self.advice, self.dealt_note, self.ranked_note = shown, None, dealt, ""
        self._stop = threading.Event()
        self._asker = threading.get_ident()  # the rounds run on another thread only where start() made one
        self.progress.max, self.progress.value = max(1, rollouts * options), 0
        self.progress.layout.visibility = "visible"
        self.ask_button.disabled, self.stop_button.disabled = True, False
        self._say((dealt + " " if dealt else "")
                  + f"Rolling out {options} option{'s' if options != 1 else ''}, {rollouts} games each (fewer for "
                  f"options clearly behind; the best gets the games they leave)…")
        measure = (self.rank_by.value or AUTO) if self.progress_text else "win"
        rounds = self._rounds(state, rollouts, self.policy.value or "heuristic", measure)
        self._work = start(rounds, name="re-advice", background=self.background)
        if self._work.how == LOOP:  # no thread here: say where the rollouts run, and why the page waits on them
            self.where.value = f'<div class="re-advice-in-page" style="{NOTE}">{html.escape(IN_PAGE)}</div>'
        return True

    def stop(self) -> None:
        """End the rollouts; the advice so far stays, marked partial."""
        self._stop.set()

    def wait(self, timeout: float | None = 120.0) -> bool:
        """Wait for a hint running on a thread to finish (tests); whether it has (see ``Work.wait``)."""
        return self._work is None or self._work.wait(timeout)

    def _rounds(self, state: State, rollouts: int, policy: str, measure: str = "win") -> Iterator[None]:
        """The hint, a round at a time: each round's advice drawn as it arrives; the last one kept for a review.

        ``measure="auto"``: by the win chance, then, when every option lost every rollout, by progress.
        """
        try:
            yield from self._measured(state, rollouts, policy, "win" if measure == AUTO else measure)
            lost = self.advice
            if measure == AUTO and lost is not None and not lost.partial and not self._stop.is_set() \
                    and all(r.win == 0.0 and r.rollouts for r in lost.rows):
                self.ranked_note = (f"Every rollout of every option ended in a loss for {lost.seat_name}, so every win "
                                    f"chance is 0%: the options are ranked by progress instead ({self.progress_text}).")
                self.progress.max, self.progress.value = max(1, rollouts * len(lost.rows)), 0
                yield from self._measured(state, rollouts, policy, "progress")
        except RulesError as err:
            self._say(err.message, error=True)
        except Exception as err:  # noqa: BLE001 - work off the kernel's way must not die silently
            log.exception("advice failed")
            self._say(f"Internal error while advising: {type(err).__name__}: {err}", error=True)
        finally:
            self.ask_button.disabled, self.stop_button.disabled = False, True

    def _measured(self, state: State, rollouts: int, policy: str, measure: str) -> Iterator[None]:
        """One hint by ``measure``, round by round; kept for a review, and the bar full, when it is done."""
        for advice in advise_rounds(state, rollouts=rollouts, policy=policy, seed=self.seed, stop=self._stop,
                                    measure=measure, backend=self.backend(threading.get_ident() != self._asker)):
            if advice is not None:
                self._arrived(advice)
            yield None
        if self.advice is not None:
            ASKED.add(self.advice)
            if not self.advice.partial:  # done: the race played fewer games than it might have, and the bar is full
                self.progress.max = self.progress.value = max(1, self.advice.total_rollouts)

    def _arrived(self, advice: Advice) -> None:
        """A round of rollouts arrived: redraw the bars, the rows and the progress."""
        self.advice = advice
        self.progress.value = min(self.progress.max, advice.total_rollouts)
        show_figure(self.chart, advice_figure(advice))
        self._draw_rows(advice, fresh=self.asked is self._current() and not self.dealt_note)
        said = self.ranked_note or advice.undecided()  # every option lost (or won) every rollout: no ranking to read
        dealt = (f'<div class="re-advice-dealt" style="font-size:13px;color:#3d4a5c">{html.escape(self.dealt_note)}'
                 "</div>") if self.dealt_note else ""
        self.headline.value = (dealt + f'<div style="font-size:14px;font-weight:600">{html.escape(advice.headline())}</div>'
                               + (f'<div class="{"re-advice-by-progress" if self.ranked_note else "re-advice-undecided"}" '
                                  'style="font-size:13px;color:#8a5a00">'
                                  f"{html.escape(said)}</div>" if said else ""))
        self.note.value = (f'<div style="{NOTE}">{html.escape(advice.assumptions())} '
                           f"Race: {html.escape(advice.rule)}</div>")

    def _draw_rows(self, advice: Advice, *, fresh: bool) -> None:
        rows = []
        tied = bool(advice.undecided())  # every rollout ended alike: no row is "best"
        for i, r in enumerate(advice.rows):
            versus = "tied with every option" if tied else ("best" if i == 0 else f"{100 * r.diff:+.1f} pts vs best")
            text = (f"<b>{i + 1}. {html.escape(r.words)}</b> <span style='{NOTE}'>{html.escape(r.group)} · {advice.value_short} "
                    f"{100 * r.win:.1f}% ({100 * r.low:.1f}–{100 * r.high:.1f}) · {versus} · {r.rollouts} games"
                    f"{' · ' + html.escape(r.status(i == 0)) if r.status(i == 0) and i else ''}</span>")
            play = W.Button(description="Play this", disabled=not fresh, layout=W.Layout(width="auto", flex="0 0 auto"),
                            tooltip=f"Play '{r.words}' now")
            play.add_class("re-advice-play")
            play.on_click(lambda _b, a=r.action: self.play(a))
            rows.append(W.HBox([W.HTML(text, layout=W.Layout(flex="1 1 auto")), play],
                               layout=W.Layout(width="100%", align_items="center")))
        self.rows_box.children = tuple(rows)

    def play(self, action: Action) -> bool:
        """Play an advised option, if the position on screen is still the one advised about."""
        if self.dealt_note and self.asked is self._current():
            self._say("This advice is for a draw the rollouts dealt, not yet the match's: deal the draw (Step), then "
                      "ask again to play an option.", error=True)
            return False
        if self.asked is not self._current():
            self._say("This advice was for an earlier position: the match has moved. Ask for a new hint.", error=True)
            return False
        return bool(self._on_play(action))

    def update(self, state: State) -> None:
        """The panel shows ``state``: disable Play this when the advice is about another position."""
        self.update_settings()
        if self.advice is not None and not self.running:
            fresh = state is self.asked and not self.dealt_note
            for row in self.rows_box.children:
                row.children[1].disabled = not fresh
            if state is not self.asked:
                self._say("The match has moved since this hint: the advice below is for the earlier position. "
                          "Ask again for this one.")

    def _say(self, text: str, *, error: bool = False) -> None:
        colour = "#8a2d1c" if error else "#3d4a5c"
        self.headline.value = f'<div class="re-advice-say" style="font-size:13px;color:{colour}">{html.escape(text)}</div>'
