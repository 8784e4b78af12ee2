"""The position as text for a person: ship, enemy row, mothership, warp, token zones.

>>> import explorer
>>> print(explorer.load_game("warps_edge").initial_state().render().splitlines()[0])
Warp's Edge — warp 1 of 6, turn 0 — setup: draw 2 skill cards
"""

from __future__ import annotations

from explorer.core import Deck
from explorer.core.zones import DealtDeck
from explorer.games.warps_edge.state import WarpsEdgeState


def _zone(ms) -> str:
    return f"{len(ms)} ({ms})" if ms else "0"


def _layer(layer: Deck | DealtDeck) -> str:
    """A layer's size; for a layer of face-down cards also the unseen cards they were dealt from."""
    if isinstance(layer, DealtDeck):
        return f"{len(layer)} (face down: {layer.dealt} of {len(layer.pool)} unseen)"
    return str(len(layer))


def text_view(st: WarpsEdgeState) -> str:
    data = st.data
    ship = data.mothership(st.mothership)
    lines = [f"Warp's Edge — warp {st.warp} of {st.warp_track}, turn {st.turn} — {st.phase}"]
    if st.outcome:
        lines.append(f"RESULT: {st.result()}")
    lines.append(f"Pilot: {st.starfighter}  hull {st.hull}/{st.max_hull}  shields {st.shields}/{st.max_shields}"
                 f"  hold {len(st.hold)}/{st.hold_size}" + (f"  buying credit {st.credit}" if st.credit else "")
                 + ("  (Warhammer used: lasers do not stun)" if st.warhammer else ""))
    lines.append("Enemy row:")
    for i, t in enumerate(st.row):
        if not t.card:
            lines.append(f"  slot {i + 1}: empty")
            continue
        e = data.enemy(t.card)
        extra = "  STUNNED" if t.stunned else ""
        on = f"  tokens below: {t.below}" if t.below else ""
        on += f"  above: {t.above}" if t.above else ""
        lines.append(f"  slot {i + 1}: {t.card} (L{e.level} {e.colour}) lasers {t.lasers}/{e.hull}, "
                     f"maneuvers {t.maneuvers}/{e.speed}, attack {e.attack}{extra}{on}")
    lines.append(f"Mothership: {ship.name}")
    for i, (t, sec) in enumerate(zip(st.sections, ship.sections)):
        if t.defeated:
            lines.append(f"  section {i + 1}: {sec.name} — DEFEATED (damage marker)")
            continue
        have = {"lasers": t.lasers, "maneuvers": t.maneuvers, "energy": t.energy}[sec.method]
        extra = "  STUNNED" if t.stunned else ""
        lines.append(f"  section {i + 1}: {sec.name} {sec.method} {have}/{sec.stat}, attack {sec.attack} "
                     f"({sec.attack_when.replace('_', ' ')}; targetable {sec.targetable_when.replace('_', ' ')}){extra}")
    deck = ", ".join(f"{c} {_layer(d)}" for c, d in zip(("yellow", "orange", "red"), st.enemy_deck))
    lines.append(f"Enemy deck: {deck}; defeated this warp: {_zone(st.defeated)}")
    lines.append(f"Pool: {_zone(st.pool)}")
    lines.append(f"Hold: {_zone(st.hold)}")
    lines.append(f"Bag: {_zone(st.bag)}")
    lines.append(f"Discard: {_zone(st.discard)}")
    lines.append(f"Removed from the game: {_zone(st.removed)}")
    lines.append(f"Supply: {len(st.supply)} tokens")
    skills = []
    for c in st.skills:
        sk = data.skill(c.name)
        state = ("ongoing, in effect" if c.active else f"ACTIVATED: 'use skill {c.name}' this step" if c.activated
                 else "exhausted" if c.exhausted else "ready")
        paid = f", paid {c.tokens}" if c.tokens else ""
        skills.append(f"{c.name} [{sk.cost_text()}: {', '.join(map(str, sk.effects))}] ({state}{paid})")
    lines.append("Skills: " + ("; ".join(skills) if skills else "none"))
    if st.skill_offer:
        lines.append("Skill cards drawn: " + ", ".join(st.skill_offer))
    if st.pending:
        lines.append("To resolve: " + ", ".join(f"{p.kind} {p.amount}" + (f" {p.token}" if p.token else "")
                                              for p in st.pending))
    return "\n".join(lines)
