"""The Battle of Endor position: the space battle, the shield track, the duel, the order cards.


A state is a frozen value. ``ships[node]`` counts each ship type in a sector or
on a fleet-marker slot (types in the order of ``data/setup.toml``: X-wing,
Y-wing, B-wing, Falcon, TIE, Executor). ``step`` is the order being carried out
(its stage: choose an order, move, how many, attack, roll, assign hits, …) and
``pending`` the card draws waiting (the deal, bonus orders, the draw back to 6),
each a chance node over card kinds.


Seats: in the 2-player game seat 0 is the Rebels and seat 1 the Empire; in the
4-player team game the seats are, in the seed's playing order, Rebel 1, Empire 1,
Empire 2, Rebel 2 (seats 0 and 3 are Rebels).


>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> s.is_chance(), s.phase, s.tie_reserve, s.markers
(True, 'deal: Rebels draw their starting hand', 32, (True, True, True, True, True, True))
"""


from __future__ import annotations


from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any


from explorer.core.rulebook import RulebookState
from explorer.core import CHANCE, TERMINAL, Action, Deck, Game, Multiset, Result, State  # noqa: F401 (Game: type hints)
from explorer.core.frozen import replaced
from explorer.games.endor.census import census, with_ships
from explorer.games.endor.data import (  # noqa: F401 (the ship types: re-exported, the rules import them from here)
    B_WING, EMPIRE_TYPES, EXECUTOR, FALCON, REBEL_TYPES, TIE, X_WING, Y_WING, EndorData)
from explorer.games.endor.hidden import deal_unseen as deal_for_seat


if TYPE_CHECKING:
    from explorer.games.endor.game import Endor
    from explorer.games.endor.variants import Rules


DEATH_STAR = -2
"""``step.target`` when the Rebels attack the Death Star."""


@dataclass(frozen=True)
class Step:
    """The order being carried out by ``state.seat``.

    ``stage``: ``"choose"`` (pick an order on the revealed card), ``"move"``,
    ``"count"`` (how many of the ships at ``source`` go to ``dest``),
    ``"attack"``, ``"target"`` (the Death Star's target), ``"ambush"`` (how many
    stormtroopers), ``"roll"`` (chance: ``dice`` dice are rolled), ``"assign"``
    (the attacker assigns the rolled ``faces``, highest first). ``moved`` is the
    number of ships that moved (the ``sw_ksirk_moved_ships_only`` variant attacks
    with them only); ``earned`` the bonus orders earned so far in this order.
    """

    stage: str = ""
    order: str = ""
    ship: int = -1
    source: int = -1
    dest: int = -1
    moved: int = 0
    target: int = -1
    dice: int = 0
    faces: tuple[int, ...] = ()
    earned: int = 0


@dataclass(frozen=True, kw_only=True)
class EndorState(RulebookState):
    """One position of the Battle of Endor (see the module docstring for the fields)."""

    seats: int = 2
    ships: tuple[tuple[int, ...], ...]
    markers: tuple[bool, ...]
    falcon_hits: int = 0
    executor_hits: int = 0
    tie_reserve: int
    destroyed: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    b_wing_supply: int = 0
    strike_team: int = 0
    troopers: tuple[int, ...] = ()
    luke_hits: int = 0
    vader_hits: int = 0
    vader: str = "fighting"
    decks: tuple[Deck, Deck]
    discards: tuple[Multiset[str], Multiset[str]] = (Multiset(), Multiset())
    hands: tuple[Multiset[str], ...]
    piles: tuple[tuple[str, ...], ...]
    blind: tuple[int, ...]
    revealed: str = ""
    round: int = 1
    stage: str = "deal"
    seat: int = 0
    step: Step = field(default_factory=Step)
    pending: tuple[tuple[str, int, int], ...] = ()
    winner: str = ""
    if TYPE_CHECKING:  # for the type checker only: the field ``game`` of ``State``, narrowed
        game: Endor  # (this state's game is the Endor that made it; the field's hint stays ``Game`` at run time,
        # where ``game.py`` imports this module and the JSON decoder reads the hints)

    # --- what the rules read -------------------------------------------------

    def deal_unseen(self, seat: int, rng: Any) -> "EndorState":
        """This position as ``seat`` may believe it: what ``seat`` cannot see dealt afresh (``hidden.py``)."""
        return deal_for_seat(self, seat, rng)

    def replace(self, **changes: Any) -> EndorState:
        """A copy with some fields changed, as ``State.replace`` makes it (``replaced``), typed as an Endor state."""
        return replaced(self, **changes)

    @property
    def data(self) -> "EndorData":
        return self.game.data

    @property
    def rules(self) -> "Rules":
        return self.game.rules

    def side(self, seat: int) -> int:
        """0 for a Rebel seat, 1 for an Empire seat."""
        if self.seats == 2:
            return seat
        return 0 if seat in (0, 3) else 1

    def side_name(self, seat: int) -> str:
        return ("Rebels", "Empire")[self.side(seat)]

    @property
    def shields_down(self) -> bool:
        return self.strike_team >= len(self.data.track)

    @property
    def luke_alive(self) -> bool:
        return self.luke_hits < self.rules.luke_hits

    @property
    def vader_fighting(self) -> bool:
        return self.vader == "fighting"

    @property
    def vader_left(self) -> int:
        """Hits Vader can still take (his space on the track, counted from the end)."""
        return self.rules.vader_hits - self.vader_hits

    def rebel_ships(self) -> int:
        """Rebel ships on the board and on fleet markers (what the Empire must destroy)."""
        return sum(census(self.ships).counts[:4])

    def has_rebel_ships(self) -> bool:
        return census(self.ships).rebel_mask != 0

    def with_ships(self, node: int, kind: int, delta: int) -> tuple[tuple[int, ...], ...]:
        """The ships table with ``delta`` more ships of ``kind`` at ``node`` (its census follows along)."""
        return with_ships(self.ships, node, kind, delta)

    # --- the game surface ----------------------------------------------------
    @property
    def phase(self) -> str:
        return self.game.rulebook.rules.phase(self)

    @property
    def current_player(self) -> int:
        if self.winner:
            return TERMINAL
        if self.pending or self.step.stage == "roll":
            return CHANCE
        return self.seat

