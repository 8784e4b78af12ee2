"""Issue 20, Warp's Edge: the next-draw odds when the bag holds fewer tokens than a draw takes.

Seed §4 step 4 ("Draw 5 tokens ... If you cannot draw 5, the warp ends") and RULES.md "End of a warp":
the discard and the tokens on targets return to the bag; if the bag still holds fewer than 5, that warp
ends at once too, until the last warp on the track ends and the pilot loses. The odds used to ask for 5
tokens out of 4 (``ValueError: n must be a whole number from 0 to 4``); now they answer as the engine
resolves it, and the engine itself, walked over every chance outcome with exact Fractions, is the judge.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from explorer.core import Multiset
from explorer.core.match import Match
from explorer.games.warps_edge import odds
from explorer.games.warps_edge.next_draw import NOTHING_DRAWN
from explorer.odds import Dist
from tests.warps_edge.we_helpers import position

# The two reachable positions of the issue: (seed, policy, steps) -> warp, bag size.
ISSUE_POSITIONS = {"seed 2, 18 random steps": (2, "random", 18), "seed 7, 54 heuristic steps": (7, "heuristic", 54)}


def _reached(seed: int, policy: str, steps: int):
    match = Match(explorer.load_game("warps_edge"), seed=seed)
    match.play(policy, steps)
    return match.state


def _cheapest(st):
    """The removal the odds assume (odds.removal_choice): lowest cost, then value, then id."""
    options = [a for a in st.legal_actions() if a.kind == "remove"]
    return min(options, key=lambda a: (st.token(a.args[0]).cost, st.token(a.args[0]).value, a.args[0]))


def engine_next_draw(state) -> Dist:
    """The next step-4 draw as the engine deals it, every chance outcome walked with its exact Fraction.

    The pilot does what the odds assume: ends step 2 now and lets shield damage remove the cheapest
    tokens. A game that ends before the draw deals the empty draw.
    """
    found: dict[Multiset, Fraction] = {}
    todo = [(state.apply("end actions") if state.stage == "actions" else state, Fraction(1))]
    while todo:
        st, p = todo.pop()
        if st.is_terminal():
            found[NOTHING_DRAWN] = found.get(NOTHING_DRAWN, Fraction(0)) + p
        elif st.is_chance() and st.stage == "plans" and not st.pending:
            for outcome, q in st.chance_outcomes():
                found[outcome.args[0]] = found.get(outcome.args[0], Fraction(0)) + p * q
        elif st.is_chance():
            todo += [(st.apply(outcome), p * q) for outcome, q in st.chance_outcomes()]
        else:
            assert st.pending and st.pending[0].kind == "remove", st.phase  # only step 3's removals come first
            todo.append((st.apply(_cheapest(st)), p))
    return Dist.from_fractions(found)


@pytest.mark.parametrize("where", sorted(ISSUE_POSITIONS))
def test_a_bag_short_even_after_the_reset_loses_before_any_draw(where: str) -> None:
    """RULES.md "End of a warp": every warp left ends at once; the pilot loses; nothing is drawn."""
    s = _reached(*ISSUE_POSITIONS[where])
    assert len(s.bag) < 5 and s.stage == "actions"  # the issue's positions: bag of 2, step 2
    assert odds.lost_at_warp_end(s)
    assert odds.next_draw(s) == engine_next_draw(s) == Dist({NOTHING_DRAWN: 1})
    assert "the pilot loses before any draw: nothing is drawn" in odds.next_draw_assumption(s)


@pytest.mark.parametrize("where", sorted(ISSUE_POSITIONS))
def test_every_next_draw_answer_at_a_short_bag_is_a_number(where: str) -> None:
    """The panel's and notebook's questions all answer there (they raised ValueError before)."""
    s = _reached(*ISSUE_POSITIONS[where])
    assert odds.laser_total(s).pmf() == {0: Fraction(1)}
    assert odds.maneuver_count(s).pmf() == {0: Fraction(1)}
    assert odds.p_stun_every_enemy(s) == 0  # no next pool: the pilot has lost
    assert odds.draws_left(s) == 0
    assert isinstance(odds.expected_shield_damage(s), Fraction) and isinstance(odds.p_hull_destroyed(s), Fraction)


def test_the_issue_positions_hold_the_figures_the_issue_quotes() -> None:
    """Issue 20: seed 2 at warp 1 with 4 tokens to draw from after the reset; seed 7 at warp 5 with 2.

    (The issue's "bag of 4" / "bag of 2" are the populations the draw was asked of: the bag itself holds
    2 and 1 tokens.)
    """
    first, second = (_reached(*ISSUE_POSITIONS[k]) for k in ("seed 2, 18 random steps", "seed 7, 54 heuristic steps"))
    assert (first.warp, len(first.bag), len(odds.next_draw_population(first))) == (1, 2, 4)
    assert (second.warp, len(second.bag), len(odds.next_draw_population(second))) == (5, 1, 2)


def test_a_short_bag_that_the_reset_refills_draws_from_the_reset_bag() -> None:
    """Seed §4 step 4: 3 tokens in the bag, 6 in the discard, 3 shield damage removes 3 -> the reset bag holds 6."""
    s = position(row=["Demo Gnat", "Demo Raider"], bag={"laser-1": 1, "energy-1": 1, "maneuver-1": 1},
                 discard={"laser-2": 2, "laser-1": 2, "energy-2": 1, "maneuver-1": 1}, calm=True)
    assert not odds.lost_at_warp_end(s)
    assert odds.next_draw(s) == engine_next_draw(s)


def test_a_bag_of_exactly_five_after_the_reset_is_drawn_whole() -> None:
    """Five tokens after the reset: the draw takes them all, with probability 1."""
    s = position(row=["Demo Gnat"], bag={"laser-1": 1, "energy-1": 1}, discard={"laser-2": 2, "maneuver-1": 2},
                 calm=True)
    assert odds.step_3_removals(s) == 1 and len(odds.next_draw_population(s)) == 5
    assert odds.next_draw(s) == engine_next_draw(s)
    assert odds.next_draw(s).pmf() == {odds.next_draw_population(s): Fraction(1)}


def test_one_token_short_after_the_reset_loses() -> None:
    """Four tokens after the reset: the engine ends every warp left and the pilot loses."""
    s = position(row=["Demo Gnat"], bag={"laser-1": 1}, discard={"laser-2": 2, "maneuver-1": 2}, calm=True)
    assert len(odds.next_draw_population(s)) == 4 and odds.lost_at_warp_end(s)
    assert odds.next_draw(s) == engine_next_draw(s) == Dist({NOTHING_DRAWN: 1})
