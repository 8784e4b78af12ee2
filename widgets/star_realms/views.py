"""The Star Realms position drawn for a person: HTML and CSS, no text dump.

``position_html(state, viewer)`` is a pure function (state in, HTML text out).
It reads the position only through :func:`explorer.games.star_realms.observation.observation`:
with ``viewer`` a seat, the other seats' hands are face-down counts and no deck
order is shown; with ``viewer=None`` ("table") every hand is shown. Card data
(cost, faction, defense, abilities) is public and comes from the game.

Faction colours follow the printed cards: Blob green, Trade Federation blue,
Star Empire yellow, Machine Cult red; unaligned cards grey.

>>> import explorer
>>> s = explorer.load_game("star_realms").initial_state()
>>> while s.is_chance(): s = s.apply(s.chance_outcomes()[0][0])
>>> text = position_html(s, 0)
>>> 'data-hand-hidden="5"' in text, 'data-authority="50"' in text, text.count('class="sr-card sr-row-card')
(True, True, 5)
"""

from __future__ import annotations

import html
from typing import Any

from explorer.games.star_realms.cards import describe
from explorer.games.star_realms.observation import observation

FACTION_COLOURS = {"Blob": "#3d9a4b", "Trade Federation": "#2f6fb5", "Star Empire": "#d9a91a",
                   "Machine Cult": "#c0392b", "Unaligned": "#8a919c"}
FACTION_SHORT = {"Blob": "Blob", "Trade Federation": "Trade Fed.", "Star Empire": "Star Empire",
                 "Machine Cult": "Machine Cult", "Unaligned": "unaligned"}

CSS = """<style>
.sr-board{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#2b2f36;font-size:13px;line-height:1.35}
.sr-board .sr-h{font-size:12px;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#5b6472;margin:6px 0 3px}
.sr-board .sr-row{display:flex;flex-wrap:wrap;gap:6px;margin:2px 0 6px;align-items:stretch}
.sr-board .sr-card{flex:1 1 0;min-width:86px;max-width:150px;border:1px solid #d5d9e0;border-top:6px solid #999;border-radius:6px;
 background:#fff;padding:4px 6px;position:relative;font-size:11.5px}
.sr-board .sr-card .sr-name{font-weight:600;font-size:12.5px;margin:0 30px 2px 0}
.sr-board .sr-card .sr-cost{position:absolute;top:3px;right:4px;background:#f3d36b;color:#3b2c00;border-radius:9px;
 font-weight:700;font-size:11.5px;padding:0 6px}
.sr-board .sr-card .sr-meta{font-size:10.5px;color:#5b6472}
.sr-board .sr-ab{font-size:11px;margin-top:2px}.sr-board .sr-ab b{font-weight:600;color:#5b6472}
.sr-board .sr-empty{border-style:dashed;border-top:1px dashed #c3c8d0;background:#f6f7f9;color:#8a919c}
.sr-board .sr-piles{display:flex;flex-wrap:wrap;gap:4px 8px;font-size:12.5px;margin:0 0 4px}
.sr-board .sr-piles>span{border:1px solid #d5d9e0;border-radius:12px;background:#fbfbfc;padding:1px 9px}
.sr-board .sr-piles b{font-variant-numeric:tabular-nums;margin-left:3px}
.sr-board .sr-player{border:1px solid #d5d9e0;border-radius:6px;background:#fbfbfc;padding:5px 8px;margin:6px 0}
.sr-board .sr-player.sr-moving{border-color:#4C6A92;box-shadow:inset 4px 0 0 #4C6A92}
.sr-board .sr-player.sr-out{opacity:.55}
.sr-board .sr-ph{display:flex;flex-wrap:wrap;gap:4px 14px;align-items:baseline;margin-bottom:3px}
.sr-board .sr-ph .sr-who{font-weight:700;font-size:14px}
.sr-board .sr-auth{font-weight:700;font-size:15px;color:#8a2d1c;font-variant-numeric:tabular-nums}
.sr-board .sr-pool{font-weight:600;border-radius:10px;padding:0 8px;font-size:12px}
.sr-board .sr-pool.sr-trade{background:#fbeec2;color:#5a4300}.sr-board .sr-pool.sr-combat{background:#f6d8d3;color:#7a1f12}
.sr-board .sr-tag{font-size:10.5px;font-weight:700;border-radius:3px;padding:0 5px;background:#e8eaee;color:#2b2f36}
.sr-board .sr-tag.sr-you{background:#4C6A92;color:#fff}
.sr-board .sr-mini{display:inline-block;border:1px solid #d5d9e0;border-left:5px solid #999;border-radius:4px;background:#fff;
 padding:1px 6px;margin:1px 3px 1px 0;font-size:12px;white-space:nowrap}
.sr-board .sr-mini .sr-def{font-weight:700;color:#2b2f36;margin-left:4px}
.sr-board .sr-mini.sr-outpost{border-width:2px 2px 2px 5px;border-color:#2b2f36}
.sr-board .sr-mini.sr-used{opacity:.65}
.sr-board .sr-back{display:inline-block;width:20px;height:28px;border-radius:3px;margin-right:2px;vertical-align:middle;
 background:repeating-linear-gradient(45deg,#34405a,#34405a 3px,#46557a 3px,#46557a 6px);border:1px solid #2b2f36}
.sr-board .sr-zone{display:grid;grid-template-columns:82px 1fr;gap:2px 6px;font-size:12.5px;align-items:start}
.sr-board .sr-zone>span:nth-child(odd){color:#5b6472}
.sr-board .sr-note{font-size:11.5px;color:#5b6472}
.sr-board .sr-result{font-size:15px;font-weight:600;padding:6px 10px;border-radius:4px;background:#e5f4e8;color:#22622f;margin-bottom:6px}
.sr-board .sr-pending{background:#eef1f5;border-left:4px solid #D08C2E;padding:4px 8px;border-radius:0 4px 4px 0;margin:4px 0}
</style>"""


