"""The Warp's Edge position drawn for a person: HTML and CSS, no text dump.

``position_html(state)`` is a pure function (state in, HTML text out) so tests
read the numbers back without a browser. Token colours are this project's
choice (the printed tokens are not reproduced): energy green, laser red,
maneuver blue, P.O.W.E.R. and signature tokens yellow.

>>> import explorer
>>> from explorer.games.warps_edge.odds import example_position
>>> html_text = position_html(example_position())
>>> 'data-hull="8"' in html_text and "Demo Gnat" in html_text
True
"""

from __future__ import annotations

import html
from typing import Any

from explorer.games.warps_edge.describe import describe_method
from widgets.warps_edge.legend import enemy_text, section_text, skill_text, token_name, token_text

TOKEN_COLOURS = {"energy": "#2e8b57", "laser": "#c0392b", "maneuver": "#2f6fb5", "power": "#d4a017"}
LEVEL_COLOURS = {"yellow": "#f2c230", "orange": "#e8842c", "red": "#cf3b2e"}
HULL_TITLE = "Hull: attack damage past the shields; the Pilot loses when it reaches 0"
SHIELDS_TITLE = ("Shields take attack damage first; each point of shield damage removes one token of the discard "
                 "from the game (the Pilot picks which). Energy repairs them.")
HOLD_TITLE = "Hold: tokens stored here stay through the end of the step and the end of a warp"
ZONE_TITLES = {
    "Pool": "Pool: the tokens drawn this turn, to assign, spend or store",
    "Bag": "Bag: the next draws of 5 come from here (order unknown)",
    "Discard": "Discard: used tokens; back to the bag when the warp ends; shield damage removes tokens from here",
    "Removed": "Removed: out of the game for good",
    "Supply": "Supply: the tray; bought and gained tokens come from here",
}

