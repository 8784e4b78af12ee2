"""``WarpsEdgePanel``: the match panel for Warp's Edge, with a board view and a token → target control.

A person plays as at the table: pick a token of the pool, then press one of the
targets it can go to (slots, sections, pairs of slots for Photon Blast, skill
cards), or one of its other uses (repair, spend on buying, store in hold,
use). Buy, take-from-hold, use-skill and end-actions buttons sit below. In the
Pilot's step 2 these controls offer every legal move, so the generic move list
is hidden (``offers_moves_itself``): each move is offered once. Other decisions
(keep a skill card, pick a reward, remove a token) and chance outcomes stay in
the generic list. Every button carries an action taken from
``state.legal_actions()`` and goes through ``self.play(action)``: the widgets
never decide what is legal.

The setup is dealt at once, as Star Realms deals its own (``deal=True``): the
panel opens at the first decision (keep a skill card), and keeping it deals the
rest (the first draw, the enemy deck, the first arrivals) up to the Pilot's
step 2; Undo and Redo then step over chance positions, back to a decision.
``deal=False`` steps the setup by hand (Step or Resolve chance).

>>> p = WarpsEdgePanel(seed=1)
>>> p.state.phase
'setup: keep a skill card'
>>> p.play(p.state.legal_actions()[0]), p.state.phase, p.offers_moves_itself(p.state)
(True, 'step 2: pilot actions', True)
>>> q = WarpsEdgePanel(seed=1, deal=False)
>>> q.state.phase, q.resolve_chance(), q.state.phase
('setup: draw 2 skill cards', True, 'setup: keep a skill card')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as W

from explorer.core.actions import Action
from explorer.core.game import Game, load_game
from explorer.core.match import Match
from explorer.core.checks import game_state
from explorer.core.state import State
from explorer.games.warps_edge.state import WarpsEdgeState
from widgets.common.button_row import ButtonRow
from widgets.common.match_panel import InputError, MatchPanel
from widgets.common.status import variant_options
from widgets.warps_edge.odds_views import odds_views as default_odds_views
from widgets.warps_edge.legend import legend_html, token_name
from widgets.warps_edge.views import position_html

GAME_ID = "warps_edge"
DEFAULT_SEED = 1
MAX_CHANCE_STEPS = 200
TARGET_KINDS = ("fire", "maneuver", "charge", "use", "assign")  # with a target in args[1]
TOKEN_USE_KINDS = ("repair", "spend", "store", "use")  # without a target
GENERAL_KINDS = ("buy", "take", "skill", "end")


def target_label(state: Any, action: Action) -> str:
    """How a target button reads: ``slot 2 · Demo Gnat``, ``section 1 · Demo Port Battery``, ``skill · X``."""
    where = action.args[1]
    assert isinstance(where, str), f"a target is named in words (\"slot 2\"), not {where!r}"
    if action.kind == "assign":
        return f"skill · {where}"
    word, _, num = where.partition(" ")
    if word == "slot" and num.isdigit() and state.row[int(num) - 1].card:
        return f"{where} · {state.row[int(num) - 1].card}"
    if word == "section" and num.isdigit():
        return f"{where} · {state.data.mothership(state.mothership).sections[int(num) - 1].name}"
    return where


def assignment_moves(state: Any, token: str | None) -> tuple[list[tuple[str, Action]], list[tuple[str, Action]]]:
    """The legal moves of one pool token: (target buttons, other uses), each as (label, action)."""
    if token is None:
        return [], []
    targets, uses = [], []
    for a in state.legal_actions():
        if not a.args or a.args[0] != token:
            continue
        if a.kind in TARGET_KINDS and len(a.args) > 1 and a.args[1]:
            targets.append((target_label(state, a), a))
        elif a.kind in TOKEN_USE_KINDS:
            uses.append((state.action_words(a), a))
    return targets, uses


def general_moves(state: Any) -> list[tuple[str, Action]]:
    """Buy, take from the hold, use an activated skill, end actions: the moves of no pool token."""
    return [(state.action_words(a), a) for a in state.legal_actions() if a.kind in GENERAL_KINDS]


def pilot_step(state: Any) -> bool:
    """The Pilot's step 2 with nothing to resolve first: the token → target control is in use."""
    return (not state.is_terminal() and not state.is_chance()
            and getattr(state, "stage", "") == "actions" and not getattr(state, "pending", ()))


