"""The Pinned Down position: an immutable value the rules step forward.


Piles of cards are multisets of card names; the attack, damage, location and
draw decks are :class:`~explorer.core.Deck` values (a known top, an unknown
middle, a known bottom), so every draw is one chance node over card kinds.
``stage`` says where in the turn the fleet is; ``pending`` holds what a card
text still has to resolve (a draw, a destiny, a discard), oldest first, and
always goes before the stage moves on.


>>> import explorer
>>> s = explorer.load_game("pinned_down").initial_state()
>>> s.phase, s.threat, len(s.attack_deck)
('setup: shuffle and draw: opening hand', 2, 31)
"""


from __future__ import annotations


from dataclasses import dataclass, fields
from functools import lru_cache
from typing import TYPE_CHECKING, Any


from explorer.core.rulebook import RulebookState
from explorer.core import CHANCE, TERMINAL, Action, Deck, Game, Multiset, Result, State  # noqa: F401 (Game: type hints)
from explorer.core.frozen import share_keys


if TYPE_CHECKING:
    from explorer.games.pinned_down.cards import CardData, Knobs
    from explorer.games.pinned_down.game import PinnedDown


EMPTY: Multiset = Multiset()


"""Values a position remembers about itself; a changed copy forgets them."""


STAGES = {
    "setup": "setup: shuffle and draw",
    "main": "main phase",
    "attack": "attack phase: ATTACK powers",
    "reveal": "attack phase: reveal",
    "assign": "assignment phase",
    "fight": "fight phase",
    "order": "fight phase: choose the next fight",
    "jump": "jump phase: JUMP powers",
    "locations": "jump phase: reveal locations",
    "pick": "jump phase: pick a location",
    "draw": "jump phase: draw",
    "wrap up": "wrap up",
    "over": "game over",
    "attack_start": "attack phase",
    "assign_start": "assignment phase",
    "fights": "fight phase",
    "jump_start": "jump phase",
    "wrap_start": "jump phase: draw",
    "end_turn": "end of the turn",
}
CHANCE_STEPS = ("draw", "destiny", "damage", "random_flagship", "random_hand", "random_character", "look_attack",
                "cooley", "cleveland", "locations", "reveal")
DECISION_STEPS = ("discard", "may_discard", "change_of_plans", "look_discard", "look_order", "cleveland_choice")


@dataclass(frozen=True)
class Fleet:
    """One player's side: wing, flagship and crew in play, hand, draw deck, discard pile, damage.

    ``brought`` is the player's 20-card deck list and ``crew`` the characters put
    into play at setup: what the referee expects to find across the player's piles.
    """

    wing: str
    flagship: str
    characters: tuple[str, ...]
    hand: Multiset
    deck: Deck
    discard: Multiset
    brought: Multiset
    crew: tuple[str, ...]
    damage: tuple[str, ...] = ()
    destroyed: bool = False


@dataclass(frozen=True)
class Enemy:
    """A revealed Dra'tar ship in play and the threat that was removed for it."""

    name: str
    paid: int


@dataclass(frozen=True)
class Fight:
    """The fight being resolved: whose ship, which enemy (index into ``enemies``), bonuses so far."""

    player: int
    enemy: int
    bonus: int = 0
    enemy_bonus: int = 0
    damage_taken: int = 0
    resolved: bool = False


@dataclass(frozen=True)
class Step:
    """Something a card text still has to resolve: a chance step or a decision, for ``player``."""

    kind: str
    player: int = 0
    amount: int = 0
    note: str = ""


@lru_cache(maxsize=4096)
def step_of(kind: str, player: int = 0, amount: int = 0, note: str = "") -> Step:
    """``Step(kind, player, amount, note)``, made once: the same draws and damage steps recur every game.

    >>> step_of("draw", 0, 5, "opening hand") is step_of("draw", 0, 5, "opening hand")
    True
    """
    return Step(kind, player, amount, note)


