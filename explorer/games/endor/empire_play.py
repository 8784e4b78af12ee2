"""How the heuristic plays the Empire: guard the Death Star, shoot what threatens it, kill Luke first.

The Rebels win with one 6 rolled at the Death Star from the inner ring once the
shields are down; the Empire wins by destroying every Rebel ship. A table
player of the Empire therefore plays by these rules of thumb, each worked out
from the position with the game's own rules and exact odds:

1. **Hold the inner ring.** Rebel ships may not enter a sector holding TIEs
   (seed §5A), so TIEs in every inner sector keep the Rebels from the Death
   Star. TIEs and the Executor move to fill the inner sectors the Rebels could
   reach next (:func:`death_star_reach`), most dangerous first, then toward the
   inner ring; the Executor parks in it, so that new TIEs deploy there.
2. **Shoot what threatens the Death Star.** An attack's value is its exact
   expected losses (:func:`~explorer.games.endor.odds.attack_odds`) weighted by
   how close the target sector is to the Death Star; the Death Star fires at the
   fleet marker with the most fighters, then at the Rebel stack nearest the
   Death Star.
3. **Ambush the strike team** when the shields are threatened: stormtroopers
   are worth more the nearer the strike team is to the end of the track.
4. **Kill Luke before he redeems Vader**: the Emperor's two sure hits and
   Darth Vader's four dice are worth the 4 bonus orders Luke's death earns and
   the 5 that Vader Redeemed would give the Rebels.
5. **Hit the fighters before the Falcon**: a die goes on the Falcon's track
   only when the dice left can finish it; otherwise it destroys the hardest
   fighter it can reach (a fleet marker first).

>>> import explorer
>>> s = explorer.load_game("endor").initial_state()
>>> [(s.data.nodes[n], dice) for n, dice in death_star_reach(s, s.ships) if dice]   # at the start
[('I22', 5), ('I23', 5), ('I24', 4)]
"""

from __future__ import annotations

from explorer.core.actions import whole_arg
from explorer.core import Action

from explorer.games.endor.data import EndorData
from explorer.games.endor.board import (FLEET_MARKER, attack_sources, attack_targets, death_star_targets,
                                        executor_node, move_destinations)
from explorer.games.endor.census import census
from explorer.games.endor.odds import attack_odds, death_star_final, death_star_shot, duel_odds
from explorer.games.endor.orders import free_spaces, order_refusal
from explorer.games.endor.state import DEATH_STAR, EXECUTOR, FALCON, REBEL_TYPES, TIE, EndorState

Ships = tuple[tuple[int, ...], ...]

GUARD_WEIGHT = 12.0
"""What the Rebels' best chance of destroying the Death Star next order is worth (in ships destroyed)."""
HELD_INNER = 0.6
"""What one inner sector held by the Empire is worth, whatever the shields (the wall is built in time)."""
LUKE_HIT = 1.2
"""One hit on Luke's track (in ships destroyed); his death is worth :data:`LUKE_DEAD` more."""
LUKE_DEAD = 8.0
TROOPER = 0.5
"""One stormtrooper placed when the strike team has the whole track ahead (more as it nears the end)."""


# --- where the Rebels could attack the Death Star from ------------------------------------------
def death_star_reach(state: EndorState, ships: Ships) -> tuple[tuple[int, int], ...]:
    """For each inner sector not held by the Empire: the most dice one Rebel order could roll at the
    Death Star from it next (ships of one type there, plus one stack of that type moving in).

    Rebel ships may not move into or through a sector holding TIEs or the Executor (seed §5A); the
    Falcon moves 2. In ``sw_ksirk_moved_ships_only`` only the ships that move in roll.
    """
    mask = census(ships).empire_mask
    options = dice_options(state, ships)
    return tuple((n, max((d for d, needs, at in options if at == n and not needs & mask), default=0))
                 for n in state.data.rings["inner_ring"] if not mask >> n & 1)


