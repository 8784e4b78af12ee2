"""Pinned Down as a registered game: info, the four rules versions, setup options, policies.


>>> import explorer
>>> game = explorer.load_game("pinned_down")
>>> [v.name for v in game.info.variants]
['rules_2015', 'mercury1_2015', 'digital_2021', 'prototype_2011']
>>> s = game.initial_state(players=2)
>>> [f.flagship for f in s.players], s.threat
(['TRB Ardor', 'TRF Moscow'], 2)
"""


from __future__ import annotations


from types import SimpleNamespace
from typing import Any, ClassVar


from explorer.core.rulebook import RulebookGame
from explorer.core import GameInfo, OptionSpec, Variant
from explorer.games.pinned_down import actions, chance, position, rules, story
from explorer.games.pinned_down.actions import ACTION_KINDS
from explorer.games.pinned_down.cards import WINGS, CardData, DataFileError, Knobs, card_data
from explorer.games.pinned_down.policies import heuristic_policy
from explorer.games.pinned_down.state import PinnedDownState


VARIANT_TITLES: dict[str, str] = {
    'rules_2015': '2015 rulebook (Version A)',
    'mercury1_2015': 'Mercury-1 build, 2015 (Version B)',
    'digital_2021': 'Java server, 2021 (Version C)',
    'prototype_2011': 'Prototype, 2011-2012 (Version D)',
}
"""Each variant's display name, the words a page shows (the id stays in files and links)."""


OPTIONS = ("initial_distance_counts", "passed_may_return")


