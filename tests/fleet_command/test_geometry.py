"""Geometry that reads like the seed's "Maneuvers" and "Direction and Firing Arc" (tile details: reference §8)."""

from __future__ import annotations

import pytest

from explorer.games.fleet_command.geometry import (
    Pose, Q, apply_manoeuvre, front_distance, in_arc, overlap, parse, text, tile_distance,
)
from explorer.games.fleet_command.movement import laid_tiles, reachable

START = Pose(Q(5.5), Q(3.5), 0)


def test_forward_lays_one_tile_in_front_and_keeps_the_heading() -> None:
    tiles, end = apply_manoeuvre(START, "F")
    assert len(tiles) == 1 and end == Pose(Q(5.5), Q(4.5), 0)


@pytest.mark.parametrize("code, heading", [("TL", 300), ("TR", 60)])
def test_a_turn_uses_two_tiles_and_changes_heading_by_60_degrees(code: str, heading: int) -> None:
    tiles, end = apply_manoeuvre(START, code)
    assert len(tiles) == 2 and end.heading == heading
    # the two tiles and the previous tile form an equilateral triangle of side 1 (seed: "equilateral triangle")
    a, b = tiles
    for p, q in ((START, a), (START, b), (a, b)):
        assert abs(((p.fx - q.fx) ** 2 + (p.fy - q.fy) ** 2) ** 0.5 - 1) < 1e-9


@pytest.mark.parametrize("code, heading, dx", [("HL", 270, -1), ("HR", 90, 1)])
def test_a_hard_turn_lays_three_across_and_changes_heading_by_90_degrees(code: str, heading: int, dx: int) -> None:
    tiles, end = apply_manoeuvre(START, code)
    assert len(tiles) == 3 and {t.fy for t in tiles} == {4.5}
    assert end == Pose(Q(5.5 + dx), Q(4.5), heading)


def test_a_barrel_roll_moves_the_ship_past_the_tile_beside_it_facing_the_same_way() -> None:
    tiles, end = apply_manoeuvre(START, "RR")
    assert tiles == (Pose(Q(6.5), Q(3.5), 0),) and end == Pose(Q(7.5), Q(3.5), 0)


def test_six_turns_the_same_way_come_back_to_the_start_exactly() -> None:
    _, end = laid_tiles(START, ("TR",) * 6)
    assert end == START  # exact coordinates: no rounding drift


def test_a_ship_directly_behind_another_is_outside_its_arc() -> None:
    assert not in_arc(START, Pose(Q(5.5), Q(1.5), 0))
    assert in_arc(START, Pose(Q(5.5), Q(5.5), 180))


def test_a_ship_exactly_beside_another_is_outside_its_180_degree_arc() -> None:
    assert not in_arc(START, Pose(Q(7.5), Q(3.5), 0))
    assert in_arc(START, Pose(Q(7.5), Q(4.5), 0))  # partly forward of the front edge


def test_range_is_counted_from_the_front_edge_to_the_nearest_edge() -> None:
    assert front_distance(START, Pose(Q(5.5), Q(6.5), 180)) == pytest.approx(2.0)
    assert tile_distance(START, Pose(Q(5.5), Q(6.5), 180)) == pytest.approx(2.0)
    assert front_distance(START, Pose(Q(5.5), Q(7.5), 180)) == pytest.approx(3.0)  # a Battleship's range 3


def test_tiles_that_touch_do_not_overlap_and_tiles_that_cross_do() -> None:
    assert not overlap(START, Pose(Q(6.5), Q(3.5), 0))
    assert overlap(START, Pose(Q(6), Q(3.5), 0))
    assert overlap(START, Pose(Q(6.5), Q(3.5), 30))


def test_coordinates_are_written_and_read_exactly() -> None:
    for n in [(0, 0), (3, 0), (2, 1), (-1, -3), (0, 2), (7, -1)]:
        assert parse(text(n)) == n
    with pytest.raises(ValueError, match="not on the tile lattice"):
        parse("0.3")


def test_a_path_may_not_cross_another_ship_and_stops_at_the_table_edge() -> None:
    blocker = Pose(Q(5.5), Q(4.5), 180)
    ends = reachable(START, tiles=2, manoeuvres=("F", "TL", "TR"), roll=False, omnidirectional=False,
                     blocked=(blocker,), width=12, depth=9)
    assert all(seq[:1] != ("F",) for seq in ends.values())
    edge = Pose(Q(5.5), Q(8.5), 0)
    ends = reachable(edge, tiles=2, manoeuvres=("F",), roll=False, omnidirectional=False, blocked=(),
                     width=12, depth=9)
    assert list(ends.values()) == [()]


def test_every_end_position_is_where_its_sequence_leads_and_overlaps_no_ship() -> None:
    blocked = (Pose(Q(6.5), Q(5.5), 180), Pose(Q(4), Q(5), 30))
    ends = reachable(START, tiles=5, manoeuvres=("F", "TL", "TR", "HL", "HR"), roll=True, omnidirectional=False,
                     blocked=blocked, width=12, depth=9)
    assert len(ends) > 20
    for pose, seq in ends.items():
        tiles, end = laid_tiles(START, seq)
        assert end == pose
        assert not any(overlap(t, b) for t in (*tiles, end) for b in blocked)


def test_a_barrel_roll_may_not_end_on_a_ship_two_tile_widths_away() -> None:
    # found by the 1,000-game run: a Station rolled onto a Hopper that lay beyond the search's first cut-off
    station = Pose(Q(3.5), Q(1.5), 90)
    hopper = Pose((5, 2), (12, -2), 180)  # (2.5 + √3/2, 6 - √3)
    ends = reachable(station, tiles=1, manoeuvres=("F", "TL", "TR"), roll=True, omnidirectional=True,
                     blocked=(hopper,), width=12, depth=9)
    assert all(not overlap(pose, hopper) for pose in ends)
    assert ("RL",) not in ends.values()
