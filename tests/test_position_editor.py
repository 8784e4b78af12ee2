"""The position editor remade for a real table (issue 18 §3, issue 19 "the editor builds fields only ...").

Structured zones get structured fields (Star Realms bases with "primary used this turn", the Trade
made so far this turn; Warp's Edge skills ready or used, enemies with tokens below and above); the
Add buttons produce what the format accepts; cards move between zones without retyping; a hidden
deck is a count; "Use this position" uses what is on screen in one click; a position with stray or
too many keys builds no widget for them.
"""

from __future__ import annotations

import warnings

import ipywidgets as W
import pytest

import explorer
from explorer import Match
from explorer.core.position import toml_text
from explorer.games.star_realms.odds.buys import buyable
from widgets.common.editor_form import MAX_FIELDS
from widgets.common.match_panel import SETUP_TAB
from widgets.common.position_editor import PositionEditor
from widgets.star_realms.panel import StarRealmsPanel


def live_widgets() -> int:
    """How many widgets the kernel holds (``Widget.widgets``, deprecated in ipywidgets 8 but still the count)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return len(W.Widget.widgets)


def editor_on(state: explorer.State) -> tuple[PositionEditor, list]:
    used: list = []
    editor = PositionEditor(on_use=lambda s, derived: used.append(s))
    editor.load(state)
    return editor, used


def played(game_id: str, seed: int, steps: int) -> explorer.State:
    match = Match(explorer.load_game(game_id), seed=seed)
    match.play("random", steps)
    return match.state


@pytest.mark.parametrize("game_id", ["star_realms", "warps_edge", "endor", "fleet_command", "pinned_down"])
def test_the_form_reads_back_the_position_it_was_filled_with(game_id: str) -> None:
    for seed, steps in ((1, 15), (2, 45)):
        state = played(game_id, seed, steps)
        editor, _ = editor_on(state)
        assert "✓" in editor.verdict.value, editor.verdict.value
        assert state.game.read_position_data(editor.data()).state == state
        assert editor.notice.value == ""  # every key the game writes has its field


def sr_panel() -> StarRealmsPanel:
    panel = StarRealmsPanel(seed=12)  # main phase of turn 1, player 1 holds 3 Scouts (widgets/star_realms/panel.py)
    panel.tabs.selected_index = SETUP_TAB
    return panel


def test_a_base_is_added_as_a_table_with_primary_used_and_never_as_a_bare_name() -> None:
    """Issue 18: the bases picker offered names and the reader refused them ("expected a table")."""
    panel = sr_panel()
    editor = panel.editor
    assert editor.adder("Player 1 › bases").add("Trading Post")
    assert editor.data()["players"][0]["bases"] == [{"name": "Trading Post", "primary_used": False}]
    editor.field("Player 1 › base 1 › primary used this turn").value = True
    assert "✓" in editor.verdict.value and "expected a table" not in editor.verdict.value
    editor.use_button.click()
    assert panel.state.players[0].bases[0].name == "Trading Post"
    assert panel.state.players[0].bases[0].primary_used


def test_a_misspelt_base_is_refused_with_did_you_mean_and_adds_nothing() -> None:
    editor = sr_panel().editor
    assert not editor.adder("Player 1 › bases").add("Tradng Post")
    assert "Player 1 › bases: &#x27;Tradng Post&#x27; is not a name allowed here — did you mean Trading Post?" \
        in editor.notice.value
    assert editor.data()["players"][0]["bases"] == []


def test_a_ship_in_play_and_the_trade_made_this_turn_reach_the_buy_comparison() -> None:
    """Issue 18: no field for Trade already made, so the buy comparison said 0 Trade."""
    panel = sr_panel()
    editor = panel.editor
    editor.field("Player 1 › hand").value = "Scout x2"  # one Scout of the 3 was played: it is in play
    assert editor.adder("Player 1 › ships").add("Scout")
    editor.field("Player 1 › Trade gained this turn").value = 3
    assert "✓" in editor.verdict.value, editor.verdict.value
    editor.use_button.click()
    state = panel.state
    assert state.players[0].trade == 3 and [r.name for r in state.players[0].ships] == ["Scout"]
    assert "Explorer" in buyable(state, 0)  # an Explorer costs 2 (Star Realms rules, Explorer card)


def test_removing_an_entry_drops_it_from_the_position() -> None:
    editor = sr_panel().editor
    editor.adder("Player 1 › bases").add("Blob Wheel")
    editor.adder("Player 1 › bases").add("Trading Post")
    editor.remover("Player 1 › base 1").click()
    assert [b["name"] for b in editor.data()["players"][0]["bases"]] == ["Trading Post"]


def test_a_warps_edge_skill_is_added_ready_and_marked_used() -> None:
    state = played("warps_edge", 3, 30)
    editor, _ = editor_on(state)
    before = len(state.skills)
    name = next(iter(state.skill_deck.contents().kinds()))
    editor.field("skill deck").value = ", ".join(
        p for p in editor.field("skill deck").value.split(", ") if not p.startswith(name))
    assert editor.adder("skills").add(name)
    editor.field(f"skill card {before + 1} › used (exhausted)").value = True
    assert "✓" in editor.verdict.value, editor.verdict.value
    assert editor.checked.skills[-1].name == name and editor.checked.skills[-1].exhausted


def test_every_enemy_slot_offers_tokens_below_and_above() -> None:
    editor, _ = editor_on(played("warps_edge", 3, 30))
    for slot in range(1, 5):
        for side in ("below", "above"):
            assert editor.field(f"enemy row slot {slot} › {side}").placeholder.startswith("e.g. ")


def test_move_three_cards_from_the_endor_deck_to_the_discard() -> None:
    """Issue 18: Endor needed whole decks retyped to move three cards to a discard pile."""
    state = played("endor", 4, 40)
    editor, used = editor_on(state)
    deck = state.decks[0].contents()
    card = next(c for c, n in deck.items() if n >= 2)
    other = next(c for c in deck.kinds() if c != card)
    assert editor.move.move(2, card, "side 1 › deck", "side 1 › discard")
    assert editor.move.move(1, other, "side 1 › deck", "side 1 › discard")
    assert "✓" in editor.verdict.value, editor.verdict.value
    assert editor.use() and len(used[0].discards[0]) == len(state.discards[0]) + 3
    assert len(used[0].decks[0]) == len(state.decks[0]) - 3


def test_a_move_that_asks_for_more_than_the_zone_holds_changes_nothing() -> None:
    state = played("endor", 4, 40)
    editor, _ = editor_on(state)
    before = editor.data()
    assert not editor.move.move(40, "any", "side 1 › deck", "side 1 › discard")
    assert "pick the card to move" in editor.move.note.value
    card = next(iter(state.decks[0].contents().kinds()))
    assert not editor.move.move(9, card, "side 1 › deck", "side 1 › discard")
    assert editor.data() == before


def test_pinned_down_decks_move_through_the_generic_editor() -> None:
    """Issue 18: Pinned Down needed whole decks retyped to move three cards to a discard pile."""
    state = played("pinned_down", 1, 20)
    editor, used = editor_on(state)
    deck = state.players[0].deck.contents()
    card = next(c for c, n in deck.items() if n >= 2)
    other = next(c for c in deck.kinds() if c != card)
    assert editor.move.move(2, card, "Player 1 › draw deck › cards", "Player 1 › discard")
    assert editor.move.move(1, other, "Player 1 › draw deck › cards", "Player 1 › discard")
    assert editor.move.note.value.endswith(
        f"Moved 1 {other} from Player 1 › draw deck to Player 1 › discard.</div>")
    assert "✓" in editor.verdict.value, editor.verdict.value
    assert editor.use() and len(used[0].players[0].discard) == len(state.players[0].discard) + 3
    assert used[0].players[0].discard.count(card) == state.players[0].discard.count(card) + 2


def test_three_attack_cards_move_from_the_pinned_down_attack_deck_to_its_discard() -> None:
    state = played("pinned_down", 1, 30)
    editor, used = editor_on(state)
    deck = state.attack_deck.contents()
    card = next(c for c, n in deck.items() if n >= 2)
    other = next(c for c in deck.kinds() if c != card)
    zones = {"attack deck › cards", "attack discard", "damage deck › cards", "location deck › cards"}
    assert zones <= set(editor.move.zones)
    assert editor.move.move(2, card, "attack deck › cards", "attack discard")
    assert editor.move.move(1, other, "attack deck › cards", "attack discard")
    assert editor.use() and len(used[0].attack_discard) == len(state.attack_discard) + 3
    assert len(used[0].attack_deck) == len(state.attack_deck) - 3


def test_a_pinned_down_enemy_is_added_with_its_printed_threat_paid_and_removed_again() -> None:
    """A new enemy ship in play paid its printed threat (DB Horror: threat 5, cards.toml card 31)."""
    state = played("pinned_down", 1, 30)  # three enemies in play; DB Horror still in the attack deck
    editor, used = editor_on(state)
    assert editor.adder("enemies").add("DB Horror")
    assert editor.data()["enemies"][-1] == {"name": "DB Horror", "paid": 5}
    assert editor.field("enemy 4 › threat paid").value == 5
    assert ("attack card &#x27;DB Horror&#x27;: 2 in play (1 in attack deck › cards, 1 in enemies) but the box holds 1"
            in editor.verdict.value)  # the ship was revealed from the deck: take it out of the deck too
    deck = editor.field("attack deck › cards")
    deck.value = ", ".join(part for part in deck.value.split(", ") if part != "DB Horror")
    assert "✓" in editor.verdict.value, editor.verdict.value
    assert editor.use() and [e.name for e in used[0].enemies][-1] == "DB Horror" and used[0].enemies[-1].paid == 5
    editor.remover("enemy 4").click()
    assert [e["name"] for e in editor.data()["enemies"]] == [e.name for e in state.enemies]


def test_a_misspelt_pinned_down_enemy_is_refused_and_added_nowhere() -> None:
    editor, _ = editor_on(played("pinned_down", 1, 30))
    assert not editor.adder("enemies").add("DB Horor")
    assert "enemies: &#x27;DB Horor&#x27; is not a name allowed here — did you mean DB Horror?" in editor.notice.value
    assert len(editor.data()["enemies"]) == 3


def test_ships_move_into_an_empty_endor_sector() -> None:
    """Issue 18 remainder: empty sectors had no field, so the move control could not move ships into them."""
    state = played("endor", 4, 40)  # O8 holds 5 X-wings, O6 is empty (the position text lists occupied sectors)
    editor, used = editor_on(state)
    sectors = [label for label in editor.labels() if label.startswith("space › ")]
    assert len(sectors) == 28 and editor.field("space › O6").value == ""  # F0-F5, O6-O14, M15-M21, I22-I27
    assert "O6" not in editor.text.value  # an empty sector is not written
    assert editor.move.move(2, "X-wing", "space › O8", "space › O6")
    assert editor.field("space › O6").value == "X-wing x2" and 'O6 = ["X-wing x2"]' in editor.text.value
    assert "O14" not in editor.text.value
    assert "✓" in editor.verdict.value, editor.verdict.value
    assert editor.use()
    x_wing = [t.name for t in state.data.ship_types].index("X-wing")
    assert used[0].ships[state.data.index["O6"]][x_wing] == 2 and used[0].ships[state.data.index["O8"]][x_wing] == 3


@pytest.mark.parametrize("players", [2, 4])
def test_each_endor_side_shows_and_offers_its_own_card_names(players: int) -> None:
    """Issue 18 remainder: the Empire's card zones showed Rebel card names as their example."""
    game = explorer.load_game("endor")
    match = Match(game.initial_state(players=players), seed=3)
    match.play("random", 30)
    editor, _ = editor_on(match.state)
    sides = ("Rebels", "Empire", "Empire", "Rebels")[:players]  # seats in playing order (Rebel 1, Empire 1, ...)
    zones = [("side 1", "Rebels"), ("side 2", "Empire")]
    zones += [(f"seat {i + 1}", side) for i, side in enumerate(sides)]
    for table, side in zones:
        for zone in (("deck", "discard") if table.startswith("side") else ("hand", "order pile")):
            field = editor.field(f"{table} › {zone}")
            example = field.placeholder[len("e.g. "):].split(" x3, ")
            assert all(name in game.data.decks[side] for name in example), (table, zone, field.placeholder)
            offered = next(z for z in editor.move.zones.values() if z.label == f"{table} › {zone}").vocabulary
            assert set(offered) == set(game.data.decks[side])


