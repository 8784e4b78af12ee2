"""The Star Realms position: players' zones, the centre, and the queue of effects to resolve.


A state is a frozen value. ``queue`` holds the effect steps still to resolve,
front first: each is either automatic (``+3 Combat``), a chance node (drawing a
card, refilling the trade row) or a decision of one player (which card to
scrap, which option to choose, the opponent's discard). The main phase only
resumes when the queue is empty.


>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> s.phase, s.is_chance(), len(s.trade_deck), s.players[0].deck.contents().count("Scout")
('setup: reveal the trade row', True, 80, 8)
"""


from __future__ import annotations


from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any


from explorer.core.rulebook import RulebookState
from explorer.core import CHANCE, TERMINAL, Action, Deck, Game, Multiset, Result, State  # noqa: F401 (Game: type hints)
from explorer.core.frozen import replaced, share_keys
from explorer.errors import RulesError


from explorer.games.star_realms.formats import Format, make_format, winners
from explorer.games.star_realms.hidden import deal_unseen as deal_for_seat


if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Card
    from explorer.games.star_realms.game import StarRealms


@dataclass(frozen=True)
class InPlay:
    """A ship or base in play. ``copied``: the ship a Stealth Needle copies."""

    name: str
    copied: str = ""
    ally_used: bool = False
    ally2_used: bool = False
    primary_used: bool = False

    @property
    def definition(self) -> str:
        """Whose abilities this card has now (the copied ship for a Stealth Needle)."""
        return self.copied or self.name


def in_play(name: str, copied: str = "", ally_used: bool = False, ally2_used: bool = False,
            primary_used: bool = False) -> InPlay:
    """``InPlay(...)``, one shared value for each record (frozen, so sharing it changes nothing): the rules
    make records this way, so the ally check (``turn.trigger_allies``) knows cards in play again by identity."""
    return _record(name, copied, ally_used, ally2_used, primary_used)  # every field given: one key per value


@lru_cache(maxsize=8192)
def _record(name: str, copied: str, ally_used: bool, ally2_used: bool, primary_used: bool) -> InPlay:
    return InPlay(name, copied, ally_used, ally2_used, primary_used)


@dataclass(frozen=True)
class Task:
    """One effect step waiting to resolve; ``player`` is who decides (or draws).

    ``card``/``slot``/``index`` point at the effect in the card data (for the
    options of ``choose``); ``amount`` is how many are left; ``done`` counts
    what was done so far ("draw that many").
    """

    kind: str
    player: int
    card: str = ""
    slot: str = ""
    index: int = 0
    amount: int = 1
    done: int = 0


@dataclass(frozen=True)
class PlayerState:
    """One player's zones and pools. ``played``: factions of the cards played this turn."""

    hand: Multiset[str] = field(default_factory=Multiset)
    deck: Deck = field(default_factory=Deck)
    discard: Multiset[str] = field(default_factory=Multiset)
    ships: tuple[InPlay, ...] = ()
    bases: tuple[InPlay, ...] = ()
    trade: int = 0
    combat: int = 0
    played: Multiset[str] = field(default_factory=Multiset)
    next_ship_to_top: bool = False

    def in_play(self) -> tuple[InPlay, ...]:
        return self.ships + self.bases

    def all_cards(self) -> Multiset:
        """Every card this player owns, wherever it is."""
        return (self.hand + self.deck.contents() + self.discard
                + Multiset(r.name for r in self.in_play()))


