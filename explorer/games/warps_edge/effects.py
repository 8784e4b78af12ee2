"""What the pilot's actions do: fire, maneuver, charge, power tokens, repair, buy, skills, hold, rewards.

Legality is checked before these run (``rules.legal_actions``); here each
action changes the position and queues any rewards, which resolve at once and
in order (``Pending``), before the pilot acts again.

>>> from explorer.games.warps_edge.state import Pending
>>> Pending("gain", 1, "laser-2")
Pending(kind='gain', amount=1, token='laser-2')
"""

from __future__ import annotations

from explorer.core import Action, Multiset
from explorer.games.warps_edge.data import Reward
from explorer.games.warps_edge.state import EMPTY, Pending, SkillCard, Target, WarpsEdgeState


# --- targets -------------------------------------------------------------------
def parse_target(text: str) -> tuple[str, int]:
    """``"slot 3"`` -> ``("slot", 2)``; ``"section 1"`` -> ``("section", 0)``."""
    word, _, num = text.partition(" ")
    return word, int(num) - 1


def get_target(st: WarpsEdgeState, ref: tuple[str, int]) -> Target:
    return st.row[ref[1]] if ref[0] == "slot" else st.sections[ref[1]]


def set_target(st: WarpsEdgeState, ref: tuple[str, int], t: Target) -> WarpsEdgeState:
    if ref[0] == "slot":
        row = list(st.row)
        row[ref[1]] = t
        return st.replace(row=tuple(row))
    secs = list(st.sections)
    secs[ref[1]] = t
    return st.replace(sections=tuple(secs))


def stuns(st: WarpsEdgeState, token_id: str) -> bool:
    """Whether assigning this token stuns its target (variant and Warhammer aware)."""
    t = st.token(token_id)
    if t.kind == "energy":
        return False
    if st.warhammer and t.counts_as == "laser":
        return False
    if st.stun_only_red_blue:
        return t.counts_as in ("laser", "maneuver")
    return True


def assign(st: WarpsEdgeState, ref: tuple[str, int], token_id: str | None, *, lasers: int = 0, maneuvers: int = 0,
           energy: int = 0, stun: bool, source: str = "") -> WarpsEdgeState:
    """Place a token on a target (below if it stuns), add its value, and check for defeat.

    ``token_id=None``: the second target of a two-target token ``source`` (Photon
    Blast); a stun there is recorded in ``marks``.
    """
    t = get_target(st, ref)
    below, above, marks = t.below, t.above, t.marks
    if token_id is not None:
        st = st.replace(pool=st.pool.remove(token_id))
        if stun:
            below = below.add(token_id)
        else:
            above = above.add(token_id)
    elif stun:
        marks = marks.add(source)
    t = Target(t.card, below, above, t.lasers + lasers, t.maneuvers + maneuvers, t.energy + energy,
               t.stunned or stun, t.defeated, marks)
    st = set_target(st, ref, t)
    return check_defeat(st, ref)


def check_defeat(st: WarpsEdgeState, ref: tuple[str, int]) -> WarpsEdgeState:
    t = get_target(st, ref)
    if ref[0] == "slot":
        enemy = st.data.enemy(t.card)
        if t.lasers >= enemy.hull:
            return defeat_enemy(st, ref[1], enemy.destroy_reward)
        if t.maneuvers >= enemy.speed:
            return defeat_enemy(st, ref[1], enemy.evade_reward)
        return st
    sec = st.data.mothership(st.mothership).sections[ref[1]]
    total = {"lasers": t.lasers, "maneuvers": t.maneuvers, "energy": t.energy}[sec.method]
    if total >= sec.stat:
        secs = list(st.sections)
        secs[ref[1]] = Target(t.card, defeated=True)
        st = st.replace(sections=tuple(secs), discard=st.discard + t.tokens())
        if all(s.defeated for s in st.sections):
            return st.replace(outcome="won")
        return queue(st, sec.rewards)
    return st


def defeat_enemy(st: WarpsEdgeState, slot: int, rewards: tuple[Reward, ...]) -> WarpsEdgeState:
    """Destroyed or evaded: its tokens go to the discard, the card to the defeated pile; rewards queue."""
    t = st.row[slot]
    row = list(st.row)
    row[slot] = Target()
    st = st.replace(row=tuple(row), discard=st.discard + t.tokens(), defeated=st.defeated.add(t.card))
    return queue(st, rewards)


def queue(st: WarpsEdgeState, rewards: tuple[Reward, ...]) -> WarpsEdgeState:
    """Rewards are mandatory and resolve at once, in order, before anything else."""
    new = tuple(Pending(r.kind, r.amount, r.token) for r in rewards if r.kind not in
                ("armor", "hold", "max shields", "repair", "buy credit"))
    return st.replace(pending=st.pending + new)


# --- pending rewards -------------------------------------------------------------
def choice_options(st: WarpsEdgeState, head: Pending) -> tuple[str, ...]:
    """The tokens a pending choice can take, in a fixed order."""
    if head.kind in ("recover", "remove"):
        return tuple(map(str, st.discard.kinds()))
    if head.kind == "any":
        return tuple(map(str, st.supply.kinds()))
    if head.kind == "rupture":
        return tuple(k for k in map(str, st.supply.kinds()) if st.token(k).kind in ("energy", "laser", "maneuver")
                     and st.token(k).value == 1)
    return ()