def test_a_face_down_enemy_deck_is_entered_as_a_count() -> None:
    """A layer typed as "2" (two unknown cards) is the level's cards seen in no other zone."""
    state = played("warps_edge", 5, 12)  # step 2 of turn 1: 2 yellow cards left in the deck, 3 set aside in the box
    editor, used = editor_on(state)
    editor.field("enemy deck › yellow").value = str(len(state.enemy_deck[0]))
    assert "derived: yellow enemy deck: the 2 level-1 cards seen in no other zone" in editor.verdict.value
    assert editor.use() and used[0] == state


def test_a_count_below_the_unseen_cards_is_a_random_deal_from_them() -> None:
    """The set-aside cards need not be named: a pilot never sees them (issue 18, Warp's Edge face-down decks)."""
    state = played("warps_edge", 5, 12)  # 2 yellow cards face down, 3 level-1 cards set aside in the box
    editor, used = editor_on(state)
    editor.field("enemy deck › yellow").value = "2"
    box = [n for n in editor.field("enemy cards in the box").value.split(", ")
           if state.data.enemy(n.split(" x")[0]).level != 1]
    editor.field("enemy cards in the box").value = ", ".join(box)
    assert ("derived: yellow enemy deck: 2 face-down cards dealt at random from the 5 level-1 cards seen in no other "
            "zone; the other 3 are set aside in the box, unseen." in editor.verdict.value), editor.verdict.value
    assert editor.use() and len(used[0].enemy_deck[0]) == 2


