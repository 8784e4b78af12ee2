"""A Warp's Edge move in words: its tokens named as the pilot names them, for every screen that shows a move.

The notation (``str(action)``, :mod:`explorer.games.warps_edge.actions`) names a token by id
(``buy laser-1``): data files, positions, saved matches, share links and the recorded replays store it. A
button, the move list, the log and a refusal show the move in words (``buy Laser 1``: ``TokenDef.label``);
typed text naming a token either way plays the same move.

>>> import explorer
>>> from explorer.games.warps_edge.actions import make
>>> s = explorer.load_game("warps_edge").initial_state()
>>> words(s, make("fire", "laser-2", "slot 3")), words(s, make("use", "kestrel-lance", "slot 1"))
('fire Laser 2 at slot 3', 'use Demo Kestrel Lance at slot 1')
>>> words(s, make("end"))
'end actions'
"""

from __future__ import annotations

from explorer.core import Action, Multiset
from explorer.core.actions import normalise_notation
from explorer.games.warps_edge.actions import notation, parse_notation
from explorer.games.warps_edge.state import WarpsEdgeState

TOKEN_KINDS = ("fire", "charge", "use", "repair", "spend", "buy", "assign", "store", "take", "remove", "return",
               "gain", "rupture")
"""The kinds of move whose first argument is a token (``maneuver at slot 1`` names none: the token is implied;
``keep`` and ``use skill`` name a skill card)."""


def token_list(st: WarpsEdgeState, tokens: Multiset) -> str:
    """Tokens in words, counted as the notation counts them: ``2x Energy 1, Laser 1``."""
    return ", ".join(f"{n}x {st.data.token_label(str(t))}" if n > 1 else st.data.token_label(str(t))
                     for t, n in tokens.items())


def words(st: WarpsEdgeState, action: Action) -> str:
    """A move as a screen shows it: its notation with each token named as the pilot names it (``buy Laser 1``,
    ``draw 2x Energy 1, Laser 1``); moves that name no token read as their notation."""
    kind, args = action.kind, action.args
    if kind == "draw" and args and isinstance(args[0], Multiset):
        return f"draw {token_list(st, args[0])}" if args[0] else str(action)
    if kind in TOKEN_KINDS and args and isinstance(args[0], str):
        return notation(kind, (st.data.token_label(args[0]), *args[1:]))
    return str(action)


def move_named(st: WarpsEdgeState, text: str) -> Action | None:
    """The move (legal action or chance outcome) that ``text`` names in words (:func:`words`), or with its tokens
    named either way ("fire Laser 1 at slot 3", "fire laser-1 at slot 3"); ``None`` when it names none."""
    if not isinstance(text, str):
        return None
    wanted = normalise_notation(text)
    moves = st.moves()
    for move in moves:
        if normalise_notation(words(st, move)) == wanted:
            return move
    parsed = parse_notation(st, text)
    return next((m for m in moves if m == parsed), None) if parsed is not None else None


def refusal_in_words(st: WarpsEdgeState, message: str) -> str:
    """A refusal of typed text with the moves it lists ("legal now: buy laser-1, end actions") in words
    ("buy Laser 1, end actions"); the rest of the message is kept as it is."""
    out = message
    moves = st.moves()
    for count in sorted({len(moves), 12}, reverse=True):
        listed = ", ".join(str(m) for m in moves[:count])
        if listed and listed in out:
            return out.replace(listed, ", ".join(words(st, m) for m in moves[:count]), 1)
    return out


__all__ = ["TOKEN_KINDS", "move_named", "refusal_in_words", "token_list", "words"]
