"""The heuristic reads like play advice (issue 22 §4): each test a position and the move a careful crew makes.

Powers come from the seed document's fight rule (greater power wins, a tie or less is damaged, double power
overpowers) and the card list (shared/reference/pinned_down.md §3): TRB Ardor 8 + 1 per location on the table,
+2 with its captain Admiral Bright aboard (the Blue crew at setup), who also takes 1 off unique enemies;
TRF Moscow 7; Dra'tar Behemoth 12, DB Agony and DB Horror 14, DAC Disaster 12 (+2 while the pool is empty).
"""

from __future__ import annotations

import numpy as np
import pytest

import explorer
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.policies import heuristic_policy, location_cost
from explorer.games.pinned_down.policy_fight import card_value, winning_plays

GAME = explorer.load_game("pinned_down")
RNG = np.random.default_rng(0)


def _move(s) -> str:
    return str(heuristic_policy(s, RNG))


def _ardor_fight(enemy: str, hand: list[str], locations: list[str], threat: int = 3):
    return GAME.position(stage="fight", threat=threat, locations=locations, enemies=[{"name": enemy}],
                         fight={"player": 1, "enemy": 1}, players=[{"flagship": "TRB Ardor", "hand": hand}])


def test_the_ship_resolves_at_once_when_it_already_wins() -> None:
    # Ardor at two locations with Bright aboard: 8 + 2 + 2 = 12 against an Assault Cruiser's 11 (§3.4).
    s = _ardor_fight("Dra'tar Assault Cruiser", ["Fire At Will"], ["Berena Pulsar", "Moslov Asteroid"])
    assert (fx.player_power(s), fx.enemy_power(s)) == (12, 11)
    assert _move(s) == "resolve the fight"


def test_the_fewest_cards_that_win_are_played_and_target_eliminated_goes_last() -> None:
    # 12 against a Behemoth's 12 loses (ties lose, seed fight phase). Defiance at a space location is +2 (14),
    # Target Eliminated +1 (13): either alone wins; the least useful one is played, and Target Eliminated is
    # worth less than Defiance, so it goes alone: it then exceeds the enemy and draws a card.
    s = _ardor_fight("Dra'tar Behemoth", ["Defiance", "Target Eliminated"], ["Berena Pulsar", "Moslov Asteroid"])
    assert _move(s) == "play Target Eliminated"
    # Against DB Horror (14, Bright: 13) 12 needs +2: Defiance wins alone; Target Eliminated's +1 only ties.
    s = _ardor_fight("DB Horror", ["Defiance", "Target Eliminated"], ["Berena Pulsar", "Moslov Asteroid"])
    assert [str(a) for a in winning_plays(s)] == ["play Defiance"]


def test_when_two_cards_are_needed_target_eliminated_is_played_after_the_other() -> None:
    # One location (11) against DB Agony (14, Bright: 13): +3 needed; Defiance +2 at space and Target
    # Eliminated +1 make 14 > 13. Target Eliminated last, so that its "if its power now exceeds" draws a card.
    s = _ardor_fight("DB Agony", ["Target Eliminated", "Defiance"], ["Berena Pulsar"])
    assert (fx.player_power(s), fx.enemy_power(s)) == (11, 13)
    assert [str(a) for a in winning_plays(s)] == ["play Defiance", "play Target Eliminated"]
    assert _move(s) == "play Defiance"


def test_no_card_is_spent_on_a_fight_no_card_can_win() -> None:
    # 11 against a Behemoth's 12 at a space location, holding only Target Eliminated (+1: 12, a tie, lost).
    # A lost fight costs one damage card whatever is played; the card is kept for a fight it can win.
    s = _ardor_fight("Dra'tar Behemoth", ["Target Eliminated"], ["Berena Pulsar"])
    assert _move(s) == "resolve the fight"


def test_raise_the_stakes_is_not_played_when_an_ordinary_loss_costs_the_same_damage_card() -> None:
    # Raise The Stakes' overload is a damage card (reference §2.7): winning with it costs what losing costs.
    s = _ardor_fight("Dra'tar Behemoth", ["Raise The Stakes"], ["Berena Pulsar"])
    assert _move(s) == "resolve the fight"


