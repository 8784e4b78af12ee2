"""Issue 20, Pinned Down: rules a careful player would dispute — Watch Your Back, the fight order, the main phase.

Each test names the seed line (004_5aaf4de132c4176f.txt) or the card text (data/cards.toml) it rests on.
"""

from __future__ import annotations

from fractions import Fraction

import explorer
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.odds_fight import fight_odds
from explorer.games.pinned_down.odds_order import fight_orders, order_matters

FRIGATE = "Dra'tar Assault Frigate"


def _pegasus_fight(game: explorer.Game, others: list[dict]) -> explorer.State:
    players = [{"flagship": "TRI Pegasus", "assignment": "fought", "hand": ["Watch Your Back"]}, *others]
    return game.position(stage="fight", threat=0, locations=["Harana"], enemies=[{"name": FRIGATE}],
                         fight={"player": 1, "enemy": 1}, players=players)


def test_watch_your_back_the_fighting_ship_is_not_unassigned(game: explorer.Game) -> None:
    # Watch Your Back: "power +2 (+3 if at least one player ship is unassigned)". A lone TRI Pegasus (7) is
    # assigned (it is fighting): 7 + 2 = 9 against the Assault Frigate's 9 — "less than or equal" (seed,
    # fight phase): damaged, not a win. Issue 20's example.
    s = _pegasus_fight(game, [])
    after = s.apply("play Watch Your Back")
    assert (fx.player_power(after), fx.enemy_power(after)) == (9, 9)
    assert after.apply("resolve the fight").pending[0].kind == "damage"
    assert fight_odds(s, ["play Watch Your Back"]).win == 0  # the odds are the engine's rule, summed


def test_watch_your_back_gives_three_when_another_ship_is_left_unassigned(game: explorer.Game) -> None:
    # the same fight with TRF Moscow left unassigned (one enemy, two ships): 7 + 3 = 10 > 9, a win
    s = _pegasus_fight(game, [{"flagship": "TRF Moscow", "assignment": "unassigned"}])
    after = s.apply("play Watch Your Back")
    assert fx.player_power(after) == 10
    assert fight_odds(s, ["play Watch Your Back"]).win == Fraction(1)


# --- the fight order ------------------------------------------------------------------------------------
def _bane(game: explorer.Game) -> explorer.State:
    """Issue 20's table: TRB Faith (8) against DSF Bane (8, "+1 power per other attacking starship"), TRF Moscow
    (7, Never Say Die in hand) against a Dra'tar Swarm Frigate (7); both fights to come."""
    return game.position(stage="order", threat=0, locations=["Harana"],
                         enemies=[{"name": "DSF Bane"}, {"name": "Dra'tar Swarm Frigate"}],
                         players=[{"flagship": "TRB Faith", "characters": ["Captain Huber", "Weapon Specialist Hooper"],
                                   "hand": ["Target Eliminated"], "assignment": "enemy 1"},
                                  {"flagship": "TRF Moscow", "characters": ["Dr. Cooley", "Dr. Ferrell"],
                                   "hand": ["Never Say Die"], "assignment": "enemy 2"}])


def test_the_players_choose_the_next_fight(game: explorer.Game) -> None:
    # seed, fight phase: "The players resolve all fights, one at a time, in an order decided by them."
    s = _bane(game)
    assert [str(a) for a in s.legal_actions()] == ["TRB Faith fights DSF Bane next",
                                                  "TRF Moscow fights Dra'tar Swarm Frigate next"]
    after = s.apply("TRF Moscow fights Dra'tar Swarm Frigate next")
    assert after.fight.player == 1 and after.enemies[after.fight.enemy].name == "Dra'tar Swarm Frigate"


def test_the_fight_order_changes_the_result_bane(game: explorer.Game) -> None:
    # issue 20: Moscow first beats its Swarm Frigate, Bane is then 8 and Faith (8 + 1, Target Eliminated) wins;
    # Faith first meets Bane at 9 (one other attacker): 9 against 9, "less than or equal": damaged.
    moscow_first = (_bane(game).apply("TRF Moscow fights Dra'tar Swarm Frigate next").apply("play Never Say Die")
                    .apply("resolve the fight"))
    assert moscow_first.fight.player == 0 and fx.enemy_power(moscow_first) == 8
    won = moscow_first.apply("play Target Eliminated")
    assert (fx.player_power(won), fx.enemy_power(won)) == (9, 8)
    assert fight_odds(moscow_first, ["play Target Eliminated"]).win == 1
    faith_first = _bane(game).apply("TRB Faith fights DSF Bane next").apply("play Target Eliminated")
    assert (fx.player_power(faith_first), fx.enemy_power(faith_first)) == (9, 9)
    assert faith_first.apply("resolve the fight").pending[0].kind == "damage"


