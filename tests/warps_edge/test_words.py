"""Issue 37 §5: a screen names a token as the pilot does ("Laser 1", "Demo Kestrel Lance"), never by its id.

The notation (``str(action)``) keeps the ids: saved matches, share links and the recorded replays store it, and
it still reads back. What a button, the move list, the log and a refusal show is the move in words
(``state.action_words``), and typed text may name a token either way.
"""

from __future__ import annotations

import re

import pytest
from tests.warps_edge.we_helpers import game, position

from explorer import Match, Multiset
from explorer.errors import IllegalActionError

IDS = tuple(t.id for t in game().data.tokens if "-" in t.id)
TOKEN_ID = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, IDS)) + r")(?![\w-])")
"""A token id with a hyphen standing alone (``energy-1``, ``demo-decoy``): the shape the words never take."""


def test_a_plain_token_is_named_by_its_kind_and_value_and_a_power_token_by_its_printed_name() -> None:
    data = game().data
    assert [data.token_label(t) for t in ("energy-1", "laser-3", "maneuver-1", "photon-blast", "kestrel-lance")] == [
        "Energy 1", "Laser 3", "Maneuver 1", "Photon Blast", "Demo Kestrel Lance"]


def test_a_move_reads_in_words_and_keeps_its_notation() -> None:
    s = position(row=["Demo Gnat"], pool={"laser-1": 1, "kestrel-lance": 1, "energy-2": 1, "maneuver-1": 1})
    words = {str(a): s.action_words(a) for a in s.legal_actions()}
    assert words["fire laser-1 at slot 1"] == "fire Laser 1 at slot 1"
    assert words["use kestrel-lance at slot 1"] == "use Demo Kestrel Lance at slot 1"
    assert words["spend energy-2 on buying"] == "spend Energy 2 on buying"
    assert words["maneuver at slot 1"] == "maneuver at slot 1"  # the maneuver token is implied, as at the table
    assert words["end actions"] == "end actions"


def test_a_draw_names_each_token_drawn() -> None:
    s = position(pool={}).replace(stage="plans", bag=Multiset({"laser-1": 2, "energy-1": 3}))
    (draw, p), = s.chance_outcomes()
    assert str(draw) == "draw 3x energy-1, 2x laser-1" and p == 1
    assert s.action_words(draw) == "draw 3x Energy 1, 2x Laser 1"
    assert s.parse_action("draw 3x Energy 1, 2x Laser 1") == draw == s.parse_action(str(draw))


@pytest.mark.parametrize("typed", ["fire Laser 1 at slot 1", "FIRE laser 1 AT slot 1", "fire laser-1 at slot 1"])
def test_typed_text_may_name_a_token_by_name_or_by_id(typed: str) -> None:
    s = position(row=["Demo Gnat"], pool={"laser-1": 1})
    assert str(s.parse_action(typed)) == "fire laser-1 at slot 1"


def test_a_refusal_names_tokens_and_lists_the_legal_moves_in_words() -> None:
    s = position(row=["Demo Gnat"], pool={"laser-1": 1})
    with pytest.raises(IllegalActionError) as refused:
        s.apply("fire Laser 3 at slot 1")
    assert "Laser 3 is not in the pool; legal now: fire Laser 1 at slot 1, " in refused.value.message
    assert not TOKEN_ID.search(refused.value.message)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_move_of_a_seeded_game_reads_in_words_and_its_words_play_it(seed: int) -> None:
    """Each legal move and chance outcome: its words name no token id, are told apart from the other moves'
    words, and play the very move; the notation plays it too (saved matches and links are unchanged)."""
    match = Match(game(), seed=seed)
    match.play("random", 400)
    for state in match.states[:: 3]:
        moves = state.moves()
        words = [state.action_words(m) for m in moves]
        assert len(set(words)) == len(moves)
        assert not [w for w in words if TOKEN_ID.search(w)]
        for move, said in zip(moves, words):
            assert state.parse_action(said) == move and state.parse_action(str(move)) == move


def test_the_log_names_tokens_in_words() -> None:
    match = Match(game(), seed=1)
    match.play("random", 200)
    assert any("Pilot draws 5: " in line for line in match.log)
    assert not [line for line in match.log if TOKEN_ID.search(line)]