CSS = """<style>
.we-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#2b2f36;font-size:13px;line-height:1.35}
.we-board .we-banner{background:#fff4d6;border:1px solid #e6c46a;color:#6b4e00;border-radius:4px;padding:4px 10px;
 font-size:12.5px;margin-bottom:6px}
.we-board .we-result{font-size:15px;font-weight:600;padding:6px 10px;border-radius:4px;margin-bottom:6px}
.we-board .we-won{background:#e5f4e8;color:#22622f}.we-board .we-lost{background:#fbe6e2;color:#8a2d1c}
.we-board .we-row{display:flex;flex-wrap:wrap;gap:6px;margin:4px 0 8px}
.we-board .we-h{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#5b6472;margin:6px 0 2px}
.we-board .we-panel{border:1px solid #d5d9e0;border-radius:6px;background:#fbfbfc;padding:6px 8px}
.we-board .we-ship{display:grid;grid-template-columns:62px 1fr 52px;gap:3px 8px;align-items:center}
.we-board .we-bar{height:12px;background:#e8eaee;border-radius:6px;overflow:hidden}
.we-board .we-bar>div{height:100%;border-radius:6px}
.we-board .we-num{font-variant-numeric:tabular-nums;text-align:right;font-weight:600}
.we-board .we-card{flex:1 1 0;min-width:104px;max-width:200px;border:1px solid #d5d9e0;border-top:6px solid #999;
 border-radius:6px;background:#fff;padding:5px 7px;position:relative}
.we-board .we-card.we-empty{border-style:dashed;border-top:1px dashed #c3c8d0;background:#f6f7f9;color:#8a919c}
.we-board .we-card .we-name{font-weight:600;font-size:13px;margin:1px 0 3px}
.we-board .we-card .we-slot{font-size:11px;color:#5b6472}
.we-board .we-prog{display:flex;align-items:center;gap:4px;font-size:12px;margin:2px 0}
.we-board .we-prog .we-bar{flex:1;height:7px}
.we-board .we-stun{float:right;margin:0 0 2px 4px;background:#5b4bb7;color:#fff;font-size:10.5px;font-weight:700;
 border-radius:3px;padding:0 4px}
.we-board .we-def{float:right;margin:0 0 2px 4px;background:#2b2f36;color:#fff;font-size:10.5px;font-weight:700;
 border-radius:3px;padding:0 4px}
.we-board .we-card.we-defeated{opacity:.62;background:repeating-linear-gradient(135deg,#fff,#fff 6px,#f1f1f3 6px,#f1f1f3 12px)}
.we-board .we-cond{font-size:11px;color:#5b6472}
.we-board .we-chip{display:inline-block;border-radius:10px;padding:0 7px;margin:1px 2px 1px 0;font-size:11.5px;
 font-weight:600;color:#fff;white-space:nowrap}
.we-board .we-chip.we-power{color:#3b2c00}
.we-board .we-warp{display:flex;gap:3px;align-items:center}
.we-board .we-warp span{display:inline-block;min-width:24px;text-align:center;border:1px solid #c3c8d0;border-radius:4px;
 padding:1px 0;background:#fff;color:#5b6472;font-size:12px}
.we-board .we-warp span.we-past{background:#e8eaee}
.we-board .we-warp span.we-now{background:#4C6A92;color:#fff;border-color:#4C6A92;font-weight:700}
.we-board .we-warp span.we-last{border-color:#cf3b2e}
.we-board table.we-zones{border-collapse:collapse;width:100%}
.we-board table.we-zones td{padding:2px 6px;border-bottom:1px solid #eceef2;vertical-align:top}
.we-board table.we-zones td.we-count{font-weight:700;text-align:right;width:34px;font-variant-numeric:tabular-nums}
.we-board .we-skill{border:1px solid #d5d9e0;border-left:5px solid #3E9C8F;border-radius:5px;background:#fff;padding:4px 7px;
 min-width:160px;flex:1 1 0}
.we-board .we-skill.we-exhausted{border-left-color:#9aa1ab;opacity:.7}
.we-board .we-skill.we-active{border-left-color:#8E6C9E}
.we-board .we-level{white-space:nowrap;font-size:10.5px;font-weight:700;border-radius:3px;padding:0 4px;color:#2b2f36}
.we-board .we-tag{font-size:10.5px;font-weight:700;border-radius:3px;padding:0 4px;background:#e8eaee;color:#2b2f36}
.we-legend{margin:6px 0 2px;border:1px solid #d5d9e0;border-radius:6px;background:#fbfbfc;padding:2px 8px}
.we-legend summary{cursor:pointer;font-weight:600;font-size:13px;padding:3px 0;color:#2b2f36}
.we-legend .we-legend-note{background:#fff4d6;border:1px solid #e6c46a;color:#6b4e00;border-radius:4px;padding:3px 8px;
 font-size:12px;margin:4px 0}
.we-legend table.we-legend-table{border-collapse:collapse;width:100%;font-size:12px}
.we-legend table.we-legend-table th{text-align:left;font-weight:600;color:#5b6472;border-bottom:1px solid #d5d9e0;padding:2px 4px}
.we-legend table.we-legend-table td{padding:2px 4px;border-bottom:1px solid #eceef2;vertical-align:top}
.we-legend .we-legend-scroll{max-height:260px;overflow:auto}
.we-legend ul.we-legend-words{margin:2px 0 6px;padding-left:18px;font-size:12px}
.we-legend td{overflow-wrap:anywhere}.we-legend th,.we-legend td.we-num{white-space:nowrap}
.we-board-view,.we-legend-view{margin:0!important}
.we-board-view .widget-html-content,.we-legend-view .widget-html-content{min-width:0;max-width:100%}
.we-board [title]{cursor:help}
.we-board .we-pending{background:#eef1f5;border-left:4px solid #D08C2E;padding:4px 8px;border-radius:0 4px 4px 0;margin:4px 0}
</style>"""


def esc(text: Any) -> str:
    return html.escape(str(text))


def token_family(state: Any, token_id: str) -> str:
    """``energy`` / ``laser`` / ``maneuver`` / ``power`` (P.O.W.E.R. and signature tokens)."""
    kind = state.token(token_id).kind
    return kind if kind in ("energy", "laser", "maneuver") else "power"