def esc(text: Any) -> str:
    return html.escape(str(text))


def colour(state: Any, name: str) -> str:
    return FACTION_COLOURS.get(state.card(name).faction, "#8a919c")


def card_kind(card: Any) -> str:
    if card.is_outpost:
        return f"outpost · defense {card.defense}"
    if card.is_base:
        return f"base · defense {card.defense}"
    return "ship"


def abilities_html(card: Any) -> str:
    """Primary, ally and scrap abilities in short text (``describe`` from the card data)."""
    parts = []
    for label, effects in (("", card.primary), ("ally", card.ally), ("2× ally", card.ally2),
                           ("scrap", card.scrap), ("", card.passive)):
        if effects:
            lead = f"<b>{label}:</b> " if label else ""
            parts.append(f'<div class="sr-ab">{lead}{esc(describe(effects))}</div>')
    return "".join(parts)


def card_html(state: Any, name: str, css: str = "") -> str:
    card = state.card(name)
    return (f'<div class="sr-card {css}" data-card="{esc(name)}" data-cost="{card.cost}" '
            f'data-faction="{esc(card.faction)}" style="border-top-color:{colour(state, name)}" '
            f'title="{esc(card.faction)} {esc(card_kind(card))}">'
            f'<span class="sr-cost" title="cost">{card.cost}</span><div class="sr-name">{esc(name)}</div>'
            f'<div class="sr-meta">{esc(FACTION_SHORT.get(card.faction, card.faction))} · {esc(card_kind(card))}</div>'
            f"{abilities_html(card)}</div>")


def mini(state: Any, name: str, count: int = 1, *, label: str = "", used: bool = False) -> str:
    """A one-line card chip; bases show their defense, outposts a dark frame and the word "outpost".

    The marks are plain text or a common glyph: an emoji (the shield U+1F6E1 it once had) needs an
    emoji font, which many browsers' systems (Debian's Chromium among them) lack and draw as a box.
    """
    card = state.card(name)
    cls = "sr-mini" + (" sr-outpost" if card.is_outpost else "") + (" sr-used" if used else "")
    defense = ""
    if card.is_base:
        mark = "outpost " if card.is_outpost else "◆ "
        defense = f'<span class="sr-def" data-defense="{card.defense}">{mark}{card.defense}</span>'
    times = f" ×{count}" if count > 1 else ""
    tip = f"{card.faction} {card_kind(card)}: {describe(card.primary)}"
    return (f'<span class="{cls}" data-card="{esc(name)}" title="{esc(tip)}" '
            f'style="border-left-color:{colour(state, name)}">{esc(label or name)}{times}{defense}'
            f'{" <i>(used)</i>" if used else ""}</span>')


def minis(state: Any, counts: dict[str, int], empty: str = "—") -> str:
    items = sorted(counts.items(), key=lambda kv: (state.card(kv[0]).faction, kv[0]))
    return "".join(mini(state, k, n) for k, n in items) or f'<span class="sr-note">{esc(empty)}</span>'


def row_html(state: Any, view: dict[str, Any]) -> str:
    names = sorted((n for n, k in view["trade_row"].items() for _ in range(k)),
                   key=lambda n: (state.card(n).cost, n))
    cards = [card_html(state, n, "sr-row-card") for n in names]
    cards += ['<div class="sr-card sr-row-card sr-empty"><div class="sr-name">empty</div>'
              '<div class="sr-meta">not revealed yet</div></div>'] * (5 - len(names))
    heap = view["scrap_heap"]
    explorers = "∞" if state.game.variant == "unlimited_explorers" else view["explorers"]
    piles = (f'<div class="sr-piles"><span>Explorer pile <b data-explorers="{view["explorers"]}">{explorers}</b> '
             f'<span class="sr-note">(cost {state.card("Explorer").cost})</span></span><span>Trade deck <b data-trade-deck="{view["trade_deck_size"]}">'
             f'{view["trade_deck_size"]}</b></span><span>Scrap heap <b data-scrap-heap="{sum(heap.values())}">'
             f'{sum(heap.values())}</b></span></div>')
    heap_html = (f'<div class="sr-note" style="margin-top:2px">Scrap heap: {minis(state, heap)}</div>' if heap else "")
    return (f'<div class="sr-h">Trade row</div><div class="sr-row sr-trade-row">{"".join(cards)}</div>'
            f"{piles}{heap_html}")


