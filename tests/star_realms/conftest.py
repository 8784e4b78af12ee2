"""Helpers for the Star Realms tests: build a main-phase position by hand."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pytest

import explorer
from explorer import Deck, Multiset
from explorer.games.star_realms.state import InPlay, PlayerState, StarRealmsState
from explorer.games.star_realms.rules import settle


def _ms(cards: Mapping[str, int] | Iterable[str] | None) -> Multiset:
    return Multiset(cards or ())


def build(*, variant: str | None = None, players: int = 2, format: str | None = None,
          hands: tuple = (), decks: tuple = (), discards: tuple = (), bases: tuple = (), ships: tuple = (),
          row: Iterable[str] = ("Cutter", "Ram", "Space Station", "Trade Bot", "Blob Fighter"),
          actor: int = 0, group: int | None = None, trade: tuple = (), combat: tuple = (),
          authority: tuple | None = None, **options: Any) -> StarRealmsState:
    """A main-phase position of ``actor`` with the zones given (defaults: empty hand, a starting deck)."""
    game = explorer.load_game("star_realms", variant=variant, **options)
    s = game.initial_state(players=players, format=format)
    n = players

    def pick(seq: tuple, i: int, default: Any) -> Any:
        return seq[i] if i < len(seq) and seq[i] is not None else default

    new_players = tuple(
        PlayerState(hand=_ms(pick(hands, i, ())),
                    deck=Deck.shuffled(_ms(pick(decks, i, {"Scout": 8, "Viper": 2}))),
                    discard=_ms(pick(discards, i, ())),
                    bases=tuple(InPlay(b) for b in pick(bases, i, ())),
                    ships=tuple(InPlay(b) for b in pick(ships, i, ())),
                    trade=pick(trade, i, 0), combat=pick(combat, i, 0))
        for i in range(n))
    fmt = s.fmt
    g = group if group is not None else next(i for i, grp in enumerate(fmt.groups) if actor in grp)
    seen = Multiset(row)
    for p in new_players:
        seen = seen + p.all_cards()
    # The trade deck is the rest of the box, so a built position passes the referee when it adds up.
    rest = Multiset({c: max(0, n - seen.count(c)) for c, n in s.trade_deck.contents().items()})
    s = s.replace(players=new_players, row=Multiset(row), queue=(), stage="main", actor=actor, group=g, turn=1,
                  authority=authority if authority is not None else fmt.authority, trade_deck=Deck.shuffled(rest))
    return settle(s)


def resolve_chance(s: StarRealmsState, *picks: str) -> StarRealmsState:
    """Resolve chance nodes with the named outcomes (then the first outcome) until a decision."""
    queue = list(picks)
    while s.is_chance():
        outcomes = [str(a) for a, _ in s.chance_outcomes()]
        if queue and queue[0] in outcomes:
            s = s.apply(queue.pop(0))
        else:
            s = s.apply(outcomes[0])
    return s


@pytest.fixture
def make() -> Callable[..., StarRealmsState]:
    return build


@pytest.fixture
def chance() -> Callable[..., StarRealmsState]:
    return resolve_chance
