"""Games whose hooks answer from their own rules modules: the one surface every game folder shares.

Each of the five games keeps its rules beside its state, in modules with the same names and the same
functions (docs/architecture.md, "One surface per game"): ``rules.legal_actions(state)``,
``rules.apply_action(state, action)``, ``rules.chance_outcomes(state)``, ``rules.why_illegal(state,
action)``, ``rules.result(state)``, ``story.story(before, action, after, viewer=)``, ``story.turn_label(state)``,
``story.action_group(state, action)``, ``story.render(state)``,
``position.position_dict(state)``, ``position.position_from_dict(game, data, derived)``,
``position.check_state(state)`` and ``position.position_vocabulary(game)``. The game names those modules
in ``rulebook`` (a namespace it builds from its imports), and these two base classes turn the core's
hooks into calls on them, so no game writes the same thirteen one-line hooks again, and the state module
imports nothing of its rules (the rules import the state; the game imports both).

A game that keeps its rules some other way (the toy game of "Adding a game") derives from ``Game`` and
``State`` directly and writes the hooks itself.

>>> import explorer
>>> game = explorer.load_game("star_realms")
>>> isinstance(game, RulebookGame) and isinstance(game.initial_state(), RulebookState)
True
>>> game.rulebook.rules.legal_actions is explorer.games.star_realms.rules.legal_actions
True
"""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, ClassVar

from explorer.core.actions import Action, Result
from explorer.core.game import Game
from explorer.core.state import State


class RulebookGame(Game):
    """A ``Game`` whose referee and position format are its ``position`` module's (see the module docstring)."""

    rulebook: ClassVar[SimpleNamespace]
    """The game's rule modules, by name: at least ``rules``, ``story`` and ``position``."""

    def check_state(self, state: State) -> None:
        """The referee: ``StateFormatError`` naming the zone if the rules can never reach ``state``."""
        self.rulebook.position.check_state(state)

    def _position_from_dict(self, data: dict[str, Any], derived: list[str]) -> State:
        return self.rulebook.position.position_from_dict(self, data, derived)

    def position_vocabulary(self) -> dict[str, tuple[str, ...]]:
        return self.rulebook.position.position_vocabulary(self)


class RulebookState(State):
    """A ``State`` whose moves, chance steps, result, refusals, story and position its game's rule modules
    give (``self.game.rulebook``): the rules decide and tell, the state holds the position."""

    if TYPE_CHECKING:  # for the type checker only: a rulebook state's game has a rulebook
        game: RulebookGame

    def _legal_actions(self) -> tuple[Action, ...]:
        return self.game.rulebook.rules.legal_actions(self)

    def _chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        return self.game.rulebook.rules.chance_outcomes(self)

    def _apply(self, action: Action) -> State:
        return self.game.rulebook.rules.apply_action(self, action)

    def _result(self) -> Result:
        return self.game.rulebook.rules.result(self)

    def why_illegal(self, action: Action) -> str:
        """The rules' reason in the game's words, else the core's."""
        return self.game.rulebook.rules.why_illegal(self, action) or super().why_illegal(action)

    def story(self, action: Action, after: State, *, viewer: int | None = None) -> str:
        """The log's line for ``action``, told by the game's ``story`` module as ``viewer`` may see it."""
        return self.game.rulebook.story.story(self, action, after, viewer=viewer)

    def render(self) -> str:
        """The position as text for a person, drawn by the game's ``story`` module."""
        return self.game.rulebook.story.render(self)

    def turn_label(self) -> str:
        """The turn this position belongs to, as the game's ``story`` module names it ("Turn 3 · Player 1")."""
        return self.game.rulebook.story.turn_label(self)

    def action_group(self, action: Action) -> str:
        """How the table groups ``action`` ("Play", "Buy"), as the game's ``story`` module says."""
        return self.game.rulebook.story.action_group(self, action)

    def position_dict(self) -> dict[str, Any]:
        """The position in the game's words (its ``position`` module)."""
        return self.game.rulebook.position.position_dict(self)
