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
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from explorer.core import CHANCE, TERMINAL, Action, Deck, Game, Multiset, Result, State  # noqa: F401 (Game: type hints)
from explorer.errors import RulesError

from explorer.games.star_realms.formats import Format, make_format, winners

if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Card


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
class StarRealmsState(State):
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

    # --- helpers -----------------------------------------------------------
    @property
    def fmt(self) -> Format:
        return make_format(self.format, len(self.players))

    @property
    def alive(self) -> tuple[bool, ...]:
        fmt = self.fmt
        return tuple(self.authority[fmt.lives[s]] > 0 for s in range(fmt.players))

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
        return self.game.cards[name]  # type: ignore[attr-defined]

    def with_player(self, seat: int, **changes: object) -> "StarRealmsState":
        players = list(self.players)
        players[seat] = _replace(players[seat], **changes)
        return self.replace(players=tuple(players))  # type: ignore[return-value]

    def members(self) -> tuple[int, ...]:
        """The living seats of the turn group now moving."""
        alive = self.alive
        return tuple(s for s in self.fmt.groups[self.group] if alive[s])

    def outcome(self) -> tuple[tuple[int, ...], str] | None:
        """``(winners, reason)`` once the game is over, else ``None``."""
        if self.stage == "setup":
            return None
        decided = winners(self.fmt, self.authority)
        if decided is not None:
            return decided
        limit = self.game.turn_limit  # type: ignore[attr-defined]
        if limit and self.turn > limit:
            return (), f"draw: the turn limit of {limit} turns was reached"
        return None

    # --- the game surface --------------------------------------------------
    @property
    def phase(self) -> str:
        from explorer.games.star_realms.turn import phase

        return phase(self)

    @property
    def current_player(self) -> int:
        cached = self.__dict__.get("_player_cache")
        if cached is None:
            from explorer.games.star_realms.effects import needs_chance

            if self.outcome() is not None:
                cached = TERMINAL
            elif self.queue:
                cached = CHANCE if needs_chance(self, self.queue[0]) else self.queue[0].player
            else:
                cached = self.actor
            object.__setattr__(self, "_player_cache", cached)
        return cached

    def _legal_actions(self) -> tuple[Action, ...]:
        from explorer.games.star_realms.turn import legal_actions

        return legal_actions(self)

    def _chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        from explorer.games.star_realms.effects import chance_outcomes

        return chance_outcomes(self)

    def _apply(self, action: Action) -> "StarRealmsState":
        from explorer.games.star_realms.turn import apply_action

        return apply_action(self, action)

    def _result(self) -> Result:
        decided = self.outcome()
        assert decided is not None
        won, reason = decided
        n = len(self.players)
        if won:
            returns = tuple(1.0 if s in won else 0.0 for s in range(n))
        else:
            living = [s for s in range(n) if self.alive[s]] or list(range(n))
            returns = tuple(1.0 / len(living) if s in living else 0.0 for s in range(n))
        return Result(won, returns, reason)

    def why_illegal(self, action: Action) -> str:
        from explorer.games.star_realms.turn import why_illegal

        return why_illegal(self, action) or super().why_illegal(action)

    def parse_notation(self, text: str) -> Action | None:
        from explorer.games.star_realms.turn import parse_notation

        return parse_notation(self, text)

    def render(self) -> str:
        from explorer.games.star_realms.render import render

        return render(self)

    # --- the story and positions in a player's words (story.py, position.py) ---
    def story(self, action: Action, after: State, *, viewer: int | None = None) -> str:
        from explorer.games.star_realms.story import story

        return story(self, action, after, viewer=viewer)  # type: ignore[arg-type]

    def turn_label(self) -> str:
        from explorer.games.star_realms.story import turn_label

        return turn_label(self)

    def action_group(self, action: Action) -> str:
        from explorer.games.star_realms.story import action_group

        return action_group(self, action)

    def position_dict(self) -> dict[str, Any]:
        from explorer.games.star_realms.position import position_dict

        return position_dict(self)


def _replace(obj, **changes):  # type: ignore[no-untyped-def]
    import dataclasses

    return dataclasses.replace(obj, **changes)