def chip(state: Any, token_id: str, count: int = 1) -> str:
    """A token as a coloured chip; hovering it says what the token does and costs (from the data)."""
    fam = token_family(state, token_id)
    title = token_text(state, token_id)
    label = esc(token_name(state, token_id)) + (f" ×{count}" if count > 1 else "")
    cls = "we-chip we-power" if fam == "power" else "we-chip"
    return (f'<span class="{cls}" data-token="{esc(token_id)}" data-count="{count}" title="{esc(title)}" '
            f'style="background:{TOKEN_COLOURS[fam]}">{label}</span>')


def chips(state: Any, tokens: Any, empty: str = "—") -> str:
    items = sorted(tokens.items(), key=lambda kv: (("energy", "laser", "maneuver", "power").index(token_family(state, kv[0])), kv[0]))
    return "".join(chip(state, k, n) for k, n in items) or f'<span class="we-cond">{esc(empty)}</span>'


def bar(value: int, top: int, colour: str) -> str:
    pct = 0 if top <= 0 else max(0, min(100, round(100 * value / top)))
    return f'<div class="we-bar"><div style="width:{pct}%;background:{colour}"></div></div>'


def progress(label: str, have: int, need: int, colour: str) -> str:
    return (f'<div class="we-prog"><span style="width:66px">{esc(label)}</span>{bar(have, need, colour)}'
            f'<b class="we-num" data-progress="{esc(label)}">{have}/{need}</b></div>')


def banner(state: Any) -> str:
    source = state.game.info.data_source
    text = source[:1].upper() + source[1:]
    text = text.replace("data set invented", "data set — invented")
    return f'<div class="we-banner" role="note">⚠ {esc(text)}</div>'


def result_html(state: Any) -> str:
    if not state.is_terminal():
        return ""
    res = state.result()
    cls = "we-won" if state.outcome == "won" else "we-lost"
    return f'<div class="we-result {cls}">{esc(res)}</div>'


def ship_html(state: Any) -> str:
    extra = []
    if state.credit:
        extra.append(f'buying credit <b data-credit="{state.credit}">{state.credit}</b>')
    if state.armor:
        extra.append(f"armor {state.armor}")
    if state.warhammer:
        extra.append("Warhammer used: lasers do not stun this turn")
    notes = f'<div class="we-cond" style="margin-top:3px">{" · ".join(extra)}</div>' if extra else ""
    return (
        f'<div class="we-panel we-ship-panel"><div style="font-weight:600;margin-bottom:3px">{esc(state.starfighter)}'
        f'<span class="we-cond"> · starfighter</span></div>'
        f'<div class="we-ship">'
        f'<span title="{esc(HULL_TITLE)}">Hull</span>{bar(state.hull, state.max_hull, "#c0392b")}'
        f'<span class="we-num" data-hull="{state.hull}">{state.hull}/{state.max_hull}</span>'
        f'<span title="{esc(SHIELDS_TITLE)}">Shields</span>{bar(state.shields, state.max_shields, "#2f6fb5")}'
        f'<span class="we-num" data-shields="{state.shields}">{state.shields}/{state.max_shields}</span>'
        f'<span title="{esc(HOLD_TITLE)}">Hold</span><span>{chips(state, state.hold, "empty")}</span>'
        f'<span class="we-num" data-hold="{len(state.hold)}">{len(state.hold)}/{state.hold_size}</span>'
        f"</div>{notes}</div>"
    )


def warp_html(state: Any) -> str:
    cells = []
    for w in range(1, state.warp_track + 1):
        cls = "we-now" if w == state.warp else "we-past" if w < state.warp else ""
        if w == state.warp_track:
            cls += " we-last"
        cells.append(f'<span class="{cls.strip()}" title="warp {w}">{w}</span>')
    return (f'<div class="we-warp" data-warp="{state.warp}" data-track="{state.warp_track}">'
            f'<b style="margin-right:4px">Warp {state.warp} of {state.warp_track}</b>{"".join(cells)}'
            f'<span style="border:none;background:none;min-width:0;margin-left:6px">turn {state.turn}</span></div>')


