"""``EndorPanel``: the match panel for the Battle of Endor, with the board as a map and exact odds.

The Play page shows the space battle (Plotly map), the shield track with the
strike team and stormtroopers, the duel and hit tracks, and each seat's hand,
order pile and bonus orders. Moves come from ``state.legal_actions()`` through
the shared picker, grouped as the table groups them (plan, orders, move
ships, attack, assign hits); "Resolve chance ▸" deals and rolls until someone
decides. The Odds page redraws "which order now?", the shield-assault charts,
the attack table and the duel from the live position.

>>> p = EndorPanel(seed=1)
>>> p.resolve_chance(), p.state.phase
(True, 'plan: Rebels place order 1 of 3')
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from explorer.core.game import Game, load_game
from explorer.core.match import Match
from explorer.core.checks import game_state
from explorer.core.state import State
from explorer.games.endor.rules import agree, who
from explorer.games.endor.state import EndorState
from widgets.common.charts import show_figure
from widgets.common.match_panel import InputError, MatchPanel
from widgets.endor.board_view import board_figure, tracks_figure
from widgets.endor.odds_views import odds_views as default_odds_views

GAME_ID = "endor"
DEFAULT_SEED = 1
MAX_CHANCE_STEPS = 60


def cards_html(state: Any, viewer: int | None = None) -> str:
    """Each seat's hand, order pile (top first; bonus orders face down) and each side's deck and discard.

    With ``viewer`` set, the other side's hands and piles show only how many cards they hold
    (teammates may show each other their cards, seed §3).
    """
    rows = []
    for seat in range(state.seats):
        pile = list(state.piles[seat])
        shown = [html.escape(c) for c in pile]
        if viewer is not None and state.side(viewer) != state.side(seat):
            held = len(state.hands[seat])
            rows.append(f"<tr><td style='padding:2px 6px;font-weight:600'>{html.escape(who(state, seat))}</td>"
                        f"<td style='padding:2px 6px'>hand: {held} card{'s' if held != 1 else ''} (hidden)</td>"
                        f"<td style='padding:2px 6px'>order pile: {len(pile)} card{'s' if len(pile) != 1 else ''} face down</td></tr>")
            continue
        if state.blind[seat]:
            at = range(state.blind[seat]) if state.rules.bonus_on_top else range(len(pile) - state.blind[seat], len(pile))
            for i in at:
                shown[i] = "<i>bonus order (face down)</i>"
        hand = ", ".join(f"{html.escape(c)}" + (f" ×{n}" if n > 1 else "") for c, n in state.hands[seat].items())
        rows.append(f"<tr><td style='padding:2px 6px;font-weight:600'>{html.escape(who(state, seat))}</td>"
                    f"<td style='padding:2px 6px'>hand ({len(state.hands[seat])}): {hand or '—'}</td>"
                    f"<td style='padding:2px 6px'>order pile: {' · '.join(shown) or '—'}</td></tr>")
    decks = " · ".join(f"{side}: deck {len(state.decks[i])}, discard {len(state.discards[i])}"
                       for i, side in enumerate(("Rebels", "Empire")))
    revealed = (f"<div class='endor-revealed' style='margin:4px 0'>Revealed: <b>{html.escape(state.revealed)}</b></div>"
                if state.revealed else "")
    return (f"<div class='endor-cards' style='font-size:12.5px'>{revealed}<table>{''.join(rows)}</table>"
            f"<div style='color:#5b6472'>{decks} · undeployed TIEs {state.tie_reserve} · stormtroopers in supply "
            f"{state.data.limits['stormtroopers'] - len(state.troopers)}</div></div>")


class EndorPanel(MatchPanel):
    """The Battle of Endor match panel. ``players``: 2 or 4 (teams); ``variant``: a rules variant."""

    def __init__(self, match_or_game: Match | Game | State | str | None = None, *, seed: int | None = DEFAULT_SEED,
                 players: int = 2, variant: str | None = None, odds_views: Sequence[Any] | None = None,
                 title: str | None = None, **kwargs: Any) -> None:
        if match_or_game is None or isinstance(match_or_game, str):
            match_or_game = load_game(match_or_game or GAME_ID, variant=variant)
        if isinstance(match_or_game, Game):
            match_or_game = match_or_game.initial_state(players=players)
        self._board_out = W.Output(layout=W.Layout(width="100%"))
        self._board_out.add_class("endor-board")
        self._tracks_out = W.Output(layout=W.Layout(width="100%"))
        self._tracks_out.add_class("endor-tracks")
        self.cards_view = W.HTML()
        self._view = W.VBox([self._board_out, self._tracks_out, self.cards_view], layout=W.Layout(width="100%"))
        self.figures: dict[str, Any] = {}
        self._drawn: dict[str, Any] = {}
        super().__init__(match_or_game, seed=seed, title=title,
                         odds_views=default_odds_views() if odds_views is None else odds_views, **kwargs)
        board, moves = self.tabs.children[0].children
        board.layout.flex, moves.layout.flex = "1 1 58%", "1 1 38%"

    def position_view(self, state: State) -> Any:
        state = game_state(state, EndorState)
        # Building a Plotly figure costs ~50 ms: redraw a figure only when what it shows changed.
        board_key = (state.game, state.ships, state.markers, state.shields_down, state.round)
        tracks_key = (state.game, state.strike_team, state.troopers, state.luke_hits, state.vader_hits, state.vader,
                      state.falcon_hits, state.executor_hits)
        if board_key != self._drawn.get("board"):
            self.figures["board"] = board_figure(state)
            show_figure(self._board_out, self.figures["board"])
            self._drawn["board"] = board_key
        if tracks_key != self._drawn.get("tracks"):
            self.figures["tracks"] = tracks_figure(state)
            show_figure(self._tracks_out, self.figures["tracks"])
            self._drawn["tracks"] = tracks_key
        self.cards_view.value = cards_html(state, self.viewer)
        return self._view

    @property
    def viewer(self) -> int | None:
        """The seat the table is drawn for (the "View as" choice), or ``None`` for the whole table."""
        pick = getattr(self, "seat_pick", None)
        value = pick.value if pick is not None else -1
        return None if value < 0 or value >= game_state(self.state, EndorState).seats else value

    def extra_controls(self) -> Sequence[W.Widget]:
        self.resolve_button = W.Button(description="Resolve chance ▸", button_style="primary",
                                       tooltip="Deal, draw and roll until a player decides",
                                       layout=W.Layout(width="auto"))
        self.resolve_button.add_class("endor-resolve")
        self.resolve_button.on_click(lambda _b: self.resolve_chance())
        start = game_state(self.match.states[0], EndorState)
        seats = [("whole table", -1)] + [(who(start, s), s) for s in range(start.seats)]
        self.seat_pick = W.Dropdown(options=seats, value=-1, description="View as", layout=W.Layout(width="230px"),
                                    style={"description_width": "56px"})
        self.seat_pick.add_class("endor-view-as")
        self.seat_pick.observe(lambda _c: self.refresh(), names="value")
        return [W.HBox([self.resolve_button, self.seat_pick], layout=W.Layout(flex_flow="row wrap"))]

    def decision_text(self, state: State) -> str:
        """The decision line with the verb agreeing with the side: "Rebels decide", "Empire decides"."""
        if state.is_terminal() or state.is_chance():
            return super().decision_text(state)
        endor, seat = game_state(state, EndorState), state.current_player
        return f"{who(endor, seat)} {agree(endor, seat, 'decide')}"

    def on_refresh(self, state: State) -> None:
        self.resolve_button.disabled = not state.is_chance()

    def resolve_chance(self) -> bool:
        """Sample chance nodes (deals, draws, rolls) until a player decides or the game ends."""
        def run() -> str:
            if not self.state.is_chance():
                raise InputError("Nothing to resolve: a player decides now.")
            start = self.match.cursor
            for _ in range(MAX_CHANCE_STEPS):
                if not self.state.is_chance():
                    break
                self.match.step()
            made = self.match.cursor - start
            return f"Resolved {made} chance step{'s' if made != 1 else ''}; last: {self.match.log_line(self.match.cursor - 1)}"
        return self._do(run)
