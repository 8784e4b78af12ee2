"""Questions about the table the rules and the odds both ask: range, arc, targets, how to pay.

* Range (reference §8 default): tile-lengths from the shooter's front edge to
  the nearest edge of the target; an omnidirectional ship measures from the
  side it chooses, so from its nearest edge. Range 2 for every ship, 3 for the
  Battleship (seed), plus Big Guns (+1 each, §8) for the turn.
* Arc (seed): the 180° arc forward of the front; omnidirectional ships have no
  front, so every direction is in arc; the Battleship's two short sides are both
  fronts (variant ``battleship_one_front``: one).
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

import re
from collections.abc import Iterable
from enum import Enum
from typing import TYPE_CHECKING, Final

from explorer.core import Action, Multiset

from explorer.games.fleet_command.geometry import REMEMBERED_PAIRS, Pose, front_distance, in_arc, tile_distance

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

CONSTRUCTION_EXAMPLE = """
stage = "activation"
round = 1
initiative = "Player 2"
to_move = "Player 1"
discard = []
[[players]]
hand = ["Repair 3", "Energy Surge 2"]
ships = [{name = "Construction Ship", x = "5.5", y = "1.5", heading = 0, cubes = 2},
         {name = "Hopper", x = "7.5", y = "1.5", heading = 0, cubes = 3}]
[[players]]
hand = []
ships = [{name = "Station", x = "6.5", y = "8.5", heading = 180, cubes = 4}]
"""

TOLERANCE = 1e-7


def base_range(state: "FleetState", ship: "Ship") -> int:
    p = state.params
    return p.battleship_range if ship.kind == "Battleship" else p.range


def shooting_range(state: "FleetState", player: int, name: str) -> int:
    """The ship's range now: its base range plus its player's Big Guns this turn."""
    fleet = state.fleets[player]
    return base_range(state, fleet.ship(name)) + fleet.range_bonus


def fronts(state: "FleetState", ship: "Ship") -> int:
    """How many sides serve as the ship's front: 2 for the Battleship (seed: "either of the sides on the
    short side of the stack"), 1 in ``battleship_one_front`` and for every other ship."""
    return state.game.fronts(ship.kind)


def shot_distance(state: "FleetState", ship: "Ship", pose: Pose, target: Pose) -> float | None:
    """Range to ``target`` if it is in the ship's arc from ``pose``, else ``None``.

    A ship with two fronts (the Battleship) shoots forward of either; the range is
    measured from the front the target is in arc of (the nearer, if both).
    """
    if state.ship_type(ship).omnidirectional:
        return tile_distance(pose, target)
    return arc_distance(pose, target, fronts(state, ship) == 2)


_ARC_DISTANCES: dict[tuple[Pose, Pose, bool], float | None] = {}


def arc_distance(pose: Pose, target: Pose, two_fronts: bool) -> float | None:
    """Range from a ship with a front (two, if ``two_fronts``) at ``pose`` to ``target``, ``None`` if out of arc.

    Remembered per pair of poses, as ``geometry.tile_distance`` is: a Combat Phase asks the
    same pairs many times.

    >>> arc_distance(Pose((11, 0), (7, 0), 0), Pose((11, 0), (11, 0), 180), False)
    1.0
    """
    key = (pose, target, two_fronts)
    got = _ARC_DISTANCES.get(key, _UNKNOWN)
    if got is _UNKNOWN:
        if len(_ARC_DISTANCES) >= REMEMBERED_PAIRS:
            _ARC_DISTANCES.clear()
        sides = (pose, pose.facing((pose.heading + 180) % 360)) if two_fronts else (pose,)
        reach = [front_distance(side, target) for side in sides if in_arc(side, target)]
        got = _ARC_DISTANCES[key] = min(reach) if reach else None
    return got


class _Unknown(Enum):
    """A pair of poses not yet looked at (``None`` is an answer: out of arc)."""

    UNKNOWN = 0


_UNKNOWN: Final = _Unknown.UNKNOWN


def targets(state: "FleetState", player: int, name: str, pose: Pose | None = None,
            bonus: int | None = None) -> tuple[str, ...]:
    """The enemy ships this ship could shoot (in arc and range), from ``pose`` if given."""
    where = pose if pose is not None else state.fleets[player].ship(name).pose
    if where is None:
        return ()
    return _Aim(state, player, name, bonus).targets(where)


def target_counts(state: "FleetState", player: int, name: str, poses: Iterable[Pose]) -> list[int]:
    """How many enemy ships this ship could shoot from each of ``poses`` (``len(targets(...))`` for each).

    A ship choosing where to end its move weighs every end position: its range, arc and the enemies are read once.

    >>> import explorer
    >>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
    >>> here = s.fleets[0].ship("Interceptor").pose
    >>> target_counts(s, 0, "Interceptor", [here, here.facing(180)])
    [1, 0]
    """
    aim = _Aim(state, player, name, None)
    return [len(aim.targets(pose)) for pose in poses]


