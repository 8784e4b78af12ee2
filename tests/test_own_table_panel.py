"""Your own table, in the panel: the position editor, share links and reloads, without a browser.

Issue "Your own table" §2: the "Set up position" tab is built from the game's position format and
checked by the game's referee as the user types; a link (the page's query) reopens a match or a
position, and a damaged link is refused with a message while the default game opens.
"""

from __future__ import annotations

import pytest

import explorer
from explorer import Match
from explorer.core.share import match_query, position_query
from widgets.common.match_panel import SETUP_TAB, MatchPanel


@pytest.fixture
def pig(toy_registered: None) -> explorer.Game:
    return explorer.load_game("toy_pig")


def _zone(panel: MatchPanel, key: str):  # the NameZone text box of one zone
    for child in panel.editor.form.children:
        if getattr(child, "children", None) and getattr(child.children[0], "description", "") == key.replace("_", " "):
            return child.children[0]
    raise AssertionError(f"no zone {key}")


def _field(panel: MatchPanel, label: str):
    return next(w for w in panel.editor.form.children if getattr(w, "description", None) == label)


def test_the_setup_tab_is_filled_from_the_position_on_screen(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link=False)
    p.tabs.selected_index = SETUP_TAB
    assert p.editor.loaded is p.state
    assert "bonus_deck = [\"+1 x3\", \"+2\"]" in p.editor.text.value
    assert _zone(p, "bonus_deck").value == "+1 x3, +2"
    assert "✓ A position the rules can reach: decide" in p.editor.verdict.value


def test_editing_a_zone_is_checked_at_once_and_a_bad_count_names_the_zone(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link=False)
    p.tabs.selected_index = SETUP_TAB
    _zone(p, "bonus_deck").value = "+1 x3, +2 x2"
    assert "✗ bonus_deck + bonus_drawn: must be the whole box" in p.editor.verdict.value
    assert p.editor.use_button.disabled
    assert p.editor.use() is False and len(p.match) == 1  # nothing changed


def test_use_this_position_starts_the_match_there(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link=False)
    p.tabs.selected_index = SETUP_TAB
    _zone(p, "bonus_deck").value = "+1 x2"
    _zone(p, "bonus_drawn").value = "+1, +2"
    _field(p, "turn total").value = 4
    assert "✓" in p.editor.verdict.value
    p.editor.use_button.click()
    assert p.state.turn_total == 4 and len(p.state.bonus) == 2  # type: ignore[attr-defined]
    assert p.status.message.startswith("Position set up: Player 1 decides")
    assert len(p.match) == 1


def test_the_text_box_and_the_form_follow_each_other(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link=False)
    p.tabs.selected_index = SETUP_TAB
    p.editor.text.value = 'scores = [3, 7]\nplayer = 2\nbonus_drawn = ["+2"]\n'
    assert _field(p, "player").value == 2
    assert "derived: bonus_deck: the 3 bonus cards not drawn" in p.editor.verdict.value
    p.editor.text.value = "scores = ["
    assert "✗ position: not valid TOML" in p.editor.verdict.value


def test_a_typed_position_text_that_is_wrong_changes_nothing(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link=False)
    assert p.use_position_text("scores = [0, 0]\nplayer = 9\n") is False
    assert p.status.message == "player: expected a whole number from 1 to 2, got 9" and len(p.match) == 1


def test_a_match_link_reopens_the_match_at_the_shown_move(pig: explorer.Game) -> None:
    match = Match(pig, seed=9)
    match.play("random", 12)
    match.goto(6)
    p = MatchPanel(pig, seed=1, link=match_query(match))
    assert p.match.states == match.states and p.match.cursor == 6
    assert p.status.message.startswith("Opened the match from the link")


def test_the_panel_keeps_its_link_in_step_so_a_reload_reopens_the_match(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link=False)
    p.auto(7)
    again = MatchPanel(pig, seed=1, link=p.page_link.query)  # what a reload of the page does
    assert again.match.states == p.match.states and again.match.cursor == p.match.cursor


def test_a_position_link_opens_the_position(pig: explorer.Game) -> None:
    state = pig.position(scores=[4, 2], player=2, turn_total=3, bonus_drawn=["+1"])
    p = MatchPanel(pig, seed=1, link=position_query(state))
    assert p.state.position_text() == state.position_text()


@pytest.mark.parametrize("query", ["game=toy_pig&match=AAAA", "game=toy_pig&position=%ZZ", "game=toy_pig"])
def test_a_damaged_link_is_refused_and_the_default_game_opens(pig: explorer.Game, query: str) -> None:
    p = MatchPanel(pig, seed=1, link=query)
    assert p.status.message.startswith("The link could not be opened: link:")
    assert p.status.message.endswith("the default game is shown instead.")
    assert len(p.match) == 1 and p.state == pig.initial_state()


def test_a_link_for_another_game_names_the_page_that_opens_it(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link="game=star_realms&match=AAAA")
    assert p.status.message == ("This link is for the Star Realms (base set) page (dashboards/star_realms.ipynb): open it there. "
                                "The default game is shown here.")
    assert p.status.level == "error" and len(p.match) == 1
    unknown = MatchPanel(pig, seed=1, link="game=chess&seed=4")
    assert unknown.status.message.startswith("This link names a game this explorer does not have ('chess'); the games are")


def test_a_seed_link_starts_a_new_game_from_that_seed(pig: explorer.Game) -> None:
    p = MatchPanel(pig, seed=1, link="game=toy_pig&seed=17")
    assert p.match.seed == 17 and p.status.message == "New game from the link's seed 17."
    bad = MatchPanel(pig, seed=1, link="game=toy_pig&seed=abc")
    assert bad.match.seed == 1 and bad.status.message.startswith("The link could not be opened: link: seed must")
