"""One test per rule of the seed (002_59fc05fd050d7b9a.txt), with reference §8 defaults where it is silent."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests.fleet_command.fc_helpers import labels, position, ship

import explorer
from explorer.errors import RulesError


def test_setup_ships_start_with_their_activation_cubes_and_the_rest_stay_in_the_supply() -> None:
    s = explorer.load_game("fleet_command").initial_state()
    assert [(sh.kind, sh.cubes) for sh in s.fleets[0].ships] == [
        ("Fighter", 2), ("Fighter", 2), ("Hopper", 3), ("Station", 4), ("Interceptor", 3)]
    assert s.fleets[0].supply == 20 - 14


def test_setup_leading_edge_is_at_most_two_tile_lengths_from_your_edge() -> None:
    s = explorer.load_game("fleet_command").initial_state()
    rows = {int(a.args[2]) for a in s.legal_actions()}
    assert rows == {1, 2}
    far = s.apply("place Fighter at column 3 row 2")
    pose = far.fleets[0].ship("Fighter").pose
    assert pose is not None and pose.fy + 0.5 == 2.0 and pose.heading == 0
    p2 = far.apply("place Fighter at column 3 row 2").fleets[1].ship("Fighter").pose
    assert p2 is not None and 9 - (p2.fy - 0.5) == 2.0 and p2.heading == 180


def test_setup_deals_two_cards_each_then_the_initiative_phase_draws_two_each() -> None:
    s = explorer.load_game("fleet_command").initial_state()
    while s.stage == "place":
        s = s.apply(s.legal_actions()[0])
    assert s.stage == "deal" and s.draws == (0, 0, 1, 1)
    while s.is_chance():
        s = s.apply(s.chance_outcomes()[0][0])
    assert s.stage == "initiative" and s.round == 1 and [len(f.hand) for f in s.fleets] == [4, 4]
    assert len(s.deck) == 54 - 8


def test_a_card_draw_is_one_chance_node_over_card_kinds() -> None:
    s = explorer.load_game("fleet_command").initial_state()
    while s.stage == "place":
        s = s.apply(s.legal_actions()[0])
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and dict((str(a), p) for a, p in outcomes)["draw Repair 2"] == Fraction(2, 54)


def _initiative(c1: str, c2: str, round: int = 1, before: str = "none") -> explorer.State:
    s = position([ship("Fighter", "2.5", "0.5", 0, 2)], [ship("Fighter", "2.5", "8.5", 180, 2)],
                 stage="initiative", initiative=before, round=round, hand1=(c1, "Repair 6"), hand2=(c2, "Repair 5"))
    return s.apply(f"put {c1} face down for initiative").apply(f"put {c2} face down for initiative")


def test_initiative_the_lowest_number_wins() -> None:
    assert _initiative("Big Guns 2", "Afterburner 1").initiative == 1


def test_initiative_a_tie_goes_to_the_lower_symbol_value() -> None:
    # Repair (hammers, 2) beats Afterburner (arrow, 6) on a tie at 3
    assert _initiative("Afterburner 3", "Repair 3").initiative == 1


def test_initiative_a_full_tie_goes_to_the_player_without_initiative_last_round() -> None:
    assert _initiative("Repair 3", "Repair 3", round=2, before="Player 2").initiative == 0


def test_initiative_a_full_tie_in_round_one_is_decided_at_random() -> None:
    s = _initiative("Repair 3", "Repair 3")
    assert s.stage == "tie" and [p for _, p in s.chance_outcomes()] == [Fraction(1, 2)] * 2


def test_initiative_cards_go_to_the_discard_pile_and_the_player_without_initiative_moves_first() -> None:
    s = _initiative("Big Guns 2", "Afterburner 1")
    assert s.discard.count("Big Guns 2") == 1 and s.stage == "movement" and s.actor == 0


def _movement(p1: list, hand: tuple[str, ...] = (), variant: str = "standard") -> explorer.State:
    return position(p1, [ship("Station", "6.5", "8.5", 180, 4)], stage="movement", initiative="Player 2",
                    hand1=hand, variant=variant)


def test_movement_a_cube_gives_two_more_tiles_and_never_the_last_cube() -> None:
    s = _movement([ship("Fighter", "2.5", "1.5", 0, 2), ship("Fighter 2", "5.5", "1.5", 0, 1)])
    after = s.apply("move Fighter, activate for +2 tiles")
    assert after.moving.tiles == 4 and after.fleets[0].ship("Fighter").cubes == 1 and after.fleets[0].supply == 20 - 2
    assert not any(x.startswith("move Fighter 2, activate") for x in labels(s))


def test_movement_afterburner_gives_one_more_tile() -> None:
    s = _movement([ship("Hopper", "2.5", "1.5", 0, 3)], hand=("Afterburner 4",))
    after = s.apply("move Hopper with Afterburner 4")
    assert after.moving.tiles == 3 and after.discard.count("Afterburner 4") == 1


def test_movement_do_a_barrel_roll_gives_the_roll_not_a_tile_unless_the_variant_says_so() -> None:
    hand = ("Do A Barrel Roll 1",)
    s = _movement([ship("Hopper", "2.5", "1.5", 0, 3)], hand=hand).apply("move Hopper with Do A Barrel Roll 1")
    assert s.moving.tiles == 2 and s.moving.roll and "path RR" in labels(s)
    v = _movement([ship("Hopper", "2.5", "1.5", 0, 3)], hand=hand, variant="fighter_card_extra_tile")
    assert v.apply("move Hopper with Do A Barrel Roll 1").moving.tiles == 3


def test_only_the_interceptor_may_hard_turn_and_only_the_fighter_barrel_rolls_unaided() -> None:
    s = _movement([ship("Interceptor", "2.5", "1.5", 0, 3), ship("Hopper", "6.5", "1.5", 0, 3),
                   ship("Fighter", "9.5", "1.5", 0, 2)])
    assert "path HR" in labels(s.apply("move Interceptor"))
    hopper = labels(s.apply("move Hopper"))
    assert not any("HR" in x or "RR" in x for x in hopper)
    assert "path RL" in labels(s.apply("move Fighter"))


def test_movement_players_alternate_until_every_ship_has_moved() -> None:
    s = position([ship("Fighter", "2.5", "1.5", 0, 2), ship("Fighter 2", "5.5", "1.5", 0, 2)],
                 [ship("Station", "6.5", "8.5", 180, 4)], stage="movement", initiative="Player 2")
    s = s.apply("move Fighter").apply("stay")
    assert s.actor == 1
    s = s.apply("move Station").apply("stay")
    assert s.actor == 0 and s.stage == "movement"
    s = s.apply("move Fighter 2").apply("stay")
    assert s.stage == "activation" and s.actor == 0  # the player without initiative starts


def test_a_hopper_in_range_two_may_pay_the_activation_cube() -> None:
    s = _movement([ship("Fighter", "2.5", "1.5", 0, 1), ship("Hopper", "4.5", "1.5", 0, 3)])
    after = s.apply("move Fighter, activate for +2 tiles paid by Hopper")
    assert after.fleets[0].ship("Hopper").cubes == 2 and after.moving.tiles == 4


def test_energy_surge_may_be_played_instead_of_the_activation_cube() -> None:
    s = _movement([ship("Fighter", "2.5", "1.5", 0, 1)], hand=("Energy Surge 3",))
    after = s.apply("move Fighter, activate for +2 tiles paid with Energy Surge 3")
    assert after.fleets[0].ship("Fighter").cubes == 1 and after.discard.count("Energy Surge 3") == 1


def _activation(p1: list, hand: tuple[str, ...] = ()) -> explorer.State:
    return position(p1, [ship("Station", "6.5", "8.5", 180, 4)], stage="activation", initiative="Player 2",
                    hand1=hand)


def test_station_activation_puts_a_cube_on_each_friendly_ship_in_range_two() -> None:
    s = _activation([ship("Station", "5.5", "1.5", 0, 4), ship("Fighter", "7.5", "1.5", 0, 1),
                     ship("Hopper", "9.5", "1.5", 0, 3)])
    after = s.apply("activate Station")
    assert [x.cubes for x in after.fleets[0].ships] == [3, 2, 3]  # the Hopper is 3 tile-lengths away


def test_replenish_adds_one_cube_to_a_ship() -> None:
    s = _activation([ship("Fighter", "7.5", "1.5", 0, 1)], hand=("Replenish 5",))
    assert s.apply("play Replenish 5 on Fighter").fleets[0].ship("Fighter").cubes == 2


def test_activation_ends_when_both_players_pass_in_sequence() -> None:
    s = _activation([ship("Fighter", "7.5", "1.5", 0, 1)], hand=("Replenish 5",))
    s = s.apply("pass")
    assert s.stage == "activation" and s.actor == 1
    s = s.apply("pass")
    assert s.stage == "draw" and s.round == 2  # on to combat, where nobody is in range: the next round


def _duel(shooter: dict, target: dict, hand: tuple[str, ...] = (), hand2: tuple[str, ...] = (),
          variant: str = "standard") -> explorer.State:
    return position([shooter], [target], hand1=hand, hand2=hand2, variant=variant)


def test_a_hit_is_a_card_numbered_at_most_the_targets_cubes() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "5.5", 180, 3),
              hand=("Repair 3", "Repair 4"))
    assert s.apply("Fighter shoots enemy Hopper with Repair 3").fleets[1].ship("Hopper").cubes == 2
    assert s.apply("Fighter shoots enemy Hopper with Repair 4").fleets[1].ship("Hopper").cubes == 3


def test_removing_the_last_cube_destroys_the_ship() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "5.5", 180, 1), hand=("Repair 1",))
    after = s.apply("Fighter shoots enemy Hopper with Repair 1")
    assert after.fleets[1].ship("Hopper").destroyed and after.fleets[1].supply == 20


def test_a_drawn_shot_is_a_chance_node_on_the_deck() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "5.5", 180, 3))
    drawn = s.apply("Fighter shoots enemy Hopper, drawing a card")
    assert drawn.stage == "shot" and sum(p for _, p in drawn.chance_outcomes()) == 1
    assert drawn.apply("reveal Big Guns 1").fleets[1].ship("Hopper").cubes == 2


def test_only_ships_in_arc_and_range_two_may_be_shot() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "7.5", 180, 3))
    assert not any("shoots" in x for x in labels(s))  # range 3 > 2
    behind = _duel(ship("Fighter", "5.5", "3.5", 180, 2), ship("Hopper", "5.5", "5.5", 180, 3))
    assert not any("shoots" in x for x in labels(behind))


def test_the_battleship_reaches_range_three_and_removes_two_cubes_at_range_one() -> None:
    far = _duel(ship("Battleship", "5.5", "3.5", 0, 3), ship("Hopper", "5.5", "7.5", 180, 3),
                hand=("Repair 1",), variant="untested_ships")
    assert far.apply("Battleship shoots enemy Hopper with Repair 1").fleets[1].ship("Hopper").cubes == 2
    near = _duel(ship("Battleship", "5.5", "3.5", 0, 3), ship("Hopper", "5.5", "5.5", 180, 3),
                 hand=("Repair 1",), variant="untested_ships")
    assert near.apply("Battleship shoots enemy Hopper with Repair 1").fleets[1].ship("Hopper").cubes == 1


def test_big_guns_increases_range_by_one_for_the_turn() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "7.5", 180, 3), hand=("Big Guns 5",))
    after = s.apply("play Big Guns 5 (+1 range)")
    assert "Fighter shoots enemy Hopper, drawing a card" in labels(after)


def test_repair_prevents_the_cube_being_removed() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "5.5", 180, 3),
              hand=("Big Guns 1",), hand2=("Repair 6",))
    asked = s.apply("Fighter shoots enemy Hopper with Big Guns 1")
    assert asked.stage == "repair" and asked.current_player == 1
    kept = asked.apply("play Repair 6 to keep the cube")
    assert kept.fleets[1].ship("Hopper").cubes == 3
    assert asked.apply("take the hit").fleets[1].ship("Hopper").cubes == 2


def test_each_ship_shoots_once_and_the_round_ends_when_nobody_can_shoot() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "5.5", 0, 3), hand=("Repair 6",))
    after = s.apply("Fighter shoots enemy Hopper with Repair 6")
    assert after.stage == "draw" and after.round == 2  # the Hopper faces away: no shot back


def test_the_game_ends_when_a_card_must_be_drawn_from_an_empty_deck_and_most_cubes_win() -> None:
    game = explorer.load_game("fleet_command")
    all_cards = [f"{name} x{n}" if n > 1 else name for name, n in
                 ((str(c), k) for c, k in game.data.deck.items())]
    s = position([ship("Fighter", "5.5", "3.5", 0, 2)], [ship("Hopper", "5.5", "5.5", 0, 3)],
                 hand1=("Repair 6",), discard=tuple(c for c in all_cards if c != "Repair 6"), deck=0)
    after = s.apply("Fighter shoots enemy Hopper with Repair 6")
    assert after.is_terminal() and after.result().winners == (1,)
    assert "cubes on ships 2–3" in after.result().reason


def test_untested_ships_join_a_fleet_only_in_their_variant() -> None:
    with pytest.raises(RulesError, match="not a ship of variant standard"):
        explorer.load_game("fleet_command").initial_state(fleets=[["Battleship"], ["Fighter"]])
    s = explorer.load_game("fleet_command", variant="untested_ships").initial_state()
    assert {"Construction Ship", "Battleship"} <= {x.kind for x in s.fleets[0].ships}


def test_construction_ship_attaches_a_card_and_its_carrier_plays_it_by_activating() -> None:
    s = position([ship("Construction Ship", "5.5", "1.5", 0, 3), ship("Fighter", "7.5", "1.5", 0, 2)],
                 [ship("Station", "6.5", "8.5", 180, 4)], stage="activation", initiative="Player 2",
                 hand1=("Replenish 2",), variant="untested_ships")
    after = s.apply("Construction Ship attaches Replenish 2 to Fighter")
    assert after.fleets[0].ship("Construction Ship").cubes == 1 and after.fleets[0].ship("Fighter").attached
    after = after.apply("pass")
    used = after.apply("play Replenish 2 attached to Fighter on Fighter")
    assert used.fleets[0].ship("Fighter").cubes == 2  # one cube to activate, one from Replenish


def test_a_hand_over_the_limit_of_six_discards_down_after_the_initiative_draw() -> None:
    six = ("Repair 1", "Repair 2", "Repair 3", "Repair 4", "Repair 5", "Repair 6")
    s = position([ship("Fighter", "2.5", "0.5", 0, 2)], [ship("Fighter", "2.5", "8.5", 180, 2)], stage="draw",
                 round=2, initiative="Player 1", hand1=six, draws=["Player 1", "Player 1", "Player 2", "Player 2"])
    for card in ("Big Guns 1", "Big Guns 2", "Big Guns 3", "Big Guns 4"):
        s = s.apply(f"draw {card}")
    assert s.stage == "discard" and s.current_player == 0 and len(s.fleets[0].hand) == 8
    s = s.apply("discard Repair 6").apply("discard Repair 5")
    assert s.stage == "initiative" and len(s.fleets[0].hand) == 6 and s.discard.count("Repair 5") == 1


def test_the_round_one_tie_break_is_told_as_chance() -> None:
    s = _initiative("Repair 3", "Repair 3")
    outcome = s.chance_outcomes()[1][0]
    after = s.apply(outcome)
    assert after.initiative == 1 and after.stage == "movement"
    assert s.story(outcome, after) == ("Chance: Player 2 takes initiative (a full tie in round 1); "
                                       "Player 1, without initiative, moves first")
