"""Issue 20's disputed points of Space Fleet Command: each reading of the seed (002) and how it is played."""

from __future__ import annotations

import re

import pytest
from tests.fleet_command.fc_helpers import labels, position, ship

from explorer.errors import IllegalActionError, InvalidActionError


def _duel(shooter: dict, target: dict, hand: tuple[str, ...] = (), variant: str = "standard"):
    return position([shooter], [target], hand1=hand, variant=variant)


# --- a typed shot gets the rules' reason (seed "Direction and Firing Arc") ------------------------------
def test_a_typed_shot_behind_the_arc_says_so() -> None:
    # seed: "Each ship may only shoot ships that are in it's range and firing arc"; the Fighter faces away
    s = _duel(ship("Fighter", "5.5", "3.5", 180, 2), ship("Hopper", "5.5", "5.5", 180, 3))
    with pytest.raises(IllegalActionError, match="enemy Hopper is behind Fighter's firing arc"):
        s.parse_action("Fighter shoots enemy Hopper, drawing a card")
    with pytest.raises(IllegalActionError, match="behind Fighter's firing arc"):
        s.apply("fighter shoots hopper")                          # case and "enemy" are not needed


def test_a_typed_shot_out_of_range_gives_the_range() -> None:
    # reference §8: range 2 from the front edge; the Hopper's near edge is 3 tile-lengths away
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "7.5", 180, 3))
    with pytest.raises(IllegalActionError, match="in Fighter's firing arc but at range 3.0, beyond its range 2"):
        s.parse_action("Fighter shoots enemy Hopper, drawing a card")


def test_a_typed_shot_with_a_card_not_in_hand_or_an_unknown_ship_is_named() -> None:
    s = _duel(ship("Fighter", "5.5", "3.5", 0, 2), ship("Hopper", "5.5", "5.5", 180, 3), hand=("Repair 3",))
    with pytest.raises(IllegalActionError, match="Repair 5 is not in Player 1's hand"):
        s.parse_action("Fighter shoots enemy Hopper with Repair 5")
    with pytest.raises(IllegalActionError, match="no ship called 'Station'"):
        s.parse_action("Fighter shoots enemy Station")
    with pytest.raises(InvalidActionError, match="not an action here"):
        s.parse_action("Fighter dances")                            # not a shot at all: the general answer
    assert str(s.parse_action("Fighter shoots enemy Hopper with Repair 3")) in labels(s)


# --- the log (issue 20) ------------------------------------------------------------------------------------
def _logged(seed: int, policy: str = "random") -> list[str]:
    import explorer

    m = explorer.Match(explorer.load_game("fleet_command"), seed=seed)
    m.play(policy, max_steps=3000)
    return m.log


def test_the_log_counts_tiles_in_the_singular_and_measures_in_one_decimal() -> None:
    lines = [line for seed in (1, 2) for line in _logged(seed)]
    assert not any("with 1 tiles" in line for line in lines)
    assert not any("√" in line for line in lines)                  # "4.5 - √3/2" is no measure at the table
    places = [line for line in lines if " places " in line]
    assert places and all(re.search(r"at \(\d+\.\d, \d+\.\d\) facing \d+°", line) for line in places)
    paths = [line for line in lines if "→ (" in line]
    assert paths and all(re.search(r"→ \(-?\d+\.\d, -?\d+\.\d\) facing \d+°", line) for line in paths)


def test_the_log_says_the_player_without_initiative_moves_first() -> None:
    # seed, Movement Phase: "Beginning with the player who did not receive initiative"
    lines = _logged(1)
    told = [line for line in lines if "takes initiative" in line]
    assert told and all(re.search(r"Player (\d) takes initiative.*; Player (?!\1)\d, without initiative, moves first",
                                  line) for line in told)


def test_no_round_heading_after_the_game_is_over() -> None:
    # the deck runs out at the last shot of round 5 (heuristic, seed 0): round 6 never begins
    import explorer

    m = explorer.Match(explorer.load_game("fleet_command"), seed=0)
    m.play("heuristic", max_steps=5000)
    assert m.state.is_terminal() and m.state.round == 5
    assert m.state.turn_label() == m.states[-2].turn_label() == "Round 5 · Combat"
    assert m.state.outcome == "the deck ran out when a card had to be drawn for the next round's Initiative Phase"