def test_one_click_on_use_takes_the_text_pasted_after_an_invalid_form() -> None:
    """Issue 18: a valid TOML pasted after an invalid form needed two clicks."""
    state = played("star_realms", 1, 15)
    editor, used = editor_on(state)
    editor.field("Player 1 › hand").value = "Scout x40"
    assert "✗" in editor.verdict.value
    editor.text.value = state.position_text()
    assert editor.use() and used == [state]


def test_one_click_on_use_takes_the_form_edited_after_the_text() -> None:
    state = played("star_realms", 1, 15)
    editor, used = editor_on(state)
    editor.text.value = "players = 3"
    assert "✗" in editor.verdict.value
    editor.load(state)
    editor.field("Player 1 › authority").value = 44
    assert editor.use() and used[0].authority_of(0) == 44


def test_a_big_input_builds_no_widgets_and_says_why() -> None:
    """Issue 19: 1,500 keys in the TOML box built 1,501 widgets in 5.7 s."""
    editor, used = editor_on(played("star_realms", 1, 15))
    before = live_widgets()
    editor.text.value = "".join(f"k{i} = {i}\n" for i in range(1500))
    assert live_widgets() - before < 5
    assert editor.form.children == () and f"more than {MAX_FIELDS} fields" in editor.notice.value
    assert "✗" in editor.verdict.value and not editor.use() and used == []


