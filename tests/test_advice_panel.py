"""The Advice tab and the log's Review (issue "What should I do now?" §3), without a browser.

A hint ranks every legal option with its interval, the bars and the progress fill as rounds
arrive, "Play this" plays the option through the panel, and a hint about a position the match
has left cannot be played. Review marks the seat's moves in the log; a mark jumps to its move.
"""

from __future__ import annotations

import pytest

import explorer
from explorer import Match
from tests.advisor.advise_helpers import lethal, mid_game
from widgets.common.match_panel import MatchPanel
from widgets.pinned_down.panel import PinnedDownPanel
from widgets.star_realms.panel import StarRealmsPanel
from widgets.warps_edge.panel import WarpsEdgePanel


def quiet(panel: MatchPanel) -> MatchPanel:
    """Run hints and reviews in the test's own thread (a panel on a page runs them in a thread)."""
    panel.advice.background = False
    panel.review.background = False
    return panel


def test_a_hint_ranks_every_legal_option_and_fills_the_bars_and_the_progress() -> None:
    m = Match(explorer.load_game("warps_edge"), seed=1)
    panel = quiet(WarpsEdgePanel(m, link=False))
    m.play("heuristic", 4)
    while m.state.is_chance():
        m.step()
    legal = m.state.legal_actions()
    panel.advice.rollouts.value = 16
    assert panel.advice.ask()
    advice = panel.advice.advice
    assert {r.action for r in advice.rows} == set(legal) and not advice.partial
    bars = panel.advice.chart.outputs[0]["data"]["application/vnd.plotly.v1+json"]["data"][0]
    assert len(bars["y"]) == len(legal) and bars["x"][0] == pytest.approx(100 * advice.best.win)
    assert panel.advice.progress.value == advice.total_rollouts
    assert len(panel.advice.rows_box.children) == len(legal)
    assert "rollouts per option" in panel.advice.note.value and "hidden cards" in panel.advice.note.value


def test_play_this_plays_the_advised_option_through_the_panel() -> None:
    m = Match(lethal(), seed=3)
    panel = quiet(StarRealmsPanel(m, link=False))
    panel.advice.rollouts.value = 16
    panel.advice.ask()
    advice = panel.advice.advice
    best = advice.best
    # attacking now wins (and so does playing a card first): ending the turn does not
    assert best.win == 1.0 and advice.row("end turn").win < 1.0 and advice.rows[-1].text == "end turn"
    panel.advice.rows_box.children[0].children[1].click()
    assert len(m) == 2 and m.entries[-1].action == best.action


def test_a_hint_that_cannot_rank_its_options_says_so_above_the_rows() -> None:
    # a lone Pinned Down flagship mid-game: all 8 rollouts of both options are lost (0% and 0%), so the
    # headline says the order is only the rules' order instead of leaving "1. best" to be believed
    m = Match(mid_game("pinned_down"), seed=3)
    panel = quiet(PinnedDownPanel(m, link=False))
    panel.advice.rollouts.value = 8
    panel.advice.rank_by.value = "win"  # by the win chance alone (the default goes on to rank by progress)
    assert panel.advice.ask()
    assert [r.win for r in panel.advice.advice.rows] == [0.0, 0.0]
    shown = panel.advice.headline.value.replace("&#x27;", "'")
    assert "re-advice-undecided" in shown and "ended in a loss for Player 1" in shown
    assert "the order below is only the rules' order" in shown
    rows = [row.children[0].value for row in panel.advice.rows_box.children]
    assert all("tied with every option" in row and "best" not in row for row in rows), rows


def test_in_pinned_down_the_hint_can_rank_by_progress_and_says_so() -> None:
    # the same lost position ranked by the distance the fleet covers: the rows differ, and every label says
    # "progress", not "win"
    m = Match(mid_game("pinned_down"), seed=3)
    panel = quiet(PinnedDownPanel(m, link=False))
    assert panel.advice.rank_by.layout.display is None  # offered in a game that measures progress
    panel.advice.rollouts.value = 16
    panel.advice.rank_by.value = "progress"
    assert panel.advice.ask()
    advice = panel.advice.advice
    assert advice.measure == "progress" and advice.best.win > advice.rows[1].win > 0
    rows = [row.children[0].value for row in panel.advice.rows_box.children]
    assert all(" · progress " in row and " · win " not in row for row in rows), rows
    layout = panel.advice.chart.outputs[0]["data"]["application/vnd.plotly.v1+json"]["layout"]
    assert layout["title"]["text"] == "Player 1's progress by option, with<br>95% intervals"
    assert "the distance the fleet covered toward 10" in panel.advice.note.value


def test_a_game_without_a_measure_of_progress_does_not_offer_it() -> None:
    panel = StarRealmsPanel(Match(lethal(), seed=3), link=False)
    assert panel.advice.rank_by.layout.display == "none"


def test_a_hint_for_a_position_the_match_has_left_cannot_be_played() -> None:
    m = Match(lethal(), seed=3)
    panel = quiet(StarRealmsPanel(m, link=False))
    panel.advice.rollouts.value = 8
    panel.advice.ask()
    m.step("end turn")  # the match moves on in a cell
    play = panel.advice.rows_box.children[0].children[1]
    assert play.disabled and "The match has moved since this hint" in panel.advice.headline.value
    assert not panel.advice.play(panel.advice.advice.best.action) and m.entries[-1].action.kind == "end"


