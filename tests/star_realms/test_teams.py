"""Team games (Hydra, Emperor): the team takes one turn, teammates act in any order within it.

Sources: seed 001 §7 FAQ "Team Games (Hydra/Emperor): Trade may be pooled for purchases. Combat
cannot be pooled. Outposts protect entire team."; reference star_realms.md, "More Hydra facts":
"Teams, not players, take turns. Teammates do their Main, Discard and Draw phases at the same
time."; seed §3.4 "Hydra/Emperor: First team draws 3, second team draws 5".
"""

from __future__ import annotations

import pytest

from explorer import CHANCE, Multiset
from explorer.errors import IllegalActionError

SCOUTS = ["Scout", "Scout", "Scout"]


@pytest.mark.parametrize("fmt", ["hydra", "emperor"])
def test_first_teammate_buys_with_the_trade_both_teammates_made(make, fmt: str) -> None:
    """Issue 8 §1: player 1 plays 3 Scouts, player 2 plays 3 Scouts; player 1 can buy a 6-cost card."""
    s = make(players=4, format=fmt, hands=[SCOUTS, SCOUTS], row=["Flagship", "Cutter", "Ram", "Trade Bot", "Blob Fighter"])
    for _ in range(3):
        s = s.apply("play Scout")
    s = s.apply("switch to player 2")
    assert s.actor == 1 and s.current_player == 1
    for _ in range(3):
        s = s.apply("play Scout")
    s = s.apply("switch to player 1")
    assert "buy Flagship" in [str(a) for a in s.legal_actions()]
    s = s.apply("buy Flagship")
    assert "Flagship" in s.players[0].discard
    assert (s.players[0].trade, s.players[1].trade) == (0, 0)


def test_teammates_act_in_any_order_and_switch_back_and_forth(make) -> None:
    s = make(players=4, format="hydra", hands=[["Viper"], ["Scout"]])
    s = s.apply("switch to player 2").apply("play Scout").apply("switch to player 1").apply("play Viper")
    assert (s.players[0].combat, s.players[1].trade) == (1, 1) and s.actor == 0


def test_switching_is_only_to_a_living_teammate(make) -> None:
    s = make(players=4, format="hydra")
    assert [str(a) for a in s.legal_actions() if a.kind == "switch"] == ["switch to player 2"]
    with pytest.raises(IllegalActionError, match="player 3 is not on your team"):
        s.apply("switch to player 3")
    with pytest.raises(IllegalActionError, match="no teammate"):
        make(players=2).apply("switch to player 2")


def test_combat_is_not_pooled_each_teammate_attacks_with_their_own(make) -> None:
    s = make(players=4, format="hydra", combat=[3, 4])
    assert {str(a) for a in s.legal_actions() if a.kind == "attack"} == {f"attack team 2 {n}" for n in (1, 2, 3)}
    s = s.apply("attack team 2 3").apply("switch to player 2").apply("attack team 2 4")
    assert s.authority == (75, 68) and (s.players[0].combat, s.players[1].combat) == (0, 0)


@pytest.mark.parametrize("fmt", ["hydra", "emperor"])
def test_end_turn_ends_the_whole_team_turn_both_discard_then_draw(make, chance, fmt: str) -> None:
    s = make(players=4, format=fmt, hands=[["Scout", "Viper"], ["Cutter"]])
    s = s.apply("play Scout").apply("switch to player 2").apply("end turn")
    assert s.current_player == CHANCE and s.stage == "draw"
    assert s.players[0].discard == Multiset(["Scout", "Viper"]) and s.players[1].discard == Multiset(["Cutter"])
    s = chance(s)
    assert [len(p.hand) for p in s.players[:2]] == [5, 5]
    assert s.group == 1 and s.actor == 2 and s.members() == (2, 3)


def test_a_teammates_ally_abilities_count_only_their_own_cards(make) -> None:
    """Reference: "a teammate's in-play cards do NOT trigger your Ally abilities"."""
    s = make(players=4, format="hydra", hands=[["Blob Fighter"], ["Ram"]], decks=[{"Scout": 5}, {"Scout": 5}])
    s = s.apply("play Blob Fighter").apply("switch to player 2").apply("play Ram")
    assert s.players[1].combat == 5 and not s.is_chance()


def test_emperor_admiral_and_emperor_share_one_main_phase(make) -> None:
    """Emperor: the same team turn; an Admiral attacks only the enemy Emperor (seed §6)."""
    s = make(players=4, format="emperor", hands=[["Viper"], ["Viper"]])
    s = s.apply("play Viper").apply("switch to player 2").apply("play Viper")
    assert [str(a) for a in s.legal_actions() if a.kind == "attack"] == ["attack player 3 1"]
    s = s.apply("attack player 3 1").apply("switch to player 1")
    assert {str(a) for a in s.legal_actions() if a.kind == "attack"} == {"attack player 3 1", "attack player 4 1"}


def test_an_eliminated_admiral_is_skipped_in_the_team_turn(make) -> None:
    s = make(players=4, format="emperor", authority=(60, 0, 60, 50))
    assert s.members() == (0,) and not [a for a in s.legal_actions() if a.kind == "switch"]


def test_heuristic_uses_the_teams_pooled_trade() -> None:
    """The heuristic plays every teammate's cards before it buys, so pooled Trade is spent."""
    import explorer

    match = explorer.Match(explorer.load_game("star_realms").initial_state(players=4, format="hydra"), seed=5)
    match.play("heuristic", max_steps=4000)
    moves = [str(e.action) for e in match.entries]
    assert any(m.startswith("switch to player") for m in moves)
    assert match.state.is_terminal()
