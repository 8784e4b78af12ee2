"""The match panel every game uses: step through a game in Jupyter or Voilà.

``MatchPanel`` holds an :class:`explorer.Match` and owns its widgets: a header
(title, variant, phase, whose decision it is), the position drawn for a person,
the legal moves offered once each, grouped as the table groups them, Step
(deals at a chance node; at a decision plays the chosen policy's move and says
which), Auto, time travel by turns with Undo / Redo, the seed, the log as the
rules tell it, save/load, "Copy link" (the page's address follows the match, so
a reload reopens it), an "Odds" tab and a "Set up position" tab where a player
enters the position on their own table. Every
change goes through one thin path — validate, call ``Match``, ``refresh()`` —
and ``refresh()`` is the one place the panel redraws from ``match.state``.
Nothing raises into the notebook: a rules error or a bad input becomes a
sentence in the status line (Voilà hides tracebacks), an unexpected exception
becomes "Internal error: <Type>: …", and the panel stays usable.

Extension points for a game's panel (a subclass):

* ``position_view(state)`` — return an ``ipywidgets.Widget`` (reuse one, update
  it in place: cheapest) or an HTML string; the default is ``state.render()``
  escaped in a monospace block. Or pass ``position_view=f`` to the constructor.
* ``odds_views`` — ``view(state) -> go.Figure | Widget | str`` callables (or
  objects with ``title`` and ``render(state)``), redrawn from the live state
  while the Odds tab is open (``widgets.common.odds_tab``).
* ``extra_controls()`` — widgets under the move picker, built once in
  ``__init__`` before the first ``refresh``. They only produce moves from
  ``state.legal_actions()`` and hand them to ``self.play(action)``, which
  applies them through the match: legality is never decided in a widget.
* ``on_refresh(state)`` — end of every ``refresh()``: update those widgets.
* ``offers_moves_itself(state)`` — True when those widgets offer every legal
  move: the generic move list is hidden, so each move is offered once.
* ``decision_text(state)`` — "Pilot decides" / "Chance: …" / "Game over — …";
  ``initial_state()`` — where "New game" starts.
* ``log_line(index, entry)`` — how move ``index`` reads in the log and the
  status line (default ``match.log_line(index, viewer=self.viewer)``: the
  rules' story, hiding what the seat in ``viewer`` may not see).
* ``viewer`` — the seat the panel is drawn for (``None``: the whole table).

A short example (``MatchPanel(game, odds_views=[hit_odds], seed=1)`` works the same)::

    class WarpsEdgePanel(MatchPanel):
        odds_views = (hit_odds,)                 # or pass odds_views=... to __init__
        def position_view(self, state):
            return f"<pre class='we-board'>{html.escape(state.render())}</pre>"
        def extra_controls(self):                # an "assign token -> target" affordance
            self.token, self.target = W.Dropdown(description="Token"), W.Dropdown(description="Target")
            go = W.Button(description="Assign")
            go.on_click(lambda _b: self.play(self.moves.get((self.token.value, self.target.value))))
            return [W.HBox([self.token, self.target, go])]
        def on_refresh(self, state):             # only legal moves are ever offered
            self.moves = {a.args[:2]: a for a in state.legal_actions() if a.kind == "assign"}
            self.token.options = sorted({t for t, _ in self.moves})
            self.target.options = sorted({g for _, g in self.moves})

Every user action (``play``, ``step``, ``auto``, ``undo``, ``redo``, ``goto``,
``set_seed``, ``new_game``, ``load_json``, ``explain``) returns True when done
and False when refused; either way the status line says what happened.

One match, one truth: the panel observes its match (``match.observe``), so a cell that
moves the match (``m.step()``, ``m.undo()``, ``m.play(500)``) moves the panel too, redrawn
once after the cell (``widgets/common/follow.py``); and New game, "Use this position",
Load and a link restart or load *the same* match object, so ``panel.match is m`` stays
true and the notebook's ``m`` is the game on screen. For notebooks: ``panel.match``,
``panel.play(text)``, ``panel.show_tab("Odds")`` and ``panel.odds()`` (what the Odds tab
shows, as data); no cell needs a private widget.

Stable CSS classes for browser tests: ``re-phase``, ``re-status``, ``re-step``,
``re-undo``, ``re-redo``, ``re-log``, ``re-actions``, ``re-history-slider``,
``re-odds`` (and ``re-auto``, ``re-save``, ``re-load``, ``re-position-view``).

On a phone's screen (600 px wide or less) the board comes first: Step and Auto stay, while the
policy, the seed and New game (and whatever a game's panel marks with the class ``re-fold``)
fold behind the ``re-more-toggle`` button, "More controls"; wider screens show them all and no toggle.
"""

