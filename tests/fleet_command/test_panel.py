"""The Space Fleet Command panel without a browser: select a ship, move it, the map and the odds follow."""

from __future__ import annotations

import pytest

import explorer
from explorer.games.fleet_command.tactics import EXAMPLE
from widgets.fleet_command import FleetCommandPanel
from widgets.fleet_command.odds_views import destroy_figure, initiative_figure, reach_view, shot_odds_figure
from widgets.fleet_command.table_view import arc_outline, table_figure


@pytest.fixture(scope="module")
def example() -> explorer.State:
    return explorer.load_game("fleet_command").position_from_text(EXAMPLE)


def test_the_table_figure_draws_every_ship_and_the_selected_arc(example: explorer.State) -> None:
    fig = table_figure(example, selected=(0, "Interceptor"))
    assert fig.layout.meta == {"ships": 2, "arc": "Interceptor", "reach": 0, "ghost": 0}
    labels = [t for t in fig.data if t.mode == "text"]
    assert sum(len(t.x) for t in labels) == 2 and labels[0].text[0] == "➤3"  # the arrow symbol and 3 cubes


def test_the_arc_outline_reaches_range_forward_of_the_front_edge(example: explorer.State) -> None:
    pose = example.fleets[0].ship("Interceptor").pose
    pts = arc_outline(pose, 2, omnidirectional=False)
    assert max(y for _, y in pts) == pytest.approx(4.0 + 2)  # front edge at y = 4, range 2
    assert min(y for _, y in pts) == pytest.approx(4.0)  # nothing behind the front


def test_the_odds_views_answer_from_the_live_position(example: explorer.State) -> None:
    fig = shot_odds_figure(example)
    assert list(fig.data[0].x) == ["Player 1's Interceptor →<br>Player 2's Fighter"]
    assert fig.data[0].y[0] == pytest.approx(1 / 3)
    assert destroy_figure(example).data[0].y[0] == 0
    assert "Interceptor" in reach_view(example)
    assert initiative_figure(example).layout.title.text.startswith("Player 1")


def test_with_no_shot_the_shots_chart_says_why_instead_of_bare_axes() -> None:
    # at the start no ship is in arc and range of an enemy: each fleet sets up within two tile-lengths of its own
    # table edge (seed, Setup 1), here rows 1-3 and 17 of the map
    state = FleetCommandPanel(seed=1).state
    fig = shot_odds_figure(state)
    assert fig.layout.meta == {"shots": 0}
    assert fig.layout.xaxis.visible is False and fig.layout.yaxis.visible is False
    # wrapped at 40 characters so it fits a phone's chart
    assert [a.text for a in fig.layout.annotations] == ["No ship that has not fired has an enemy<br>in arc and range."]


def test_with_no_ship_in_reach_the_destroy_chart_says_every_chance_is_zero() -> None:
    # the same opening: each enemy keeps its bar (at 0%), and a line says why none rises
    state = FleetCommandPanel(seed=1).state
    fig = destroy_figure(state)
    assert list(fig.data[0].y) == [0.0] * len(fig.data[0].x) and len(fig.data[0].x) == 5
    assert [a.text for a in fig.layout.annotations] == [
        "0% for every ship: none of<br>yours that can still fire has<br>it in arc and range."]


def test_select_a_ship_move_it_and_the_map_and_shot_odds_change() -> None:
    panel = FleetCommandPanel(seed=1)
    assert panel.state.stage == "movement" and panel.state.actor == 1
    interceptor = next(v for label, v in panel.ship_pick.options if label.startswith("Player 2 · Interceptor"))
    panel.ship_pick.value = interceptor
    panel.tiles_pick.value = "cube"
    assert panel.figure.layout.meta["arc"] == "Interceptor" and panel.figure.layout.meta["reach"] > 20
    before = panel.state.fleets[1].ship("Interceptor").pose
    assert panel.move_selected() and panel.state.stage == "path"
    shooting = next(a for label, a in panel.path_pick.options if "can shoot" in label)
    panel.path_pick.value = shooting
    assert panel.figure.layout.meta["ghost"] >= 3  # the path's tiles, drawn as ghosts
    assert panel.lay_out() and panel.state.stage == "movement"
    assert panel.state.fleets[1].ship("Interceptor").pose != before
    # Player 1 moves next: the Interceptor now sits in some of their ships' arcs
    panel.tabs.selected_index = 1
    shots = panel.odds.figures[0]
    assert shots.layout.meta["shots"] > 0


def test_a_refused_move_is_a_status_line_not_an_exception() -> None:
    panel = FleetCommandPanel(seed=1)
    mine = next(v for label, v in panel.ship_pick.options if label.startswith("Player 1"))
    panel.ship_pick.value = mine  # Player 2 moves first: Player 1's ship cannot start a move
    assert panel.move_selected() is False
    assert "cannot start a move" in panel.status.widget.value
    assert panel.lay_out() is False and panel.state.stage == "movement"


def test_the_position_editor_reads_the_table_back_through_the_referee() -> None:
    panel = FleetCommandPanel(seed=2)
    panel.tabs.selected_index = 2  # "Set up position"
    assert "Internal error" not in panel.status.widget.value
    state = panel.state
    assert panel.game.position_from_text(state.position_text()) == state


