"""Endor's odds against the engine on positions of seeded games, and every odds view answering everywhere.

The odds are the rules summed (issue 20): at attack decisions reached by seeded
random games, the engine's own enumeration — every roll, every way the attacker
assigns it — must give exactly the chances ``attack_odds`` and
``special_ship_odds`` report. And every odds function the panel or the notebook
shows must answer at every decision of seeded games, or say in one sentence why
the question does not apply; none may raise.
"""

from __future__ import annotations

import os
from functools import cache

import plotly.graph_objects as go
from tests.endor.engine_enumeration import attack_by_engine, best, chance

import explorer
from explorer.games.endor import odds
from explorer.games.endor.state import DEATH_STAR
from widgets.endor.odds_views import odds_views

GAMES = int(os.environ.get("ENDOR_ODDS_GAMES", "6"))
STEPS = 300


@cache
def _played(policy: str) -> tuple:
    return tuple(_play(policy))


def _games(policy: str = "random"):
    return _played(policy)


def _play(policy: str):
    for seed in range(GAMES):
        players = 4 if seed % 3 == 2 else 2
        variant = "sw_ksirk" if seed % 2 else None
        m = explorer.Match(explorer.load_game("endor", variant=variant).initial_state(players=players), seed=seed)
        m.play(policy, max_steps=STEPS)
        yield seed, m


def _attacks(s):
    data = s.data
    for a in s.legal_actions():
        if a.kind == "attack" and a.args[1] != "Death Star":
            yield a, data.index[str(a.args[0])], data.index[str(a.args[1])]


def test_attack_odds_agree_with_the_engine_at_attacks_of_seeded_games() -> None:
    checked = 0
    for seed, m in _games():
        for s in m.states:
            if s.is_chance() or s.step.stage != "attack":
                continue
            for action, src, tgt in list(_attacks(s))[:2]:
                rolls = attack_by_engine(s, action)
                o = odds.attack_odds(s, s.step.ship, src, tgt)
                where = f"seed {seed}, {s.phase}, {action}"
                assert o.cleared == chance(rolls, lambda r: r.cleared), where
                assert o.losses.pmf() == best(rolls, lambda r: r.losses), where
                big = odds.special_ship_odds(s, s.step.ship, src, tgt)
                assert big.destroyed == chance(rolls, lambda r: r.special_destroyed), where
                if not big.reason:
                    assert big.track_hits.pmf() == best(rolls, lambda r: r.special_hits), where
                checked += 1
    assert checked >= GAMES                     # attacks happen in every seeded game


def test_every_odds_function_answers_at_every_decision_of_seeded_games() -> None:
    decisions = 0
    for policy in ("random", "heuristic"):
        for seed, m in _games(policy):
            for s in m.states:
                if s.is_chance():
                    continue
                decisions += 1
                where = f"{policy} seed {seed}, {s.phase}"
                rows = odds.which_order(s)              # the panel's and the notebook's first question
                assert all(0 <= p <= 1 and what for _, _, what, p in rows), where
                assert all(p == 0 for _, _, what, p in rows if what.startswith("cannot be used")), where
                duel = odds.duel_odds(s)
                assert all(d.usable == (not d.reason) and (d.usable or not dict(d)) for d in duel.values()), where
                if not s.shields_down:
                    assert odds.shield_advance_odds(s).total > 0 and odds.shield_chain(s).expected_steps >= 1, where
                assert 0 <= odds.death_star_final(odds.best_death_star_dice(s)) <= 1
                for _, src, tgt in _attacks(s):
                    assert 0 <= odds.attack_odds(s, s.step.ship, src, tgt).cleared <= 1, where
                    special = odds.special_ship_odds(s, s.step.ship, src, tgt)
                    assert bool(special.reason) != bool(special.ship), where
    assert decisions > 500


def test_every_odds_view_shows_an_answer_or_a_sentence_along_seeded_games() -> None:
    # the views draw Plotly figures (~0.2 s each): every 60th decision of the seeded games
    views = odds_views()
    shown = 0
    for seed, m in _games():
        decisions = [s for s in m.states if not s.is_chance()]
        for s in decisions[::60] + decisions[-1:]:
            for view in views:
                answer = view(s)
                assert isinstance(answer, (go.Figure, str)) and answer, f"{view.title}: seed {seed}, {s.phase}"
                shown += 1
    assert shown > 50


def test_a_question_that_does_not_apply_says_why_in_one_sentence() -> None:
    s = explorer.load_game("endor").initial_state().replace(strike_team=28)
    shown = {view.title: view(s) for view in odds_views()}
    assert "The shields are already down" in shown["Shield Assault: one order"]
    assert "Attack odds appear while a ship order is being given" in shown["This attack"]
    assert odds.special_ship_odds(s, 0, s.data.index["M15"], DEATH_STAR).reason == \
        "The Death Star is not the Falcon or the Executor."