def test_stray_keys_get_one_message_and_no_widget() -> None:
    state = played("star_realms", 1, 15)
    editor, _ = editor_on(state)
    fields = len(editor._form.fields)
    before = live_widgets()
    editor.text.value = state.position_text().replace("turn =", "hnad = 1\nbogus = 2\nturn =", 1)
    assert len(editor._form.fields) == fields
    assert "No form field for" in editor.notice.value and "hnad, bogus" in editor.notice.value
    assert "the position: unknown field" in editor.verdict.value
    assert live_widgets() - before < 40  # the old form's widgets are closed; nothing per stray key


@pytest.mark.parametrize("game_id, key, name", [
    ("star_realms", "Player 1 › hand", "Scout"), ("warps_edge", "bag", "Energy 1"),
    ("endor", "side 1 › discard", "B-wing / Luke Skywalker"), ("pinned_down", "Player 1 › hand", "Defiance"),
])
def test_each_game_shows_its_own_names_in_the_placeholder(game_id: str, key: str, name: str) -> None:
    editor, _ = editor_on(played(game_id, 1, 20))
    placeholder = editor.field(key).placeholder
    assert placeholder.startswith("e.g. ") and name in placeholder or game_id == "star_realms"
    if game_id != "star_realms":
        assert "Scout" not in placeholder


