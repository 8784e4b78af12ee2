"""The Space Fleet Command position: two fleets of tiles on a table, hands, the deck, the round.


A state is a frozen value. ``stage`` says what happens next:


``place``       setup: the players place ships in turn (a decision)
``deal``        setup: 2 cards dealt to each player (chance: one card per node)
``draw``        Initiative Phase: each player draws 2 (chance)
``discard``     hand limit: a player over the limit discards (decision)
``initiative``  each player puts a card face down (decision; Player 1, then Player 2)
``tie``         round 1 tie on number and symbol: who takes initiative (chance)
``movement``    Movement Phase: choose a ship and how many tiles it has
``path``        Movement Phase: choose the manoeuvres the ship lays out
``activation``  Activation Phase: activate a ship, play a card, or pass
``combat``      Combat Phase: shoot, play Big Guns, or hold fire
``shot``        Combat Phase: the card drawn for a shot (chance)
``repair``      Combat Phase: the target's owner may play Repair
``over``        the deck ran out when a card was needed


>>> import explorer
>>> s = explorer.load_game("fleet_command").initial_state()
>>> s.phase, s.current_player, len(s.deck)
('setup: place ships', 0, 54)
"""


from __future__ import annotations


from dataclasses import dataclass
from typing import TYPE_CHECKING, Any


from explorer.core.rulebook import RulebookState
from explorer.core import CHANCE, TERMINAL, Action, Deck, Game, Multiset, Result, State  # noqa: F401 (Game: hints)
from explorer.core.frozen import replaced
from explorer.errors import IllegalActionError, InvalidActionError
from explorer.games.fleet_command.geometry import Pose
from explorer.games.fleet_command.hidden import deal_unseen as deal_for_seat
from explorer.games.fleet_command.movement import describe


if TYPE_CHECKING:
    from explorer.games.fleet_command.cards import DataSet, Parameters, ShipType
    from explorer.games.fleet_command.game import FleetCommand


EMPTY: Multiset = Multiset()


PHASES = {
    "place": "setup: place ships",
    "deal": "setup: deal 2 cards each",
    "draw": "Initiative Phase: draw",
    "discard": "Initiative Phase: discard to the hand limit",
    "initiative": "Initiative Phase: choose a card",
    "tie": "Initiative Phase: break the tie",
    "movement": "Movement Phase",
    "path": "Movement Phase: lay out the path",
    "activation": "Activation Phase",
    "combat": "Combat Phase",
    "shot": "Combat Phase: draw for the shot",
    "repair": "Combat Phase: Repair?",
    "over": "game over",
}
CHANCE_STAGES = ("deal", "draw", "shot", "tie")


@dataclass(frozen=True)
class Ship:
    """A ship tile. ``pose`` is ``None`` before it is placed and after it is destroyed.

    ``moved``/``activated``/``shot`` are this phase's marks; ``attached`` holds the
    cards a Construction Ship attached to it.
    """

    name: str
    kind: str
    cubes: int
    pose: Pose | None = None
    moved: bool = False
    activated: bool = False
    shot: bool = False
    destroyed: bool = False
    attached: Multiset[str] = EMPTY

    @property
    def on_table(self) -> bool:
        return self.pose is not None and not self.destroyed


@dataclass(frozen=True)
class Fleet:
    """One player's ships, hand, cube supply and this round's choices.

    ``chosen``: the card put face down for initiative; ``passed``: holds fire
    for the rest of the Combat Phase; ``range_bonus``: Big Guns this turn.
    """

    ships: tuple[Ship, ...]
    hand: Multiset[str] = EMPTY
    supply: int = 0
    chosen: str = ""
    passed: bool = False
    range_bonus: int = 0

    def ship(self, name: str) -> Ship:
        for s in self.ships:
            if s.name == name:
                return s
        raise KeyError(name)

    def index(self, name: str) -> int:
        for i, s in enumerate(self.ships):
            if s.name == name:
                return i
        raise KeyError(name)

    def cubes_on_ships(self) -> int:
        return sum(s.cubes for s in self.ships if not s.destroyed)

    def surviving(self) -> int:
        return sum(1 for s in self.ships if not s.destroyed)


@dataclass(frozen=True)
class Moving:
    """The ship laying out its path: how many tiles it has and whether it may barrel roll."""

    ship: str
    tiles: int
    roll: bool = False


@dataclass(frozen=True)
class Shot:
    """A shot being resolved: who shoots whom, the card (``""`` until drawn), cubes still to remove."""

    shooter: str
    target: str
    card: str = ""
    hits: int = 0
    close: bool = False