def table_moves(state: Any) -> list[Action]:
    """Every move the panel's own controls offer in ``state`` (the token → target rows for each pool
    token, and the buy / hold / skill / end row); empty outside the Pilot's step 2."""
    if not pilot_step(state):
        return []
    moves = [a for _, a in general_moves(state)]
    for token in state.pool.kinds():
        targets, uses = assignment_moves(state, token)
        moves += [a for _, a in targets + uses]
    return moves


class WordsRow(ButtonRow):
    """A row of move buttons whose hover text is the whole move in words (``fire Laser 1 at slot 2``, from
    ``words``) rather than its typed notation (``fire laser-1 at slot 2``)."""

    def __init__(self, css: str, on_play: Callable[[Action | None], Any], words: Callable[[Action], str],
                 style: str = "") -> None:
        super().__init__(css, on_play, style=style)
        self._words = words

    def set(self, moves: Sequence[tuple[str, Action]]) -> None:
        super().set(moves)
        for button, (_label, action) in zip(self.buttons, moves):
            button.tooltip = self._words(action)


class WarpsEdgePanel(MatchPanel):
    """The Warp's Edge match panel. Defaults: the demo data, seed 1, the first starfighter and mothership."""

    def __init__(self, match_or_game: Match | Game | State | str | None = None, *, seed: int | None = DEFAULT_SEED,
                 starfighter: str | None = None, mothership: str | None = None, variant: str | None = None,
                 deal: bool = True, odds_views: Sequence[Any] | None = None, title: str | None = None,
                 **kwargs: Any) -> None:
        if match_or_game is None or isinstance(match_or_game, str):
            match_or_game = load_game(match_or_game or GAME_ID, variant=variant)
        if isinstance(match_or_game, Game):
            match_or_game = match_or_game.initial_state(starfighter=starfighter, mothership=mothership)
        self.deal = deal  # deal the setup's chance nodes at once (see the module docstring)
        self.legend = W.HTML(layout=W.Layout(width="100%"))
        self.legend.add_class("we-legend-view")
        self._legend_key: Any = None
        self._board: W.VBox | None = None
        super().__init__(match_or_game, seed=seed, title=title,
                         odds_views=default_odds_views() if odds_views is None else odds_views, **kwargs)
        board, moves = self.tabs.children[0].children  # the Play page: give the board the wider column
        board.layout.flex, moves.layout.flex = "1 1 58%", "1 1 38%"

    def deal_opening(self) -> str | None:
        """A fresh match's setup (seed §3) is dealt at once unless ``deal=False``; what a share link opened is
        still said first ("… Then setup dealt …")."""
        if not (self.deal and self.in_setup(self.state) and self.state.is_chance() and self.match.cursor == 0):
            return None
        made = self._deal()
        self.refresh()
        dealt = f"setup dealt from seed {self.match.seed} ({made} chance steps); {self.decision_text(self.state)}."
        if self.link_refused:
            said = f"{self.link_note} Then {dealt}"
            self.status.error(said)
        else:
            said = f"{self.link_note} Then {dealt}" if self.link_note else f"Ready: {dealt}"
            self.status.info(said)
        return said

    @staticmethod
    def in_setup(state: State) -> bool:
        """Whether ``state`` is still in the setup (seed §3): only the setup is dealt without asking."""
        return str(getattr(state, "stage", "")).startswith("setup")

    def _deal(self) -> int:
        return self.deal_chance(MAX_CHANCE_STEPS)

    # --- extension points -------------------------------------------------------------------
    def position_view(self, state: State) -> Any:
        """The board (``views.position_html``) and under it the legend, redrawn only when its words change
        (so a legend the user opened stays open while they play)."""
        state = game_state(state, WarpsEdgeState)
        self.position_html.value = position_html(state)
        key = (state.game, state.mothership, state.starfighter, state.all_tokens().kinds(), state.repair_per_energy,
               state.buy_bonus)
        if key != self._legend_key:
            self.legend.value, self._legend_key = legend_html(state), key
        if self._board is None:  # the base panel's HTML widget, flush with the column (no margin to clip)
            self.position_html.add_class("we-board-view")
            self._board = W.VBox([self.position_html, self.legend], layout=W.Layout(width="100%"))
        return self._board

    def offers_moves_itself(self, state: State) -> bool:
        """True in the Pilot's step 2 when the token → target control and the buy / hold / skill / end row
        offer every legal move: the generic move list is hidden then (the typed box stays)."""
        if not pilot_step(state):
            return False
        offered = {str(a) for a in table_moves(state)}
        return all(str(a) in offered for a in state.legal_actions())

    def extra_controls(self) -> Sequence[W.Widget]:
        heading = W.HTML('<div style="font-size:14px;font-weight:600;color:#2b2f36;margin:10px 0 2px">'
                         "At the table: a token, then where it goes</div>")
        self.assign_hint = W.HTML()
        self.assign_hint.add_class("we-assign-hint")
        self.token_pick = W.Dropdown(description="Token", layout=W.Layout(width="260px"),
                                     style={"description_width": "48px"})
        self.token_pick.add_class("we-token")
        self.token_pick.observe(lambda _c: self._draw_token_moves(), names="value")
        def words(action: Action) -> str:
            return self._assign_state.action_words(action)

        self.targets = WordsRow("we-targets", self.play, words, style="info")
        self.token_uses = WordsRow("we-token-uses", self.play, words)
        self.general = WordsRow("we-general", self.play, words)
        self.resolve_button = W.Button(description="Resolve chance ▸", button_style="primary",
                                       tooltip="Sample every chance node (draws, arrivals, attacks) until the Pilot decides",
                                       layout=W.Layout(width="auto"))
        self.resolve_button.add_class("we-resolve")
        self.resolve_button.on_click(lambda _b: self.resolve_chance())
        self._assign_state: Any = None

        start = game_state(self.match.states[0], WarpsEdgeState)
        data = start.data
        self.starfighter_pick = W.Dropdown(options=[s.name for s in data.starfighters], value=start.starfighter,
                                           description="Starfighter", style={"description_width": "72px"},
                                           layout=W.Layout(width="250px"))
        self.mothership_pick = W.Dropdown(options=[m.name for m in data.motherships], value=start.mothership,
                                          description="Mothership", style={"description_width": "76px"},
                                          layout=W.Layout(width="290px"))
        self.variant_pick = W.Dropdown(options=variant_options(self.game), value=self.game.variant,
                                       description="Variant", style={"description_width": "52px"},
                                       layout=W.Layout(width="300px"))
        for w, css in ((self.starfighter_pick, "we-starfighter"), (self.mothership_pick, "we-mothership"),
                       (self.variant_pick, "we-variant")):
            w.add_class(css)
        setup = W.VBox([
            W.HTML('<div style="font-size:13px;color:#5b6472;margin-top:10px">For the next <b>New game</b> '
                   "(with the seed above):</div>"),
            W.HBox([self.starfighter_pick, self.mothership_pick, self.variant_pick],
                   layout=W.Layout(flex_flow="row wrap")),
        ])
        token_line = W.HBox([self.token_pick, self.resolve_button], layout=W.Layout(flex_flow="row wrap",
                                                                                      align_items="center"))
        box = W.VBox([heading, self.assign_hint, token_line,
                      W.HTML('<div style="font-size:12px;color:#5b6472">Targets</div>'), self.targets.box,
                      W.HTML('<div style="font-size:12px;color:#5b6472">Other uses of this token</div>'),
                      self.token_uses.box,
                      W.HTML('<div style="font-size:12px;color:#5b6472">Buy, hold, skills, end</div>'), self.general.box,
                      setup])
        box.add_class("we-assign")
        return [box]

    def on_refresh(self, state: State) -> None:
        self._assign_state = state
        self.resolve_button.disabled = not state.is_chance()
        at_pilot_step = pilot_step(state)
        if at_pilot_step:
            pool = game_state(state, WarpsEdgeState).pool
            # The pool is a Multiset[str] of token ids; Multiset.items() types its items Hashable whatever T is
            options = [(f"{token_name(state, tid)} ×{n}" if n > 1 else token_name(state, tid), tid)  # type: ignore[arg-type]  # a token id (str)
                       for tid, n in sorted(pool.items())]
            self.assign_hint.value = ('<div style="font-size:12.5px;color:#3d4a5c">Pick a token of the pool, then press '
                                      "a target or another use. Only legal moves are offered.</div>")
        else:
            options = []
            why = ("The game is over." if state.is_terminal() else
                   "Chance acts next: press <b>Resolve chance ▸</b> (or Step)." if state.is_chance() else
                   "Decide with the moves listed above (a setup choice, a reward or a shield-damage removal).")
            self.assign_hint.value = f'<div style="font-size:12.5px;color:#3d4a5c">{why}</div>'
        keep = self.token_pick.value
        self._drawing = True
        try:
            if list(self.token_pick.options) != options:
                self.token_pick.options = options
            values = [v for _, v in options]
            self.token_pick.value = keep if keep in values else (values[0] if values else None)
        finally:
            self._drawing = False
        self._draw_token_moves()
        self.general.set(general_moves(state) if at_pilot_step else [])

    def _draw_token_moves(self) -> None:
        if getattr(self, "_drawing", False) or self._assign_state is None:
            return
        targets, uses = assignment_moves(self._assign_state, self.token_pick.value)
        self.targets.set(targets)
        self.token_uses.set(uses)

    # --- actions ------------------------------------------------------------------------
    def resolve_chance(self) -> bool:
        """Sample chance nodes until the Pilot decides or the game ends (the Step button, repeated)."""
        def run() -> str:
            if not self.state.is_chance():
                raise InputError("Nothing to resolve: the Pilot decides now.")
            made = self._deal()
            return f"Resolved {made} chance step{'s' if made != 1 else ''}; last: {self._last_move()}"
        return self._do(run)

    def play(self, action: Action | str | None) -> bool:
        """Apply a move through the match; with ``deal``, keeping the setup's skill card deals the rest of the
        setup up to the Pilot's step 2."""
        kept = getattr(self.state, "stage", "") == "setup-keep"
        if not super().play(action):
            return False
        if self.deal and kept and self.state.is_chance():  # the rest of the setup, then turn 1's arrivals
            message = self.status.message
            made = self._deal()
            self.status.ok(f"{message} — setup dealt ({made} chance steps); {self.decision_text(self.state)}.")
            self.refresh()
        return True

    def undo(self) -> bool:
        """Step back one move; with ``deal``, back over chance positions to the last decision."""
        def run() -> str:
            self.match.undo()
            while self.deal and self.state.is_chance() and self.match.can_undo():
                self.match.undo()
            return f"Undone: back to move {self.match.cursor}."
        return self._do(run)

    def redo(self) -> bool:
        """Step forward one move; with ``deal``, on over chance positions to the next decision."""
        def run() -> str:
            self.match.redo()
            while self.deal and self.state.is_chance() and self.match.can_redo():
                self.match.redo()
            return f"Redone: {self._last_move()}"
        return self._do(run)

    def new_game(self, seed: int | None = None) -> bool:
        """Start again from the chosen starfighter, mothership and variant; with ``deal``, the setup is dealt."""
        if not super().new_game(seed):
            return False
        if self.deal and self.in_setup(self.state) and self.state.is_chance():
            made = self._deal()
            self.refresh()
            self.status.ok(f"New game with seed {self.match.seed}: setup dealt ({made} chance steps); "
                           f"{self.decision_text(self.state)}.")
        return True

    def choose(self, token: str, label: str) -> bool:
        """Pick ``token`` in the dropdown and press the button labelled ``label`` (targets, uses, general)."""
        if token is not None:
            self.token_pick.value = token
        for row in (self.targets, self.token_uses, self.general):
            if label in row.labels:
                row.click(label)
                return True
        raise KeyError(f"no button {label!r} for {token!r}; targets {self.targets.labels}, "
                       f"uses {self.token_uses.labels}, general {self.general.labels}")

    def initial_state(self) -> State:
        """Where New game starts: the chosen starfighter, mothership and variant (same data file)."""
        variant = self.variant_pick.value
        game = self.game if variant == self.game.variant else load_game(GAME_ID, variant=variant, **self.game.options)
        return game.initial_state(starfighter=self.starfighter_pick.value, mothership=self.mothership_pick.value)
