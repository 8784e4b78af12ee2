"""A face-down count written as a pilot says it, and the damage counters already on an enemy (issue 37 §3).

"3 face-down", "3 unknown", "3 unknown level-2", "face down x3" (and the bare number) all mean what the
bare number meant before: that many cards dealt at random from the level's cards seen in no other zone.
An enemy in the row carries its laser and maneuver counters; the referee refuses a count at which the
enemy would already have left the row (destroyed at its hull in lasers, evaded at its speed in maneuvers).

The table: the demo game, seed 5 after 12 random steps (see test_face_down_counts.py); level 2 has 9
cards seen in no other zone once the box no longer names them.
"""

from __future__ import annotations

import copy

import pytest

import explorer
from explorer import Match, Multiset
from explorer.core.zones import DealtDeck
from explorer.errors import StateFormatError
from explorer.games.warps_edge.position import FORM_ENTRIES, FORM_HINTS
from widgets.common.position_editor import PositionEditor

UNSEEN_ORANGE = Multiset(["Demo Corsair", "Demo Harrier", "Demo Hound", "Demo Lancer", "Demo Prowler", "Demo Raider",
                          "Demo Reaver", "Demo Stalker", "Demo Vandal"])
DERIVED_3 = ("orange enemy deck: 3 face-down cards dealt at random from the 9 level-2 cards seen in no other zone; "
             "the other 6 are set aside in the box, unseen",)


def game() -> explorer.Game:
    return explorer.load_game("warps_edge")


def engine_state() -> explorer.State:
    match = Match(game(), seed=5)
    match.play("random", 12)
    return match.state


def table(orange: object) -> dict:
    match = Match(game(), seed=5)
    match.play("random", 12)
    data = copy.deepcopy(match.state.position_dict())
    data["enemies_in_box"] = [n for n in data["enemies_in_box"] if match.state.data.enemy(n).level != 2]
    data["enemy_deck"]["orange"] = orange
    return data


@pytest.mark.parametrize("written", [3, "3", ["3"], "3 face-down", ["3 face-down"], "3 unknown", ["3 unknown level-2"],
                                     "face down x3", "unknown x3", "face-down ×3", "3 Face-Down cards",
                                     {"cards": [], "face_down": "3 unknown"}])
def test_every_way_a_pilot_writes_three_face_down_cards_means_the_bare_number(written: object) -> None:
    reading = game().read_position_data(table(written))
    assert reading.state.enemy_deck[1] == DealtDeck(UNSEEN_ORANGE, 3)
    assert reading.derived == DERIVED_3


def test_the_words_mean_the_same_in_the_position_text() -> None:
    g = game()
    data = table([])
    text = explorer.core.position.toml_text(data).replace("orange = []", 'orange = ["3 unknown level-2"]')
    assert g.position_from_text(text) == g.read_position_data(table(3)).state


def test_a_known_card_beside_a_count_is_shuffled_back_into_the_layer() -> None:
    state = game().read_position_data(table(["Demo Corsair", "face down x2"])).state
    assert state.enemy_deck[1] == DealtDeck(UNSEEN_ORANGE.remove("Demo Corsair"), 2, Multiset(["Demo Corsair"]))


def test_a_count_of_another_level_is_refused_naming_the_layer() -> None:
    with pytest.raises(StateFormatError) as err:
        game().read_position_data(table(["3 unknown level-1"]))
    assert str(err.value) == "enemy deck › orange: '3 unknown level-1' counts level-1 cards, but this layer holds level-2 cards"


def test_an_unknown_word_is_refused_with_the_accepted_forms_not_every_name() -> None:
    with pytest.raises(StateFormatError) as err:
        game().read_position_data(table(["some unknown ones"]))
    assert str(err.value) == ("enemy deck › orange: 'some unknown ones' is not an enemy card. Write the cards by name "
                              '(e.g. Demo Dart x2) or a count of face-down cards: 3, "3 face-down", "3 unknown", '
                              '"3 unknown level-2" or "face down x3"')


