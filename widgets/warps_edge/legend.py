"""What each Warp's Edge token, enemy, section and skill does, in words, for hover titles and the board's legend.

Every number comes from the game's data file (``state.data``: the project's
demonstration set unless an owner loaded the printed values); the words for a
token, a reward and a section condition belong to the rules
(``explorer.games.warps_edge.describe``, one phrase per *kind*, never per card):
this module only lays them out for a person (hover titles, the legend's tables)
and adds what the position decides (the variant's stun rule, the ongoing skills'
energy rates).

>>> import explorer
>>> st = explorer.load_game("warps_edge").initial_state()
>>> token_text(st, "laser-2")
'Laser 2 · laser 2: adds 2 to a target’s laser total (an enemy is destroyed at its hull) and stuns it · costs 3'
>>> reward_text(st.data.enemy("Demo Glint").destroy_reward[0])
'any token: pick any token of the supply into the bag'
>>> reward_text(st.data.enemy("Demo Gnat").destroy_reward[0], st.data.token_label)
'gain Laser 1: from the supply into the bag'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from explorer.games.warps_edge.describe import (describe_condition, describe_method, describe_reward,
                                                describe_reward_kind, describe_rewards, describe_token, reward_name)
from explorer.games.warps_edge.effects import stuns
from explorer.games.warps_edge.schema import Enemy, Reward, Section, Skill


def esc(text: Any) -> str:
    return html.escape(str(text))


def _stuns(state: Any, token_id: str) -> bool:
    """Whether the token stuns in this game's variant (outside a Warhammer turn)."""
    return stuns(state.replace(warhammer=False) if state.warhammer else state, token_id)


def token_effect(state: Any, token_id: str) -> str:
    """What the token does when used (``describe.describe_token``), with this position's stun rule and energy rates."""
    return describe_token(state.token(token_id), stuns=_stuns(state, token_id), buy_bonus=state.buy_bonus,
                          repair_per_energy=state.repair_per_energy)


def token_name(state: Any, token_id: str) -> str:
    """A token as the pilot names it: its printed name ("Demo Kestrel Lance", as the log says), or its kind and
    value for the plain ones ("Energy 1" for ``energy-1``); the id stays in files, links and typed moves.

    >>> import explorer
    >>> s = explorer.load_game("warps_edge").initial_state()
    >>> token_name(s, "energy-1"), token_name(s, "kestrel-lance")
    ('Energy 1', 'Demo Kestrel Lance')
    """
    return state.data.token_label(token_id)


def token_text(state: Any, token_id: str) -> str:
    """A token's hover text: its name, what it does, what it costs to buy."""
    return f"{token_name(state, token_id)} · {token_effect(state, token_id)} · costs {state.token(token_id).cost}"


def _same(token_id: str) -> str:
    return token_id


Names = Callable[[str], str]
"""How a token id reads (``state.data.token_label``: ``Laser 1``); the texts below take it as ``names``."""


def reward_text(reward: Reward, names: Names = _same) -> str:
    """One reward or skill effect in words (``describe.describe_reward``), its token named by ``names``."""
    return describe_reward(reward, names)


def rewards_text(rewards: tuple[Reward, ...], none: str = "nothing", names: Names = _same) -> str:
    return describe_rewards(rewards, none, names)


def enemy_text(enemy: Enemy, names: Names = _same) -> str:
    """An enemy card's hover text: level, hull, speed, attack and both rewards (tokens named by ``names``)."""
    text = (f"{enemy.name} — level {enemy.level} ({enemy.colour}) · destroyed by lasers totalling {enemy.hull} · "
            f"evaded by {enemy.speed} maneuver{'s' if enemy.speed != 1 else ''} · attacks for {enemy.attack} unless stunned · "
            f"destroy reward: {rewards_text(enemy.destroy_reward, names=names)} · "
            f"evade reward: {rewards_text(enemy.evade_reward, names=names)}")
    return text + (f" · {enemy.ability}" if enemy.ability else "")


