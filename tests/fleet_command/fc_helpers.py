"""Positions for the Space Fleet Command tests, written as a player would write them."""

from __future__ import annotations

from typing import Any

import explorer
from explorer.core.position import toml_text
from explorer.games.fleet_command.state import FleetState


def ship(name: str, x: str, y: str, heading: int, cubes: int, **extra: Any) -> dict[str, Any]:
    return {"name": name, "x": x, "y": y, "heading": heading, "cubes": cubes, **extra}


def position(p1: list[dict[str, Any]], p2: list[dict[str, Any]], *, variant: str = "standard",
             hand1: tuple[str, ...] = (), hand2: tuple[str, ...] = (), stage: str = "combat",
             to_move: str = "Player 1", initiative: str = "Player 1", round: int = 1,
             discard: tuple[str, ...] = (), game_options: dict[str, Any] | None = None,
             **top: Any) -> FleetState:
    """A position from ships and hands; the deck is every card not written."""
    game = explorer.load_game("fleet_command", variant=variant, **(game_options or {}))
    data = {"stage": stage, "round": round, "initiative": initiative, "to_move": to_move,
            "discard": list(discard), **top,
            "players": [{"hand": list(hand1), "ships": p1}, {"hand": list(hand2), "ships": p2}]}
    return game.position_from_text(toml_text(data))  # type: ignore[return-value]


def labels(state: FleetState) -> list[str]:
    return [str(a) for a in state.legal_actions()]
