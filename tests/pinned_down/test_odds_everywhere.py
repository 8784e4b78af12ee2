"""Every odds function the panel or the notebook uses, asked at every decision of seeded games: each answers, or
says in one sentence why the question does not apply there; none raises (issue 20, "Every game").

Asked: ``reveal_by_card`` and ``summary_rows`` (notebook), ``reveal_distribution`` and ``quiet_effect_chances``,
the Odds tab's card list ``hand_options``, ``fight_choices`` (every FIGHT move's ``fight_odds``), ``fight_orders``;
the sampled ``survive_this_turn`` and ``turns_to_distance`` (notebook) at a spread of decisions, few trials.
The default run plays ``PD_ODDS_GAMES`` (default 2) seeded games, half random, half heuristic, 1 to 3 players;
``PD_ODDS_GAMES=1000`` is the issue's full run. Exact odds at every decision cost about 0.1-0.6 s each on
this machine (a game has 10-150 decisions), so the default stays at two games to keep the suite fast.
"""

from __future__ import annotations

import os
from fractions import Fraction

import pytest

from explorer.core.rng import new_generator
import explorer
from explorer.games.pinned_down.odds import (
    quiet_effect_chances, reveal_by_card, reveal_distribution, summary_rows, why_no_reveal)
from explorer.games.pinned_down.odds_fight import fight_choices, survive_this_turn, turns_to_distance, why_no_fight
from explorer.games.pinned_down.odds_order import fight_orders, why_no_order
from explorer.games.pinned_down.policies import heuristic_policy
from widgets.pinned_down.odds_views import hand_options

GAMES = int(os.environ.get("PD_ODDS_GAMES", "2"))
GAME = explorer.load_game("pinned_down")


def _one_sentence(text: str) -> None:
    assert text and text[0].isupper() and text.endswith(".") and text.count(". ") == 0, text


def _ask(s: explorer.State, sampled: bool) -> None:
    why = why_no_reveal(s)
    if why:
        _one_sentence(why)
    else:
        assert sum(reveal_distribution(s).pmf().values()) == 1
        options = reveal_by_card(s)
        assert summary_rows(options, 8)
        assert all(0 <= p <= 1 for p in quiet_effect_chances(s).values())
        cards = {label for label, _, _ in hand_options(s)}
        for p in ([q for q in s.alive() if not s.passed[q]] if s.stage == "main" else []):
            for card in s.players[p].hand.kinds():  # every card in hand appears, with its answer or its reason
                assert any(label.endswith(card) for label in cards), card
    why = why_no_fight(s)
    if why:
        _one_sentence(why)
    else:
        for _, odds in fight_choices(s):
            assert odds.win + odds.damaged + odds.destroyed + odds.overpowered == 1
    why = why_no_order(s)
    if why:
        _one_sentence(why)
    else:
        assert all(0 <= o.all_won <= 1 for o in fight_orders(s))
    if sampled and not s.is_terminal():
        assert 0 <= survive_this_turn(s, trials=3, seed=1).value <= 1
        assert 0 <= turns_to_distance(s, trials=2, seed=1).win.value <= 1


@pytest.mark.slow
def test_every_odds_function_answers_at_every_decision() -> None:
    decisions = 0
    for seed in range(GAMES):
        rng = new_generator(seed)
        m = explorer.Match(GAME.initial_state(players=1 + seed % 3), seed=seed)
        heuristic = seed % 2 == 1
        for _ in range(3000):
            s = m.state
            if s.is_terminal():
                break
            if s.is_chance():
                m.step()
                continue
            decisions += 1
            _ask(s, sampled=decisions % 97 == 0)
            actions = s.legal_actions()
            m.step(heuristic_policy(s, rng) if heuristic else actions[int(rng.integers(len(actions)))])
        _ask(m.state, sampled=False)
    assert decisions >= GAMES * 5
    assert Fraction(decisions, GAMES) > 0
