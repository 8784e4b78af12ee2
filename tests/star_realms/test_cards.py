"""The card data against the reference: totals, names, copies, costs, defenses, types."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from explorer.games.star_realms.cards import (CardDataError, describe, load_cards, starting_deck, trade_deck)

# The project materials sit beside the checkout (../shared); a stranger's clone may not have them.
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "star_realms.md"
FACTION_HEADINGS = {"Blob": "Blob", "Trade Federation": "Trade Federation", "Star Empire": "Star Empire",
                    "Machine Cult": "Machine Cult"}


def test_trade_deck_totals_match_the_reference() -> None:
    cards = load_cards()
    deck = trade_deck(cards)
    assert sum(deck.values()) == 80
    assert len(deck) == 46
    for faction in FACTION_HEADINGS:
        assert sum(c.copies for c in cards.values() if c.faction == faction) == 20
    by_type = {t: sum(c.copies for c in cards.values() if c.type == t) for t in ("ship", "base", "outpost")}
    assert by_type == {"ship": 55, "base": 9, "outpost": 16}
    names_per_faction = {f: sum(1 for c in cards.values() if c.faction == f and c.copies) for f in FACTION_HEADINGS}
    assert names_per_faction == {"Blob": 11, "Trade Federation": 12, "Star Empire": 11, "Machine Cult": 12}
    assert min(c.cost for c in cards.values() if c.copies) == 1 and max(c.cost for c in cards.values()) == 8


def test_starting_cards_and_explorer() -> None:
    cards = load_cards()
    assert starting_deck(cards) == {"Scout": 8, "Viper": 2}
    assert describe(cards["Explorer"].primary) == "+1 Trade, +1 Authority"
    assert describe(cards["Explorer"].scrap) == "+2 Combat" and cards["Explorer"].cost == 2
    assert describe(cards["Explorer"].printed_primary) == "+2 Trade"
    assert all(c.source for c in cards.values())


def _reference_rows() -> list[tuple[str, str, str, int, int, int]]:
    rows = []
    faction = ""
    for line in REFERENCE.read_text().splitlines():
        heading = re.match(r"### (Blob|Trade Federation|Star Empire|Machine Cult) \(", line)
        if heading:
            faction = heading.group(1)
            continue
        if line.startswith("### "):
            faction = ""
        if faction and line.startswith("| ") and not line.startswith("| Card") and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            name, kind, cost, defense, copies = cells[0], cells[1], cells[2], cells[3], cells[-1]
            rows.append((name, faction, kind.lower(), int(cost), 0 if defense == "—" else int(defense), int(copies)))
    return rows


@pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference not present")
def test_every_card_matches_the_reference_table() -> None:
    cards = load_cards()
    rows = _reference_rows()
    assert len(rows) == 46
    for name, faction, kind, cost, defense, copies in rows:
        card = cards[name]
        assert (card.faction, card.type, card.cost, card.defense, card.copies) == (faction, kind, cost, defense, copies), name
    assert {r[0] for r in rows} == {c.name for c in cards.values() if c.copies}


@pytest.mark.parametrize("ability, expected", [
    ("Blob Fighter", ("+3 Combat", "draw 1", "")),
    ("Battlecruiser", ("+5 Combat, draw 1", "opponent discards 1", "draw 1, destroy a base")),
    ("Patrol Mech", ("choose: +3 Trade or +5 Combat", "scrap up to 1 from hand or discard", "")),
    ("Blob World", ("choose: +5 Combat or draw per Blob card played", "", "")),
    ("Brain World", ("scrap up to 2 from hand or discard then draw that many", "", "")),
])
def test_abilities_read_as_the_reference(ability: str, expected: tuple[str, str, str]) -> None:
    card = load_cards()[ability]
    assert (describe(card.primary), describe(card.ally), describe(card.scrap)) == expected


def test_damaged_card_file_names_the_card_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nname = "Cutter"\nfaction = "Trade Federation"\ntype = "ship"\ncost = -2\n'
                   'source = "x"\n')
    with pytest.raises(CardDataError, match=r"card 'Cutter'\.cost"):
        load_cards(bad)
    bad.write_text('[[card]]\nname = "Cutter"\nfaction = "Trade Federation"\ntype = "ship"\ncost = 2\n'
                   'primary = [{warp = 2}]\nsource = "x"\n')
    with pytest.raises(CardDataError, match="unknown effect kind 'warp'"):
        load_cards(bad)
    bad.write_text('[[card]]\nname = "Cutter"\nfaction = "Trade Federation"\ntype = "ship"\ncost = 2\ncopies = 3\n'
                   'source = "x"\n[[card]]\nname = "Scout"\nfaction = "Unaligned"\ntype = "ship"\nsource = "x"\n')
    with pytest.raises(CardDataError, match="expected 80 cards"):
        load_cards(bad)
