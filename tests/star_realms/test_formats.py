"""Multiplayer formats: Authority, starting hands, turn groups, targeting, elimination, winners."""

from __future__ import annotations

import pytest

import explorer
from explorer.errors import RulesError
from explorer.games.star_realms.formats import make_format


@pytest.mark.parametrize("fmt, players, authority, hands", [
    ("standard", 2, (50, 50), (3, 5)),
    ("free_for_all", 3, (50, 50, 50), (3, 4, 5)),
    ("hunter", 5, (50,) * 5, (3, 4, 5, 5, 5)),
    ("hydra", 4, (75, 75), (3, 3, 5, 5)),
    ("hydra", 6, (100, 100), (3, 3, 3, 5, 5, 5)),
    ("emperor", 4, (60, 50, 60, 50), (3, 3, 5, 5)),
    ("raid", 3, (50, 50, 50), (5, 5, 5)),
    ("raid", 4, (70, 50, 50, 50), (5, 5, 5, 5)),
    ("raid", 5, (70, 50, 50, 50, 50), (6, 5, 5, 5, 5)),
    ("raid", 6, (90, 50, 50, 50, 50, 50), (6, 5, 5, 5, 5, 5)),
])
def test_setup_of_every_format(chance, fmt: str, players: int, authority: tuple, hands: tuple) -> None:
    s = chance(explorer.load_game("star_realms").initial_state(players=players, format=fmt))
    assert s.authority == authority and tuple(len(p.hand) for p in s.players) == hands


def test_unknown_format_or_player_count_is_refused() -> None:
    game = explorer.load_game("star_realms")
    with pytest.raises(RulesError, match="format hydra is for 4, 6 players, not 5"):
        game.initial_state(players=5, format="hydra")
    with pytest.raises(RulesError, match="unknown format"):
        game.initial_state(format="melee")
    with pytest.raises(RulesError, match="10 to 16"):
        game.initial_state(explorers=20)


def test_free_for_all_attacks_anyone_with_any_split(make) -> None:
    s = make(players=3, format="free_for_all", combat=[2])
    moves = [str(a) for a in s.legal_actions()]
    assert {"attack player 2 1", "attack player 2 2", "attack player 3 1", "attack player 3 2"} <= set(moves)


def test_hunter_attacks_only_the_left_opponent(make) -> None:
    s = make(players=4, format="hunter", combat=[9], bases=[(), (), (), ("Blob Wheel",)])
    moves = [str(a) for a in s.legal_actions() if str(a).startswith("attack")]
    assert moves == [f"attack player 2 {n}" for n in range(1, 10)]
    with pytest.raises(explorer.errors.IllegalActionError, match="cannot be attacked"):
        s.apply("attack player 3 9")
    s = make(players=4, format="hunter", combat=[9], bases=[(), (), (), ("Blob Wheel",)],
             variant="hunter_right_neighbour_bases")
    assert "attack Blob Wheel of player 4" in [str(a) for a in s.legal_actions()]


def test_hunter_skips_a_defeated_left_neighbour(make) -> None:
    s = make(players=3, format="hunter", combat=[4], authority=(50, 0, 50))
    assert [str(a) for a in s.legal_actions() if str(a).startswith("attack")] == [f"attack player 3 {n}" for n in range(1, 5)]


def test_emperor_admirals_attack_only_the_enemy_emperor(make) -> None:
    s = make(players=4, format="emperor", actor=1, combat=[0, 5])
    assert [str(a) for a in s.legal_actions() if str(a).startswith("attack")] == [f"attack player 3 {n}" for n in range(1, 6)]
    s = s.apply("attack player 3 5")
    assert s.authority == (60, 50, 55, 50)


def test_emperor_falls_and_his_team_loses(make) -> None:
    s = make(players=4, format="emperor", combat=[10], authority=(60, 50, 10, 50))
    s = s.apply("attack player 3 10")
    assert s.is_terminal() and s.result().winners == (0, 1)


def test_raid_boss_wins_when_every_raider_falls(make) -> None:
    s = make(players=3, format="raid", combat=[10], authority=(50, 0, 10))
    s = s.apply("attack player 3 10")
    assert s.result().winners == (0,) and "Boss" in s.result().reason
    s = make(players=3, format="raid", actor=1, combat=[0, 10], authority=(10, 50, 50))
    assert [str(a) for a in s.legal_actions() if str(a).startswith("attack")] == [f"attack player 1 {n}" for n in range(1, 11)]
    assert s.apply("attack player 1 10").result().winners == (1, 2)


def test_eliminated_players_are_skipped(make, chance) -> None:
    s = make(players=3, format="free_for_all", combat=[5], authority=(50, 5, 50))
    s = chance(s.apply("attack player 2 5").apply("end turn"))
    assert not s.is_terminal() and s.actor == 2


def test_hydra_end_turn_ends_the_whole_team_turn(make, chance) -> None:
    """Reference, Hydra: "Teams, not players, take turns" (more in test_teams.py)."""
    s = make(players=4, format="hydra")
    s = chance(s.apply("end turn"))
    assert s.actor == 2 and s.group == 1


def test_format_table_is_consistent() -> None:
    for name, counts in (("hydra", (4, 6)), ("emperor", (4, 6))):
        for n in counts:
            f = make_format(name, n)
            assert sorted(set(f.teams)) == [0, 1] and len(f.groups) == 2