def dice_options(state: EndorState, ships: Ships) -> tuple[tuple[int, int, int], ...]:
    """Every way one Rebel order could attack the Death Star next, most dice first: ``(dice, needs,
    inner sector)``, where ``needs`` is the mask of the sectors that must stay free of Imperial ships
    (the inner sector, and the one the Falcon flies through). An Empire move changes only which sectors
    it holds, so the Rebels' best next attack after it is the first option whose needs it leaves free."""
    data, rules = state.data, state.rules
    facts = census(ships)
    cap = 0 if rules.uncapped_death_star_dice else data.limits["dice_per_attack"]
    within_two = _board(data)[1]
    slots = data.slot_mask
    out = []
    for n in data.rings["inner_ring"]:
        if not within_two[n] & facts.rebel_mask:
            continue   # no Rebel ship within two sectors: none can attack from here next
        bit = 1 << n
        for kind in REBEL_TYPES:
            at = facts.kind_masks[kind]
            if not at & within_two[n]:
                continue
            stats = data.ship_types[kind]
            here = 0 if rules.moved_ships_only else ships[n][kind]

            def add(count: int, needs: int) -> None:
                dice = count * stats.dice
                if dice:
                    out.append((min(dice, cap) if cap else dice, needs, n))

            add(here, bit)
            for src in data.adjacent[n]:
                if not slots >> src & 1:
                    add(here + ships[src][kind], bit)
                    if stats.moves > 1:
                        for far in data.adjacent[src]:
                            if far != n and not slots >> far & 1:
                                add(here + ships[far][kind], bit | 1 << src)
    out.sort(key=lambda o: -o[0])
    return tuple(out)


_FINAL: dict[int, float] = {}


def _final(dice: int) -> float:
    """:func:`~explorer.games.endor.odds.death_star_final` as a float, remembered per number of dice."""
    p = _FINAL.get(dice)
    if p is None:
        p = _FINAL[dice] = float(death_star_final(dice))
    return p


def urgency(state: EndorState) -> float:
    """How much the Death Star's guard matters now: 1 once the shields are down, less while the strike
    team still has far to go (a Shield Assault advances the team about 4 spaces at first)."""
    if state.shields_down:
        return 1.0
    left = len(state.data.track) - state.strike_team
    return max(0.15, 1.0 - left / len(state.data.track))


def _held(ties: int, executor: int) -> float:
    """What one inner sector's Imperial ships are worth to the guard (0 when it holds none)."""
    if not (ties or executor):
        return 0.0
    return HELD_INNER + 0.08 * min(ties, 5) + (0.4 if executor else 0.0)


class Guard:
    """How well the Empire guards the Death Star: the inner sectors it holds (more TIEs, stronger; the
    Executor stronger still) minus the Rebels' best chance at it next order, weighted by :func:`urgency`.

    Worked out for one position, then for each position its Empire moves leave: a move changes two
    sectors and which sectors the Empire holds, never a Rebel ship, so each is judged from the two rows
    it changes, and the danger is read from the Rebels' options (:func:`dice_options`)."""

    def __init__(self, state: EndorState) -> None:
        data = state.data
        self.state = state
        self.ships = state.ships
        self.mask = census(state.ships).empire_mask
        self.weight = GUARD_WEIGHT * urgency(state)
        self.inner = data.inner_mask
        self.near = data.inner_mask | sum(1 << n for n in data.rings["middle_ring"])
        self.ring = _ring_distance(data)
        self.held = sum(_held(state.ships[n][TIE], state.ships[n][EXECUTOR]) for n in data.rings["inner_ring"])
        self.options = dice_options(state, state.ships)
        self.now = self.held - self.weight * self._danger(self.mask)

    def _danger(self, mask: int) -> float:
        """The Rebels' best chance at the Death Star next order while the Empire holds ``mask``."""
        for dice, needs, _ in self.options:
            if not needs & mask:
                return _final(dice)
        return 0.0

    def deployed(self, at: int, n: int) -> float:
        """The guard after ``n`` TIEs deploy at ``at`` (the Executor's sector, already held)."""
        if not self.inner >> at & 1:
            return self.now
        row = self.ships[at]
        return self.now - _held(row[TIE], row[EXECUTOR]) + _held(row[TIE] + n, row[EXECUTOR])

    def moved(self, kind: int, k: int, src: int, dst: int) -> float:
        """The guard after ``k`` ships of ``kind`` move from ``src`` to ``dst``."""
        near = self.near
        if not (near >> src & 1 or near >> dst & 1):
            return self.now   # outside the inner and middle rings: no Rebel path opens or closes
        a, b = self.ships[src], self.ships[dst]
        a_ties, a_exec, b_ties, b_exec = a[TIE], a[EXECUTOR], b[TIE], b[EXECUTOR]
        if kind == TIE:
            a_ties, b_ties = a_ties - k, b_ties + k
        else:
            a_exec, b_exec = a_exec - k, b_exec + k
        held = self.held
        inner = self.inner
        if inner >> src & 1:
            held += _held(a_ties, a_exec) - _held(a[TIE], a[EXECUTOR])
        if inner >> dst & 1:
            held += _held(b_ties, b_exec) - _held(b[TIE], b[EXECUTOR])
        mask = self.mask | 1 << dst
        if not (a_ties or a_exec):
            mask &= ~(1 << src)
        return held - self.weight * self._danger(mask)

    def value(self, state: EndorState, action: Action) -> float:
        """A TIE or Executor move (or deployment, or none): the guard it leaves, plus a little for every
        TIE it brings a ring nearer the Death Star (a deployment: for each TIE it adds)."""
        data = state.data
        if action.kind == "deploy":
            n = min(data.limits["tie_deploy"], state.tie_reserve)
            return self.deployed(data.index[str(action.args[0])], n) + 0.25 * n
        if action.kind != "move":
            return self.now
        k, kind = whole_arg(action.args[0]), data.type_index(str(action.args[1]))
        src, dst = data.index[str(action.args[2])], data.index[str(action.args[3])]
        closer = 0.05 * (self.ring[src] - self.ring[dst]) * (k if kind == TIE else 3)
        return self.moved(kind, k, src, dst) + closer


