"""The Battle of Endor rules, one test per rule of the seed (003_dde2a4fdfa65b4f8.txt) or reference entry."""

from __future__ import annotations

import pytest
from tests.endor.endor_helpers import game, names, turn

from explorer.errors import IllegalActionError
from explorer.games.endor.state import B_WING, EXECUTOR, FALCON, TIE, X_WING, Y_WING


def _finish_deal(s):
    while s.is_chance():
        s = s.apply(s.chance_outcomes()[0][0])
    return s


# --- setup (reference §5, seed §2-§3) ---------------------------------------------
def test_setup_is_the_reference_placement_with_15_b_wings() -> None:
    s = game().initial_state()
    d = s.data
    assert sum(r[X_WING] for r in s.ships) == 20 and sum(r[Y_WING] for r in s.ships) == 16
    assert sum(r[B_WING] for r in s.ships) == 12 and s.b_wing_supply == 3          # seed: 15; S1 places 12
    assert sum(r[TIE] for r in s.ships) == 24 and s.tie_reserve == 32              # 56 TIEs in all
    assert s.ships[d.index["M15"]][FALCON] == 1 and s.ships[d.index["O13"]][EXECUTOR] == 1
    assert s.markers == (True,) * 6 and s.strike_team == 0 and s.troopers == ()


def test_sw_ksirk_12_bwings_leaves_no_b_wing_in_the_supply() -> None:
    assert game("sw_ksirk_12_bwings").initial_state().b_wing_supply == 0


def test_each_side_draws_6_then_rebels_plan_3_face_down_first() -> None:
    s = _finish_deal(game().initial_state())
    assert [len(h) for h in s.hands] == [6, 6] and s.phase.startswith("plan: Rebels place order 1 of 3")
    for _ in range(3):
        s = s.apply(s.legal_actions()[0])
    assert s.phase.startswith("plan: Empire")
    first = None
    for _ in range(3):
        first = first or s.legal_actions()[0].args[0]
        s = s.apply(s.legal_actions()[0])
    assert s.stage == "orders" and s.seat == 0 and s.current_player == 0   # Rebels reveal first (seed §4)


def test_four_player_team_game_plans_2_each_and_plays_rebel1_empire1_empire2_rebel2() -> None:
    s = _finish_deal(game().initial_state(players=4))
    assert [len(h) for h in s.hands] == [6, 6, 6, 6]
    for _ in range(8):
        s = s.apply(s.legal_actions()[0])
    order = []
    while s.stage == "orders" and len(order) < 4:
        if s.step.stage == "choose":
            order.append(s.seat)
            s = s.apply("pass" if "pass" in names(s) else s.legal_actions()[-1])
        else:
            s = s.apply(s.legal_actions()[-1]) if not s.is_chance() else s.apply(s.chance_outcomes()[0][0])
    assert order == [0, 1, 2, 3]


def test_back_to_back_turns_when_the_other_pile_is_empty() -> None:
    g = game()
    card = "Shield Assault / Luke Skywalker"
    s = turn(g, card, piles=((card,), ()))
    s = s.apply("order Luke Skywalker").apply("roll 1 1 1 1")
    assert s.seat == 0 and s.revealed == card                           # Rebels again: the Empire is out


def test_bonus_orders_are_drawn_blind_to_the_bottom_of_the_order_pile() -> None:
    g = game()
    s = turn(g, "Shield Assault / Luke Skywalker", piles=(("X-wing / Luke Skywalker",), ()), vader_hits=3)
    s = s.apply("order Luke Skywalker").apply("roll 6 1 1 1")         # Vader destroyed: 3 bonus orders
    assert s.vader == "destroyed" and s.pending == (("bonus", 0, 3),)
    s = s.apply("draw Y-wing / Shield Assault")
    assert s.piles[0] == ("X-wing / Luke Skywalker", "Y-wing / Shield Assault") and s.blind[0] == 1