def test_two_counts_in_one_layer_are_refused() -> None:
    with pytest.raises(StateFormatError, match=r"two counts of face-down cards \(2 and '1 unknown'\); write one"):
        game().read_position_data(table(["2 face-down", "1 unknown"]))


def test_a_count_past_the_unseen_cards_is_refused_as_before() -> None:
    with pytest.raises(StateFormatError) as err:
        game().read_position_data(table("face down x10"))
    assert str(err.value) == "enemy deck › orange: a count of face-down cards from 0 to 9, got 10"


def test_the_form_field_of_a_layer_shows_the_ways_to_write_a_count() -> None:
    assert FORM_HINTS["enemy_deck.orange"] == ('e.g. 3 face-down, or by name: Demo Dart x2 (a count: 3, "3 face-down", '
                                               '"3 unknown", "3 unknown level-2" or "face down x3")')
    editor = PositionEditor(on_use=lambda _s, _d: None)
    editor.load(engine_state())
    field = editor._form.fields["enemy deck › orange"]
    assert field.placeholder == FORM_HINTS["enemy_deck.orange"]


def test_a_count_typed_in_the_form_reads_as_the_bare_number() -> None:
    editor = PositionEditor(on_use=lambda _s, _d: None)
    editor.load(engine_state())
    editor._form.fields["enemy deck › orange"].value = "3 unknown"
    editor._form.fields["enemy cards in the box"].value = ", ".join(table([])["enemies_in_box"])
    data = editor._form.read()
    assert data["enemy_deck"]["orange"] == ["3 unknown"]
    assert game().read_position_data(data).state.enemy_deck[1] == DealtDeck(UNSEEN_ORANGE, 3)


def with_counters(lasers: int, maneuvers: int, slot: int = 1) -> dict:
    data = table(3)
    data["enemy_row"][slot].update(lasers=lasers, maneuvers=maneuvers)
    return data


def test_an_enemy_carries_its_laser_and_maneuver_counters() -> None:
    state = game().read_position_data(with_counters(1, 1)).state  # Demo Glint: hull and speed above 1
    assert (state.row[1].card, state.row[1].lasers, state.row[1].maneuvers) == ("Demo Glint", 1, 1)
    assert state.position_dict()["enemy_row"][1] == {"enemy": "Demo Glint", "lasers": 1, "maneuvers": 1}


def test_lasers_at_the_enemys_hull_are_refused_it_would_be_destroyed() -> None:
    hull = game().data.enemy("Demo Glint").hull
    with pytest.raises(StateFormatError) as err:
        game().read_position_data(with_counters(hull, 0))
    assert str(err.value) == (f"enemy row slot 2 › lasers: Demo Glint leaves the row at {hull} lasers (its hull), so it "
                              f"holds 0 to {hull - 1}, got {hull}")


def test_maneuvers_at_the_enemys_speed_are_refused_it_would_be_evaded() -> None:
    speed = game().data.enemy("Demo Glint").speed
    with pytest.raises(StateFormatError) as err:
        game().read_position_data(with_counters(0, speed))
    assert str(err.value) == (f"enemy row slot 2 › maneuvers: Demo Glint leaves the row at {speed} maneuvers (its speed), "
                              f"so it holds 0 to {speed - 1}, got {speed}")


def test_an_empty_slot_holds_no_counters() -> None:
    with pytest.raises(StateFormatError) as err:
        game().read_position_data(with_counters(1, 0, slot=2))
    assert str(err.value) == "enemy row slot 3 › lasers: an empty slot holds no damage counters, got 1"


def test_the_form_gives_every_enemy_its_counter_fields() -> None:
    assert FORM_ENTRIES["enemy_row"] == {"enemy": "", "below": [], "above": [], "lasers": 0, "maneuvers": 0}
    editor = PositionEditor(on_use=lambda _s, _d: None)
    editor.load(game().read_position_data(table(3)).state)
    assert editor._form.fields["enemy row slot 2 › lasers"].value == 0
    editor._form.fields["enemy row slot 2 › lasers"].value = 1
    assert editor._form.read()["enemy_row"][1]["lasers"] == 1
