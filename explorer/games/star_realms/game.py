"""Star Realms (base set): the game object, its variants, setup and policies.


>>> import explorer
>>> game = explorer.load_game("star_realms")
>>> s = explorer.Match(game, seed=3)
>>> s.play("random", max_steps=40) > 0
True
>>> game.initial_state(players=4, format="hydra").authority_of(3)
75
>>> game.card("Blob Wheel").is_base, game.card("Cutter").is_ship
(True, True)
"""


from __future__ import annotations


import dataclasses
from functools import cached_property
from types import SimpleNamespace
from typing import Any, ClassVar


from explorer.core.rulebook import RulebookGame
from explorer.core import Deck, GameInfo, Multiset, OptionSpec, Variant
from explorer.errors import RulesError
from explorer.games.star_realms import effects, main_phase, position, rules, story
from explorer.games.star_realms.cards import Card, load_cards, starting_deck, trade_deck
from explorer.games.star_realms.formats import FORMATS, make_format
from explorer.games.star_realms.state import PlayerState, StarRealmsState, Task
from explorer.games.star_realms.hidden import HIDDEN
from explorer.games.star_realms.policies import heuristic_policy
from explorer.games.star_realms.rules import settle


VARIANT_TITLES: dict[str, str] = {
    'standard': 'Standard (the seed document)',
    'printed_explorer': 'Printed Explorer (+2 Trade)',
    'unlimited_explorers': 'Unlimited Explorers',
    'hunter_right_neighbour_bases': "Hunter may hit the right neighbour's bases",
    'outposts_block_destroy': 'Outposts shield bases from destroy-base',
    'needle_copies_scrapped': 'Stealth Needle copies a scrapped ship',
    'whole_pool_attacks': 'An attack spends the whole Combat pool',
}
"""Each variant's display name, the words a page shows (the id stays in files and links)."""


DEFAULT_TURN_LIMIT = 200
"""A documented engine rule (not in the seed): after this many turns the game is a draw."""
TURN_LIMIT = OptionSpec(int, 0, 10_000, "turns before the game is a draw; 0 = no limit")


class StarRealms(RulebookGame):
    """Star Realms, base set. Options: ``turn_limit`` (0 = none), ``cards_file`` (a TOML path)."""

    state_class = StarRealmsState
    rulebook: ClassVar[SimpleNamespace] = SimpleNamespace(rules=rules, main_phase=main_phase, effects=effects,
                                                          story=story, position=position)
    """The modules the state's hooks answer from (``state.game.rulebook.rules.apply_action``): the game
    imports its state and its rules, and the state imports neither back (docs/architecture.md)."""
    hidden_information = HIDDEN
    file_options = {"turn_limit": TURN_LIMIT}
    """What a saved file or link may set: ``turn_limit`` only (``cards_file`` is a path, chosen in code)."""
    action_kinds = ("play", "use", "scrap", "buy", "attack", "end", "choose", "discard", "destroy",
                    "acquire", "copy", "target", "done", "draw", "reveal", "switch")

    def __init__(self, *, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant=variant, **options)
        unknown = sorted(set(self.options) - {"turn_limit", "cards_file"})
        if unknown:
            raise RulesError(f"unknown option {unknown[0]!r} of star_realms; options: turn_limit, cards_file")
        if "turn_limit" in self.options:
            try:
                TURN_LIMIT.check("turn_limit", self.options["turn_limit"])
            except RulesError as err:
                raise RulesError(err.message.removeprefix("options.")) from None
        if not isinstance(self.options.get("cards_file", ""), str):
            raise RulesError(f"cards_file: expected a path as text, got {type(self.options['cards_file']).__name__}")

    @property
    def info(self) -> GameInfo:
        return GameInfo(
            id="star_realms",
            title="Star Realms (base set)",
            min_players=2,
            max_players=6,
            variants=(
                Variant("standard", "the seed document: Explorer +1 Trade and +1 Authority; 10-16 Explorers; "
                                    "Hunter attacks only the left opponent"),
                Variant("printed_explorer", "the printed Explorer: primary +2 Trade, no Authority"),
                Variant("unlimited_explorers", "the Explorer pile never runs out"),
                Variant("hunter_right_neighbour_bases", "Hunter: the right-hand neighbour's Bases may also be attacked"),
                Variant("outposts_block_destroy", "destroy-base abilities must take Outposts first, as attacks do"),
                Variant("needle_copies_scrapped", "Stealth Needle may copy a ship played this turn and then scrapped"),
                Variant("whole_pool_attacks", "an attack on a player spends the whole Combat pool "
                                              "(when only one Authority can be attacked)"),
            ),
            data_source="Star Realms base set (White Wizard Games, 2014); the card list checked against three "
                        "public card databases on GitHub: samervin/star-realms-database, "
                        "icesphere/star-realms and tonywok/realms",
            summary="Deck-building space combat: 80-card trade deck, formats standard, free_for_all, "
                    "hunter, hydra, emperor, raid.",
        )

    @cached_property
    def cards(self) -> dict[str, Card]:
        """Every card by name for this variant."""
        cards = load_cards(self.options.get("cards_file"))
        if self.variant == "printed_explorer":
            explorer = cards["Explorer"]
            cards["Explorer"] = dataclasses.replace(explorer, primary=explorer.printed_primary)
        return cards

    def card(self, name: str) -> Card:
        """The card ``name`` (``.is_ship``, ``.is_base``, ``.is_outpost``, ``.cost``, ``.defense``, ``.faction``).

        >>> import explorer
        >>> explorer.load_game("star_realms").card("War World").is_outpost
        True
        """
        try:
            return self.cards[name]
        except (KeyError, TypeError):
            raise RulesError(f"no card {name!r} in Star Realms; cards: {', '.join(sorted(self.cards))}") from None

    @cached_property
    def turn_limit(self) -> int:
        return int(self.options.get("turn_limit", DEFAULT_TURN_LIMIT))

    def initial_state(self, *, players: int = 2, format: str | None = None, explorers: int = 10,
                      **setup: Any) -> StarRealmsState:
        """The shuffled decks; the first chance nodes reveal the trade row, then deal the starting hands.

        Seat 0 moves first (choose seats to choose the first player). ``explorers``: 10-16.
        """
        if setup:
            raise RulesError(f"unknown setup option(s) {sorted(setup)}; allowed: players, format, explorers")
        fmt = make_format(format or ("standard" if players == 2 else "free_for_all"), players)
        if not (isinstance(explorers, int) and 10 <= explorers <= 16):
            raise RulesError(f"explorers: the Explorer pile has 10 to 16 cards, got {explorers!r}")
        start = Deck.shuffled(Multiset(starting_deck(self.cards)))
        queue = (Task("refill", 0, amount=5),) + tuple(
            Task("draw", seat, amount=fmt.hands[seat]) for seat in range(players))
        state = StarRealmsState(
            game=self, format=fmt.name, players=tuple(PlayerState(deck=start) for _ in range(players)),
            authority=fmt.authority, trade_deck=Deck.shuffled(Multiset(trade_deck(self.cards))),
            explorers=explorers, queue=queue)
        return settle(state)

    def policies(self) -> dict[str, Any]:
        return {**super().policies(), "heuristic": heuristic_policy}

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"


__all__ = ["StarRealms", "FORMATS"]
