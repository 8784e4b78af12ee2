"""What a move did, in the pilot's words: the log lines the panel shows, computed by the rules.

Each line is worked out from the position before the move and the one after it:
what the move did (a token's value added to a target's total, the hold, the
shields, a skill's payment), then any enemy or section it defeated with the
reward, the enemy attacks it let resolve, the end of a warp and the end of the game.

>>> import explorer
>>> from explorer.core import Action, Multiset
>>> s = explorer.load_game("warps_edge").initial_state().replace(stage="plans", turn=1)
>>> a = Action("draw", (Multiset({"laser-1": 2, "energy-1": 3}),))
>>> story(s, a, s.apply(a))
'Pilot draws 5: Energy 1, Energy 1, Energy 1, Laser 1, Laser 1'
>>> s = s.apply(a).replace(stage="actions")
>>> a = s.parse_action("store laser-1 in hold")
>>> story(s, a, s.apply(a))
'Pilot stores Laser 1 in the hold (hold 0 → 1)'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import Action
from explorer.games.warps_edge.describe import reward_name
from explorer.games.warps_edge.render import text_view
from explorer.games.warps_edge.effects import upgrades
from explorer.games.warps_edge.rules import end_actions, section_attacks
from explorer.games.warps_edge.state import drawn

if TYPE_CHECKING:
    from explorer.core import Multiset
    from explorer.games.warps_edge.schema import Reward
    from explorer.games.warps_edge.state import Target, WarpsEdgeState

GROUPS = {
    "fire": "Assign tokens", "maneuver": "Assign tokens", "charge": "Assign tokens", "use": "Power tokens",
    "repair": "Repair", "spend": "Buy", "buy": "Buy", "assign": "Skills", "skill": "Skills",
    "store": "Hold", "take": "Hold", "end": "End actions", "keep": "Setup",
    "remove": "Shield damage", "return": "Rewards", "gain": "Rewards", "rupture": "Rewards",
}


def action_group(st: "WarpsEdgeState", action: Action) -> str:
    """How the table groups a move ("Assign tokens", "Buy", "Skills", ...), by its kind alone."""
    return GROUPS.get(action.kind, action.kind.capitalize())


def turn_label(st: "WarpsEdgeState") -> str:
    """``"Turn 7"``; "" during setup. Turns are numbered through the game, across warps.

    The label names no warp because a turn can straddle two: the warp ends *during* step 4
    when the bag cannot supply 5 (seed §4 and FAQ), and the draw that closes the turn comes
    from the new warp's bag (RULES.md, "End of a warp"). With the warp in it, that draw sat
    alone under "Warp 2 · Turn 2" in the log and was a turn of its own on the turn slider;
    the board shows the warp, and the log line says where it ended ("warp 1 ends").
    """
    return f"Turn {st.turn}" if st.turn else ""


def reward_words(st: "WarpsEdgeState", reward: "Reward") -> str:
    """A reward or skill effect as the log says it: ``gain Laser 1 x2``, ``shields 2`` (a token by its name)."""
    return reward_name(reward, st.data.token_label)


def _rewards(st: "WarpsEdgeState", rewards: tuple) -> str:
    return ", ".join("gain any token" if r.kind == "any" else reward_words(st, r) for r in rewards)


def _how(before: "WarpsEdgeState", action: Action) -> str:
    """How this move defeats an enemy it takes out of the row (seed §4: lasers destroy, maneuvers evade)."""
    if action.kind == "maneuver":
        return "evaded"
    if action.kind == "use":
        t = before.token(str(action.args[0]))
        if t.effect == "warhammer":
            return "destroyed by a Warhammer"
        if t.counts_as == "maneuver":
            return "evaded"
    return "destroyed by lasers"


def _defeats(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState") -> list[str]:
    lines = []
    for b, a in zip(before.row, after.row):
        if b.card and a.card != b.card and after.defeated.count(b.card) > before.defeated.count(b.card):
            enemy = before.data.enemy(b.card)
            how = _how(before, action)
            reward = enemy.evade_reward if how == "evaded" else enemy.destroy_reward
            lines.append(f"{b.card} {how}" + (f" — reward: {_rewards(before, reward)}" if reward else ""))
    for b, a in zip(before.sections, after.sections):
        if a.defeated and not b.defeated:
            sec = next(x for x in before.data.mothership(before.mothership).sections if x.name == b.card)
            lines.append(f"section {b.card} defeated (damage marker)" +
                         (f" — reward: {_rewards(before, sec.rewards)}" if sec.rewards else ""))
    return lines


def _attacks(before: "WarpsEdgeState", after: "WarpsEdgeState") -> list[str]:
    """Step 3 lines for the attackers that resolved between ``before`` and ``after``."""
    if before.stage not in ("actions", "attacks") or after.stage == before.stage == "actions":
        return []
    st = end_actions(before) if before.stage == "actions" else before
    start = st.attack_index
    stop = after.attack_index if after.stage == "attacks" else len(st.row) + len(st.sections)
    shields, hull, discard = st.shields, st.hull, len(st.discard)
    if st.pending and st.pending[0].kind == "remove":
        discard -= min(st.pending[0].amount, discard)
    lines = []
    n_row = len(st.row)
    for i in range(start, stop):
        t = (st.row + st.sections)[i]
        if not t.card or t.defeated:
            continue
        if t.stunned:
            lines.append(f"{t.card} is stunned and skips its attack")
            continue
        if i < n_row:
            attack = st.data.enemy(t.card).attack
        elif section_attacks(st, i - n_row):
            attack = st.data.mothership(st.mothership).sections[i - n_row].attack
        else:
            continue
        damage = max(0, attack - st.armor)
        to_shields = min(shields, damage)
        parts = [f"{t.card} attacks for {damage}"]
        if to_shields:
            parts.append(f"shields {shields} → {shields - to_shields}")
        if damage - to_shields:
            parts.append(f"hull {hull} → {max(0, hull - (damage - to_shields))}")
        removed = min(to_shields, discard)
        if removed:
            parts.append(f"remove {removed} token{'s' if removed != 1 else ''} from the discard")
        shields, hull, discard = shields - to_shields, hull - (damage - to_shields), discard - removed
        lines.append(parts[0] + (": " + "; ".join(parts[1:]) if parts[1:] else ""))
        if hull <= 0:
            break
    return lines


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _name(st: "WarpsEdgeState", token_id: str) -> str:
    """A token as the table names it: by its name (``Photon Blast``), a plain one by kind and value (``Laser 2``)."""
    return st.data.token_label(token_id)


def _names(st: "WarpsEdgeState", tokens: "Multiset") -> str:
    """Each token of ``tokens`` by its name, one by one: ``Energy 1, Energy 1, Laser 1``."""
    return ", ".join(_name(st, str(t)) for t in tokens.elements())


def _target(st: "WarpsEdgeState", word: str, index: int) -> "Target":
    return st.row[index] if word == "slot" else st.sections[index]


def _places(where: str) -> list[tuple[str, int]]:
    """``"slot 3"`` -> ``[("slot", 2)]``; ``"slots 2-3"`` -> ``[("slot", 1), ("slot", 2)]``."""
    word, _, nums = where.partition(" ")
    first, _, last = nums.partition("-")
    return [(word.rstrip("s"), i - 1) for i in range(int(first), int(last or first) + 1)]


def _reached(before: "WarpsEdgeState", after: "WarpsEdgeState", where: str, field: str, added: int,
             token_id: str) -> list[str]:
    """What the token did to each target it reached: ``"Demo Gnat lasers 0 → 2, stunned"``.

    A target the move defeated has left the row (or lies under its damage marker), so its new total is
    the old one plus the token's ``added`` value; a target it did not reach (the second target of a Photon
    Blast once the first fell with the last section) is left out.
    """
    out = []
    for word, i in _places(where):
        b, a = _target(before, word, i), _target(after, word, i)
        if a == b:
            continue
        still = a.card == b.card and not a.defeated
        parts = []
        if field:
            old = getattr(b, field)
            parts.append(f"{old} → {getattr(a, field) if still else old + added}")
        placed = a.below.count(token_id) > b.below.count(token_id) or a.marks.count(token_id) > b.marks.count(token_id)
        if still and placed:  # the token lies below the target (or marks it): it stuns
            parts.append("stunned")
        elif still and not field:
            parts.append("not stunned in this variant")
        out.append(f"{b.card} {field} {', '.join(parts)}" if field else f"{b.card} {', '.join(parts)}")
    return out


def _on(details: list[str]) -> str:
    return f" ({'; '.join(details)})" if details else ""


def _use(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState") -> str:
    """A P.O.W.E.R. or signature token used (RULES.md "Power tokens")."""
    tid, where = str(action.args[0]), str(action.args[1])
    tok = before.token(tid)
    name, eff = _name(before, tid), tok.effect
    at = f" at {where}" if where else ""
    if eff in ("laser", "maneuver", "stun", "photon_blast"):
        field = {"laser": "lasers", "photon_blast": "lasers", "maneuver": "maneuvers"}.get(eff, "")
        return f"Pilot uses {name}{at}" + _on(_reached(before, after, where, field, tok.value, tid))
    if eff == "warhammer":
        pairs = zip(before.row + before.sections, after.row + after.sections)
        calmed = [f"{b.card} no longer stunned" for b, a in pairs if b.stunned and a.card == b.card and not a.stunned]
        return f"Pilot uses {name}{at}: lasers do not stun for the rest of the turn" + _on(calmed)
    if eff == "rupture":
        picked = after.pool - before.pool.remove(tid)
        text = f"Pilot uses {name}: it leaves the game; pick {tok.value} value-1 tokens of the supply for the pool"
        return text + (f" ({_names(before, picked)} taken: the only choice)" if picked else "")
    if eff == "enhance":
        ups = [f"{_name(before, old)} → {_name(before, new)}"
               for old, new in upgrades(before.replace(pool=before.pool.remove(tid)))]
        return f"Pilot uses {name}: " + (", ".join(ups) + " in the pool" if ups else "nothing to upgrade")
    if eff == "shields":
        return f"Pilot uses {name}: shields {before.shields} → {after.shields}"
    return f"Pilot uses {name}{at}"


def _paid(st: "WarpsEdgeState", name: str, kind: str) -> int:
    card = next(c for c in st.skills if c.name == name)
    return sum(st.token(str(t)).value * n for t, n in card.tokens.items() if st.token(str(t)).kind == kind)


def _assign(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState") -> str:
    """A token paid towards a skill (RULES.md "Skills": paying and using are separate actions)."""
    tid, name = map(str, action.args)
    kind = before.token(tid).kind
    need = getattr(before.data.skill(name), kind)
    text = (f"Pilot assigns {_name(before, tid)} to {name} ({kind} {_paid(before, name, kind)} → {_paid(after, name, kind)} "
            f"of {need})")
    card = next(c for c in after.skills if c.name == name)
    return text + (f": {name} is activated — use it before step 2 ends" if card.activated else "")


def _use_skill(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState") -> str:
    """An activated skill used: its effects, and where its paid tokens go."""
    name = str(action.args[0])
    skill = before.data.skill(name)
    paid = len(next(c for c in before.skills if c.name == name).tokens)
    effects = ", ".join(reward_words(before, r) for r in skill.effects)
    parts = []
    if after.shields != before.shields:
        parts.append(f"shields {before.shields} → {after.shields}")
    if any(r.kind == "stun" for r in skill.effects):
        stunned = [a.card for b, a in zip(before.row, after.row) if a.card and a.stunned and not b.stunned]
        parts.append(f"{', '.join(stunned)} stunned" if stunned else "no enemy to stun")
    if skill.ongoing:
        parts.append(f"in effect for the rest of the game; {_plural(paid, 'paid token')} leave the game")
    else:
        parts.append(f"{_plural(paid, 'paid token')} to the discard")
    return f"Pilot uses skill {name} ({effects}): " + "; ".join(parts)


def _step_two(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState") -> str | None:
    """The line for a step-2 move on a target, a skill or the hold; ``None`` for other kinds."""
    kind, args = action.kind, action.args
    if kind == "fire":
        tid, where = str(args[0]), str(args[1])
        tok = before.token(tid)
        return f"Pilot fires {_name(before, tid)} at {where}" + _on(_reached(before, after, where, "lasers",
                                                                 tok.laser_value, tid))
    if kind == "maneuver":
        tid, where = str(args[0]), str(args[1])
        tok = before.token(tid)
        return f"Pilot maneuvers at {where} with {_name(before, tid)}" + _on(_reached(before, after, where, "maneuvers",
                                                                          tok.maneuver_value, tid))
    if kind == "charge":
        tid, where = str(args[0]), str(args[1])
        tok = before.token(tid)
        return f"Pilot charges {_name(before, tid)} at {where}" + _on(_reached(before, after, where, "energy",
                                                                   tok.value, tid))
    if kind == "use":
        return _use(before, action, after)
    if kind == "assign":
        return _assign(before, action, after)
    if kind == "skill":
        return _use_skill(before, action, after)
    if kind == "store":
        return f"Pilot stores {_name(before, str(args[0]))} in the hold (hold {len(before.hold)} → {len(after.hold)})"
    if kind == "take":
        return (f"Pilot takes {_name(before, str(args[0]))} from the hold into the pool "
                f"(hold {len(before.hold)} → {len(after.hold)})")
    if kind == "rupture":
        left = after.pending[0].amount if after.pending and after.pending[0].kind == "rupture" else 0
        return (f"Pilot takes {_name(before, str(args[0]))} from the supply into the pool (Rupture"
                + (f": {left} more to pick)" if left else ")"))
    return None


def _table(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState") -> str:
    """The line for setup, chance, the energy moves, the end of step 2 and the reward choices."""
    kind, args = action.kind, action.args
    if kind == "draw":
        tokens = drawn(args[0])
        text = f"Pilot draws {len(tokens)}: " + _names(before, tokens)
    elif kind == "arrive":
        text = f"{args[0]} arrives in slot {args[1]}"
    elif kind == "enemies":
        colour = ("yellow", "orange", "red")[before.level_index]
        cards = len(drawn(args[0]))
        text = f"Enemy deck: {cards} {colour} card{'s' if cards != 1 else ''} shuffled in"
    elif kind == "skills":
        text = "Pilot draws skill cards " + " and ".join(map(str, drawn(args[0]).elements()))
    elif kind == "skill card":
        text = f"Pilot gains skill card {args[0]}"
    elif kind == "keep":
        other = [n for n in before.skill_offer if n != args[0]]
        text = f"Pilot keeps {args[0]}" + (f" ({other[0]} goes under the skill deck)" if other else "")
    elif kind == "repair":
        text = f"Pilot repairs with {_name(before, str(args[0]))}: shields {before.shields} → {after.shields}"
    elif kind == "spend":
        text = f"Pilot spends {_name(before, str(args[0]))} on buying (credit {before.credit} → {after.credit})"
    elif kind == "buy":
        text = f"Pilot buys {_name(before, str(args[0]))} into the bag (credit {before.credit} → {after.credit})"
    elif kind == "end":
        text = "Pilot ends step 2: the pool goes to the discard"
    elif kind == "remove":
        text = f"Pilot removes {_name(before, str(args[0]))} from the game (shield damage)"
    elif kind == "return":
        text = f"Pilot returns {_name(before, str(args[0]))} from the discard to the bag"
    elif kind == "gain":
        text = f"Pilot gains {_name(before, str(args[0]))} into the bag"
    else:
        text = f"Pilot: {before.action_words(action)}"
    return text


def story(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState", *, viewer: int | None = None) -> str:
    """One line saying what ``action`` did, from the position before and after it. ``viewer``: the seat reading
    it, as in every game; a solo game hides nothing from its one seat, so every viewer reads the same line."""
    text = _step_two(before, action, after) or _table(before, action, after)
    lines = [text] + _defeats(before, action, after) + _attacks(before, after)
    # the warps that ended: up to the one before the new warp, or up to the final one when it ended too
    # (end_warp moves on again at once while the bag cannot supply 5 tokens)
    last = after.warp if after.outcome == "lost-warp" else after.warp - 1
    if last > before.warp:
        both = "and" if last == before.warp + 1 else "to"
        lines.append(f"warps {before.warp} {both} {last} end, the bag short of 5 tokens each time: the discard "
                     "and the tokens on targets return to the bag")
    elif after.warp > before.warp:
        lines.append(f"warp {before.warp} ends: the discard and the tokens on targets return to the bag")
    if after.outcome == "won":
        lines.append("the mothership is destroyed — the Pilot wins")
    elif after.outcome == "lost-hull":
        lines.append("the hull is destroyed — the Pilot loses")
    elif after.outcome == "lost-warp":
        lines.append("the final warp ended — the Pilot loses")
    return "; ".join(lines)


def render(st: "WarpsEdgeState") -> str:
    """The position as text for a person (the board, the pool, the hold, the bag): drawn in ``render.py``."""
    return text_view(st)
