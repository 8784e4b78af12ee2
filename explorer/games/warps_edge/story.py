"""What a move did, in the pilot's words: the log lines the panel shows, computed by the rules.

>>> import explorer
>>> from explorer.core import Action, Multiset
>>> s = explorer.load_game("warps_edge").initial_state().replace(stage="plans", turn=1)
>>> a = Action("draw", (Multiset({"laser-1": 2, "energy-1": 3}),))
>>> story(s, a, s.apply(a))
'Pilot draws 5: energy-1, energy-1, energy-1, laser-1, laser-1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import Action

if TYPE_CHECKING:
    from explorer.games.warps_edge.state import WarpsEdgeState

GROUPS = {
    "fire": "Assign tokens", "maneuver": "Assign tokens", "charge": "Assign tokens", "use": "Power tokens",
    "repair": "Repair", "spend": "Buy", "buy": "Buy", "assign": "Skills", "skill": "Skills",
    "store": "Hold", "take": "Hold", "end": "End actions", "keep": "Setup",
    "remove": "Shield damage", "return": "Rewards", "gain": "Rewards", "rupture": "Rewards",
}


def action_group(action: Action) -> str:
    """How the table groups a move ("Assign tokens", "Buy", "Skills", ...)."""
    return GROUPS.get(action.kind, action.kind.capitalize())


def _rewards(rewards: tuple) -> str:
    return ", ".join("gain any token" if r.kind == "any" else str(r) for r in rewards)


def _how(before: "WarpsEdgeState", action: Action) -> str:
    """How this move defeats an enemy it takes out of the row (seed §4: lasers destroy, maneuvers evade)."""
    if action.kind == "maneuver":
        return "evaded"
    if action.kind == "use":
        t = before.token(action.args[0])
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
            lines.append(f"{b.card} {how}" + (f" — reward: {_rewards(reward)}" if reward else ""))
    for b, a in zip(before.sections, after.sections):
        if a.defeated and not b.defeated:
            sec = next(x for x in before.data.mothership(before.mothership).sections if x.name == b.card)
            lines.append(f"section {b.card} defeated (damage marker)" +
                         (f" — reward: {_rewards(sec.rewards)}" if sec.rewards else ""))
    return lines


def _attacks(before: "WarpsEdgeState", after: "WarpsEdgeState") -> list[str]:
    """Step 3 lines for the attackers that resolved between ``before`` and ``after``."""
    from explorer.games.warps_edge.rules import end_actions, section_attacks

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


def story(before: "WarpsEdgeState", action: Action, after: "WarpsEdgeState") -> str:
    """One line saying what ``action`` did, from the position before and after it."""
    kind, args = action.kind, action.args
    if kind == "draw":
        drawn = args[0]
        text = f"Pilot draws {len(drawn)}: " + ", ".join(drawn.elements())
    elif kind == "arrive":
        text = f"{args[0]} arrives in slot {args[1]}"
    elif kind == "enemies":
        colour = ("yellow", "orange", "red")[before.level_index]
        text = f"Enemy deck: {len(args[0])} {colour} card{'s' if len(args[0]) != 1 else ''} shuffled in"
    elif kind == "skills":
        text = "Pilot draws skill cards " + " and ".join(args[0].elements())
    elif kind == "skill card":
        text = f"Pilot gains skill card {args[0]}"
    elif kind == "keep":
        other = [n for n in before.skill_offer if n != args[0]]
        text = f"Pilot keeps {args[0]}" + (f" ({other[0]} goes under the skill deck)" if other else "")
    elif kind == "repair":
        text = f"Pilot repairs with {args[0]}: shields {before.shields} → {after.shields}"
    elif kind == "spend":
        text = f"Pilot spends {args[0]} on buying (credit {before.credit} → {after.credit})"
    elif kind == "buy":
        text = f"Pilot buys {args[0]} into the bag (credit {before.credit} → {after.credit})"
    elif kind == "end":
        text = "Pilot ends step 2: the pool goes to the discard"
    elif kind == "remove":
        text = f"Pilot removes {args[0]} from the game (shield damage)"
    elif kind == "return":
        text = f"Pilot returns {args[0]} from the discard to the bag"
    elif kind == "gain":
        text = f"Pilot gains {args[0]}" + (" into the pool" if before.pending and before.pending[0].kind == "rupture"
                                           else " into the bag")
    else:
        text = f"Pilot: {action}"
    lines = [text] + _defeats(before, action, after) + _attacks(before, after)
    if after.warp > before.warp:
        lines.append(f"warp {before.warp} ends: the discard and the tokens on targets return to the bag")
    if after.outcome == "won":
        lines.append("the mothership is destroyed — the Pilot wins")
    elif after.outcome == "lost-hull":
        lines.append("the hull is destroyed — the Pilot loses")
    elif after.outcome == "lost-warp":
        lines.append("the final warp ended — the Pilot loses")
    return "; ".join(lines)