from __future__ import annotations

import functools
import html
import logging
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Literal

import ipywidgets as W

from explorer.core.actions import Action
from explorer.core.game import Game, load_game
from explorer.core.match import Match
from explorer.core.policies import ADVISOR, named_policy, policy_names
from explorer.core.state import State
from explorer.core.watch import MatchChange
from explorer.errors import RulesError
from widgets.common.action_picker import MAX_BUTTONS, ActionPicker, typed_text
from widgets.common.advice_tab import AdviceTab
from widgets.common.follow import RedrawLater
from widgets.common.review_view import ReviewView
from explorer.core.checks import whole_number
from widgets.common.seed_box import InputError, SeedBox
from widgets.common.history import HistoryView
from widgets.common.link_reader import read_link
from explorer.core.share import MAX_QUERY_CHARS, MAX_SEED, match_query, position_query
from widgets.common.odds_tab import OddsTab
from widgets.common.page_link import ShareLink, page_query
from widgets.common.position_editor import PositionEditor
from widgets.common.save_load import SaveLoad, decode_upload, load_match, shown_name
from widgets.common.status import StatusLine, variant_title

log = logging.getLogger(__name__)

MAX_AUTO_STEPS = 10_000
# MAX_SEED (explorer.core.share): the largest seed a Match takes, 2**63 - 1; the Seed box shows each exactly
PLAY_TAB, ODDS_TAB, SETUP_TAB, ADVICE_TAB = 0, 1, 2, 3
TAB_TITLES = ("Play", "Odds", "Set up position", "Advice")

_CSS = (
    "<style>.re-match{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;max-width:1150px}"
    ".re-match .re-title{font-size:18px;font-weight:600;color:#2b2f36;margin:4px 0 0}"
    ".re-match .re-variant{font-size:13px;color:#5b6472;font-weight:400}.re-match .re-phase-line{font-size:15px;"
    "color:#2b2f36;padding:4px 10px;border-left:4px solid #4C6A92;background:#f6f8fb;border-radius:0 4px 4px 0}"
    ".re-match .re-render{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:13px;"
    "line-height:1.45;white-space:pre-wrap;background:#fbfbfc;border:1px solid #d5d9e0;border-radius:4px;"
    "padding:8px 10px;margin:0}"
    # tabs as wide as their titles (four equal tabs clipped "Set up position" at phone width)
    ".re-match .widget-tab .lm-TabBar-tab{flex:0 1 auto !important;min-width:0 !important;max-width:none !important}"
    # A phone (issue 37 item 8): the board within the first screen. The controls marked re-fold (the policy, Seed,
    # Set seed, New game; a game's long header) wait behind "More controls"; a wide screen shows them all
    # and no toggle. Boxes sized for desktop lines shrink to their text, and labels wrap instead of being cut.
    "@media (min-width:601px){.re-match .re-more-toggle{display:none !important}}"
    "@media (max-width:600px){.re-match:not(.re-more-open) .re-fold{display:none !important}"
    ".re-match .re-step-note{flex:1 1 calc(100% - 96px) !important}"  # Step and its note, then Auto, N, the toggle
    ".re-match .re-title{font-size:16px}.re-match .re-variant{font-size:12px}"
    ".re-match .re-phase-line{font-size:14px;padding:3px 8px}"
    ".re-match .widget-html-content{line-height:1.35}"
    ".re-match .widget-inline-hbox>.widget-label{height:auto;min-height:var(--jp-widgets-inline-height);"
    "line-height:1.2;white-space:normal;overflow-wrap:anywhere;display:flex;align-items:center}"
    ".re-match .widget-tab>.widget-tab-contents{padding:8px 4px}.re-match.widget-vbox{padding:4px 2px !important}}"
    "</style>"
)

MORE, FEWER = "More controls", "Fewer controls"
"""The phone's toggle over the folded controls, closed and open (a wide screen shows neither)."""


def render_html(text: str) -> str:
    """``state.render()`` text as an escaped, readable monospace block."""
    return f'<pre class="re-render">{html.escape(text)}</pre>'


def _button(description: str, tooltip: str, css: str, on_click: Callable[[], Any], **kw: Any) -> W.Button:
    button = W.Button(description=description, tooltip=tooltip, layout=W.Layout(width="auto", min_width="80px"), **kw)
    button.add_class(css)
    button.on_click(lambda _b: on_click())
    return button


def _guarded(method: Callable[..., str]) -> Callable[..., bool]:
    """Run a user action through the thin path: validate -> Match -> status line -> ``refresh()``."""
    @functools.wraps(method)
    def run(self: "MatchPanel", *args: Any, **kwargs: Any) -> bool:
        return self._do(lambda: method(self, *args, **kwargs))

    return run


