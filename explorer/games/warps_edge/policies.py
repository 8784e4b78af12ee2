"""A heuristic pilot that plans each step 2 as a whole.

The plan, in order of priority:

1. use an activated skill at once; resolve rewards by taking the most useful token
   (and removing the least useful one for shield damage);
2. defeat a mothership section whenever the pool and hold can finish it now;
3. Warhammer the most dangerous enemy;
4. stun every attacker it can, most dangerous first, with the cheapest token that
   stuns — a token that would also defeat the enemy is used only when the
   reward is worth the empty slot (an empty slot lets some sections attack);
5. put the rest on the section it can still finish before the warp ends;
6. energy: charge an energy section, repair shields when the next attacks would
   break them, otherwise spend on buying lasers and maneuvers;
7. keep the best leftover token in the hold, then end the step.

It only ever picks among ``state.legal_actions()``, so it cannot break a rule.

>>> import explorer
>>> from explorer import Match
>>> m = Match(explorer.load_game("warps_edge"), seed=1)
>>> _ = m.play("heuristic")
>>> m.state.is_terminal()
True
"""

from __future__ import annotations

from explorer.core import Action, Multiset
from explorer.games.warps_edge.actions import target_problem
from explorer.games.warps_edge.effects import skill_needs, stuns
from explorer.games.warps_edge.rules import section_attacks
from explorer.games.warps_edge.state import WarpsEdgeState

METHOD_KIND = {"lasers": "laser", "maneuvers": "maneuver", "energy": "energy"}


def token_score(st: WarpsEdgeState, tid: str) -> float:
    """How much the heuristic values a token (higher is better)."""
    t = st.token(tid)
    if t.kind == "laser":
        return t.value + 0.5
    if t.kind == "energy":
        return t.value
    if t.kind == "maneuver":
        return 1.6
    return 2.0 + t.cost / 2


def _value(st: WarpsEdgeState, tid: str, kind: str) -> int:
    """What a token adds to a section defeated by ``kind`` (laser, maneuver or energy)."""
    t = st.token(tid)
    if kind == "energy":
        return t.value if t.kind == "energy" else 0
    if t.effect == "photon_blast":
        return 0
    return t.laser_value if kind == "laser" else t.maneuver_value


def _stuns(st: WarpsEdgeState, tid: str) -> bool:
    t = st.token(tid)
    return (t.kind in ("laser", "maneuver") or t.effect in ("laser", "maneuver", "stun")) and stuns(st, tid)


def _reward_score(st: WarpsEdgeState, rewards) -> float:
    score = 0.0
    for r in rewards:
        if r.kind == "gain":
            score += token_score(st, r.token) * min(r.amount, st.supply.count(r.token))
        elif r.kind in ("draw", "any"):
            score += 2.5 * (r.amount if r.kind == "draw" else 1)
        elif r.kind == "recover":
            score += min(r.amount, len(st.discard)) * 1.5
        elif r.kind == "shields":
            score += min(r.amount, st.max_shields - st.shields) * 0.5
        elif r.kind == "skill":
            score += 2.0
    return score


def _incoming(st: WarpsEdgeState, row=None) -> int:
    """Damage the next step 3 deals if nothing more is stunned."""
    row = st.row if row is None else row
    dmg = sum(max(0, st.data.enemy(t.card).attack - st.armor) for t in row if t.card and not t.stunned)
    secs = st.data.mothership(st.mothership).sections
    for j, (t, sec) in enumerate(zip(st.sections, secs)):
        if not t.defeated and not t.stunned and section_attacks(st, j, row):
            dmg += max(0, sec.attack - st.armor)
    return dmg


