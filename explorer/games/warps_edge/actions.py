"""The pilot's decisions: what is legal, how each reads, and why a refused one is refused.

Notation (what a person types; case and spacing do not matter)::

    fire laser-2 at slot 3          maneuver at slot 1          charge energy-2 at section 3
    use photon-blast at slots 2-3   use warhammer at slot 4     use rupture      use enhance
    repair with energy-1            spend energy-2 on buying    buy laser-3
    assign energy-1 to Demo Shield Surge    use skill Demo Shield Surge    store laser-1 in hold
    take laser-1 from hold          end actions                 keep Demo Scavenger
    remove laser-1 from the game    return energy-1 to the bag  gain laser-3
    gain laser-1 from Rupture

The notation names tokens by id, as data files, positions, saved matches and links do; what a screen shows
is the move in words (:mod:`explorer.games.warps_edge.words`: ``fire Laser 2 at slot 3``), and typed text may
name a token either way.

>>> import explorer
>>> s = explorer.load_game("warps_edge").initial_state()
>>> str(make("fire", "laser-2", "slot 3")), str(make("use", "rupture", ""))
('fire laser-2 at slot 3', 'use rupture')
>>> parse_notation(s, "Buy Laser 2") == parse_notation(s, "buy laser-2") == make("buy", "laser-2")
True
"""

from __future__ import annotations

import re
from functools import lru_cache

from explorer.core import Action
from explorer.core.actions import normalise_notation
from explorer.games.warps_edge.effects import choice_options, skill_needs, upgrades
from explorer.games.warps_edge.state import CHOICE_PENDING, SkillCard, WarpsEdgeState

CHOICE_KIND = {"remove": "remove", "recover": "return", "any": "gain", "rupture": "rupture"}
PENDING_OF = {v: k for k, v in CHOICE_KIND.items()}


@lru_cache(maxsize=16_384)
def make(kind: str, *args: str) -> Action:
    """An action with its notation as the label (remembered: the same few moves recur every turn)."""
    return Action(kind, tuple(args), label=notation(kind, args))


_NOTATION = {
    "fire": lambda a: f"fire {a[0]} at {a[1]}",
    "maneuver": lambda a: f"maneuver at {a[1]}",
    "charge": lambda a: f"charge {a[0]} at {a[1]}",
    "use": lambda a: f"use {a[0]}" + (f" at {a[1]}" if a[1] else ""),
    "repair": lambda a: f"repair with {a[0]}",
    "spend": lambda a: f"spend {a[0]} on buying",
    "buy": lambda a: f"buy {a[0]}",
    "assign": lambda a: f"assign {a[0]} to {a[1]}",
    "skill": lambda a: f"use skill {a[0]}",
    "store": lambda a: f"store {a[0]} in hold",
    "take": lambda a: f"take {a[0]} from hold",
    "end": lambda a: "end actions",
    "keep": lambda a: f"keep {a[0]}",
    "remove": lambda a: f"remove {a[0]} from the game",
    "return": lambda a: f"return {a[0]} to the bag",
    "gain": lambda a: f"gain {a[0]}",
    "rupture": lambda a: f"gain {a[0]} from Rupture",
}


def notation(kind: str, args: tuple) -> str:
    word = _NOTATION.get(kind)
    if word is None:
        return " ".join([kind, *map(str, args)])
    return word(list(args) + ["", ""])


# --- targets -------------------------------------------------------------------
def target_problem(st: WarpsEdgeState, where: str) -> str:
    """Why ``where`` ("slot 2", "section 1") cannot be targeted now, or ``""``."""
    word, _, num = where.partition(" ")
    if word not in ("slot", "section") or not num.isdigit():
        return f"{where!r} is not a target: name one as 'slot 1'..'slot 4' or 'section 1'..'section {len(st.sections)}'"
    i = int(num) - 1
    if word == "slot":
        if not 0 <= i < len(st.row):
            return f"there is no slot {num}: the enemy row has slots 1 to {len(st.row)}"
        return "" if st.row[i].card else f"slot {num} of the enemy row is empty"
    if not 0 <= i < len(st.sections):
        return f"there is no section {num}: the mothership has sections 1 to {len(st.sections)}"
    sec = st.data.mothership(st.mothership).sections[i]
    if st.sections[i].defeated:
        return f"section {num} ({sec.name}) is already defeated"
    if sec.targetable_when == "no_enemies" and any(t.card for t in st.row):
        return f"section {num} ({sec.name}) can be targeted only when the enemy row is clear"
    if sec.targetable_when == "other_sections_defeated" and not all(
            s.defeated for j, s in enumerate(st.sections) if j != i):
        return f"section {num} ({sec.name}) can be targeted only after the other sections are defeated"
    return ""


