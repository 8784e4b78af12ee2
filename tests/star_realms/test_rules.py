"""The two-player game: setup, turn flow, and every effect kind through real cards."""

from __future__ import annotations

import pytest

import explorer
from explorer import CHANCE, Multiset
from explorer.errors import IllegalActionError


def test_setup_reveals_five_then_deals_three_and_five(chance) -> None:
    s = explorer.load_game("star_realms").initial_state()
    assert s.is_chance() and s.authority == (50, 50)
    s = chance(s)
    assert len(s.row) == 5 and len(s.trade_deck) == 75
    assert [len(p.hand) for p in s.players] == [3, 5] and s.current_player == 0
    assert s.phase == "main phase (player 1, turn 1)"


def test_end_turn_discards_ships_and_hand_keeps_bases_and_loses_pools(make, chance) -> None:
    s = make(hands=[["Scout", "Viper", "Blob Wheel", "Cutter"]])
    s = s.apply("play Scout").apply("play Blob Wheel").apply("use Blob Wheel").apply("play Viper")
    assert (s.players[0].trade, s.players[0].combat) == (1, 2)
    s = s.apply("end turn")
    p = s.players[0]
    assert p.discard == Multiset(["Scout", "Viper", "Cutter"]) and [r.name for r in p.bases] == ["Blob Wheel"]
    assert (p.trade, p.combat) == (0, 0) and s.current_player == CHANCE
    s = chance(s)
    assert s.actor == 1 and len(s.players[0].hand) == 5


def test_base_primary_once_per_turn_and_again_next_turn(make, chance) -> None:
    s = make(bases=[("Blob Wheel",)])
    assert "use Blob Wheel" in [str(a) for a in s.legal_actions()]
    s = s.apply("use Blob Wheel")
    with pytest.raises(IllegalActionError, match="already used this turn"):
        s.apply("use Blob Wheel")
    s = chance(s.apply("end turn"))
    s = chance(s.apply("end turn"))
    assert s.actor == 0 and "use Blob Wheel" in [str(a) for a in s.legal_actions()]


def test_buying_needs_trade_and_says_why(make) -> None:
    s = make(trade=[2])
    with pytest.raises(IllegalActionError, match="Ram costs 3 Trade, you have 2"):
        s.apply("buy Ram")
    with pytest.raises(IllegalActionError, match="not in the trade row"):
        s.apply("buy Mothership")
    s = s.apply("buy Explorer")
    assert s.explorers == 9 and "Explorer" in s.players[0].discard and not s.is_chance()


def test_choose_one_patrol_mech(make) -> None:
    s = make(hands=[["Patrol Mech"]])
    s = s.apply("play Patrol Mech")
    assert [str(a) for a in s.legal_actions()] == ["choose +3 Trade", "choose +5 Combat"]
    assert s.apply("choose +5 Combat").players[0].combat == 5


def test_opponent_discards_is_the_opponents_decision(make) -> None:
    s = make(hands=[["Imperial Fighter"], ["Scout", "Viper"]])
    s = s.apply("play Imperial Fighter")
    assert s.current_player == 1 and [str(a) for a in s.legal_actions()] == ["discard Scout", "discard Viper"]
    s = s.apply("discard Viper")
    assert s.current_player == 0 and s.players[1].discard == Multiset(["Viper"])


def test_destroy_base_ignores_outposts(make) -> None:
    s = make(hands=[["Missile Mech"]], bases=[(), ("Battle Station", "Blob World")])
    s = s.apply("play Missile Mech")
    assert [str(a) for a in s.legal_actions()] == ["destroy Battle Station", "destroy Blob World", "done"]
    s = s.apply("destroy Blob World")
    assert [r.name for r in s.players[1].bases] == ["Battle Station"] and "Blob World" in s.players[1].discard


def test_blob_carrier_acquires_a_ship_onto_the_deck(make, chance) -> None:
    s = make(hands=[["Blob Carrier", "Blob Fighter"]], row=["Cutter", "Space Station", "Mothership"])
    s = chance(s.apply("play Blob Fighter"))  # no ally yet
    s = s.apply("play Blob Carrier")
    s = chance(s)  # Blob Fighter's ally draws a card
    assert [str(a) for a in s.legal_actions()] == ["acquire Cutter", "acquire Mothership"]
    s = s.apply("acquire Mothership")
    assert s.players[0].deck.top == ("Mothership",) and s.is_chance()


