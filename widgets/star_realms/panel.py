"""``StarRealmsPanel``: the match panel for Star Realms, with a table view, a seat selector and grouped moves.

The moves are offered once, as at the table, in groups: cards in hand to play,
bases to use, scrap abilities, trade-row cards to buy, attack targets (the
whole Combat pool as a button, a smaller attack from a list), end turn, and the
choices inside an ability; the generic move list is hidden
(``offers_moves_itself``), the typed box stays. The header names the format,
the seats and, in plain words, where the rules in play differ from the printed
cards (the seed's Explorer), with the other reading one click away. Every
button carries an action taken from ``state.legal_actions()`` and goes through
``self.play(action)``: the widgets never decide what is legal (an unaffordable
card simply has no button). "View as" draws the table as one seat sees it
(``observation(state, seat)``: other hands face down) or as the whole table;
seen from a seat, the moves of another player are not listed, and the log
(and the status line) tells the rules' story as that seat may read it
(``viewer``: "Player 2 draws a card"; trade-row reveals are public).

>>> p = StarRealmsPanel(seed=12)         # setup (row, hands) is dealt from the seed at once
>>> p.state.phase, p.grouped()["sr-play"]
('main phase (player 1, turn 1)', ['play Scout'])
>>> p.press("play Scout"), p.state.players[0].trade
(True, 1)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from explorer.core.actions import Action
from explorer.core.game import Game, load_game
from explorer.core.match import Match
from explorer.core.checks import game_state
from explorer.core.state import State
from explorer.games.star_realms.cards import describe
from explorer.games.star_realms.formats import FORMATS, PLAYER_COUNTS
from explorer.games.star_realms.game import StarRealms
from explorer.games.star_realms.state import StarRealmsState
from widgets.common.match_panel import ODDS_TAB, InputError, MatchPanel
from widgets.common.status import variant_options
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
PRINTED = "printed_explorer"  # the variant that plays the Explorer as printed
FORMAT_NAMES = {"standard": "Standard (1 vs 1)", "free_for_all": "Free for all", "hunter": "Hunter",
                "hydra": "Hydra (teams)", "emperor": "Emperor (teams)", "raid": "Raid (boss vs all)"}


def star_realms_game(game: Game) -> StarRealms:
    """``game`` as the Star Realms it is (a Star Realms panel plays no other game).

    >>> len(star_realms_game(load_game(GAME_ID)).cards) > 0
    True
    """
    assert isinstance(game, StarRealms), f"a Star Realms panel plays Star Realms, not {type(game).__name__}"
    return game


def format_line(state: Any) -> str:
    """The format and seats in words: ``'Standard (1 vs 1) · 2 players: Player 1, Player 2 · Authority 50 each'``."""
    fmt = state.fmt
    seats = "; ".join(", ".join(f"Player {q + 1}" + (f" ({fmt.roles[q]})" if fmt.roles[q] not in ("", "player") else "")
                                for q in group) for group in fmt.groups)
    lives = sorted(set(fmt.authority))
    authority = (f"Authority {lives[0]} each" if len(lives) == 1 else
                 "Authority " + ", ".join(str(a) for a in fmt.authority))
    shared = " (teammates share one)" if fmt.lives != tuple(range(fmt.players)) else ""
    return f"{FORMAT_NAMES.get(fmt.name, fmt.name)} · {fmt.players} players, in turn order: {seats} · {authority}{shared}"


def printed_differences(game: Any) -> list[str]:
    """Plain sentences for each card whose rules here differ from the printed card (the seed's Explorer)."""
    found = []
    for name, card in sorted(game.cards.items()):
        if card.printed_primary and card.printed_primary != card.primary:
            found.append(f"{name} gives {describe(card.primary)} here (the rules document); "
                         f"the printed card gives {describe(card.printed_primary)}")
    return found


def grouped_moves(state: Any) -> dict[str, list[tuple[str, Action]]]:
    """The legal moves as the table offers them: ``{css class: [(label, action)]}``.

    In the main phase each move goes to its group (see ``GROUPS``); attacks on a
    player show only the whole Combat pool (other splits stay in the move list).
    Inside an ability (a choice, a discard, "done") every move goes to ``sr-decide``.
    Attacks on a player for less than the whole pool go to ``sr-attack-less`` (a list).
    """
    found: dict[str, list[tuple[str, Action]]] = {css: [] for css, _, _ in GROUPS}
    found["sr-decide"], found["sr-attack-less"] = [], []
    if state.is_terminal() or state.is_chance():
        return found
    legal = state.legal_actions()
    if state.queue:
        found["sr-decide"] = [(str(a), a) for a in legal]
        return found
    combat = state.players[state.actor].combat
    for a in legal:
        if a.kind == "attack" and a.args[0] in ("player", "team") and a.args[-1] != combat:
            found["sr-attack-less"].append((str(a), a))
            continue
        css = next((c for c, _, kinds in GROUPS if a.kind in kinds), "sr-decide")
        found[css].append((str(a), a))
    return found


class StarRealmsPanel(MatchPanel):
    """The Star Realms match panel. Defaults: 2 players, standard format, seed 1, the whole table in view."""

    auto_deal: W.Checkbox  # always there: ``extra_controls`` makes it while the panel is built

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
                         odds_views=default_odds_views(lambda: self.viewer, history=self._history)
                         if odds_views is None else odds_views,
                         **kwargs)
        children = list(self.widget.children)
        children.insert(children.index(self.title_html) + 1, self.header_box)
        self.widget.children = tuple(children)
        board, moves = self.tabs.children[0].children  # the Play page: give the table the wider column
        board.layout.flex, moves.layout.flex = "1 1 60%", "1 1 36%"
        if view_as is not None:
            self.view_as(view_as)

    def _deal(self) -> int:
        return self.deal_chance(MAX_CHANCE_STEPS)

    def _history(self) -> tuple[State, ...]:
        """The match's states up to the one shown (time travel included): what each seat has seen."""
        return tuple(self.match.states[: self.match.cursor + 1])

    # --- who is looking ------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat the table is drawn for, or ``None`` for the whole table."""
        value = self.seat_pick.value if hasattr(self, "seat_pick") else self._view_as
        return None if value in (None, TABLE) or value >= len(game_state(self.state, StarRealmsState).players) else value

    def view_as(self, seat: int | None) -> bool:
        """Draw the table as ``seat`` sees it (``None``: the whole table); False if there is no such seat."""
        value = TABLE if seat is None else seat
        if value not in [v for _, v in self.seat_pick.options]:
            seats = len(game_state(self.state, StarRealmsState).players)
            self.status.error(f"No seat {seat!r}: seats are 0 to {seats - 1}, or None for the table.")
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

    def extra_controls(self) -> Sequence[W.Widget]:
        start = game_state(self._start, StarRealmsState)
        self.seat_pick = W.Dropdown(description="View as", layout=W.Layout(width="230px"),
                                    style={"description_width": "56px"})
        self.seat_pick.add_class("sr-view-as")
        self._set_seat_options(len(start.players))
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
        self.format_html = W.HTML(layout=W.Layout(width="100%"))
        self.format_html.add_class("sr-format-line")
        self.explorer_button = W.Button(layout=W.Layout(width="auto"), tooltip="Start a new game (same seed) with "
                                        "the other reading of the Explorer")
        self.explorer_button.add_class("sr-explorer-variant")
        self.explorer_button.on_click(lambda _b: self.switch_explorer())
        self.header_box = W.HBox([self.format_html, self.explorer_button],
                                 layout=W.Layout(width="100%", flex_flow="row wrap", align_items="center"))
        self.header_box.add_class("sr-header")
        self.header_box.add_class("re-fold")  # a phone shows it under "More controls", so the table comes first
        self.attack_less = W.Dropdown(layout=W.Layout(width="200px"))
        self.attack_less.add_class("sr-attack-less")
        attack_less_go = W.Button(description="Attack for less", button_style="danger", layout=W.Layout(width="auto"))
        attack_less_go.add_class("sr-attack-less-go")
        attack_less_go.on_click(lambda _b: self.play(self.attack_less.value))
        self.attack_less_box = W.HBox([self.attack_less, attack_less_go], layout=W.Layout(flex_flow="row wrap"))
        self.rows = {css: ButtonRow(css, self.play, style=STYLES.get(css, "")) for css, _, _ in GROUPS}
        self.rows["sr-decide"] = ButtonRow("sr-decide", self.play, style=STYLES["sr-decide"])
        self.row_boxes = {}
        parts: list[W.Widget] = []
        for css, heading in [("sr-decide", "Decide (inside an ability)")] + [(c, h) for c, h, _ in GROUPS]:
            self.row_boxes[css] = W.VBox([W.HTML(HEADING.format(heading)), self.rows[css].box])
            if css == "sr-attack":
                self.row_boxes[css].children += (self.attack_less_box,)
            parts.append(self.row_boxes[css])
        self.format_pick = W.Dropdown(options=[(FORMAT_NAMES.get(f, f), f) for f in FORMATS], value=start.format,
                                      description="Format",
                                      style={"description_width": "50px"}, layout=W.Layout(width="210px"))
        self.players_pick = W.Dropdown(options=list(PLAYER_COUNTS[start.format]), value=len(start.players),
                                       description="Players", style={"description_width": "50px"},
                                       layout=W.Layout(width="140px"))
        self.variant_pick = W.Dropdown(options=variant_options(self.game), value=self.game.variant,
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
        self._set_seat_options(len(game_state(state, StarRealmsState).players))
        self.resolve_button.disabled = not state.is_chance()
        decider, viewer = state.current_player, self.viewer
        hidden = viewer is not None and not state.is_terminal() and decider != viewer
        moves = {css: [] for css in (*self.rows, "sr-attack-less")} if hidden else grouped_moves(state)
        for css, row in self.rows.items():
            row.set(moves[css])
            self.row_boxes[css].layout.display = "" if moves[css] or (css == "sr-attack" and moves["sr-attack-less"]) \
                else "none"
        less = moves.get("sr-attack-less", [])
        if list(self.attack_less.options) != less:
            self.attack_less.options = less
        self.attack_less_box.layout.display = "" if less else "none"
        self._draw_format(state)
        self.picker.widget.layout.display = "none" if hidden else ""
        if state.is_terminal():
            why = "The game is over: undo, or start a new game."
        elif state.is_chance():
            why = f"Chance: {state.phase}. Press <b>Resolve draws ▸</b> (or Step) to sample it from the seed."
        elif hidden and viewer is not None:  # (hidden says there is a viewer)
            why = (f"Player {decider + 1} decides. You view the table as player {viewer + 1}: their moves are "
                   f"hidden. Choose <b>View as → Player {decider + 1}</b> (or the table) to play them.")
        else:
            why = "Only legal moves are offered; an unaffordable card has no Buy button."
        self.hint.value = f'<div style="font-size:12.5px;color:#3d4a5c">{why}</div>'

    def offers_moves_itself(self, state: State) -> bool:
        """The table offers every legal move of a decision (buttons, the smaller attacks in a list): each once."""
        return not state.is_chance() and not state.is_terminal()

    def _draw_format(self, state: State) -> None:
        differs = printed_differences(self.game)
        if differs:
            rules = "; ".join(differs) + f" (variant <b>{self.game.variant}</b>)."
            self.explorer_button.description = "Play the printed Explorer (new game)"
        else:
            default = star_realms_game(load_game(GAME_ID)).cards
            rules = (f"Cards as printed (variant <b>{self.game.variant}</b>): " + "; ".join(
                f"{n} gives {describe(c.primary)}, where the rules document (the default) gives {describe(default[n].primary)}"
                for n, c in sorted(star_realms_game(self.game).cards.items()) if default[n].printed_primary
                and default[n].printed_primary != default[n].primary) + ".")
            self.explorer_button.description = "Play the rules document's Explorer (new game)"
        self.format_html.value = (f'<div style="font-size:13px;color:#3d4a5c;line-height:1.5">'
                                  f'<b>{html.escape(format_line(state))}</b><br>{rules}</div>')

    def switch_explorer(self) -> bool:
        """One click to the other Explorer: ``printed_explorer`` ⇄ the default, as a new game with the same seed."""
        self.variant_pick.value = "standard" if self.game.variant == PRINTED else PRINTED
        state = game_state(self.state, StarRealmsState)
        self.format_pick.value, self.players_pick.value = state.format, len(state.players)
        return self.new_game(self.match.seed)

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

    def play(self, action: Action | str | None) -> bool:
        """Apply a move through the match; with "deal automatically", then sample the draws it causes."""
        if not super().play(action):
            return False
        if self.auto_deal.value and self.state.is_chance():
            made = self._deal()
            self.status.ok(f"{self.status.message} — then {made} chance step{'s' if made != 1 else ''}: "
                           f"{self._last_move()}")
            self.refresh()
        return True

    def undo(self) -> bool:
        """Step back one move; with "deal automatically", back over the chance steps to the last decision."""
        def run() -> str:
            self.match.undo()
            while self.auto_deal.value and self.state.is_chance() and self.match.can_undo():
                self.match.undo()
            return f"Undone: back to move {self.match.cursor}."
        return self._do(run)

    def redo(self) -> bool:
        def run() -> str:
            self.match.redo()
            while self.auto_deal.value and self.state.is_chance() and self.match.can_redo():
                self.match.redo()
            return f"Redone: {self._last_move()}"
        return self._do(run)

    def new_game(self, seed: int | None = None) -> bool:
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
