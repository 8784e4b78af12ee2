"""The odds against brute force: the reveal distribution by enumerating every order of a small deck."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations

import explorer
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.odds import reveal_by_card, reveal_tables
from explorer.games.pinned_down.odds_fight import fight_odds

DECK = ["Dra'tar Swarm Frigate", "Dra'tar Behemoth", "Dra'tar Assault Frigate", "Worry", "The End Draws Near",
        "DB Agony"]


def _small(game: explorer.Game, pool: int) -> explorer.State:
    return game.position(stage="reveal", threat=pool, locations=["Harana"], players=[{"flagship": "TRB Ardor"}],
                         attack_deck={"cards": DECK}, this_turn={"attack_reshuffles": 1})


def _brute(s: explorer.State, pool: int) -> Counter:
    """Every order of the six cards, the seed's reveal rule written out plainly."""
    out: Counter = Counter()
    for order in permutations(DECK):
        left, ships, first = pool, [], True
        effects = 0
        for card in order:
            cost = fx.enemy_threat(s, card, first=first)
            if cost > left:
                break
            left -= cost
            c = s.data.card(card)
            if c.type == "enemy ship":
                ships.append(fx.printed_power(s, card))
                first = False
                left += 2 if card == "Dra'tar Swarm Frigate" else 0
            else:
                left += 2 if card == "The End Draws Near" else 0
                effects += card != "The End Draws Near"
        out[(len(ships), sum(ships), max(ships, default=0), effects, left)] += 1
    return out


def test_reveal_distribution_matches_every_order(game: explorer.Game) -> None:
    for pool in (0, 2, 5, 9):
        s = _small(game, pool)
        brute = _brute(s, pool)
        total = sum(brute.values())
        reveal, quiet = reveal_tables(s)
        exact = {(r.ships, r.total_power, r.largest_power, r.threat_left): p for r, p in reveal.pmf().items()}
        plain: Counter = Counter()
        quiet_brute: Counter = Counter()
        for (n, total_power, largest, effects, left), v in brute.items():
            plain[(n, total_power, largest, left)] += v
            quiet_brute[effects] += v
        assert exact == {k: Fraction(v, total) for k, v in plain.items()}, pool
        assert quiet.pmf() == {k: Fraction(v, total) for k, v in quiet_brute.items()}, pool


def test_each_card_side_by_side_adds_its_threat(game: explorer.Game) -> None:
    s = game.position(threat=0, locations=["Harana"], players=[{"flagship": "TRI Pegasus", "characters": [
        "Mr. Alford", "Mr. Snider"], "hand": ["They Are Coming", "Covert Ops", "Surprise Assault"]}],
        attack_deck={"cards": DECK}, this_turn={"attack_reshuffles": 1})
    options = {o.card: o for o in reveal_by_card(s, 0)}
    assert options["They Are Coming"].threat_added == 2 and options["Covert Ops"].threat_added == 1
    assert "Surprise Assault" not in options  # a FIGHT card: played after the reveal
    assert options["play nothing"].expected_ships() <= options["They Are Coming"].expected_ships() + 1


def test_fight_odds_with_an_overload_match_the_damage_deck(game: explorer.Game) -> None:
    # Raise The Stakes: +4 and one damage card. TRB Ardor 8 + captain 2 + 1 location + 4 against DB Horror 14-1:
    # 15 + damage power > 13 wins, except with Weapon Systems Hit (-2, 2 of 16), Bridge Hit (no bonuses: 7,
    # 2 of 16) and Sickbay Hit when it takes Admiral Bright (2 of 16, then half: 13 against 14).
    s = game.position(stage="fight", threat=0, locations=["Harana"], enemies=[{"name": "DB Horror"}],
                      fight={"player": 1, "enemy": 1}, players=[{"flagship": "TRB Ardor", "assignment": "fought",
                                                                  "hand": ["Raise The Stakes"]}])
    odds = fight_odds(s, ["play Raise The Stakes"])
    assert odds.win == Fraction(11, 16)
    assert odds.win + odds.damaged + odds.destroyed + odds.overpowered == 1


def test_quick_walk_equals_the_full_walk_on_the_whole_deck(game: explorer.Game) -> None:
    s = game.position(threat=0, locations=["Harana"], players=[{"flagship": "TRB Ardor"}])
    for pool in (1, 3, 6):
        # the ships, power, loud effects and threat left agree exactly; the count of quiet effects differs
        # only where Collateral Damage's destinies take quiet cards (an approximation in both walks, RULES.md)
        assert reveal_tables(s, pool=pool)[0] == reveal_tables(s, pool=pool, fast=False)[0]


def test_fight_odds_while_dsf_curse_draws_its_battle_destiny_count_the_destiny(game: explorer.Game) -> None:
    """DSF Curse (power 8) "draws one battle destiny": the top attack card's threat is added (reference:
    "reveal the top attack card, add its threat"). TRB Ardor at Harana is 8 + 1 (one location) = 9. With the
    deck Worry (an effect: threat 0) and Dra'tar Behemoth (threat 4), the Curse is 8 or 12: the fight is won
    with chance 1/2, asked while the destiny is being drawn; Defiance (+4 at a planet, 13) wins either way."""
    from explorer.games.pinned_down.odds_fight import drawing_now, fight_choices, why_no_fight
    from explorer.games.pinned_down.state import Step

    s = game.position(stage="fight", threat=3, locations=["Harana"], enemies=[{"name": "DSF Curse"}],
                      attack_deck={"cards": ["Worry", "Dra'tar Behemoth"]}, fight={"player": 1, "enemy": 1},
                      players=[{"flagship": "TRB Ardor", "hand": ["Defiance"]}])
    drawing = s.replace(pending=(Step("destiny", 0, 0, "enemy destiny"),))
    assert drawing.is_chance() and why_no_fight(drawing) == ""
    assert drawing_now(drawing) == ("DSF Curse's battle destiny is being drawn: these odds count every attack "
                                    "card it may reveal.")
    choices = dict(fight_choices(drawing))
    assert choices["resolve now"].win == Fraction(1, 2) and fight_odds(s).win == 1  # no destiny: 9 against 8
    assert choices["play Defiance"].win == 1
