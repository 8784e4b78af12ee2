"""Issue 37, item 2: while a hand is being drawn, the Odds tab answers about the hand being drawn.

At the draw at the end of a turn (a chance node: "player 1 draws 5"), "what will my next hand make?"
is exactly the question: the next hand is the one being drawn. Trade and Combat and the lethal check
answer there with the mixture, over every way the draw can go, of the answers once it is dealt; the
answer's notes say it is about the hand being drawn. A pending effect that is not a draw (a trade-row
refill, a card's own draw) is still refused in one sentence.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

import explorer
from explorer.errors import RulesError
from explorer.games.star_realms import odds
from explorer.games.star_realms.odds.position import cards_to_draw


def end_of_turn_draws(seed: int, moves: int = 300) -> Iterator[Any]:
    """Every end-of-turn draw node of a seeded game (the player ending each turn at once, or playing first)."""
    match = explorer.Match(explorer.load_game("star_realms"), seed=seed)
    for i in range(moves):
        s = match.state
        if s.is_terminal():
            return
        if s.is_chance() and s.stage == "draw":
            yield s
        match.step() if s.is_chance() else match.step(s.legal_actions()[-1 if i % 3 else 0])


def dealt(s: Any, seat: int, p: Fraction = Fraction(1)) -> Iterator[tuple[Any, Fraction]]:
    """The positions once ``seat``'s hand is drawn, each with its probability (the chance outcomes, exactly)."""
    if not (s.is_chance() and cards_to_draw(s, seat)):
        yield s, p
        return
    for outcome, q in s.chance_outcomes():
        yield from dealt(s.apply(outcome), seat, p * q)


def mixture(parts: list[tuple[dict[int, Fraction], Fraction]]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for pmf, p in parts:
        for k, v in pmf.items():
            out[k] = out.get(k, 0) + p * v
    return {k: v for k, v in out.items() if v}


def nonzero(pmf: dict[int, Fraction]) -> dict[int, Fraction]:
    return {k: v for k, v in pmf.items() if v}


def draw_nodes(left: tuple[int, ...], count: int) -> list[Any]:
    found = [s for s in end_of_turn_draws(5) if cards_to_draw(s, s.queue[0].player) in left]
    assert len(found) >= count
    return found[:count]


@pytest.mark.parametrize("s", draw_nodes((5, 2), 4), ids=lambda s: s.phase)
def test_trade_and_combat_of_the_hand_being_drawn_is_the_mixture_of_every_way_it_is_dealt(s: Any) -> None:
    seat = s.queue[0].player
    asked = odds.trade_and_combat(s, seat)
    after = [(odds.trade_and_combat(d, seat), p) for d, p in dealt(s, seat)]
    assert asked.exact
    assert nonzero(asked.trade.pmf()) == mixture([(a.trade.pmf(), p) for a, p in after])
    assert nonzero(asked.combat.pmf()) == mixture([(a.combat.pmf(), p) for a, p in after])
    assert asked.notes[-1].startswith(f"asked while player {seat + 1}'s hand is being drawn")


def test_the_lethal_check_of_the_attacker_whose_hand_is_being_drawn_mixes_every_deal() -> None:
    (s,) = draw_nodes((5,), 1)
    attacker = s.queue[0].player
    defender = 1 - attacker
    asked = odds.lethal(s, attacker, defender, n=4)
    after = sum((odds.lethal(d, attacker, defender, n=4).probability * p for d, p in dealt(s, attacker)),
                Fraction(0))
    assert asked.probability == after


def test_the_seat_not_drawing_answers_with_the_hand_it_holds() -> None:
    (s,) = draw_nodes((5,), 1)
    other = 1 - s.queue[0].player
    asked = odds.trade_and_combat(s, other)
    (first_dealt, _p), *_ = dealt(s, s.queue[0].player)
    assert nonzero(asked.trade.pmf()) == nonzero(odds.trade_and_combat(first_dealt, other).trade.pmf())


def test_a_pending_effect_that_is_not_a_hand_being_drawn_is_still_refused_in_one_sentence() -> None:
    match = explorer.Match(explorer.load_game("star_realms"), seed=5)
    s = match.state  # the setup: the trade row is revealed first
    assert s.is_chance() and s.stage == "setup" and not all(t.kind == "draw" for t in s.queue)
    with pytest.raises(RulesError, match="resolve the pending effect first"):
        odds.trade_and_combat(s, 0)


def test_the_odds_tab_answers_while_the_hand_is_being_drawn_and_says_so() -> None:
    """The panel's Odds tab at "player 1 draws": the next-hand view draws the hand being drawn, the lethal
    check answers, and the buy comparison (nobody can buy now) says why in one sentence."""
    from widgets.star_realms import odds_views as ov
    from widgets.star_realms.panel import StarRealmsPanel

    (s,) = draw_nodes((5,), 1)
    seat = s.queue[0].player
    panel = StarRealmsPanel(s, deal=False, link=False)
    panel.tabs.selected_index = 1
    hand, lethal, buys = (slot.render.__self__ for slot in panel.odds.slots)
    hand.ctx.wait()
    assert isinstance(hand, ov.NextHandView) and panel.odds.errors == [None, None, None]
    assert f"Player {seat + 1}'s next hand (the hand being drawn now, 5 cards still to come)" in hand.info.value
    exact = odds.trade_and_combat(s, seat)
    shown = {int(x): Fraction(c[0]) for x, c in zip(hand.figures["trade"].data[0].x,
                                                    hand.figures["trade"].data[0].customdata)}
    assert shown == {k: exact.trade.p(k) for k in shown} and sum(shown.values()) == 1
    assert lethal.rows and all(r.explanation in html.unescape(lethal.info.value) for _q, r in lethal.rows)
    assert "The odds are asked in the main phase" in buys.info.value