def targets(st: WarpsEdgeState) -> list[str]:
    out = [f"slot {i + 1}" for i, t in enumerate(st.row) if t.card]
    out += [f"section {i + 1}" for i in range(len(st.sections)) if not target_problem(st, f"section {i + 1}")]
    return out


def adjacent_pairs(st: WarpsEdgeState) -> list[str]:
    out = [f"slots {i + 1}-{i + 2}" for i in range(len(st.row) - 1) if st.row[i].card and st.row[i + 1].card]
    ok = [not target_problem(st, f"section {i + 1}") for i in range(len(st.sections))]
    out += [f"sections {i + 1}-{i + 2}" for i in range(len(st.sections) - 1) if ok[i] and ok[i + 1]]
    return out


def energy_sections(st: WarpsEdgeState) -> list[str]:
    return _energy_sections(st, targets(st))


def _energy_sections(st: WarpsEdgeState, tgts: list[str]) -> list[str]:
    secs = st.data.mothership(st.mothership).sections
    return [w for w in tgts if w.startswith("section") and secs[int(w.split()[1]) - 1].method == "energy"]


# --- legal actions -------------------------------------------------------------
def open_moves(st: WarpsEdgeState) -> tuple[Action, ...]:
    """The pilot's moves now: the pending reward's choices, the skill to keep at setup, or the turn's moves."""
    if st.pending:
        head = st.pending[0]
        return tuple(make(CHOICE_KIND[head.kind], t) for t in choice_options(st, head))
    if st.stage == "setup-keep":
        return tuple(make("keep", name) for name in st.skill_offer)
    acts: list[Action] = []
    tgts = targets(st)
    # What depends on the position only is worked out once, not once per token in the pool.
    ready = [c for c in st.skills if not c.exhausted and not c.active]
    needs: list[tuple[SkillCard, dict[str, int]]] | None = None
    hold_room = bool(st.pool) and len(st.hold) < st.hold_size
    charge_at: list[str] | None = None
    for tid in map(str, st.pool.kinds()):
        tok = st.token(tid)
        if tok.kind == "laser":
            acts += [make("fire", tid, w) for w in tgts]
        elif tok.kind == "maneuver":
            acts += [make("maneuver", tid, w) for w in tgts]
        elif tok.kind == "energy":
            if st.shields < st.max_shields:
                acts.append(make("repair", tid))
            acts.append(make("spend", tid))
            if charge_at is None:
                charge_at = _energy_sections(st, tgts)
            acts += [make("charge", tid, w) for w in charge_at]
        else:
            acts += [make("use", tid, w) for w in power_places(st, tid)]
        if tok.kind in ("energy", "laser", "maneuver"):
            if needs is None:
                needs = [(c, skill_needs(st, c)) for c in ready]
            acts += [make("assign", tid, c.name) for c, need in needs if need[tok.kind] > 0]
        if hold_room:
            acts.append(make("store", tid))
    acts += [make("skill", c.name) for c in st.skills if c.activated]
    acts += [make("take", tid) for tid in st.hold.kinds()]
    if st.credit > 0:
        acts += [make("buy", tid) for tid in map(str, st.supply.kinds()) if st.token(tid).cost <= st.credit]
    acts.append(make("end"))
    return tuple(acts)


def power_places(st: WarpsEdgeState, tid: str) -> list[str]:
    """Where a P.O.W.E.R. or signature token can be used now (``""`` = no target)."""
    eff = st.token(tid).effect
    if eff in ("laser", "maneuver", "stun"):
        return targets(st)
    if eff == "photon_blast":
        return adjacent_pairs(st)
    if eff == "warhammer":
        return [f"slot {i + 1}" for i, t in enumerate(st.row) if t.card]
    if eff == "rupture":
        return [""]
    if eff == "enhance":
        return [""] if upgrades(st) else []
    if eff == "shields":
        return [""] if st.shields < st.max_shields else []
    return []