def test_freighter_next_ship_on_top(make) -> None:
    s = make(hands=[["Freighter", "Cutter"]], row=["Ram", "Space Station"], trade=[3])
    s = s.apply("play Freighter").apply("play Cutter")
    assert s.players[0].next_ship_to_top
    moves = [str(a) for a in s.legal_actions()]
    assert "buy Ram to top" in moves and "buy Space Station to top" not in moves
    s = s.apply("buy Ram to top")
    assert s.players[0].deck.top == ("Ram",) and not s.players[0].next_ship_to_top


def test_recycling_station_discards_then_draws_that_many(make, chance) -> None:
    s = make(hands=[["Viper", "Viper", "Scout"]], bases=[("Recycling Station",)], decks=[{"Cutter": 3}])
    s = s.apply("use Recycling Station").apply("choose discard up to 2 then draw that many")
    s = s.apply("discard Viper").apply("discard Viper")
    s = chance(s)
    assert s.players[0].hand == Multiset({"Scout": 1, "Cutter": 2}) and s.players[0].discard.count("Viper") == 2


def test_brain_world_scraps_then_draws(make, chance) -> None:
    s = make(hands=[["Viper"]], discards=[["Scout"]], bases=[("Brain World",)], decks=[{"Cutter": 3}])
    s = s.apply("use Brain World").apply("scrap hand Viper").apply("scrap discard Scout")
    s = chance(s)
    assert s.players[0].hand == Multiset({"Cutter": 2}) and s.scrap_heap == Multiset(["Viper", "Scout"])


def test_machine_base_draws_then_must_scrap(make, chance) -> None:
    s = make(hands=[["Viper"]], bases=[("Machine Base",)], decks=[{"Cutter": 3}])
    s = chance(s.apply("use Machine Base"))
    assert [str(a) for a in s.legal_actions()] == ["scrap hand Cutter", "scrap hand Viper"]


def test_embassy_yacht_draws_two_with_two_bases(make, chance) -> None:
    s = make(hands=[["Embassy Yacht"]], bases=[("Blob Wheel", "Battle Station")], decks=[{"Cutter": 3}])
    s = chance(s.apply("play Embassy Yacht"))
    assert s.players[0].hand == Multiset({"Cutter": 2}) and s.authority[0] == 53
    s = make(hands=[["Embassy Yacht"]], bases=[("Blob Wheel",)])
    assert not s.apply("play Embassy Yacht").is_chance()


def test_blob_world_draws_per_blob_card_played(make, chance) -> None:
    s = make(hands=[["Blob Fighter", "Trade Pod", "Blob World"]], decks=[{"Cutter": 5}])
    s = s.apply("play Trade Pod").apply("play Blob World")
    s = chance(s.apply("play Blob Fighter"))
    s = s.apply("use Blob World").apply("choose draw per Blob card played")
    s = chance(s)
    assert s.players[0].hand.count("Cutter") == 4  # 1 from Blob Fighter's ally, 3 for three Blob cards


def test_fleet_hq_gives_every_ship_one_combat(make) -> None:
    s = make(hands=[["Scout", "Fleet HQ", "Viper"]])
    s = s.apply("play Scout").apply("play Fleet HQ")
    assert s.players[0].combat == 1
    assert s.apply("play Viper").players[0].combat == 3


def test_mech_world_is_an_ally_for_every_faction(make) -> None:
    s = make(hands=[["Cutter", "Trade Pod"]], bases=[("Mech World",)])
    s = s.apply("play Cutter").apply("play Trade Pod")
    assert s.players[0].combat == 4 + 2


def test_printed_explorer_variant(make) -> None:
    s = make(variant="printed_explorer", hands=[["Explorer"]])
    s = s.apply("play Explorer")
    assert (s.players[0].trade, s.authority[0]) == (2, 50)


