"""Exact odds against brute force: every card of the unseen pool, every order of draws."""

from __future__ import annotations

import itertools
from fractions import Fraction

from tests.fleet_command.fc_helpers import position, ship

from explorer.games.fleet_command import odds

FULL = ("Repair 1", "Repair 2", "Afterburner 6", "Big Guns 3")


def _state(hand2: tuple[str, ...] = ("Repair 4",), **kw):  # type: ignore[no-untyped-def]
    return position([ship("Fighter", "5.5", "3.5", 0, 2), ship("Interceptor", "6.5", "3.5", 0, 3)],
                    [ship("Hopper", "5.5", "5.5", 180, 3)], hand1=FULL, hand2=hand2, **kw)


def _brute_shot(state, cubes: int) -> Fraction:  # type: ignore[no-untyped-def]
    pool = list(odds.unseen(state, 0).elements())
    return Fraction(sum(state.data.card_number(c) <= cubes for c in pool), len(pool))


def test_shot_odds_draw_from_the_unseen_pool_not_the_known_cards() -> None:
    s = _state()
    got = odds.shot_odds(s, 0, "Fighter", "Hopper")
    assert got.draw == _brute_shot(s, 3)
    # 54 cards less the 4 in Player 1's hand: 27 numbered 1-3 minus the 3 of them held
    assert got.draw == Fraction(27 - 3, 50)
    assert got.hand == {"Repair 1": 1, "Repair 2": 1, "Afterburner 6": 0, "Big Guns 3": 1}


def test_the_opponents_hand_is_part_of_the_unseen_pool() -> None:
    s = _state()
    assert len(odds.unseen(s, 0)) == 50 and len(odds.unseen(s, 1)) == 53


def _brute_destroy(state, cubes: int, shots: int) -> Fraction:  # type: ignore[no-untyped-def]
    """Every ordered sequence of ``shots`` distinct cards from the unseen pool, each hit removing one cube."""
    pool = list(odds.unseen(state, 0).elements())
    wins = total = 0
    for order in itertools.permutations(range(len(pool)), shots):
        left = cubes
        for i in order:
            if state.data.card_number(pool[i]) <= left:
                left -= 1
        wins += left <= 0
        total += 1
    return Fraction(wins, total)


def test_destroy_odds_match_every_order_of_draws() -> None:
    s = _state()
    assert odds.shooters_at(s, 0, "Hopper") == ["Fighter", "Interceptor"]
    assert odds.destroy_odds(s, 0, "Hopper") == 0 == _brute_destroy(s, 3, 2)  # 3 cubes, only 2 shots
    two = position([ship("Fighter", "5.5", "3.5", 0, 2), ship("Interceptor", "6.5", "3.5", 0, 3)],
                   [ship("Hopper", "5.5", "5.5", 180, 2)], hand1=FULL, hand2=("Repair 4",))
    assert odds.destroy_odds(two, 0, "Hopper") == _brute_destroy(two, 2, 2) > 0


def test_initiative_odds_match_every_card_the_opponent_could_play() -> None:
    s = _state(stage="initiative", initiative="Player 2", round=2)
    from explorer.games.fleet_command.rules import initiative_key

    pool = list(odds.unseen(s, 0).elements())
    got = odds.initiative_odds(s, 0)
    for card in FULL:
        mine = initiative_key(s, card)
        wins = sum(1 if mine < initiative_key(s, o) else (1 if mine == initiative_key(s, o) else 0) for o in pool)
        assert got[card] == Fraction(wins, len(pool))  # a full tie goes to Player 1: Player 2 had initiative


def test_reach_lists_more_ends_with_a_cube_and_who_can_be_shot_from_each() -> None:
    s = _state(stage="movement", initiative="Player 2")
    r = odds.reach(s, 0, "Fighter")
    assert len(r["cube"]) > len(r["card"]) > len(r["base"]) > 1
    stay = next(e for e in r["base"] if e.sequence == ())
    assert stay.targets == ("Hopper",)


def test_expected_cubes_at_deck_end_is_an_interval_under_the_random_policy() -> None:
    s = _state()
    first, second = odds.expected_cubes(s, trials=4, seed=3)
    assert first.trials == 4 and first.low <= first.value <= first.high
    assert 0 <= second.value <= 20 and odds.expected_cubes(s, trials=4, seed=3) == (first, second)


def test_a_battleship_at_range_one_can_destroy_a_two_cube_ship_with_one_shot() -> None:
    s = position([ship("Battleship", "5.5", "3.5", 0, 3)], [ship("Hopper", "5.5", "5.5", 180, 2)],
                 variant="untested_ships")
    shot = odds.shot_odds(s, 0, "Battleship", "Hopper")
    assert shot.draw == Fraction(18, 54) and shot.removed == {0: Fraction(2, 3), 2: Fraction(1, 3)}
    assert odds.destroy_odds(s, 0, "Hopper") == Fraction(1, 3)  # numbers 1 and 2: 18 of the 54 cards
