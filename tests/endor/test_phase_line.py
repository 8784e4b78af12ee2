"""The phase line of the Battle of Endor reads as English, like the story.

``state.phase`` says what the position waits for: "deal: Rebels draw their starting hand",
"plan: Empire places order 1 of 3". "Rebels" is plural; "Empire" and each seat of the 4-player
team game ("Rebel 1", "Empire 2") are singular (explorer/games/endor/rules.py, ``agree``). The
starting hand is "their" for the Rebels, "its" for the Empire and "a starting hand" for one team
seat. One test per kind of phase line with the exact text; the round follows the seed
(003_dde2a4fdfa65b4f8.txt §3 setup, §4 the round, §6 bonus orders).
"""

from __future__ import annotations

from tests.endor.endor_helpers import game, turn

from explorer.games.endor.state import EndorState


def _first_moves_until(players: int, prefix: str, skip: int = 0) -> EndorState:
    """From the start, take the first chance outcome or the first move until the phase line starts
    with ``prefix`` (then ``skip`` more times): a real position of the round, the same on every run."""
    s = game().initial_state(players=players)
    for _ in range(300):
        if s.phase.startswith(prefix):
            if not skip:
                return s
            skip -= 1
        s = s.apply(s.chance_outcomes()[0][0] if s.is_chance() else s.legal_actions()[0])
    raise AssertionError(f"no phase line starting {prefix!r} within 300 steps; last: {s.phase}")


def test_the_deal_line_names_whose_starting_hand() -> None:
    # seed §3: each side draws 6 cards, Rebels first; in the team game each seat draws its own 6
    assert game().initial_state().phase == "deal: Rebels draw their starting hand"
    assert _first_moves_until(2, "deal: Empire").phase == "deal: Empire draws its starting hand"
    assert game().initial_state(players=4).phase == "deal: Rebel 1 draws a starting hand"
    assert _first_moves_until(4, "deal: Empire 2").phase == "deal: Empire 2 draws a starting hand"


def test_the_plan_line_counts_the_order_being_placed() -> None:
    # seed §4 (Plan Assault): 3 cards face down, 2 each in the 4-player game, Rebels first
    assert _first_moves_until(2, "plan: Rebels").phase == "plan: Rebels place order 1 of 3"
    assert _first_moves_until(2, "plan: Empire", skip=2).phase == "plan: Empire places order 3 of 3"
    assert _first_moves_until(4, "plan: Empire 1").phase == "plan: Empire 1 places order 1 of 2"
    assert _first_moves_until(4, "plan: Rebel 2", skip=1).phase == "plan: Rebel 2 places order 2 of 2"


def test_the_orders_line_names_the_revealed_card() -> None:
    # seed §4 (Take Turns Giving Orders): the top card of the pile is flipped, then one order on it chosen
    g = game()
    assert turn(g, "X-wing / Shield Assault").phase == "orders: Rebels reveal X-wing / Shield Assault"
    assert turn(g, "TIE Fighter / Shield Ambush", seat=1).phase == (
        "orders: Empire reveals TIE Fighter / Shield Ambush")
    assert turn(g, "TIE Fighter / Darth Vader", players=4, seat=2).phase == (
        "orders: Empire 2 reveals TIE Fighter / Darth Vader")


def test_the_bonus_orders_line_counts_the_cards_still_to_draw() -> None:
    # seed §6: destroy Vader: 3 cards (Rebels only); destroy the Falcon: 2 cards (Empire only);
    # destroy Luke: 4 cards (Empire only); seed §4: drawn at once, face down
    g = game()
    rebels = turn(g, "Shield Assault / Luke Skywalker", vader_hits=3).apply("order Luke Skywalker")
    rebels = rebels.apply("roll 6 1 1 1")
    assert rebels.phase == "bonus orders: Rebels draw 3 face down"
    rebels = rebels.apply(rebels.chance_outcomes()[0][0])
    assert rebels.phase == "bonus orders: Rebels draw 2 face down"
    # the Falcon on its last hit space (6 hits) beside 2 X-wings that survive: the sector is not cleared
    empire = turn(g, "TIE Fighter / Shield Ambush", seat=1, sectors=dict(M15={}, O10={"X-wing": 2, "Falcon": 1}),
                  falcon_hits=5)
    empire = empire.apply("order TIE Fighter").apply("no move").apply("attack from M19 into O10")
    empire = empire.apply("roll 5 1 1 1").apply("hit Falcon with 5")
    assert empire.phase == "bonus orders: Empire draws 2 face down"
    team = turn(g, "TIE Fighter / Darth Vader", players=4, seat=2, luke_hits=3).apply("order Darth Vader")
    assert team.apply("roll 4 1 1 1").phase == "bonus orders: Empire 2 draws 4 face down"


def test_the_draw_line_draws_back_to_6() -> None:
    # seed §4 (Draw Cards): when every pile is empty each player draws back to 6, Rebels first
    assert _first_moves_until(2, "draw: Rebels").phase == "draw: Rebels draw back to 6"
    assert _first_moves_until(2, "draw: Empire").phase == "draw: Empire draws back to 6"
    assert _first_moves_until(4, "draw: Rebel 1").phase == "draw: Rebel 1 draws back to 6"
    assert _first_moves_until(4, "draw: Empire 1").phase == "draw: Empire 1 draws back to 6"