# --- the Battleship's front (seed: "Battleship: Either of the sides on the short side of the stack") --------
def test_the_battleship_shoots_forward_of_either_short_side() -> None:
    # the Hopper is 2 behind the Battleship (facing up the table): in arc of its other short side, range 1
    s = position([ship("Battleship", "5.5", "3.5", 0, 3)], [ship("Hopper", "5.5", "1.5", 0, 3)],
                 hand1=("Repair 1",), variant="untested_ships")
    assert "Battleship shoots enemy Hopper with Repair 1" in labels(s)
    hit = s.apply("Battleship shoots enemy Hopper with Repair 1")
    assert hit.fleets[1].ship("Hopper").cubes == 1                 # range 1 from that front: two cubes (seed)


def test_battleship_one_front_keeps_the_single_front_as_a_variant() -> None:
    s = position([ship("Battleship", "5.5", "3.5", 0, 3)], [ship("Hopper", "5.5", "1.5", 0, 3)],
                 hand1=("Repair 1",), variant="battleship_one_front")
    assert not any("shoots" in x for x in labels(s))
    with pytest.raises(IllegalActionError, match="enemy Hopper is behind Battleship's firing arc "
                                                 r"\(the 180° forward of its front edge\)"):
        s.parse_action("Battleship shoots enemy Hopper with Repair 1")


def test_the_battleship_may_lay_its_path_from_either_short_side() -> None:
    # seed: "Begin laying out your path at the front of your ship"; both short sides are fronts
    both = position([ship("Battleship", "5.5", "4.5", 0, 3)], [ship("Hopper", "9.5", "8.5", 180, 3)],
                    stage="movement", initiative="Player 2", variant="untested_ships").apply("move Battleship")
    one = position([ship("Battleship", "5.5", "4.5", 0, 3)], [ship("Hopper", "9.5", "8.5", 180, 3)],
                   stage="movement", initiative="Player 2", variant="battleship_one_front").apply("move Battleship")
    assert "path S180 F F" in labels(both) and not any("S180" in x for x in labels(one))
    after = both.apply("path S180 F F")
    assert (after.fleets[0].ship("Battleship").pose.fx, after.fleets[0].ship("Battleship").pose.fy) == (5.5, 2.5)


# --- paying the Construction Ship's two cubes (seed: Hopper "When you could activate another ship…", Energy
# Surge "When a cube would be removed from a ship for an activation, instead you may play this card") ------
def _builder(cubes: int, hand: tuple[str, ...]):
    return position([ship("Construction Ship", "5.5", "1.5", 0, cubes), ship("Hopper", "7.5", "1.5", 0, 3)],
                    [ship("Station", "6.5", "8.5", 180, 4)], stage="activation", initiative="Player 2",
                    hand1=hand, variant="untested_ships")


def test_a_hopper_in_range_may_pay_toward_the_construction_ships_two_cubes() -> None:
    s = _builder(2, ("Repair 3",))
    after = s.apply("Construction Ship attaches Repair 3 to Hopper, paid with a cube of its own and a cube from Hopper")
    assert (after.fleets[0].ship("Construction Ship").cubes, after.fleets[0].ship("Hopper").cubes) == (1, 2)
    both = s.apply("Construction Ship attaches Repair 3 to Hopper, paid with a cube from Hopper and a cube from Hopper")
    assert (both.fleets[0].ship("Construction Ship").cubes, both.fleets[0].ship("Hopper").cubes) == (2, 1)
    assert s.story(s.parse_action("Construction Ship attaches Repair 3 to Hopper, paid with a cube of its own and "
                                  "a cube from Hopper"), after) == \
        "Player 1's Construction Ship attaches Repair 3 to Hopper (Construction Ship cubes 2 → 1; Hopper cubes 3 → 2)"


def test_energy_surges_may_pay_both_cubes_and_never_the_ships_last_cube() -> None:
    s = _builder(1, ("Repair 3", "Energy Surge 2", "Energy Surge 3"))
    offered = [x for x in labels(s) if x.startswith("Construction Ship attaches Repair 3 to Hopper")]
    assert "Construction Ship attaches Repair 3 to Hopper, paid with Energy Surge 2 and Energy Surge 3" in offered
    assert not any("of its own" in x for x in offered)             # its only cube is never paid (§8)
    after = s.apply("Construction Ship attaches Repair 3 to Hopper, paid with Energy Surge 2 and Energy Surge 3")
    assert after.fleets[0].ship("Construction Ship").cubes == 1 and after.discard.count("Energy Surge 2") == after.discard.count("Energy Surge 3") == 1
