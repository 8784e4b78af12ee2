"""Questions about the table the rules and the odds both ask: range, arc, targets, how to pay.

* Range (reference §8 default): tile-lengths from the shooter's front edge to
  the nearest edge of the target; an omnidirectional ship measures from the
  side it chooses, so from its nearest edge. Range 2 for every ship, 3 for the
  Battleship (seed), plus Big Guns (+1 each, §8) for the turn.
* Arc (seed): the 180° arc forward of the front; omnidirectional ships have no
  front, so every direction is in arc.
* Activation (seed, §8): removing one of the ship's cubes, never its last; a
  Hopper in range 2 may give the cube instead; Energy Surge may be played instead.
* Cards from a Construction Ship's attachment are played by activating the
  ship that carries them (one of its cubes).

>>> import explorer
>>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
>>> targets(s, 0, "Interceptor"), shooting_range(s, 0, "Interceptor")
(('Fighter',), 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.games.fleet_command.geometry import Pose, front_distance, in_arc, tile_distance

if TYPE_CHECKING:
    from explorer.games.fleet_command.state import FleetState, Ship

EXAMPLE = """
stage = "combat"
round = 1
initiative = "Player 1"
to_move = "Player 1"
discard = []
[[players]]
hand = []
ships = [{name = "Interceptor", x = "5.5", y = "3.5", heading = 0, cubes = 3}]
[[players]]
hand = []
ships = [{name = "Fighter", x = "5.5", y = "5.5", heading = 180, cubes = 2}]
"""

TOLERANCE = 1e-7


def base_range(state: "FleetState", ship: "Ship") -> int:
    p = state.params
    return p.battleship_range if ship.kind == "Battleship" else p.range


def shooting_range(state: "FleetState", player: int, name: str) -> int:
    """The ship's range now: its base range plus its player's Big Guns this turn."""
    fleet = state.fleets[player]
    return base_range(state, fleet.ship(name)) + fleet.range_bonus


def shot_distance(state: "FleetState", ship: "Ship", pose: Pose, target: Pose) -> float | None:
    """Range to ``target`` if it is in the ship's arc from ``pose``, else ``None``."""
    if state.ship_type(ship).omnidirectional:
        return tile_distance(pose, target)
    if not in_arc(pose, target):
        return None
    return front_distance(pose, target)


def targets(state: "FleetState", player: int, name: str, pose: Pose | None = None,
            bonus: int | None = None) -> tuple[str, ...]:
    """The enemy ships this ship could shoot (in arc and range), from ``pose`` if given."""
    fleet = state.fleets[player]
    ship = fleet.ship(name)
    where = pose if pose is not None else ship.pose
    if where is None:
        return ()
    reach = base_range(state, ship) + (fleet.range_bonus if bonus is None else bonus)
    out = []
    for enemy in state.fleets[1 - player].ships:
        if not enemy.on_table:
            continue
        assert enemy.pose is not None
        if abs(where.fx - enemy.pose.fx) > reach + 1.5 or abs(where.fy - enemy.pose.fy) > reach + 1.5:
            continue
        d = shot_distance(state, ship, where, enemy.pose)
        if d is not None and d <= reach + TOLERANCE:
            out.append(enemy.name)
    return tuple(out)


def is_close(state: "FleetState", player: int, name: str, target: str) -> bool:
    """A Battleship's shot at range 1 (seed: "remove two cubes")."""
    ship = state.fleets[player].ship(name)
    if ship.kind != "Battleship":
        return False
    enemy = state.fleets[1 - player].ship(target)
    assert ship.pose is not None and enemy.pose is not None
    d = shot_distance(state, ship, ship.pose, enemy.pose)
    return d is not None and d <= state.params.battleship_close_range + TOLERANCE


def in_ability_range(state: "FleetState", a: "Ship", b: "Ship") -> bool:
    """Range 2 or less for the Hopper and Station abilities, nearest edge to nearest edge."""
    assert a.pose is not None and b.pose is not None
    return tile_distance(a.pose, b.pose) <= state.params.ability_range + TOLERANCE


# --- paying for an activation -------------------------------------------------------------
def payments(state: "FleetState", player: int, name: str) -> list[tuple[str, str]]:
    """How ship ``name`` can pay one activation cube: ``("cube", "")``, ``("hopper", H)``, ``("surge", card)``.

    Empty when the ship has already activated this phase (§8: once per phase).
    """
    fleet = state.fleets[player]
    ship = fleet.ship(name)
    if ship.activated or not ship.on_table:
        return []
    out: list[tuple[str, str]] = []
    if ship.cubes >= 2:
        out.append(("cube", ""))
    for other in fleet.ships:
        if other.kind == "Hopper" and other.name != name and other.on_table and other.cubes >= 2 \
                and in_ability_range(state, other, ship):
            out.append(("hopper", other.name))
    for card in fleet.hand.kinds():
        if state.data.card_effect(str(card)) == "Energy Surge":
            out.append(("surge", str(card)))
    return out


def pay(state: "FleetState", player: int, name: str, how: str, source: str) -> "FleetState":
    """Pay one activation of ``name`` and mark it activated."""
    fleet = state.fleets[player]
    if how == "cube":
        state = state.with_ship(player, name, cubes=fleet.ship(name).cubes - 1)
        state = state.with_fleet(player, supply=state.fleets[player].supply + 1)
    elif how == "hopper":
        state = state.with_ship(player, source, cubes=fleet.ship(source).cubes - 1)
        state = state.with_fleet(player, supply=state.fleets[player].supply + 1)
    elif how == "surge":
        state = state.with_fleet(player, hand=fleet.hand.remove(source))
        state = state.replace(discard=state.discard.add(source))  # type: ignore[assignment]
    else:
        raise ValueError(f"unknown payment {how!r}")
    return state.with_ship(player, name, activated=True)


def payment_words(how: str, source: str) -> str:
    return {"cube": "", "hopper": f" paid by {source}", "surge": f" paid with {source}"}[how]


# --- cards from hand or from an attachment ------------------------------------------------
def card_sources(state: "FleetState", player: int, effect: str) -> list[tuple[str, str]]:
    """Every ``(card, carrier)`` with that effect the player may play; carrier ``""`` is the hand."""
    fleet = state.fleets[player]
    out = [(str(c), "") for c in fleet.hand.kinds() if state.data.card_effect(str(c)) == effect]
    for ship in fleet.ships:
        if ship.attached and ship.on_table and not ship.activated and ship.cubes >= 2:
            out += [(str(c), ship.name) for c in ship.attached.kinds() if state.data.card_effect(str(c)) == effect]
    return out


def use_card(state: "FleetState", player: int, card: str, carrier: str) -> "FleetState":
    """Play ``card`` from hand, or from ``carrier`` by activating it (one cube); the card is discarded."""
    fleet = state.fleets[player]
    if carrier:
        ship = fleet.ship(carrier)
        state = state.with_ship(player, carrier, attached=ship.attached.remove(card), cubes=ship.cubes - 1,
                                activated=True)
        state = state.with_fleet(player, supply=state.fleets[player].supply + 1)
    else:
        state = state.with_fleet(player, hand=fleet.hand.remove(card))
    return state.replace(discard=state.discard.add(card))  # type: ignore[return-value]


def card_words(card: str, carrier: str) -> str:
    return f"{card} attached to {carrier}" if carrier else card