def test_a_hint_at_a_chance_step_advises_the_next_decision_dealing_the_draw_as_the_rollouts_do() -> None:
    m = Match(explorer.load_game("warps_edge"), seed=1)
    panel = quiet(WarpsEdgePanel(m, link=False, deal=False))
    panel.advice.rollouts.value = 8
    assert m.state.is_chance() and panel.advice.ask()
    assert panel.advice.advice is not None and m.state.is_chance()  # the match itself is not dealt
    assert ("Cards are still being dealt: this advises Pilot's next decision, dealing the draw as the rollouts do."
            in panel.advice.headline.value.replace("&#x27;", "'"))
    play = panel.advice.rows_box.children[0].children[1]
    assert play.disabled  # the match's own draw is not dealt yet
    assert not panel.advice.play(panel.advice.advice.best.action) and m.state.is_chance()


@pytest.mark.parametrize("typed", [3, 0, -5, 2001])
def test_rollouts_out_of_range_are_refused_in_words_never_clamped(typed: int) -> None:
    """Bad input says what was wrong and what is allowed (a field that clamped a typed 3 to 8 said nothing)."""
    m = Match(explorer.load_game("warps_edge"), seed=1)
    panel = quiet(WarpsEdgePanel(m, link=False))
    panel.advice.rollouts.value = typed
    assert not panel.advice.ask() and panel.advice.advice is None
    assert panel.advice.rollouts.value == typed  # left as typed, to be corrected
    assert (f"rollouts (games for each option) must be a whole number from 8 to 2000, got {typed}"
            in panel.advice.headline.value)


def test_stop_ends_the_rollouts_and_keeps_the_advice_marked_partial() -> None:
    m = Match(lethal(), seed=3)
    panel = StarRealmsPanel(m, link=False)
    panel.advice.rollouts.value = 2000
    panel.advice.ask()
    panel.advice.stop()
    panel.advice.wait(60)
    advice = panel.advice.advice
    assert advice is not None and advice.partial and "PARTIAL" in panel.advice.headline.value
    assert not panel.advice.ask_button.disabled and panel.advice.stop_button.disabled


def test_on_a_served_page_a_hint_past_the_work_budget_is_refused_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("RULES_EXPLORER_MAX_GAMES", "100")
    m = Match(lethal(), seed=3)
    panel = quiet(StarRealmsPanel(m, link=False))
    options = len(m.state.legal_actions())
    panel.advice.rollouts.value = 50
    assert not panel.advice.ask() and panel.advice.advice is None
    assert (f"This server allows at most 100 games per hint, and {options} options × 50 rollouts are {options * 50}. "
            "Ask for fewer rollouts; the server's operator can raise the limit with RULES_EXPLORER_MAX_GAMES."
            ) in panel.advice.headline.value.replace("&#x27;", "'")


def test_review_marks_the_blunder_in_the_log_and_its_mark_jumps_to_the_decision() -> None:
    m = Match(lethal(), seed=5)
    panel = quiet(StarRealmsPanel(m, link=False))
    m.step("end turn")  # Player 1 could win by attacking, and ends the turn instead
    m.play("heuristic", 3)
    panel.review.rollouts.value = 24
    assert panel.review.start()
    blunder = panel.review.moves[0]
    assert (blunder.index, blunder.played, blunder.mark) == (0, "end turn", "??")
    log = panel.history.log.value
    assert 'data-mark="??"' in log and f"best: {blunder.best}" in log
    mark = panel.review.marks_box.children[0]
    assert mark.description.startswith("?? 1. end turn")
    mark.click()
    assert m.cursor == 0 and "1 marked" in panel.review.status.value
    panel.new_game(1)
    assert 'data-mark' not in panel.history.log.value  # a new game clears the marks


def test_review_with_no_decision_yet_says_so() -> None:
    panel = quiet(MatchPanel(Match(lethal(), seed=1), link=False))
    assert not panel.review.start() and "No decision of this seat to review yet" in panel.review.status.value


def test_review_offers_the_seat_that_made_the_last_decision_until_the_player_picks_one() -> None:
    """A review after player 2's move reviews player 2 unless told otherwise (it offered player 1 before)."""
    m = Match(explorer.load_game("star_realms"), seed=2)
    panel = quiet(StarRealmsPanel(m, link=False))
    while m.state.is_chance() or m.state.current_player != 1:
        m.step(None if m.state.is_chance() else m.state.legal_actions()[-1])
    m.step(m.state.legal_actions()[0])  # player 2's first decision
    panel.refresh()
    assert panel.review.seat.value == 1
    panel.review.seat.value = 0  # the player picks player 1: it stays picked
    while m.state.is_chance() or m.state.current_player != 1:
        m.step(None if m.state.is_chance() else m.state.legal_actions()[-1])
    m.step(m.state.legal_actions()[0])
    panel.refresh()
    assert panel.review.seat.value == 0


@pytest.mark.parametrize(("field", "typed", "said"), [
    ("decisions", 0, "last (decisions to review) must be a whole number from 1 to 200, got 0"),
    ("rollouts", 3, "rollouts (games for each option) must be a whole number from 8 to 500, got 3"),
])
def test_review_settings_out_of_range_are_refused_in_words_never_clamped(field: str, typed: int, said: str) -> None:
    m = Match(explorer.load_game("warps_edge"), seed=1)
    panel = quiet(WarpsEdgePanel(m, link=False))
    while m.state.is_chance():
        m.step()
    m.step(m.state.legal_actions()[0])
    getattr(panel.review, field).value = typed
    assert not panel.review.start()
    assert said in panel.review.status.value and getattr(panel.review, field).value == typed
