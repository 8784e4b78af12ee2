"""The assignment phase with several ships: the players choose which ship takes which enemy.

Seed 004_5aaf4de132c4176f.txt, line 5: "All players play simultaneously."; lines 20-26, Assignment Phase:
"Players assign their starships to the attackers according to the following rules": every player ship
assigned when enemies outnumber them, every enemy when ships outnumber them, and no ship assigned to an
enemy while a stronger one is unassigned. Nothing there says Player 1's ship goes first.
"""

from __future__ import annotations

import pytest

import explorer
from explorer.errors import IllegalActionError
from explorer.games.pinned_down.story import story
from tests.pinned_down.conftest import fleet

BEHEMOTH, CRUISER, FRIGATE = "Dra'tar Behemoth", "Dra'tar Assault Cruiser", "Dra'tar Swarm Frigate"


def _assign(game: explorer.Game, enemies: list[str], ships: list[dict]) -> explorer.State:
    return game.position(stage="assign", threat=0, locations=["Harana"], enemies=[{"name": n} for n in enemies],
                         players=[{**f, "assignment": "undecided"} for f in ships])


def _moves(s: explorer.State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def test_the_players_choose_which_ship_takes_the_strongest_enemy(game: explorer.Game) -> None:
    # seed lines 5, 20-26: the players assign their starships; either ship may take the Behemoth (12, the
    # strongest), and the other then takes the Assault Cruiser (11): two enemies for two ships, nobody stays out
    s = _assign(game, [BEHEMOTH, CRUISER], [fleet("TRB Ardor"), fleet("TRF Moscow")])
    assert _moves(s) == ["assign TRB Ardor to Dra'tar Behemoth", "assign TRF Moscow to Dra'tar Behemoth"]
    after = s.apply("assign TRF Moscow to Dra'tar Behemoth")
    assert _moves(after) == ["assign TRB Ardor to Dra'tar Assault Cruiser"]
    done = after.apply("assign TRB Ardor to Dra'tar Assault Cruiser")
    assert done.assigned == (1, 0) and done.stage == "order"


def test_the_strongest_first_rule_binds_every_ship(game: explorer.Game) -> None:
    # seed line 26: "not allowed to assign a starship to an enemy starship, if there's at least one other
    # unassigned enemy starship with higher power": no ship, first seat or not, may take the Cruiser or the
    # Swarm Frigate while the Behemoth is free
    s = _assign(game, [FRIGATE, CRUISER, BEHEMOTH], [fleet("TRB Ardor"), fleet("TRF Moscow"), fleet("TRI Pegasus")])
    assert _moves(s) == ["assign TRB Ardor to Dra'tar Behemoth", "assign TRF Moscow to Dra'tar Behemoth",
                         "assign TRI Pegasus to Dra'tar Behemoth"]
    with pytest.raises(IllegalActionError):
        s.apply("assign TRF Moscow to Dra'tar Assault Cruiser")
    after = s.apply("assign TRI Pegasus to Dra'tar Behemoth")
    assert _moves(after) == ["assign TRB Ardor to Dra'tar Assault Cruiser",
                             "assign TRF Moscow to Dra'tar Assault Cruiser"]


def test_any_ship_may_stay_out_when_ships_outnumber_enemies(game: explorer.Game) -> None:
    # seed line 25: with more player ships than enemies every enemy must be assigned, so any one of two
    # ships may be left out of a fight against one enemy, but not both
    s = _assign(game, [BEHEMOTH], [fleet("TRB Ardor"), fleet("TRF Moscow")])
    assert _moves(s) == ["assign TRB Ardor to Dra'tar Behemoth", "leave TRB Ardor unassigned",
                         "assign TRF Moscow to Dra'tar Behemoth", "leave TRF Moscow unassigned"]
    assert _moves(s.apply("leave TRF Moscow unassigned")) == ["assign TRB Ardor to Dra'tar Behemoth"]


def test_the_log_names_the_ships_own_player(game: explorer.Game) -> None:
    # the move names its flagship, so the log names that ship's player, not the first undecided one
    s = _assign(game, [BEHEMOTH, CRUISER], [fleet("TRB Ardor"), fleet("TRF Moscow")])
    move = next(a for a in s.legal_actions() if str(a) == "assign TRF Moscow to Dra'tar Behemoth")
    assert story(s, move, s.apply(move)) == "Player 2 assigns TRF Moscow to Dra'tar Behemoth"


def test_the_choice_is_spoken_by_the_first_undecided_player(game: explorer.Game) -> None:
    # as for the fight order and the location pick: the fleet's choice, spoken by the first player still to decide
    s = _assign(game, [BEHEMOTH, CRUISER], [fleet("TRB Ardor"), fleet("TRF Moscow")])
    assert s.current_player == 0
    assert s.apply("assign TRB Ardor to Dra'tar Behemoth").current_player == 1


def test_the_heuristic_sends_the_ship_that_wins(game: explorer.Game) -> None:
    # policy_fight.assign_move: TRF Moscow (Player 1, 7 at Harana) loses to the Behemoth's 12; TRB Ardor
    # (Player 2, 11 with Admiral Bright) wins with Defiance (+4 at a planet): Ardor takes it, not seat order
    import numpy as np

    from explorer.games.pinned_down.policies import heuristic_policy

    s = _assign(game, [BEHEMOTH, CRUISER], [fleet("TRF Moscow"), fleet("TRB Ardor", hand=["Defiance"])])
    assert str(heuristic_policy(s, np.random.default_rng(0))) == "assign TRB Ardor to Dra'tar Behemoth"


def test_seat_order_is_no_variant() -> None:
    # RULES.md: the fix holds in every variant; in digital_2021 (no strongest-first) every ship may take either
    game = explorer.load_game("pinned_down", variant="digital_2021")
    s = _assign(game, [FRIGATE, BEHEMOTH], [fleet("TRB Ardor"), fleet("TRF Moscow")])
    assert _moves(s) == ["assign TRB Ardor to Dra'tar Swarm Frigate", "assign TRB Ardor to Dra'tar Behemoth",
                         "assign TRF Moscow to Dra'tar Swarm Frigate", "assign TRF Moscow to Dra'tar Behemoth"]
