"""How a position and a match show themselves in a notebook cell (``_repr_html_``).

python-chess draws a board when a cell's last value is a board; here a ``State``
shows a small card (game, phase, whose decision, then the position exactly as
``state.render()`` tells it, in the game's words) and a ``Match`` shows where it
stands (seed, position shown of how many, the turn) and the last moves of its
log as the rules tell them. Plain HTML strings: ``explorer/`` imports no view
library, and every name from the game or a file is escaped, so a card called
``<script>`` prints as text.

>>> import explorer
>>> from explorer.core.match import Match
>>> match = Match(explorer.load_game("star_realms"), seed=1)
>>> _ = match.play("heuristic", 3)
>>> "Star Realms" in state_html(match.state), "3." in match_html(match)
(True, True)
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from explorer.core.match import Match
    from explorer.core.state import State

LAST_MOVES = 8
"""Moves of the log a match shows in a cell (the newest up to the cursor)."""

_BOX = ("font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;border:1px solid #d5d9e0;"
        "border-radius:6px;padding:6px 10px;margin:2px 0;max-width:900px;background:#fbfbfc;color:#2b2f36")
_HEAD = "font-size:14px;font-weight:600;margin:0 0 4px"
_NOTE = "font-size:12.5px;color:#5b6472;margin:0 0 4px"
_PRE = ("font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;line-height:1.45;"
        "white-space:pre-wrap;margin:4px 0 0;background:none;border:0;padding:0")


def decision_line(state: "State") -> str:
    """Whose decision it is, in words: ``"Player 1 decides"``, ``"Chance: draw"`` or ``"Game over — …"``."""
    if state.is_terminal():
        return f"Game over — {state.result()}"
    if state.is_chance():
        return f"Chance: {state.phase}"
    return f"{state.game.player_name(state.current_player)} decides"


def _title(state: "State") -> str:
    game = state.game
    return f"{game.info.title} · variant {game.variant}"


def state_html(state: "State") -> str:
    """A position as a small HTML card: title, phase and decision, turn, then ``render()``."""
    turn = state.turn_label()
    facts = [f"Phase: {state.phase}", decision_line(state)] if not state.is_terminal() else [decision_line(state)]
    if turn:
        facts.insert(0, turn)
    return (
        f'<div class="re-state" style="{_BOX}">'
        f'<div style="{_HEAD}">{html.escape(_title(state))}</div>'
        f'<div style="{_NOTE}">{html.escape(" · ".join(facts))}</div>'
        f'<pre style="{_PRE}">{html.escape(state.render())}</pre></div>'
    )


def match_html(match: "Match", last: int = LAST_MOVES) -> str:
    """A match as HTML: title, seed, the position shown of how many, the turn, and the last moves up to it."""
    state, cursor, newest = match.state, match.cursor, len(match) - 1
    where = f"position {cursor} of {newest}" + (f" ({newest - cursor} undone moves kept for redo)" if cursor < newest else "")
    facts = [f"seed {match.seed}", where]
    if state.turn_label():
        facts.append(state.turn_label())
    facts.append(decision_line(state))
    lo = max(0, cursor - last)
    lines = [match.log_line(i) for i in range(lo, cursor)]
    if lo:
        lines.insert(0, f"… {lo} earlier move{'s' if lo != 1 else ''}")
    log = "\n".join(lines) if lines else "No moves yet."
    return (
        f'<div class="re-match-repr" style="{_BOX}">'
        f'<div style="{_HEAD}">{html.escape(_title(state))} — match</div>'
        f'<div style="{_NOTE}">{html.escape(" · ".join(facts))}</div>'
        f'<pre style="{_PRE}">{html.escape(log)}</pre></div>'
    )