def _section_plan(st: WarpsEdgeState) -> list[tuple[int, str, int, int]]:
    """Targetable live sections as (index, token kind, still needed, reachable this warp), easiest first."""
    secs = st.data.mothership(st.mothership).sections
    later = st.pool + st.hold + (st.bag if len(st.bag) >= 5 else Multiset())
    out = []
    for j, (t, sec) in enumerate(zip(st.sections, secs)):
        if t.defeated or target_problem(st, f"section {j + 1}"):
            continue
        kind = METHOD_KIND[sec.method]
        need = sec.stat - {"laser": t.lasers, "maneuver": t.maneuvers, "energy": t.energy}[kind]
        reach = sum(_value(st, str(k), kind) * n for k, n in later.items())
        out.append((j, kind, need, reach))
    return sorted(out, key=lambda x: x[2] - x[3])


def heuristic_policy(st: WarpsEdgeState, rng: object) -> Action:
    acts = st.legal_actions()
    table = {(a.kind, a.args): a for a in acts}

    def find(kind: str, *args: str) -> Action | None:
        return table.get((kind, tuple(args)))

    def listed(kind: str, *args: str) -> Action:
        """``find``'s move where the plan's step knows it is legal (its comment says why)."""
        move = find(kind, *args)
        assert move is not None, f"the plan's {kind} move is among the legal actions"
        return move

    if st.pending:
        return _choose_pending(st, acts)
    if st.stage == "setup-keep":
        return max(acts, key=lambda a: _skill_score(st, str(a.args[0])))
    for a in acts:
        if a.kind == "skill":
            return a
    data = st.data
    pool = st.pool

    def place(tid: str, where: str) -> Action | None:
        return (find("fire", tid, where) or find("use", tid, where) or find("maneuver", tid, where)
                or find("charge", tid, where))

    # 2. Finish a section now (pool + hold).
    plan = _section_plan(st)
    for j, kind, need, _ in plan:
        have = pool + st.hold
        if sum(_value(st, str(k), kind) * n for k, n in have.items()) >= need:
            best = max((k for k in map(str, have.kinds()) if _value(st, k, kind) > 0),
                       key=lambda k: _value(st, k, kind))
            if best not in pool:
                return listed("take", best)  # it is in the hold
            move = place(best, f"section {j + 1}")
            assert move is not None, "a token that adds to a targetable section can be placed on it"
            return move
    # 3. Warhammer the most dangerous enemy.
    enemies = sorted((i for i, t in enumerate(st.row) if t.card and not t.stunned),
                     key=lambda i: -data.enemy(st.row[i].card).attack)
    for tid in map(str, pool.kinds()):
        if st.token(tid).effect == "warhammer" and enemies:
            return listed("use", tid, f"slot {enemies[0] + 1}")  # a Warhammer is used on any enemy
    # 4. Stun attackers, most dangerous first.
    for i in enemies:
        if data.enemy(st.row[i].card).attack - st.armor <= 0:
            continue
        choice = _stun_token(st, i)
        if choice is not None:
            return choice
    # Photon Blast on the most dangerous adjacent pair.
    for tid in map(str, pool.kinds()):
        if st.token(tid).effect == "photon_blast":
            pairs = [a for a in acts if a.kind == "use" and a.args[0] == tid and str(a.args[1]).startswith("slots")]
            if pairs:
                return max(pairs, key=lambda a: _pair_threat(st, str(a.args[1])))
    # 5. Push the section that can still fall this warp.
    for j, kind, need, reach in plan:
        if reach < need:
            continue
        for tid in sorted(map(str, pool.kinds()), key=lambda k: -_value(st, k, kind)):
            if _value(st, tid, kind) > 0 and (move := place(tid, f"section {j + 1}")):
                return move
    # 6. Energy.
    energy = sorted((t for t in map(str, pool.kinds()) if st.token(t).kind == "energy"),
                    key=lambda t: st.token(t).value)
    for a in acts:
        if a.kind == "assign" and _can_finish(st, str(a.args[1])) and _skill_score(st, str(a.args[1])) > 0:
            return a
    if energy:
        threat = _incoming(st)
        if st.shields < min(st.max_shields, threat + 2) and (repair := find("repair", energy[-1])):
            return repair
    if st.credit > 0:
        buys = [a for a in acts if a.kind == "buy" and st.token(str(a.args[0])).kind != "energy"]
        if buys:
            return max(buys, key=lambda a: (token_score(st, str(a.args[0])), st.token(str(a.args[0])).cost))
    if energy:
        if st.shields < st.max_shields - 1 and (repair := find("repair", energy[-1])):
            return repair
        return listed("spend", energy[-1])  # energy in the pool can always be spent
    for tid in map(str, pool.kinds()):
        if st.token(tid).effect in ("rupture", "enhance", "shields") and (use := find("use", tid, "")):
            return use
    # 7. Keep the best leftover in the hold.
    keep = [a for a in acts if a.kind == "store"]
    if keep:
        return max(keep, key=lambda a: token_score(st, str(a.args[0])))
    return listed("end")  # step 2 can always end


