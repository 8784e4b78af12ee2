"""One surface per game (issue 35; docs/architecture.md, "One surface per game").

Every game folder holds the same files with the same jobs, and the functions every game has are
called the same and take the same arguments, so a reader who knows one game finds their way in the
next and a sixth game knows what to write. Checked on the five games and on the toy game of
"Adding a game" where it applies.

What still differs is listed in :data:`KNOWN_DIFFERENCES`, each with the file that must change; like
the import circles, the list may only shrink (a test fails when an entry is no longer needed).
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

import explorer
from explorer.core.rulebook import RulebookGame, RulebookState

GAMES_DIR = Path(explorer.__file__).resolve().parent / "games"
GAMES = ("endor", "fleet_command", "pinned_down", "star_realms", "warps_edge")

SURFACE_FILES = ("game.py", "state.py", "rules.py", "position.py", "story.py", "policies.py", "RULES.md")
"""The files every game folder holds (``odds.py`` or ``odds/`` and ``data/`` are checked apart)."""

P, K = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY

SURFACE_FUNCTIONS: dict[tuple[str, str], tuple[tuple[str | None, object], ...]] = {
    # (module, function): its parameters as (name, kind); a positional one's name may differ (it is passed by
    # position), a keyword-only one's may not.
    ("rules", "legal_actions"): ((None, P),),
    ("rules", "apply_action"): ((None, P), (None, P)),
    ("rules", "chance_outcomes"): ((None, P),),
    ("rules", "why_illegal"): ((None, P), (None, P)),
    ("rules", "result"): ((None, P),),
    ("position", "position_dict"): ((None, P),),
    ("position", "position_from_dict"): ((None, P), (None, P), (None, P)),
    ("position", "check_state"): ((None, P),),
    ("position", "position_vocabulary"): ((None, P),),
    ("story", "story"): ((None, P), (None, P), (None, P), ("viewer", K)),
    ("story", "turn_label"): ((None, P),),
    ("story", "action_group"): ((None, P), (None, P)),
    ("story", "render"): ((None, P),),
    ("policies", "heuristic_policy"): ((None, P), (None, P)),
}
"""The functions of the surface, by module, that every game defines in that module."""

KNOWN_DIFFERENCES: dict[tuple[str, str, str], str] = {
    # (game, module, function): where it lives instead, and what must change. None left: Star Realms' turn
    # flow became its rules.py (the main phase's moves are main_phase.py). Keep it empty.
}
"""Surface functions a game still defines elsewhere; each names the file that must change. Only shrinks."""


def signature_shape(fn: object) -> tuple[tuple[str | None, object], ...]:
    """A function's parameters as (name, kind), with positional names left out (they are passed by position)."""
    params = inspect.signature(fn).parameters.values()  # type: ignore[arg-type]
    return tuple((None if p.kind == P else p.name, p.kind) for p in params)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_folder_holds_the_surface_files(game_id: str) -> None:
    folder = GAMES_DIR / game_id
    missing = [f for f in SURFACE_FILES if not (folder / f).is_file()]
    assert missing == []
    assert (folder / "odds.py").is_file() != (folder / "odds" / "__init__.py").is_file()  # one of them, not both
    assert (folder / "data").is_dir() and any((folder / "data").iterdir())


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("module, function", sorted(SURFACE_FUNCTIONS))
def test_every_game_names_its_surface_functions_alike(game_id: str, module: str, function: str) -> None:
    known = KNOWN_DIFFERENCES.get((game_id, module, function))
    found = getattr(importlib.import_module(f"explorer.games.{game_id}.{module}"), function, None)
    defined_here = inspect.isfunction(found) and found.__module__ == f"explorer.games.{game_id}.{module}"
    if known is not None:
        assert not defined_here, f"{game_id}.{module}.{function} is there now: drop it from KNOWN_DIFFERENCES"
        return
    assert defined_here, f"explorer/games/{game_id}/{module}.py defines no {function}()"
    assert signature_shape(found) == SURFACE_FUNCTIONS[(module, function)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_sets_its_rulebook_for_the_state_hooks(game_id: str) -> None:
    """The state's hooks reach the rules through ``game.rulebook`` (so the state imports nothing of its rules)."""
    game = explorer.load_game(game_id)
    book = type(game).__dict__.get("rulebook")
    assert book is not None, f"{type(game).__name__} sets no rulebook"
    assert getattr(book, "rules", None) is importlib.import_module(f"explorer.games.{game_id}.rules")
    assert getattr(book, "story", None) is importlib.import_module(f"explorer.games.{game_id}.story")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_answers_the_core_hooks_from_its_rule_modules(game_id: str) -> None:
    """The thirteen one-line hooks are written once (explorer/core/rulebook.py), not once per game: each game's
    ``Game`` and ``State`` derive from ``RulebookGame`` and ``RulebookState`` and do not write them again."""
    game = explorer.load_game(game_id)
    state = game.initial_state()
    assert isinstance(game, RulebookGame) and isinstance(state, RulebookState)
    again = {name for name in ("_legal_actions", "_chance_outcomes", "_apply", "_result", "story", "position_dict",
                               "turn_label", "action_group", "render")
             if name in type(state).__dict__}
    again |= {name for name in ("check_state", "_position_from_dict", "position_vocabulary") if name in type(game).__dict__}
    assert again == set()


def test_the_known_differences_name_only_games_and_functions_of_the_surface() -> None:
    assert all(g in GAMES and (m, f) in SURFACE_FUNCTIONS for g, m, f in KNOWN_DIFFERENCES)