def section_text(sec: Section, names: Names = _same) -> str:
    """A mothership section's hover text: how it falls, when it attacks and can be targeted, its reward."""
    return (f"{sec.name} — defeated by {sec.stat} {describe_method(sec.method)} · attack {sec.attack}: "
            f"{describe_condition('attack_when', sec.attack_when)} · "
            f"{describe_condition('targetable_when', sec.targetable_when)} · "
            f"reward: {rewards_text(sec.rewards, names=names)}")


def skill_text(skill: Skill, names: Names = _same) -> str:
    """A skill card's hover text: cost (met in one turn), effects, ongoing or not."""
    kind = ("ongoing: the paid tokens leave the game and the effect lasts the rest of the game" if skill.ongoing
            else "used once per warp")
    return (f"{skill.name} — pay {skill.cost_text()} in one turn, then use it: "
            f"{rewards_text(skill.effects, names=names)} · {kind}")


def data_note(state: Any) -> str:
    """Where the numbers come from, in a sentence (the demonstration set says it is invented)."""
    if state.data.label == "demo":
        return ("Every number here is from the project's demonstration data set — invented by this project, "
                "not the printed components.")
    return f"Numbers from the {state.data.describe()}."


def _short(rewards: tuple[Reward, ...], names: Names) -> str:
    """Rewards in the data's short phrases, tokens by name (``gain Laser 1, shields 1``); the legend's word list
    explains them."""
    return ", ".join(reward_name(r, names) for r in rewards) or "—"


def _table(rows: list[str], head: str) -> str:
    return f'<table class="we-legend-table"><tr>{head}</tr>{"".join(rows)}</table>'


def legend_html(state: Any) -> str:
    """The board's collapsible legend: the tokens of this game, the enemies with their rewards, the
    mothership's sections, the reward words, and where the numbers come from (``<details>``, closed)."""
    from widgets.warps_edge.views import chip  # the same chips as the board

    data = state.data
    ship = data.mothership(state.mothership)
    in_game = state.all_tokens().kinds()
    tokens = [f'<tr data-legend-token="{esc(t)}"><td>{chip(state, t)}<div class="we-cond">cost '
              f'{state.token(t).cost}</div></td><td>{esc(token_effect(state, t))}</td></tr>' for t in in_game]
    names = data.token_label
    enemies = [f'<tr data-legend-enemy="{esc(e.name)}" title="{esc(enemy_text(e, names))}"><td><b>{esc(e.name)}</b>'
               f'<div class="we-cond">L{e.level} · hull {e.hull} · speed {e.speed} · attack {e.attack}</div></td>'
               f"<td>{esc(_short(e.destroy_reward, names))}</td><td>{esc(_short(e.evade_reward, names))}</td></tr>"
               for e in sorted(data.enemies, key=lambda e: (e.level, e.name))]
    sections = [f'<tr data-legend-section="{i + 1}"><td><b>{esc(s.name)}</b></td><td>{esc(section_text(s, names))}</td></tr>'
                for i, s in enumerate(ship.sections)]
    kinds = dict.fromkeys(r.kind for e in data.enemies for r in e.destroy_reward + e.evade_reward)
    kinds.update(dict.fromkeys(r.kind for s in ship.sections for r in s.rewards))
    kinds.update(dict.fromkeys(r.kind for s in data.skills for r in s.effects))
    words = "".join(f'<li data-legend-reward="{esc(k)}">{esc(describe_reward_kind(k))}'
                    "</li>" for k in kinds)
    return (
        '<div class="we-board"><details class="we-legend"><summary>What the tokens do · enemy rewards · sections</summary>'
        f'<div class="we-legend-note" role="note">⚠ {esc(data_note(state))} Hover any token, card or section '
        "on the board for the same words.</div>"
        f'<div class="we-h">Tokens in this game</div>'
        + _table(tokens, "<th>token</th><th>what it does</th>")
        + f'<div class="we-h">Enemies (all {len(data.enemies)} cards; hover a row for the words)</div>'
        '<div class="we-legend-scroll">'
        + _table(enemies, "<th>enemy</th><th>destroyed</th><th>evaded</th>")
        + f'</div><div class="we-h">Mothership · {esc(ship.name)}</div>'
        + _table(sections, "<th>section</th><th>what it takes</th>")
        + f'<div class="we-h">Rewards and skill effects</div><ul class="we-legend-words">{words}</ul></details></div>'
    )