class _Aim:
    """One ship's shots from wherever it may be: its range, its arc and the enemy ships on the table."""

    __slots__ = ("reach", "omni", "two_fronts", "enemies")

    def __init__(self, state: "FleetState", player: int, name: str, bonus: int | None) -> None:
        fleet = state.fleets[player]
        ship = fleet.ship(name)
        self.reach = base_range(state, ship) + (fleet.range_bonus if bonus is None else bonus)
        self.omni = state.ship_type(ship).omnidirectional  # shot_distance's two questions, asked once
        self.two_fronts = not self.omni and fronts(state, ship) == 2
        self.enemies = [(enemy.name, enemy.pose) for enemy in state.fleets[1 - player].ships
                        if enemy.pose is not None and not enemy.destroyed]

    def targets(self, where: Pose) -> tuple[str, ...]:
        """The enemies in arc and range from ``where``, in fleet order."""
        near, within = self.reach + 1.5, self.reach + TOLERANCE
        omni, two_fronts = self.omni, self.two_fronts
        wx, wy = where.fx, where.fy
        out = []
        for name, at in self.enemies:
            if abs(wx - at.fx) > near or abs(wy - at.fy) > near:
                continue
            d = tile_distance(where, at) if omni else arc_distance(where, at, two_fronts)
            if d is not None and d <= within:
                out.append(name)
        return tuple(out)


def shot_refusal(state: "FleetState", player: int, name: str, target: str) -> str:
    """Why ``player``'s ship ``name`` cannot shoot enemy ``target`` now ("" when the shot is open), in the game's words.

    >>> import explorer
    >>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
    >>> shot_refusal(s, 0, "Interceptor", "Fighter")
    ''
    >>> shot_refusal(s.with_ship(0, "Interceptor", pose=s.fleets[0].ship("Interceptor").pose.facing(180)),
    ...              0, "Interceptor", "Fighter")
    "enemy Fighter is behind Interceptor's firing arc (the 180° forward of its front edge)"
    """
    fleet, enemy_fleet = state.fleets[player], state.fleets[1 - player]
    names = [s.name for s in fleet.ships]
    if name not in names:
        return f"{state.game.player_name(player)} has no ship called {name!r}; their ships: {', '.join(names)}"
    ship = fleet.ship(name)
    enemies = [s.name for s in enemy_fleet.ships]
    if target not in enemies:
        return f"the other player has no ship called {target!r}; their ships: {', '.join(enemies)}"
    enemy = enemy_fleet.ship(target)
    if not ship.on_table:
        return f"{name} is not on the table" + (" (destroyed)" if ship.destroyed else "")
    if not enemy.on_table:
        return f"enemy {target} is not on the table" + (" (destroyed)" if enemy.destroyed else "")
    if ship.shot:
        return f"{name} has already shot this Combat Phase"
    if fleet.passed:
        return f"{state.game.player_name(player)} has held fire for the rest of this Combat Phase"
    assert ship.pose is not None and enemy.pose is not None
    d = shot_distance(state, ship, ship.pose, enemy.pose)
    if d is None:
        return f"enemy {target} is behind {name}'s firing arc ({_arc_words(state, ship)})"
    reach = shooting_range(state, player, name)
    if d > reach + TOLERANCE:
        return f"enemy {target} is in {name}'s firing arc but at range {d:.1f}, beyond its range {reach}"
    return ""


_SHOT = re.compile(r"^\s*(?P<ship>.+?)\s+shoots\s+(?:enemy\s+)?(?P<target>.+?)"
                   r"(?:\s*,\s*drawing a card|\s+with\s+(?P<card>.+?))?\s*$", re.IGNORECASE)


def read_shot(state: "FleetState", text: str) -> Action | None:
    """A typed shot as an action, legal or not ("Fighter 2 shoots enemy Hopper 1 with Repair 3"), else ``None``.

    Ship and card names are matched without regard to case; a name that matches
    nothing is kept as typed, so the refusal can name it.

    >>> import explorer
    >>> s = explorer.load_game("fleet_command").position_from_text(EXAMPLE)
    >>> read_shot(s, "interceptor shoots enemy fighter, drawing a card").args
    ('Interceptor', 'Fighter', '')
    """
    m = _SHOT.match(text)
    if m is None:
        return None
    player = state.actor

    def named(typed: str, names: list[str]) -> str:
        return next((n for n in names if n.lower() == typed.strip().lower()), typed.strip())

    ship = named(m["ship"], [s.name for s in state.fleets[player].ships])
    target = named(m["target"], [s.name for s in state.fleets[1 - player].ships])
    card = named(m["card"], [str(c) for c in state.fleets[player].hand.kinds()]) if m["card"] else ""
    return Action("shoot", (ship, target, card))


def _arc_words(state: "FleetState", ship: "Ship") -> str:
    if fronts(state, ship) == 2:
        return "the 180° forward of either short side"
    return "the 180° forward of its front edge"


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
    for card in hand_cards(state, fleet.hand, "Energy Surge"):
        out.append(("surge", card))
    return out


