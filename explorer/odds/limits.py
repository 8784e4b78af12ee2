"""The caps on every size argument of the odds functions, so no accepted call hangs a kernel.

A shared dashboard passes visitors' numbers straight to these functions, so each
size argument has a documented cap, chosen so that any call within the caps
answers in well under 2 s on the project's 2-core machine (the slowest accepted
call of each cap is a row of ``tests/odds/test_limits.py``; the slowest,
1000d100 summed, takes under 1 s there). A value past a cap is refused with a
``ValueError`` whose message names the argument and gives the cap; a value of
the wrong type with a ``ValueError`` (or ``TypeError`` for ``rng``) naming the
argument.

=================================  ============================================
function (argument)                cap
=================================  ============================================
dice_pool / dice_faces / dice_sum  ``n`` <= MAX_DICE, ``sides`` <= MAX_SIDES
dice_faces                         C(n + sides - 1, n) <= MAX_FACE_OUTCOMES,
                                   and that times ``n`` <= MAX_FACE_VALUES
dice_sum                           n * (sides - 1) + 1 <= MAX_SUM_OUTCOMES
draw / draw_count / draw_joint     population: <= MAX_KINDS kinds, total
                                   <= MAX_POPULATION items (so ``n`` too)
draw                               distinct draws <= MAX_DRAW_OUTCOMES
draw_joint                         ``n`` <= MAX_JOINT_DRAWN
absorbing_chain                    <= MAX_CHAIN_STATES states,
                                   <= MAX_CHAIN_COMPONENT in one cycle
                                   (strongly connected component),
                                   ``max_steps`` <= MAX_CHAIN_STEPS; the steps
                                   listing stops past MAX_CHAIN_WORK
estimate                           ``trials`` <= MAX_TRIALS, ``seed`` <= MAX_SEED
Dist.sample                        ``size`` <= MAX_SAMPLE
=================================  ============================================

``estimate`` runs the caller's own ``trial`` function: its cap bounds the
number of calls, and the time is MAX_TRIALS times one trial (a trial of a few
microseconds answers in under a second).

>>> from explorer.odds import dice_faces
>>> dice_faces(1, sides=MAX_SIDES + 1)
Traceback (most recent call last):
...
ValueError: sides must be a whole number from 1 to 1000 (the cap MAX_SIDES), got 1001
"""

from __future__ import annotations

MAX_DICE = 1000
"""The most dice one question may roll."""

MAX_SIDES = 1000
"""The most sides a die may have."""

MAX_FACE_OUTCOMES = 200_000
"""The most distinct face multisets ``dice_faces`` lists (5d6 has 252, 10d10 92,378)."""

MAX_FACE_VALUES = 1_000_000
"""The most faces ``dice_faces`` lists in all: face multisets times ``n`` (10d10 lists 923,780)."""

MAX_SUM_OUTCOMES = 150_000
"""The most distinct totals ``dice_sum`` lists (1000d150 has 149,001)."""

MAX_KINDS = 200
"""The most kinds a population may have."""

MAX_POPULATION = 10_000
"""The most items a population may hold in all (and so the most that can be drawn)."""

MAX_DRAW_OUTCOMES = 60_000
"""The most distinct drawn multisets ``draw`` lists (12 of 80 in 8 kinds has 50,324)."""



class TooManyDraws(ValueError):
    """``draw`` refused: the draw has more distinct outcomes than ``MAX_DRAW_OUTCOMES``.

    A ``ValueError`` like every refused size, but its own class, so a caller that can answer another way
    (by sampling, as a game's odds do past their budget) catches exactly this and nothing else.
    """


MAX_JOINT_DRAWN = 500
"""The most items ``draw_joint`` draws (its table has (n + 1)(n + 2) / 2 cells: 125,751 at the cap)."""

MAX_CHAIN_STATES = 200
"""The most states ``absorbing_chain`` solves (those reachable from the start)."""

MAX_CHAIN_COMPONENT = 20
"""The most transient states in one cycle of the chain, solved by exact elimination together."""

MAX_CHAIN_STEPS = 2000
"""The most steps ``absorbing_chain`` lists the step distribution for."""

MAX_CHAIN_WORK = 100_000_000
"""When ``absorbing_chain`` stops listing steps: transitions times the bits of the exact step numbers,
summed over the steps (the chance of not having ended by then is ``unfinished``, exactly)."""

MAX_TRIALS = 200_000
"""The most trials ``estimate`` runs."""

MAX_SEED = 2**128 - 1
"""The largest seed ``estimate`` takes."""

MAX_SAMPLE = 1_000_000
"""The most outcomes ``Dist.sample`` draws at once."""

LIMITS: dict[str, int] = {
    name: value for name, value in globals().items() if name.startswith("MAX_") and isinstance(value, int)
}
"""Every cap by name, for documentation and tests."""


def cap_text(name: str) -> str:
    """`` (the cap NAME)``: appended to a range in an error message."""
    return f" (the cap {name})"
