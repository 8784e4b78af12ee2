"""Face-down enemy decks as counts a pilot can know (issue 18 §3, "Hidden things").

At the table the pilot sees each layer of the enemy deck as a face-down pile of N; the rest of that
level's cards stayed in the box unseen at setup (seed setup step 7, "Enemy Deck": "Sort enemy cards by
level", "Draw specified number per mothership setup"; RULES.md "Setup": "the rest stay in the box").
A position may say just that:
``yellow = 2``. The layer is then 2 cards dealt at random from the level's cards seen in no other zone,
each arrival uniform over them, and the referee checks the count against them.

The table used throughout: the demo game, seed 5 after 12 random steps (step 2 of turn 1), the
set-aside cards of a layer given as a count removed from "enemy cards in the box" (the pilot never saw
them): level 1 unseen = Dart, Gnat, Midge, Skiff, Speck (5); level 2 unseen = 9; level 3 unseen = 9.
"""

from __future__ import annotations

import copy
import itertools
import re
from fractions import Fraction

import pytest

import explorer
from explorer import Match, Multiset
from explorer.core import Deck
from explorer.core.position import PositionReading
from explorer.core.share import match_query, position_query, read_query
from explorer.core.zones import DealtDeck
from explorer.errors import StateFormatError
from explorer.games.warps_edge import odds
from explorer.games.warps_edge.position import check_state

UNSEEN_YELLOW = Multiset(["Demo Dart", "Demo Gnat", "Demo Midge", "Demo Skiff", "Demo Speck"])


def game() -> explorer.Game:
    return explorer.load_game("warps_edge")


def table(**counts: object) -> dict:
    """The position of the table as a pilot writes it: the given layers as counts, none of their level's
    set-aside cards named in the box (the other layers as the engine dealt them, by name)."""
    match = Match(game(), seed=5)
    match.play("random", 12)
    data = copy.deepcopy(match.state.position_dict())
    levels = {("yellow", "orange", "red").index(colour) + 1 for colour in counts}
    data["enemies_in_box"] = [n for n in data["enemies_in_box"] if match.state.data.enemy(n).level not in levels]
    data["enemy_deck"].update(counts)
    return data


def read(data: dict) -> PositionReading:
    return game().read_position_data(data)


def test_the_table_is_as_the_module_docstring_says() -> None:
    data = table()
    assert data["enemy_deck"]["yellow"] == ["Demo Midge", "Demo Skiff"]  # the engine's deal, which the pilot cannot see
    assert data["stage"] == "actions" and [t["enemy"] for t in data["enemy_row"]] == [
        "Demo Mote", "Demo Glint", "", "Demo Flit"]


def test_a_count_below_the_unseen_cards_is_a_random_deal_from_them() -> None:
    data = table(yellow=2)
    reading = read(data)
    assert reading.state.enemy_deck[0] == DealtDeck(UNSEEN_YELLOW, 2)
    assert reading.state.enemy_box == Multiset(data["enemies_in_box"])  # the 3 set aside: in the layer's pool
    assert reading.derived == ("yellow enemy deck: 2 face-down cards dealt at random from the 5 level-1 cards seen "
                               "in no other zone; the other 3 are set aside in the box, unseen",)


def test_a_count_of_every_unseen_card_names_them() -> None:
    # unchanged from before: 5 face-down of 5 unseen settles which cards they are
    reading = read(table(yellow=5))
    assert reading.state.enemy_deck[0] == Deck.shuffled(UNSEEN_YELLOW)
    assert reading.derived == ("yellow enemy deck: the 5 level-1 cards seen in no other zone",)


def test_a_count_of_none_puts_every_unseen_card_in_the_box() -> None:
    data = table(yellow=0)
    reading = read(data)
    assert reading.state.enemy_deck[0] == Deck()
    assert reading.state.enemy_box == Multiset(data["enemies_in_box"]) + UNSEEN_YELLOW
    assert reading.derived == ("enemy cards in the box: the 5 level-1 cards seen in no other zone (the yellow enemy "
                               "deck has no face-down card)",)


def test_one_face_down_card_is_said_in_the_singular() -> None:
    assert read(table(yellow=1)).derived == (
        "yellow enemy deck: 1 face-down card dealt at random from the 5 level-1 cards seen in no other zone; the other "
        "4 are set aside in the box, unseen",)


def test_the_board_says_how_many_unseen_cards_a_face_down_layer_was_dealt_from() -> None:
    state = read(table(yellow=2, orange=3)).state
    assert "Enemy deck: yellow 2 (face down: 2 of 5 unseen), orange 3 (face down: 3 of 9 unseen), red 4;" in state.render()


def test_the_next_enemy_is_its_share_of_the_unseen_cards() -> None:
    # 2 of 5 unseen: whichever 2 they are, each unseen card arrives next with chance 1/5
    state = read(table(yellow=2, orange=3, red=1)).state
    assert odds.next_enemy(state).pmf() == {name: Fraction(1, 5) for name in UNSEEN_YELLOW.kinds()}
    arrivals = state.replace(stage="arrivals")
    assert {a.args[0]: p for a, p in arrivals.chance_outcomes()} == {n: Fraction(1, 5) for n in UNSEEN_YELLOW.kinds()}


