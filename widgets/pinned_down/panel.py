"""``PinnedDownPanel``: the match panel for Pinned Down.

The setup is dealt at once (flagships, crews, opening hands, the initial
location), so the panel opens at Player 1's main phase. The generic move list
offers the table's moves grouped as the table groups them (Play, Powers,
Assign, Fight, Jump); "Resolve chance" deals every reveal and draw up to the
next decision. The Odds tab shows, before each card is played, what the coming
attack phase reveals with and without it, and in a fight the odds of every
FIGHT move.

>>> p = PinnedDownPanel(seed=2)
>>> p.state.phase
'main phase'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as W

from explorer.core.game import Game, load_game
from explorer.core.match import Match
from explorer.core.checks import game_state
from explorer.core.state import State
from explorer.games.pinned_down.state import PinnedDownState
from widgets.common.match_panel import MatchPanel
from widgets.pinned_down.odds_views import odds_views as default_odds_views
from widgets.pinned_down.views import position_html

GAME_ID = "pinned_down"
MAX_CHANCE_STEPS = 500


class PinnedDownPanel(MatchPanel):
    """The Pinned Down panel. Defaults: one player (Blue Wing), the 2015 rules, seed 1."""

    def __init__(self, match_or_game: Match | Game | State | str | None = None, *, seed: int | None = 1,
                 players: int = 1, wings: Sequence[str] | None = None,
                 characters: Sequence[Sequence[str]] | None = None, variant: str | None = None, deal: bool = True,
                 odds_views: Sequence[Any] | None = None, title: str | None = None, **kwargs: Any) -> None:
        if match_or_game is None or isinstance(match_or_game, str):
            match_or_game = load_game(match_or_game or GAME_ID, variant=variant)
        if isinstance(match_or_game, Game):
            match_or_game = match_or_game.initial_state(players=players if wings is None else len(wings),
                                                         wings=None if wings is None else list(wings),
                                                         characters=None if characters is None else
                                                         [list(c) for c in characters])
        self.deal = deal  # resolve the setup's chance nodes at once (deal_opening)
        super().__init__(match_or_game, seed=seed, title=title,
                         odds_views=default_odds_views() if odds_views is None else odds_views, **kwargs)

    def _deal(self) -> int:
        return self.deal_chance(MAX_CHANCE_STEPS)

    def resolve_chance(self) -> bool:
        """Deal every chance node (reveals, draws, destinies) until somebody decides or the game ends."""
        if not self.state.is_chance():
            self.status.info("Nothing to deal: a player decides now.")
            return False
        made = self._deal()
        self.refresh()
        self.status.info(f"Dealt {made} chance steps; {self.decision_text(self.state)}.")
        return True

    def extra_controls(self) -> Sequence[W.Widget]:
        self.resolve_button = W.Button(description="Resolve chance", layout=W.Layout(width="auto"),
                                       tooltip="Deal every reveal and draw until a player decides")
        self.resolve_button.add_class("pd-resolve")
        self.resolve_button.on_click(lambda _b: self.resolve_chance())
        return [self.resolve_button]

    def decision_text(self, state: State) -> str:
        """In the main phase of several players: every player who has not passed may act (seed: simultaneous)."""
        pd = game_state(state, PinnedDownState)
        if not pd.is_terminal() and not pd.is_chance() and pd.stage == "main" and not pd.pending and len(pd.players) > 1:
            open_ = [self.game.player_name(p) for p in pd.alive() if not pd.passed[p]]
            return f"Any of {', '.join(open_)} may act (all play simultaneously; pick a move to say who)"
        return super().decision_text(state)

    def on_refresh(self, state: State) -> None:
        self.resolve_button.disabled = not state.is_chance()

    def position_view(self, state: State) -> Any:
        return position_html(state)