@dataclass(frozen=True, kw_only=True)
class StarRealmsState(RulebookState):
    """A Star Realms position. ``stage`` is ``setup``, ``main`` or ``draw`` (end-of-turn draws)."""

    format: str = "standard"
    players: tuple[PlayerState, ...]
    authority: tuple[int, ...]
    trade_deck: Deck
    row: Multiset[str] = field(default_factory=Multiset)
    explorers: int = 10
    scrap_heap: Multiset[str] = field(default_factory=Multiset)
    stage: str = "setup"
    group: int = 0
    actor: int = 0
    turn: int = 0
    queue: tuple[Task, ...] = ()

    REMEMBERED = State.REMEMBERED + ("_player_cache", "_outcome_cache", "_seats_cache")
    if TYPE_CHECKING:  # for the type checker only: the field ``game`` of ``State``, narrowed
        game: StarRealms  # (this state's game is the StarRealms that made it; the field's hint stays ``Game`` at
        # run time, where ``game.py`` imports this module and the JSON decoder reads the hints)

    # --- helpers -----------------------------------------------------------
    # Values derived from the fields are remembered in the instance ``__dict__`` under names
    # starting with "_" (never a field: equality, hashing, JSON and ``replace`` ignore them).

    def deal_unseen(self, seat: int, rng: Any) -> "StarRealmsState":
        """This position as ``seat`` may believe it: what ``seat`` cannot see dealt afresh (``hidden.py``)."""
        return deal_for_seat(self, seat, rng)

    def replace(self, **changes: Any) -> StarRealmsState:
        """A copy with some fields changed, as ``State.replace`` makes it (``replaced``), typed as a Star Realms state."""
        return replaced(self, **changes)

    @property
    def fmt(self) -> Format:
        key = (self.format, len(self.players))
        fmt = _FORMATS.get(key)
        if fmt is None:
            fmt = _FORMATS[key] = make_format(*key)
        return fmt

    @property
    def alive(self) -> tuple[bool, ...]:
        """Which seats are still in the game (their Authority is above 0)."""
        return self._seats()[0]

    def authority_of(self, seat: int) -> int:
        """The Authority of ``seat`` (0-based) in every format: Hydra teammates read their team's shared score.

        ``authority`` itself is indexed by Authority score (one per Hydra team), not by seat.

        >>> import explorer
        >>> s = explorer.load_game("star_realms").initial_state(players=4, format="hydra")
        >>> len(s.authority), s.authority_of(3)
        (2, 75)
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.players):
            raise RulesError(f"no seat {seat!r}: this game has seats 0 to {len(self.players) - 1}", state=self)
        return self.authority[self.fmt.lives[seat]]

    def card(self, name: str) -> "Card":
        return self.game.cards[name]

    def with_player(self, seat: int, **changes: object) -> "StarRealmsState":
        players = list(self.players)
        players[seat] = replaced(players[seat], **changes)
        return replaced(self, players=tuple(players))

    def with_seat(self, seat: int, player: PlayerState, **changes: object) -> "StarRealmsState":
        """A copy with ``player`` in ``seat`` and ``changes`` to other fields: one copy for a move that changes both."""
        players = list(self.players)
        players[seat] = player
        return replaced(self, players=tuple(players), **changes)

    def members(self) -> tuple[int, ...]:
        """The living seats of the turn group now moving."""
        return self._seats()[1]

    def group_members(self, group: int) -> tuple[int, ...]:
        """The living seats of turn group ``group`` (``members()`` once that group moves)."""
        return self._seats_of(group)[1]

    def _seats(self) -> tuple[tuple[bool, ...], tuple[int, ...]]:
        """``(alive, members)``, remembered in the instance as well (see ``_seats_of``)."""
        cached = self.__dict__.get("_seats_cache")
        if cached is None:
            cached = _SEATS.get((self.format, len(self.players), self.group, self.authority))
            if cached is None:
                cached = self._seats_of(self.group)
            object.__setattr__(self, "_seats_cache", cached)
        return cached

    def _seats_of(self, group: int) -> tuple[tuple[bool, ...], tuple[int, ...]]:
        """``(alive, members of group)``: read from format, player count, Authority and the group only, so
        remembered by those (most steps change none of them)."""
        key = (self.format, len(self.players), group, self.authority)
        cached = _SEATS.get(key)
        if cached is None:
            fmt, authority = self.fmt, self.authority
            alive = tuple([authority[life] > 0 for life in fmt.lives])
            cached = (alive, tuple([s for s in fmt.groups[group] if alive[s]]))
            if len(_SEATS) > 50_000:
                _SEATS.clear()
            _SEATS[key] = cached
        return cached

    def outcome(self) -> tuple[tuple[int, ...], str] | None:
        """``(winners, reason)`` once the game is over, else ``None``."""
        cached = self.__dict__.get("_outcome_cache", _UNKNOWN)
        if cached is not _UNKNOWN:
            return cached
        if self.stage == "setup":
            decided = None
        else:
            key = (self.format, len(self.players), self.authority)
            decided = _WINNERS.get(key, _UNKNOWN)
            if decided is _UNKNOWN:
                if len(_WINNERS) > 50_000:
                    _WINNERS.clear()
                decided = _WINNERS[key] = winners(self.fmt, self.authority)
            if decided is None:
                limit = self.game.turn_limit
                if limit and self.turn > limit:
                    decided = (), f"draw: the turn limit of {limit} turns was reached"
        object.__setattr__(self, "_outcome_cache", decided)
        return decided

    # --- the game surface --------------------------------------------------
    @property
    def phase(self) -> str:
        return self.game.rulebook.rules.phase(self)

    @property
    def current_player(self) -> int:
        cached = self.__dict__.get("_player_cache")
        if cached is None:  # settle() remembers it for the positions it stops at
            cached = self.game.rulebook.rules.mover(self)
            object.__setattr__(self, "_player_cache", cached)
        return cached

    def is_chance(self) -> bool:
        known = self.__dict__.get("_player_cache")  # asked several times a step: read the remembered mover
        return (self.current_player if known is None else known) == CHANCE

    def is_terminal(self) -> bool:
        known = self.__dict__.get("_player_cache")
        return (self.current_player if known is None else known) == TERMINAL

    def sample_chance(self, rng: Any) -> Action:
        """``State.sample_chance`` without making the deck's node (``effects.sample_chance``): the same pick, the
        same numbers drawn."""
        if "_chance_cache" not in self.__dict__ and self.is_chance():
            return self.game.rulebook.effects.sample_chance(self, rng)
        return super().sample_chance(rng)  # a node already made, or no chance step here (refused there)

    def play_chance(self, rng: Any, limit: int) -> "tuple[State, int]":
        """``State.play_chance``, the cards of a draw but its last taken in one go first (``effects.draw_run``)."""
        state: State = self
        made = 0
        if limit > 0 and self.is_chance() and self.queue[0].kind == "draw":
            state, made = self.game.rulebook.effects.draw_run(self, rng, limit)
        state, more = State.play_chance(state, rng, limit - made)
        return state, made + more

    def apply(self, action: "Action | str") -> "StarRealmsState":
        """``State.apply``, with the main phase's commonest moves checked without listing every legal move.

        A play, a use, a buy or ``end turn`` is legal exactly when its own kind's part of the move list
        has it (``main_phase.surely_listed``): the same moves are accepted and the same position follows, but a
        rollout's player, who picks such moves without the whole list, never has every attack listed.
        """
        if not self.queue and self.current_player >= 0:
            rulebook = self.game.rulebook
            if rulebook.main_phase.surely_listed(self, action):
                return rulebook.rules.apply_action(self, action)
        return super().apply(action)  # type: ignore[return-value]  # what this state's _apply made: a StarRealmsState

    def parse_notation(self, text: str) -> Action | None:
        return self.game.rulebook.rules.parse_notation(self, text)



share_keys(StarRealmsState, PlayerState)  # every kept position shares one key table (see share_keys)


_UNKNOWN = object()


_FORMATS: dict[tuple[str, int], Format] = {}
_WINNERS: dict[tuple[str, int, tuple[int, ...]], Any] = {}
"""``winners`` by format, player count and Authority (it reads nothing else)."""
_SEATS: dict[tuple[str, int, int, tuple[int, ...]], tuple[tuple[bool, ...], tuple[int, ...]]] = {}
"""``(alive, members)`` by format, player count, turn group and Authority."""
