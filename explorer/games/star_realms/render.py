"""The position as text: trade row, then each player's Authority, bases, ships, hand and piles.

>>> import explorer
>>> print(explorer.load_game("star_realms").initial_state().render().splitlines()[0])
Star Realms — standard, setup: reveal the trade row
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from explorer.games.star_realms.state import InPlay, StarRealmsState


def _record(s: "StarRealmsState", r: "InPlay") -> str:
    card = s.card(r.name)
    text = r.name + (f" (copying {r.copied})" if r.copied else "")
    if card.is_base:
        text += f" [{'outpost' if card.is_outpost else 'base'} {card.defense}{', used' if r.primary_used else ''}]"
    return text


def render(s: "StarRealmsState") -> str:
    fmt = s.fmt
    lines = [f"Star Realms — {fmt.name}, {s.phase}"]
    lines.append(f"Trade row: {s.row}   (trade deck {len(s.trade_deck)}, Explorers {s.explorers}, "
                 f"scrap heap {len(s.scrap_heap)})")
    for seat, p in enumerate(s.players):
        role = f" {fmt.roles[seat]}" if fmt.roles[seat] else ""
        team = f" team {fmt.teams[seat] + 1}" if len(set(fmt.teams)) < fmt.players else ""
        mark = " <" if seat == s.actor and s.stage == "main" else ""
        state = "" if s.alive[seat] else " (eliminated)"
        lines.append(f"Player {seat + 1}{team}{role}: Authority {s.authority[fmt.lives[seat]]}{state}{mark}")
        if p.bases:
            lines.append("  bases: " + ", ".join(_record(s, r) for r in p.bases))
        if p.ships:
            lines.append("  in play: " + ", ".join(_record(s, r) for r in p.ships))
        lines.append(f"  hand: {p.hand}")
        lines.append(f"  deck {len(p.deck)}, discard {len(p.discard)}; pools: {p.trade} Trade, {p.combat} Combat"
                     + ("; next ship on top" if p.next_ship_to_top else ""))
    if s.queue:
        lines.append("Pending: " + "; ".join(f"{t.kind} x{t.amount} (player {t.player + 1})" for t in s.queue))
    return "\n".join(lines)