def test_attack_opponent_to_zero_wins(make) -> None:
    s = make(combat=[9], authority=(50, 9))
    s = s.apply("attack player 2 9")
    assert s.is_terminal() and s.result().winners == (0,) and s.result().returns == (1.0, 0.0)


def test_illegal_typed_actions_explain_themselves(make) -> None:
    s = make(hands=[["Scout"]], combat=[3], bases=[(), ("Space Station",)])
    with pytest.raises(IllegalActionError, match="cannot attack player 2: outpost Space Station"):
        s.apply("attack player 2 3")
    with pytest.raises(IllegalActionError, match="Cutter is not in your hand"):
        s.apply("play Cutter")
    with pytest.raises(IllegalActionError, match="Space Station has defense 4, you have 3 Combat"):
        s.apply("attack Space Station")


def test_mid_game_state_round_trips_through_json(make) -> None:
    s = make(hands=[["Stealth Needle", "Ram"]], bases=[("Mech World",)])
    s = s.apply("play Ram").apply("play Stealth Needle").apply("copy Ram")
    assert s.players[0].ships[1].copied == "Ram" and s.players[0].combat == 5 + 2 + 5 + 2
    assert s.game.state_from_json(s.to_json()) == s


def test_turn_limit_ends_in_a_draw() -> None:
    game = explorer.load_game("star_realms", turn_limit=4)
    m = explorer.Match(game, seed=0)
    m.play(lambda st, rng: [a for a in st.legal_actions() if str(a) == "end turn"][0]
           if any(str(a) == "end turn" for a in st.legal_actions()) else st.legal_actions()[0])
    assert m.state.is_terminal() and m.state.result().winners == () and "turn limit" in m.state.result().reason


def test_illegal_decisions_outcomes_and_base_owners_explain_themselves(make) -> None:
    """Every refusal names the action, the phase and a reason (DESIGN rule 4)."""
    s = make(hands=[["Patrol Mech"]], combat=[9])
    main = r"is not legal in main phase \(player 1, turn 1\): "
    with pytest.raises(IllegalActionError, match=main + "no ability is waiting for a decision"):
        s.apply("copy Ram")
    with pytest.raises(IllegalActionError, match=main + "no ability is waiting for a decision"):
        s.apply("scrap hand Viper")
    with pytest.raises(IllegalActionError, match=main + "draw is a chance outcome"):
        s.apply("draw Scout")
    with pytest.raises(IllegalActionError, match=main + "the action that ends your turn is 'end turn'"):
        s.apply("end")
    s = s.apply("play Patrol Mech")
    with pytest.raises(IllegalActionError, match=r"'choose \+7 Combat' is not legal in choose one \(player 1, Patrol "
                                                 r"Mech\): not one of the options of Patrol Mech"):
        s.apply("choose +7 Combat")
    h = make(players=4, format="hunter", combat=[9], bases=[(), (), ("Space Station",), ("Blob Wheel",)])
    with pytest.raises(IllegalActionError, match="the bases of player 4 cannot be attacked by player 1 in the hunter"):
        h.apply("attack Blob Wheel of player 4")
    with pytest.raises(IllegalActionError, match="player 2 has no base War World in play"):
        h.apply("attack War World of player 2")


def test_two_copies_of_a_base_in_play_are_attacked_with_one_move(make) -> None:
    # Each legal move is offered once (docs/architecture.md): the opponent's two Trading Posts (outposts, defense 4)
    # and two Blob Wheels (bases, defense 5) give one "attack Trading Post" and, once the outposts are
    # gone, one "attack Blob Wheel"; which copy is destroyed does not matter, they are the same card.
    s = make(combat=[13], bases=[(), ("Trading Post", "Trading Post", "Blob Wheel", "Blob Wheel")])
    moves = [str(a) for a in s.legal_actions()]
    assert moves.count("attack Trading Post") == 1 and not any(m.startswith("attack player") for m in moves)
    s = s.apply("attack Trading Post").apply("attack Trading Post")
    moves = [str(a) for a in s.legal_actions()]
    assert moves.count("attack Blob Wheel") == 1 and moves.count("attack player 2 5") == 1
