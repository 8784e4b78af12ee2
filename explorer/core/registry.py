"""Which games and shared policies exist: registered by the packages that bring them, never named here.

The core knows no game and no advisor (``docs/architecture.md``, "the core stands alone"). A game
package registers itself with :func:`register_game` (the built-in five: ``explorer/games/__init__.py``,
run when ``explorer`` is imported), and a package installed beside this one does it through an entry
point, so a sixth game needs no edit here::

    # pyproject.toml of another package
    [project.entry-points."rules_explorer.games"]
    pig = "my_pig.game:Pig"

    [project.entry-points."rules_explorer.policies"]
    cautious = "my_policies:cautious_for"     # called with a Game, returns a policy

A shared policy is offered for every game beside the game's own (the advisor is one:
``explorer/advisor`` registers it). Entry points are read once, the first time the registry is asked;
a broken one is reported by name when that game or policy is used, and hides no other.

>>> register_game("pig_example", "toy_pig:Pig")
>>> "pig_example" in game_ids()
True
>>> unregister_game("pig_example")
>>> "pig_example" in game_ids()
False
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from explorer.errors import RulesError

if TYPE_CHECKING:  # for the annotations only: explorer.core.game imports this module
    from explorer.core.game import Game

GAMES_GROUP = "rules_explorer.games"
"""The entry point group of game classes (``"package.module:ClassName"``)."""
POLICIES_GROUP = "rules_explorer.policies"
"""The entry point group of shared policy factories (``factory(game) -> policy``)."""

PolicyFactory = Callable[[Any], Callable[..., Any]]
"""Builds a shared policy for one game (the game is a :class:`~explorer.core.game.Game`)."""

_games: dict[str, str] = {}
_policies: dict[str, str | PolicyFactory] = {}
_read_entry_points = False


def register_game(game_id: str, target: str) -> None:
    """Make ``game_id`` loadable; ``target`` is ``"package.module:ClassName"``, imported when loaded."""
    if not game_id.isidentifier() or ":" not in target:
        raise ValueError(f"register_game: a game id is a word and a target 'module:Class', got {game_id!r}, {target!r}")
    _games[game_id] = target


def unregister_game(game_id: str) -> None:
    """Forget ``game_id`` (tests that register a game for a moment)."""
    _games.pop(game_id, None)


def register_policy(name: str, factory: str | PolicyFactory) -> None:
    """Offer the policy ``name`` for every game: ``factory(game)`` builds it (or ``"module:function"``)."""
    if not name.isidentifier():
        raise ValueError(f"register_policy: a policy name is a word, got {name!r}")
    _policies[name] = factory


def _entry_points() -> None:
    """Read the installed packages' games and policies once (those registered in code win on a clash)."""
    global _read_entry_points
    if _read_entry_points:
        return
    _read_entry_points = True
    for point in entry_points(group=GAMES_GROUP):
        _games.setdefault(point.name, point.value)
    for point in entry_points(group=POLICIES_GROUP):
        _policies.setdefault(point.name, point.value)


def game_ids() -> tuple[str, ...]:
    """The ids of every registered game, sorted."""
    _entry_points()
    return tuple(sorted(_games))


def _load(target: str, what: str) -> Any:
    module_name, _, name = target.partition(":")
    try:
        return getattr(importlib.import_module(module_name), name)
    except (ImportError, AttributeError) as err:
        raise RulesError(f"{what} is registered as {target!r}, which does not load: {err}") from None


def game_class(game_id: str) -> type[Game]:
    """The class registered for ``game_id``; an unknown id is refused with the ids there are."""
    known = game_ids()
    if game_id not in _games:
        raise RulesError(f"unknown game {game_id!r}; known games: {', '.join(known) or '(none yet)'}")
    return _load(_games[game_id], f"game {game_id!r}")


def policy_ids() -> tuple[str, ...]:
    """The shared policies, in the order registered (the game's own come first wherever they are listed)."""
    _entry_points()
    return tuple(_policies)


def shared_policy(name: str, game: Any) -> Callable[..., Any] | None:
    """The shared policy ``name`` built for ``game``, or ``None`` when no shared policy has that name."""
    _entry_points()
    factory = _policies.get(name)
    if factory is None:
        return None
    if isinstance(factory, str):
        factory = _load(factory, f"policy {name!r}")
    return factory(game)
