"""The chance nodes of Pinned Down: every reveal and draw as one node over card kinds.

Several cards revealed together (two locations, the top four attack cards) are revealed one at a
time, each one node: the same distribution, far fewer outcomes. A deck that must be drawn from while empty is first rebuilt from its discard
pile (attack and damage decks, reference §2.3), so the node is over the
discard pile's kinds. Outcomes print as the table would say them.

>>> import explorer
>>> s = explorer.load_game("pinned_down").initial_state()
>>> [str(a) for a, p in s.chance_outcomes()][:2]
['Player 1 draws Defiance', 'Player 1 draws Evasion Maneuver']
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from explorer.core import Action, Deck, Multiset
from explorer.core.chance import weighted_outcomes

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S

Outcomes = tuple[tuple[Action, Fraction], ...]


def live_attack_deck(s: "S") -> Deck:
    """The attack deck to draw from: the discard pile shuffled in when the deck is empty."""
    return s.attack_deck if len(s.attack_deck) else Deck.shuffled(s.attack_discard)


def live_damage_deck(s: "S") -> Deck:
    return s.damage_deck if len(s.damage_deck) else Deck.shuffled(s.damage_discard)


def live_location_deck(s: "S") -> Deck:
    return s.location_deck if len(s.location_deck) else Deck.shuffled(s.location_discard)


@lru_cache(maxsize=16384)
def drawn(deck: Deck, card: str) -> Deck:
    """``deck.after_draw(card)``, remembered: the same compositions recur game after game."""
    return deck.after_draw(card)


@lru_cache(maxsize=16384)
def added(pile: Multiset, card: str) -> Multiset:
    """``pile.add(card)``, remembered."""
    return pile.add(card)


@lru_cache(maxsize=16384)
def removed(pile: Multiset, card: str) -> Multiset:
    """``pile.remove(card)``, remembered."""
    return pile.remove(card)


@lru_cache(maxsize=4096)
def _action(kind: str, card: str, label: str) -> Action:
    """One outcome's action, built once: the same draws recur in every game."""
    return Action(kind, (card,), label=label.format(card))


@lru_cache(maxsize=16384)
def _each(deck: Deck, kind: str, label: str) -> Outcomes:
    """The deck's next card as outcomes ``kind`` worded by ``label``: each kind's count over the cards left.

    Made from the deck's whole weights (``weighted_outcomes``), the very fractions ``deck.draw_outcomes()``
    gives, with the sampling plan worked out at once.
    """
    return weighted_outcomes([(_action(kind, c, label), n) for c, n in deck.draw_weights()])


def outcomes(s: "S") -> Outcomes:
    """Each card (or seat) the waiting chance step may deal, with its exact chance."""
    if not s.pending:
        if s.stage == "reveal":
            return _each(live_attack_deck(s), "reveal", "reveal {}")
        if s.stage == "locations":
            return _each(live_location_deck(s), "locations", "location revealed: {}")
        raise AssertionError(f"no chance node in stage {s.stage}")
    step = s.pending[0]
    who = s.game.player_name(step.player)
    f = s.players[step.player]
    if step.kind == "draw":
        return _each(f.deck, "draw", who + " draws {}")
    if step.kind == "destiny":
        return _each(live_attack_deck(s), "destiny", "battle destiny: {}")
    if step.kind == "damage":
        return _each(live_damage_deck(s), "damage", "damage card: {}")
    if step.kind == "random_flagship":
        alive = s.alive()
        return tuple((Action("target", (i,), label=f"random flagship: {s.game.player_name(i)}'s {s.players[i].flagship}"),
                      Fraction(1, len(alive))) for i in alive)
    if step.kind == "random_hand":
        total = len(f.hand)
        return tuple((Action("lose", (c,), label=f"random card from {who}'s hand: {c}"), Fraction(n, total))
                     for c, n in f.hand.items())
    if step.kind == "random_character":
        chars = sorted(set(f.characters))
        return tuple((Action("lose", (c,), label=f"random character: {c}"),
                      Fraction(f.characters.count(c), len(f.characters))) for c in chars)
    if step.kind == "look_attack":
        return _each(s.attack_deck, "look", "attack card seen: {}")
    if step.kind == "cooley":
        return _each(f.deck, "reveal", "top of " + who + "'s draw deck: {}")
    if step.kind == "cleveland":
        return _each(live_location_deck(s), "reveal", "top location: {}")
    if step.kind == "locations":
        return _each(live_location_deck(s), "locations", "initial location: {}")
    raise AssertionError(f"no chance node for step {step.kind}")
