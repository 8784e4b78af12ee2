"""``FleetCommandPanel``: the match panel for Space Fleet Command, with the table drawn as a map.

The Play page draws the table (tiles with symbols and fronts, cubes, the
selected ship's firing arc and range, the reach cloud coloured by how many
enemy ships could be shot from each end position, and the chosen path as ghost
tiles), each player's hand, initiative and cube supply. Besides the shared move
list, a ship is chosen on a dropdown, "Move" starts its move, and the path
dropdown previews each legal manoeuvre sequence on the map before "Lay out"
plays it. Every button plays an action taken from ``state.legal_actions()``
through ``self.play``: the panel never decides what is legal.

>>> p = FleetCommandPanel(seed=1)
>>> p.state.phase
'round 1 · Movement Phase'
>>> p.move_selected() and p.state.stage
'path'
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
from explorer.games.fleet_command import odds, tactics
from explorer.games.fleet_command.movement import describe, laid_tiles
from explorer.games.fleet_command.phases import ends
from explorer.games.fleet_command.state import FleetState
from widgets.common.charts import figure_outputs
from widgets.common.match_panel import InputError, MatchPanel
from widgets.fleet_command.odds_views import odds_views as default_odds_views
from widgets.fleet_command.table_view import SIDE_COLOURS, table_figure


GAME_ID = "fleet_command"
DEFAULT_SEED = 1
MAX_SETUP_STEPS = 400
TILE_OPTIONS = (("base tiles", "base"), ("+1 tile (card)", "card"), ("+2 tiles (cube)", "cube"))


def tiles_words(n: int) -> str:
    """How long a path is, in words, for the path dropdown ("Forward, Turn right (2 tiles)"): the letters a typed
    move uses (``path F R``) stay out of the label.

    >>> tiles_words(0), tiles_words(1), tiles_words(3)
    ('no tile', '1 tile', '3 tiles')
    """
    return "no tile" if n == 0 else f"{n} tile{'s' if n != 1 else ''}"


def start_at_movement(game: Game, seed: int) -> Match:
    """A match set up by the heuristic policy (placement, deal, first initiative) up to round 1's Movement Phase."""
    match = Match(game, seed=seed)
    for _ in range(MAX_SETUP_STEPS):
        if game_state(match.state, FleetState).stage == "movement" or match.state.is_terminal():
            break
        match.step(None if match.state.is_chance() else game.policies()["heuristic"](match.state, match.rng))
    return match


def hands_html(state: Any) -> str:
    """Each player's hand, face-down card, cube supply and initiative, and the deck."""
    rows = []
    for p, fleet in enumerate(state.fleets):
        hand = ", ".join(f"{html.escape(str(c))}" + (f" ×{n}" if n > 1 else "") for c, n in fleet.hand.items())
        marks = []
        if state.initiative == p:
            marks.append("initiative")
        if fleet.chosen:
            marks.append("a card face down")
        if fleet.range_bonus:
            marks.append(f"Big Guns +{fleet.range_bonus}")
        rows.append(f"<tr><td style='padding:2px 6px;font-weight:600;color:{SIDE_COLOURS[p]}'>"
                    f"{html.escape(state.game.player_name(p))}</td>"
                    f"<td style='padding:2px 6px'>hand ({len(fleet.hand)}): {hand or '—'}</td>"
                    f"<td style='padding:2px 6px'>cubes on ships {fleet.cubes_on_ships()} · supply {fleet.supply}"
                    f"{' · ' + ', '.join(marks) if marks else ''}</td></tr>")
    return (f"<div class='fc-hands' style='font-size:12.5px'><table>{''.join(rows)}</table>"
            f"<div style='color:#5b6472'>deck {len(state.deck)} · discard {len(state.discard)}</div></div>")


