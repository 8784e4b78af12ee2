"""Every card of the base set, played in a controlled position, against the reference's ability text.

One row per card (and more for cards with choices, allies or scrap abilities). A row builds a
main-phase position for player 1 (conftest ``build``), applies the listed moves, and checks the
exact pools, Authority and zones afterwards. The personal deck is all Scouts, so every draw is
a Scout; chance nodes that a move does not name resolve with their first outcome.

The ``text`` column is the reference's ability text (shared/reference/star_realms.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from explorer import Multiset


OPP = ["Viper", "Scout"]  # the opponent's hand in every row


@dataclass
class Case:
    card: str
    text: str
    setup: dict[str, Any]
    moves: list[Any]
    expect: dict[str, Any] = field(default_factory=dict)


def _legal(*names: str) -> tuple[str, list[str]]:
    return ("legal", list(names))


CASES = [
    # ------------------------------------------------------------------ starting cards, Explorer
    Case("Scout", "+1 Trade", {"hands": [["Scout"], OPP]}, ["play Scout"],
         {"trade": 1, "combat": 0, "authority": (50, 50), "discard": {}}),
    Case("Viper", "+1 Combat", {"hands": [["Viper"], OPP]}, ["play Viper"], {"trade": 0, "combat": 1}),
    Case("Explorer", "seed: +1 Trade, +1 Authority; scrap +2 Combat (back to the Explorer pile)",
         {"hands": [["Explorer"], OPP]}, ["play Explorer", "scrap Explorer"],
         {"trade": 1, "combat": 2, "authority": (51, 50), "heap": {}, "explorers": 11, "ships": []}),
    # ------------------------------------------------------------------ Blob
    Case("Blob Fighter", "+3 Combat (no ally: no draw)", {"hands": [["Blob Fighter"], OPP]}, ["play Blob Fighter"],
         {"combat": 3, "hand": {}}),
    Case("Blob Fighter", "+3 Combat; ally: draw a card", {"hands": [["Blob Fighter"], OPP], "bases": [["Blob Wheel"]]},
         ["play Blob Fighter"], {"combat": 3, "hand": {"Scout": 1}}),
    Case("Trade Pod", "+3 Trade; ally +2 Combat", {"hands": [["Trade Pod", "Blob Fighter"], OPP]},
         ["play Trade Pod", "play Blob Fighter"], {"trade": 3, "combat": 5, "hand": {"Scout": 1}}),
    Case("Battle Pod", "+4 Combat; you may scrap a card in the trade row; ally +2 Combat",
         {"hands": [["Battle Pod", "Trade Pod"], OPP]},
         ["play Trade Pod", "play Battle Pod",
          _legal("scrap row Blob Fighter", "scrap row Cutter", "scrap row Ram", "scrap row Space Station",
                 "scrap row Trade Bot", "done"),
          "scrap row Ram"],
         {"trade": 3, "combat": 4 + 2 + 2, "heap": {"Ram": 1}, "row_size": 5, "row_lacks": "Ram"}),
    Case("Battle Pod", "you may: decline", {"hands": [["Battle Pod"], OPP]}, ["play Battle Pod", "done"],
         {"combat": 4, "heap": {}, "row_size": 5}),
    Case("Ram", "+5 Combat; ally +2 Combat; scrap +3 Trade", {"hands": [["Ram", "Trade Pod"], OPP]},
         ["play Ram", "play Trade Pod", "scrap Ram"],
         {"trade": 3 + 3, "combat": 5 + 2 + 2, "heap": {"Ram": 1}, "ships": ["Trade Pod"]}),
    Case("Blob Destroyer", "+6 Combat; ally: you may destroy target base and/or scrap a card in the trade row",
         {"hands": [["Blob Destroyer", "Trade Pod"], OPP], "bases": [[], ["War World", "Blob Wheel"]]},
         ["play Trade Pod", "play Blob Destroyer",
          _legal("destroy War World", "destroy Blob Wheel", "done"),
          "destroy Blob Wheel", "scrap row Cutter"],
         {"combat": 6 + 2, "opp_bases": ["War World"], "opp_discard": {"Blob Wheel": 1}, "heap": {"Cutter": 1},
          "row_size": 5}),
    Case("Blob Destroyer", "ally: both parts optional", {"hands": [["Blob Destroyer", "Trade Pod"], OPP],
                                                          "bases": [[], ["War World"]]},
         ["play Trade Pod", "play Blob Destroyer", "done", "done"],
         {"combat": 8, "opp_bases": ["War World"], "heap": {}}),
    Case("Battle Blob", "+8 Combat; ally: draw a card; scrap +4 Combat", {"hands": [["Battle Blob", "Trade Pod"], OPP]},
         ["play Trade Pod", "play Battle Blob", "scrap Battle Blob"],
         {"combat": 8 + 2 + 4, "hand": {"Scout": 1}, "heap": {"Battle Blob": 1}}),
    Case("Blob Carrier", "+7 Combat; ally: acquire any ship for free and put it on top of your deck",
         {"hands": [["Blob Carrier", "Trade Pod"], OPP]},
         ["play Trade Pod", "play Blob Carrier",
          _legal("acquire Blob Fighter", "acquire Cutter", "acquire Ram", "acquire Trade Bot"),
          "acquire Ram"],
         {"trade": 3, "combat": 7 + 2, "top": ("Ram",), "row_size": 5, "row_lacks": "Ram", "discard": {}}),
    Case("Mothership", "+6 Combat; draw a card; ally: draw a card", {"hands": [["Mothership", "Trade Pod"], OPP]},
         ["play Trade Pod", "play Mothership"], {"combat": 6 + 2, "hand": {"Scout": 2}}),
    Case("Mothership", "without an ally: one card", {"hands": [["Mothership"], OPP]}, ["play Mothership"],
         {"combat": 6, "hand": {"Scout": 1}}),
    Case("Blob Wheel", "base, +1 Combat; scrap +3 Trade", {"hands": [["Blob Wheel"], OPP]},
         ["play Blob Wheel", "use Blob Wheel", "scrap Blob Wheel"],
         {"trade": 3, "combat": 1, "heap": {"Blob Wheel": 1}, "bases": []}),
    Case("The Hive", "base, +3 Combat; ally: draw a card", {"hands": [["The Hive", "Trade Pod"], OPP]},
         ["play The Hive", "use The Hive", "play Trade Pod"],
         {"trade": 3, "combat": 3 + 2, "hand": {"Scout": 1}, "bases": ["The Hive"]}),
    Case("Blob World", "choose one: +5 Combat", {"bases": [["Blob World"]], "hands": [[], OPP]},
         ["use Blob World", _legal("choose +5 Combat", "choose draw per Blob card played"), "choose +5 Combat"],
         {"combat": 5, "hand": {}}),
    Case("Blob World", "or draw a card for each Blob card you have played this turn",
         {"hands": [["Blob World", "Trade Pod", "Ram", "Cutter"], OPP]},
         ["play Trade Pod", "play Ram", "play Cutter", "scrap Ram", "play Blob World", "use Blob World",
          "choose draw per Blob card played"],
         {"hand": {"Scout": 3}, "heap": {"Ram": 1}}),
    # ------------------------------------------------------------------ Trade Federation
    Case("Federation Shuttle", "+2 Trade; ally +4 Authority", {"hands": [["Federation Shuttle", "Cutter"], OPP]},
         ["play Federation Shuttle", "play Cutter"], {"trade": 4, "combat": 4, "authority": (58, 50)}),
    Case("Cutter", "+4 Authority, +2 Trade; ally +4 Combat (no ally)", {"hands": [["Cutter"], OPP]},
         ["play Cutter"], {"trade": 2, "combat": 0, "authority": (54, 50)}),
    Case("Embassy Yacht", "+3 Authority, +2 Trade; two or more bases: draw two",
         {"hands": [["Embassy Yacht"], OPP], "bases": [["Blob Wheel", "War World"]]},
         ["play Embassy Yacht"], {"trade": 2, "authority": (53, 50), "hand": {"Scout": 2}}),
    Case("Embassy Yacht", "one base: no draw", {"hands": [["Embassy Yacht"], OPP], "bases": [["Blob Wheel"]]},
         ["play Embassy Yacht"], {"trade": 2, "authority": (53, 50), "hand": {}}),
    Case("Freighter", "+4 Trade; ally: you may put the next ship you acquire this turn on top of your deck",
         {"hands": [["Freighter", "Cutter"], OPP], "decks": [{"Scout": 3}]},
         ["play Freighter", "play Cutter", "buy Ram to top"],
         {"trade": 4 + 2 - 3, "combat": 4, "top": ("Ram",), "discard": {}, "next_ship_to_top": False}),
    Case("Trade Escort", "+4 Authority, +4 Combat; ally: draw a card",
         {"hands": [["Trade Escort", "Federation Shuttle"], OPP]},
         ["play Trade Escort", "play Federation Shuttle"],
         {"trade": 2, "combat": 4, "authority": (58, 50), "hand": {"Scout": 1}}),
    Case("Flagship", "+5 Combat, draw a card; ally +5 Authority", {"hands": [["Flagship", "Federation Shuttle"], OPP]},
         ["play Federation Shuttle", "play Flagship"],
         {"trade": 2, "combat": 5, "authority": (59, 50), "hand": {"Scout": 1}}),
    Case("Command Ship", "+4 Authority, +5 Combat, draw two; ally: destroy target base",
         {"hands": [["Command Ship", "Federation Shuttle"], OPP], "bases": [[], ["Royal Redoubt", "Fleet HQ"]]},
         ["play Federation Shuttle", "play Command Ship",
          _legal("destroy Royal Redoubt", "destroy Fleet HQ", "done"), "destroy Fleet HQ"],
         {"trade": 2, "combat": 5, "authority": (58, 50), "hand": {"Scout": 2}, "opp_bases": ["Royal Redoubt"],
          "opp_discard": {"Fleet HQ": 1}}),
    Case("Trading Post", "choose +1 Authority or +1 Trade; scrap +3 Combat", {"bases": [["Trading Post"]]},
         ["use Trading Post", _legal("choose +1 Authority", "choose +1 Trade"), "choose +1 Trade",
          "scrap Trading Post"],
         {"trade": 1, "combat": 3, "heap": {"Trading Post": 1}, "bases": []}),
    Case("Barter World", "choose +2 Authority or +2 Trade; scrap +5 Combat", {"bases": [["Barter World"]]},
         ["use Barter World", "choose +2 Authority", "scrap Barter World"],
         {"trade": 0, "combat": 5, "authority": (52, 50), "heap": {"Barter World": 1}}),
    Case("Defense Center", "choose +3 Authority or +2 Combat; ally +2 Combat",
         {"bases": [["Defense Center"]], "hands": [["Cutter"], OPP]},
         ["use Defense Center", _legal("choose +3 Authority", "choose +2 Combat"), "choose +2 Combat",
          "play Cutter"],
         {"trade": 2, "combat": 2 + 2 + 4, "authority": (54, 50)}),
    Case("Port of Call", "+3 Trade; scrap: draw a card, you may destroy target base",
         {"bases": [["Port of Call"], ["Space Station"]]},
         ["use Port of Call", "scrap Port of Call", "destroy Space Station"],
         {"trade": 3, "hand": {"Scout": 1}, "heap": {"Port of Call": 1}, "opp_bases": [],
          "opp_discard": {"Space Station": 1}}),
    Case("Central Office", "+2 Trade, next ship acquired may go on top (a base does not use it up); ally: draw",
         {"bases": [["Central Office"]], "hands": [["Cutter"], OPP], "trade": [1]},
         ["use Central Office", "play Cutter", "buy Space Station", "buy Trade Bot to top"],
         {"trade": 0, "combat": 4, "hand": {"Scout": 1}, "top": ("Trade Bot",), "discard": {"Space Station": 1},
          "next_ship_to_top": False}),
    # ------------------------------------------------------------------ Star Empire
    Case("Imperial Fighter", "+2 Combat; opponent discards; ally +2 Combat",
         {"hands": [["Imperial Fighter", "Corvette"], OPP]},
         ["play Imperial Fighter", _legal("discard Scout", "discard Viper"), "discard Viper", "play Corvette"],
         {"combat": 2 + 2 + 1 + 2, "hand": {"Scout": 1}, "opp_discard": {"Viper": 1}, "opp_hand": {"Scout": 1}}),
    Case("Corvette", "+1 Combat, draw a card; ally +2 Combat", {"hands": [["Corvette", "Survey Ship"], OPP]},
         ["play Survey Ship", "play Corvette"], {"trade": 1, "combat": 1 + 2, "hand": {"Scout": 2}}),
    Case("Survey Ship", "+1 Trade, draw a card; scrap: opponent discards", {"hands": [["Survey Ship"], OPP]},
         ["play Survey Ship", "scrap Survey Ship", "discard Scout"],
         {"trade": 1, "hand": {"Scout": 1}, "heap": {"Survey Ship": 1}, "opp_hand": {"Viper": 1}}),
    Case("Imperial Frigate", "+4 Combat, opponent discards; ally +2 Combat; scrap: draw a card",
         {"hands": [["Imperial Frigate"], OPP], "bases": [["Space Station"]]},
         ["play Imperial Frigate", "discard Scout", "scrap Imperial Frigate"],
         {"combat": 4 + 2 + 2, "hand": {"Scout": 1}, "opp_hand": {"Viper": 1}, "heap": {"Imperial Frigate": 1}}),
    Case("Battlecruiser", "+5 Combat, draw; ally: opponent discards; scrap: draw, destroy base",
         {"hands": [["Battlecruiser", "Corvette"], OPP], "bases": [[], ["Trading Post"]]},
         ["play Corvette", "play Battlecruiser", "discard Viper", "scrap Battlecruiser", "destroy Trading Post"],
         {"combat": 1 + 2 + 5, "hand": {"Scout": 3}, "opp_hand": {"Scout": 1}, "opp_bases": [],
          "heap": {"Battlecruiser": 1}}),
    Case("Dreadnaught", "+7 Combat, draw a card; scrap +5 Combat", {"hands": [["Dreadnaught"], OPP]},
         ["play Dreadnaught", "scrap Dreadnaught"], {"combat": 12, "hand": {"Scout": 1}}),
    Case("Space Station", "+2 Combat; ally +2 Combat; scrap +4 Trade",
         {"bases": [["Space Station"]], "hands": [["Corvette"], OPP]},
         ["use Space Station", "play Corvette", "scrap Space Station"],
         {"trade": 4, "combat": 2 + 2 + 1 + 2, "hand": {"Scout": 1}, "heap": {"Space Station": 1}}),
    Case("Recycling Station", "choose +1 Trade", {"bases": [["Recycling Station"]], "hands": [["Viper"], OPP]},
         ["use Recycling Station", _legal("choose +1 Trade", "choose discard up to 2 then draw that many"),
          "choose +1 Trade"],
         {"trade": 1, "hand": {"Viper": 1}}),
    Case("Recycling Station", "or discard up to two cards, then draw that many",
         {"bases": [["Recycling Station"]], "hands": [["Viper", "Explorer", "Cutter"], OPP]},
         ["use Recycling Station", "choose discard up to 2 then draw that many", "discard Viper", "discard Explorer"],
         {"trade": 0, "hand": {"Cutter": 1, "Scout": 2}, "discard": {"Viper": 1, "Explorer": 1}}),
    Case("Recycling Station", "up to: stop after one",
         {"bases": [["Recycling Station"]], "hands": [["Viper", "Cutter"], OPP]},
         ["use Recycling Station", "choose discard up to 2 then draw that many", "discard Viper", "done"],
         {"hand": {"Cutter": 1, "Scout": 1}, "discard": {"Viper": 1}}),
    Case("War World", "+3 Combat; ally +4 Combat", {"bases": [["War World", "Space Station"]]},
         ["use War World"], {"combat": 3 + 4 + 2}),
    Case("Royal Redoubt", "+3 Combat; ally: opponent discards", {"bases": [["Royal Redoubt"]],
                                                                   "hands": [["Corvette"], OPP]},
         ["use Royal Redoubt", "play Corvette", "discard Scout"],
         {"combat": 3 + 1 + 2, "hand": {"Scout": 1}, "opp_hand": {"Viper": 1}}),
    Case("Fleet HQ", "all of your ships get +1 Combat", {"bases": [["Fleet HQ"]], "hands": [["Scout", "Cutter"], OPP]},
         ["play Scout", "play Cutter"], {"trade": 3, "combat": 2, "authority": (54, 50)}),
    # ------------------------------------------------------------------ Machine Cult
    Case("Trade Bot", "+1 Trade; you may scrap a card in your hand or discard pile; ally +2 Combat",
         {"hands": [["Trade Bot", "Viper"], OPP], "discards": [["Scout"]], "bases": [["Battle Station"]]},
         ["play Trade Bot", _legal("scrap hand Viper", "scrap discard Scout", "done"), "scrap discard Scout"],
         {"trade": 1, "combat": 2, "hand": {"Viper": 1}, "discard": {}, "heap": {"Scout": 1}}),
    Case("Missile Bot", "+2 Combat; scrap-HD; ally +2 Combat", {"hands": [["Missile Bot", "Viper"], OPP]},
         ["play Missile Bot", "scrap hand Viper"], {"combat": 2, "hand": {}, "heap": {"Viper": 1}}),
    Case("Supply Bot", "+2 Trade; scrap-HD (declined); ally +2 Combat",
         {"hands": [["Supply Bot", "Viper"], OPP], "bases": [["Mech World"]]},
         ["play Supply Bot", "done"], {"trade": 2, "combat": 2, "hand": {"Viper": 1}, "heap": {}}),
    Case("Patrol Mech", "choose +3 Trade or +5 Combat; ally: scrap-HD",
         {"hands": [["Patrol Mech", "Viper"], OPP], "bases": [["Battle Station"]]},
         ["play Patrol Mech", "scrap hand Viper", _legal("choose +3 Trade", "choose +5 Combat"), "choose +3 Trade"],
         {"trade": 3, "combat": 0, "heap": {"Viper": 1}, "hand": {}}),
    Case("Stealth Needle", "copy another ship you've played this turn (and its faction)",
         {"hands": [["Stealth Needle", "Imperial Frigate", "Scout"], OPP]},
         ["play Scout", "play Imperial Frigate", "discard Viper", "play Stealth Needle",
          _legal("copy Imperial Frigate", "copy Scout"), "copy Imperial Frigate", "discard Scout",
          "scrap Stealth Needle"],
         {"trade": 1, "combat": 4 + 4 + 2 + 2, "hand": {"Scout": 1}, "opp_hand": {}, "heap": {"Stealth Needle": 1},
          "ships": ["Scout", "Imperial Frigate"]}),
    Case("Stealth Needle", "nothing to copy", {"hands": [["Stealth Needle"], OPP]}, ["play Stealth Needle"],
         {"trade": 0, "combat": 0, "ships": ["Stealth Needle"]}),
    Case("Battle Mech", "+4 Combat; scrap-HD; ally: draw a card",
         {"hands": [["Battle Mech", "Viper"], OPP], "bases": [["Junkyard"]]},
         ["play Battle Mech", "scrap hand Viper"], {"combat": 4, "hand": {"Scout": 1}, "heap": {"Viper": 1}}),
    Case("Missile Mech", "+6 Combat; you may destroy target base; ally: draw a card",
         {"hands": [["Missile Mech"], OPP], "bases": [["Battle Station"], ["Battle Station", "Blob Wheel"]]},
         ["play Missile Mech", _legal("destroy Battle Station", "destroy Blob Wheel", "done"), "destroy Blob Wheel"],
         {"combat": 6, "hand": {"Scout": 1}, "opp_bases": ["Battle Station"], "opp_discard": {"Blob Wheel": 1}}),
    Case("Battle Station", "outpost, no primary; scrap +5 Combat", {"bases": [["Battle Station"]]},
         [_legal("scrap Battle Station", "end turn"), "scrap Battle Station"],
         {"combat": 5, "heap": {"Battle Station": 1}, "bases": []}),
    Case("Mech World", "counts as an ally for all factions",
         {"bases": [["Mech World"]], "hands": [["Blob Fighter", "Cutter", "Corvette", "Trade Bot"], OPP]},
         ["play Blob Fighter", "play Cutter", "play Corvette", "play Trade Bot", "done"],
         {"trade": 2 + 1, "combat": 3 + 4 + 1 + 2 + 2, "authority": (54, 50), "hand": {"Scout": 2}}),
    Case("Junkyard", "you may scrap a card in your hand or discard pile",
         {"bases": [["Junkyard"]], "hands": [["Viper"], OPP], "discards": [["Scout"]]},
         ["use Junkyard", _legal("scrap hand Viper", "scrap discard Scout", "done"), "scrap hand Viper"],
         {"hand": {}, "discard": {"Scout": 1}, "heap": {"Viper": 1}}),
    Case("Machine Base", "draw a card, then scrap a card from your hand", {"bases": [["Machine Base"]],
                                                                            "hands": [["Viper"], OPP]},
         ["use Machine Base", _legal("scrap hand Scout", "scrap hand Viper"), "scrap hand Viper"],
         {"hand": {"Scout": 1}, "heap": {"Viper": 1}}),
    Case("Brain World", "scrap up to two cards from hand and/or discard; draw a card for each",
         {"bases": [["Brain World"]], "hands": [["Viper"], OPP], "discards": [["Explorer", "Scout"]]},
         ["use Brain World", "scrap hand Viper", "scrap discard Explorer"],
         {"hand": {"Scout": 2}, "heap": {"Viper": 1}, "explorers": 11, "discard": {"Scout": 1}}),
    Case("Brain World", "up to: one, then stop",
         {"bases": [["Brain World"]], "hands": [["Viper"], OPP], "discards": [["Scout"]]},
         ["use Brain World", "scrap hand Viper", "done"],
         {"hand": {"Scout": 1}, "heap": {"Viper": 1}, "discard": {"Scout": 1}}),
]


def _ms(d: dict[str, int]) -> Multiset:
    return Multiset(d)


def run(case: Case, build, resolve_chance):  # type: ignore[no-untyped-def]
    setup = {"decks": [{"Scout": 8}], **case.setup}
    s = build(**setup)
    for move in case.moves:
        if isinstance(move, tuple):
            s = resolve_chance(s)
            assert [str(a) for a in s.legal_actions()] == move[1], case.card
            continue
        s = resolve_chance(s)
        s = s.apply(move)
    return resolve_chance(s)


def check(s, expect: dict[str, Any]) -> None:  # type: ignore[no-untyped-def]
    me, opp = s.players[0], s.players[1]
    got: dict[str, Any] = {}
    for key in expect:
        got[key] = {
            "trade": lambda: me.trade, "combat": lambda: me.combat, "authority": lambda: s.authority,
            "hand": lambda: me.hand, "discard": lambda: me.discard, "heap": lambda: s.scrap_heap,
            "explorers": lambda: s.explorers, "row_size": lambda: len(s.row),
            "row_lacks": lambda: expect["row_lacks"] if expect["row_lacks"] not in s.row else "still in row",
            "top": lambda: me.deck.top, "opp_bases": lambda: [r.name for r in opp.bases],
            "opp_discard": lambda: opp.discard, "opp_hand": lambda: opp.hand,
            "bases": lambda: [r.name for r in me.bases], "ships": lambda: [r.name for r in me.ships],
            "next_ship_to_top": lambda: me.next_ship_to_top,
        }[key]()
    want = {k: (_ms(v) if k in ("hand", "discard", "heap", "opp_discard", "opp_hand") else v) for k, v in expect.items()}
    assert got == want


@pytest.mark.parametrize("case", CASES, ids=[f"{c.card}: {c.text}" for c in CASES])
def test_card_ability_as_printed(case: Case, make, chance) -> None:
    s = run(case, make, chance)
    assert not s.queue, f"{case.card}: still waiting for {s.phase}"
    check(s, case.expect)


def test_every_trade_card_has_a_row() -> None:
    from explorer.games.star_realms.cards import load_cards

    assert {c.card for c in CASES} == set(load_cards())


# ---------------------------------------------------------------------- deviations found in the audit
def test_blob_carrier_free_ship_uses_up_freighters_next_ship_on_top(make, chance) -> None:
    """Freighter: "the next ship you acquire this turn"; Blob Carrier's free ship is that next ship
    (RULES.md assumption 7: the next ship acquired, either way, uses it up)."""
    s = make(hands=[["Freighter", "Cutter", "Trade Pod", "Blob Carrier"]], row=["Ram", "Corvette", "Cutter"])
    s = s.apply("play Freighter").apply("play Cutter")
    assert s.players[0].next_ship_to_top
    s = chance(s.apply("play Trade Pod").apply("play Blob Carrier"))
    s = chance(s.apply("acquire Ram"))
    assert s.players[0].deck.top == ("Ram",)
    assert not s.players[0].next_ship_to_top
    assert not any(str(a).endswith("to top") for a in s.legal_actions())


def test_stealth_needle_copying_a_blob_ship_counts_for_blob_world(make, chance) -> None:
    """Stealth Needle "also has that ship's faction"; Blob World draws "for each Blob card you have
    played this turn": Blob Fighter, the Needle copying it, and Blob World itself make three."""
    s = make(hands=[["Blob Fighter", "Stealth Needle", "Blob World"]], decks=[{"Scout": 9}])
    s = s.apply("play Blob Fighter").apply("play Stealth Needle").apply("copy Blob Fighter")
    s = chance(s)  # the two Blob Fighter allies draw two
    assert s.players[0].hand == Multiset({"Blob World": 1, "Scout": 2})
    s = s.apply("play Blob World").apply("use Blob World").apply("choose draw per Blob card played")
    s = chance(s)
    assert s.players[0].hand == Multiset({"Scout": 5})