def test_sw_ksirk_bonus_on_top_puts_bonus_orders_on_top() -> None:
    g = game("sw_ksirk_bonus_on_top")
    s = turn(g, "Shield Assault / Luke Skywalker", piles=(("X-wing / Luke Skywalker",), ()), vader_hits=3)
    s = s.apply("order Luke Skywalker").apply("roll 6 1 1 1").apply("draw Y-wing / Shield Assault")
    assert s.piles[0] == ("Y-wing / Shield Assault", "X-wing / Luke Skywalker")


def test_faq_bonus_orders_do_not_carry_over_they_are_played_this_round() -> None:
    g = game()
    s = turn(g, "Shield Assault / Luke Skywalker", vader_hits=3)
    s = s.apply("order Luke Skywalker").apply("roll 6 1 1 1")
    for card in ("Y-wing / Shield Assault", "X-wing / Luke Skywalker", "B-wing / Shield Assault"):
        s = s.apply(f"draw {card}")
    assert s.stage == "orders" and s.revealed == "Y-wing / Shield Assault" and s.round == 1


def test_draw_back_to_6_and_an_empty_deck_is_the_reshuffled_discard_pile() -> None:
    g = game()
    card = "Shield Assault / Luke Skywalker"
    s = turn(g, card)
    rebels_deck = s.decks[0].contents()
    s = s.replace(decks=(s.decks[0].__class__(), s.decks[1]), discards=(rebels_deck, s.discards[1]))
    s = s.apply("order Shield Assault").apply("roll 1 1 1 1 1")
    assert s.stage == "draw" and s.pending[0] == ("refill", 0, 6)
    assert len(s.decks[0]) == 30 and not s.discards[0]                  # 29 + the card just played


# --- movement and attacks (seed §5A) ----------------------------------------------
def test_faq_attack_without_moving() -> None:
    g = game()
    s = turn(g, "X-wing / Shield Assault").apply("order X-wing")
    assert "no move" in names(s)
    s = s.apply("no move")
    assert s.step.stage == "attack"


def test_faq_only_the_ordered_ship_type_attacks() -> None:
    g = game()
    s = turn(g, "Y-wing / Shield Assault", sectors=dict(O10={"Y-wing": 2, "X-wing": 3}, O11={"TIE": 1}))
    s = s.apply("order Y-wing").apply("no move").apply("attack from O10 into O11")
    assert s.step.dice == 2                                              # the 3 X-wings do not roll


def test_ships_never_enter_or_pass_an_enemy_sector_nor_a_marker_slot() -> None:
    g = game()
    s = turn(g, "Millennium Falcon / X-wing / Shield Assault").apply("order Millennium Falcon")
    moves = [a for a in names(s) if a.startswith("move")]
    assert "move 1 Falcon M15 to I22" in moves and not any(m.endswith(("I26", "I27", "F0")) for m in moves)
    s2 = turn(g, "Millennium Falcon / X-wing / Shield Assault", sectors=dict(I22={"TIE": 1}, M21={"TIE": 1}))
    falcon = s2.apply("order Millennium Falcon")
    assert not any(a.endswith("to I27") for a in names(falcon))          # I27 only through TIE sectors


def test_falcon_and_executor_move_up_to_2_sectors_others_1() -> None:
    g = game()
    s = turn(g, "Millennium Falcon / X-wing / Shield Assault")
    assert "move 1 Falcon M15 to O8" in names(s.apply("order Millennium Falcon"))       # M15-O7-O8
    assert not any(a.endswith("X-wing M15 to O8") for a in names(s.apply("order X-wing")))


def test_at_most_5_dice_per_attack() -> None:
    g = game()
    s = turn(g, "X-wing / Shield Assault", sectors=dict(O10={"X-wing": 5}, O9={"X-wing": 3, "B-wing": 3}, O11={"TIE": 4}))
    s = s.apply("order X-wing").apply("move 3 X-wing O9 to O10")
    assert s.ships[s.data.index["O10"]][X_WING] == 8
    s = s.apply("attack from O10 into O11")
    assert s.step.dice == 5


