"""The lasting card texts as numbers: power in a fight, enemy threat, cloaking, upkeep, destiny.

Everything here reads effect *kinds* from the data (``power_per``,
``enemy_threat``, ``no_cloak`` ...) and the condition words, never card names,
so correcting a card in ``data/cards.toml`` changes the rules without code.

>>> import explorer
>>> s = explorer.load_game("pinned_down").initial_state()
>>> enemy_threat(s, "Dra'tar Behemoth"), printed_power(s, "Dra'tar Assault Cruiser")
(4, 11)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from explorer.games.pinned_down.cards import Card, Effect

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


def printed_power(s: "S", name: str) -> int:
    """The card's power in the rules version played (§6 item 17 values differ by version)."""
    power = s.knobs.power_of.get(name)
    return s.data.card(name).power if power is None else power


def crew_cards(s: "S", player: int | None = None) -> Iterator[tuple[int, Card]]:
    """``(owner, card)`` for every character aboard a flagship still in play."""
    for i, f in enumerate(s.players):
        if f.destroyed or (player is not None and i != player):
            continue
        for c in f.characters:
            yield i, s.data.card(c)


def fleet_has(s: "S", kind: str, *, card: str = "") -> bool:
    """Whether any character, flagship or the current location in play has a lasting ``kind`` text."""
    for _, c in crew_cards(s):
        for e in c.lasting:
            if e.kind == kind and (not card or e.card == card):
                return True
    for i in s.alive():
        for e in s.data.card(s.players[i].flagship).lasting:
            if e.kind == kind and (not card or e.card == card):
                return True
    return location_has(s, kind) is not None


def location_has(s: "S", kind: str, on: str | None = None) -> Effect | None:
    if not s.location:
        return None
    return s.data.card(s.location).has(kind, on)


def damage_has(s: "S", player: int, kind: str) -> bool:
    return any(s.data.card(d).has(kind) for d in s.players[player].damage)


def is_cloaked(s: "S", player: int) -> bool:
    """CLOAKING from the flagship or Covert Ops, unless a damage card or the location forbids it."""
    f = s.players[player]
    has = s.cloaked or "CLOAKING" in s.data.card(f.flagship).keywords
    return has and not damage_has(s, player, "no_cloak") and location_has(s, "no_cloak") is None


def can_overload(s: "S", player: int, times: int = 1) -> bool:
    f = s.players[player]
    return not f.destroyed and not damage_has(s, player, "no_overload") and len(s.damage_deck) + len(s.damage_discard) >= times


def upkeep(s: "S", player: int) -> int:
    f = s.players[player]
    return s.data.card(f.flagship).upkeep + sum(s.data.card(d).upkeep for d in f.damage)


def enemy_threat(s: "S", name: str, *, first: bool | None = None) -> int:
    """What revealing enemy ship ``name`` removes from the pool now (never below 0)."""
    card = s.data.card(name)
    if card.type != "enemy ship":
        return card.threat
    value = card.threat + s.enemy_threat_bonus
    first = (not s.first_enemy_seen) if first is None else first
    if s.location:
        for e in s.data.card(s.location).lasting:
            if e.kind == "enemy_threat" and _enemy_condition(e.cond, card, first):
                value += e.amount
    return max(0, value)


def _enemy_condition(cond: str, card: Card, first: bool) -> bool:
    if cond == "enemy_unique":
        return card.unique
    if cond == "enemy_behemoth":
        return card.ship_class == "Behemoth"
    if cond == "first_enemy":
        return first
    return cond == ""


def attack_threat(s: "S") -> int:
    """Threat added at the start of the attack phase, per the rules version."""
    rule = s.knobs.attack_threat
    ships = s.alive()
    if rule == "none":
        return 0
    if rule == "distance_and_uncloaked":
        return s.distance + sum(1 for i in ships if not is_cloaked(s, i))
    if rule == "distance_and_ships":
        return s.distance + len(ships)
    return 2 * len(s.locations) + len(ships)  # two_per_location_and_ships


def captain_bonus(s: "S", player: int) -> int:
    if "Worry" in s.table:
        return 0
    f = s.players[player]
    return sum(2 for _, c in crew_cards(s, player) if c.captain_of == f.flagship)


