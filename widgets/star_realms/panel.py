"""``StarRealmsPanel``: the match panel for Star Realms, with a table view, a seat selector and grouped moves.

Beside the generic move list, the moves are offered as at the table, in
groups: cards in hand to play, bases to use, scrap abilities, trade-row cards
to buy, attack targets, end turn, and the choices inside an ability. Every
button carries an action taken from ``state.legal_actions()`` and goes through
``self.play(action)``: the widgets never decide what is legal (an unaffordable
card simply has no button). "View as" draws the table as one seat sees it
(``observation(state, seat)``: other hands face down) or as the whole table;
seen from a seat, the moves of another player are not listed, and the log
(and the status line) shows another player's draws as "Player 2 draws a card"
(trade-row reveals are public and stay as they are).

>>> p = StarRealmsPanel(seed=12)         # setup (row, hands) is dealt from the seed at once
>>> p.state.phase, p.grouped()["sr-play"]
('main phase (player 1, turn 1)', ['play Scout'])
>>> p.press("play Scout"), p.state.players[0].trade
(True, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from explorer.core.actions import CHANCE, Action
from explorer.core.game import Game, load_game
from explorer.core.match import Match
from explorer.core.state import State
from explorer.games.star_realms.formats import FORMATS, PLAYER_COUNTS
from widgets.common.match_panel import ODDS_TAB, InputError, MatchPanel
from widgets.star_realms.odds_views import odds_views as default_odds_views
from widgets.star_realms.views import position_html
from widgets.common.button_row import ButtonRow

GAME_ID = "star_realms"
DEFAULT_SEED = 12  # player 1 opens with 3 Scouts; the row holds Trade Pod, Battle Pod, Missile Bot, Trading Post
MAX_CHANCE_STEPS = 500
TABLE = -1  # the "view as" value for the whole table
GROUPS = (  # (css class, heading, action kinds) in the order a player reads them
    ("sr-play", "Play from hand", ("play",)),
    ("sr-use", "Use a base", ("use",)),
    ("sr-scrap", "Scrap abilities", ("scrap",)),
    ("sr-buy", "Buy", ("buy",)),
    ("sr-attack", "Attack", ("attack",)),
    ("sr-end", "End", ("end",)),
)
STYLES = {"sr-play": "info", "sr-buy": "success", "sr-attack": "danger", "sr-end": "warning", "sr-decide": "info"}
HEADING = '<div style="font-size:12px;color:#5b6472;margin-top:4px">{}</div>'


def grouped_moves(state: Any) -> dict[str, list[tuple[str, Action]]]:
    """The legal moves as the table offers them: ``{css class: [(label, action)]}``.

    In the main phase each move goes to its group (see ``GROUPS``); attacks on a
    player show only the whole Combat pool (other splits stay in the move list).
    Inside an ability (a choice, a discard, "done") every move goes to ``sr-decide``.
    """
    found: dict[str, list[tuple[str, Action]]] = {css: [] for css, _, _ in GROUPS}
    found["sr-decide"] = []
    if state.is_terminal() or state.is_chance():
        return found
    legal = state.legal_actions()
    if state.queue:
        found["sr-decide"] = [(str(a), a) for a in legal]
        return found
    combat = state.players[state.actor].combat
    for a in legal:
        if a.kind == "attack" and a.args[0] in ("player", "team") and a.args[-1] != combat:
            continue
        css = next((c for c, _, kinds in GROUPS if a.kind in kinds), "sr-decide")
        found[css].append((str(a), a))
    return found


class StarRealmsPanel(MatchPanel):
    """The Star Realms match panel. Defaults: 2 players, standard format, seed 1, the whole table in view."""

    def __init__(self, match_or_game: Match | Game | State | str | None = None, *, seed: int | None = DEFAULT_SEED,
                 players: int = 2, format: str = "standard", variant: str | None = None,
                 view_as: int | None = None, deal: bool = True, odds_views: Sequence[Any] | None = None, title: str | None = None,
                 **kwargs: Any) -> None:
        if match_or_game is None or isinstance(match_or_game, str):
            match_or_game = load_game(match_or_game or GAME_ID, variant=variant)
        if isinstance(match_or_game, Game):
            match_or_game = match_or_game.initial_state(players=players, format=format)
        self._view_as = TABLE if view_as is None else view_as
        self.deal = deal  # resolve the setup's chance nodes (row, starting hands) at once
        self._odds_seat: Any = None
        super().__init__(match_or_game, seed=seed, title=title,
                         odds_views=default_odds_views(lambda: self.viewer) if odds_views is None else odds_views,
                         **kwargs)
        board, moves = self.tabs.children[0].children  # the Play page: give the table the wider column
        board.layout.flex, moves.layout.flex = "1 1 60%", "1 1 36%"
        if view_as is not None:
            self.view_as(view_as)
        if deal and self.state.is_chance() and self.match.cursor == 0:
            self._deal()
            self.refresh()
            self.status.info(f"Ready: setup dealt from seed {self.match.seed}; {self.decision_text(self.state)}.")

    def _deal(self) -> int:
        start = self.match.cursor
        for _ in range(MAX_CHANCE_STEPS):
            if not self.state.is_chance():
                break
            self.match.step()
        return self.match.cursor - start

    # --- who is looking ------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat the table is drawn for, or ``None`` for the whole table."""
        value = self.seat_pick.value if hasattr(self, "seat_pick") else self._view_as
        return None if value in (None, TABLE) or value >= len(self.state.players) else value

    def view_as(self, seat: int | None) -> bool:
        """Draw the table as ``seat`` sees it (``None``: the whole table); False if there is no such seat."""
        value = TABLE if seat is None else seat
        if value not in [v for _, v in self.seat_pick.options]:
            self.status.error(f"No seat {seat!r}: seats are 0 to {len(self.state.players) - 1}, or None for the table.")
            return False
        self.seat_pick.value = value
        return True

    def _seat_changed(self, _change: Any = None) -> None:
        if getattr(self, "_setting_seats", False):
            return
        self._view_as = self.seat_pick.value
        self.refresh()  # redraws the odds too while their tab is open
        if self.odds.visible:
            self._odds_seat = self.viewer

    # --- extension points ----------------------------------------------------------------
    def position_view(self, state: State) -> Any:
        return position_html(state, self.viewer)

    def log_line(self, index: int, entry: Any) -> str:
        """Move ``index`` as the viewer may read it: another player's draw hides the card drawn.

        The drawing player is the one of the draw waiting in the position before
        the move (``queue[0]``, a ``draw`` task); reveals of the trade row are public.
        """
        viewer = self.viewer
        if viewer is not None and entry.player == CHANCE and entry.action.kind == "draw":
            before = self.match.states[index]
            task = before.queue[0] if before.queue else None
            if task is not None and task.kind == "draw" and task.player != viewer:
                return f"{index + 1}. Chance: {self.game.player_name(task.player)} draws a card"
        return super().log_line(index, entry)

    def extra_controls(self) -> Sequence[W.Widget]:
        self.seat_pick = W.Dropdown(description="View as", layout=W.Layout(width="230px"),
                                    style={"description_width": "56px"})
        self.seat_pick.add_class("sr-view-as")
        self._set_seat_options(len(self._start.players))
        self.seat_pick.observe(self._seat_changed, names="value")
        self.resolve_button = W.Button(description="Resolve draws ▸", button_style="primary",
                                       tooltip="Sample every chance node (draws, trade-row refills) until a player decides",
                                       layout=W.Layout(width="auto"))
        self.resolve_button.add_class("sr-resolve")
        self.resolve_button.on_click(lambda _b: self.resolve_chance())
        self.auto_deal = W.Checkbox(value=True, description="Deal draws and refills automatically", indent=False,
                                    layout=W.Layout(width="auto", margin="0 0 0 12px"))
        self.auto_deal.add_class("sr-auto-deal")
        self.hint = W.HTML()
        self.hint.add_class("sr-hint")
        self.rows = {css: ButtonRow(css, self.play, style=STYLES.get(css, "")) for css, _, _ in GROUPS}
        self.rows["sr-decide"] = ButtonRow("sr-decide", self.play, style=STYLES["sr-decide"])
        self.row_boxes = {}
        parts: list[W.Widget] = []
        for css, heading in [("sr-decide", "Decide (inside an ability)")] + [(c, h) for c, h, _ in GROUPS]:
            self.row_boxes[css] = W.VBox([W.HTML(HEADING.format(heading)), self.rows[css].box])
            parts.append(self.row_boxes[css])
        start = self._start
        self.format_pick = W.Dropdown(options=list(FORMATS), value=start.format, description="Format",
                                      style={"description_width": "50px"}, layout=W.Layout(width="210px"))
        self.players_pick = W.Dropdown(options=list(PLAYER_COUNTS[start.format]), value=len(start.players),
                                       description="Players", style={"description_width": "50px"},
                                       layout=W.Layout(width="140px"))
        self.variant_pick = W.Dropdown(options=[v.name for v in self.game.info.variants], value=self.game.variant,
                                       description="Variant", style={"description_width": "50px"},
                                       layout=W.Layout(width="300px"))
        self.format_pick.observe(self._format_changed, names="value")
        for w, css in ((self.format_pick, "sr-format"), (self.players_pick, "sr-players"),
                       (self.variant_pick, "sr-variant")):
            w.add_class(css)
        setup = W.VBox([
            W.HTML('<div style="font-size:13px;color:#5b6472;margin-top:10px">For the next <b>New game</b> '
                   "(with the seed above):</div>"),
            W.HBox([self.format_pick, self.players_pick, self.variant_pick], layout=W.Layout(flex_flow="row wrap")),
        ])
        top = W.HBox([self.seat_pick, self.resolve_button, self.auto_deal], layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self.table_box = W.VBox(parts)
        box = W.VBox([W.HTML('<div style="font-size:14px;font-weight:600;color:#2b2f36;margin:10px 0 2px">'
                             "At the table</div>"), top, self.hint, self.table_box, setup])
        box.add_class("sr-table")
        return [box]

    def _set_seat_options(self, n: int) -> None:
        options = [(f"Player {s + 1}", s) for s in range(n)] + [("table (all hands)", TABLE)]
        keep = self._view_as if self._view_as in [v for _, v in options] else TABLE
        self._setting_seats = True
        try:
            if list(self.seat_pick.options) != options:
                self.seat_pick.options = options
            self.seat_pick.value = keep
        finally:
            self._setting_seats = False

    def _format_changed(self, change: Any) -> None:
        counts = list(PLAYER_COUNTS[change["new"]])
        keep = self.players_pick.value
        self.players_pick.options = counts
        self.players_pick.value = keep if keep in counts else counts[0]

    def on_refresh(self, state: State) -> None:
        self._set_seat_options(len(state.players))
        self.resolve_button.disabled = not state.is_chance()
        decider = state.current_player
        hidden = self.viewer is not None and not state.is_terminal() and decider != self.viewer
        moves = {css: [] for css in self.rows} if hidden else grouped_moves(state)
        for css, row in self.rows.items():
            row.set(moves[css])
            self.row_boxes[css].layout.display = "" if moves[css] else "none"
        self.picker.widget.layout.display = "none" if hidden else ""
        if state.is_terminal():
            why = "The game is over: undo, or start a new game."
        elif state.is_chance():
            why = f"Chance: {state.phase}. Press <b>Resolve draws ▸</b> (or Step) to sample it from the seed."
        elif hidden:
            why = (f"Player {decider + 1} decides. You view the table as player {self.viewer + 1}: their moves are "
                   f"hidden. Choose <b>View as → Player {decider + 1}</b> (or the table) to play them.")
        else:
            why = "Only legal moves are offered; an unaffordable card has no Buy button."
        self.hint.value = f'<div style="font-size:12.5px;color:#3d4a5c">{why}</div>'

    def _tab_changed(self, change: dict[str, Any]) -> None:
        before = self.odds.redraws
        super()._tab_changed(change)
        if change["new"] == ODDS_TAB:
            if self.odds.redraws == before and self._odds_seat != self.viewer:
                self.odds.redraw()  # the seat changed while the tab was closed
            self._odds_seat = self.viewer

    # --- actions -------------------------------------------------------------------------
    def resolve_chance(self) -> bool:
        """Sample chance nodes until a player decides or the game ends (the Step button, repeated)."""
        def run() -> str:
            if not self.state.is_chance():
                raise InputError(f"Nothing to resolve: {self.decision_text(self.state)}.")
            made = self._deal()
            return f"Resolved {made} chance step{'s' if made != 1 else ''}; now {self.state.phase}."
        return self._do(run)

    def play(self, action: Action | str | None) -> bool:  # type: ignore[override]
        """Apply a move through the match; with "deal automatically", then sample the draws it causes."""
        if not super().play(action):
            return False
        if self.auto_deal.value and self.state.is_chance():
            made = self._deal()
            self.status.ok(f"{self.status.message} — then {made} chance step{'s' if made != 1 else ''}: "
                           f"{self._last_move()}")
            self.refresh()
        return True

    def undo(self) -> bool:  # type: ignore[override]
        """Step back one move; with "deal automatically", back over the chance steps to the last decision."""
        def run() -> str:
            self.match.undo()
            while self.auto_deal.value and self.state.is_chance() and self.match.can_undo():
                self.match.undo()
            return f"Undone: back to move {self.match.cursor}."
        return self._do(run)

    def redo(self) -> bool:  # type: ignore[override]
        def run() -> str:
            self.match.redo()
            while self.auto_deal.value and self.state.is_chance() and self.match.can_redo():
                self.match.redo()
            return f"Redone: {self._last_move()}"
        return self._do(run)

    def new_game(self, seed: int | None = None) -> bool:  # type: ignore[override]
        """Start again from the chosen format, players and variant; the setup is dealt at once (``deal``)."""
        if not super().new_game(seed):
            return False
        if self.deal and self.state.is_chance():
            made = self._deal()
            self.refresh()
            self.status.ok(f"New game with seed {self.match.seed}: setup dealt ({made} chance steps); "
                           f"{self.decision_text(self.state)}.")
        return True

    def grouped(self) -> dict[str, list[str]]:
        """The labels of the table buttons shown now, by group."""
        return {css: row.labels for css, row in self.rows.items()}

    def press(self, label: str) -> bool:
        """Press the table button labelled ``label`` (any group); KeyError lists what is shown."""
        for row in self.rows.values():
            if label in row.labels:
                row.click(label)
                return True
        shown = {css: row.labels for css, row in self.rows.items() if row.labels}
        raise KeyError(f"no button {label!r}; shown: {shown}")

    def initial_state(self) -> State:
        """Where New game starts: the chosen format, player count and variant."""
        variant = self.variant_pick.value
        game = self.game if variant == self.game.variant else load_game(GAME_ID, variant=variant, **self.game.options)
        return game.initial_state(players=self.players_pick.value, format=self.format_pick.value)