def auto_pending(st: WarpsEdgeState, head: Pending) -> WarpsEdgeState | None:
    """Resolve the head of the queue if it needs no decision or chance; ``None`` if it does."""
    rest = st.pending[1:]
    if head.kind == "gain":
        n = min(head.amount, st.supply.count(head.token))
        return st.replace(supply=st.supply.remove(head.token, n), bag=st.bag.add(head.token, n), pending=rest)
    if head.kind == "shields":
        return st.replace(shields=min(st.max_shields, st.shields + head.amount), pending=rest)
    if head.kind == "stun":
        row = tuple(Target(t.card, t.below, t.above, t.lasers, t.maneuvers, t.energy, True, t.defeated,
                           t.marks.add("skill")) if t.card else t for t in st.row)
        return st.replace(row=row, pending=rest)
    if head.kind == "draw":
        return st.replace(pending=rest) if not st.bag else None
    if head.kind == "skill":
        return st.replace(pending=rest) if not st.skill_deck else None
    options = choice_options(st, head)
    if not options:
        return st.replace(pending=rest)
    if len(options) == 1:
        return resolve_choice(st, options[0])
    if head.kind in ("recover", "remove") and len(st.discard) <= head.amount:
        return resolve_choice(st, options[0])  # everything goes: no real choice
    return None


def resolve_choice(st: WarpsEdgeState, token_id: str) -> WarpsEdgeState:
    head = st.pending[0]
    if head.kind == "recover":
        st = st.replace(discard=st.discard.remove(token_id), bag=st.bag.add(token_id))
    elif head.kind == "remove":
        st = st.replace(discard=st.discard.remove(token_id), removed=st.removed.add(token_id))
    elif head.kind == "any":
        st = st.replace(supply=st.supply.remove(token_id), bag=st.bag.add(token_id))
    elif head.kind == "rupture":
        st = st.replace(supply=st.supply.remove(token_id), pool=st.pool.add(token_id))
    left = head.amount - 1
    rest = st.pending[1:]
    return st.replace(pending=((Pending(head.kind, left, head.token),) + rest) if left > 0 else rest)


# --- pilot actions -------------------------------------------------------------
def pilot_action(st: WarpsEdgeState, action: Action) -> WarpsEdgeState:
    kind, args = action.kind, tuple(map(str, action.args))  # every pilot action names tokens, targets or skills
    if kind == "fire":
        tok = st.token(args[0])
        return assign(st, parse_target(args[1]), args[0], lasers=tok.laser_value, stun=stuns(st, args[0]))
    if kind == "maneuver":
        tok = st.token(args[0])
        return assign(st, parse_target(args[1]), args[0], maneuvers=tok.maneuver_value, stun=stuns(st, args[0]))
    if kind == "charge":
        return assign(st, parse_target(args[1]), args[0], energy=st.token(args[0]).value, stun=False)
    if kind == "use":
        return use_power(st, args[0], args[1])
    if kind == "repair":
        gain = st.token(args[0]).value * st.repair_per_energy
        return st.replace(pool=st.pool.remove(args[0]), discard=st.discard.add(args[0]),
                          shields=min(st.max_shields, st.shields + gain))
    if kind == "spend":
        return st.replace(pool=st.pool.remove(args[0]), discard=st.discard.add(args[0]),
                          credit=st.credit + st.token(args[0]).value + st.buy_bonus)
    if kind == "buy":
        return st.replace(credit=st.credit - st.token(args[0]).cost, supply=st.supply.remove(args[0]),
                          bag=st.bag.add(args[0]))
    if kind == "store":
        return st.replace(pool=st.pool.remove(args[0]), hold=st.hold.add(args[0]))
    if kind == "take":
        return st.replace(hold=st.hold.remove(args[0]), pool=st.pool.add(args[0]))
    if kind == "assign":
        return assign_skill(st, args[0], args[1])
    if kind == "skill":
        return use_skill(st, args[0])
    raise ValueError(f"unknown action {action}")