def test_raise_the_stakes_wins_against_db_horror_whose_win_costs_two_damage_cards() -> None:
    # DB Horror damages the losing ship again (§3.4): the overload's one damage card beats losing two.
    s = _ardor_fight("DB Horror", ["Raise The Stakes"], ["Berena Pulsar"])
    assert (fx.player_power(s), fx.enemy_power(s)) == (11, 13)
    assert _move(s) == "play Raise The Stakes"


def test_an_overpowered_ship_plays_a_card_that_gets_it_out_even_when_the_fight_stays_lost() -> None:
    # TRF Moscow, 7, against DB Horror's 14: double power, destroyed at once (seed fight phase). Never Say Die
    # (+3 undamaged) makes 10: still lost, but 14 < 20, so one damage card instead of the flagship.
    s = GAME.position(stage="fight", threat=3, locations=["Berena Pulsar"], enemies=[{"name": "DB Horror"}],
                      fight={"player": 1, "enemy": 1},
                      players=[{"flagship": "TRF Moscow", "wing": "Green",
                                "characters": ["Ensign Holder", "Tinkerer Lott"],
                                "hand": ["Never Say Die", "Lost And Found"]}])
    assert (fx.player_power(s), fx.enemy_power(s)) == (7, 14)
    assert _move(s) == "play Never Say Die"


def test_the_ship_is_assigned_to_the_enemy_it_can_beat() -> None:
    # Behemoth and DAC Disaster both print 12, so either may be taken (strongest-first, seed assignment
    # phase); with the pool empty Disaster is 14 (Bright, unique: 13). Defiance (+2 at a space location)
    # makes 11 + 2 = 13: it beats the Behemoth's 12 and only ties Disaster's 13.
    s = GAME.position(stage="assign", threat=0, locations=["Berena Pulsar"],
                      enemies=[{"name": "DAC Disaster"}, {"name": "Dra'tar Behemoth"}],
                      players=[{"flagship": "TRB Ardor", "hand": ["Defiance"], "assignment": "undecided"}])
    assert [str(a) for a in s.legal_actions()] == ["assign TRB Ardor to DAC Disaster",
                                                   "assign TRB Ardor to Dra'tar Behemoth"]
    assert _move(s) == "assign TRB Ardor to Dra'tar Behemoth"


@pytest.mark.parametrize(("distance", "revealed", "expected"), [
    (3, ["Harana", "Gerrara Nebula"], "jump to Gerrara Nebula"),  # the farther: fewer attack phases to 10
    (3, ["Rahra Asteroid Belt", "Kressar Shipyards"], "jump to Kressar Shipyards"),  # as far, no damage card
    (3, ["Solmar Border Station", "Harana"], "jump to Harana"),  # as far, without Solmar's 3 threat
    (8, ["Gerrara Nebula", "Agniar"], "jump to Agniar"),  # both reach 10: the nearer adds less threat next
])
def test_the_jump_goes_far_but_not_into_a_location_that_costs_more_than_it_gives(distance: int, revealed: list[str],
                                                                                   expected: str) -> None:
    s = GAME.position(stage="pick", threat=0, distance=distance, locations=["Da'tar"], locations_revealed=revealed,
                      players=[{"flagship": "TRB Ardor"}])
    assert _move(s) == expected


def test_a_location_costs_what_its_text_takes() -> None:
    # Rahra: a damage card on arrival; Solmar: add (3) on arrival; Harana's text costs nothing in distance.
    s = GAME.initial_state()
    assert location_cost(s, "Rahra Asteroid Belt") == 3.0
    assert location_cost(s, "Solmar Border Station") == 1.0
    assert location_cost(s, "Harana") == 0.0


def test_the_least_useful_card_is_discarded_first() -> None:
    # Raise The Stakes is +4 for a damage card; Fire At Will +4 for the Blue Wing (reading A8).
    s = GAME.initial_state()
    assert card_value(s, 0, "Raise The Stakes") < card_value(s, 0, "Target Eliminated") < card_value(
        s, 0, "Fire At Will")
    s = GAME.position(stage="main", threat=2, locations=["Harana"],
                      pending=[{"step": "discard", "player": 1, "amount": 1, "note": "Lack Of Preparation"}],
                      players=[{"flagship": "TRB Ardor", "hand": ["Fire At Will", "Raise The Stakes"]}])
    assert _move(s) == "discard Raise The Stakes"