def _on_target(state: Any, t: Any) -> str:
    parts = []
    if t.below:
        parts.append(f'<div class="we-cond">below (stunning): {chips(state, t.below)}</div>')
    if t.above:
        parts.append(f'<div class="we-cond">above: {chips(state, t.above)}</div>')
    return "".join(parts)


def enemy_card(state: Any, i: int, t: Any) -> str:
    if not t.card:
        return (f'<div class="we-card we-empty" data-slot="{i + 1}"><div class="we-slot">slot {i + 1}</div>'
                f'<div class="we-name">empty</div></div>')
    e = state.data.enemy(t.card)
    colour = LEVEL_COLOURS.get(e.colour, "#999")
    stun = '<span class="we-stun" title="tokens lie below it: it does not attack">STUNNED</span>' if t.stunned else ""
    return (
        f'<div class="we-card" data-slot="{i + 1}" data-enemy="{esc(t.card)}" title="{esc(enemy_text(e, state.data.token_label))}" '
        f'style="border-top-color:{colour}">{stun}'
        f'<div class="we-slot">slot {i + 1} <span class="we-level" style="background:{colour}">'
        f'L{e.level} {esc(e.colour)}</span></div><div class="we-name">{esc(t.card)}</div>'
        f'{progress("lasers", t.lasers, e.hull, TOKEN_COLOURS["laser"])}'
        f'{progress("maneuvers", t.maneuvers, e.speed, TOKEN_COLOURS["maneuver"])}'
        f'<div class="we-prog">⚔ attack <b data-attack="{e.attack}">{e.attack}</b></div>'
        f"{_on_target(state, t)}</div>"
    )


def section_card(state: Any, i: int, t: Any, sec: Any) -> str:
    from explorer.games.warps_edge.actions import target_problem

    if t.defeated:
        return (f'<div class="we-card we-defeated" data-section="{i + 1}" title="{esc(section_text(sec, state.data.token_label))}" '
                f'style="border-top-color:#2b2f36">'
                f'<span class="we-def" title="damage marker">✖ DAMAGE MARKER</span>'
                f'<div class="we-slot">section {i + 1}</div><div class="we-name">{esc(sec.name)}</div>'
                f'<div class="we-cond">defeated</div></div>')
    have = {"lasers": t.lasers, "maneuvers": t.maneuvers, "energy": t.energy}[sec.method]
    colour = {"lasers": TOKEN_COLOURS["laser"], "maneuvers": TOKEN_COLOURS["maneuver"],
              "energy": TOKEN_COLOURS["energy"]}[sec.method]
    stun = '<span class="we-stun">STUNNED</span>' if t.stunned else ""
    problem = target_problem(state, f"section {i + 1}")
    target_note = "targetable now" if not problem else "not targetable now"
    return (
        f'<div class="we-card" data-section="{i + 1}" title="{esc(section_text(sec, state.data.token_label))}" '
        f'style="border-top-color:#8E6C9E">{stun}'
        f'<div class="we-slot">section {i + 1}</div><div class="we-name">{esc(sec.name)}</div>'
        f'{progress(describe_method(sec.method), have, sec.stat, colour)}'
        f'<div class="we-prog">⚔ attack <b>{sec.attack}</b></div>'
        f'<div class="we-cond">attacks: {esc(sec.attack_when.replace("_", " "))}</div>'
        f'<div class="we-cond" title="{esc(problem)}">target: {esc(sec.targetable_when.replace("_", " "))} '
        f"({target_note})</div>{_on_target(state, t)}</div>"
    )