def test_move_this_ship_starts_enabled_on_a_ship_of_the_player_who_moves() -> None:
    # issue 18 §5: the panel opened on a ship of the other player, with "Move this ship" disabled
    panel = FleetCommandPanel(seed=1)
    for _ in range(4):
        assert panel.state.stage == "movement"
        assert panel.selected[0] == panel.state.actor and not panel.move_button.disabled
        assert panel.move_selected() and panel.lay_out()


def test_a_path_is_offered_once_in_the_path_list_not_also_as_buttons() -> None:
    # issue 18 §5: "path RL" buttons and "Barrel Roll left (path RL)" in the dropdown were one choice twice
    panel = FleetCommandPanel(seed=1)
    assert panel.picker.moves_box.layout.display != "none"        # the Movement Phase's moves: the generic list
    assert panel.move_selected() and panel.state.stage == "path"
    assert panel.picker.moves_box.layout.display == "none" and len(panel.path_pick.options) > 1
    assert panel.lay_out() and panel.picker.moves_box.layout.display != "none"


def test_the_table_map_zooms_with_the_wheel_and_fills_the_width() -> None:
    panel = FleetCommandPanel(seed=1)
    spec = panel.map_out.outputs[0]["data"]["application/vnd.plotly.v1+json"]
    assert spec["config"]["scrollZoom"] is True and spec["config"]["responsive"] is True
    assert panel.map_out.layout.width == "100%"


# The Odds tab at phone width (task odds_phone_all; tests/browser/test_phone_width.py ODDS_FIT_JS): measured on
# the dashboard at 390 px, the reach table ran 70 px past the tab and every chart's plot was 122-142 px high.

def test_the_odds_charts_are_tall_enough_for_a_plot_on_a_phone(example: explorer.State) -> None:
    # 380 px and 20 more for each extra title line: every title here takes two lines, so 400 (was 300 and 280,
    # a 142 and a 122 px plot; now 222 px at 390 and at 1280 px)
    for view in (shot_odds_figure, destroy_figure):
        fig = view(example)
        assert (fig.layout.height, fig.layout.title.text.count("<br>")) == (400, 1), view.__name__
    # the example's hand holds no card to compare: a short box that says so (160 px, and 20 for each second line:
    # the title's and the reason's)
    empty = initiative_figure(example)
    assert (empty.layout.height, [a.text for a in empty.layout.annotations]) == (
        200, ["No card in hand, or no card left unseen<br>to compare with."])


def test_the_reach_table_folds_into_one_card_per_ship_on_a_phone(example: explorer.State) -> None:
    text = reach_view(example)
    assert "@container (max-width: 560px)" in text and '<div class="fc-odds-box"><table class="fc-reach">' in text
    assert ("<thead><tr><th>ship</th><th>base tiles</th><th>+1 (Afterburner)</th><th>+2 (a cube)</th></tr>"
            "</thead>") in text
    # the example's Interceptor: the same counts the 1280 px table showed (odds.reach), each cell now labelled
    assert ("<tr><td>Interceptor</td><td data-label='base tiles'>8 ends, 4 with a shot (Fighter)</td>"
            "<td data-label='+1 (Afterburner)'>16 ends, 6 with a shot (Fighter)</td>"
            "<td data-label='+2 (a cube)'>32 ends, 6 with a shot (Fighter)</td></tr>") in text
    assert ".fc-odds-box{container-type:inline-size;width:100%;font-size:13px;line-height:1.4;" in text


def test_review_leaves_out_the_set_up_the_panel_played_before_the_player_sat_down() -> None:
    """The panel opens at round 1's Movement Phase, placed and dealt by the heuristic: those moves are no
    seat's decisions, so Review reads only what was played after them (and says so when that is nothing)."""
    panel = FleetCommandPanel(seed=1, link=False)
    panel.review.background = False
    set_up = len(panel.match.entries)
    assert set_up > 10 and panel.set_up_moves == set_up
    assert panel.state.actor == 1 and panel.review.seat.value == 1  # Player 2 moves first
    assert not panel.review.start()
    assert ("No decision of this seat to review yet (the set-up was played by the panel, not by this seat): "
            "play some moves first.") in panel.review.status.value
    while panel.state.is_chance() or panel.state.current_player != 1 or len(panel.match.entries) == set_up:
        panel.match.step(None if panel.state.is_chance() else panel.game.policies()["heuristic"](
            panel.state, panel.match.rng))
    panel.match.step(panel.game.policies()["heuristic"](panel.state, panel.match.rng))
    panel.review.rollouts.value, panel.review.decisions.value = 8, 200
    assert panel.review.start()
    reviewed = panel.history.marks  # the log's index of every decision read
    assert len(reviewed) == 2 and min(reviewed) == set_up  # Player 2's move and its path, nothing before


def test_a_new_game_or_a_move_over_the_set_up_ends_it() -> None:
    panel = FleetCommandPanel(seed=1, link=False)
    set_up = panel.set_up_moves
    panel.goto(set_up - 3)
    panel.match.step(panel.game.policies()["heuristic"](panel.state, panel.match.rng) if not panel.state.is_chance()
                     else None)
    assert panel.set_up_moves == set_up - 3  # the player's own move from there on is reviewed
    panel.new_game(1)
    assert panel.set_up_moves == 0  # "New game" starts from the placement: every move is the players'