@dataclass(frozen=True, kw_only=True)
class PinnedDownState(RulebookState):
    """One position of Pinned Down (see RULES.md for the stages and the readings taken)."""

    stage: str
    turn: int
    threat: int
    players: tuple[Fleet, ...]
    attack_deck: Deck
    attack_discard: Multiset = EMPTY
    damage_deck: Deck = Deck()
    damage_discard: Multiset = EMPTY
    location_deck: Deck = Deck()
    location_discard: Multiset = EMPTY
    locations: tuple[str, ...] = ()
    distance: int = 0
    revealed: tuple[str, ...] = ()
    looking: tuple[str, ...] = ()
    put_back: tuple[str, ...] = ()
    enemies: tuple[Enemy, ...] = ()
    table: tuple[str, ...] = ()
    assigned: tuple[int, ...] = ()
    fight: Fight | None = None
    pending: tuple[Step, ...] = ()
    passed: tuple[bool, ...] = ()
    used: tuple[str, ...] = ()
    enemy_threat_bonus: int = 0
    cloaked: bool = False
    first_enemy_seen: bool = False
    extra_locations: int = 0
    jumps: int = 0
    reveal_reshuffles: int = 0
    outcome: str = ""
    if TYPE_CHECKING:  # for the type checker only: the field ``game`` of ``State``, narrowed
        game: PinnedDown  # (this state's game is the one that made it; the field's hint stays ``Game`` at run
        # time, where ``game.py`` imports this module and the JSON decoder reads the hints)

        def apply(self, action: Action | str) -> PinnedDownState:
            """``State.apply``, narrowed: its result is this class's ``_apply``, a Pinned Down position
            (declared, not defined: a method here would cost every move of every rollout a call)."""

    REMEMBERED = (*State.REMEMBERED, "_alive", "_current")
    """The derived values a position remembers (``alive``, ``current_player``); a changed copy forgets them."""

    def replace(self, **changes: Any) -> "PinnedDownState":
        """A copy with some fields changed, as ``State.replace`` makes it, written out for this class alone.

        A rules step makes two or three positions: the fields are copied, the remembered values left
        behind, the changes set. A name that is no field goes to ``State.replace``, which refuses it.
        """
        values = self.__dict__.copy()
        if len(values) != _FIELDS:
            for name in _REMEMBERED:
                if name in values:
                    del values[name]
        values.update(changes)
        if len(values) != _FIELDS:  # a name that is no field (or one remembered by another module)
            changed = super().replace(**changes)
            assert isinstance(changed, PinnedDownState), "State.replace copies this state's class"
            return changed
        new = _NEW(PinnedDownState)
        _SET(new, "__dict__", values)
        return new

    # --- lookups ----------------------------------------------------------------
    @property
    def data(self) -> "CardData":
        return self.game.data

    @property
    def knobs(self) -> "Knobs":
        return self.game.knobs

    @property
    def location(self) -> str:
        """The current location ("" before the first is revealed)."""
        return self.locations[-1] if self.locations else ""

    def alive(self) -> tuple[int, ...]:
        """The seats whose flagship is still in play (remembered on the position)."""
        cached = self.__dict__.get("_alive")
        if cached is None:
            cached = tuple([i for i, f in enumerate(self.players) if not f.destroyed])
            _SET(self, "_alive", cached)
        return cached

    def structure(self, player: int) -> int:
        """The flagship's structure in % (100 less its damage cards)."""
        return 100 - sum(self.data.card(d).structure for d in self.players[player].damage)

    # --- the surface ------------------------------------------------------------
    @property
    def phase(self) -> str:
        if self.pending:
            step = self.pending[0]
            return f"{STAGES.get(self.stage, self.stage)}: {step.note or step.kind}"
        if self.stage == "fight" and self.fight is not None and not self.fight.resolved:
            f = self.fight
            return f"fight phase: {self.game.player_name(f.player)} vs {self.enemies[f.enemy].name}"
        return STAGES.get(self.stage, self.stage)

    @property
    def current_player(self) -> int:
        cached = self.__dict__.get("_current")
        if cached is None:
            cached = self._current_player()
            object.__setattr__(self, "_current", cached)
        return cached

    def _current_player(self) -> int:
        if self.stage == "over":
            return TERMINAL
        if self.pending:
            step = self.pending[0]
            return CHANCE if step.kind in CHANCE_STEPS else step.player
        if self.stage in ("setup", "reveal", "locations", "draw"):
            return CHANCE
        if self.stage == "fight":
            return self.fight.player if self.fight is not None else CHANCE
        return self.game.rulebook.actions.window_player(self)

    PROGRESS = "the distance the fleet covered toward 10; a win counts 100%"

    def progress(self, seat: int) -> float:
        """The fleet's distance over the distance to win (10), below 1 until it has won: every seat's the same.

        >>> import explorer
        >>> explorer.load_game("pinned_down").initial_state().replace(distance=4).progress(0)
        0.4
        """
        goal = self.knobs.victory_distance
        if self.outcome.startswith("win"):
            return 1.0
        return min(self.distance, goal - 1) / goal

    def parse_notation(self, text: str) -> Action | None:
        """``play <card>`` / ``use <card>`` read even when not legal now, to explain the refusal."""
        words = " ".join(text.split())
        for kind in ("play", "use"):
            if words.lower().startswith(kind + " "):
                return Action(kind, (words[len(kind) + 1:].split(",")[0].strip(),))
        return super().parse_notation(text)



share_keys(PinnedDownState, Fleet, Fight)  # every kept position shares one table of names (core/frozen.py)
_FIELDS = len(fields(PinnedDownState))
_REMEMBERED = PinnedDownState.REMEMBERED
_NEW = object.__new__
_SET = object.__setattr__