def zones_html(state: Any) -> str:
    deck = " · ".join(f"{c} {len(d)}" for c, d in zip(("yellow", "orange", "red"), state.enemy_deck))
    rows = [
        ("Pool", state.pool, chips(state, state.pool, "empty")),
        ("Bag", state.bag, chips(state, state.bag, "empty")),
        ("Discard", state.discard, chips(state, state.discard, "empty")),
        ("Removed", state.removed, chips(state, state.removed, "none (out of the game)")),
        ("Supply", state.supply, '<span class="we-cond">the tray: bought and gained tokens come from here</span>'),
    ]
    body = "".join(
        f'<tr data-zone="{name.lower()}" title="{esc(ZONE_TITLES[name])}"><td style="width:70px">{name}</td>'
        f'<td class="we-count" '
        f'data-count="{len(ms)}">{len(ms)}</td><td>{cell}</td></tr>'
        for name, ms, cell in rows
    )
    return (f'<table class="we-zones">{body}<tr data-zone="deck"><td>Enemy deck</td>'
            f'<td class="we-count">{sum(len(d) for d in state.enemy_deck)}</td><td class="we-cond">{esc(deck)}'
            f"</td></tr></table>")


def skill_status(card: Any) -> str:
    if card.active:
        return "ongoing"
    if getattr(card, "activated", False):
        return "activated"
    if card.exhausted:
        return "exhausted"
    return "ready"


def skills_html(state: Any) -> str:
    if not state.skills and not state.skill_offer:
        return '<span class="we-cond">no skill card yet</span>'
    out = []
    for card in state.skills:
        sk = state.data.skill(card.name)
        status = skill_status(card)
        cls = {"exhausted": " we-exhausted", "ongoing": " we-active", "activated": " we-active"}.get(status, "")
        paid = f'<div class="we-cond">paid this turn: {chips(state, card.tokens)}</div>' if card.tokens else ""
        effects = ", ".join(map(str, sk.effects))
        out.append(
            f'<div class="we-skill{cls}" data-skill="{esc(card.name)}" data-status="{status}" '
            f'title="{esc(skill_text(sk, state.data.token_label))}">'
            f'<b>{esc(card.name)}</b> <span class="we-tag">{status}</span>'
            f'<div class="we-cond">cost {esc(sk.cost_text())} → {esc(effects)}'
            f'{" (ongoing)" if sk.ongoing else ""}</div>{paid}</div>'
        )
    for name in state.skill_offer:
        sk = state.data.skill(name)
        out.append(f'<div class="we-skill" data-offer="{esc(name)}" title="{esc(skill_text(sk, state.data.token_label))}"><b>{esc(name)}</b> <span class="we-tag">drawn: '
                   f'keep one</span><div class="we-cond">cost {esc(sk.cost_text())} → '
                   f'{esc(", ".join(map(str, sk.effects)))}</div></div>')
    return f'<div class="we-row">{"".join(out)}</div>'


def pending_html(state: Any) -> str:
    if not state.pending:
        return ""
    items = ", ".join(f"{p.kind} {p.amount}" + (f" {p.token}" if p.token else "") for p in state.pending)
    return f'<div class="we-pending"><b>To resolve first:</b> {esc(items)}</div>'


def position_html(state: Any) -> str:
    """The whole board: banner, result, warp track, ship, enemy row, mothership, tokens, skills."""
    ship = state.data.mothership(state.mothership)
    enemies = "".join(enemy_card(state, i, t) for i, t in enumerate(state.row))
    sections = "".join(section_card(state, i, t, sec) for i, (t, sec) in enumerate(zip(state.sections, ship.sections)))
    return (
        f'{CSS}<div class="we-board">{banner(state)}{result_html(state)}{warp_html(state)}{pending_html(state)}'
        f'<div class="we-row" style="align-items:stretch"><div style="flex:1 1 260px">{ship_html(state)}</div>'
        f'<div class="we-panel" style="flex:1 1 280px"><div class="we-h" style="margin-top:0">Tokens</div>'
        f"{zones_html(state)}</div></div>"
        f'<div class="we-h">Enemy row</div><div class="we-row we-enemy-row">{enemies}</div>'
        f'<div class="we-h">Mothership · {esc(ship.name)}</div><div class="we-row we-sections">{sections}</div>'
        f'<div class="we-h">Skills</div>{skills_html(state)}</div>'
    )
