"""A simple heuristic pilot: stun or defeat the most dangerous enemy first, then push the mothership.

It only ever picks among ``state.legal_actions()``, so it cannot break a rule.

>>> import explorer, numpy as np
>>> from explorer import Match
>>> m = Match(explorer.load_game("warps_edge"), seed=1)
>>> _ = m.play("heuristic")
>>> m.state.is_terminal()
True
"""

from __future__ import annotations

from explorer.core import Action
from explorer.games.warps_edge.state import WarpsEdgeState


def token_score(st: WarpsEdgeState, tid: str) -> float:
    """How much the heuristic values a token (higher is better)."""
    t = st.token(tid)
    if t.kind == "laser":
        return t.value + 0.5
    if t.kind == "energy":
        return t.value
    if t.kind == "maneuver":
        return 1.2
    return 2.0 + t.cost / 2


def heuristic_policy(st: WarpsEdgeState, rng: object) -> Action:
    acts = st.legal_actions()
    table = {(a.kind, a.args): a for a in acts}

    def find(kind: str, *args: str) -> Action | None:
        return table.get((kind, tuple(args)))

    if st.pending:
        kind = st.pending[0].kind
        ranked = sorted(acts, key=lambda a: token_score(st, a.args[0]))
        if kind == "remove":
            return ranked[0]
        if kind == "rupture":
            return next((a for a in acts if st.token(a.args[0]).kind == "laser"), ranked[-1])
        return ranked[-1]
    if st.stage == "setup-keep":
        return acts[0]
    pool = st.pool
    data = st.data
    lasers = sorted((t for t in pool.kinds() if st.token(t).counts_as == "laser" and st.token(t).effect != "photon_blast"),
                    key=lambda t: st.token(t).value)
    enemies = sorted((i for i, t in enumerate(st.row) if t.card), key=lambda i: -data.enemy(st.row[i].card).attack)

    def shoot(tid: str, where: str) -> Action | None:
        return find("fire", tid, where) or find("use", tid, where) or find("maneuver", tid, where)

    # 1. Warhammer the most dangerous enemy.
    for tid in pool.kinds():
        if st.token(tid).effect == "warhammer" and enemies:
            target = enemies[0]
            if not st.row[target].stunned and data.enemy(st.row[target].card).attack >= 2:
                return find("use", tid, f"slot {target + 1}")
    # 2. Each unstunned enemy, most dangerous first: destroy or evade it if one token does it.
    live = [i for i in enemies if not st.row[i].stunned]
    for i in live:
        t, e, where = st.row[i], data.enemy(st.row[i].card), f"slot {i + 1}"
        for tid in lasers:
            if st.token(tid).value >= e.hull - t.lasers and shoot(tid, where):
                return shoot(tid, where)
        for tid in pool.kinds():
            if st.token(tid).counts_as == "maneuver" and st.token(tid).value >= e.speed - t.maneuvers:
                if shoot(tid, where):
                    return shoot(tid, where)
    # 3. Stun them with tokens that are not lasers; Photon Blast on a pair.
    calm = st.shields >= 4
    for i in live:
        if calm and data.enemy(st.row[i].card).attack < 2:
            continue
        where = f"slot {i + 1}"
        for tid in sorted(pool.kinds(), key=lambda k: token_score(st, k)):
            tok = st.token(tid)
            if tok.counts_as == "maneuver" or tok.effect == "stun":
                if shoot(tid, where):
                    return shoot(tid, where)
            if tok.effect == "photon_blast":
                for pair in (f"slots {i}-{i + 1}", f"slots {i + 1}-{i + 2}"):
                    if find("use", tid, pair):
                        return find("use", tid, pair)
    # 4. Dangerous enemies (attack 2+, or any when shields are low) get a laser.
    for i in live:
        if data.enemy(st.row[i].card).attack >= 2 or st.shields < 3:
            for tid in lasers:
                if shoot(tid, f"slot {i + 1}"):
                    return shoot(tid, f"slot {i + 1}")
    # 5. Push the mothership.
    secs = data.mothership(st.mothership).sections
    for j, sec in enumerate(secs):
        where = f"section {j + 1}"
        for tid in pool.kinds():
            tok = st.token(tid)
            if sec.method == "lasers" and tok.counts_as == "laser" and tok.effect != "photon_blast" and shoot(tid, where):
                return shoot(tid, where)
            if sec.method == "maneuvers" and tok.counts_as == "maneuver" and shoot(tid, where):
                return shoot(tid, where)
            if sec.method == "energy" and find("charge", tid, where):
                return find("charge", tid, where)
    for i in live:
        for tid in sorted(pool.kinds(), key=lambda k: token_score(st, k)):
            if st.token(tid).counts_as or st.token(tid).effect == "stun":
                if shoot(tid, f"slot {i + 1}"):
                    return shoot(tid, f"slot {i + 1}")
    energy = sorted((t for t in pool.kinds() if st.token(t).kind == "energy"), key=lambda t: st.token(t).value)
    if energy and st.shields < st.max_shields and find("repair", energy[0]):
        return find("repair", energy[0])
    for a in acts:
        if a.kind == "assign" and st.token(a.args[0]).kind == "energy" and _can_finish(st, a.args[1]):
            return a
    if st.credit > 0:
        buys = [a for a in acts if a.kind == "buy"]
        if buys:
            return max(buys, key=lambda a: (st.token(a.args[0]).cost, token_score(st, a.args[0])))
    if energy:
        return find("spend", energy[0])
    for tid in pool.kinds():
        if st.token(tid).effect in ("rupture", "enhance", "shields") and find("use", tid, ""):
            return find("use", tid, "")
    return find("end")


def _can_finish(st: WarpsEdgeState, name: str) -> bool:
    """Whether the pool holds enough to finish paying for skill ``name`` this turn."""
    from explorer.games.warps_edge.effects import skill_needs

    card = next(c for c in st.skills if c.name == name)
    have = {"energy": 0, "laser": 0, "maneuver": 0}
    for tid, n in st.pool.items():
        t = st.token(tid)
        if t.kind in have:
            have[t.kind] += t.value * n
    return all(have[k] >= v for k, v in skill_needs(st, card).items())