class FleetCommandPanel(MatchPanel):
    """The Space Fleet Command match panel. ``start="movement"`` opens at round 1's Movement Phase."""

    def __init__(self, match_or_game: Match | Game | State | str | None = None, *, seed: int | None = DEFAULT_SEED,
                 variant: str | None = None, start: str = "movement", odds_views: Sequence[Any] | None = None,
                 title: str | None = None, **kwargs: Any) -> None:
        if match_or_game is None or isinstance(match_or_game, str):
            match_or_game = load_game(match_or_game or GAME_ID, variant=variant)
        built: Match | None = None
        if isinstance(match_or_game, Game) and start == "movement":
            match_or_game = built = start_at_movement(match_or_game, DEFAULT_SEED if seed is None else seed)
        set_up = (built.states[0], len(built.entries)) if built is not None else None
        self.selected: tuple[int, str] | None = None
        self.figure: Any = None
        self.map_out = W.Output(layout=W.Layout(width="100%"))
        self.map_out.add_class("fc-map")
        self._hands = W.HTML()
        self._view = W.VBox([self.map_out, self._hands], layout=W.Layout(width="100%"))
        self._quiet = False
        super().__init__(match_or_game, seed=seed, title=title,
                         odds_views=default_odds_views() if odds_views is None else odds_views, **kwargs)
        board, moves = self.tabs.children[0].children
        board.layout.flex, moves.layout.flex = "1 1 60%", "1 1 36%"
        if set_up is not None and self.match.states[0] is set_up[0]:  # (not replaced by the page's link)
            self.set_up_moves = set_up[1]  # the heuristic's placement and deal: no seat's decisions to review

    # --- the map ---------------------------------------------------------------------------
    def _choose_selection(self, state: Any) -> None:
        on_table = [(p, s.name) for p, f in enumerate(state.fleets) for s in f.ships if s.on_table]
        fresh = state is not getattr(self, "_selected_for", None)   # a new position, not a pick on this one
        self._selected_for = state
        if state.stage == "path" and state.moving is not None:
            self.selected = (state.actor, state.moving.ship)
        elif fresh and state.stage == "movement" and self._plain_move(state) is None:
            # "Move this ship" starts on a ship the player to move can move (the first not yet moved);
            # a ship the user picks afterwards stays picked
            ready = [(state.actor, s.name) for s in state.fleets[state.actor].ships if s.on_table and not s.moved]
            self.selected = (ready or on_table)[0] if ready or on_table else None
        elif self.selected not in on_table:
            mine = [(p, n) for p, n in on_table if p == state.actor]
            self.selected = (mine or on_table)[0] if mine or on_table else None

    def _path_preview(self, state: Any) -> tuple[tuple[Any, ...], Any]:
        action = getattr(self, "path_pick", None) and self.path_pick.value
        if state.stage != "path" or not isinstance(action, Action):
            return (), None
        start = state.fleets[state.actor].ship(state.moving.ship).pose
        return laid_tiles(start, tuple(str(c) for c in action.args))

    def _reach(self, state: Any) -> list[Any]:
        if self.selected is None or not getattr(self, "show_reach", None) or not self.show_reach.value:
            return []
        player, name = self.selected
        if state.stage == "path":
            return [odds.ReachEnd(pose, seq, tactics.targets(state, player, name, pose=pose))
                    for pose, seq in ends(state).items()]
        if state.stage != "movement" or state.fleets[player].ship(name).moved:
            return []
        return list(odds.reach(state, player, name)[self.tiles_pick.value])

    def draw_map(self, state: Any) -> None:
        """Build the table figure from the state and the panel's selection, and show it."""
        self._choose_selection(state)
        ghost, end = self._path_preview(state)
        self.figure = table_figure(state, selected=self.selected, ghost=ghost, ghost_end=end,
                                   reach=self._reach(state))
        outputs = figure_outputs(self.figure)
        for output in outputs:      # the table zooms with the wheel or a drag, as a map does (phone width)
            spec = output.get("data", {}).get("application/vnd.plotly.v1+json")
            if spec is not None:
                spec["config"] = {**spec.get("config", {}), "scrollZoom": True}
        self.map_out.outputs = outputs

    def position_view(self, state: State) -> Any:
        self.draw_map(state)
        self._hands.value = hands_html(state)
        return self._view

    # --- the ship and path controls ------------------------------------------------------------
    def extra_controls(self) -> Sequence[W.Widget]:
        self.ship_pick = W.Dropdown(description="Ship", layout=W.Layout(width="230px"),
                                    style={"description_width": "40px"})
        self.ship_pick.add_class("fc-ship")
        self.ship_pick.observe(self._ship_changed, names="value")
        self.tiles_pick = W.ToggleButtons(options=TILE_OPTIONS, value="base", style={"button_width": "110px"})
        self.tiles_pick.add_class("fc-tiles")
        self.tiles_pick.observe(lambda _c: self._redraw_map(), names="value")
        self.show_reach = W.Checkbox(value=True, description="reach cloud", indent=False, layout=W.Layout(width="auto"))
        self.show_reach.observe(lambda _c: self._redraw_map(), names="value")
        self.move_button = W.Button(description="Move this ship", button_style="primary", layout=W.Layout(width="auto"))
        self.move_button.add_class("fc-move")
        self.move_button.on_click(lambda _b: self.move_selected())
        self.path_pick = W.Dropdown(description="Path", layout=W.Layout(width="100%"),
                                    style={"description_width": "40px"})
        self.path_pick.add_class("fc-path")
        self.path_pick.observe(lambda _c: self._redraw_map(), names="value")
        self.path_button = W.Button(description="Lay out path", button_style="primary", layout=W.Layout(width="auto"))
        self.path_button.add_class("fc-lay-out")
        self.path_button.on_click(lambda _b: self.lay_out())
        self.resolve_button = W.Button(description="Resolve chance ▸", layout=W.Layout(width="auto"),
                                       tooltip="Draw cards until a player decides")
        self.resolve_button.add_class("fc-resolve")
        self.resolve_button.on_click(lambda _b: self.resolve_chance())
        ship_row = W.HBox([self.ship_pick, self.show_reach],  # a phone: the checkbox goes under the ship
                          layout=W.Layout(flex_flow="row wrap", align_items="center"))
        box = W.VBox([W.HTML("<b>On the table</b>"), ship_row, self.tiles_pick,
                      W.HBox([self.move_button, self.resolve_button]), self.path_pick, self.path_button],
                     layout=W.Layout(border="1px solid #d5d9e0", padding="6px", margin="6px 0"))
        return [box]

    def _redraw_map(self) -> None:
        if self._quiet:
            return
        try:
            self.draw_map(self.state)
        except Exception as err:  # noqa: BLE001 - a dashboard never shows a traceback
            self._internal(err, "while drawing the table")

    def _ship_changed(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self._quiet:
            self.selected = change["new"]
            self._redraw_map()
            self._update_buttons(self.state)

    def on_refresh(self, state: State) -> None:
        self._quiet = True
        try:
            s: Any = state
            options = [(f"{self.game.player_name(p)} · {sh.name} ({sh.cubes})", (p, sh.name))
                       for p, f in enumerate(s.fleets) for sh in f.ships if sh.on_table]
            self.ship_pick.options = options
            if self.selected in [v for _, v in options]:
                self.ship_pick.value = self.selected
            paths = [a for a in state.legal_actions() if a.kind == "path"]
            labels = []
            if paths:
                where = {seq: pose for pose, seq in ends(s).items()}
                for a in paths:
                    seq = tuple(str(c) for c in a.args)
                    aim = tactics.targets(s, s.actor, s.moving.ship, pose=where[seq])
                    labels.append((f"{describe(seq)} ({tiles_words(len(seq))})" +
                                   (f" → can shoot {', '.join(aim)}" if aim else ""), a))
            self.path_pick.options = labels
            self.path_pick.value = paths[0] if paths else None
            self.resolve_button.disabled = not state.is_chance()
            self._update_buttons(s)
        finally:
            self._quiet = False
        if game_state(state, FleetState).stage == "path":
            self._redraw_map()  # the first path's ghost tiles

    def offers_moves_itself(self, state: State) -> bool:
        """Laying out a path, the Path list (with its preview on the map) offers every move: the generic
        list is hidden, so "Barrel Roll left (path RL)" and a "path RL" button are not offered twice."""
        return getattr(state, "stage", "") == "path"

    def _update_buttons(self, state: Any) -> None:
        self.move_button.disabled = self._plain_move(state) is None
        self.path_button.disabled = state.stage != "path"

    def _plain_move(self, state: Any) -> Action | None:
        if self.selected is None or state.stage != "movement" or self.selected[0] != state.actor:
            return None
        return next((a for a in state.legal_actions() if a.kind == "move" and a.args[0] == self.selected[1]
                     and a.args[1] == {"base": "", "card": "card", "cube": "activate"}[self.tiles_pick.value]), None)

    def move_selected(self) -> bool:
        """Start the selected ship's move with the tiles chosen (base, a card, a cube)."""
        action = self._plain_move(self.state)
        if action is None:
            return self._refuse("The selected ship cannot start a move now with those tiles: pick a ship of the "
                                "player to move in the Movement Phase (or a card or cube they can spend).")
        return bool(self.play(action))

    def lay_out(self) -> bool:
        """Play the path chosen in the path dropdown."""
        action = self.path_pick.value
        if game_state(self.state, FleetState).stage != "path" or not isinstance(action, Action):
            return self._refuse("No path to lay out: first choose a ship and press Move.")
        return bool(self.play(action))

    def _refuse(self, message: str) -> bool:
        def run() -> str:
            raise InputError(message)
        return self._do(run)

    def resolve_chance(self) -> bool:
        """Draw cards until a player decides or the game ends."""
        def run() -> str:
            if not self.state.is_chance():
                raise InputError("Nothing to resolve: a player decides now.")
            start = self.match.cursor
            while self.state.is_chance() and self.match.cursor - start < MAX_SETUP_STEPS:
                self.match.step()
            made = self.match.cursor - start
            return f"Resolved {made} draw{'s' if made != 1 else ''}; last: {self.match.log_line(self.match.cursor - 1)}"
        return self._do(run)
