"""Pig to a target, with a small bonus deck: a toy game that exercises the whole core.

It is not a shipped game; the core tests and the conformance suite use it so
that every part of the surface (decisions, dice and deck chance nodes, JSON,
terminal results) is checked before the first real game lands.
Rules: on your turn, ``roll`` a d6 (a 1 loses the turn total and passes the
turn) or ``hold`` (bank the turn total). Before the first roll of each turn you
may ``draw`` a bonus card from a shared deck of "+1" and "+2" cards, added to
the turn total. First to ``target`` points wins.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from explorer.core import Action, CHANCE, TERMINAL, Deck, Game, GameInfo, Multiset, Result, State, Variant


@dataclass(frozen=True, kw_only=True)
class PigState(State):
    scores: tuple[int, ...]
    turn_total: int = 0
    player: int = 0
    pending: str = ""  # "", "roll" or "draw": which chance node is next
    drew: bool = False
    rolled: bool = False
    bonus: Deck = Deck()
    target: int = 10

    @property
    def phase(self) -> str:
        if self.is_terminal():
            return "game over"
        return {"": "decide", "roll": "rolling", "draw": "drawing a bonus"}[self.pending]

    @property
    def current_player(self) -> int:
        if max(self.scores) >= self.target:
            return TERMINAL
        return CHANCE if self.pending else self.player

    def _legal_actions(self) -> tuple[Action, ...]:
        actions = [Action("roll")]
        if self.turn_total > 0:
            actions.append(Action("hold"))
        if not self.rolled and not self.drew and self.bonus:
            actions.append(Action("draw"))
        return tuple(actions)

    def why_illegal(self, action: Action) -> str:
        if action.kind == "hold" and self.turn_total == 0:
            return "there is nothing to bank yet"
        if action.kind == "draw":
            return "a bonus card is drawn only before the first roll of a turn, once"
        return super().why_illegal(action)

    def _chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        if self.pending == "roll":
            return tuple((Action("rolled", (face,)), Fraction(1, 6)) for face in range(1, 7))
        return tuple((Action("bonus", (card,)), p) for card, p in self.bonus.draw_outcomes())

    def _apply(self, action: Action) -> "PigState":
        if action.kind == "roll":
            return self.replace(pending="roll")
        if action.kind == "draw":
            return self.replace(pending="draw")
        if action.kind == "hold":
            scores = list(self.scores)
            scores[self.player] += self.turn_total
            return self._next_turn(tuple(scores))
        if action.kind == "bonus":
            card = action.args[0]
            return self.replace(pending="", drew=True, bonus=self.bonus.after_draw(card), turn_total=self.turn_total + int(card[1:]))
        face = action.args[0]
        if face == 1:
            return self._next_turn(self.scores)
        return self.replace(pending="", rolled=True, turn_total=self.turn_total + face)

    def _next_turn(self, scores: tuple[int, ...]) -> "PigState":
        return self.replace(scores=scores, turn_total=0, pending="", drew=False, rolled=False,
                            player=(self.player + 1) % len(scores))

    def _result(self) -> Result:
        winner = max(range(len(self.scores)), key=lambda p: self.scores[p])
        returns = tuple(1.0 if p == winner else 0.0 for p in range(len(self.scores)))
        return Result((winner,), returns, f"{self.game.player_name(winner)} reached {self.target}")

    def render(self) -> str:
        return f"scores {self.scores}, turn total {self.turn_total}, {self.phase}, bonus deck {len(self.bonus)}"


class Pig(Game):
    state_class = PigState
    action_kinds = ("roll", "hold", "draw")

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            id="toy_pig", title="Pig (toy)", min_players=2, max_players=4,
            variants=(Variant("standard", "first to 10"), Variant("long", "first to 20")),
            data_source="invented for the core tests",
        )

    def initial_state(self, *, players: int = 2, **setup: Any) -> PigState:
        if setup:
            raise ValueError(f"unknown setup option(s) {sorted(setup)}; allowed: players")
        target = 20 if self.variant == "long" else 10
        return PigState(game=self, scores=(0,) * players, target=target,
                        bonus=Deck.shuffled(Multiset({"+1": 3, "+2": 1})))