def _stun_token(st: WarpsEdgeState, i: int) -> Action | None:
    """The cheapest way to stun the enemy in slot ``i``; a kill only when its reward is worth it."""
    t = st.row[i]
    e = st.data.enemy(t.card)
    where = f"slot {i + 1}"
    options = []
    for tid in map(str, st.pool.kinds()):
        if not _stuns(st, tid):
            continue
        tok = st.token(tid)
        kills = (t.lasers + tok.laser_value >= e.hull) or (t.maneuvers + tok.maneuver_value >= e.speed)
        reward = e.destroy_reward if t.lasers + tok.laser_value >= e.hull else e.evade_reward
        cost = token_score(st, tid)
        if kills:
            row = tuple(x if k != i else type(x)() for k, x in enumerate(st.row))
            opened = _incoming(st, row) - (_incoming(st) - max(0, e.attack - st.armor))
            cost += 1.5 * opened - _reward_score(st, reward)
        options.append((cost, tid))
    if not options:
        return None
    cost, tid = min(options)
    acts = {(a.kind, a.args): a for a in st.legal_actions()}
    return acts.get(("fire", (tid, where))) or acts.get(("maneuver", (tid, where))) or acts.get(("use", (tid, where)))


def _pair_threat(st: WarpsEdgeState, pair: str) -> int:
    a, b = (int(x) - 1 for x in pair.split()[1].split("-"))
    return sum(st.data.enemy(st.row[k].card).attack for k in (a, b) if not st.row[k].stunned)


def _skill_score(st: WarpsEdgeState, name: str) -> float:
    sk = st.data.skill(name)
    cost = sk.energy + sk.laser * 1.5 + sk.maneuver * 1.5
    gain = 0.0
    for r in sk.effects:
        gain += {"armor": 6, "stun": 5, "repair": 2, "max shields": 2, "hold": 2, "buy credit": 1}.get(r.kind, 0)
    gain += _reward_score(st, [r for r in sk.effects if r.kind not in ("armor", "stun")])
    return gain - cost


def _choose_pending(st: WarpsEdgeState, acts) -> Action:
    kind = st.pending[0].kind
    ranked = sorted(acts, key=lambda a: token_score(st, a.args[0]))
    if kind == "remove":
        return ranked[0]
    if kind == "rupture":
        return next((a for a in acts if st.token(a.args[0]).kind == "laser"), ranked[-1])
    return ranked[-1]


def _can_finish(st: WarpsEdgeState, name: str) -> bool:
    """Whether the pool holds enough to finish paying for skill ``name`` this turn."""
    card = next(c for c in st.skills if c.name == name)
    have = {"energy": 0, "laser": 0, "maneuver": 0}
    for tid, n in st.pool.items():
        t = st.token(str(tid))
        if t.kind in have:
            have[t.kind] += t.value * n
    return all(have[k] >= v for k, v in skill_needs(st, card).items())
