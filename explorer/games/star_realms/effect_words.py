"""The effects of a move in words: the head line's own effects and one line per other ability, with the pools.

``story.py`` words the move itself ("Player 2 plays Cutter"); this module words what the rules
report it did (:mod:`move_events`), grouped by the ability that did it, in the order the rules resolved
them, each group with the pools it changed ("Trade 0 → 2"). The move's own card's effects follow
the move ("Player 2 plays Cutter: +4 Authority, +2 Trade (Authority 46 → 50, Trade 0 → 2)"); every
other ability follows as a part of its own, after a semicolon ("; Blob Fighter's ally ability: draw
a card"): a move is one line of the log. The arrows of one pool follow on from part to part, so the
last one is the pool in the position after the move.

>>> from explorer.games.star_realms.move_events import Told
>>> words(Told("trade", 0, 2, "Cutter", "primary"), 0), words(Told("draw", 0, 1, "Blob Fighter", "ally"), 0)
('+2 Trade', 'draw a card')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from explorer.games.star_realms.move_events import Told

if TYPE_CHECKING:
    from explorer.games.star_realms.state import StarRealmsState

SEPARATOR = "; "
"""Between the parts of a move's line: the move with its own effects, then each other ability's."""

NOTHING = {
    "scrap_hand_or_discard": "nothing to scrap", "scrap_hand_or_discard_then_draw": "nothing to scrap",
    "scrap_hand": "nothing in hand to scrap", "scrap_trade_row": "no card in the trade row to scrap",
    "discard": "nothing to discard", "discard_then_draw": "nothing in hand to discard",
    "destroy_base": "no base to destroy", "acquire_ship_to_top": "no ship in the trade row to acquire",
    "copy_ship": "no other ship to copy", "opponent_discards": "no opponent left to discard",
    "choose": "nothing to choose",
}
"""What an ability with nothing to act on says, by effect kind."""


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def words(e: Told, me: int) -> str:
    """One effect as a player says it; ``me`` is the seat whose line it is (another seat is named).

    >>> words(Told("discards", 1, 1, "Imperial Fighter", "primary"), 0)
    'Player 2 discards a card'
    """
    mine = "" if e.seat == me else f"{who(e.seat)}: "
    if e.is_pool:
        return f"{mine}{'+' if e.amount >= 0 else '−'}{abs(e.amount)} {e.what.capitalize()}"
    if e.what == "draw":
        if e.amount:
            return f"{mine}draw {_cards(e.amount)}"
        why = {"draw_if_bases": "not enough bases in play",
               "draw_per_faction_played": "no card of that faction played this turn"}.get(e.kind, "")
        return f"{mine}draw nothing" + (f" ({why})" if why else "")
    if e.what == "reshuffle":
        return f"{mine}discard pile reshuffled into the deck ({_cards(e.amount)})"
    if e.what == "no card":
        return f"{mine}no card left to draw (deck and discard pile empty)"
    if e.what == "discards":
        return f"{who(e.seat)} discards {_cards(e.amount)}"
    if e.what == "on top":
        return f"{mine}the next ship acquired this turn may go on top of the deck"
    if e.what == "row short":
        return "the trade deck is empty: the trade row is not refilled"
    return f"{mine}{NOTHING.get(e.kind, 'nothing to do')}"


def source(s: "StarRealmsState", card: str, ability: str) -> str:
    """Who did it: ``"Cutter"``, ``"Blob Fighter's ally ability"``, ``"Fleet HQ (your ships get +1 Combat)"``."""
    if ability == "ally":
        return f"{card}'s ally ability"
    if ability == "ally2":
        return f"{card}'s second ally ability"
    if ability == "scrap":
        return f"{card}'s scrap ability"
    if ability == "passive":
        return f"{card} (your ships get +{s.card(card).passive_amount('ship_combat')} Combat)"
    return card


class Pools:
    """The pools as the story tells them, from the position before the move, moved on line by line."""

    def __init__(self, s: "StarRealmsState", me: int) -> None:
        self.s, self.me = s, me
        self.now = {("trade", q): p.trade for q, p in enumerate(s.players)}
        self.now |= {("combat", q): p.combat for q, p in enumerate(s.players)}
        self.now |= {("authority", life): score for life, score in enumerate(s.authority)}

    def key(self, e: Told) -> tuple[str, int]:
        return (e.what, self.s.fmt.lives[e.seat] if e.what == "authority" else e.seat)

    def label(self, e: Told) -> str:
        fmt = self.s.fmt
        pool = e.what.capitalize()
        if e.seat == self.me or (e.what == "authority" and fmt.lives[e.seat] == fmt.lives[self.me]):
            return pool
        owner = f"Team {fmt.teams[e.seat] + 1}" if e.what == "authority" and fmt.shares_life(e.seat) else who(e.seat)
        return f"{owner}'s {pool}"

    def arrows(self, events: Iterable[Told]) -> str:
        """``"Trade 0 → 2, Authority 46 → 50"`` for the pools ``events`` change (in the order first changed)."""
        start: dict[tuple[str, int], tuple[str, int]] = {}
        for e in events:
            if e.is_pool:
                k = self.key(e)
                start.setdefault(k, (self.label(e), self.now[k]))
                self.now[k] += e.amount
        return ", ".join(f"{label} {was} → {self.now[k]}" for k, (label, was) in start.items() if self.now[k] != was)


def effect_parts(s: "StarRealmsState", head: str, events: tuple[Told, ...], me: int,
                 own: tuple[str, str] | None, tail: str = "", *, name_own: bool = True) -> list[str]:
    """The move with its own effects and pools (then ``tail``), then one part per other ability.

    ``own`` is the ability the move itself sets off (playing Cutter: ``("Cutter", "primary")``): its
    effects join the head. Effects of the move itself (``card == ""``: Trade paid, Combat spent,
    pools lost) show only as the head's pools.
    """
    groups: dict[tuple[str, str], list[Told]] = {}
    head_events: list[Told] = []
    for e in events:
        if not e.card or (e.card, e.ability) == own:
            head_events.append(e)
        else:
            groups.setdefault((e.card, e.ability), []).append(e)
    pools = Pools(s, me)
    said = ", ".join(words(e, me) for e in head_events if e.card and (name_own or not e.is_pool))
    arrows = pools.arrows(head_events)
    said += "".join(f"; {words(e, me)}" for e in head_events if not e.card and not e.is_pool)
    parts = [head + (f": {said}" if said and not said.startswith(";") else said) + (f" ({arrows})" if arrows else "")
             + tail]
    for (card, ability), told in groups.items():
        arrows = pools.arrows(told)
        parts.append(f"{source(s, card, ability)}: {', '.join(words(e, me) for e in told)}"
                     + (f" ({arrows})" if arrows else ""))
    return parts