def test_ensign_holder_repairs_the_worst_damage_paying_with_the_least_useful_card() -> None:
    # Direct Hit takes 35% and 1 power; Engines Hit 25% and 1 power (§3.5). Lost And Found is worth less in a
    # fight than Ace In The Hole.
    s = GAME.position(stage="main", threat=3, locations=["Harana"],
                      players=[{"flagship": "TRF Moscow", "wing": "Green",
                                "characters": ["Ensign Holder", "Tinkerer Lott"],
                                "damage": ["Direct Hit", "Engines Hit"],
                                "hand": ["Ace In The Hole", "Lost And Found"]}])
    assert _move(s) == "use Ensign Holder, discarding Lost And Found, repairing Player 1's Direct Hit"


def test_the_fleet_beats_dsf_banes_escort_first() -> None:
    # DSF Bane is +1 per other attacker (§3.4): TRB Faith (8 + 2 with Captain Whitley aboard) ties Bane's 10
    # while both frigates attack, and beats its 9 once TRF Washington has beaten a Swarm Frigate. The exact
    # odds of both orders (odds_order.fight_orders): Washington first wins every fight, Faith first none.
    s = GAME.position(stage="order", threat=0, locations=["Harana"], enemies=[
        {"name": "DSF Bane"}, {"name": "Dra'tar Swarm Frigate"}, {"name": "Dra'tar Swarm Frigate"}],
        players=[{"flagship": "TRB Faith", "characters": ["Captain Huber", "Captain Whitley"], "assignment": "enemy 1"},
                 {"flagship": "TRF Washington", "characters": ["Dr. Cooley", "Dr. Ferrell"], "hand": ["Never Say Die"],
                  "assignment": "enemy 2"}])
    assert [str(a) for a in s.legal_actions()] == ["TRB Faith fights DSF Bane next",
                                                   "TRF Washington fights Dra'tar Swarm Frigate next"]
    from explorer.games.pinned_down.odds_order import fight_orders

    assert [(o.order[0], o.all_won) for o in fight_orders(s)] == [("TRB Faith", 0), ("TRF Washington", 1)]
    assert _move(s) == "TRF Washington fights Dra'tar Swarm Frigate next"


@pytest.mark.parametrize(("enemy", "hand", "locations"), [
    ("Dra'tar Behemoth", ["Defiance", "Target Eliminated"], ["Berena Pulsar", "Moslov Asteroid"]),
    ("DB Agony", ["Target Eliminated", "Defiance"], ["Berena Pulsar"]),
    ("DB Horror", ["Evasion Maneuver", "Fire At Will", "Defiance"], ["Harana"]),
    ("Dra'tar Assault Cruiser", ["Target Eliminated", "Target Eliminated"], ["Berena Pulsar"]),
])
def test_the_cards_chosen_win_by_the_exact_fight_odds_and_no_fewer_would(enemy: str, hand: list[str],
                                                                          locations: list[str]) -> None:
    # odds_fight.fight_odds plays the moves through the rules: the set chosen wins for certain, and every set
    # of one card fewer does not.
    from itertools import combinations

    from explorer.games.pinned_down.odds_fight import fight_odds

    s = _ardor_fight(enemy, hand, locations)
    chosen = [str(a) for a in winning_plays(s)]
    assert chosen and fight_odds(s, chosen).win == 1
    for fewer in combinations(chosen, len(chosen) - 1):
        assert fight_odds(s, list(fewer)).win == 0


def test_ace_in_the_hole_counts_the_hand_it_leaves_behind() -> None:
    # TRF Moscow 7 against an Assault Frigate's 9 (§3.4) holding Ace In The Hole and Never Say Die. Ace In The
    # Hole is +3 only with 2 cards still in hand after playing it (§3.2): here 1 is left, so +2, a tie, lost.
    # Never Say Die is +3 on an undamaged ship: 10 against 9.
    s = GAME.position(stage="fight", threat=3, locations=["Berena Pulsar"],
                      enemies=[{"name": "Dra'tar Assault Frigate"}], fight={"player": 1, "enemy": 1},
                      players=[{"flagship": "TRF Moscow", "wing": "Green",
                                "characters": ["Ensign Holder", "Tinkerer Lott"],
                                "hand": ["Ace In The Hole", "Never Say Die"]}])
    from explorer.games.pinned_down.odds_fight import fight_odds

    assert fight_odds(s, ["play Ace In The Hole"]).win == 0
    assert [str(a) for a in winning_plays(s)] == ["play Never Say Die"]
