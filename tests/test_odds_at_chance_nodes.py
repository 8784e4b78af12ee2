"""Issue 37: at every chance node, each odds question and the advice answer, or say in one sentence why not.

The questions are the panels' and notebooks' own (``tests/test_odds_answer_everywhere.py`` lists them,
asked there at decisions); here they are asked at every chance node of seeded games (a hand being
drawn, a trade-row refill, a skill card or enemy being dealt). Each answers, or raises a ``RulesError``
of one sentence saying why the question does not apply; nothing else may escape. The advice entry
is asked too: ``explorer.advise`` at a chance node refuses in one sentence, and the Advice tab's
``next_decision`` deals the chance steps as the rollouts do and names the decision it advises.

How many games: Warp's Edge and Star Realms only so far (the other three games' odds views are not
covered here yet). The issue asks for 1,000 per game; that is far past the ~2 minutes this suite may
take on one core (a Star Realms game's questions alone take seconds), so the quick tests play
4 Warp's Edge games and the first 400 moves of 1 Star Realms game; ``ODDS_AT_CHANCE_GAMES`` sets another count.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import explorer
from explorer.core.chance import sample_outcome
from tests.test_odds_answer_everywhere import ask_all, decisions, star_realms_questions, warps_edge_questions
from widgets.common.advice_tab import next_decision


def chance_nodes(game_id: str, seeds: range, max_steps: int = 5_000,
                 setups: tuple[dict[str, Any], ...] = ({},)) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Every chance node of the seeded games (even seeds random, odd heuristic), with the states so far."""
    return decisions(game_id, seeds, max_steps, setups, chance=True)


def advice_questions(s: Any, seed: int) -> Iterator[tuple[str, Any]]:
    """The advice entry at a chance node: the advisor's refusal, and the Advice tab's deal to the next decision."""
    def advise_refuses() -> None:
        explorer.advise(s, rollouts=1)

    def tab_deals() -> None:
        dealt, said = next_decision(s, seed)
        assert not dealt.is_chance() and not dealt.is_terminal()
        assert said.startswith("Cards are still being dealt: this advises ") and said.endswith(
            "next decision, dealing the draw as the rollouts do."), said

    yield "advise", advise_refuses
    yield "next_decision", tab_deals


def _games(quick: int) -> int:
    return int(os.environ.get("ODDS_AT_CHANCE_GAMES", quick))


def _check(game_id: str, games: int, questions: Any, max_steps: int = 5_000,
           setups: tuple[dict[str, Any], ...] = ({},)) -> dict[str, int]:
    counts: dict[str, int] = {}
    for i, (s, history) in enumerate(chance_nodes(game_id, range(games), max_steps, setups)):
        for name, n in ask_all(questions(s, history), f"{game_id} chance node {s.phase}").items():
            counts[name] = counts.get(name, 0) + n
        for name, n in ask_all(advice_questions(s, i), f"{game_id} chance node {s.phase} (advice)").items():
            counts[name] = counts.get(name, 0) + n
    return counts


def test_warps_edge_odds_and_advice_answer_or_say_why_at_every_chance_node() -> None:
    counts = _check("warps_edge", _games(4), lambda s, _h: warps_edge_questions(s))
    assert counts["advise: refused"] > 10 and counts["next_decision"] > 0
    assert "advise" not in counts  # the advisor itself never advises a chance node: it says why


def test_star_realms_odds_and_advice_answer_or_say_why_at_every_chance_node(small_budget: None) -> None:
    counts = _check("star_realms", _games(1), star_realms_questions, max_steps=400)
    assert counts["advise: refused"] > 10 and counts["next_decision"] > 0
    assert counts["next_hand"] > 10  # the hand being drawn answers; the other questions still say why not


@pytest.fixture
def small_budget() -> Iterator[None]:
    """A small time budget: the exact walks give up sooner and the sampled estimates stand in (both are answers)."""
    from explorer.games.star_realms import odds

    old = odds.set_budget(exact_seconds=0.05, states=20_000, sample_seconds=0.02, min_trials=5, trials=200)
    yield
    odds.set_budget(**old.__dict__)


def test_star_realms_next_hand_while_it_is_being_drawn_is_the_hand_being_drawn() -> None:
    """At the end-of-turn draw, "the next hand" is the hand being drawn: it sums to 1 and holds the hand dealt."""
    from explorer.core import Multiset
    from explorer.games.star_realms import odds

    asked = 0
    for s, _history in chance_nodes("star_realms", range(2), max_steps=300):
        if s.stage != "draw":
            continue
        seat = s.queue[0].player
        d = odds.next_hand(s, seat)
        assert sum(d.p(h) for h in d.outcomes) == 1
        asked += 1
        n = s
        rng = np.random.default_rng(asked)
        while n.is_chance():
            n = n.apply(sample_outcome(n.chance_outcomes(), rng))
        assert d.p(Multiset(n.players[seat].hand)) > 0, (s.phase, n.players[seat].hand)
    assert asked > 20