def test_stealth_needle_copying_a_machine_cult_ship_is_one_card_played(make, chance) -> None:
    s = make(hands=[["Missile Bot", "Stealth Needle"]])
    s = s.apply("play Missile Bot").apply("done").apply("play Stealth Needle").apply("copy Missile Bot")
    assert s.players[0].played == Multiset({"Machine Cult": 2})


def test_double_ally_needs_two_other_cards_of_the_faction(make, tmp_path) -> None:
    """Seed: "Double-Ally: triggered when two other cards of the same faction are in play". No base-set
    card has one, so a copy of the card file gives Trade Pod a double-ally ability of +5 Trade."""
    from explorer.games.star_realms.cards import DATA_FILE

    text = DATA_FILE.read_text().replace('name = "Trade Pod"', 'name = "Trade Pod"\nally2 = [{trade = 5}]', 1)
    path = tmp_path / "cards.toml"
    path.write_text(text)
    s = make(hands=[["Trade Pod", "Ram", "Blob Fighter"]], cards_file=str(path))
    s = s.apply("play Trade Pod").apply("play Ram")
    assert (s.players[0].trade, s.players[0].combat) == (3, 2 + 5 + 2), "one other Blob card: ally only"
    s = s.apply("play Blob Fighter")
    assert s.players[0].trade == 3 + 5, "two other Blob cards: the double-ally fires, once"
    assert s.players[0].ships[0].ally2_used
    s = make(hands=[["Trade Pod", "Ram"]], bases=[("Mech World",)], cards_file=str(path))
    assert s.apply("play Trade Pod").apply("play Ram").players[0].trade == 3 + 5, "Mech World is one of the two"


def test_draws_and_reveals_weigh_card_kinds_by_count(make) -> None:
    from fractions import Fraction

    s = make(hands=[["Corvette"]], decks=[{"Scout": 3, "Viper": 1}])
    s = s.apply("play Corvette")
    assert dict((str(a), p) for a, p in s.chance_outcomes()) == {"draw Scout": Fraction(3, 4),
                                                                  "draw Viper": Fraction(1, 4)}
    s = make(trade=[1])
    s = s.apply("buy Blob Fighter")
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert sum(outcomes.values()) == 1 and len(outcomes) == 46
    # The trade deck is the 75 cards not in the row: 2 of the 3 Blob Fighters, the one Mothership.
    assert outcomes["reveal Blob Fighter"] == Fraction(2, 75) and outcomes["reveal Mothership"] == Fraction(1, 75)
