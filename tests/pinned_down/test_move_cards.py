"""Pinned Down's Move cards in the position editor (issue 37 §4): one deck zone per player, any mix of cards.

The deck list records the 20 cards a player brought, wherever they are now; the draw deck
(``Player 1 › draw deck › cards``) is where cards lie face down. Move offers the draw deck, shown as
"Player 1 › draw deck", and never the deck list, so the first zone offered is the right one; "move 3 from
deck to discard" takes the cards written as in a zone ("Defiance x2, Fire At Will").

The table: seed 1 after 20 random steps.
"""

from __future__ import annotations

from explorer import Match, Multiset, load_game
from widgets.common.position_editor import PositionEditor


def editor_and_state() -> tuple[PositionEditor, object, list]:
    match = Match(load_game("pinned_down"), seed=1)
    match.play("random", 20)
    used: list = []
    editor = PositionEditor(on_use=lambda s, _derived: used.append(s))
    editor.load(match.state)
    return editor, match.state, used


def test_the_deck_list_is_not_offered_as_a_zone_to_move_cards_from() -> None:
    editor, _state, _used = editor_and_state()
    labels = list(editor.move.zones)
    assert "Player 1 › cards brought (deck list)" not in labels and "Player 2 › cards brought (deck list)" not in labels
    assert [label for label in labels if label.startswith("Player 1 ›") and "deck" in label] == [
        "Player 1 › draw deck › cards"]


def test_the_first_zone_offered_is_the_first_players_draw_deck_in_words() -> None:
    editor, _state, _used = editor_and_state()
    shown = [text for text, _label in editor.move.source.options]
    assert next(text for text in shown if text.startswith("Player 1 ›") and "deck" in text) == "Player 1 › draw deck"
    assert not any("deck list" in text or text.endswith("› cards") for text in shown)
    assert dict(editor.move.source.options)["Player 1 › draw deck"] == "Player 1 › draw deck › cards"


def test_move_three_of_a_mix_from_the_deck_to_the_discard() -> None:
    editor, state, used = editor_and_state()
    deck = state.players[0].deck.contents()
    first, second = deck.kinds()[:2]
    mix = f"{first} x2, {second}" if deck.count(first) >= 2 else f"{first}, {second} x2"
    moved = Multiset({first: 2, second: 1}) if deck.count(first) >= 2 else Multiset({first: 1, second: 2})
    assert editor.move.move(3, mix, "Player 1 › draw deck › cards", "Player 1 › discard"), editor.move.note.value
    assert "✓" in editor.verdict.value, editor.verdict.value
    assert editor.use()
    after = used[0].players[0]
    assert after.discard == state.players[0].discard + moved
    assert after.deck.contents() == deck - moved


def test_a_mix_whose_total_is_not_the_count_is_refused_and_changes_nothing() -> None:
    editor, state, _used = editor_and_state()
    first, second = state.players[0].deck.contents().kinds()[:2]
    before = editor.data()
    assert not editor.move.move(2, f"{first}, {second}, {first}", "Player 1 › draw deck › cards", "Player 1 › discard")
    assert "are 3, but the count says 2." in editor.move.note.value
    assert editor.data() == before


def test_any_on_a_mixed_deck_asks_for_the_cards_in_words() -> None:
    editor, _state, _used = editor_and_state()
    assert not editor.move.move(3, "any", "Player 1 › draw deck › cards", "Player 1 › discard")
    assert "Player 1 › draw deck holds" in editor.move.note.value
    assert "pick the card to move, or write a mix such as Name x2, Other" in editor.move.note.value