def test_the_odds_compare_fight_orders_where_the_order_matters(game: explorer.Game) -> None:
    # Faith 8 + 2 (CAPTAIN Whitley) against Bane 8 + 2 (two other attackers): a tie, damaged; once Washington
    # (7 + 1 card in hand) beats its Swarm Frigate, Bane is 9 and Faith wins. Every fight resolved as it stands.
    s = game.position(stage="order", threat=0, locations=["Harana"], enemies=[
        {"name": "DSF Bane"}, {"name": "Dra'tar Swarm Frigate"}, {"name": "Dra'tar Swarm Frigate"}],
        players=[{"flagship": "TRB Faith", "characters": ["Captain Huber", "Captain Whitley"], "assignment": "enemy 1"},
                 {"flagship": "TRF Washington", "characters": ["Dr. Cooley", "Dr. Ferrell"], "hand": ["Never Say Die"],
                  "assignment": "enemy 2"}])
    orders = {o.order: o for o in fight_orders(s)}
    assert orders[("TRB Faith", "TRF Washington")].expected_wins == 1
    assert orders[("TRF Washington", "TRB Faith")].all_won == 1
    assert order_matters(list(orders.values()))


# --- the main phase: all players play simultaneously ----------------------------------------------------
def _two_at_main(game: explorer.Game) -> explorer.State:
    top = ["Dra'tar Behemoth", "Worry", "Dra'tar Swarm Frigate", "DB Agony"]
    return game.position(threat=2, locations=["Harana"], attack_deck={"cards": [*top, "Plasma Leak"], "known_top": top},
                         players=[{"flagship": "TRI Pegasus", "characters": ["Mr. Alford", "Ms. McGowan"],
                                   "hand": ["Analyze Attack", "Covert Ops"]},
                                  {"flagship": "TRF Moscow", "characters": ["Dr. Cooley", "Dr. Ferrell"],
                                   "hand": ["Rise From The Ashes"], "discard": ["Never Say Die"]}])


def test_players_interleave_main_phase_actions(game: explorer.Game) -> None:
    # seed, turn sequence: "All players play simultaneously." / main phase: "in any order". Player 1 looks at the
    # attack deck (Analyze Attack) before Player 2 decides on Rise From The Ashes; then Player 1 acts again.
    s = _two_at_main(game)
    moves = {str(a) for a in s.legal_actions()}
    assert {"Player 1: play Analyze Attack", "Player 2: play Rise From The Ashes", "Player 1: end main phase",
            "Player 2: end main phase"} <= moves
    m = explorer.Match(s, seed=1)
    m.step("Player 1: play Analyze Attack")
    while m.state.pending:  # the four cards are seen, one discarded, the rest put back in an order
        m.step() if m.state.is_chance() else m.step(m.state.legal_actions()[0])
    assert m.state.stage == "main" and m.state.put_back == () and len(m.state.attack_deck.top) == 3
    m.step("Player 2: play Rise From The Ashes")
    assert m.state.players[1].discard.count("Never Say Die") == 0  # shuffled into Player 2's draw deck
    m.step("Player 1: play Covert Ops")
    assert m.state.cloaked
    log = m.log
    assert any("Player 1: play Analyze Attack" in line for line in log)
    assert any("Player 2: play Rise From The Ashes" in line for line in log)
    assert "Player 1: play Covert Ops" in log[-1]


def test_the_main_phase_ends_when_every_player_has_passed(game: explorer.Game) -> None:
    s = _two_at_main(game).apply("Player 2: end main phase")
    assert s.stage == "main" and not any(str(a).startswith("Player 2") for a in s.legal_actions())
    after = s.apply("Player 1: play Covert Ops")  # changes nothing Player 2 can do: Player 2 stays passed
    assert after.passed == (False, True)
    assert after.apply("Player 1: end main phase").stage != "main"


def test_a_move_that_changes_what_a_player_can_do_is_seen_by_the_rules(game: explorer.Game) -> None:
    # RULES.md (main phase): after every main-phase step the rules compare what each passed player can do
    # (actions.main_options) and let them act again if it changed. With 2015's cards only the Green Wing refills
    # a draw deck, so the change shown is Rise From The Ashes making Dr. Cooley ("reveal the top card of your
    # draw deck") usable again; option passed_may_return=false makes passing final.
    from explorer.games.pinned_down.actions import main_options
    s = game.position(threat=2, locations=["Harana"],
                      players=[{"flagship": "TRF Moscow", "characters": ["Dr. Cooley", "Dr. Ferrell"],
                                "hand": ["Rise From The Ashes"], "discard": ["Never Say Die x4", "Ace In The Hole x4",
                                "Emergency Procedures x3", "Good As New! x3", "Lost And Found x2", "Rise From The Ashes",
                                "Salvaging x2"],
                                "deck": {"cards": []}},
                               {"flagship": "TRI Pegasus"}])
    assert not any("Dr. Cooley" in o for o in main_options(s, 0))
    refilled = s.apply("Player 1: play Rise From The Ashes")
    assert any("Dr. Cooley" in o for o in main_options(refilled, 0))
    strict = explorer.load_game("pinned_down", passed_may_return=False)
    assert strict.options["passed_may_return"] is False
