"""Faster Fleet Command hints play the very same rollouts (issue 37 item 6), and the Advice page's bar and
Pinned Down's default ranking.

The speed-ups change what a rollout costs, never what it plays: the path search and the targets are
remembered by everything they read (``explorer/games/fleet_command/recall.py``), the heuristic's path and
shot are picked without ranking every option by its words. So the heuristic picks what ranking every
option by all its keys picks, and the rollout values are those the engine gave before the change.
"""

from __future__ import annotations

import numpy as np

import explorer
from explorer import Match
from explorer.advisor.rollout import Job, play_piece
from explorer.core.chance import sample_outcome
from explorer.games.fleet_command import tactics
from explorer.games.fleet_command.geometry import centre_distance
from explorer.games.fleet_command.movement import search_ends, ship_manoeuvres
from explorer.games.fleet_command.offers import path_action
from explorer.games.fleet_command.phases import ends
from explorer.games.fleet_command.policies import heuristic_policy
from explorer.games.fleet_command.recall import ends_key
from tests.advisor.advise_helpers import mid_game
from widgets.common.advice_tab import AdviceTab
from widgets.fleet_command.panel import start_at_movement
from widgets.pinned_down.panel import PinnedDownPanel
from widgets.warps_edge.panel import WarpsEdgePanel


def seeded_positions(games: int = 6) -> list:
    """Every decision of a few seeded heuristic games from the panel's opening (seed 1)."""
    start = start_at_movement(explorer.load_game("fleet_command"), 1).state
    out = []
    for seed in range(games):
        rng, state = np.random.default_rng(seed), start
        while not state.is_terminal():
            if state.is_chance():
                state = state.apply(sample_outcome(state.chance_outcomes(), rng))
                continue
            out.append(state)
            state = state.apply(heuristic_policy(state, rng))
    return out


POSITIONS = seeded_positions()


def ranked_path(state) -> object:
    """The rule of the heuristic's path, as written: every end ranked by (most enemies in arc and range,
    nearest enemy, the path's words)."""
    player = state.actor
    enemies = [s.pose for s in state.fleets[1 - player].ships if s.on_table]
    found = list(ends(state).items())
    shots = [len(tactics.targets(state, player, state.moving.ship, pose=pose)) for pose, _ in found]

    def score(i: int) -> tuple:
        pose, seq = found[i]
        near = min((centre_distance(pose, e) for e in enemies), default=0.0)
        return (-shots[i], near, str(path_action(seq)))

    return path_action(found[min(range(len(found)), key=score)][1])


def ranked_shot(state) -> object:
    """The rule of the heuristic's shot, as written: a sure card first, then a draw, the fewest cubes, the words."""
    actions = state.legal_actions()
    enemy = state.fleets[1 - state.actor]
    shots = [a for a in actions if a.kind == "shoot"]
    if not shots:
        return next(a for a in actions if a.kind == "hold fire")

    def score(a) -> tuple:
        target = enemy.ship(str(a.args[1]))
        card = str(a.args[2])
        sure = bool(card) and state.data.card_number(card) <= target.cubes
        return (bool(card) and not sure, not sure, target.cubes, str(a))

    return min(shots, key=score)


def test_the_heuristic_lays_the_path_that_ranking_every_end_by_its_three_keys_lays() -> None:
    paths = [s for s in POSITIONS if s.stage == "path"]
    assert len(paths) > 100
    for state in paths:
        assert heuristic_policy(state, np.random.default_rng(0)) == ranked_path(state), state.phase


def test_the_heuristic_fires_the_shot_that_ranking_every_shot_by_its_four_keys_fires() -> None:
    combats = [s for s in POSITIONS if s.stage == "combat"]
    assert len(combats) > 100
    for state in combats:
        assert heuristic_policy(state, np.random.default_rng(0)) == ranked_shot(state), state.phase


def test_a_remembered_path_search_is_the_rules_own_search() -> None:
    # the search remembered for one position serves another with the same ships in the same places:
    # it must be exactly what the step-by-step rule (movement.search_ends) finds for each
    paths = [s for s in POSITIONS if s.stage == "path"]
    keys: dict[tuple, object] = {}
    shared = 0
    for state in paths:
        ship = state.fleets[state.actor].ship(state.moving.ship)
        kind = state.ship_type(ship)
        blocked = [s.pose for f in state.fleets for s in f.ships if s.on_table and s is not ship]
        rule = search_ends(ship.pose, tiles=state.moving.tiles, manoeuvres=ship_manoeuvres(kind.manoeuvres),
                           roll=state.moving.roll, omnidirectional=kind.omnidirectional, blocked=blocked,
                           width=state.params.table_width, depth=state.params.table_depth,
                           two_fronts=tactics.fronts(state, ship) == 2)
        assert list(ends(state).items()) == list(rule.items())  # same ends, same first sequences, same order
        key = ends_key(state)
        shared += key in keys
        keys[key] = state
    assert shared > 0  # the games from one opening do meet the same searches