# --- reading typed text --------------------------------------------------------
_PATTERNS = [
    (re.compile(r"^fire (.+?) at (.+)$"), "fire"),
    (re.compile(r"^maneuver at (.+)$"), "maneuver"),
    (re.compile(r"^charge (.+?) at (.+)$"), "charge"),
    (re.compile(r"^use skill (.+)$"), "skill"),
    (re.compile(r"^use (.+?) at (.+)$"), "use"),
    (re.compile(r"^use (.+)$"), "use"),
    (re.compile(r"^repair with (.+)$"), "repair"),
    (re.compile(r"^spend (.+) on buying$"), "spend"),
    (re.compile(r"^buy (.+)$"), "buy"),
    (re.compile(r"^assign (.+?) to (.+)$"), "assign"),
    (re.compile(r"^store (.+) in hold$"), "store"),
    (re.compile(r"^take (.+) from hold$"), "take"),
    (re.compile(r"^end actions$"), "end"),
    (re.compile(r"^keep (.+)$"), "keep"),
    (re.compile(r"^remove (.+) from the game$"), "remove"),
    (re.compile(r"^return (.+) to the bag$"), "return"),
    (re.compile(r"^gain (.+) from rupture$"), "rupture"),
    (re.compile(r"^gain (.+)$"), "gain"),
]


def parse_notation(st: WarpsEdgeState, text: str) -> Action | None:
    """Read typed text as an action (legal or not), restoring the data's spelling of names; a token may be
    named by its id or its name (``laser-1``, ``Laser 1``)."""
    words = normalise_notation(text)
    names = {s.name.casefold(): s.name for s in st.data.skills}
    maneuver = next(t.id for t in st.data.tokens if t.kind == "maneuver")

    def token(said: str) -> str:
        return st.data.token_words(said) or said

    for pattern, kind in _PATTERNS:
        m = pattern.match(words)
        if not m:
            continue
        g = list(m.groups())
        if kind == "maneuver":
            g = [maneuver, g[0]]
        elif kind in ("keep", "skill"):
            g = [names.get(g[0], g[0])]
        elif kind == "assign":
            g = [token(g[0]), names.get(g[1], g[1])]
        elif g:
            g[0] = token(g[0])
        if kind == "use" and len(g) == 1:
            g.append("")
        return make(kind, *g)
    return None


# --- why not -------------------------------------------------------------------
def refusal(st: WarpsEdgeState, action: Action) -> str:
    """The reason ``action`` is refused here, in the game's words ("" when the base reason fits)."""
    if st.outcome or st.current_player < 0:
        return ""
    kind, said = action.kind, tuple(action.args) + ("", "")
    args = tuple(map(str, said))  # a move of this game names tokens, targets and skills by their words
    if st.pending:
        head = st.pending[0]
        if PENDING_OF.get(kind) != head.kind:
            return f"first resolve {st.phase.split(' — ')[-1]} (a reward or effect is mandatory)"
        where = "supply" if head.kind in ("any", "rupture") else "discard"
        options = ", ".join(st.data.token_label(t) for t in choice_options(st, head))
        return f"{st.data.token_label(args[0])} is not a choice here: choose one of {options} from the {where}"
    if st.stage == "setup-keep":
        if kind != "keep":
            return f"setup first: keep one of {' or '.join(st.skill_offer)}"
        return f"{args[0]} was not drawn; keep one of {' or '.join(st.skill_offer)}"
    if kind in CHOICE_KIND.values() or kind == "keep":
        return f"there is no reward or setup choice to make in {st.phase}"
    if kind == "skill":
        return why_not_use_skill(st, args[0])
    tid = args[0]
    known = {t.id for t in st.data.tokens}
    name = st.data.token_label(tid)
    if kind not in ("fire", "maneuver", "charge", "use", "repair", "spend", "buy", "assign", "store", "take"):
        return ""  # no other move names a token of the pool, hold or supply: the base reason fits
    if said[0] not in known:
        return f"there is no token called {said[0]!r} in this data set"
    tok = st.token(tid)
    if kind == "take":
        return f"{name} is not in the hold" if tid not in st.hold else ""
    if kind == "buy":
        if tid not in st.supply:
            return f"there is no {name} left in the supply"
        if tok.cost > st.credit:
            energy = next(t.label for t in st.data.tokens if t.kind == "energy")
            return (f"{name} costs {tok.cost} but only {st.credit} energy has been spent on buying this turn "
                    f"(spend energy first: 'spend {energy} on buying')")
        return ""
    if kind in ("fire", "maneuver", "charge", "use", "repair", "spend", "assign", "store") and tid not in st.pool:
        return f"{name} is not in the pool"
    if kind == "store":
        return f"the hold is full ({len(st.hold)} of {st.hold_size})"
    if kind == "fire" and tok.kind != "laser":
        return f"{name} is not a laser token" + (f"; power tokens are played with 'use {name}'" if tok.effect else "")
    if kind == "maneuver" and tok.kind != "maneuver":
        return f"{name} is not a maneuver token"
    if kind in ("repair", "spend", "charge") and tok.kind != "energy":
        return f"{name} is not an energy token"
    if kind in ("fire", "maneuver", "charge"):
        problem = target_problem(st, args[1])
        if problem:
            return problem
        if kind == "charge":
            if args[1].startswith("slot"):
                return "energy is assigned only to mothership sections that are defeated with energy"
            sec = st.data.mothership(st.mothership).sections[int(args[1].split()[1]) - 1]
            return f"{args[1]} ({sec.name}) is defeated with {sec.method}, not energy"
    if kind == "repair":
        return f"the shields are already at their maximum ({st.max_shields})"
    if kind == "use":
        return why_not_use(st, tid, args[1])
    if kind == "assign":
        return why_not_assign(st, tid, args[1])
    return ""