def condition(s: "S", cond: str, player: int) -> bool:
    """A condition word of a player's card (``at_space``, ``undamaged`` ...), for ``player``'s ship."""
    f = s.players[player]
    loc = s.data.card(s.location) if s.location else None
    if cond == "":
        return True
    if cond == "at_space":
        return loc is not None and loc.location_type == "Space"
    if cond == "at_planet_or_station":
        return loc is not None and loc.location_type in ("Planet", "Station")
    if cond == "blue_wing_ship":
        return f.wing == "Blue"
    if cond == "green_wing_ship":
        return f.wing == "Green"
    if cond == "hand_at_least_2":
        return len(f.hand) >= 2
    if cond in ("undamaged",):
        return not f.damage
    if cond == "damaged_twice":
        return len(f.damage) >= 2
    if cond == "cloaked":
        return is_cloaked(s, player)
    if cond == "unassigned_ship":  # left unassigned (-1); a ship that fights or has fought (-3) is not
        return any(a == -1 for i, a in enumerate(s.assigned) if not s.players[i].destroyed)
    if cond == "discard_larger_than_deck":
        return len(f.discard) > len(f.deck)
    if cond == "no_enemies":
        return not s.enemies
    if cond == "winning":
        return s.fight is not None and player_power(s) > enemy_power(s)
    return False


def effect_power(s: "S", e: Effect, player: int) -> int:
    """The power a played FIGHT effect gives (``better`` when its condition holds) plus Whitfield's +1."""
    value = e.better if e.better and condition(s, e.cond, player) else e.amount
    if value > 0:
        value += sum(x.amount for _, c in crew_cards(s, player) for x in c.lasting if x.kind == "fight_effect_bonus")
    return value


def player_power(s: "S", player: int | None = None) -> int:
    """Total power of a player's flagship in the current fight (printed + bonuses - damage)."""
    fight = s.fight
    p = fight.player if player is None and fight is not None else player
    assert p is not None
    f = s.players[p]
    total = printed_power(s, f.flagship) + sum(s.data.card(d).power for d in f.damage)
    if damage_has(s, p, "no_bonuses"):
        return total
    bonus = captain_bonus(s, p)
    ship = s.data.card(f.flagship)
    enemy = s.enemies[fight.enemy].name if fight is not None and fight.enemy < len(s.enemies) else ""
    for e in ship.lasting:
        if e.kind == "power" and condition(s, e.cond, p):
            bonus += e.amount
        elif e.kind == "power_per":
            bonus += {"location_on_table": len(s.locations), "card_in_hand": len(f.hand),
                      "enemy_threat": s.data.card(enemy).threat if enemy else 0}.get(e.per, 0)
    if fight is not None and fight.player == p:
        bonus += fight.bonus
    return total + bonus


def enemy_power(s: "S", index: int | None = None, versus: int | None = None) -> int:
    """Total power of an enemy ship (printed + its text + Admiral Bright + fight bonuses)."""
    fight = s.fight
    i = fight.enemy if index is None and fight is not None else index
    assert i is not None
    name = s.enemies[i].name
    card = s.data.card(name)
    total = printed_power(s, name)
    target = fight.player if versus is None and fight is not None else versus
    for e in card.lasting:
        if e.kind == "power_per" and e.per == "other_enemy":
            total += len(s.enemies) - 1
        elif e.kind == "power":
            if e.cond == "pool_empty" and s.threat == 0:
                total += e.amount
            elif e.cond == "vs_damaged" and target is not None and s.players[target].damage:
                total += e.amount
    for _, c in crew_cards(s):
        for e in c.lasting:
            if e.kind == "enemy_power" and (e.cond != "enemy_unique" or card.unique):
                total += e.amount
    if fight is not None and fight.enemy == i:
        total += fight.enemy_bonus
    return total


def destiny_value(s: "S", card_name: str, *, enemy: bool, collateral_for: int | None = None) -> int:
    """A battle destiny: the revealed attack card's threat, with the location's and Huber's modifiers."""
    value = s.data.card(card_name).threat
    e = location_has(s, "destiny_bonus")
    if e is not None and e.cond == ("enemy_destiny" if enemy else "player_destiny"):
        value += e.amount
    if collateral_for is not None:
        for _, c in crew_cards(s, collateral_for):
            value += sum(x.amount for x in c.lasting if x.kind == "destiny_bonus" and x.cond == "collateral_damage")
    return value


def free_play(s: "S", player: int, card: str) -> bool:
    """Whether ``player`` plays ``card`` for free (TRB Faith, Mr. Snider)."""
    f = s.players[player]
    return card in s.data.free_cards(f.flagship, () if f.destroyed else f.characters)


def triggered(s: "S", on: str) -> Iterator[tuple[int, Effect]]:
    """``(owner, effect)`` for lasting texts in play with trigger ``on`` (owner -1: location or enemy)."""
    for i, c in crew_cards(s):
        for e in c.lasting:
            if e.on == on:
                yield i, e
    if s.location:
        for e in s.data.card(s.location).lasting:
            if e.on == on:
                yield -1, e