def test_the_rollouts_of_the_opening_hint_are_the_values_the_engine_gave_before() -> None:
    # recorded with the engine of commit 06cadf0 (before issue 37 item 6): rollouts 0-5 of every option of
    # the panel's opening (seed 1, 17 options), hint seed 0; each figure is an option's wins (a draw counts 1/2)
    state = start_at_movement(explorer.load_game("fleet_command"), 1).state
    job = Job(state, state.current_player, "heuristic", 0, 100_000, "win")
    values = play_piece(job, tuple(range(17)), 0, 6)
    assert [sum(v) for _o, _a, _b, v in values] == [3.0, 3.0, 3.0, 2.0, 3.0, 2.0, 1.0, 2.0, 4.0, 3.0, 3.0, 3.0,
                                                     1.0, 3.0, 1.5, 1.0, 3.0]
    assert values[0][3] == (1.0, 1.0, 0.0, 1.0, 0.0, 0.0)


def test_the_first_placement_rollouts_are_the_values_the_engine_gave_before() -> None:
    # the same record for every sixth of the 96 placements of the game's first decision (seed 0)
    state = Match(explorer.load_game("fleet_command"), seed=0).state
    job = Job(state, 0, "heuristic", 0, 100_000, "win")
    values = play_piece(job, tuple(range(0, 96, 6)), 0, 6)
    assert [sum(v) for _o, _a, _b, v in values] == [5.0, 3.0, 4.5, 5.0, 3.0, 4.5, 4.0, 4.0, 3.0, 5.0, 3.0, 3.5,
                                                     3.0, 4.5, 4.0, 4.0]


def test_the_progress_bar_ends_full_when_the_race_played_fewer_games_than_it_might() -> None:
    m = Match(explorer.load_game("warps_edge"), seed=1)
    m.play("heuristic", 4)
    while m.state.is_chance():
        m.step()
    panel = WarpsEdgePanel(m, link=False)
    panel.advice.background = False
    panel.advice.rollouts.value = 64
    assert panel.advice.ask()
    advice, bar = panel.advice.advice, panel.advice.progress
    assert not advice.partial and advice.total_rollouts < 64 * len(advice.rows)  # the race stopped some options
    assert bar.value == bar.max == advice.total_rollouts  # 100%


def test_pinned_down_advice_ranks_by_progress_by_default_when_every_win_chance_is_0_and_says_so() -> None:
    # the lone flagship of tests/test_advice_panel.py: every rollout of both options is lost (0% and 0%)
    m = Match(mid_game("pinned_down"), seed=3)
    panel = PinnedDownPanel(m, link=False)
    tab = panel.advice
    tab.background = False
    tab.rollouts.value = 16
    assert tab.rank_by.value == "auto" and tab.rank_by.layout.display is None
    assert tab.ask()
    advice = tab.advice
    assert advice.measure == "progress" and advice.best.win > advice.rows[1].win > 0
    shown = tab.headline.value.replace("&#x27;", "'")
    assert "re-advice-by-progress" in shown and "re-advice-undecided" not in shown
    assert ("Every rollout of every option ended in a loss for Player 1, so every win chance is 0%: the options "
            "are ranked by progress instead (the distance the fleet covered toward 10; a win counts 100%).") in shown
    rows = [row.children[0].value for row in tab.rows_box.children]
    assert all(" · progress " in row for row in rows) and "tied with every option" not in rows[1]
    assert tab.progress.value == tab.progress.max == advice.total_rollouts


def test_pinned_down_advice_asked_by_win_chance_keeps_the_win_chances_and_says_none_ranks() -> None:
    m = Match(mid_game("pinned_down"), seed=3)
    panel = PinnedDownPanel(m, link=False)
    tab = panel.advice
    tab.background = False
    tab.rollouts.value = 8
    tab.rank_by.value = "win"
    assert tab.ask()
    assert tab.advice.measure == "win" and [r.win for r in tab.advice.rows] == [0.0, 0.0]
    assert "the order below is only the rules' order" in tab.headline.value.replace("&#x27;", "'")


def test_a_hint_on_a_thread_of_its_own_plays_on_every_core_and_elsewhere_here() -> None:
    tab = AdviceTab(current=lambda: mid_game("warps_edge"), on_play=print)
    assert tab.backend(threaded=True) == "processes" and tab.backend(threaded=False) == "local"
    kept = AdviceTab(current=lambda: mid_game("warps_edge"), on_play=print, backend="local")
    assert kept.backend(threaded=True) == "local"