def why_not_use(st: WarpsEdgeState, tid: str, where: str) -> str:
    tok = st.token(tid)
    if not tok.effect:
        return f"{tok.label} is not a P.O.W.E.R. token: " + ("fire it at a target" if tok.kind == "laser" else
                                                        "use 'maneuver at ...'" if tok.kind == "maneuver" else
                                                        "repair, spend or assign it")
    eff, name = tok.effect, tok.name
    if eff == "warhammer":
        if where.startswith("section"):
            return (f"{name} destroys an enemy, and mothership sections are targets but not enemies "
                    "(\"enemy\" means enemy cards only)")
        if not where:
            return f"{name} is used on one enemy: 'use {name} at slot N'"
        return target_problem(st, where) or f"{name} is used on one enemy: 'use {name} at slot N'"
    if eff == "photon_blast":
        m = re.match(r"^(slots|sections) (\d+)-(\d+)$", where)
        if not m or int(m.group(3)) != int(m.group(2)) + 1:
            return f"{name} hits two adjacent targets: 'use {name} at slots 2-3' or 'at sections 1-2'"
        word = m.group(1)[:-1]
        return (target_problem(st, f"{word} {m.group(2)}") or target_problem(st, f"{word} {m.group(3)}")
                or "those targets are not adjacent")
    if eff in ("laser", "maneuver", "stun"):
        return target_problem(st, where) if where else f"{name} is assigned to a target: 'use {name} at slot N'"
    if where:
        return f"{name} takes no target: 'use {name}'"
    if eff == "enhance":
        return "there is no energy or laser token in the pool that can be upgraded (or the supply has none higher)"
    if eff == "shields":
        return f"the shields are already at their maximum ({st.max_shields})"
    return ""


def _skill_card(st: WarpsEdgeState, name: str) -> tuple[SkillCard | None, str]:
    """The skill card called ``name`` and "" — or None and why it cannot be paid for or used."""
    cards = {c.name: c for c in st.skills}
    if name not in cards:
        return None, f"{name} is not one of your skill cards ({', '.join(cards) or 'none'})"
    card = cards[name]
    if card.active:
        return None, f"{name} is an ongoing skill already in effect for the rest of the game"
    return card, ""


def why_not_assign(st: WarpsEdgeState, tid: str, name: str) -> str:
    card, reason = _skill_card(st, name)
    if card is None:
        return reason
    if card.activated:
        return f"{name} is already activated: use it with 'use skill {name}' before the end of this step"
    if card.exhausted:
        return f"{name} is exhausted: a skill can be used once per warp"
    tok = st.token(tid)
    if tok.kind not in ("energy", "laser", "maneuver"):
        return "skills are paid with energy, laser and maneuver tokens"
    return f"{name} needs no more {tok.kind} this turn"


def why_not_use_skill(st: WarpsEdgeState, name: str) -> str:
    card, reason = _skill_card(st, name)
    if card is None:
        return reason
    if card.exhausted:
        return (f"{name} was already used this warp (a skill can be used once per warp), or its activation "
                "was lost at the end of step 2")
    need = skill_needs(st, card)
    owed = ", ".join(f"{n} {k}" for k, n in need.items() if n)
    return f"{name} is not activated: assign tokens to meet its cost first (still needed: {owed})"


__all__ = ["CHOICE_PENDING", "make", "open_moves", "parse_notation", "refusal"]
