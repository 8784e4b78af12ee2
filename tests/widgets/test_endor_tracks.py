"""The Endor shield-track chart keeps the strike team's label on the chart wherever the team stands.

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
