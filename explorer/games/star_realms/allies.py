"""Ally abilities: which fire, and when (an ally fires as soon as its condition holds, even mid-card).

A card's ally ability fires once per turn when another card of its faction is in play (a double ally
needs two); Mech World is an ally of every faction and a Stealth Needle counts as the ship it copies.
The rules call :func:`trigger_allies` after every step that changes the cards in play
(``rules.settle``), and a position read from a player's words fires what is owed at once.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> trigger_allies(s) is s  # nothing in play yet: nothing fires, the state is returned as it was
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from explorer.core.frozen import replaced
from explorer.games.star_realms import effects
from explorer.games.star_realms.state import in_play

if TYPE_CHECKING:
    from explorer.games.star_realms.cards import Card
    from explorer.games.star_realms.state import InPlay, StarRealmsState


class _Ally(NamedTuple):
    """What the ally rules read of one card in play (a Stealth Needle copying a ship counts as both)."""

    card: "Card"  # whose abilities it has now
    factions: frozenset[str]  # the factions it is an ally of
    everyone: bool  # an ally of every faction (Mech World)
    ally: bool  # it has an ally ability (never for an unaligned card)
    ally2: bool  # it has a double-ally ability


def _ally_table(cards: dict) -> dict:
    """The remembered ally facts for one set of card data (kept with it, so a reloaded set never reads another's)."""
    table = _ALLY.get(id(cards))
    if table is None or table[0] is not cards:
        if len(_ALLY) > 16:
            _ALLY.clear()
        table = _ALLY[id(cards)] = (cards, {})
    return table[1]


def _ally(cards: dict, known: dict, r: "InPlay") -> _Ally:
    """The ally facts of ``r``, made once per card (and per copied ship), remembered in ``known`` under ``_key(r)``."""
    card = cards[r.copied or r.name]
    factions = {cards[r.name].faction} | ({cards[r.copied].faction} if r.copied else set())
    aligned = card.faction != "Unaligned"
    facts = known[_key(r)] = _Ally(card, frozenset(factions), bool(cards[r.name].passive_amount("ally_all_factions")),
                                   aligned and bool(card.ally), aligned and bool(card.ally2))
    return facts


def _key(r: "InPlay") -> "str | tuple[str, str]":
    """How ``_ally`` remembers ``r``: its name, or its name and the ship it copies."""
    return (r.name, r.copied) if r.copied else r.name


_ALLY: dict[int, tuple[dict, dict]] = {}


def trigger_allies(s: "StarRealmsState") -> "StarRealmsState":
    """Fire every ally (and double-ally) ability whose condition holds and that has not fired this turn."""
    fired: list = []
    cards = s.game.cards
    table = None
    players = None  # the players with abilities fired, when any
    for m in s.members():
        p = s.players[m]
        records = p.ships + p.bases
        # The very cards in play (each record by identity: the rules make every record with ``in_play``, one
        # shared value for each), so cards found quiet after one move are known again after the next and in
        # later games.
        key = tuple(map(id, records))
        known = _QUIET.get(key)
        if known is not None and known[1] is cards:
            continue  # these cards in play were already found to have no ally ability left to fire
        table = table or _ally_table(cards)
        # _key(r) written out: this runs after every move that puts a card in play
        facts = [f if (f := table.get((r.name, r.copied) if r.copied else r.name)) is not None
                 else _ally(cards, table, r) for r in records]
        # Only a card with an ally ability not yet fired this turn can fire (most steps: none).
        waiting = [i for i, (r, f) in enumerate(zip(records, facts))
                   if f.ally and not r.ally_used or f.ally2 and not r.ally2_used]
        new = list(records)
        for i in waiting:
            r, card = records[i], facts[i].card
            allies = sum(1 for j, f in enumerate(facts) if j != i and (card.faction in f.factions or f.everyone))
            for slot, need, used in (("ally", 1, r.ally_used), ("ally2", 2, r.ally2_used)):
                effects_ = getattr(card, slot)
                if effects_ and not used and allies >= need:
                    was = new[i]
                    new[i] = in_play(was.name, was.copied, was.ally_used or slot == "ally",
                                     was.ally2_used or slot == "ally2", was.primary_used)
                    fired += effects.tasks_for(effects_, m, card.name, slot)
        if waiting and new != list(records):
            players = players or list(s.players)
            players[m] = replaced(p, ships=tuple(new[: len(p.ships)]), bases=tuple(new[len(p.ships):]))
        else:  # no ally waiting, or none of them with enough allies in play
            _remember_quiet(key, records, cards)
    if players is None:  # nothing fired (an ability fires exactly when its card's record changes)
        return s
    return replaced(s, players=tuple(players), queue=tuple(fired) + s.queue)


_QUIET: dict[tuple[int, ...], tuple[tuple["InPlay", ...], dict]] = {}
"""Cards in play (ships then bases, by the identity of each record), with the card data, in which no ally
ability can fire now."""


def _remember_quiet(key: tuple[int, ...], records: tuple["InPlay", ...], cards: dict) -> None:
    if len(_QUIET) >= 16_384:
        _QUIET.clear()
    _QUIET[key] = (records, cards)  # the records are kept alive here, so their ids stay theirs