def test_the_attacker_assigns_hits_when_a_die_can_hit_two_kinds() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, sectors=dict(O10={"X-wing": 1, "B-wing": 1}))
    lost = s.destroyed
    s = s.apply("order TIE Fighter").apply("no move").apply("attack from M19 into O10").apply("roll 5 1 1 1")
    assert names(s) == ["hit X-wing with 5", "hit B-wing with 5"]
    after = s.apply("hit B-wing with 5")
    assert after.destroyed[B_WING] == lost[B_WING] + 1 and after.destroyed[X_WING] == lost[X_WING]


def test_falcon_has_a_6_hit_track_and_its_destruction_earns_the_empire_2_bonus_orders() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, falcon_hits=4, sectors=dict(O10={"Falcon": 1}, M15={"X-wing": 5}))
    s = s.apply("order TIE Fighter").apply("no move").apply("attack from M19 into O10").apply("roll 6 5 4 3")
    assert s.destroyed[FALCON] == 1 and s.falcon_hits == 6
    assert ("bonus", 1, 3) in s.pending                                   # 2 for the Falcon + 1 for the cleared sector


def test_executor_destroyed_takes_every_undeployed_tie() -> None:
    g = game()
    s = turn(g, "B-wing / Shield Assault", executor_hits=7, sectors=dict(O14={"B-wing": 1}))
    s = s.apply("order B-wing").apply("no move").apply("attack from O14 into O13").apply("roll 5")
    assert s.destroyed[EXECUTOR] == 1 and s.tie_reserve == 0 and s.destroyed[TIE] == 32
    assert ("bonus", 0, 1) in s.pending                                   # O13 cleared


def test_tie_order_deploys_4_into_the_executor_sector_and_may_attack_at_once() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1).apply("order TIE Fighter")
    s = s.apply("deploy 4 TIE at O13")
    assert s.ships[s.data.index["O13"]][TIE] == 4 and s.tie_reserve == 28 and s.step.stage == "attack"


def test_faq_fighters_on_a_destroyed_fleet_marker_are_destroyed_and_it_flips() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, falcon_hits=6,
             sectors=dict(O6={"TIE": 1}, O7={}, M15={}))
    s = s.apply("order TIE Fighter").apply("no move").apply("attack from O6 into F0").apply("roll 5")
    assert names(s) == ["hit Y-wing with 5", "hit fleet marker with 5"]
    lost = s.destroyed[Y_WING]
    s = s.apply("hit fleet marker with 5")
    assert s.markers[0] is False and s.destroyed[Y_WING] == lost + 4 and ("bonus", 1, 1) in s.pending


def test_sw_ksirk_markers_death_star_only_ordinary_attacks_cannot_hit_a_marker() -> None:
    g = game("sw_ksirk_markers_death_star_only")
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, falcon_hits=6,
             sectors=dict(O6={"TIE": 1}, O7={}, M15={}))
    lost = s.destroyed[Y_WING]
    s = s.apply("order TIE Fighter").apply("no move").apply("attack from O6 into F0").apply("roll 5")
    assert s.markers[0] and s.destroyed[Y_WING] == lost + 1               # the only target was a Y-wing


def test_faq_death_star_targets_face_up_markers_first_then_any_sector() -> None:
    g = game()
    s = turn(g, "Death Star / Shield Ambush", seat=1).apply("order Death Star")
    assert names(s) == [f"fire the Death Star at F{i}" for i in range(6)]
    s2 = turn(g, "Death Star / Shield Ambush", seat=1, markers=(False,) * 6, sectors=dict(F0={}, F1={}, F2={}, F3={}, F4={}, F5={}))
    assert "fire the Death Star at O8" in names(s2.apply("order Death Star"))


def test_death_star_hits_on_a_5_or_6_and_destroys_everything_in_the_sector() -> None:
    g = game()
    s = turn(g, "Death Star / Shield Ambush", seat=1, markers=(False,) * 6, sectors=dict(F0={}, F1={}, F2={}, F3={}, F4={}, F5={}))
    s = s.apply("order Death Star").apply("fire the Death Star at M15")
    missed = s.apply("roll 4 4")
    assert missed.ships[s.data.index["M15"]][X_WING] == 5
    hit = s.apply("roll 5 1")
    assert sum(hit.ships[s.data.index["M15"]][:4]) == 0 and ("bonus", 1, 3) in hit.pending   # 1 + 2 (Falcon)


