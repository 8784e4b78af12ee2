"""The duel's odds: what one Luke Skywalker, Darth Vader, Emperor or Vader Redeemed order can do now.

Seed §5C: Luke's and Vader's orders roll 4 dice, each 4, 5 or 6 is a hit; the
Emperor deals 2 hits to Luke; Vader Redeemed destroys Vader and the Emperor
when Vader is on a red space and Luke is alive. The restrictions (seed lines
151-153: no Luke order once Luke is destroyed; no Vader or Emperor order once
Vader is destroyed; no Emperor order once Vader is redeemed — redeemed Vader is
destroyed too) are the rules' own (:func:`~explorer.games.endor.orders.order_refusal`),
so an order the rules refuse has no chance here, only the reason — the same
reason :func:`~explorer.games.endor.odds.which_order` and a typed order give.

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> d = duel_odds(s.replace(luke_hits=4, vader_hits=1))      # Luke destroyed
>>> d["Luke Skywalker"].usable, d["Luke Skywalker"].reason
(False, 'Luke is destroyed')
>>> d["Darth Vader"]["Luke destroyed"]      # an order that is usable still rolls against a destroyed Luke
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction

from explorer.games.endor.orders import DUEL_ORDERS, order_refusal
from explorer.games.endor.state import EndorState
from explorer.odds import dice_pool


@dataclass(frozen=True)
class DuelChances(Mapping[str, Fraction]):
    """One duel order's results and their exact chances, or — when the rules refuse it — only the reason.

    A mapping from a result ("Vader destroyed", …) to its chance. A refused
    order maps nothing; reading a result from it raises ``KeyError`` naming the
    reason, so a refused order is never read as "0 %".

    >>> DuelChances("Emperor", (), "Vader is redeemed")["Luke destroyed"]
    Traceback (most recent call last):
    ...
    KeyError: 'Emperor cannot be used: Vader is redeemed'
    """

    order: str
    chances: tuple[tuple[str, Fraction], ...]
    reason: str = ""
    """Why the order cannot be used now ("" when it can)."""

    @property
    def usable(self) -> bool:
        return not self.reason

    def __getitem__(self, result: str) -> Fraction:
        if self.reason:
            raise KeyError(f"{self.order} cannot be used: {self.reason}")
        for name, p in self.chances:
            if name == result:
                return p
        raise KeyError(f"{self.order} has no result {result!r}; it has {', '.join(n for n, _ in self.chances)}")

    def __iter__(self) -> Iterator[str]:
        return iter(name for name, _ in self.chances)

    def __len__(self) -> int:
        return len(self.chances)

    def __str__(self) -> str:
        if self.reason:
            return f"{self.order}: cannot be used ({self.reason})"
        return f"{self.order}: " + ", ".join(f"{name} {p}" for name, p in self.chances)


def duel_odds(state: EndorState) -> dict[str, DuelChances]:
    """Each duel order from the current tracks: its results with exact chances, or why it cannot be used.

    >>> import explorer
    >>> d = duel_odds(explorer.load_game("endor").initial_state())
    >>> d["Luke Skywalker"]["Vader destroyed"], d["Luke Skywalker"]["redemption possible"]
    (Fraction(1, 16), Fraction(7, 8))
    >>> d["Vader Redeemed"].reason
    'Vader is not on a red space (4 hits left; red = 3 or fewer)'
    """
    rules, limits = state.rules, state.data.limits
    saber = dice_pool(limits["saber_dice"], hit_on=limits["saber_hit_on"])
    vader_left, luke_left = state.vader_left, rules.luke_hits - state.luke_hits
    fighting = state.vader_fighting
    results: dict[str, tuple[tuple[str, Fraction], ...]] = {
        "Luke Skywalker": (
            ("Vader destroyed", saber.at_least(vader_left) if fighting else Fraction(0)),
            ("redemption possible", saber.p(lambda h: 1 <= vader_left - h <= rules.red_spaces)
             if fighting and state.luke_alive else Fraction(0)),
        ),
        "Darth Vader": (("Luke destroyed", saber.at_least(luke_left) if state.luke_alive else Fraction(0)),),
        "Emperor": (("Luke destroyed", Fraction(int(state.luke_alive and luke_left <= limits["emperor_hits"]))),),
        "Vader Redeemed": (("Vader and the Emperor destroyed", Fraction(1)),),
    }
    out = {}
    for order in DUEL_ORDERS:
        reason = order_refusal(state, order)
        out[order] = DuelChances(order, () if reason else results[order], reason)
    return out
