"""The card data: all 83 cards of the 2015 set (reference §3), decks, sources, variants."""

from __future__ import annotations

import tomllib
from pathlib import Path

from explorer.games.pinned_down.cards import card_data

DATA = Path(__file__).parents[2] / "explorer" / "games" / "pinned_down" / "data"


def test_all_83_cards_numbered_1_to_83() -> None:  # reference §3: index = card number
    assert sorted(c.number for c in card_data().cards) == list(range(1, 84))


def test_pile_sizes_match_the_sheets() -> None:  # reference §3.4-§3.6: 31 attack, 16 damage, 14 locations
    d = card_data()
    assert (len(d.attack_deck()), len(d.damage_deck()), len(d.location_deck())) == (31, 16, 14)
    assert sum(n for c, n in d.attack_deck().items() if d.card(c).type == "enemy ship") == 19


def test_location_distances_sum_to_24() -> None:  # reference §3.6: "Sum of distances = 24"
    d = card_data()
    assert sum(d.card(c).distance for c in d.names("Location")) == 24


def test_2015_enemy_values() -> None:  # reference §3.4 / §6 item 17, 2015 paper column
    d = card_data()
    assert [(d.card(n).threat, d.card(n).power) for n in (
        "Dra'tar Assault Cruiser", "Dra'tar Swarm Frigate", "Dra'tar Assault Frigate", "Dra'tar Behemoth")] == [
        (3, 11), (1, 7), (2, 9), (4, 12)]


def test_default_decks_are_20_cards_at_most_4_copies() -> None:  # reference §2.8
    for wing, setup in card_data().wings.items():
        assert len(setup.deck) == 20 and max(n for _, n in setup.deck.items()) <= 4, wing


def test_every_data_file_names_its_source() -> None:
    for path in DATA.glob("*.toml"):
        raw = tomllib.loads(path.read_text())
        assert raw.get("source") or raw.get("meta", {}).get("source"), path.name


def test_four_rules_versions_first_is_the_seed() -> None:  # reference §0: variant names
    assert [k.name for k in card_data().variants] == ["rules_2015", "mercury1_2015", "digital_2021",
                                                       "prototype_2011"]
