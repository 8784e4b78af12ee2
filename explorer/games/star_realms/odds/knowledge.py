"""What one seat knows of another's hand, and the discards other seats may force before a turn.

The odds of a player's next turn are asked by a seat. A player knows their own
hand; another seat does not, but it is not blind either (OpenSpiel's
*information state*: everything that seat has seen). Every draw is face down,
yet the *composition* of each deck is public (every card a player owns is
counted: deck = owned − hand − discard pile − in play), so:

* without a reshuffle, the hand a player drew at the end of their last turn is,
  for another seat, ``h`` cards drawn at random from that player's hand and
  deck together (the unknown middle of the deck);
* **after a reshuffle**, the cards that were left in the deck when the draw
  began are certainly in the hand (the deck ran out: every one of them was
  drawn); only the rest of the hand was drawn from the reshuffled pile. Cards
  known to be on top of the deck when the draw began (a ship bought "to top")
  are known the same way. A card the player was later forced to discard (a
  public move) leaves what is known.

:func:`known_in_hand` reads that from the match history (the states up to the
position shown); a position typed in has no history, and then nothing of the
hand is known unless the caller says what (``known=``). :func:`seen_by` turns
it into the :class:`Seen` the odds condition on.

The other half: cards with "target opponent discards a card" (Imperial Fighter,
Imperial Frigate, Battlecruiser's ally, Royal Redoubt's ally, Survey Ship's
scrap) played by a seat moving before the player's next turn make that hand
smaller. The odds count the whole hand; :func:`forced_discards` names the cards
that can do it, and the answer states it.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> seen = seen_by(s, 1, viewer=0)            # player 2's 5 cards, seen by player 1: none of them known
>>> seen.known, seen.unseen
(Multiset({}), 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from explorer.core import Deck, Multiset  # noqa: F401 (Deck: the examples use it)
from explorer.games.star_realms.formats import targets
from explorer.games.star_realms.odds.position import check_position, moving

if TYPE_CHECKING:
    from explorer.games.star_realms.odds.tuples import Pairs

DISCARD_SLOTS = (("primary", ""), ("ally", "ally"), ("ally2", "second ally"), ("scrap", "scrap"))


@dataclass(frozen=True)
class Seen:
    """``player``'s hand as ``viewer`` knows it: ``known`` cards certainly in it, ``unseen`` more drawn at random.

    For a player moving now every card of the hand is unseen (``known`` is empty)
    and the hand is treated as part of the deck's unknown middle.
    """

    player: int
    viewer: int
    known: Multiset
    unseen: int
    moving: bool
    note: str


def _names(ms: Multiset[str]) -> str:
    return ", ".join(f"{c} ×{n}" if n > 1 else c for c, n in sorted(cast("Pairs", ms.items()))) or "none"


def seen_by(state: Any, player: int, viewer: int | None, known: Multiset | None = None) -> Seen | None:
    """What ``viewer`` knows of ``player``'s hand; ``None`` when they see it (the same seat, or the table).

    ``known``: the cards of the hand ``viewer`` knows (from :func:`known_in_hand`,
    or a position's record); they must be in the hand.

    >>> import explorer
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> s = s.with_player(1, hand=Multiset({"Viper": 1, "Scout": 4}), deck=Deck.shuffled({"Scout": 3}))
    >>> seen_by(s, 1, 0, known=Multiset({"Viper": 1})).note
    "player 2's hand is hidden from player 1: Viper known to be in it (left in their deck before the reshuffle), the other 4 drawn at random from the 7 unseen cards of their hand and deck"
    """
    check_position(state, player, while_drawing=True)  # its callers ask it only of a hand not being drawn
    if viewer is None or viewer == player:
        return None
    if not isinstance(viewer, int) or not 0 <= viewer < len(state.players):
        raise ValueError(f"viewer must be a seat from 0 to {len(state.players) - 1} or None, got {viewer!r}")
    known = Multiset() if known is None else Multiset(known)
    hand = state.players[player].hand
    if not known <= hand:
        raise ValueError(f"known cards {_names(known)} are not all in player {player + 1}'s hand")
    who, by = f"player {player + 1}", f"player {viewer + 1}"
    if moving(state, player):
        note = (f"{who}'s hand is hidden from {by}: its {len(hand)} cards are treated as part of their deck "
                f"(the rest of this turn is not played out; the next hand is 5 drawn from deck and hand)")
        return Seen(player, viewer, Multiset(), len(hand), True, note)
    unseen = len(hand) - len(known)
    pool = len(state.players[player].deck.middle) + unseen
    if known:
        note = (f"{who}'s hand is hidden from {by}: {_names(known)} known to be in it (left in their deck before "
                f"the reshuffle), the other {unseen} drawn at random from the {pool} unseen cards of their hand "
                "and deck")
    else:
        note = (f"{who}'s hand is hidden from {by}: its {unseen} cards are drawn at random from the {pool} unseen "
                "cards of their hand and deck")
    return Seen(player, viewer, known, unseen, False, note)


def known_in_hand(states: Sequence[Any], seat: int) -> Multiset:
    """The cards of ``seat``'s hand every seat knows, from the match's states up to the one shown (the last).

    The hand was drawn after the last position where it was empty: if that draw
    ran the deck out (a reshuffle), every card then in the deck is known to be in
    the hand; the deck's known top is known however the draw went. Public
    discards since then leave what is known. A seat moving now, or a history that
    never shows the hand empty (a position typed in), knows nothing: ``Multiset()``.

    >>> import explorer
    >>> from explorer import Match
    >>> m = Match(explorer.load_game("star_realms"), seed=12)
    >>> _ = m.play("random", max_steps=40)
    >>> known_in_hand(m.states, 1) <= m.state.players[1].hand
    True
    """
    if not states:
        return Multiset()
    last = states[-1]
    if moving(last, seat) or last.stage != "main":
        return Multiset()
    start = next((i for i in range(len(states) - 1, -1, -1) if not states[i].players[seat].hand), None)
    if start is None:
        return Multiset()
    deck = states[start].players[seat].deck
    drawn = sum(_gained(before.players[seat].hand, after.players[seat].hand)
                for before, after in zip(states[start:], states[start + 1:]))
    if drawn > len(deck):  # the deck ran out: all of it is in the hand
        known = deck.contents()
    else:
        known = Multiset(deck.top[:drawn])
    for before, after in zip(states[start:], states[start + 1:]):
        b, a = before.players[seat].hand, after.players[seat].hand
        known = Multiset({c: max(0, n - max(0, b.count(c) - a.count(c))) for c, n in known.items()})
    return known


def _gained(before: Multiset, after: Multiset) -> int:
    """Cards that came into a hand from one position to the next (a draw); cards that left it (a forced
    discard, in the same move as nothing else) are not counted, and never make the count fail."""
    return sum(max(0, n - before.count(c)) for c, n in after.items())


@dataclass(frozen=True)
class ForcedDiscards:
    """Cards of the seats moving before ``player``'s next turn that can make them discard: ``(seat, card, where)``."""

    player: int
    sources: tuple[tuple[int, str, str], ...]
    note: str


def _discard_slots(card: Any) -> list[str]:
    found = []
    for slot, label in DISCARD_SLOTS:
        for e in getattr(card, slot):
            if e.kind == "opponent_discards" or any(x.kind == "opponent_discards" for o in e.options for x in o):
                found.append(label)
    return found


def movers_before(state: Any, player: int) -> tuple[int, ...]:
    """The living seats that move (or finish moving) before ``player``'s next turn starts, in turn order."""
    fmt, alive = state.fmt, state.alive
    mine = next(g for g, seats in enumerate(fmt.groups) if player in seats)
    g = state.group if player not in state.members() else (state.group + 1) % len(fmt.groups)
    seats: list[int] = []
    while g != mine:
        seats += [q for q in fmt.groups[g] if alive[q]]
        g = (g + 1) % len(fmt.groups)
    return tuple(seats)


def forced_discards(state: Any, player: int, *, while_drawing: bool = False) -> ForcedDiscards:
    """The cards that can make ``player`` discard before their next turn, and the sentence the answers add
    (``while_drawing``: asked while hands are being drawn too, as ``check_position`` says).

    >>> import explorer
    >>> from explorer.core import Multiset
    >>> s = explorer.load_game("star_realms").initial_state()
    >>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
    >>> s = s.with_player(1, hand=Multiset({"Imperial Fighter": 1, "Scout": 4}))   # player 1 moves now
    >>> forced_discards(s, 1).sources, forced_discards(s, 0).sources
    ((), ((1, 'Imperial Fighter', 'hand or deck'),))
    """
    check_position(state, player, while_drawing=while_drawing)
    found: list[tuple[int, str, str]] = []
    for q in movers_before(state, player):
        if player not in targets(state.fmt, q, state.alive):
            continue
        p = state.players[q]
        for name in sorted(r.name for r in p.bases):
            for label in _discard_slots(state.card(name)):
                found.append((q, name, "in play" + (f", {label}" if label else "")))
        for name in sorted((p.hand + p.deck.contents()).kinds()):
            if _discard_slots(state.card(name)):
                found.append((q, name, "hand or deck"))
    if not found:
        return ForcedDiscards(player, (), "")
    parts = "; ".join(f"player {q + 1}'s {name} ({where})" for q, name, where in found)
    note = (f"before that turn player {player + 1} may be forced to discard (target opponent discards a card): "
            f"{parts}; these odds count the whole hand")
    return ForcedDiscards(player, tuple(found), note)
