"""Absorbing Markov chains, solved exactly: duels, tracks, races to a threshold.

A chain is a mapping state -> {next state: probability}. A state with no row,
an empty row, or only a certain self-loop is *absorbing* (the duel is over).
:func:`absorbing_chain` answers three questions from a start state:

* ``absorption``: where the chain ends, exactly — solved with ``Fraction``
  Gaussian elimination on the transient states, one strongly connected
  component at a time (a duel whose only cycle is "both miss" is solved by
  back-substitution, with no matrix at all);
* ``expected_steps``: the exact expected number of steps until it ends;
* ``steps``: the distribution of the number of steps, by stepping the state
  probabilities forward with exact integers, for ``max_steps`` steps or until
  the chance of not having ended is at most ``tail`` (then ``unfinished``
  holds that chance, exactly).

>>> ruin = {1: {0: Fraction(1, 2), 2: Fraction(1, 2)}, 2: {1: Fraction(1, 2), 3: Fraction(1, 2)}}
>>> result = absorbing_chain(ruin, 1)
>>> result.absorption, result.expected_steps
({0: Fraction(2, 3), 3: Fraction(1, 3)}, Fraction(2, 1))
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from numbers import Rational
from typing import Any

from explorer.core.checks import whole_number
from explorer.errors import excerpt
from explorer.odds.dist import Dist
from explorer.odds.limits import MAX_CHAIN_COMPONENT, MAX_CHAIN_STATES, MAX_CHAIN_STEPS, MAX_CHAIN_WORK, cap_text

Row = tuple[tuple[Hashable, Fraction], ...]


@dataclass(frozen=True)
class ChainResult:
    """The exact answers about an absorbing chain from one start state.

    ``steps`` is the distribution of the number of steps *given* that the chain
    ends within the steps listed (up to ``max_steps``, or fewer once the chance
    of still running is at most ``tail``); ``unfinished`` is the exact
    probability that it has not ended by then (0 when every path ends in time),
    so P(T = k) = (1 - unfinished) * steps.p(k) — see :meth:`p_steps`.
    ``ends`` holds the absorption probabilities as ``(state, probability)``
    pairs, so a cached result cannot be changed; ``absorption`` is a fresh dict.

    >>> r = absorbing_chain({"fight": {"won": Fraction(1, 2), "fight": Fraction(1, 2)}}, "fight")
    >>> r.absorption, r.p_steps(2), r.p_ended_by(2)
    ({'won': Fraction(1, 1)}, Fraction(1, 4), Fraction(3, 4))
    """

    start: Hashable
    ends: tuple[tuple[Hashable, Fraction], ...]
    expected_steps: Fraction
    steps: Dist
    unfinished: Fraction

    @property
    def absorption(self) -> dict[Hashable, Fraction]:
        """Absorbing state -> the exact probability that the chain ends there."""
        return dict(self.ends)

    def p_steps(self, k: int) -> Fraction:
        """P(the chain ends after exactly ``k`` steps) — unconditional, exact for the steps listed."""
        return self.steps.p(k) * (1 - self.unfinished)

    def p_ended_by(self, k: int) -> Fraction:
        """P(the chain has ended within ``k`` steps) — exact for the steps listed."""
        return self.steps.at_most(k) * (1 - self.unfinished)

    def __str__(self) -> str:
        ends = ", ".join(f"{state!r}: {p} ({float(p):.2%})" for state, p in self.ends)
        text = f"from {self.start!r}: ends in {ends}; expected steps {self.expected_steps}"
        text += f" (~{float(self.expected_steps):.3f})"
        if self.unfinished:
            text += f"; P(not ended within {self.steps.outcomes[-1]} steps) = {float(self.unfinished):.3g}"
        return text


def _probability(state: Hashable, target: Hashable, p: object) -> Fraction:
    if isinstance(p, bool) or not isinstance(p, Rational) or p < 0:
        raise ValueError(
            f"transitions[{state!r}][{target!r}] must be a probability (a Fraction or int >= 0), got {p!r}"
        )
    return Fraction(p)


def _rows(transitions: Mapping[Hashable, Any]) -> tuple[tuple[Hashable, Row], ...]:
    if not isinstance(transitions, Mapping):
        raise ValueError(
            f"transitions must be a mapping state -> {{next state: probability}}, got {type(transitions).__name__}"
        )
    if len(transitions) > MAX_CHAIN_STATES:
        raise ValueError(
            f"transitions must have at most {MAX_CHAIN_STATES:,} states (the cap MAX_CHAIN_STATES), "
            f"got {len(transitions):,}"
        )
    rows = []
    for state, row in transitions.items():
        if isinstance(row, Dist):
            pairs = tuple(row.pmf().items())
        elif isinstance(row, Mapping):
            pairs = tuple((t, _probability(state, t, p)) for t, p in row.items())
        else:
            raise ValueError(f"transitions[{state!r}] must be a mapping next state -> probability or a Dist")
        if pairs:
            total = sum(p for _, p in pairs)
            if total != 1:
                raise ValueError(
                    f"transitions[{state!r}] must sum to 1, got {total} (give probabilities, or a Dist for weights)"
                )
        rows.append((state, tuple((t, p) for t, p in pairs if p)))
    return tuple(rows)


def absorbing_chain(
    transitions: Mapping[Hashable, Any],
    start: Hashable,
    *,
    max_steps: int = 1000,
    tail: Fraction | int = Fraction(1, 10**12),
) -> ChainResult:
    """Solve an absorbing Markov chain exactly from ``start``.

    ``transitions`` maps each state to a mapping next state -> probability
    (``Fraction`` or ``int``, each row summing to exactly 1) or to a ``Dist``
    over next states. Only the states reachable from ``start`` are solved;
    every one of them must be able to reach an absorbing state.

    ``absorption`` and ``expected_steps`` are exact whatever the limits. The
    steps distribution is listed for ``max_steps`` steps, stopping sooner once
    P(still running) <= ``tail`` (default 10**-12, so a chart has no long
    invisible tail; pass ``tail=0`` to always list ``max_steps`` steps).

    Caps: at most 200 states (``MAX_CHAIN_STATES``), at most 20 transient
    states in one cycle (``MAX_CHAIN_COMPONENT``: they are solved together by
    exact elimination), ``max_steps`` <= 2,000 (``MAX_CHAIN_STEPS``). The exact
    step numbers grow every step, so the listing also stops once its work (the
    transitions times the bits of the numbers, summed over the steps) passes
    ``MAX_CHAIN_WORK``; ``unfinished`` then holds, exactly, the chance of not
    having ended within the steps listed.

    >>> duel = {"both": {"luke wins": Fraction(1, 3), "vader wins": Fraction(1, 6), "both": Fraction(1, 2)}}
    >>> r = absorbing_chain(duel, "both")
    >>> r.absorption["luke wins"], r.expected_steps, r.p_steps(1), r.p_steps(2)
    (Fraction(2, 3), Fraction(2, 1), Fraction(1, 2), Fraction(1, 4))
    >>> r.unfinished == Fraction(1, 2**40), len(r.steps.outcomes)  # stopped once <= 10**-12
    (True, 40)
    """
    rows = _rows(transitions)
    known = {state for state, _ in rows} | {t for _, row in rows for t, _ in row}
    if len(known) > MAX_CHAIN_STATES:
        raise ValueError(
            f"transitions must name at most {MAX_CHAIN_STATES:,} states (the cap MAX_CHAIN_STATES), got {len(known):,}"
        )
    try:
        hash(start)
    except TypeError:
        raise TypeError(f"start: {excerpt(start)} is unhashable ({type(start).__name__}); a state is a "
                        "string, a number or a tuple") from None
    if start not in known:
        raise ValueError(f"start: {excerpt(start)} is not a state of transitions")
    max_steps = whole_number("max_steps", max_steps, 1, MAX_CHAIN_STEPS, ValueError, cap_text("MAX_CHAIN_STEPS"))
    if isinstance(tail, bool) or not isinstance(tail, Rational) or not 0 <= tail < 1:
        raise ValueError(f"tail must be a Fraction or int from 0 up to (not including) 1, got {tail!r}")
    return _solve(rows, start, max_steps, Fraction(tail))


@lru_cache(maxsize=256)
def _solve(rows: tuple[tuple[Hashable, Row], ...], start: Hashable, max_steps: int, tail: Fraction) -> ChainResult:
    table = dict(rows)

    def absorbing(state: Hashable) -> bool:
        row = table.get(state, ())
        return not row or (len(row) == 1 and row[0][0] == state)

    # states reachable from start, and which are transient
    order = [start]
    seen = {start}
    for state in order:
        if not absorbing(state):
            for t, _ in table[state]:
                if t not in seen:
                    seen.add(t)
                    order.append(t)
    transient = [s for s in order if not absorbing(s)]
    ends = [s for s in order if absorbing(s)]
    if not transient:
        return ChainResult(start, ((start, Fraction(1)),), Fraction(0), Dist.trusted((0,), (1,), 1, True), Fraction(0))
    _check_ends(table, transient, ends)

    values = _values(table, transient, ends)
    start_values = values[start]
    absorption = tuple((end, start_values[i]) for i, end in enumerate(ends))
    steps, unfinished = _step_distribution(table, transient, start, max_steps, tail)
    return ChainResult(start, absorption, start_values[-1], steps, unfinished)


def _check_ends(table: dict[Hashable, Row], transient: list[Hashable], ends: list[Hashable]) -> None:
    back: dict[Hashable, list[Hashable]] = {}
    for s in transient:
        for t, _ in table[s]:
            back.setdefault(t, []).append(s)
    done = set(ends)
    queue = list(ends)
    for state in queue:
        for s in back.get(state, ()):
            if s not in done:
                done.add(s)
                queue.append(s)
    for s in transient:
        if s not in done:
            raise ValueError(f"transitions: state {s!r} can never reach an absorbing state, so the chain need not end")


def _components(table: dict[Hashable, Row], transient: list[Hashable]) -> list[list[Hashable]]:
    """Strongly connected components of the transient states, sinks first (iterative Tarjan)."""
    inside = set(transient)
    index: dict[Hashable, int] = {}
    low: dict[Hashable, int] = {}
    on_stack: set[Hashable] = set()
    stack: list[Hashable] = []
    found: list[list[Hashable]] = []
    counter = 0
    for root in transient:
        if root in index:
            continue
        work = [(root, iter([t for t, _ in table[root] if t in inside]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            state, successors = work[-1]
            advanced = False
            for t in successors:
                if t not in index:
                    index[t] = low[t] = counter
                    counter += 1
                    stack.append(t)
                    on_stack.add(t)
                    work.append((t, iter([u for u, _ in table[t] if u in inside])))
                    advanced = True
                    break
                if t in on_stack:
                    low[state] = min(low[state], index[t])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[state])
            if low[state] == index[state]:
                component = []
                while True:
                    s = stack.pop()
                    on_stack.discard(s)
                    component.append(s)
                    if s == state:
                        break
                found.append(component)
    return found


def _values(
    table: dict[Hashable, Row], transient: list[Hashable], ends: list[Hashable]
) -> dict[Hashable, list[Fraction]]:
    """Per transient state: [P(end in ends[0]), ..., P(end in ends[-1]), E[steps]]."""
    width = len(ends) + 1
    values: dict[Hashable, list[Fraction]] = {}
    for i, end in enumerate(ends):
        unit = [Fraction(0)] * width
        unit[i] = Fraction(1)
        values[end] = unit
    components = _components(table, transient)
    largest = max(len(c) for c in components)
    if largest > MAX_CHAIN_COMPONENT:
        raise ValueError(
            f"transitions: {largest} states form one cycle (each reachable from the others), more than the "
            f"{MAX_CHAIN_COMPONENT} solved together (the cap MAX_CHAIN_COMPONENT)"
        )
    if len(ends) > MAX_CHAIN_STATES:
        raise ValueError(f"transitions: {len(ends)} absorbing states, more than {MAX_CHAIN_STATES} (the cap MAX_CHAIN_STATES)")
    for component in components:
        members = {s: i for i, s in enumerate(component)}
        size = len(component)
        # (I - Q_cc) x = Q_out * known + [0, ..., 0, 1]
        matrix = [[Fraction(0)] * size + [Fraction(0)] * (width - 1) + [Fraction(1)] for _ in range(size)]
        for i, s in enumerate(component):
            row = matrix[i]
            row[i] += 1
            for t, p in table[s]:
                j = members.get(t)
                if j is not None:
                    row[j] -= p
                else:
                    known = values[t]
                    for k in range(width):
                        if known[k]:
                            row[size + k] += p * known[k]
        for s, solution in zip(component, _gauss(matrix, size)):
            values[s] = solution
    return values


def _gauss(matrix: list[list[Fraction]], size: int) -> list[list[Fraction]]:
    """Solve in place by Gauss–Jordan elimination; rows carry their right-hand sides."""
    for col in range(size):
        pivot = next(r for r in range(col, size) if matrix[r][col])
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col]
        inverse = 1 / lead[col]
        for k in range(col, len(lead)):
            lead[k] *= inverse
        for r in range(size):
            factor = matrix[r][col]
            if r != col and factor:
                row = matrix[r]
                for k in range(col, len(row)):
                    if lead[k]:
                        row[k] -= factor * lead[k]
    return [row[size:] for row in matrix]


def _step_distribution(
    table: dict[Hashable, Row], transient: list[Hashable], start: Hashable, max_steps: int, tail: Fraction
) -> tuple[Dist, Fraction]:
    """Step the mass forward with integers over a common denominator D (D**k after k steps)."""
    inside = set(transient)
    denominator = lcm(*(p.denominator for s in transient for _, p in table[s]))
    moves = {
        s: [(t, int(p * denominator), t in inside) for t, p in table[s]] for s in transient
    }
    mass = {start: 1}
    edges = sum(len(m) for m in moves.values())
    work = 0
    absorbed: list[int] = []
    scale = 1  # denominator ** steps taken
    for _ in range(max_steps):
        nxt: dict[Hashable, int] = {}
        ended = 0
        for s, m in mass.items():
            for t, w, stays in moves[s]:
                if stays:
                    nxt[t] = nxt.get(t, 0) + m * w
                else:
                    ended += m * w
        absorbed.append(ended)
        scale *= denominator
        mass = {s: m for s, m in nxt.items() if m}
        work += edges * scale.bit_length()
        if work > MAX_CHAIN_WORK:  # the numbers grow every step: stop listing, `unfinished` says what is left
            break
        # stop once P(still running) = sum(mass) / scale <= tail
        if sum(mass.values()) * tail.denominator <= tail.numerator * scale:
            break
    weights = []
    factor = 1
    for ended in reversed(absorbed):  # weight of step k: ended_k * D**(last - k)
        weights.append(ended * factor)
        factor *= denominator
    weights.reverse()
    finished = sum(weights)
    if finished == 0:
        raise ValueError(f"max_steps={max_steps} is too small: the chain cannot end within it from {start!r}")
    steps = Dist.trusted(tuple(range(1, len(weights) + 1)), tuple(weights), finished, True)
    return steps, Fraction(sum(mass.values()), scale)


def cache_clear() -> None:
    """Forget this module's remembered answers (``explorer.odds.cache_clear`` clears every module's)."""
    for cached in (_solve,):
        cached.cache_clear()
