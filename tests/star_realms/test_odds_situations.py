"""Star Realms odds in the situations a player disputed (issue 8 §2), each with its exact value.

Every position is built by hand (``conftest.build``); expected values come from the issue's
reproduction (Stealth Needle, Survey Ship) or from a counting argument written in the test.
"""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from explorer import Multiset
from explorer.games.star_realms import odds as sr
from explorer.games.star_realms.state import InPlay


def _helpers():
    import importlib.util

    spec = importlib.util.spec_from_file_location("_sr_odds_helpers2", Path(__file__).with_name("conftest.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _helpers().build


@pytest.fixture(autouse=True)
def generous_budget():
    """Exact answers for these small positions whatever the machine's load."""
    old = sr.set_budget(exact_seconds=60.0, sample_seconds=60.0)
    yield
    sr.set_budget(**old.__dict__)


# --------------------------------------------------------------------------- 1. Stealth Needle and Blob World
def test_stealth_needle_copying_a_blob_ship_counts_for_blob_world() -> None:
    # issue 8 §2: seat 1 holds {Stealth Needle, Blob Fighter, 3 Scout}, Blob World in play,
    # deck {2 Scout, 2 Viper, Trade Pod}, empty discard (RULES.md assumptions 9 and 10)
    s = build(actor=1, hands=({"Stealth Needle": 1, "Blob Fighter": 1, "Scout": 3}, {"Scout": 5}),
              decks=({"Scout": 2, "Viper": 2, "Trade Pod": 1},), bases=(("Blob World",),))
    trade = sr.trade_and_combat(s, 0).trade
    assert trade.pmf() == {5: Fraction(1, 5), 7: Fraction(1, 5), 8: Fraction(2, 5), 10: Fraction(1, 10),
                           11: Fraction(1, 10)}
    assert trade.mean() == Fraction(77, 10)  # 71/10 before: the copy was not a Blob card played


# --------------------------------------------------------------------------- 2. lethal scraps for Combat
def test_lethal_scraps_explorers_for_combat_and_says_so() -> None:
    # next hand: 5 of {Explorer 2, Viper 2, Scout 4}; Combat = Vipers (1 each) + 2 per Explorer scrapped
    s = build(hands=({},), decks=({"Explorer": 2, "Viper": 2, "Scout": 4},), authority=(50, 4))
    got = sr.lethal(s, 0, 1)
    counted = sum(Fraction(comb(2, e) * comb(2, v) * comb(4, 5 - e - v), comb(8, 5))
                  for e in range(3) for v in range(3) if 0 <= 5 - e - v <= 4 and v + 2 * e >= 4)
    assert got.probability == counted == Fraction(4, 7)  # 32 of the 56 hands
    assert got.without_scraps == 0  # at most 2 Vipers: 2 Combat without scrapping
    assert "scrap" in got.explanation and "without scrapping P = 0" in got.explanation
    assert got.exact


def test_lethal_scraps_a_battle_station_in_play() -> None:
    s = build(actor=1, hands=({"Scout": 5}, {"Scout": 5}), bases=(("Battle Station",),), authority=(50, 5))
    got = sr.lethal(s, 0, 1)
    assert (got.probability, got.without_scraps) == (1, 0)  # Battle Station scrapped: +5 Combat


def test_lethal_without_any_scrap_ability_is_unchanged() -> None:
    s = build(hands=({},), decks=({"Viper": 2, "Scout": 8},), authority=(50, 2))
    got = sr.lethal(s, 0, 1)
    assert got.probability == got.without_scraps == Fraction(comb(8, 3), comb(10, 5))
    assert "without scrapping" not in got.explanation


# --------------------------------------------------------------------------- 3. the cards still in hand
def test_survey_ship_in_hand_draws_before_the_next_hand() -> None:
    # Survey Ship draws 1 of {Scout 4, Trade Pod}; the next hand is the other 4 and 1 of the 11 reshuffled
    # (Scout 6, Viper 3, Survey Ship, the card drawn): Trade >= 5 fails only when Trade Pod was drawn (1/5)
    # and a Viper comes (3/11): 1 - 3/55
    s = build(hands=({"Survey Ship": 1},), decks=({"Scout": 4, "Trade Pod": 1},), discards=({"Scout": 6, "Viper": 3},))
    assert sr.trade_and_combat(s, 0).trade.at_least(5) == Fraction(52, 55)  # 1 before: the hand was not played


def test_a_base_in_hand_goes_into_play_not_to_the_discard() -> None:
    s = build(hands=({"Space Station": 1, "Scout": 1},), decks=({"Scout": 3},), discards=({"Viper": 3},))
    # the next hand: the 3 Scouts and 2 of the reshuffled {Viper 3, Scout 1}; Space Station stays in play
    assert sr.next_hand(s, 0).pmf() == {Multiset({"Scout": 4, "Viper": 1}): Fraction(1, 2),
                                        Multiset({"Scout": 3, "Viper": 2}): Fraction(1, 2)}
    assert sr.trade_and_combat(s, 0).combat.outcomes[0] >= 2  # Space Station's +2 Combat next turn


def test_ships_already_in_play_and_their_allies_are_not_replayed() -> None:
    s = build(hands=({"Scout": 1},), decks=({"Scout": 5},), discards=({"Viper": 1},))
    s = s.with_player(0, ships=(InPlay("Trade Pod", ally_used=False, primary_used=True),))
    assert sr.next_hand(s, 0).pmf() == {Multiset({"Scout": 5}): 1}  # no Blob ally: nothing drawn this turn


# --------------------------------------------------------------------------- 5. bounded time and memory
def test_a_question_past_its_budget_is_a_seeded_estimate() -> None:
    s = build(hands=({},), decks=({"Blob Fighter": 3, "Trade Pod": 3, "Battle Pod": 2, "Scout": 8, "Viper": 2},),
              discards=({"Ram": 2, "Blob Wheel": 1, "Scout": 6},))
    sr.set_budget(exact_seconds=0.0, sample_seconds=0.05, min_trials=20)
    a = sr.trade_and_combat(s, 0)
    assert not a.exact and a.estimate is not None and a.estimate.low <= a.estimate.value <= a.estimate.high
    assert any("estimate" in n for n in a.notes) and any("budget" in n for n in a.notes)
    sr.cache_clear()
    b = sr.trade_and_combat(s, 0)
    assert a.combat.pmf() == b.combat.pmf() or a.estimate.trials != b.estimate.trials  # seeded: same draws


def _drawing_hand():
    # Survey Ships, Corvettes and a Blob Fighter in hand: every draw can bring another draw (2,121 turn states)
    return build(hands=({"Survey Ship": 2, "Corvette": 2, "Blob Fighter": 1},),
                 decks=({"Blob Fighter": 2, "Trade Pod": 2, "Battle Pod": 1, "Scout": 3, "Viper": 2, "Corvette": 1,
                         "Ram": 1},), discards=({"Scout": 4},))


def test_the_rest_of_this_turn_remembers_each_state_it_was_asked() -> None:
    # issue 8 §2: the memo kept a turn under the state after its hand was played, so asking the same state
    # again played it again (seed 17 of the benchmark: 5,477 plays for 304 remembered states, 0.9 s)
    from explorer.games.star_realms.odds.position import RestOfTurn, rest_turn

    s = _drawing_hand()
    m = RestOfTurn(s.game)
    t = rest_turn(s, 0)
    ends = m.end(t)
    assert t in m.ends and m.end(t) is ends
    assert sum(ends.values()) == 1


def test_a_turn_too_large_to_play_out_is_given_up_once_per_position(monkeypatch) -> None:
    # issue 8 §2: every question of one position (the buy comparison asks five) paid the rest of the turn's
    # budget again; now the failure is remembered until the odds forget their answers
    from explorer.games.star_realms.odds import position as odds_position

    s = _drawing_hand()
    monkeypatch.setattr(odds_position, "REST_SECONDS", -1.0)
    with pytest.raises(odds_position.TooLarge):
        odds_position.rest_of_turn(s, 0)
    monkeypatch.setattr(odds_position, "REST_SECONDS", 60.0)
    with pytest.raises(odds_position.TooLarge):  # remembered, not tried again
        odds_position.rest_of_turn(s, 0)
    sr.cache_clear()
    assert sum(w for w, *_ in odds_position.rest_of_turn(s, 0)) == 1


SEED38 = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (1_500_000_000, 1_500_000_000))
sys.path.insert(0, {root!r}); sys.path.insert(0, {tests!r})
from conftest import build
from explorer.games.star_realms import odds as sr
from explorer.games.star_realms.state import InPlay
s = build(actor=1, hands=({{'Explorer': 3, 'Imperial Fighter': 1, 'Scout': 1}},
                          {{'Blob Fighter': 1, 'Scout': 2, 'Survey Ship': 1}}),
          decks=({{'Scout': 1, 'Viper': 2}}, {{'Explorer': 1, 'Scout': 1}}),
          discards=({{'Explorer': 2, 'Patrol Mech': 1, 'Scout': 6}},
                    {{'Battle Blob': 1, 'Battle Pod': 2, 'Blob Destroyer': 2, 'Blob Fighter': 1, 'Corvette': 1,
                      'Cutter': 1, 'Explorer': 3, 'Freighter': 1, 'Imperial Fighter': 1, 'Imperial Frigate': 1,
                      'Ram': 1, 'Stealth Needle': 1, 'Survey Ship': 2, 'Trade Pod': 1}}))
used = lambda names: tuple(InPlay(n, ally_used=True, primary_used=True) for n in names)
s = s.with_player(1, bases=used(('Central Office', 'Mech World', 'Brain World', 'The Hive')),
                  ships=used(('Federation Shuttle', 'Trade Pod', 'Corvette', 'Viper', 'Scout')))
start = time.perf_counter()
r = sr.trade_and_combat(s, 1)
print(round(time.perf_counter() - start, 3), r.exact)
"""


def test_the_seed_38_position_answers_within_its_budget_and_memory() -> None:
    # issue 8 §2: Match(seed=38) after 1518 random-policy steps, player 2 (rebuilt by hand: the rules moved on);
    # it took 101 s and 8.9 GB. A child process with a 1.5 GB address-space limit must answer.
    root = Path(__file__).resolve().parents[2]
    code = SEED38.format(root=str(root), tests=str(Path(__file__).parent))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    seconds, exact = done.stdout.split()
    assert exact in ("True", "False")


# --------------------------------------------------------------------------- 7. module boundaries
def test_odds_modules_import_no_private_name_of_another() -> None:
    import re

    folder = Path(sr.__file__).parent
    for path in folder.glob("odds*.py"):
        for line in path.read_text().splitlines():
            if line.startswith("from explorer"):
                names = re.sub(r".* import ", "", line).strip("() ")
                assert not re.search(r"(^|[ ,(])_[a-z]", names), f"{path.name}: {line}"
