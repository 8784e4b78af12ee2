"""Open one game of a run again: the game's own match panel, and the notebook lines that do the same.

>>> from explorer.sim import make_spec
>>> replay_code(make_spec("warps_edge", games=3), 2).splitlines()[1]
'from widgets import WarpsEdgePanel'
"""

from __future__ import annotations

import importlib

from explorer.sim import SimSpec
from widgets.common.match_panel import MatchPanel


def panel_class(game_id: str) -> type[MatchPanel]:
    """The game's own match panel (a ``MatchPanel`` subclass exported by ``widgets.<game_id>``), else ``MatchPanel``."""
    try:
        module = importlib.import_module(f"widgets.{game_id}")
    except ImportError:
        return MatchPanel
    for name in getattr(module, "__all__", dir(module)):
        obj = getattr(module, name, None)
        if isinstance(obj, type) and issubclass(obj, MatchPanel) and obj is not MatchPanel:
            return obj
    return MatchPanel


def replay_code(spec: SimSpec, index: int) -> str:
    """The notebook lines that open game ``index`` of ``spec`` in the game's match panel."""
    cls = panel_class(spec.game_id)
    policies = list(spec.policy_names())
    return (f"from explorer.sim import make_spec, replay\nfrom widgets import {cls.__name__}\n"
            f"spec = make_spec({spec.game_id!r}, variant={spec.variant!r}, setup={spec.setup!r}, "
            f"options={spec.options!r}, policies={policies!r}, games={spec.games}, seed={spec.seed}, "
            f"max_steps={spec.max_steps})\n{cls.__name__}(replay(spec, {index})).widget")
