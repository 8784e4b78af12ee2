"""The story of each move, told by the rules (issue 7 §3): the log reads like the table."""

from __future__ import annotations

import explorer
from explorer import Match


def _story(s, move: str, viewer: int | None = None) -> str:
    action = s.parse_action(move)
    return s.story(action, s.apply(action), viewer=viewer)


def test_an_attack_on_a_player_says_for_how_much_and_the_authority(make) -> None:
    s = make(combat=[5], authority=(50, 45))
    # issue 20: the Combat spent is told too, so the pools told add up to the state
    assert _story(s, "attack player 2 5") == "Player 1 attacks Player 2 for 5 (Combat 5 → 0, Player 2's Authority 45 → 40)"


def test_the_last_attack_says_who_is_out_and_why_the_game_ended(make) -> None:
    s = make(combat=[9], authority=(50, 4))
    assert _story(s, "attack player 2 9") == ("Player 1 attacks Player 2 for 9 (Combat 9 → 0, Player 2's Authority 4 → 0)"
                                             " — Player 2 is out — game over: player 1 is the last standing")


def test_a_hydra_attack_names_the_team_and_its_shared_authority(make) -> None:
    s = make(players=4, format="hydra", combat=[6])
    assert _story(s, "attack team 2 6") == "Player 1 attacks Team 2 for 6 (Combat 6 → 0, Team 2's Authority 75 → 69)"


def test_a_buy_says_what_the_trade_went_from_and_to(make) -> None:
    s = make(trade=[4])
    assert _story(s, "buy Cutter") == "Player 1 buys Cutter (Trade 4 → 2)"


def test_a_buy_with_pooled_team_trade_says_who_paid(make) -> None:
    """Hydra pools the team's Trade: the buyer's own Trade goes first, then the teammate's (rules.payments)."""
    s = make(players=4, format="hydra", trade=[1, 3])
    assert _story(s, "buy Ram") == "Player 1 buys Ram (Trade 1 → 0, Player 2's Trade 3 → 1)"


def test_playing_a_card_says_what_it_gave(make) -> None:
    s = make(hands=[["Cutter"]])
    assert _story(s, "play Cutter") == "Player 1 plays Cutter: +4 Authority, +2 Trade (Authority 50 → 54, Trade 0 → 2)"


def test_destroying_a_base_names_its_owner(make) -> None:
    s = make(combat=[6], bases=[(), ("Blob Wheel",)])
    assert _story(s, "attack Blob Wheel") == "Player 1 attacks and destroys Player 2's Blob Wheel (Combat 6 → 1)"


def test_a_draw_says_whose_draw_it_is_and_hides_the_card_from_other_seats(make) -> None:
    s = make(hands=[["Corvette"]], decks=[{"Scout": 3}])
    s = s.apply("play Corvette")
    assert _story(s, "draw Scout") == "Player 1 draws Scout (deck 3 → 2)"
    assert _story(s, "draw Scout", viewer=1) == "Player 1 draws a card (deck 3 → 2)"
    assert _story(s, "draw Scout", viewer=0) == "Player 1 draws Scout (deck 3 → 2)"


def test_a_draw_that_empties_the_deck_says_the_discard_was_reshuffled(make, chance) -> None:
    """Seed §4.3 / FAQ: "Reshuffle discard pile if deck is empty"."""
    s = make(hands=[["Scout"]], decks=[{"Viper": 1}], discards=[{"Scout": 12}])
    s = s.apply("play Scout").apply("end turn")
    line = _story(s, "draw Viper")
    assert line == "Player 1 draws Viper (deck 1 → 0, discard reshuffled: 13 cards, 4 more to draw)"


def test_end_of_a_team_turn_tells_both_teammates_discards(make) -> None:
    s = make(players=4, format="hydra", hands=[["Scout", "Viper"], ["Cutter"]])
    assert _story(s, "end turn") == ("Team 1 ends its turn: Player 1 discards 2 (hand 2, ships 0); "
                                     "Player 2 discards 1 (hand 1, ships 0)")


def test_turn_labels_group_the_log_by_turn() -> None:
    game = explorer.load_game("star_realms")
    s = game.initial_state()
    assert s.turn_label() == ""
    match = Match(game, seed=1)
    match.play("heuristic", max_steps=40)
    labels = [st.turn_label() for st in match.states]
    assert labels[0] == "" and "Turn 1 · Player 1" in labels and "Turn 2 · Player 2" in labels
    hydra = Match(game.initial_state(players=4, format="hydra"), seed=1)
    hydra.play("heuristic", max_steps=30)
    assert "Turn 1 · Team 1" in [st.turn_label() for st in hydra.states]


def test_every_move_of_a_match_has_a_story_line() -> None:
    match = Match(explorer.load_game("star_realms").initial_state(players=4, format="hydra"), seed=2)
    match.play("random", max_steps=400)
    lines = match.log
    assert len(lines) == 400 and all(line.split(". ", 1)[1] for line in lines)
    assert any("Trade row:" in line for line in lines) and any(" draws " in line for line in lines)


def test_action_groups_as_the_table_groups_moves(make) -> None:
    s = make(players=4, format="hydra", hands=[["Scout"]], bases=[("Blob Wheel",)], trade=[2], combat=[1])
    groups = {str(a): s.action_group(a) for a in s.legal_actions()}
    assert groups["play Scout"] == "Play" and groups["use Blob Wheel"] == "Use a base"
    assert groups["scrap Blob Wheel"] == "Scrap" and groups["buy Cutter"] == "Buy"
    assert groups["attack team 2 1"] == "Attack" and groups["switch to player 2"] == "Teammates"
    assert groups["end turn"] == "End turn"