def test_sw_ksirk_no_marker_bonus_for_a_death_star_shot_on_a_marker() -> None:
    for variant, bonus in (("standard", [("bonus", 1, 1)]), ("sw_ksirk_no_marker_bonus", [])):
        s = turn(game(variant), "Death Star / Shield Ambush", seat=1)
        s = s.apply("order Death Star").apply("fire the Death Star at F2").apply("roll 6 6")
        assert s.markers[2] is False and [p for p in s.pending if p[0] == "bonus"] == bonus


# --- shield assault and ambush (seed §5B) -------------------------------------------
def test_shield_assault_each_die_meeting_the_next_space_advances_one() -> None:
    g = game()
    s = turn(g, "Shield Assault / Luke Skywalker").apply("order Shield Assault").apply("roll 6 5 2 1 1")
    assert s.strike_team == 3


def test_stormtrooper_adds_1_and_returns_to_the_supply_when_passed() -> None:
    g = game()
    s = turn(g, "Shield Assault / Luke Skywalker", troopers=(1, 2, 3))
    s = s.apply("order Shield Assault").apply("roll 3 3 2 2 2")
    assert s.strike_team == 2 and s.troopers == (3,)                      # spaces 1-3 need 3+


def test_shield_ambush_places_up_to_3_on_the_next_unoccupied_spaces() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, strike_team=4, troopers=(6,)).apply("order Shield Ambush")
    assert names(s) == ["place 3 stormtroopers", "place 2 stormtroopers", "place 1 stormtrooper"]
    assert s.apply("place 3 stormtroopers").troopers == (5, 6, 7, 8)


def test_shield_ambush_needs_a_stormtrooper_in_the_supply() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, troopers=tuple(range(1, 10)))
    assert "order Shield Ambush" not in names(s)


# --- the duel (seed §5C) ------------------------------------------------------------
def test_luke_rolls_4_dice_each_4_5_6_is_a_hit_on_vader() -> None:
    s = turn(game(), "Shield Assault / Luke Skywalker").apply("order Luke Skywalker").apply("roll 6 4 3 1")
    assert s.vader_hits == 2 and s.vader == "fighting"


def test_emperor_deals_2_hits_and_destroying_luke_earns_4_bonus_orders() -> None:
    s = turn(game(), "TIE Fighter / Emperor", seat=1, luke_hits=2).apply("order Emperor")
    assert not s.luke_alive and ("bonus", 1, 4) in s.pending


def test_vader_redeemed_only_on_a_red_space_and_destroys_vader_and_the_emperor() -> None:
    g = game()
    assert "order Vader Redeemed" not in names(turn(g, "X-wing / Vader Redeemed"))           # 4 hits left: not red
    s = turn(g, "X-wing / Vader Redeemed", vader_hits=1).apply("order Vader Redeemed")
    assert s.vader == "redeemed" and ("bonus", 0, 5) in s.pending
    assert "order Vader Redeemed" not in names(turn(g, "X-wing / Vader Redeemed", vader_hits=1, luke_hits=4))


def test_no_emperor_order_once_vader_is_redeemed_and_no_vader_order_once_destroyed() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Emperor", seat=1, vader_hits=1, vader="redeemed")
    assert names(s) == ["order TIE Fighter"]
    s = turn(g, "TIE Fighter / Darth Vader", seat=1, vader_hits=4, vader="destroyed")
    assert names(s) == ["order TIE Fighter"]


def test_sw_ksirk_duel_closes_no_luke_order_once_vader_is_gone() -> None:
    assert "order Luke Skywalker" in names(turn(game(), "Shield Assault / Luke Skywalker", vader_hits=4,
                                                 vader="destroyed"))
    assert "order Luke Skywalker" not in names(turn(game("sw_ksirk_duel_closes"), "Shield Assault / Luke Skywalker",
                                                     vader_hits=4, vader="destroyed"))