@dataclass(frozen=True, kw_only=True)
class FleetState(RulebookState):
    """One position of Space Fleet Command (see the module docstring for the stages)."""

    REMEMBERED = (*State.REMEMBERED, "_ends_cache", "_shots_cache")
    """Besides the base class's: the path search's end positions (``phases.ends``) and the shots
    ``phases`` found open when it chose the next shooter (its legal moves, but ``hold fire``)."""

    stage: str
    fleets: tuple[Fleet, Fleet]
    deck: Deck
    discard: Multiset[str] = EMPTY
    round: int = 0
    initiative: int = -1
    actor: int = 0
    draws: tuple[int, ...] = ()
    passes: int = 0
    moving: Moving | None = None
    shot: Shot | None = None
    outcome: str = ""
    if TYPE_CHECKING:  # for the type checker only: the field ``game`` of ``State``, narrowed
        game: FleetCommand  # (this state's game is the one that made it; the field's hint stays ``Game`` at run
        # time, where ``game.py`` imports this module and the JSON decoder reads the hints)

    def action_words(self, action: Action) -> str:
        """A path in the manoeuvres' names, as the log tells it (a hint's row, a review's mark): ``path RL F``
        is the notation; other moves are their notation, which already reads as the game (``move Fighter``).

        >>> from explorer.core import Action
        >>> s = FleetState.__new__(FleetState)
        >>> s.action_words(Action("path", ("RL", "F"))), s.action_words(Action("path")), s.action_words(Action("pass"))
        ('path: Barrel Roll left, Forward', 'stay', 'pass')
        """
        if action.kind == "path":
            return f"path: {describe([str(c) for c in action.args])}" if action.args else "stay"
        return str(action)

    # --- data ------------------------------------------------------------

    def deal_unseen(self, seat: int, rng: Any) -> "FleetState":
        """This position as ``seat`` may believe it: what ``seat`` cannot see dealt afresh (``hidden.py``)."""
        return deal_for_seat(self, seat, rng)

    def replace(self, **changes: Any) -> FleetState:
        """A copy with some fields changed, as ``State.replace`` makes it (``replaced``), typed as this class."""
        return replaced(self, **changes)

    @property
    def data(self) -> "DataSet":
        return self.game.data

    @property
    def params(self) -> "Parameters":
        return self.game.params

    def ship_type(self, ship: Ship) -> "ShipType":
        return self.data.ship(ship.kind)

    def with_fleet(self, player: int, **changes: Any) -> "FleetState":
        fleets = list(self.fleets)
        fleets[player] = replaced(fleets[player], **changes)
        return self.replace(fleets=tuple(fleets))

    def with_ship(self, player: int, name: str, **changes: Any) -> "FleetState":
        fleet = self.fleets[player]
        ships = list(fleet.ships)
        i = fleet.index(name)
        ships[i] = replaced(ships[i], **changes)
        return self.with_fleet(player, ships=tuple(ships))

    # --- the game surface --------------------------------------------------
    @property
    def phase(self) -> str:
        text = PHASES[self.stage]
        return f"round {self.round} · {text}" if self.round and self.stage != "over" else text

    @property
    def current_player(self) -> int:
        stage = self.stage
        if stage == "over":
            return TERMINAL
        if stage in CHANCE_STAGES:
            return CHANCE
        if stage == "discard":
            limit = self.params.hand_limit
            return next(p for p in (0, 1) if len(self.fleets[p].hand) > limit)
        if stage == "initiative":
            return next(p for p in (0, 1) if not self.fleets[p].chosen)
        if stage == "repair":
            return 1 - self.actor
        return self.actor

    def apply(self, action: "Action | str") -> "FleetState":
        """``State.apply``, with a move that spends nothing, or a path, checked without listing every move.

        A plain move (``offers.is_plain_move``) is legal exactly when its ship may move now, and a path
        when it is one of the end positions' sequences (``phases.is_listed_path``): the same moves are
        accepted and the same position follows, but a player who only makes plain moves (the heuristic,
        in every rollout) never has every payment and card weighed.
        """
        book = self.game.rulebook
        if type(action) is Action and (book.offers.is_plain_move(self, action)
                                       or book.phases.is_listed_path(self, action)):
            return book.rules.apply_action(self, action)
        after = super().apply(action)
        assert isinstance(after, FleetState), "State.apply returns this state's _apply, a FleetState"
        return after

    def parse_notation(self, text: str) -> Action | None:
        """A typed shot ("Fighter 2 shoots enemy Hopper 1 with Repair 3") read even when it is not legal here."""
        return self.game.rulebook.tactics.read_shot(self, text) or super().parse_notation(text)

    def parse_action(self, text: str) -> Action:
        """The legal action named by ``text``; a typed shot that is not legal says why (arc, range, card).

        A shot begins with the ship's name, not with a kind of action, so the
        general reader would call it "not an action here"; this one reads it as
        a shot and names the reason, as the "Why not?" button does.
        """
        try:
            return super().parse_action(text)
        except InvalidActionError:
            parsed = self.parse_notation(text) if isinstance(text, str) else None
            if parsed is None or parsed.kind != "shoot":
                raise
            reason = self.why_illegal(parsed) or "it is not one of the moves listed now"
            raise IllegalActionError(f"{text.strip()!r} is not legal in {self.phase}: {reason}",
                                     state=self, action=text) from None