def test_the_layer_stops_after_its_count_and_the_rest_is_in_the_box() -> None:
    data = table(yellow=1, orange=3)
    state = read(data).state.replace(stage="arrivals")
    after = state.apply(next(a for a, _ in state.chance_outcomes() if a.args[0] == "Demo Speck"))
    assert after.enemy_deck[0] == Deck()
    # the 4 set aside are now named in the box: no other place is left for them
    assert after.enemy_box == Multiset(data["enemies_in_box"]) + UNSEEN_YELLOW.remove("Demo Speck")
    check_state(after)
    # the next arrival comes from the orange layer (3 face-down of 9 unseen), every one of the 9 alike
    assert set(odds.next_enemy(after).pmf().values()) == {Fraction(1, 9)}


def test_the_odds_of_the_attack_average_every_deal_the_table_can_hold() -> None:
    # step 4 with slot 3 empty: it refills before the attack. A dealt layer answers as the mean over all
    # C(5, 2) deals of the yellow layer, each a known shuffled deck.
    state = read(table(yellow=2)).state.replace(stage="plans", pool=Multiset())
    dealt = odds.attack_damage(state).pmf()
    deals = list(itertools.combinations(UNSEEN_YELLOW.elements(), 2))
    mean: dict[int, Fraction] = {}
    for deal in deals:
        known = state.replace(enemy_deck=(Deck.shuffled(deal),) + state.enemy_deck[1:])
        for damage, p in odds.attack_damage(known).pmf().items():
            mean[damage] = mean.get(damage, Fraction(0)) + p / len(deals)
    assert dealt == mean and len(dealt) > 1


def test_a_position_with_counts_reads_back_equal_from_its_text_and_its_links() -> None:
    state = read(table(yellow=2, orange=3, red=1)).state
    text = state.position_text()
    assert re.search(r"^yellow = 2$", text, re.M) and re.search(r"^red = 1$", text, re.M)
    assert game().position_from_text(text) == state
    assert read_query(position_query(state)).match.state == state
    match = Match(game(), seed=8)
    match.restart(state=state, seed=8)
    match.play("random", 6)
    shared = read_query(match_query(match)).match
    assert shared.states[0] == state and shared.state == match.state  # the link's start and every move replayed
    assert game().state_from_dict(state.to_dict()) == state  # a saved match keeps the dealt layers


def test_defeated_cards_shuffled_back_into_a_dealt_layer_are_written_by_name() -> None:
    # RULES.md "End of a warp": defeated enemies return to their layer. Dart arrived from a layer of 2 dealt
    # from 5 and was defeated; shuffled back, the pilot knows Dart is in the layer, and 1 more of the other 4.
    state = read(table(yellow=2)).state
    back = state.replace(enemy_deck=(state.enemy_deck[0].after_draw("Demo Dart").shuffle_in(["Demo Dart"]),)
                         + state.enemy_deck[1:])
    assert back.enemy_deck[0] == DealtDeck(UNSEEN_YELLOW.remove("Demo Dart"), 1, Multiset(["Demo Dart"]))
    assert back.position_dict()["enemy_deck"]["yellow"] == {"cards": ["Demo Dart"], "face_down": 1}
    assert game().position_from_text(back.position_text()) == back
    assert odds.next_enemy(back).p("Demo Dart") == Fraction(1, 2)  # 1 known of 2 cards
    assert odds.next_enemy(back).p("Demo Gnat") == Fraction(1, 8)  # half of a 1-in-4 share


def test_a_count_above_the_unseen_cards_is_refused_in_the_forms_words() -> None:
    message = ("enemy deck › yellow: 6 face-down level-1 cards, but only 5 level-1 cards are in no other zone "
               "(Demo Dart, Demo Gnat, Demo Midge, Demo Skiff, Demo Speck): a count from 0 to 5")
    with pytest.raises(StateFormatError, match=re.escape(message)):
        read(table(yellow=6))


def test_a_face_down_count_beside_named_cards_is_checked_in_the_forms_words() -> None:
    data = table(yellow={"cards": ["Demo Dart"], "face_down": 5})
    with pytest.raises(StateFormatError, match=re.escape(
            "enemy deck › yellow › face down: 5 face-down level-1 cards, but only 4 level-1 cards are in no other "
            "zone (Demo Gnat, Demo Midge, Demo Skiff, Demo Speck): a count from 0 to 4")):
        read(data)


def test_a_count_with_the_set_aside_cards_named_leaves_none_to_deal() -> None:
    # the box as the engine knows it names the 3 set aside: 2 unseen left, so a count of 3 is too many
    data = table(yellow=3)
    match = Match(game(), seed=5)
    match.play("random", 12)
    data["enemies_in_box"] = match.state.position_dict()["enemies_in_box"]
    with pytest.raises(StateFormatError, match=re.escape(
            "enemy deck › yellow: 3 face-down level-1 cards, but only 2 level-1 cards are in no other zone "
            "(Demo Midge, Demo Skiff): a count from 0 to 2")):
        read(data)


def test_the_engine_deals_known_layers_and_writes_their_names() -> None:
    # games the engine sets up hold no counts: every layer is a Deck and the position names its cards
    match = Match(game(), seed=5)
    match.play("random", 60)
    assert all(type(layer) is Deck for layer in match.state.enemy_deck)
    assert all(isinstance(v, list) for v in match.state.position_dict()["enemy_deck"].values())


def test_random_play_from_a_table_of_counts_keeps_every_position_legal_and_readable() -> None:
    state = read(table(yellow=2, orange=3, red=1)).state
    for seed in range(3):
        match = Match(game(), seed=seed)
        match.restart(state=state, seed=seed)
        for _ in range(120):
            if match.state.current_player == explorer.TERMINAL:
                break
            match.play("random", 1)
            check_state(match.state)
            assert game().position_from_text(match.state.position_text()) == match.state
