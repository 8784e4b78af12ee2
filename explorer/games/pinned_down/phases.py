"""The attack, fight and jump phases' own steps: a reveal, a fight's result, a jump.

Seed document, attack phase: pay each revealed card's cost, or ignore and discard it and stop. Fight phase:
win if greater, otherwise a damage card, destroyed when overpowered at double power. Jump phase: the picked
location becomes current, the others go beneath the location deck.

>>> import explorer
>>> s = explorer.load_game("pinned_down").position(stage="reveal", threat=1, locations=["Harana"],
...     attack_deck={"cards": ["DB Agony", "Worry"], "known_top": ["DB Agony"]})
>>> reveal(s, "DB Agony").stage
'assign_start'
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from explorer.core import Deck, Multiset
from explorer.games.pinned_down import effects as fx
from explorer.games.pinned_down.chance import added, drawn
from explorer.games.pinned_down.resolve import (
    change_threat, destroy, push, with_fight)
from explorer.games.pinned_down.state import EMPTY, Enemy, Fight, Step

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


# --- attack phase ---------------------------------------------------------------------------
def reveal(s: "S", card: str) -> "S":
    """Reveal the top attack card: pay its cost, or ignore and discard it and stop (seed, attack phase).

    Two reveals in five of a game: the deck drawn from, the pool paid and an enemy ship put in play are one
    new position (an attack effect's text then resolves on it).
    """
    deck = s.attack_deck
    changes: dict[str, object]
    if len(deck):  # else the discard pile is shuffled to make the deck (reference §2.3)
        changes = {"attack_deck": drawn(deck, card)}
        discard = s.attack_discard
    else:
        changes = {"attack_deck": drawn(Deck.shuffled(s.attack_discard), card), "attack_discard": EMPTY,
                   "reveal_reshuffles": s.reveal_reshuffles + 1}
        discard = EMPTY
    c = s.data.card(card)
    cost = fx.enemy_threat(s, card)  # reads the bonus, the first enemy seen and the location: not the deck
    threat = s.threat
    if cost > threat:
        changes["attack_discard"] = added(discard, card)
        changes["stage"] = "assign_start"
        return s.replace(**changes)
    threat -= cost
    if c.type != "enemy ship":
        changes["threat"] = threat
        return attack_effect(s, card, changes, in_reveal=True)
    for e in c.lasting:
        if e.on == "reveal" and e.kind == "add_threat":
            threat = max(0, threat + dict(s.knobs.threat_on_reveal).get(card, e.amount))  # change_threat
    changes["threat"] = threat
    changes["enemies"] = s.enemies + (enemy(card, cost),)
    changes["first_enemy_seen"] = True
    if s.knobs.stop_at_zero and threat == 0 and s.stage == "reveal":
        changes["stage"] = "assign_start"
    return s.replace(**changes)


@lru_cache(maxsize=1024)
def enemy(name: str, paid: int) -> Enemy:
    """``Enemy(name, paid)``, made once: the same few ships and costs recur in every game."""
    return Enemy(name, paid)


def attack_effect(s: "S", card: str, changes: dict[str, Any] | None = None, *, in_reveal: bool = False) -> "S":
    """An attack effect resolves when revealed, then is discarded (Worry stays until the end of the turn).

    ``changes``: what the reveal itself changed (the deck, the pool, the discard pile), not yet made into a
    position: the text reads only the crew, the flagships, the location, the draw decks and the enemies,
    which a reveal leaves as they are, so the whole reveal is one new position. ``in_reveal``: the attack
    phase's reveal, which stops when the pool is empty in the rules versions that say so.
    """
    changes = {} if changes is None else changes
    threat = changes.get("threat", s.threat)
    discard = changes.get("attack_discard", s.attack_discard)
    for _, e in fx.triggered(s, "attack_effect"):
        threat = max(0, threat + (e.amount if e.kind == "add_threat" else -e.amount))  # change_threat
    stays = False
    steps: list[Step] = []
    alive = s.alive()
    nullified: bool | None = None
    for e in s.data.card(card).lasting:
        if e.on != "reveal":
            continue
        if nullified is None:
            nullified = fx.fleet_has(s, "nullify", card=card)
        if nullified:
            continue
        k = e.kind
        if k == "add_threat":
            threat = max(0, threat + e.amount)  # change_threat
        elif k == "no_captains":
            stays = True
        elif k == "lose_if_deck_empty":
            empty = [q for q in alive if not len(s.players[q].deck)]
            if empty:
                changes.update(threat=threat, stage="over", pending=(), attack_discard=added(discard, card),
                               outcome=f"loss: {card} — {s.game.player_name(empty[0])}'s draw deck is empty")
                return s.replace(**changes)
        elif k == "each_discards":
            steps += [Step("discard", q, 1, f"{card}: discard a card") for q in alive]
        elif k == "damage_random_flagship":
            steps.append(Step("random_flagship", 0, 1, card))
        elif k == "destiny_each_player":
            steps += [Step("destiny", q, e.above, "collateral") for q in alive]
        elif k == "change_of_plans" and s.enemies and alive:
            steps.append(Step("change_of_plans", alive[0], 0, card))
    changes["threat"] = threat
    if stays:
        changes["table"] = s.table + (card,)
    else:
        changes["attack_discard"] = added(discard, card)
    changes["pending"] = (*steps, *s.pending)
    if in_reveal and s.knobs.stop_at_zero and threat == 0 and changes.get("stage", s.stage) == "reveal":
        changes["stage"] = "assign_start"
    return s.replace(**changes)


# --- fights -----------------------------------------------------------------------------------
def start_fight(s: "S", p: int) -> "S":
    enemy = s.assigned[p]
    s = s.replace(stage="fight", fight=Fight(p, enemy), assigned=s.assigned[:p] + (-3,) + s.assigned[p + 1:])
    if s.data.card(s.enemies[enemy].name).has("enemy_destiny"):
        s = push(s, Step("destiny", p, 0, "enemy destiny"))
    return s


def resolve_fight(s: "S") -> "S":
    """Seed, fight phase: win if greater; otherwise damage; overpowered (double) destroys at once."""
    fight = s.fight
    assert fight is not None
    p, i = fight.player, fight.enemy
    mine, theirs = fx.player_power(s), fx.enemy_power(s)
    enemy = s.enemies[i]
    s = s.replace(fight=with_fight(fight, resolved=True))
    if mine > theirs:
        s = s.replace(enemies=s.enemies[:i] + s.enemies[i + 1:], attack_discard=added(s.attack_discard, enemy.name),
                      assigned=tuple(a - 1 if a > i else a for a in s.assigned))
        steps = [Step("draw", p, e.amount, "a win") for _, c in fx.crew_cards(s, p) for e in c.lasting
                 if e.on == "player_wins" and e.kind == "draw" and fx.condition(s, e.cond, p)]
        return push(s, *steps)
    for other in s.enemies:
        for e in s.data.card(other.name).lasting:
            if e.on == "player_loses" and e.kind == "add_threat":
                s = change_threat(s, e.amount)
    if s.knobs.overpowered and theirs >= 2 * mine:
        return destroy(s, p, f"overpowered by {enemy.name}, {theirs} against {mine}")
    steps = [Step("damage", p, 1, f"lost to {enemy.name}")]
    for e in s.data.card(enemy.name).lasting:
        if e.on != "enemy_wins":
            continue
        if e.kind == "damage" and not fx.fleet_has(s, "max_damage_per_fight"):
            steps.append(Step("damage", p, 1, f"{enemy.name} damages the losing ship"))
        elif e.kind == "owner_discards":
            steps.append(Step("discard", p, 1, f"{enemy.name}: discard a card"))
    return push(s, *steps)


# --- jump phase -------------------------------------------------------------------------------
def location_revealed(s: "S", card: str) -> "S":
    """One more location card revealed in the jump phase; picking starts when all are out.

    An empty location deck is first made from its discard pile, shuffled (``ensure_locations``); the
    whole reveal is one new position.
    """
    deck, discard = s.location_deck, s.location_discard
    changes: dict[str, object] = {}
    if not len(deck):  # ensure_locations, written out
        deck, discard = Deck.shuffled(discard), EMPTY
        changes["location_discard"] = EMPTY
    deck = drawn(deck, card)
    revealed = s.revealed + (card,)
    changes["location_deck"] = deck
    changes["revealed"] = revealed
    if len(revealed) >= s.knobs.locations_revealed + s.extra_locations or not (len(deck) or discard):
        changes["stage"] = "pick"
    return s.replace(**changes)


def jump_to(s: "S", card: str) -> "S":
    """The picked location becomes current; the others go beneath the location deck (seed, jump phase)."""
    rest = list(s.revealed)
    rest.remove(card)
    deck = s.location_deck
    for c in sorted(rest):
        deck = deck.put_on_bottom(c)
    changes: dict[str, object] = {"location_deck": deck, "revealed": ()}
    if s.knobs.old_location == "discarded":
        changes["location_discard"] = s.location_discard + Multiset(s.locations)
        changes["locations"] = (card,)
    else:
        changes["locations"] = s.locations + (card,)
    step = 1 if s.knobs.distance_per_jump == "one" else s.data.card(card).distance
    s = s.replace(distance=s.distance + step, jumps=s.jumps + 1, **changes)
    return arrive(s, stage=_after_arrival(s))


def arrive(s: "S", *, stage: str | None = None) -> "S":
    """The current location's 'on arrival' text takes effect at once; ``stage``: where the turn goes next."""
    steps: list[Step] = []
    threat = s.threat
    for _, e in fx.triggered(s, "arrival"):
        if e.kind == "add_threat":
            threat = max(0, threat + e.amount)  # change_threat
        elif e.kind == "add_threat_per":
            threat = max(0, threat + sum(1 for q in s.alive() if s.players[q].damage))
        elif e.kind == "damage_random_flagship":
            steps.append(Step("random_flagship", 0, 1, s.location))
        elif e.kind == "each_discards":
            steps += [Step("discard", q, 1, f"{s.location}: discard a card") for q in s.alive()]
    changes: dict[str, object] = {"threat": threat, "pending": (*steps, *s.pending)}
    if stage is not None:
        changes["stage"] = stage
    return s.replace(**changes)


def after_arrival(s: "S") -> "S":
    return s.replace(stage=_after_arrival(s))


def _after_arrival(s: "S") -> str:
    return "attack_start" if s.knobs.turn_order == "2011" else "draw"
