"""One Shield Assault counted over the 252 face multisets at once, held to the engine's rule roll by roll.

Seed §5B: each die meeting the next space's number (+1 per stormtrooper) advances the strike team; the engine
(``orders.shield_advance``) gives each space in turn the smallest unused die that meets it. The odds count that
rule for all rolls at once (issue 21: the assault chain was most of Endor's Odds-tab time), so these tests
compare it with the rule applied to every roll, at every space of the track and with stormtroopers ahead.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from tests.endor.endor_helpers import game, turn

from explorer.games.endor.odds import shield_advance_odds, shield_chain
from explorer.games.endor.orders import shield_advance
from explorer.odds import absorbing_chain, dice_faces


def _by_rule(track: tuple[int, ...], start: int, troopers: tuple[int, ...]) -> dict[tuple[int, tuple[int, ...]], int]:
    """(space reached, stormtroopers left) -> ordered rolls of 5 dice, the engine's rule on each roll."""
    faces = dice_faces(5)
    out: dict[tuple[int, tuple[int, ...]], int] = {}
    for roll, w in zip(faces.outcomes, faces.weights):
        key = shield_advance(track, start, troopers, roll)
        out[key] = out.get(key, 0) + w
    return out


def test_one_assault_matches_the_rule_on_every_space_with_stormtroopers_ahead() -> None:
    s = turn(game(), "Shield Assault / Luke Skywalker")
    track = s.data.track
    for start in range(len(track) + 1):
        ahead = range(start + 1, min(len(track), start + 5) + 1)  # the spaces 5 dice can reach
        for n in (0, 1, 2):
            for troopers in combinations(ahead, n):
                t = s.replace(strike_team=start, troopers=troopers)
                by_rule = _by_rule(track, start, troopers)
                expected = {}
                for (end, _), w in by_rule.items():
                    expected[end - start] = expected.get(end - start, 0) + Fraction(w, 6**5)
                assert shield_advance_odds(t).pmf() == dict(sorted(expected.items())), (start, troopers)


def test_assault_chain_matches_the_chain_of_the_rule() -> None:
    # from space 18 with stormtroopers on 20 and 23: every (space, stormtroopers left) walked by the rule
    s = turn(game(), "Shield Assault / Luke Skywalker", strike_team=18, troopers=(20, 23))
    track = s.data.track
    transitions: dict = {}
    todo = [(18, (20, 23))]
    while todo:
        node = todo.pop()
        if node in transitions or node[0] >= len(track):
            continue
        rows = _by_rule(track, *node)
        transitions[node] = {nxt: Fraction(w, 6**5) for nxt, w in rows.items()}
        todo.extend(rows)
    expected = absorbing_chain(transitions, (18, (20, 23)), max_steps=60)
    chain = shield_chain(s)
    assert chain.expected_steps == expected.expected_steps
    assert [chain.p_ended_by(k) for k in range(1, 13)] == [expected.p_ended_by(k) for k in range(1, 13)]