def test_the_text_box_shows_what_the_form_wrote() -> None:
    state = played("star_realms", 1, 15)
    editor, _ = editor_on(state)
    editor.field("Player 1 › authority").value = 37
    assert "authority = 37" in editor.text.value
    assert editor.text.value == toml_text(editor.data())


@pytest.mark.parametrize(("game_id", "stage", "words"), [("warps_edge", "actions", "step 2: pilot actions"),
                                                         ("pinned_down", "main", "main phase"),
                                                         ("fleet_command", "path", "Movement Phase: lay out the path"),
                                                         ("star_realms", "draw", "end of turn: the next hand drawn"),
                                                         ("endor", "plan", "plan: orders placed face down")])
def test_the_stage_is_picked_in_the_rules_words_and_read_back_as_its_id(game_id: str, stage: str, words: str) -> None:
    """Issue 37 §5: stage values ("setup-keep", "assign_start") were shown as ids; the form shows the rules' words."""
    state = played(game_id, 1, 30)
    editor, _ = editor_on(state)
    field = editor.field("phase")
    assert dict(field.options)[words] == stage
    field.value = stage
    assert editor.data()["stage"] == stage
    assert not any("_" in label for label, _ in field.options)


def test_the_order_step_has_its_own_words_beside_the_rounds_phase() -> None:
    """Endor's ``order.stage`` (the step of the order in play) and ``stage`` (the round's phase) share a key:
    each field is offered in its own words ("roll the dice", not "roll")."""
    state = played("endor", 1, 20)
    assert state.step.stage == "attack"
    editor, _ = editor_on(state)
    step = editor.field("order in play › step")
    assert step.value == "attack" and dict(step.options)["roll the dice"] == "roll" and "orders: the piles revealed and carried out" not in dict(
        step.options)
    assert dict(editor.field("phase").options)["orders: the piles revealed and carried out"] == "orders"


@pytest.mark.parametrize("game_id", ["star_realms", "warps_edge", "endor", "pinned_down", "fleet_command"])
def test_every_phase_field_is_a_choice_in_words(game_id: str) -> None:
    """Every game's phase field lists each stage the reader accepts, in words (issue 37 §5: "main" was shown)."""
    editor, _ = editor_on(played(game_id, 1, 30))
    field = editor.field("phase")
    assert isinstance(field, W.Dropdown) and all(label != stage for label, stage in field.options)
    labels = [label for label, _ in field.options]
    assert len(set(labels)) == len(labels) and not any("_" in label or "(" in label and " start)" in label
                                                       for label in labels)  # no id added to tell two apart


def test_the_add_button_names_the_entry_it_adds() -> None:
    """"Add a base to Player 1", not "Add to Player 1 › bases" (the list's label, in the plural)."""
    editor, _ = editor_on(played("star_realms", 1, 15))
    assert editor.adder("Player 1 › bases").button.description == "Add a base to Player 1"
    assert editor.adder("Player 2 › ships").button.description == "Add a ship to Player 2"
