"""The Endor shield-track chart keeps the strike team's label on the chart wherever the team stands,
and gives the track the full width, above the hit tracks.

Seen in Chromium (session 7, the Review screenshot): with the strike team at space 27 of 28 the label
"strike team 27/28", written to the right of its marker, ran past the end of the track and was cut to
"stril". Far along the track it is written to the left.
"""

from __future__ import annotations

import pytest

import explorer
from widgets.endor.board_view import tracks_figure


@pytest.mark.parametrize(("space", "side"), [(0, "middle right"), (8, "middle right"), (27, "middle left")])
def test_the_strike_team_label_reads_away_from_the_end_of_the_track(space: int, side: str) -> None:
    state = explorer.load_game("endor").initial_state().replace(strike_team=space)
    team = next(t for t in tracks_figure(state).data if t.name == "strike team")
    assert team.text == (f"strike team {space}/{len(state.data.track)}",)
    assert team.textposition == side and team.cliponaxis is False


def test_the_shield_track_spans_the_full_width_above_the_hit_tracks() -> None:
    # Seen at 390 px (session 10): beside the hit tracks the 28 spaces had 7 px each and their digits ran together.
    layout = tracks_figure(explorer.load_game("endor").initial_state()).layout
    assert tuple(layout.xaxis.domain) == (0, 1) and tuple(layout.xaxis2.domain) == (0, 1)
    assert layout.yaxis2.domain[1] < layout.yaxis.domain[0]  # the hit tracks below, not beside