class MatchPanel:
    """An ipywidgets panel over one :class:`~explorer.Match`; ``.widget`` is the top-level box.

    ``match_or_game`` is a ``Match``, a ``Game``, a starting ``State`` or a game
    id; ``seed`` is used when the panel starts the match itself.
    """

    max_buttons = MAX_BUTTONS
    #: A game panel's "Deal draws and refills automatically" box; when it is ticked, Step, Auto and a
    #: typed move deal the chance steps in between (``deal_chance``), as the game's move buttons do.
    auto_deal: W.Checkbox | None = None
    #: Deal a fresh match's chance steps at once, until somebody decides (:meth:`deal_opening`).
    deal: bool = False

    def __init__(self, match_or_game: Match | Game | State | str, *, position_view: Callable[[State], Any] | None = None,
                 odds_views: Sequence[Any] = (), title: str | None = None, seed: int | None = None,
                 link: str | Literal[False] | None = None) -> None:
        if isinstance(match_or_game, str):
            match_or_game = load_game(match_or_game)
        self._match = match_or_game if isinstance(match_or_game, Match) else Match(match_or_game, seed=seed)
        self._own_changes = 0  # > 0 while the panel itself moves the match: it redraws after, once
        self._games = 0  # goes up at every restart or load: the same object, another game (the link's key)
        self._redraw_later = RedrawLater(self._redraw_after_python)
        asked = page_query() if link is None else (link or None)
        self.link_note, self.link_refused = self._open_link(asked)
        # A static page's kernel cannot read the page's query: the page reports it (page_link), and it is
        # opened then, unless a link was already given here (or the panel was told to read none: link=False).
        self._await_page_address = link is None and asked is None
        self._start: State = self.match.states[0]
        #: The first moves of the match shown that the panel made itself (a game panel's set-up before anyone
        #: sat down, e.g. Fleet Command's): no seat's decisions, so Review leaves them out. Another game, or a
        #: move played over them after an undo, ends them.
        self.set_up_moves = 0
        self._position_view_fn, self._title = position_view, title
        self._shown_seed: int | None = None
        self._policies_of: Game | None = None

        self.status = StatusLine()
        self.title_html = W.HTML()
        self.phase_html = W.HTML(layout=W.Layout(width="100%"))
        self.phase_html.add_class("re-phase")
        self.phase_text = ""
        self.step_button = _button("Step", "At a chance node: deal or roll. At a decision: the chosen policy plays "
                                   "its move", "re-step", self.step, button_style="primary")
        self.step_note = W.HTML(layout=W.Layout(flex="1 1 200px"))
        self.step_note.add_class("re-step-note")
        self.auto_button = _button("Auto", "Play N moves with the chosen policy", "re-auto", self.auto)
        # IntText, not BoundedIntText: the browser would clamp a typed 0 silently; auto() refuses it in words
        self.auto_steps = W.IntText(value=10, description="N", tooltip=f"Moves Auto plays (1 to {MAX_AUTO_STEPS:,})",
                                    layout=W.Layout(width="130px"), style={"description_width": "20px"})
        self.auto_policy = W.Dropdown(description="policy", layout=W.Layout(width="200px"),
                                      style={"description_width": "45px"})
        self.auto_policy.observe(lambda _c: self._draw_step_note(self.state), names="value")
        self.seed_input = SeedBox(description="Seed", continuous_update=False, layout=W.Layout(width="230px"),
                                  style={"description_width": "36px"})
        self.set_seed_button = _button("Set seed", "Draw chance from this seed from here on", "re-set-seed",
                                       self.set_seed)
        self.new_game_button = _button("New game", "Start again with this seed", "re-new-game", self.new_game)
        self.picker = ActionPicker(on_play=self.play, on_explain=self.explain,
                                   on_apply_text=self.play, max_buttons=self.max_buttons)
        self.history = HistoryView(on_goto=self.goto, on_undo=self.undo, on_redo=self.redo,
                                   log_line=self.log_line, on_refused=self.status.error)
        self.save_load = SaveLoad(on_upload=self._uploaded)
        self.odds = OddsTab(odds_views or getattr(type(self), "odds_views", ()) or (), current=lambda: self.state)
        self.editor = PositionEditor(on_use=self._use_position)
        self.advice = AdviceTab(current=lambda: self.state, on_play=self.play, policies=lambda: list(self.game.policies()),
                                limit=advice_limit)
        self.review = ReviewView(current=lambda: self.match, on_goto=self.goto, on_marks=self.history.show_marks,
                                 seats=self._review_seats, first=lambda: self.set_up_moves)
        self.page_link = ShareLink()
        if self._await_page_address:
            self.page_link.on_address = self._open_page_address
        self._link_for: tuple[int, int, int, int] | None = None
        self.position_html = W.HTML(layout=W.Layout(width="auto", margin="0"))
        self.position_box = W.Box([self.position_html], layout=W.Layout(width="100%", overflow="auto"))
        self.position_box.add_class("re-position-view")
        extra = list(self.extra_controls())
        play_page = W.HBox(
            [W.VBox([self.position_box], layout=W.Layout(flex="1 1 50%", min_width="280px", padding="0 8px 0 0")),
             W.VBox([self.picker.widget, *extra], layout=W.Layout(flex="1 1 50%", min_width="300px"))],
            layout=W.Layout(width="100%", flex_flow="row wrap"),
        )
        self.tabs = W.Tab([play_page, self.odds.widget, self.editor.widget, self.advice.widget],
                          titles=TAB_TITLES, selected_index=PLAY_TAB)
        self.tabs.observe(self._tab_changed, names="selected_index")
        self.more_toggle = W.ToggleButton(value=False, description=MORE, tooltip="Show or hide the policy, the seed and "
                                          "New game (a wide screen shows them always)", layout=W.Layout(width="auto"))
        self.more_toggle.add_class("re-more-toggle")
        self.more_toggle.observe(self._more_toggled, names="value")
        for button in (self.step_button, self.auto_button, self.set_seed_button, self.new_game_button,
                       self.more_toggle):
            button.layout.flex = "0 0 auto"
        for folded in (self.auto_policy, self.seed_input, self.set_seed_button, self.new_game_button):
            folded.add_class("re-fold")
        controls = W.HBox(
            [self.step_button, self.step_note, self.auto_button, self.auto_steps, self.more_toggle, self.auto_policy,
             self.seed_input, self.set_seed_button, self.new_game_button],
            layout=W.Layout(width="100%", flex_flow="row wrap", align_items="center"),
        )
        self.widget = W.VBox(
            [W.HTML(_CSS), self.title_html, self.phase_html, self.status.widget, controls,
             self.history.controls, self.tabs, self.history.log, self.history.pager, self.review.widget,
             self.save_load.widget, self.page_link.widget],
            layout=W.Layout(width="100%", padding="4px 8px"),
        )
        self.widget.add_class("re-match")
        self._match.observe(self._match_changed)
        self.refresh()
        self.start_ready()

    def _more_toggled(self, change: dict[str, Any]) -> None:
        """Open or fold the controls marked ``re-fold`` (only a phone's screen folds them: ``_CSS``)."""
        if change["new"]:
            self.widget.add_class("re-more-open")
        else:
            self.widget.remove_class("re-more-open")
        self.more_toggle.description = FEWER if change["new"] else MORE

    # --- the match it follows ------------------------------------------------------------
    @property
    def match(self) -> Match:
        """The match on screen. Whoever moves it (a click here, a cell), the panel follows."""
        return self._match

    @match.setter
    def match(self, match: Match) -> None:
        self.follow(match)

    def follow(self, match: Match) -> None:
        """Show and follow another match object from now on (``panel.match = m2`` does the same).

        To start another game in the match already shown, prefer ``match.restart(...)`` or
        ``match.load(...)``: every holder of it follows.
        """
        if not isinstance(match, Match):
            raise TypeError(f"a panel follows a Match, got {type(match).__name__}")
        if match is self._match:
            return
        self._match.unobserve(self._match_changed)
        self._match = match
        match.observe(self._match_changed)
        self._start, self.set_up_moves = match.states[0], 0
        self.refresh()

    def close(self) -> None:
        """Stop following the match and close the widgets (the match itself goes on)."""
        if self._match_changed in self._match.listeners:
            self._match.unobserve(self._match_changed)
        self.widget.close()

    @contextmanager
    def own_changes(self) -> Iterator[None]:
        """The panel itself moves the match inside this block, and redraws after it: the match's
        messages are not redrawn one by one (a game panel's deal loop uses it too)."""
        self._own_changes += 1
        try:
            yield
        finally:
            self._own_changes -= 1

    def _match_changed(self, change: MatchChange) -> None:
        if change.kind in ("restart", "load"):
            self.set_up_moves = 0
            self._start = self._match.states[0]
            self._games += 1
            self.history.show_marks({})  # a review's marks belong to the game that was reviewed
        elif change.moves:  # moves made from position length - 1 - moves on: a set-up undone and played over ends there
            self.set_up_moves = min(self.set_up_moves, change.length - 1 - change.moves)
        if not self._own_changes:
            self._redraw_later.ask(change)

    def _redraw_after_python(self, changes: list[MatchChange]) -> None:
        """The match moved outside the panel (a cell): redraw once, and say so in the status line."""
        self.refresh()
        kinds = ", ".join(dict.fromkeys(c.kind for c in changes))
        moves = sum(c.moves for c in changes)
        made = f"; {moves} move{'s' if moves != 1 else ''} made" if moves else ""
        self.status.info(f"Updated from Python ({kinds}{made}): showing position {self.match.cursor} of "
                         f"{len(self.match) - 1}. {self.decision_text(self.state)}.")

    # --- reading ----------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.match.game

    @property
    def state(self) -> State:
        return self.match.state

    def _ipython_display_(self) -> None:
        from IPython.display import display
        display(self.widget)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- extension points ---------------------------------------------------------------
    def position_view(self, state: State) -> Any:
        """The position for a person: a Widget or an HTML string. Override in a game's panel."""
        if self._position_view_fn is not None:
            return self._position_view_fn(state)
        return render_html(state.render())

    def extra_controls(self) -> Sequence[W.Widget]:
        """Widgets placed under the move picker, built once. Override to add affordances."""
        return ()

    def on_refresh(self, state: State) -> None:
        """Called at the end of every refresh; update the widgets of ``extra_controls`` here."""

    def deal_chance(self, limit: int = 500) -> int:
        """Sample chance nodes from the seed until somebody decides or the game ends (a setup's
        shuffles and deals); returns how many were sampled. At most ``limit``."""
        start = self.match.cursor
        with self.own_changes(), self.match.batched():
            for _ in range(limit):
                if not self.state.is_chance():
                    break
                self.match.step()
        return self.match.cursor - start

    def deals_automatically(self) -> bool:
        """True when the panel has a "deal draws automatically" box and it is ticked."""
        return self.auto_deal is not None and bool(self.auto_deal.value)

    def _then_dealt(self, message: str) -> str:
        """With "deal automatically": deal up to the next decision and say how many steps that took."""
        if not (self.deals_automatically() and self.state.is_chance()):
            return message
        made = self.deal_chance()
        return f"{message} — then {made} chance step{'s' if made != 1 else ''}: {self._last_move()}"

    def deal_opening(self) -> str | None:
        """Deal what this game's panel deals of a fresh match before anyone looks (its set-up) and say so in the
        status line; the line said, or ``None`` when nothing was dealt.

        A panel whose ``deal`` is set (Star Realms, Pinned Down: ``deal=True``, their default) deals every chance
        step of a fresh match until somebody decides; the others deal nothing here (Warp's Edge deals its own
        setup, and says so its own way).
        """
        if not (self.deal and self.state.is_chance() and self.match.cursor == 0):
            return None
        self.deal_chance()
        self.refresh()
        ready = f"Ready: setup dealt from seed {self.match.seed}; {self.decision_text(self.state)}."
        self.announce_ready(ready)
        return ready

    def start_ready(self) -> None:
        """The opening match is on screen: deal its set-up (:meth:`deal_opening`) and say the panel is ready.

        Called at the end of ``__init__``, and again when a static page's link opens another match; what is on
        screen now is what a late link may still replace (:meth:`_open_page_address`).
        """
        if self.deal_opening() is None:
            self.announce_ready(f"Ready: {self.decision_text(self.state)}.")
        self._as_opened = self._opening_key()

    def _opening_key(self) -> tuple[int, int, int, int]:
        return id(self.match), self._games, len(self.match), self.match.cursor

    def announce_ready(self, text: str) -> None:
        """The first status line: ``text``, unless the page's link was opened or refused (that is said instead,
        a refusal as a warning).

        A game panel that deals its setup after ``__init__`` calls this with its own sentence.
        """
        if self.link_refused:
            self.status.error(self.link_note)
        else:
            self.status.info(self.link_note or text)

    def offers_moves_itself(self, state: State) -> bool:
        """True when the game's own controls offer every legal move of ``state``: the generic move
        list is then hidden (the typed box stays), so that each move is offered in one place only."""
        return False

    def decision_text(self, state: State) -> str:
        """The decision line: ``Pilot decides``, ``Chance: rolling``, ``Game over — Pilot reached 10``."""
        if state.is_terminal():
            return f"Game over — {state.result()}"
        if state.is_chance():
            return f"Chance: {state.phase}"
        return f"{self.game.player_name(state.current_player)} decides"

    def initial_state(self) -> State:
        """Where "New game" starts: the first position of the match the panel was given."""
        return self._start

    @property
    def viewer(self) -> int | None:
        """The seat the panel is drawn for (``None``: the whole table). Games with a seat view override it."""
        return None

    def log_line(self, index: int, entry: Any) -> str:
        """Move ``index`` (``entry`` is ``match.entries[index]``) as the log and the status line show it.

        The rules tell it (``state.story``), hiding what ``self.viewer`` may not see.
        """
        return self.match.log_line(index, viewer=self.viewer)

    # --- the one redraw ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from ``match.state``; never raises (errors go to the status line)."""
        try:
            state, match = self.match.state, self.match
            self._draw_header(state)
            self.picker.update(state)
            self.picker.show_moves(not self.offers_moves_itself(state))
            self.history.update(match)
            self.auto_button.disabled = state.is_terminal()
            self._draw_step_note(state)
            if self._shown_seed != match.seed:
                self.seed_input.value = self._shown_seed = match.seed
            if self._policies_of is not self.game:
                self.auto_policy.options = names = list(self.policy_names())
                self.auto_policy.value, self._policies_of = _default_policy(names), self.game
            self.save_load.update(match)
            self._draw_position(state)
            self.odds.update(state)
            self.advice.update(state)
            self.review.update_seats()
            self._draw_link()
            if self.tabs.selected_index == SETUP_TAB and self.editor.loaded is not state:
                self.editor.load(state)
            self.on_refresh(state)
        except Exception as err:  # noqa: BLE001 - a dashboard never shows a traceback
            self._internal(err, "while drawing the panel")

    def _draw_header(self, state: State) -> None:
        info = self.game.info
        variant = next((v for v in info.variants if v.name == self.game.variant), None)
        variant_text = variant_title(self.game) + (f": {variant.description}" if variant and variant.description else "")
        self.title_html.value = (
            f'<div class="re-title">{html.escape(self._title or info.title)} '
            f'<span class="re-variant">· {html.escape(variant_text)}</span></div>'
        )
        decision = self.decision_text(state)
        self.phase_text = decision if state.is_terminal() else f"Phase: {state.phase} · {decision}"
        self.phase_html.value = f'<div class="re-phase-line">{html.escape(self.phase_text)}</div>'

    def _draw_position(self, state: State) -> None:
        try:
            view = self.position_view(state)
        except Exception as err:  # noqa: BLE001 - a view that fails says so in its place and is logged
            self.position_html.value = render_html(f"Could not draw the position: {type(err).__name__}: {err}")
            view = self.position_html
            self._internal(err, "in the position view")
        if not isinstance(view, W.Widget):
            self.position_html.value = view if isinstance(view, str) else render_html(str(view))
            view = self.position_html
        if self.position_box.children != (view,):
            self.position_box.children = (view,)

    def _internal(self, err: BaseException, where: str = "") -> None:
        log.exception("match panel: internal error %s", where)
        self.status.error(f"Internal error: {type(err).__name__}: {err}" + (f" ({where})" if where else ""))

    # --- the thin path: validate -> Match -> refresh -------------------------------------
    def _do(self, action: Callable[[], str]) -> bool:
        try:
            with self.own_changes():
                message = action()
        except (RulesError, InputError) as err:
            self.status.error(getattr(err, "message", None) or str(err))
            ok = False
        except Exception as err:  # noqa: BLE001 - a dashboard never shows a traceback: the status line says it
            self._internal(err)
            ok = False
        else:
            self.status.ok(message)
            ok = True
        self.refresh()
        return ok

    def _last_move(self) -> str:
        index = self.match.cursor - 1
        return self.log_line(index, self.match.entries[index])

    @_guarded
    def play(self, action: Action | str | None) -> str:
        """Apply a move (an ``Action`` or its typed text) through the match; False if refused."""
        if action is None:
            raise InputError("Select a move in the list first (or click a move, or type one).")
        if isinstance(action, str):
            self._step_typed(typed_text(action))
        elif isinstance(action, Action):
            self.match.step(action)
        else:
            raise InputError(f"A move is an Action or its text, got {type(action).__name__}.")
        return self._then_dealt(self._last_move())

    def _step_typed(self, text: str) -> None:
        """Apply a typed move; with "deal automatically" at a chance node, a move that is not a chance
        outcome is played after the chance steps are dealt (and refused with the position unchanged)."""
        try:
            self.match.step(text)
        except RulesError:
            if not (self.deals_automatically() and self.state.is_chance()):
                raise
            made = self.deal_chance()
            try:
                self.match.step(text)
            except RulesError:
                for _ in range(made):
                    self.match.undo()
                raise

    def step_policy(self) -> str:
        """The policy Step plays at a decision: the one chosen beside Auto."""
        name = self.auto_policy.value
        return name if name in self.policy_names() else "random"

    def _draw_step_note(self, state: State) -> None:
        """Say what Step will do here, or why it cannot."""
        if state.is_terminal():
            text, self.step_button.disabled = "The game is over: undo or start a new game.", True
        elif state.is_chance():
            text, self.step_button.disabled = f"Step deals: {state.phase}.", False
        else:
            who = self.game.player_name(state.current_player)
            text, self.step_button.disabled = f"Step: {self.step_policy()} plays for {who}.", False
        self.step_note.value = f'<span style="font-size:12px;color:#5b6472">{html.escape(text)}</span>'

    @_guarded
    def step(self) -> str:
        """Step: deal or roll at a chance node; at a decision, the chosen policy plays and the status says which."""
        state = self.state
        if state.is_terminal():
            raise InputError(f"The game is over ({state.result()}); undo or start a new game.")
        if state.is_chance():
            outcome = self.match.step()
            p = dict(state.chance_outcomes())[outcome]
            return self._then_dealt(f"{self._last_move()} (probability {p.numerator}/{p.denominator})")
        name = self.step_policy()
        move = named_policy(self.game, name)(state, self.match.rng)
        self.match.step(move)
        return self._then_dealt(f"Step: {name} plays '{move}' — {self._last_move()}")

    @_guarded
    def auto(self, n: int | None = None, policy: str | None = None) -> str:
        """Play up to ``n`` moves with ``policy`` (defaults: the N box and the policy dropdown)."""
        steps = whole_number("N (moves to play)", self.auto_steps.value if n is None else n, 1, MAX_AUTO_STEPS, InputError)
        name = self.auto_policy.value if policy is None else policy
        if name not in self.policy_names():
            raise InputError(f"Unknown policy {name!r}; policies: {', '.join(self.policy_names())}.")
        if self.state.is_terminal():
            raise InputError(f"The game is over ({self.state.result()}); undo or start a new game.")
        made = self.match.play(name, steps)
        if self.deals_automatically() and self.state.is_chance():
            made += self.deal_chance()  # Auto stops at a decision, never inside a draw
        end = f"; game over — {self.state.result()}" if self.state.is_terminal() else ""
        return f"Auto ({name}): played {made} move{'s' if made != 1 else ''}{end}."

    @_guarded
    def undo(self) -> str:
        self.match.undo()
        return f"Undone: back to move {self.match.cursor}."

    @_guarded
    def redo(self) -> str:
        self.match.redo()
        return f"Redone: {self._last_move()}"

    @_guarded
    def goto(self, index: int) -> str:
        """Show position ``index`` (0 is the start)."""
        self.match.goto(whole_number("position", index, 0, len(self.match) - 1, InputError))
        return f"Showing position {self.match.cursor} of {len(self.match) - 1}."

    @_guarded
    def set_seed(self, seed: int | None = None) -> str:
        """Reseed the match from here on (the seed box by default); the undone future is cut."""
        value = whole_number("The seed", self.seed_input.value if seed is None else seed, 0, MAX_SEED, InputError)
        self.match.reseed(value)
        return f"Seed {value}: chance draws from this position on use it."

    @_guarded
    def new_game(self, seed: int | None = None) -> str:
        """Start again from :meth:`initial_state` with ``seed`` (the seed box by default)."""
        value = whole_number("The seed", self.seed_input.value if seed is None else seed, 0, MAX_SEED, InputError)
        self.match.restart(self.initial_state(), seed=value)
        return f"New game with seed {value}."

    def explain(self, text: str) -> bool:
        """Say whether typed ``text`` is a legal move now and, if not, why; changes nothing."""
        try:
            move = self.state.parse_action(typed_text(text))
        except (RulesError, InputError) as err:
            self.status.error(f"Not legal now: {getattr(err, 'message', None) or err}")
            return False
        except Exception as err:  # noqa: BLE001 - a dashboard never shows a traceback: the status line says it
            self._internal(err)
            return False
        self.status.info(f"{text.strip()!r} is legal now: it plays '{move}'. Press Apply typed to play it.")
        return True

    # --- save / load ---------------------------------------------------------------------
    def save_json(self) -> str:
        """The match as JSON text (what the download link carries)."""
        return self.match.to_json()

    @_guarded
    def load_json(self, text: str, name: str = "the text") -> str:
        """Replace the match with one saved by :meth:`save_json`; refused files keep the current match."""
        return self._load(text, name)

    def _load(self, text: str, name: str) -> str:
        match = load_match(name, text, game_id=self.game.info.id)
        self.match.load(match)
        return f"Loaded {shown_name(name)}: {len(match) - 1} moves, showing position {match.cursor}."

    def _uploaded(self, name: str, content: Any) -> None:
        self._do(lambda: self._load(decode_upload(name, content), name))

    def policy_names(self) -> tuple[str, ...]:
        """The policies Step and Auto offer: the game's own and the advisor (``explorer.advise``), which looks
        ahead by rollouts; on a served page the advisor is left out (its moves cost seconds of CPU each)."""
        from explorer.sim.budget import budget_for

        names = policy_names(self.game)
        return tuple(n for n in names if n != ADVISOR) if budget_for().limited else names

    def _review_seats(self) -> list[tuple[str, int]]:
        """The seats whose moves a review can mark: every player of the game, by name."""
        players = {e.player for e in self.match.entries if e.player >= 0} | {0}
        return [(self.game.player_name(p), p) for p in sorted(players)]

    # --- for notebooks: tabs and odds as data ---------------------------------------------
    def show_tab(self, title: str) -> None:
        """Open the tab called ``title`` ("Play", "Odds", "Set up position"); an unknown title is refused by name."""
        titles = tuple(self.tabs.titles)
        if title not in titles:
            raise ValueError(f"show_tab: no tab called {title!r}; the tabs are {', '.join(map(repr, titles))}")
        self.tabs.selected_index = titles.index(title)

    def _tab_changed(self, change: dict[str, Any]) -> None:
        try:
            self.odds.show() if change["new"] == ODDS_TAB else self.odds.hide()
            if change["new"] == SETUP_TAB and self.editor.loaded is not self.state:
                self.editor.load(self.state)
        except Exception as err:  # noqa: BLE001 - a tab that fails to draw must not break the panel
            self._internal(err, "while drawing the odds")

    # --- your own table: positions and links ----------------------------------------------
    def _use_position(self, state: State, derived: tuple[str, ...]) -> None:
        def run() -> str:
            self.match.restart(state)
            extra = f" Derived: {'; '.join(derived)}." if derived else ""
            return f"Position set up: {self.decision_text(state)}; the Odds tab answers about it.{extra}"
        self._do(run)

    @_guarded
    def use_position_text(self, text: str) -> str:
        """Start the match from a position written as text (``state.position_text()``); refused text changes nothing."""
        reading = self.game.read_position(text)
        self.match.restart(reading.state)
        extra = f" Derived: {'; '.join(reading.derived)}." if reading.derived else ""
        return f"Position set up: {self.decision_text(reading.state)}.{extra}"

    def share_query(self) -> str:
        """The query of a link that reopens this match at this move (a position link when the match is too long)."""
        query = match_query(self.match)
        if len(query) <= MAX_QUERY_CHARS:
            return query
        return position_query(self.state)

    def _draw_link(self) -> None:
        key = (id(self.match), self._games, len(self.match), self.match.cursor)
        if key == self._link_for:
            return
        self._link_for = key
        try:
            query = match_query(self.match)
            note = ""
            if len(query) > MAX_QUERY_CHARS:
                query = position_query(self.state)
                note = "This match is too long for a link: the link opens the position shown."
        except RulesError:
            query, note = "", "No link for this position."
        self.page_link.query, self.page_link.note = query, note

    def _open_page_address(self, query: str) -> None:
        """Open the query a static page reported (``ShareLink.on_address``), as Voilà's would have been at start.

        The page reports it as soon as it shows, before a visitor can click; should the match have moved
        already (a cell ran first), the game on screen stays and the status line says why.
        """
        if self._opening_key() != self._as_opened:
            self.status.info("The page's link was not opened: the game on screen had moved before the link arrived.")
            return
        with self.own_changes():
            self.link_note, self.link_refused = self._open_link(query)
        self.refresh()
        self.start_ready()

    def _open_link(self, query: str | None) -> tuple[str, bool]:
        """Open what the page's link asks for (``link_reader``); the first status line, and whether it was refused."""
        reading = read_link(self.game, self.match, query)
        if reading.match is not None:
            self.match.load(reading.match)
        if reading.kind in ("match", "position"):
            return f"Opened the {reading.kind} from the link: {self.decision_text(self.state)}.", False
        return reading.note, reading.refused


def advice_limit(rollouts: int, options: int) -> str | None:
    """A served dashboard's work budget for a hint (``explorer.sim.budget``): each rollout is one game played."""
    from explorer.sim.budget import MAX_GAMES_VARIABLE, budget_for

    budget, games = budget_for(), rollouts * options
    if budget.max_games is not None and games > budget.max_games:
        return (f"This server allows at most {budget.max_games} games per hint, and {options} options × {rollouts} "
                f"rollouts are {games}. Ask for fewer rollouts; the server's operator can raise the limit with "
                f"{MAX_GAMES_VARIABLE}.")
    return None


def _default_policy(names: Sequence[str]) -> str:
    """The policy Step and Auto start with: the game's heuristic when it has one (it plays like a person)."""
    return "heuristic" if "heuristic" in names else ("random" if "random" in names else names[0])