def use_power(st: WarpsEdgeState, token_id: str, where: str) -> WarpsEdgeState:
    tok = st.token(token_id)
    eff = tok.effect
    if eff in ("laser", "maneuver", "stun"):
        ref = parse_target(where)
        return assign(st, ref, token_id, lasers=tok.laser_value, maneuvers=tok.maneuver_value,
                      stun=stuns(st, token_id))
    if eff == "photon_blast":
        word, _, nums = where.partition(" ")
        first = int(nums.split("-")[0]) - 1
        kind = "slot" if word == "slots" else "section"
        stun = stuns(st, token_id)
        left, right = (kind, first), (kind, first + 1)
        right_card = get_target(st, right).card
        st = assign(st, left, token_id, lasers=tok.value, stun=stun)
        if get_target(st, right).card == right_card and not st.outcome:
            st = assign(st, right, None, lasers=tok.value, stun=stun, source=token_id)
        return st
    if eff == "warhammer":
        slot = parse_target(where)[1]
        st = st.replace(pool=st.pool.remove(token_id), discard=st.discard.add(token_id), warhammer=True)
        st = lasers_stop_stunning(st)
        return defeat_enemy(st, slot, st.data.enemy(st.row[slot].card).destroy_reward)
    if eff == "rupture":
        st = st.replace(pool=st.pool.remove(token_id), removed=st.removed.add(token_id))
        return st.replace(pending=st.pending + (Pending("rupture", tok.value),))
    if eff == "enhance":
        st = st.replace(pool=st.pool.remove(token_id), discard=st.discard.add(token_id))
        return enhance(st)
    if eff == "shields":
        return st.replace(pool=st.pool.remove(token_id), discard=st.discard.add(token_id),
                          shields=min(st.max_shields, st.shields + tok.value))
    raise ValueError(f"unknown power effect {eff}")


def lasers_stop_stunning(st: WarpsEdgeState) -> WarpsEdgeState:
    """A Warhammer was used: for the whole turn lasers do not stun (seed §5), so lasers
    assigned earlier this turn move above their targets, which stay stunned only by what else stuns them."""
    def unstun(t: Target) -> Target:
        lasers: Multiset[str] = Multiset({k: n for k, n in t.below.items() if st.token(str(k)).counts_as == "laser"})
        marks: Multiset[str] = Multiset({k: n for k, n in t.marks.items()
                                         if k == "skill" or st.token(str(k)).counts_as != "laser"})
        if not t.stunned or (not lasers and marks == t.marks):
            return t
        below = t.below - lasers
        return Target(t.card, below, t.above + lasers, t.lasers, t.maneuvers, t.energy, bool(below or marks),
                      t.defeated, marks)

    return st.replace(row=tuple(unstun(t) for t in st.row), sections=tuple(unstun(t) for t in st.sections))


def upgrades(st: WarpsEdgeState) -> list[tuple[str, str]]:
    """The (from, to) exchanges Enhance makes: every energy and laser token in the pool, highest value first."""
    supply = st.supply
    out = []
    for tid in sorted(map(str, st.pool.elements()), key=lambda k: -st.token(k).value):
        up = st.data.next_value(tid)
        if up is not None and supply.count(up) > 0:
            supply = supply.remove(up).add(tid)
            out.append((tid, up))
    return out


def enhance(st: WarpsEdgeState) -> WarpsEdgeState:
    pool, supply = st.pool, st.supply
    for old, new in upgrades(st):
        pool, supply = pool.remove(old).add(new), supply.remove(new).add(old)
    return st.replace(pool=pool, supply=supply)


# --- skills ------------------------------------------------------------------
def skill_progress(st: WarpsEdgeState, card: SkillCard) -> dict[str, int]:
    got = {"energy": 0, "laser": 0, "maneuver": 0}
    for tid, n in card.tokens.items():
        t = st.token(str(tid))
        got[t.kind] += t.value * n
    return got


def skill_needs(st: WarpsEdgeState, card: SkillCard) -> dict[str, int]:
    """What the skill still needs this turn, by token kind."""
    skill = st.data.skill(card.name)
    got = skill_progress(st, card)
    return {k: max(0, getattr(skill, k) - got[k]) for k in ("energy", "laser", "maneuver")}


def assign_skill(st: WarpsEdgeState, token_id: str, name: str) -> WarpsEdgeState:
    """Pay towards a skill; when every part of the cost is met it is *activated* (and exhausted for the warp).

    Seed §4 Activate a Skill: "Must meet or exceed cost in one turn. Once activated,
    use it at any time during this step." The effect waits for ``use skill <name>``.
    """
    i = next(k for k, c in enumerate(st.skills) if c.name == name)
    card = st.skills[i]
    card = SkillCard(card.name, card.tokens.add(token_id), card.exhausted, card.active)
    st = st.replace(pool=st.pool.remove(token_id))
    skills = list(st.skills)
    if any(skill_needs(st, card).values()):
        skills[i] = card
    else:
        skills[i] = SkillCard(name, card.tokens, True, False, activated=True)
    return st.replace(skills=tuple(skills))


def use_skill(st: WarpsEdgeState, name: str) -> WarpsEdgeState:
    """Use an activated skill: its effects resolve; its tokens go to the discard, or leave the game if ongoing.

    Seed §4: ongoing skills "Remove tokens from game when used. Effects last for the rest of the game."
    """
    i = next(k for k, c in enumerate(st.skills) if c.name == name)
    card = st.skills[i]
    skill = st.data.skill(name)
    skills = list(st.skills)
    skills[i] = SkillCard(name, EMPTY, True, skill.ongoing)
    if skill.ongoing:
        st = st.replace(skills=tuple(skills), removed=st.removed + card.tokens)
    else:
        st = st.replace(skills=tuple(skills), discard=st.discard + card.tokens)
    return queue(st, skill.effects)


__all__ = ["Multiset", "assign", "use_skill", "auto_pending", "pilot_action", "resolve_choice", "stuns"]