# --- using an order card (seed §4, FAQ) ------------------------------------------------
def test_faq_if_no_order_on_the_card_can_be_used_the_turn_is_lost() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Darth Vader", seat=1, vader_hits=4, vader="destroyed", executor_hits=8,
             tie_reserve=0, sectors=dict(O11={}, O12={}, M19={}, M20={}, I26={}, I27={}, O13={}))
    assert names(s) == ["lose turn"]
    with pytest.raises(IllegalActionError):
        turn(g, "Shield Assault / Luke Skywalker").apply("lose turn")


def test_optional_order_lets_a_player_use_no_order() -> None:
    assert names(turn(game("optional_order"), "Shield Assault / Luke Skywalker"))[-1] == "pass"
    assert "pass" not in names(turn(game(), "Shield Assault / Luke Skywalker"))


# --- the Death Star and the end (seed §5A, §6) -------------------------------------------
def test_rebels_attack_the_death_star_only_with_the_shields_down_from_the_inner_ring() -> None:
    g = game()
    s = turn(g, "X-wing / Shield Assault", sectors=dict(I22={"X-wing": 2}))
    assert not any("Death Star" in a for a in names(s.apply("order X-wing").apply("no move")))
    s = s.replace(strike_team=28).apply("order X-wing").apply("no move")
    assert "attack the Death Star from I22" in names(s)
    s = s.apply("attack the Death Star from I22")
    assert s.step.dice == 2
    assert s.apply("roll 5 5").winner == "" and s.apply("roll 6 1").winner == "Rebels"


def test_sw_ksirk_uncapped_death_star_dice() -> None:
    for variant, dice in (("standard", 5), ("sw_ksirk_uncapped_death_star_dice", 7)):
        s = turn(game(variant), "X-wing / Shield Assault", strike_team=28, sectors=dict(I22={"X-wing": 7}))
        s = s.apply("order X-wing").apply("no move").apply("attack the Death Star from I22")
        assert s.step.dice == dice


def test_sw_ksirk_moved_ships_only_attack_after_a_move() -> None:
    g = game("sw_ksirk_moved_ships_only")
    s = turn(g, "X-wing / Shield Assault", sectors=dict(O10={"X-wing": 1}, O9={"X-wing": 2}, O11={"TIE": 4}))
    assert names(s.apply("order X-wing").apply("no move")) == ["no attack"]
    s = s.apply("order X-wing").apply("move 1 X-wing O9 to O10")
    assert s.apply("attack from O10 into O11").step.dice == 1


def test_empire_wins_when_no_rebel_ship_remains_fleet_markers_need_not_be() -> None:
    g = game()
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1)
    empty = {n: {} for n in ("F0", "F1", "F2", "F3", "F4", "F5", "O7", "O8", "O9", "M15", "M16", "M17")}
    s = turn(g, "TIE Fighter / Shield Ambush", seat=1, falcon_hits=6,
             sectors=dict(O10={"X-wing": 1}, **empty))
    s = s.apply("order TIE Fighter").apply("no move").apply("attack from M19 into O10").apply("roll 3 1 1 1")
    assert s.is_terminal() and s.result().winners == (1,) and any(s.markers)


def test_faq_the_executor_never_enters_the_death_star() -> None:
    s = turn(game(), "Executor / Emperor", seat=1).apply("order Executor")
    assert not any("Death Star" in a for a in names(s))


def test_each_move_is_one_decision_and_one_line_of_the_log() -> None:
    # issue 20: the log read "choose to move X-wing O9 → O10" then "move 3 X-wing O9 → O10"
    g = game()
    s = turn(g, "X-wing / Shield Assault", sectors=dict(O9={"X-wing": 3}, O11={"TIE": 4}))
    s = s.apply("order X-wing")
    assert [a for a in names(s) if a.endswith("O9 to O10")] == [
        "move 3 X-wing O9 to O10", "move 2 X-wing O9 to O10", "move 1 X-wing O9 to O10"]
    move = s.parse_action("move 2 X-wing O9 to O10")
    after = s.apply(move)
    assert after.step.stage == "attack" and after.ships[g.data.index["O10"]][X_WING] == 2
    assert s.story(move, after) == "Rebels move 2 X-wing O9 → O10"
