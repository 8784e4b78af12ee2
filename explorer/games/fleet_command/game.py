"""Space Fleet Command as a registered game: info, variants, parameters, setup, policies.


Variants (reference "Conflicts"): ``standard`` is the seed's explicit reading;
``fighter_card_extra_tile`` lets the drop card also give +1 movement tile;
``untested_ships`` lets fleets include the Construction Ship and the Battleship,
which the seed marks "Not playtested"; ``battleship_one_front`` is that with one
front for the Battleship instead of either short side.


Options: every parameter of ``data/rules.toml`` (the labelled defaults of
reference §8), e.g. ``load_game("fleet_command", range=3)``.


>>> import explorer
>>> game = explorer.load_game("fleet_command")
>>> [v.name for v in game.info.variants]
['standard', 'fighter_card_extra_tile', 'untested_ships', 'battleship_one_front']
>>> game.params.range, game.initial_state().fleets[0].supply
(2, 6)
>>> explorer.load_game("fleet_command", range=0)
Traceback (most recent call last):
...
explorer.errors.RulesError: option range (default weapon range in tile-lengths): expected a whole number from 1 to 20, got 0
"""


from __future__ import annotations


from collections.abc import Mapping, Sequence
from functools import cached_property
from types import SimpleNamespace
from typing import Any, ClassVar


from explorer.core.rulebook import RulebookGame
from explorer.core import GameInfo, Variant
from explorer.core.game import OptionSpec
from explorer.errors import RulesError
from explorer.games.fleet_command.cards import PARAMETER_LIMITS, DataSet, Parameters, load_data, parameters
from explorer.games.fleet_command.state import FleetState
from explorer.games.fleet_command import offers, phases, policies, position, rules, story, tactics
from explorer.games.fleet_command.hidden import HIDDEN


VARIANT_TITLES: dict[str, str] = {
    'standard': 'Standard (the seed)',
    'fighter_card_extra_tile': 'Do A Barrel Roll also gives +1 tile',
    'untested_ships': 'Untested ships (Construction Ships, Battleships)',
    'battleship_one_front': 'Untested ships, Battleship with one front',
}
"""Each variant's display name, the words a page shows (the id stays in files and links)."""


SOURCE = ("the Space Fleet Command page of the Green Box of Games Community Wiki (greenbox.fandom.com, author "
          "unknown); the symbol values of hammers and bricks from the Green Box components, and defaults where "
          "the rules are silent, labelled in this game's RULES.md — the 54-card number mix is one of those "
          "defaults, not the printed deck")


class FleetCommand(RulebookGame):
    """Space Fleet Command: two fleets of five tiles, manoeuvres, arcs, cubes and a shared deck."""

    state_class = FleetState
    hidden_information = HIDDEN
    rulebook: ClassVar[SimpleNamespace] = SimpleNamespace(rules=rules, phases=phases, offers=offers, tactics=tactics,
                                                          story=story, position=position)
    """The modules the state's hooks answer from (``state.game.rulebook.rules.apply_action``): the game imports
    its state and rules, and the state module imports nothing of its rules (docs/architecture.md)."""
    action_kinds = ("place", "draw", "discard", "initiative", "initiative to", "move", "path", "stay",
                    "activate", "attach", "replenish", "pass", "shoot", "big guns", "hold fire", "reveal",
                    "repair", "take hit")
    file_options: ClassVar[Mapping[str, OptionSpec]] = {
        name: OptionSpec(int, low, high, about) for name, (low, high, about) in PARAMETER_LIMITS.items()}

    def __init__(self, *, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant=variant, **options)
        unknown = sorted(set(options) - set(PARAMETER_LIMITS))
        if unknown:
            raise RulesError(f"unknown option {unknown[0]!r} for fleet_command; options: {', '.join(PARAMETER_LIMITS)}")
        self.params: Parameters = parameters(options)

    @cached_property
    def data(self) -> DataSet:
        return load_data()

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            id="fleet_command",
            title="Space Fleet Command",
            min_players=2,
            max_players=2,
            variants=(
                Variant("standard", "the seed: fleets of Fighters, Hoppers, Stations and Interceptors; "
                                    "Afterburner gives +1 tile, Do A Barrel Roll gives the barrel roll"),
                Variant("fighter_card_extra_tile", "the movement text's reading: the drop card (Do A Barrel Roll) "
                                                   "also gives +1 movement tile"),
                Variant("untested_ships", "Construction Ships and Battleships (marked 'Not playtested') may join "
                                          "a fleet; either short side of the Battleship serves as its front"),
                Variant("battleship_one_front", "as untested_ships, but the Battleship has one front (one short "
                                                "side): it shoots only forward of it and lays its path from it"),
            ),
            data_source=SOURCE,
            summary="Tile skirmish on an open table: move with manoeuvre tiles, shoot in a 180° arc; a hit is a "
                    "card numbered at most the target's cubes. Most cubes on ships when the deck runs out wins.",
        )

    def allowed_ships(self) -> tuple[str, ...]:
        """Ship kinds a fleet may hold in this variant."""
        return tuple(s.name for s in self.data.ships if s.playtested or self.untested_ships)

    @property
    def untested_ships(self) -> bool:
        """Whether the two "Not playtested" ships may join a fleet (``untested_ships``, ``battleship_one_front``)."""
        return self.variant in ("untested_ships", "battleship_one_front")

    def fronts(self, kind: str) -> int:
        """How many sides of a ship of ``kind`` serve as its front in this variant."""
        return 1 if self.variant == "battleship_one_front" else self.data.ship(kind).fronts

    def default_fleet(self) -> tuple[str, ...]:
        return self.data.fleets["untested_ships" if self.untested_ships else "standard"]

    def initial_state(self, *, fleets: Sequence[Sequence[str]] | None = None, **setup: Any) -> FleetState:
        """Both fleets ready to be placed (default: the mirror fleet of ``data/rules.toml``)."""
        if setup:
            raise RulesError(f"unknown setup option(s) {sorted(setup)}; allowed: fleets")
        chosen = tuple(tuple(f) for f in fleets) if fleets is not None else (self.default_fleet(),) * 2
        if len(chosen) != 2:
            raise RulesError(f"fleets: one fleet for each of the 2 players, got {len(chosen)}")
        for i, fleet in enumerate(chosen):
            if not 1 <= len(fleet) <= 5:
                raise RulesError(f"fleets[{i}]: a fleet is 1 to 5 ship tiles (seed: 5), got {len(fleet)}")
            for kind in fleet:
                if kind not in self.allowed_ships():
                    raise RulesError(f"fleets[{i}]: {kind!r} is not a ship of variant {self.variant}; "
                                     f"allowed: {', '.join(self.allowed_ships())}")
            cubes = sum(self.data.ship(k).cubes for k in fleet)
            if cubes > self.params.cubes_per_player:
                raise RulesError(f"fleets[{i}]: its ships start with {cubes} cubes; a player has "
                                 f"{self.params.cubes_per_player}")
        return rules.initial_state(self, (chosen[0], chosen[1]))

    def policies(self) -> dict[str, Any]:
        return {**super().policies(), "heuristic": policies.heuristic_policy}