class PinnedDown(RulebookGame):
    """The co-operative card game. Option ``initial_distance_counts`` (default true): whether the
    initial location's distance counts toward 10 and toward the attack phase's threat (RULES.md §A3).
    Option ``passed_may_return`` (default true): in the simultaneous main phase, a player who passed may act
    again when another player's move changes what they can do; false: passing is final for the phase."""

    state_class = PinnedDownState
    rulebook: ClassVar[SimpleNamespace] = SimpleNamespace(actions=actions, chance=chance, rules=rules, story=story,
                                                          position=position)
    """The modules the state's hooks answer from (``state.game.rulebook.rules.apply_action``): the game
    imports its state and its rules, and the state imports neither back (docs/architecture.md)."""
    hidden_information = "decks drawn afresh at every draw; the fleet's hands are known to the fleet"
    action_kinds = (*ACTION_KINDS, "draw", "reveal", "destiny", "damage", "target", "lose", "look", "locations")
    file_options: ClassVar[dict[str, Any]] = (
        {"initial_distance_counts": OptionSpec(kind=bool, low=0, high=1,
                                               description="the initial location's distance counts toward 10"),
         "passed_may_return": OptionSpec(kind=bool, low=0, high=1,
                                         description="in the main phase, a player who passed may act again when "
                                                     "another player's move changes what they can do")})

    def __init__(self, *, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant=variant, **options)
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise DataFileError(f"unknown option {unknown[0]!r} for pinned_down; options: {', '.join(OPTIONS)}")
        for key in OPTIONS:
            if not isinstance(options.get(key, True), bool):
                raise DataFileError(f"{key}: expected true or false, got {options[key]!r}")
        self.data: CardData = card_data()
        self.knobs: Knobs = self.data.knobs(self.variant)
        self._setups: dict[tuple, PinnedDownState] = {}
        """Initial positions already set up, by their setup choices: a position is an immutable value, so
        the same choices give the very same one, and a game of ~43 moves does not pay for its setup again."""

    def __getstate__(self) -> dict[str, Any]:
        """A pickled game (sent to the advisor's or a simulation's workers) leaves its remembered setups behind."""
        return {**self.__dict__, "_setups": {}}

    @property
    def info(self) -> GameInfo:
        data = card_data()
        return GameInfo(
            id="pinned_down",
            title="Pinned Down",
            min_players=1,
            max_players=3,
            variants=tuple(Variant(k.name, k.description) for k in data.variants),
            data_source=data.source,
            summary="Co-operative: every card played adds threat, threat decides what the Dra'tar send; "
                    "jump until the fleet has covered distance 10, and lose if a flagship is destroyed.",
        )

    def initial_state(self, *, players: int = 1, wings: tuple[str, ...] | list[str] | None = None,
                      flagships: tuple[str, ...] | list[str] | None = None,
                      characters: tuple[tuple[str, ...], ...] | list[list[str]] | None = None,
                      **setup: Any) -> PinnedDownState:
        """Setup for 1-3 players; player *i* flies wing *i* (Blue, Green, Purple) unless ``wings`` says.

        ``flagships`` and ``characters`` (two per player) pick from the player's wing; the defaults are in
        ``data/decks.toml``.
        """
        if setup:
            raise DataFileError(f"unknown setup option(s) {sorted(setup)}; allowed: players, wings, flagships, "
                                "characters")
        key = _setup_key(players, wings, flagships, characters)
        known = self._setups.get(key) if key is not None else None
        if known is not None:  # the same setup again (a simulation starts thousands of games): the same value
            return known
        state = self._setup(players, wings, flagships, characters)
        if key is not None:
            self._setups[key] = state
        return state

    def _setup(self, players: int, wings: tuple[str, ...] | list[str] | None,
               flagships: tuple[str, ...] | list[str] | None,
               characters: tuple[tuple[str, ...], ...] | list[list[str]] | None) -> PinnedDownState:
        """The checked setup of :meth:`initial_state` (refused loudly when a choice is not allowed)."""
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 3:
            raise DataFileError(f"players: Pinned Down is for 1 to 3 players, got {players!r}")
        wings = tuple(wings) if wings is not None else WINGS[:players]
        if len(wings) != players or len(set(wings)) != players or any(w not in WINGS for w in wings):
            raise DataFileError(f"wings: {players} different wings from {', '.join(WINGS)}, got {list(wings)!r}")
        data = self.data
        ships = tuple(flagships) if flagships is not None else tuple(data.wings[w].flagship for w in wings)
        crews = tuple(tuple(c) for c in characters) if characters is not None else tuple(
            data.wings[w].characters for w in wings)
        for w, ship, crew in zip(wings, ships, crews, strict=True):
            if ship not in data.names(w, "flagship"):
                raise DataFileError(f"flagships: {ship!r} is not a {w} Wing flagship; "
                                    f"allowed: {', '.join(data.names(w, 'flagship'))}")
            if len(crew) != 2 or len(set(crew)) != 2 or any(c not in data.names(w, "character") for c in crew):
                raise DataFileError(f"characters: two different {w} Wing characters, got {list(crew)!r}; "
                                    f"allowed: {', '.join(data.names(w, 'character'))}")
        return rules.initial_state(self, wings, ships, crews)

    def policies(self) -> dict[str, Any]:
        return {**super().policies(), "heuristic": heuristic_policy}


def _setup_key(players: object, *choices: object) -> tuple | None:
    """The setup choices as a dictionary key, or ``None`` when they cannot be one (they are then checked anew).

    Each choice is read as :meth:`PinnedDown.initial_state` reads it (a sequence of names, or of pairs of
    names); only a setup that was built without an error is ever remembered under its key.

    >>> _setup_key(2, ["Blue", "Green"], None, [["A", "B"], ["C", "D"]])
    (2, ('Blue', 'Green'), None, (('A', 'B'), ('C', 'D')))
    """
    if type(players) is not int:
        return None
    key: list[object] = [players]
    try:
        for choice in choices:
            key.append(None if choice is None else
                       tuple(x if isinstance(x, str) else tuple(x) for x in choice))  # type: ignore[attr-defined]  # any value may come: one that is no sequence raises TypeError, caught below
        found = tuple(key)
        hash(found)
    except TypeError:
        return None
    return found
