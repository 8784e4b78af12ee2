"""What one player may know: hidden information removed from a position.

Public: the trade row, the scrap heap, the Explorer pile, every Authority,
every discard pile, ships and bases in play, pools, and how many cards each
hand and deck holds. Private to the ``viewer``: their own hand, and their own
deck's *composition* (not its order, except cards known to be on top, such as
a ship Blob Carrier put there). Opponents' hands and deck contents are hidden.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> view = observation(s, 0)
>>> view["players"][0]["hand"] != None, view["players"][1]["hand"], view["players"][1]["hand_size"]
(True, None, 5)
"""

from __future__ import annotations

from typing import Any

from explorer.games.star_realms.state import StarRealmsState


def _counts(ms: Any) -> dict[str, int]:
    return {str(k): n for k, n in ms.items()}


def observation(state: StarRealmsState, viewer: int) -> dict[str, Any]:
    """The position as ``viewer`` sees it, as plain JSON data (hidden parts are ``None``)."""
    if not 0 <= viewer < len(state.players):
        raise ValueError(f"viewer must be a seat from 0 to {len(state.players) - 1}, got {viewer!r}")
    players = []
    for seat, p in enumerate(state.players):
        mine = seat == viewer
        players.append({
            "seat": seat,
            "authority": state.authority[state.fmt.lives[seat]],
            "alive": state.alive[seat],
            "hand": _counts(p.hand) if mine else None,
            "hand_size": len(p.hand),
            "deck_size": len(p.deck),
            "deck_contents": _counts(p.deck.contents()) if mine else None,
            "deck_known_top": list(p.deck.top) if mine else None,
            "discard": _counts(p.discard),
            "in_play": [r.name + (f" (copying {r.copied})" if r.copied else "") for r in p.ships],
            "bases": [{"name": r.name, "used": r.primary_used} for r in p.bases],
            "trade": p.trade,
            "combat": p.combat,
        })
    return {
        "viewer": viewer,
        "format": state.format,
        "phase": state.phase,
        "to_move": state.current_player,
        "trade_row": _counts(state.row),
        "trade_deck_size": len(state.trade_deck),
        "explorers": state.explorers,
        "scrap_heap": _counts(state.scrap_heap),
        "players": players,
        "legal_actions": [str(a) for a in state.legal_actions()] if state.current_player == viewer else [],
    }


def same_observation(a: StarRealmsState, b: StarRealmsState, viewer: int) -> bool:
    """Whether ``viewer`` cannot tell positions ``a`` and ``b`` apart."""
    return observation(a, viewer) == observation(b, viewer)
