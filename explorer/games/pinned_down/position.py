"""The position in the players' words, read back and refereed.

``position_dict`` writes what the table can see or count: the threat pool, the
locations on the table and the distance, each player's flagship, crew, damage
cards, hand, discard pile and draw-deck *contents* (a known top or bottom, seen
with Dr. Cooley or put there by Dr. Ferrell, kept in order), the enemy ships in
play, the piles of the attack, damage and location decks, and where in the turn
the fleet is (the stage, the fight, what a card text still has to resolve).
Deck order beyond what is known is left out on purpose.

``check_state`` is the referee: every card exists in the right deck, every
card is conserved (the 31 attack cards, 16 damage cards, 14 locations and each
player's 20-card deck list with crew), values are in range, the stage reachable.

>>> import explorer
>>> game = explorer.load_game("pinned_down")
>>> s = game.position(threat=5, locations=["Harana"], players=[{"flagship": "TRB Ardor", "hand": ["Defiance x2"]}])
>>> s.threat, s.players[0].hand.count("Defiance"), len(s.players[0].deck)
(5, 2, 18)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from explorer.core import Deck, Multiset
from explorer.core.field_words import field_label
from explorer.core.position import PositionReader, check_conserved, counted
from explorer.errors import StateFormatError
from explorer.games.pinned_down.cards import WINGS
from explorer.games.pinned_down.state import (CHANCE_STEPS, DECISION_STEPS, EMPTY, STAGES, Enemy, Fight, Fleet,
                                             PinnedDownState, Step)

if TYPE_CHECKING:
    from explorer.games.pinned_down.game import PinnedDown
    from explorer.games.pinned_down.state import PinnedDownState as S

RESTING_STAGES = tuple(STAGES)
AUTOMATIC_STAGES = ("attack_start", "assign_start", "fights", "jump_start", "draw", "wrap_start", "end_turn")
STEP_KINDS = CHANCE_STEPS + DECISION_STEPS
STEP_WORDS = {kind: kind.replace("_", " ") for kind in STEP_KINDS} | {
    "random_flagship": "a random flagship", "random_hand": "a random card from a hand",
    "random_character": "a random character", "look_attack": "look at the attack deck",
    "may_discard": "may discard", "change_of_plans": "A Change Of Plans", "look_discard": "look at the discard",
    "look_order": "look and order", "cleveland_choice": "Cleveland's choice"}
"""Each effect to resolve (``pending[i].step``) in words, for the editor's dropdown (the id stays in the text)."""
STAGE_WORDS = dict(STAGES) | {
    "attack_start": "attack phase, as it starts (its threat not yet added)", "assign_start": "assignment phase, as it starts",
    "fights": "fight phase, as it starts", "jump_start": "jump phase, as it starts (its threat not yet added)",
    "draw": "jump phase: the draws about to be dealt", "wrap_start": "jump phase: draw, then wrap up",
    "wrap up": "wrap up: WRAP UP powers"}
"""Each stage in the rules' words, one wording each: the phase line's words, told apart where a position may also
be saved at a phase's start (the phase line never shows those)."""
FORM_WORDS: dict[str, dict[str, str]] = {"stage": STAGE_WORDS, "step": STEP_WORDS}
"""The stage and the effects to resolve in the rules' words (the editor shows these and reads back the id)."""
MOVE_EXCLUDED = ("deck_list",)
"""The deck list records the 20 cards a player brought (wherever they are now): the editor's Move control
offers the zones that hold cards (the draw deck's ``cards``, hand, discard), never this list."""
FORM_ENTRIES: dict[str, dict[str, Any]] = {"enemies": {"name": "", "paid": 0},
                                           "pending": {"step": "", "player": 1, "amount": 0, "note": ""}}
"""The fields the editor shows on each enemy in play and effect to resolve; a new enemy's paid: see form_entry."""