def _ring_distance(data: EndorData) -> tuple[int, ...]:
    """Each node's ring: 0 inner, 1 middle, 2 outer, 3 fleet-marker slot."""
    return _board(data)[0]


def _board(data: EndorData) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each node's ring (:func:`_ring_distance`) and the mask of the nodes at most two sectors from it
    (itself included), worked out once per board."""
    known = _RINGS.get(id(data))
    if known is not None and known[0] is data:
        return known[1], known[2]
    ring = [3] * len(data.nodes)
    for r, key in enumerate(("inner_ring", "middle_ring", "outer_ring")):
        for n in data.rings[key]:
            ring[n] = r
    two = []
    for n in range(len(data.nodes)):
        near = data.adjacent_mask[n] | 1 << n
        for m in data.adjacent[n]:
            near |= data.adjacent_mask[m]
        two.append(near)
    _RINGS[id(data)] = (data, tuple(ring), tuple(two))
    return tuple(ring), tuple(two)


_RINGS: dict[int, tuple[EndorData, tuple[int, ...], tuple[int, ...]]] = {}


# --- the value of a Rebel sector as a target ----------------------------------------------------
def target_weight(state: EndorState, node: int) -> float:
    """How much destroying a ship at ``node`` helps the Empire: 1, more in the inner ring (a ship
    there attacks the Death Star with no move) and next to it, more again as the shields fall."""
    data = state.data
    u = urgency(state)
    if data.inner_mask >> node & 1:
        return 1.0 + 3.0 * u
    if data.adjacent_mask[node] & data.inner_mask:
        return 1.0 + 1.5 * u
    return 1.0


def attack_value(state: EndorState, kind: int, source: int, target: int) -> float:
    """An Empire attack's worth: exact expected losses × :func:`target_weight`, +1 if it clears the
    sector (a bonus order), + the Falcon's or Executor's expected track hits × 0.3."""
    odds = attack_odds(state, kind, source, target)
    return (float(odds.expected_losses) * target_weight(state, target) + float(odds.cleared)
            + 0.3 * float(odds.track_hits.mean()))


def death_star_value(state: EndorState, node: int) -> float:
    """A Death Star hit on ``node``: its Rebel ships (the Falcon as 3) × :func:`target_weight`, + 1 bonus order."""
    row = state.ships[node]
    ships = row[0] + row[1] + row[2] + 3 * row[FALCON]
    return ships * target_weight(state, node) + 1.0 + (2.0 if row[FALCON] else 0.0)


# --- moves --------------------------------------------------------------------------------------
def _candidate_moves(state: EndorState, actions: tuple[Action, ...]) -> list[Action]:
    """The moves worth judging: a whole stack, or half of it (the rest keeps the sector)."""
    data = state.data
    out = []
    for a in actions:
        if a.kind != "move":
            out.append(a)
            continue
        k = whole_arg(a.args[0])
        here = state.ships[data.index[str(a.args[2])]][data.type_index(str(a.args[1]))]
        if k == here or k == (here + 1) // 2:
            out.append(a)
    return out


def choose_move(state: EndorState, actions: tuple[Action, ...]) -> Action:
    """The Empire's move: the candidate (:func:`_candidate_moves`) with the best :meth:`Guard.value`."""
    judge = Guard(state)
    return max(_candidate_moves(state, actions), key=lambda a: judge.value(state, a))


def choose_attack(state: EndorState, actions: tuple[Action, ...]) -> Action:
    """The Empire's attack with the best :func:`attack_value` (an attack costs nothing, so any beats none)."""
    data = state.data
    best, value = actions[-1], 0.0
    for a in actions:
        if a.kind == "attack":
            v = attack_value(state, state.step.ship, data.index[str(a.args[0])], data.index[str(a.args[1])])
            if v > value:
                best, value = a, v
    return best


