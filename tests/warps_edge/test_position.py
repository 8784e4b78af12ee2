"""Positions in the pilot's words (issue 7 §1), the referee (issue 9) and the story of a move (issue 7 §3).

``WE_POSITIONS`` sets how many seeded positions the round trip covers (default 1,000).
"""

from __future__ import annotations

import os

import pytest

import explorer
from explorer import Match
from explorer.core import Action, Deck, Multiset
from explorer.games.warps_edge.state import SkillCard
from explorer.errors import StateFormatError
from tests.warps_edge.we_helpers import position as _position

GAME = explorer.load_game("warps_edge")
POSITIONS = int(os.environ.get("WE_POSITIONS", "1000"))


def position(**kw):
    """A step-2 position (we_helpers.position) made whole: the enemies not in the row wait in the box and
    the tokens not placed anywhere in the supply, so the referee accepts it."""
    s = _position(**kw)
    cards = Multiset(e.name for e in s.data.enemies) - Multiset(t.card for t in s.row if t.card)
    kept, *rest = (k.name for k in s.data.skills)
    s = s.replace(level_index=3, enemy_box=cards, skills=(SkillCard(kept),), skill_deck=Deck.shuffled(rest))
    others = s.replace(supply=Multiset()).all_tokens()
    return s.replace(supply=GAME.initial_state().all_tokens() - others)


def seeded_positions(count: int) -> list:
    found = []
    seed = 0
    while len(found) < count:
        m = Match(GAME.initial_state(), seed=seed)
        m.play("heuristic" if seed % 2 else "random", max_steps=60 + 7 * seed)
        found.extend(m.states[seed % 3::3])
        seed += 1
    return found[:count]


def test_round_trip_over_seeded_positions() -> None:
    """Issue 7 §5: position_from_text(state.position_text()) == state (the deck orders are unknown to the
    pilot and left out; every state here has its enemy layers and skill deck in unknown order)."""
    for s in seeded_positions(POSITIONS):
        assert GAME.position_from_text(s.position_text()) == s, s.phase


def test_the_position_uses_the_games_words() -> None:
    s = position(row=["Demo Gnat", "Demo Raider"], pool={"laser-2": 1}, discard={"energy-1": 2})
    d = s.position_dict()
    assert d["pool"] == ["laser-2"] and d["discard"] == ["energy-1 x2"]
    assert d["enemy_row"][0] == {"enemy": "Demo Gnat"} and d["enemy_row"][2] == {"enemy": ""}
    assert set(d["enemy_deck"]) == {"yellow", "orange", "red"}
    assert [x["name"] for x in d["sections"]] == [x.name for x in s.data.mothership(s.mothership).sections]


def test_a_missing_supply_is_derived_and_said() -> None:
    s = position(row=["Demo Gnat"], pool={"laser-2": 1})
    d = s.position_dict()
    del d["supply"]
    reading = GAME.read_position_data(d)
    assert reading.state == s
    assert reading.derived == ("supply: the tokens of the box not seen in any other zone",)


def _bad(change):
    d = position(row=["Demo Gnat", "Demo Raider"], pool={"laser-2": 1}, discard={"energy-1": 2}).position_dict()
    change(d)
    return d


BAD = [
    ("unknown token", lambda d: d.update(pool=["laser-9"]), r"pool: 'laser-9' is not a name allowed here — did you mean laser-3\?"),
    ("a second laser-2 appears", lambda d: d.update(pool=["laser-2 x2"]), r"token 'laser-2': .* but the box holds"),
    ("a token vanished", lambda d: d.update(discard=[]), r"tokens missing from every zone: energy-1 x2"),
    ("hull 99 of 8", lambda d: d.update(hull=99), r"^hull: expected 1 to 8"),
    ("shields above max", lambda d: d.update(shields=9), r"^shields: expected 0 to 8"),
    ("stage bogus", lambda d: d.update(stage="bogus"), r"phase"),
    ("unknown enemy", lambda d: d["enemy_row"][0].update(enemy="Demo Nobody"), r"enemy row slot 1 › enemy: 'Demo Nobody' is not allowed"),
    ("an enemy twice", lambda d: d["enemy_row"][2].update(enemy="Demo Gnat"), r"enemy card 'Demo Gnat'"),
    ("a 5-slot row", lambda d: d["enemy_row"].append({"enemy": ""}), r"enemy row: expected 4 entries, got 5"),
    ("unknown key", lambda d: d.update(trade_row=[]), r"the position: unknown field 'trade_row'"),
    ("count 2**63", lambda d: d.update(bag=[f"laser-1 x{2**63}"]), r"bag"),
    ("negative credit", lambda d: d.update(credit=-1), r"credit"),
    ("warp past the track", lambda d: d.update(warp=99), r"warp"),
    ("unknown starfighter", lambda d: d.update(starfighter="X-Wing"), r"starfighter"),
    ("hold over its size", lambda d: d.update(hold=["energy-1 x2"], discard=[]), r"^hold: 2 tokens"),
    ("pool outside step 2", lambda d: d.update(stage="plans"), r"^pool: holds tokens"),
    ("wrong-level card in a layer", lambda d: d["enemy_deck"].update(
        red=d["enemy_deck"]["red"] + ["Demo Gnat"]), r"enemy"),
]