def form_entry(game: "PinnedDown", key: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A new entry the editor adds, completed from its picked name: an enemy ship paid its printed threat.

    >>> import explorer
    >>> form_entry(explorer.load_game("pinned_down"), "enemies", {"name": "DB Agony", "paid": 0})
    {'name': 'DB Agony', 'paid': 5}
    """
    if key == "enemies" and entry.get("name") in game.data.names("Dra'tar", "enemy ship"):
        return {**entry, "paid": game.data.card(entry["name"]).threat}
    return entry


def _assignment(a: int) -> str:
    return {-2: "undecided", -1: "unassigned", -3: "fought"}.get(a, f"enemy {a + 1}")


def _read_assignment(text: str, path: str, enemies: int) -> int:
    table = {"undecided": -2, "unassigned": -1, "fought": -3}
    if text in table:
        return table[text]
    if text.startswith("enemy ") and text[6:].isdigit() and 1 <= int(text[6:]) <= enemies:
        return int(text[6:]) - 1
    raise StateFormatError(f"{path}: {text!r} is not an assignment; allowed: undecided, unassigned, fought, "
                           f"enemy 1 to enemy {enemies}")


def _deck(d: Deck) -> dict[str, Any]:
    out: dict[str, Any] = {"cards": counted(d.contents())}
    if d.top:
        out["known_top"] = list(d.top)
    if d.bottom:
        out["known_bottom"] = list(d.bottom)
    return out


def position_dict(s: "S") -> dict[str, Any]:
    out: dict[str, Any] = {
        "turn": s.turn, "stage": s.stage, "threat": s.threat, "distance": s.distance, "jumps": s.jumps,
        "locations": list(s.locations), "outcome": s.outcome,
    }
    out["this_turn"] = {"covert_ops": s.cloaked, "enemy_threat_bonus": s.enemy_threat_bonus,
                        "first_enemy_seen": s.first_enemy_seen, "extra_locations": s.extra_locations,
                        "attack_reshuffles": s.reveal_reshuffles, "attack_effects_on_table": list(s.table)}
    players = []
    for p, f in enumerate(s.players):
        rec: dict[str, Any] = {"wing": f.wing, "flagship": f.flagship, "destroyed": f.destroyed,
                               "characters": list(f.characters), "crew": list(f.crew), "damage": list(f.damage),
                               "hand": counted(f.hand), "discard": counted(f.discard),
                               "deck_list": counted(f.brought), "deck": _deck(f.deck),
                               "passed": s.passed[p] if p < len(s.passed) else False,
                               "used": [u.split(":", 1)[1] for u in s.used if u.split(":", 1)[0] == str(p)]}
        if s.assigned:
            rec["assignment"] = _assignment(s.assigned[p])
        players.append(rec)
    out["players"] = players
    out["enemies"] = [{"name": e.name, "paid": e.paid} for e in s.enemies]
    if s.fight is not None:
        fight = s.fight
        out["fight"] = {"player": fight.player + 1, "enemy": fight.enemy + 1, "bonus": fight.bonus,
                        "enemy_bonus": fight.enemy_bonus, "damage_taken": fight.damage_taken,
                        "resolved": fight.resolved}
    out["attack_deck"] = _deck(s.attack_deck)
    out["attack_discard"] = counted(s.attack_discard)
    out["attack_cards_seen"] = list(s.looking)
    out["attack_cards_put_back"] = list(s.put_back)
    out["damage_deck"] = _deck(s.damage_deck)
    out["damage_discard"] = counted(s.damage_discard)
    out["location_deck"] = _deck(s.location_deck)
    out["location_discard"] = counted(s.location_discard)
    out["locations_revealed"] = list(s.revealed)
    out["pending"] = [{"step": st.kind, "player": st.player + 1, "amount": st.amount, "note": st.note}
                      for st in s.pending]
    return out


def _read_deck(r: PositionReader, key: str, allowed: Any, rest: Multiset | None, derived: list[str],
               what: str) -> Deck:
    """A deck table (cards, known_top, known_bottom); missing means 'every card not seen elsewhere'."""
    if not r.has(key):
        if rest is None:
            raise StateFormatError(f"{r.at(key)}: missing, and it cannot be derived")
        derived.append(f"{what}: the {len(rest)} cards not seen elsewhere")
        return Deck.shuffled(rest)
    t = r.table(key)
    cards = t.names("cards", allowed)
    top = t.ordered("known_top", allowed)
    bottom = t.ordered("known_bottom", allowed)
    t.finish()
    known = Multiset(top) + Multiset(bottom)
    if not known <= cards:
        extra = next(c for c, n in known.items() if n > cards.count(c))
        where = t.at("known_bottom") if extra in bottom else t.at("known_top")
        raise StateFormatError(f"{where}: {extra!r} is known {known.count(extra)} time(s) but written "
                               f"{cards.count(extra)} time(s) in {t.at('cards')}; a known card is also one of its "
                               f"deck's cards")
    return Deck(top, cards - known, bottom)


def _deck_and_discard(r: PositionReader, deck_key: str, discard_key: str, allowed: Any, box: Multiset,
                      elsewhere: Mapping[str, Multiset], derived: list[str], what: str) -> tuple[Deck, Multiset]:
    """A deck and its discard pile; whichever is missing holds the cards not seen elsewhere (the deck if both).
    ``elsewhere``: the other zones these cards may be in, named as the form labels them."""
    if r.has(discard_key) or not r.has(deck_key):
        discard = r.names(discard_key, allowed)
        rest = _minus(box, {**elsewhere, r.at(discard_key): discard}, "the box holds", r.at(deck_key))
        return _read_deck(r, deck_key, allowed, rest, derived, f"{what} deck"), discard
    deck = _read_deck(r, deck_key, allowed, None, derived, f"{what} deck")
    rest = _minus(box, {**elsewhere, field_label(f"{r.key_path(deck_key)}.cards"): deck.contents()}, "the box holds",
                  r.at(discard_key))
    derived.append(f"{what} discard pile: the {len(rest)} cards not seen elsewhere")
    r.names(discard_key, allowed)
    return deck, rest


def _own_cards(player: str) -> str:
    """Who holds a player's own cards, in the form's words: ``Player 1 › cards brought (deck list) and Player 1 ›
    crew at setup``."""
    return f"{field_label(f'{player}.deck_list')} and {field_label(f'{player}.crew')}"


def _minus(total: Multiset, parts: Mapping[str, Multiset], holds: str, rest: str) -> Multiset:
    """The cards of ``total`` not in ``parts`` (zones named as the form labels them): what zone ``rest`` holds.
    A card seen more often than ``holds`` (who holds them: "the box holds") is refused naming the zones it is in."""
    seen = EMPTY
    for part in parts.values():
        seen = seen + part
    if not seen <= total:
        extra = next(c for c, n in seen.items() if n > total.count(c))
        where = ", ".join(f"{bag.count(extra)} in {zone}" for zone, bag in parts.items() if bag.count(extra))
        have = total.count(extra)
        allowed = f"at most {have} across these zones" if have else f"none of them may hold {extra!r}"
        raise StateFormatError(f"card {extra!r}: {seen.count(extra)} seen ({where}) but {holds} {have}: {allowed} "
                               f"({rest} holds the rest)")
    return total - seen


def position_from_dict(game: "PinnedDown", data: dict, derived: list[str]) -> "S":
    d = game.data
    r = PositionReader(data, "")
    attack_names, damage_names = d.names("Dra'tar"), d.names("Damage")
    location_names = d.names("Location")
    turn = r.int("turn", 1, 10_000, default=1)
    stage = r.text("stage", RESTING_STAGES, default="main")
    threat = r.int("threat", 0, 10_000, default=game.knobs.start_threat)
    locations = r.ordered("locations", location_names)
    distance = r.int("distance", 0, 10_000, default=-1) if r.has("distance") else sum(
        d.card(x).distance for x in locations)
    jumps = r.int("jumps", 0, 10_000, default=max(0, len(locations) - 1))
    outcome = r.text("outcome", default="") if r.has("outcome") else ""
    tt = r.table("this_turn", default={})
    cloaked = tt.flag("covert_ops", default=False)
    bonus = tt.int("enemy_threat_bonus", -10, 10, default=0)
    first_seen = tt.flag("first_enemy_seen", default=False)
    extra = tt.int("extra_locations", 0, 10, default=0)
    reshuffles = tt.int("attack_reshuffles", 0, 10, default=0)
    table = tt.ordered("attack_effects_on_table", attack_names)
    tt.finish()
    enemies = []
    for er in (r.tables("enemies", (0, 31)) if r.has("enemies") else []):
        name = er.text("name", d.names("Dra'tar", "enemy ship"))
        enemies.append(Enemy(name, er.int("paid", 0, 20, default=d.card(name).threat)))
        er.finish()
    fleets, passed, used, assigned = [], [], [], []
    assigned_from: int | None = None  # the first player written without an assignment
    readers = r.tables("players", (1, 3)) if r.has("players") else [PositionReader({}, "players[0]")]
    for p, pr in enumerate(readers):
        wing_default = WINGS[p]
        ship = pr.text("flagship", d.names(None, "flagship"), default=d.wings[wing_default].flagship) if pr.has(
            "flagship") else d.wings[wing_default].flagship
        wing = d.card(ship).deck
        pr.text("wing", (wing,), default=wing)
        chars = pr.ordered("characters", d.names(wing, "character"), default=d.wings[wing].characters)
        brought = pr.names("deck_list", d.names(wing, "effect"), default=counted(d.wings[wing].deck))
        own = (*d.names(wing, "effect"), *d.names(wing, "character"))  # a player's cards: never a flagship
        hand = pr.names("hand", own)
        discard = pr.names("discard", own)
        crew_default = [c for c in d.names(wing, "character") if c in chars or c in hand or c in discard]
        crew = pr.ordered("crew", d.names(wing, "character"), default=crew_default)
        damage = pr.ordered("damage", damage_names)
        rest = _minus(brought + Multiset(crew), {pr.at("hand"): hand, pr.at("discard"): discard,
                                                  pr.at("characters"): Multiset(chars)},
                      f"{_own_cards(pr.path)} hold", pr.at("deck"))
        deck = _read_deck(pr, "deck", own, rest, derived, pr.at("deck"))
        passed.append(pr.flag("passed", default=False))
        used += [f"{p}:{u}" for u in pr.ordered("used", (*d.names(wing, "character"), *d.names(wing, "flagship")))]
        if pr.has("assignment"):
            assigned.append(_read_assignment(pr.text("assignment"), pr.at("assignment"), len(enemies)))
        elif assigned_from is None:
            assigned_from = p
        destroyed = pr.flag("destroyed", default=False)
        pr.finish()
        fleets.append(Fleet(wing=wing, flagship=ship, characters=chars, hand=hand, deck=deck, discard=discard,
                            brought=brought, crew=tuple(crew), damage=damage, destroyed=destroyed))
    if assigned and len(assigned) != len(fleets):
        raise StateFormatError(f"{field_label(f'players[{assigned_from}].assignment')}: missing; give every player "
                               f"an assignment, or none (allowed: undecided, unassigned, fought, enemy 1 to enemy "
                               f"{max(1, len(enemies))})")
    fight = None
    if r.has("fight"):
        fr = r.table("fight")
        fight = Fight(fr.int("player", 1, len(fleets)) - 1, fr.int("enemy", 1, max(1, len(enemies))) - 1,
                      fr.int("bonus", -50, 50, default=0), fr.int("enemy_bonus", -50, 50, default=0),
                      fr.int("damage_taken", 0, 16, default=0), fr.flag("resolved", default=False))
        fr.finish()
    looking = r.ordered("attack_cards_seen", attack_names)
    put_back = r.ordered("attack_cards_put_back", attack_names)
    in_play: dict[str, Multiset] = {field_label("enemies"): Multiset(e.name for e in enemies),
               field_label("this_turn.attack_effects_on_table"): Multiset(table),
               field_label("attack_cards_seen"): Multiset(looking),
               field_label("attack_cards_put_back"): Multiset(put_back)}
    attack_deck, attack_discard = _deck_and_discard(r, "attack_deck", "attack_discard", attack_names,
                                                    d.attack_deck(), in_play, derived, "attack")
    on_ships: dict[str, Multiset] = {field_label(f"players[{p}].damage"): Multiset(f.damage) for p, f in enumerate(fleets)}
    damage_deck, damage_discard = _deck_and_discard(r, "damage_deck", "damage_discard", damage_names,
                                                    d.damage_deck(), on_ships, derived, "damage")
    revealed = r.ordered("locations_revealed", location_names)
    seen: dict[str, Multiset] = {field_label("locations"): Multiset(locations), field_label("locations_revealed"): Multiset(revealed)}
    location_deck, location_discard = _deck_and_discard(r, "location_deck", "location_discard", location_names,
                                                        d.location_deck(), seen, derived, "location")
    pending = []
    for pr in (r.tables("pending", (0, 40)) if r.has("pending") else []):
        pending.append(Step(pr.text("step", STEP_KINDS), pr.int("player", 1, len(fleets), default=1) - 1,
                            pr.int("amount", 0, 10, default=0), pr.text("note", default="") if pr.has("note") else ""))
        pr.finish()
    r.finish()
    return PinnedDownState(
        game=game, stage=stage, turn=turn, threat=threat, players=tuple(fleets), attack_deck=attack_deck,
        attack_discard=attack_discard, damage_deck=damage_deck, damage_discard=damage_discard,
        location_deck=location_deck, location_discard=location_discard, locations=locations, distance=distance,
        revealed=revealed, looking=looking, put_back=put_back, enemies=tuple(enemies), table=table,
        assigned=tuple(assigned), fight=fight, pending=tuple(pending), passed=tuple(passed), used=tuple(used),
        enemy_threat_bonus=bonus, cloaked=cloaked, first_enemy_seen=first_seen, extra_locations=extra, jumps=jumps,
        reveal_reshuffles=reshuffles, outcome=outcome)


def check_state(s: "S") -> None:
    """The referee: cards exist where they may be, every card is conserved, values in range, stage reachable.
    Every refusal names the field as the editor's form labels it, 1-based (``Player 1 › cards brought (deck
    list)``)."""
    game = s.game
    d = game.data
    if not 1 <= len(s.players) <= 3:
        raise StateFormatError(f"{field_label('players')}: Pinned Down is for 1 to 3 players, got {len(s.players)}")
    wings = [f.wing for f in s.players]
    for p, wing in enumerate(wings):
        if wing in wings[:p]:
            raise StateFormatError(f"{field_label(f'players[{p}].wing')}: each player flies a different wing; "
                                   f"{wing} is flown by Player {wings.index(wing) + 1} (allowed: "
                                   f"{', '.join(w for w in WINGS if w not in wings) or 'no other wing'})")
    if s.threat < 0:
        raise StateFormatError(f"threat: the pool cannot hold {s.threat} tokens")
    if s.stage not in RESTING_STAGES:
        raise StateFormatError(f"{field_label('stage')}: {s.stage!r} is not a phase a position rests in; allowed: "
                               f"{', '.join(RESTING_STAGES)}")
    if s.stage in AUTOMATIC_STAGES and not s.pending:
        raise StateFormatError(f"{field_label('stage')}: the rules pass through {s.stage!r} at once unless a card text is pending "
                               f"(add it under {field_label('pending')})")
    for p in range(len(s.players)):
        _check_player(game, s, p)
    enemy_names: Multiset = Multiset(e.name for e in s.enemies)
    check_conserved(d.attack_deck(), {
        field_label("attack_deck.cards"): s.attack_deck.contents(), field_label("attack_discard"): s.attack_discard,
        field_label("enemies"): enemy_names, field_label("this_turn.attack_effects_on_table"): Multiset(s.table),
        field_label("attack_cards_seen"): Multiset(s.looking),
        field_label("attack_cards_put_back"): Multiset(s.put_back)}, "attack card", say_zones=True)
    for i, e in enumerate(s.enemies):
        if d.card(e.name).type != "enemy ship":
            raise StateFormatError(f"{field_label(f'enemies[{i}].name')}: {e.name!r} is not an enemy ship; only "
                                   f"Dra'tar starships are enemy ships in play")
    check_conserved(d.damage_deck(), {
        field_label("damage_deck.cards"): s.damage_deck.contents(), field_label("damage_discard"): s.damage_discard,
        **{field_label(f"players[{p}].damage"): Multiset(f.damage) for p, f in enumerate(s.players)}},
        "damage card", say_zones=True)
    check_conserved(d.location_deck(), {
        field_label("location_deck.cards"): s.location_deck.contents(),
        field_label("location_discard"): s.location_discard, field_label("locations"): Multiset(s.locations),
        field_label("locations_revealed"): Multiset(s.revealed)}, "location", say_zones=True)
    if s.stage != "setup" and not s.locations:
        raise StateFormatError("locations: after setup the fleet is always at a location; name it here")
    lost = [p for p, f in enumerate(s.players) if f.destroyed]
    if lost and s.stage != "over" and (game.knobs.loss == "any_flagship" or len(lost) == len(s.players)):
        raise StateFormatError(f"{field_label(f'players[{lost[0]}].destroyed')}: a destroyed flagship ends the game "
                               f"({field_label('stage')} must be 'over')")
    if s.stage == "over" and not s.outcome.startswith(("win", "loss")):
        raise StateFormatError(f"{field_label('outcome')}: a finished game says 'win: ...' or 'loss: ...'")
    if s.fight is not None and (s.stage not in ("fight", "over") or (not s.fight.resolved and s.fight.enemy >= len(s.enemies))):
        raise StateFormatError("fight: only in the fight phase, against an enemy in play")
    if s.stage == "fight" and s.fight is None:
        raise StateFormatError("fight: the fight phase needs the fight being resolved")
    if s.stage == "assign" and len(s.assigned) != len(s.players):
        p = len(s.assigned) if len(s.assigned) < len(s.players) else 0
        raise StateFormatError(f"{field_label(f'players[{p}].assignment')}: the assignment phase needs every "
                               f"player's assignment (undecided, unassigned, fought or enemy 1 to enemy "
                               f"{max(1, len(s.enemies))})")
    if s.stage == "pick" and not s.revealed:
        raise StateFormatError(f"{field_label('locations_revealed')}: picking a location needs revealed locations")
    if len(s.passed) != len(s.players):
        raise StateFormatError(f"{field_label('players[0].passed')}: one per player, got {len(s.passed)} for "
                               f"{len(s.players)} players")
    for i, st in enumerate(s.pending):
        if st.kind not in STEP_KINDS or not 0 <= st.player < len(s.players):
            raise StateFormatError(f"{field_label(f'pending[{i}]')}: {st.kind!r} for player {st.player + 1} cannot be "
                                   f"resolved (a step of {', '.join(STEP_KINDS[:4])}, ... for player 1 to "
                                   f"{len(s.players)})")


def _check_player(game: "PinnedDown", s: "S", p: int) -> None:
    """One player's flagship, deck list and the conservation of their own cards."""
    d, f, path = game.data, s.players[p], f"players[{p}]"
    if f.flagship not in d.names(f.wing, "flagship"):
        raise StateFormatError(f"{field_label(f'{path}.flagship')}: {f.flagship!r} is not a {f.wing} Wing flagship "
                               f"(allowed: {', '.join(d.names(f.wing, 'flagship'))})")
    size = sum(c for _, c in f.brought.items())
    if size != 20 or any(n > 4 for _, n in f.brought.items()):
        most = max((n for _, n in f.brought.items()), default=0)
        raise StateFormatError(f"{field_label(f'{path}.deck_list')}: a draw deck is 20 cards with at most 4 copies "
                               f"of each, got {size} cards with up to {most} copies")
    foreign = [c for c in map(str, f.brought.kinds()) if d.card(c).deck != f.wing or d.card(c).type != "effect"]
    if foreign:
        raise StateFormatError(f"{field_label(f'{path}.deck_list')}: only {f.wing} Wing effects, got {foreign[0]!r}")
    check_conserved(f.brought + Multiset(f.crew), {
        field_label(f"{path}.deck.cards"): f.deck.contents(), field_label(f"{path}.hand"): f.hand,
        field_label(f"{path}.discard"): f.discard, field_label(f"{path}.characters"): Multiset(f.characters)},
        f"{f.wing} Wing card", holds=f"{_own_cards(path)} hold", say_zones=True)
    if f.destroyed and (f.damage or f.characters):
        raise StateFormatError(f"{field_label(f'{path}.destroyed')}: a destroyed flagship keeps no damage cards or "
                               f"crew (empty {field_label(f'{path}.damage')} and {field_label(f'{path}.characters')})")
    if not f.destroyed and s.structure(p) <= 0:
        raise StateFormatError(f"{field_label(f'{path}.damage')}: structure {s.structure(p)}% means the ship is "
                               f"destroyed (tick {field_label(f'{path}.destroyed')}, or remove a damage card)")