def _who(state: Any, seat: int) -> str:
    fmt = state.fmt
    role = f" · {fmt.roles[seat]}" if fmt.roles[seat] else ""
    team = f" · team {fmt.teams[seat] + 1}" if len(set(fmt.teams)) < fmt.players else ""
    return f"Player {seat + 1}{team}{role}"


def player_html(state: Any, p: dict[str, Any], viewer: int | None) -> str:
    seat = p["seat"]
    fmt = state.fmt
    moving = state.stage == "main" and not state.is_terminal() and seat == state.actor
    cls = "sr-player" + (" sr-moving" if moving else "") + ("" if p["alive"] else " sr-out")
    you = ' <span class="sr-tag sr-you">you</span>' if viewer == seat else ""
    turn = ' <span class="sr-tag">moving</span>' if moving else ""
    shared = " (shared by the team)" if fmt.shares_life(seat) else ""
    out = "" if p["alive"] else ' <span class="sr-tag">eliminated</span>'
    bases = "".join(mini(state, b["name"], used=b["used"] and moving) for b in p["bases"]) or '<span class="sr-note">none</span>'
    ships = "".join(mini(state, n.split(" (copying ")[0], label=n) for n in p["in_play"]) or \
        '<span class="sr-note">none</span>'
    if p["hand"] is not None:
        hand = minis(state, p["hand"], "empty")
        hand_attr = f'data-hand="{p["hand_size"]}"'
    else:
        backs = '<span class="sr-back"></span>' * min(p["hand_size"], 8)
        hand = f'{backs} <span class="sr-note">{p["hand_size"]} face-down card{"s" if p["hand_size"] != 1 else ""}</span>'
        hand_attr = f'data-hand-hidden="{p["hand_size"]}"'
    discard_n = sum(p["discard"].values())
    return (
        f'<div class="{cls}" data-seat="{seat + 1}"><div class="sr-ph"><span class="sr-who">{esc(_who(state, seat))}'
        f'</span>{you}{turn}{out}<span>Authority <span class="sr-auth" data-authority="{p["authority"]}">'
        f'{p["authority"]}</span><span class="sr-note">{shared}</span></span>'
        f'<span class="sr-pool sr-trade" data-trade="{p["trade"]}">{p["trade"]} Trade</span>'
        f'<span class="sr-pool sr-combat" data-combat="{p["combat"]}">{p["combat"]} Combat</span></div>'
        f'<div class="sr-zone"><span>Bases</span><span class="sr-bases">{bases}</span>'
        f'<span>Ships in play</span><span class="sr-ships">{ships}</span>'
        f'<span>Hand</span><span class="sr-hand" {hand_attr}>{hand}</span>'
        f'<span>Deck</span><span><b data-deck="{p["deck_size"]}">{p["deck_size"]}</b> '
        f'<span class="sr-note">face down</span></span>'
        f'<span>Discard <b data-discard="{discard_n}">{discard_n}</b></span>'
        f'<span class="sr-discard">{minis(state, p["discard"], "empty")}</span></div></div>'
    )


def pending_html(state: Any) -> str:
    if not state.queue or state.stage == "setup":
        return ""
    return f'<div class="sr-pending"><b>To resolve first:</b> {esc(state.phase)}</div>'


def result_html(state: Any) -> str:
    if not state.is_terminal():
        return ""
    return f'<div class="sr-result">Game over — {esc(state.result())}</div>'


def player_views(state: Any, viewer: int | None) -> list[dict[str, Any]]:
    """Each seat as ``viewer`` sees it (``None``: the table, every hand shown)."""
    if viewer is not None:
        return observation(state, viewer)["players"]
    return [observation(state, s)["players"][s] for s in range(len(state.players))]


def position_html(state: Any, viewer: int | None = None) -> str:
    """The whole table: result, pending effect, trade row and piles, then every player (the viewer first)."""
    view = observation(state, viewer if viewer is not None else 0)
    players = player_views(state, viewer)
    order = sorted(players, key=lambda p: (p["seat"] != viewer, p["seat"]))
    who = "the table (every hand shown)" if viewer is None else f"player {viewer + 1} (other hands hidden)"
    return (
        f'{CSS}<div class="sr-board" data-viewer="{"table" if viewer is None else viewer + 1}">'
        f"{result_html(state)}{pending_html(state)}{row_html(state, view)}"
        f'<div class="sr-h">Players <span style="text-transform:none;font-weight:400">· seen by {esc(who)}</span></div>'
        f'{"".join(player_html(state, p, viewer) for p in order)}</div>'
    )