@pytest.mark.parametrize(("what", "change", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_position_is_refused_naming_the_zone(what, change, message) -> None:
    with pytest.raises(StateFormatError, match=message):
        GAME.read_position_data(_bad(change))


def test_a_saved_file_may_set_no_option_and_data_is_never_read_from_one() -> None:
    """Issue 9: options from a file are data; ``data`` is a path, chosen in code, never by a file."""
    assert GAME.file_options == {}
    assert "data" not in type(GAME).file_options


def test_vocabulary_lists_the_names_of_each_zone() -> None:
    """Issue 37 §5: the editor's pickers offer tokens by name ("Laser 2"), never by id ("laser-2")."""
    v = GAME.position_vocabulary()
    assert "Laser 2" in v["pool"] and "Demo Gnat" in v["enemy"] and "Demo Kestrel" in v["starfighter"]
    assert "Demo Kestrel Lance" in v["below"] and not any(t.id in v["pool"] for t in GAME.data.tokens if "-" in t.id)


def test_a_token_is_read_by_its_name_or_its_id_in_any_case() -> None:
    """Issue 37 §5: "Energy 1 x3" and "energy-1 x3" name the same tokens; the position is written by id."""
    s = position(row=["Demo Gnat"], pool={"laser-2": 1}, discard={"energy-1": 2})
    d = s.position_dict()
    by_name = {**d, "pool": ["Laser 2"], "discard": "ENERGY 1 x2"}
    by_name["enemy_row"] = [{**d["enemy_row"][0], "below": ["demo decoy"]}, *d["enemy_row"][1:]]
    by_id = {**d, "enemy_row": [{**d["enemy_row"][0], "below": ["demo-decoy"]}, *d["enemy_row"][1:]]}
    supply = s.supply.remove("demo-decoy")
    by_name["supply"] = by_id["supply"] = [f"{t} x{n}" if n > 1 else t for t, n in sorted(supply.items())]
    read = GAME.read_position_data(by_name).state
    assert read == GAME.read_position_data(by_id).state
    assert read.position_dict()["discard"] == ["energy-1 x2"] and read.row[0].below.count("demo-decoy") == 1


# --- the story ----------------------------------------------------------------------------------------
def test_a_destroyed_enemy_and_its_reward() -> None:
    """Issue 7 §3: "Demo Glint destroyed by lasers — reward: gain any token"."""
    s = position(row=["Demo Glint"], pool={"laser-3": 1}, calm=True)
    a = s.parse_action("fire laser-3 at slot 1")
    assert s.story(a, s.apply(a)) == ("Pilot fires Laser 3 at slot 1 (Demo Glint lasers 0 → 3); "
                                      "Demo Glint destroyed by lasers — reward: gain any token")


def test_an_attack_line_gives_the_shields_and_the_removals() -> None:
    """Issue 7 §3: "Demo Reaver attacks for 2: shields 8 → 6; remove 2 tokens from the discard"."""
    s = position(row=["Demo Reaver"], discard={"laser-1": 1, "energy-1": 1}, calm=True)
    a = s.parse_action("end actions")
    line = s.story(a, s.apply(a))
    assert "Demo Reaver attacks for 2: shields 8 → 6; remove 2 tokens from the discard" in line


def test_a_draw_says_whose_draw_it_is_and_what_came() -> None:
    s = position().replace(stage="plans", pool=Multiset())
    a = Action("draw", (Multiset({"laser-1": 2, "energy-1": 3}),))
    assert s.story(a, s.apply(a)) == "Pilot draws 5: Energy 1, Energy 1, Energy 1, Laser 1, Laser 1"


def test_turn_label_and_groups() -> None:
    s = position(row=["Demo Gnat"], pool={"laser-1": 1})
    assert s.turn_label() == "Turn 1" and GAME.initial_state().turn_label() == ""
    assert s.action_group(s.parse_action("fire laser-1 at slot 1")) == "Assign tokens"
    assert s.action_group(s.parse_action("end actions")) == "End actions"
