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

from explorer.core import (Action, CHANCE, TERMINAL, Deck, Game, GameInfo, Multiset, OptionSpec, PositionReader,
                           Result, State, Variant, check_conserved, counted)
from explorer.errors import StateFormatError

BONUS_CARDS = Multiset({"+1": 3, "+2": 1})


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

    # --- the story and positions in a player's words ----------------------------
    def story(self, action: Action, after: State, *, viewer: int | None = None) -> str:
        who = self.game.player_name(self.player)
        if action.kind == "rolled":
            face = action.args[0]
            if face == 1:
                return f"{who} rolls 1: loses the turn total of {self.turn_total}"
            return f"{who} rolls {face} (turn total {self.turn_total} → {after.turn_total})"  # type: ignore[attr-defined]
        if action.kind == "bonus":
            return f"{who} draws a bonus card: {action.args[0]}"
        if action.kind == "hold":
            return f"{who} holds: banks {self.turn_total} (score {self.scores[self.player]} → " \
                   f"{after.scores[self.player]})"  # type: ignore[attr-defined]
        return f"{who}: {action}"

    def turn_label(self) -> str:
        return f"{self.game.player_name(self.player)}'s turn"

    def position_dict(self) -> dict[str, Any]:
        drawn = BONUS_CARDS - self.bonus.contents()
        return {"scores": list(self.scores), "player": self.player + 1, "turn_total": self.turn_total,
                "rolled": self.rolled, "drew": self.drew, "bonus_deck": counted(self.bonus.contents()),
                "bonus_drawn": counted(drawn)}


class Pig(Game):
    state_class = PigState
    hidden_information = "nothing is hidden: the die is rolled at every chance node"
    action_kinds = ("roll", "hold", "draw")
    file_options = {"target_hint": OptionSpec(int, 1, 100, "a target shown to players")}

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
        return PigState(game=self, scores=(0,) * players, target=target, bonus=Deck.shuffled(BONUS_CARDS))

    def check_state(self, state: State) -> None:
        assert isinstance(state, PigState)
        if not 2 <= len(state.scores) <= 4:
            raise StateFormatError(f"scores: 2 to 4 players, got {len(state.scores)}")
        for i, score in enumerate(state.scores):
            if not 0 <= score <= 10_000:
                raise StateFormatError(f"scores[{i}]: from 0 to 10000, got {score}")
        if sum(score >= state.target for score in state.scores) > 1:
            raise StateFormatError(f"scores: only one player can reach {state.target}: the game ends there")
        if state.target != (20 if self.variant == "long" else 10):
            raise StateFormatError(f"target: {self.variant} plays to {20 if self.variant == 'long' else 10}")
        if not state.bonus.contents() <= BONUS_CARDS:  # drawn bonus cards leave the game: the deck is part of the box
            check_conserved(BONUS_CARDS, {"bonus deck": state.bonus.contents()}, "bonus card")

    def position_vocabulary(self) -> dict[str, tuple[str, ...]]:
        return {"bonus_deck": ("+1", "+2"), "bonus_drawn": ("+1", "+2")}

    def _position_from_dict(self, data: dict[str, Any], derived: list[str]) -> PigState:
        r = PositionReader(data, "")
        scores = r.raw("scores")
        if not isinstance(scores, list) or not 2 <= len(scores) <= 4 or not all(
                isinstance(x, int) and not isinstance(x, bool) for x in scores):
            raise StateFormatError("scores: expected a list of 2 to 4 whole numbers")
        player = r.int("player", 1, len(scores)) - 1
        turn_total = r.int("turn_total", 0, 100, default=0)
        rolled, drew = r.flag("rolled", default=False), r.flag("drew", default=False)
        deck = r.names("bonus_deck", {"+1", "+2"}, default=None) if r.has("bonus_deck") else None
        drawn = r.names("bonus_drawn", {"+1", "+2"})
        r.finish()
        if deck is None:
            if not drawn <= BONUS_CARDS:
                raise StateFormatError(f"bonus_drawn: more than the box holds ({BONUS_CARDS})")
            deck = BONUS_CARDS - drawn
            derived.append(f"bonus_deck: the {len(deck)} bonus cards not drawn")
        elif deck + drawn != BONUS_CARDS:
            raise StateFormatError(f"bonus_deck + bonus_drawn: must be the whole box {BONUS_CARDS}, got {deck + drawn}")
        target = 20 if self.variant == "long" else 10
        return PigState(game=self, scores=tuple(scores), player=player, turn_total=turn_total, rolled=rolled,
                        drew=drew, bonus=Deck.shuffled(deck), target=target)
