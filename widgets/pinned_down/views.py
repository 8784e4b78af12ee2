"""The table drawn as HTML: location and distance track, threat pool, each flagship, the enemies and assignments.

Pure functions of the state; every number comes from the rules (``explorer.games.pinned_down.effects``).

>>> from widgets.pinned_down.panel import PinnedDownPanel
>>> html_text = position_html(PinnedDownPanel(seed=2).state)
>>> 'class="pd-threat"' in html_text and "TRB Ardor" in html_text
True
"""

from __future__ import annotations

import html
from typing import Any

from explorer.games.pinned_down import effects as fx

CSS = (
    "<style>.pd-board{font-family:system-ui,sans-serif;font-size:13px;line-height:1.4}"
    ".pd-row{display:flex;flex-wrap:wrap;gap:8px;margin:4px 0}"
    ".pd-card{border:1px solid #c9ced6;border-radius:6px;padding:6px 8px;background:#fafbfc;min-width:160px;"
    "flex:1 1 200px}.pd-card h4{margin:0 0 4px;font-size:14px}"
    ".pd-threat{font-size:22px;font-weight:700;color:#b03a2e}"
    ".pd-track{display:flex;gap:2px;margin:2px 0}.pd-step{width:18px;height:10px;background:#e3e6ea;border-radius:2px}"
    ".pd-step.on{background:#2f6fb5}.pd-bar{height:8px;background:#e3e6ea;border-radius:4px;overflow:hidden}"
    ".pd-bar span{display:block;height:8px;background:#2e8b57}"
    ".pd-enemy{border-color:#b03a2e;background:#fdf3f2}.pd-muted{color:#5b6472}"
    ".pd-line{font-family:ui-monospace,monospace;font-size:12px}</style>"
)


def _e(text: Any) -> str:
    return html.escape(str(text))


def ship_power(s: Any, p: int) -> int:
    """The flagship's power as it stands (in its fight, with that fight's bonuses)."""
    if s.fight is not None and s.fight.player == p and not s.fight.resolved:
        return fx.player_power(s)
    saved = s.fight
    return fx.player_power(s.replace(fight=None), p) if saved is not None else fx.player_power(s, p)


def track_html(s: Any) -> str:
    goal = s.knobs.victory_distance
    steps = "".join(f'<div class="pd-step{" on" if i < s.distance else ""}"></div>' for i in range(goal))
    return f'<div class="pd-track" title="distance {s.distance} of {goal}">{steps}</div>'


def fleet_html(s: Any, p: int) -> str:
    f = s.players[p]
    name = s.game.player_name(p)
    if f.destroyed:
        return f'<div class="pd-card"><h4>{_e(name)} · {_e(f.flagship)}</h4><b>destroyed</b></div>'
    structure = s.structure(p)
    cloak = " · CLOAKED" if fx.is_cloaked(s, p) else ""
    hand = ", ".join(f"{c}" + (f" ×{n}" if n > 1 else "") for c, n in f.hand.items()) or "—"
    return (f'<div class="pd-card pd-fleet" data-player="{p + 1}"><h4>{_e(name)} · {_e(f.flagship)}'
            f' <span class="pd-muted">({_e(f.wing)} Wing)</span></h4>'
            f'power <b class="pd-power">{ship_power(s, p)}</b> · structure <b>{structure}%</b>{cloak}'
            f'<div class="pd-bar"><span style="width:{max(0, structure)}%"></span></div>'
            f'<div>crew: {_e(", ".join(f.characters) or "—")}</div>'
            f'<div>damage: {_e(", ".join(f.damage) or "—")}</div>'
            f'<div>hand: {_e(hand)}</div>'
            f'<div class="pd-muted">draw deck {len(f.deck)} · discard {len(f.discard)}</div></div>')


def enemies_html(s: Any) -> str:
    if not s.enemies:
        return '<div class="pd-muted">No Dra\'tar ships in play.</div>'
    cards = []
    for i, e in enumerate(s.enemies):
        card = s.data.card(e.name)
        versus = next((p for p, a in enumerate(s.assigned) if a == i), None)
        if s.fight is not None and not s.fight.resolved and s.fight.enemy == i:
            versus = s.fight.player
        power = fx.enemy_power(s, i, versus)
        cards.append(f'<div class="pd-card pd-enemy"><h4>{_e(e.name)}</h4>power <b>{power}</b> · threat '
                     f'{card.threat}<div class="pd-muted">{_e(card.text if card.text != "-" else "")}</div></div>')
    lines = []
    for p, a in enumerate(s.assigned):
        target = s.fight.enemy if (a == -3 and s.fight is not None and s.fight.player == p and not s.fight.resolved) else a
        if target >= 0 and target < len(s.enemies):
            lines.append(f"{_e(s.game.player_name(p))} · {_e(s.players[p].flagship)} ──▶ {_e(s.enemies[target].name)}")
        elif a == -1:
            lines.append(f"{_e(s.game.player_name(p))} · {_e(s.players[p].flagship)} (unassigned)")
    assigned = f'<div class="pd-line pd-assignments">{"<br>".join(lines)}</div>' if lines else ""
    return f'<div class="pd-row">{"".join(cards)}</div>{assigned}'


def position_html(s: Any) -> str:
    loc = s.data.card(s.location) if s.location else None
    where = (f"<b>{_e(s.location)}</b> ({_e(loc.location_type)}, distance {loc.distance}) — "
             f"<span class='pd-muted'>{_e(loc.text)}</span>") if loc else "—"
    table = ", ".join(s.table)
    revealed = f"<div>Revealed locations: {_e(', '.join(s.revealed))}</div>" if s.revealed else ""
    seen = f"<div>Attack cards seen: {_e(', '.join(s.looking))}</div>" if s.looking else ""
    return (
        f'{CSS}<div class="pd-board">'
        f'<div class="pd-row"><div class="pd-card"><h4>Threat pool</h4><span class="pd-threat">{s.threat}</span>'
        f'</div><div class="pd-card"><h4>Location</h4>{where}<div>distance covered <b>{s.distance}</b> of '
        f'{s.knobs.victory_distance}</div>{track_html(s)}{revealed}</div></div>'
        f'<div class="pd-row">{"".join(fleet_html(s, p) for p in range(len(s.players)))}</div>'
        f'<h4 style="margin:6px 0 2px">Dra\'tar</h4>{enemies_html(s)}'
        + (f"<div>On the table: {_e(table)}</div>" if table else "") + seen +
        f'<div class="pd-muted">attack deck {len(s.attack_deck)} (discard {len(s.attack_discard)}) · damage deck '
        f'{len(s.damage_deck)} · location deck {len(s.location_deck)}</div></div>')