def position_vocabulary(game: "PinnedDown") -> dict[str, tuple[str, ...]]:
    """For each key holding names, the names a player may write there (the editor's pickers and placeholders);
    a deck table's ``cards``, ``known_top`` and ``known_bottom`` take the names of the deck's own key.

    >>> import explorer
    >>> v = position_vocabulary(explorer.load_game("pinned_down"))
    >>> v["attack_deck"][:2], "Admiral Bright" in v["deck"], v["step"][:2]
    (('A Change Of Plans', 'Collateral Damage'), True, ('draw', 'destiny'))
    """
    d = game.data
    own = tuple(c for w in WINGS for c in (*d.names(w, "effect"), *d.names(w, "character")))
    characters = d.names(None, "character")
    attack, damage, locations = d.names("Dra'tar"), d.names("Damage"), d.names("Location")
    return {
        "flagship": d.names(None, "flagship"), "characters": characters, "crew": characters,
        "used": (*characters, *d.names(None, "flagship")), "hand": own, "discard": own, "deck": own,
        "deck_list": tuple(c for w in WINGS for c in d.names(w, "effect")), "damage": damage,
        "enemies": d.names("Dra'tar", "enemy ship"), "attack_deck": attack, "attack_discard": attack,
        "attack_cards_seen": attack, "attack_cards_put_back": attack, "attack_effects_on_table": attack,
        "damage_deck": damage, "damage_discard": damage, "locations": locations, "location_deck": locations,
        "location_discard": locations, "locations_revealed": locations, "stage": RESTING_STAGES, "wing": WINGS,
        "step": STEP_KINDS,
    }


__all__ = ["FORM_ENTRIES", "FORM_WORDS", "MOVE_EXCLUDED", "STAGE_WORDS", "STEP_WORDS", "STAGES", "check_state", "form_entry", "position_dict", "position_from_dict", "position_vocabulary"]