def hand_cards(state: "FleetState", hand: Multiset, effect: str) -> tuple[str, ...]:
    """The cards of ``hand`` with ``effect``, in the hand's order (remembered per hand: a hand is a value).

    >>> import explorer
    >>> s = explorer.load_game("fleet_command", variant="untested_ships").position_from_text(CONSTRUCTION_EXAMPLE)
    >>> hand_cards(s, s.fleets[0].hand, "Energy Surge"), hand_cards(s, s.fleets[0].hand, "Big Guns")
    (('Energy Surge 2',), ())
    """
    by_effect = _HANDS.get(hand)
    if by_effect is None:
        if len(_HANDS) >= 20_000:
            _HANDS.clear()
        found: dict[str, list[str]] = {}
        for card in hand.kinds():
            found.setdefault(state.data.card_effect(str(card)), []).append(str(card))
        by_effect = _HANDS[hand] = {e: tuple(cards) for e, cards in found.items()}
    return by_effect.get(effect, ())


_HANDS: dict[Multiset, dict[str, tuple[str, ...]]] = {}
"""Each hand's cards by effect (the game's one data set names the effects)."""


def pay(state: "FleetState", player: int, name: str, how: str, source: str) -> "FleetState":
    """Pay one activation of ``name`` and mark it activated."""
    return pay_cube(state, player, name, how, source).with_ship(player, name, activated=True)


Payment = tuple[str, str]
"""One cube of an activation: ``("cube", "")`` (the ship's own), ``("hopper", H)`` or ``("surge", card)``."""


def construction_payments(state: "FleetState", player: int, name: str,
                          attaching: str) -> list[tuple[Payment, Payment]]:
    """The ways to pay the Construction Ship's two cubes ("To activate, remove two cubes") while attaching
    ``attaching`` from hand.

    Each cube may come from the ship itself (never its last cube), from a Hopper in
    range 2 (seed: "you may activate that ship by removing an activation cube from
    this ship instead"; never the Hopper's last) or be an Energy Surge from hand
    (seed: "When a cube would be removed from a ship for an activation, instead you
    may play this card"). Pairs are unordered: each is offered once.

    >>> import explorer
    >>> s = explorer.load_game("fleet_command", variant="untested_ships").position_from_text(
    ...     CONSTRUCTION_EXAMPLE)
    >>> construction_payments(s, 0, "Construction Ship", "Repair 3")
    [(('cube', ''), ('hopper', 'Hopper')), (('cube', ''), ('surge', 'Energy Surge 2')), (('hopper', 'Hopper'), ('hopper', 'Hopper')), (('hopper', 'Hopper'), ('surge', 'Energy Surge 2'))]
    """
    fleet = state.fleets[player]
    ship = fleet.ship(name)
    if ship.activated or not ship.on_table:
        return []
    can: dict[Payment, int] = {("cube", ""): ship.cubes - 1}
    for other in fleet.ships:
        if other.kind == "Hopper" and other.name != name and other.on_table and in_ability_range(state, other, ship):
            can[("hopper", other.name)] = other.cubes - 1
    hand = fleet.hand.remove(attaching)
    for card in hand.kinds():
        if state.data.card_effect(str(card)) == "Energy Surge":
            can[("surge", str(card))] = hand.count(card)
    ways = [k for k, n in can.items() if n > 0]
    return [(a, b) for i, a in enumerate(ways) for b in ways[i:] if a != b or can[a] >= 2]


def pay_cube(state: "FleetState", player: int, name: str, how: str, source: str) -> "FleetState":
    """One cube of ``name``'s activation paid by ``how`` (the ship is not marked: a payment may be one of two)."""
    fleet = state.fleets[player]
    if how in ("cube", "hopper"):
        payer = name if how == "cube" else source
        state = state.with_ship(player, payer, cubes=fleet.ship(payer).cubes - 1)
        return state.with_fleet(player, supply=state.fleets[player].supply + 1)
    if how == "surge":
        state = state.with_fleet(player, hand=fleet.hand.remove(source))
        return state.replace(discard=state.discard.add(source))
    raise ValueError(f"unknown payment {how!r}")


def construction_payment_words(pair: tuple[Payment, Payment]) -> str:
    """", paid by Hopper and a cube" — nothing when the ship pays both cubes itself."""
    if pair == (("cube", ""), ("cube", "")):
        return ""
    words = {"cube": "a cube of its own", "hopper": "a cube from {}", "surge": "{}"}
    return ", paid with " + " and ".join(words[how].format(source) for how, source in pair)


def payment_words(how: str, source: str) -> str:
    return {"cube": "", "hopper": f" paid by {source}", "surge": f" paid with {source}"}[how]


# --- cards from hand or from an attachment ------------------------------------------------
def card_sources(state: "FleetState", player: int, effect: str) -> list[tuple[str, str]]:
    """Every ``(card, carrier)`` with that effect the player may play; carrier ``""`` is the hand."""
    fleet = state.fleets[player]
    out = [(c, "") for c in hand_cards(state, fleet.hand, effect)]
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
    return state.replace(discard=state.discard.add(card))


def card_words(card: str, carrier: str) -> str:
    return f"{card} attached to {carrier}" if carrier else card