def choose_target(state: EndorState, actions: tuple[Action, ...]) -> Action:
    """The Death Star's target: the most valuable (:func:`death_star_value`)."""
    return max(actions, key=lambda a: death_star_value(state, state.data.index[str(a.args[0])]))


def choose_hit(state: EndorState, actions: tuple[Action, ...]) -> Action:
    """Where an Empire die goes: a fleet marker, else the Falcon if the dice left (this one included)
    can fill its track, else the hardest fighter it can destroy."""
    names = [str(a.args[0]) for a in actions]
    if FLEET_MARKER in names:
        return actions[names.index(FLEET_MARKER)]
    data = state.data
    if "Falcon" in names:
        left = data.ship_types[FALCON].hits - state.falcon_hits
        hit_on = data.ship_types[FALCON].hit_on
        if sum(f >= hit_on for f in state.step.faces) >= left or len(names) == 1:
            return actions[names.index("Falcon")]
    rank = {"B-wing": 3, "Y-wing": 2, "X-wing": 1}
    return max(actions, key=lambda a: rank.get(str(a.args[0]), 0))


# --- orders -------------------------------------------------------------------------------------
def order_values(state: EndorState) -> dict[str, float]:
    """Each Empire order's worth in this position (0 when the rules refuse it), on one scale: Rebel
    ships destroyed, or their equivalent. Reads only what ``policies._odds_key`` names."""
    data = state.data
    values: dict[str, float] = {}
    judge: Guard | None = None
    for order in ("TIE Fighter", "Executor", "Death Star", "Shield Ambush", "Darth Vader", "Emperor"):
        if order_refusal(state, order):
            values[order] = 0.0
        elif order == "Death Star":
            best = max(death_star_value(state, n) for n in death_star_targets(state))
            values[order] = float(death_star_shot()) * best
        elif order == "Shield Ambush":
            placed = min(data.limits["stormtroopers_per_ambush"],
                         data.limits["stormtroopers"] - len(state.troopers), len(free_spaces(state)))
            values[order] = placed * TROOPER * (1.0 + 3.0 * urgency(state))
        elif order in ("Darth Vader", "Emperor"):
            values[order] = _duel_value(state, order)
        else:
            judge = judge or Guard(state)
            values[order] = _ship_order_value(state, TIE if order == "TIE Fighter" else EXECUTOR, judge)
    return values


def _duel_value(state: EndorState, order: str) -> float:
    """Hits on Luke: :data:`LUKE_HIT` each (twice that once Vader is on a red space and could be
    redeemed), :data:`LUKE_DEAD` × the exact chance this order destroys him."""
    if not state.luke_alive:
        return 0.0
    left = state.rules.luke_hits - state.luke_hits
    kill = float(duel_odds(state)[order]["Luke destroyed"])
    per_hit = LUKE_HIT * (2.0 if 1 <= state.vader_left <= state.rules.red_spaces else 1.0)
    hits = min(2, left) if order == "Emperor" else min(2.0, float(left))   # Darth Vader: 2 hits expected
    return kill * LUKE_DEAD + per_hit * hits


def _ship_order_value(state: EndorState, kind: int, judge: Guard) -> float:
    """A TIE or Executor order: its best attack from where the ships stand, plus what its best move
    or deployment adds to the Death Star's guard."""
    data = state.data
    attack = 0.0
    for src in attack_sources(state, kind):
        for tgt in attack_targets(state, kind, src):
            if tgt != DEATH_STAR:
                attack = max(attack, attack_value(state, kind, src, tgt))
    gain = 0.0
    at = executor_node(state)
    if kind == TIE and at >= 0 and state.tie_reserve:
        gain = judge.value(state, Action("deploy", (data.nodes[at],))) - judge.now
    facts = census(state.ships)
    mask = facts.kind_masks[kind] & ~data.slot_mask
    ring, near, now = judge.ring, judge.near, judge.now
    while mask:
        low = mask & -mask
        mask ^= low
        src = low.bit_length() - 1
        here = state.ships[src][kind]
        for dst in move_destinations(state, kind, src):
            closer = 0.05 * (ring[src] - ring[dst]) * (here if kind == TIE else 3)
            if not (near >> src & 1 or near >> dst & 1):
                gain = max(gain, closer)   # far from the Death Star: only the approach counts
                continue
            for k in {here, (here + 1) // 2}:
                gain = max(gain, judge.moved(kind, k, src, dst) + closer * k / here - now)
    return attack + gain + 0.3
