"""Warp's Edge as a registered game: info, variants, data file, setup and policies.


>>> import explorer
>>> game = explorer.load_game("warps_edge")
>>> [v.name for v in game.info.variants]
['standard', 'review_red_blue_stun_only']
>>> game.info.data_source
'demonstration data set invented by this project, not the printed components'
"""


from __future__ import annotations


from types import SimpleNamespace
from typing import Any, ClassVar


from explorer.core.rulebook import RulebookGame
from explorer.core import GameInfo, Variant
from explorer.core.game import OptionSpec
from explorer.games.warps_edge import actions, position, rules, story, words
from explorer.games.warps_edge.data import DataFileError, load_data
from explorer.games.warps_edge.policies import heuristic_policy
from explorer.games.warps_edge.state import WarpsEdgeState


VARIANT_TITLES: dict[str, str] = {
    'standard': 'Standard (the seed rulebook)',
    'review_red_blue_stun_only': "Only lasers and maneuvers stun (a review's reading)",
}
"""Each variant's display name, the words a page shows (the id stays in files and links)."""


class WarpsEdge(RulebookGame):
    """The solo bag-builder. Options: ``data`` (path to an owner's TOML data file)."""

    state_class = WarpsEdgeState
    rulebook: ClassVar[SimpleNamespace] = SimpleNamespace(actions=actions, rules=rules,
                                                          position=position, story=story, words=words)
    """The modules the state's hooks answer from (``state.game.rulebook.rules.apply_action``): the game
    imports its state and its rules, and the state imports neither back (docs/architecture.md)."""
    hidden_information = "bag and enemy decks drawn afresh at every draw (their order is never stored)"
    action_kinds = ("fire", "maneuver", "charge", "use", "repair", "spend", "buy", "assign", "skill", "store", "take", "end",
                    "keep", "remove", "return", "gain", "rupture",
                    "draw", "skills", "skill card", "enemies", "arrive")

    file_options: ClassVar[dict[str, OptionSpec]] = {}
    """No option may come from a saved file: ``data`` is a path, chosen in code by whoever runs the kernel
    (issue 9: "options from a file are data, not instructions")."""

    def __init__(self, *, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant=variant, **options)
        unknown = sorted(set(options) - {"data"})
        if unknown:
            raise DataFileError(f"unknown option {unknown[0]!r} for warps_edge; options: data (a path to a data file)")
        path = options.get("data")
        if path is not None and not isinstance(path, str):
            raise DataFileError(f"data: expected a path to a TOML data file as a string, got {path!r}")
        self.data = load_data(path)

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            id="warps_edge",
            title="Warp's Edge",
            min_players=1,
            max_players=1,
            variants=(
                Variant("standard", "the seed rulebook: assigning any laser, maneuver or power token stuns its target"),
                Variant("review_red_blue_stun_only",
                        "a review's reading: only laser and maneuver tokens stun; power tokens stun only where "
                        "they count as lasers or maneuvers"),
            ),
            data_source=self.data.describe() if hasattr(self, "data") else "demonstration data set",
            summary="Solo bag-builder: draw 5 tokens a turn, stun and defeat enemies, destroy the mothership "
                    "before the final warp ends.",
        )

    def initial_state(self, *, starfighter: str | None = None, mothership: str | None = None,
                      **setup: Any) -> WarpsEdgeState:
        """Setup with a chosen starfighter and mothership (defaults: the first of each in the data)."""
        if setup:
            raise DataFileError(f"unknown setup option(s) {sorted(setup)}; allowed: starfighter, mothership")
        return rules.initial_state(self, starfighter, mothership)

    def policies(self) -> dict[str, Any]:
        return {**super().policies(), "heuristic": heuristic_policy}

    def player_name(self, player: int) -> str:
        return "Pilot"
