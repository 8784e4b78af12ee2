"""The project's seeded generators: numpy's when numpy is installed, the same numbers in pure Python when not.

Every seeded thing (a match, a rollout, a sampled odds answer, a simulation) makes its generator here, so a
seed means one game everywhere: on an ordinary install numpy's ``Generator(PCG64(seed))`` draws (it is
faster); in a browser's Python, where numpy cannot be had, ``explorer.core.pcg64`` draws the very same
numbers. The state of either is numpy's ``bit_generator.state`` dictionary, so a match saved on one loads
and replays on the other.

The few array draws the project makes go through :func:`uniforms` and :func:`sample_indices`, which return
plain lists from either kind.

>>> g = new_generator(3)
>>> int(g.integers(0, 6)), is_generator(g), is_generator(object())
(4, True, False)
>>> pure = new_generator(3, pure=True)
>>> pure.integers(0, 6), generator_state(pure) == generator_state(g)
(4, True)
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
import secrets
from typing import Any, Union

import explorer.core.pcg64 as pcg64

try:  # numpy only makes draws faster; every number is the same without it
    import numpy as _numpy
except ImportError:  # a Python without numpy (Pyodide in the browser): the pure generator draws
    _numpy = None  # type: ignore[assignment]  # numpy is optional: None says it is missing

HAVE_NUMPY: bool = _numpy is not None
"""Whether numpy's generator is used (it is installed and imports)."""

Generator = Union[pcg64.Generator, Any]
"""A seeded generator: ``numpy.random.Generator`` (PCG64) or :class:`explorer.core.pcg64.Generator`."""

RngState = tuple[int, int, int, int]
"""A PCG64 state as four whole numbers (state, inc, has_uint32, uinteger): what a saved match writes."""


def new_generator(seed: int | Sequence[int] | Any, pure: bool | None = None) -> Generator:
    """A PCG64 generator seeded with ``seed`` (a whole number, a list of them, or a seed sequence).

    ``pure=True`` asks for the pure-Python generator even where numpy is installed (tests compare the two);
    ``pure=False`` insists on numpy's. Either gives numpy's ``default_rng(seed)`` numbers.

    >>> new_generator([7, 1]).random() == new_generator([7, 1], pure=True).random()
    True
    """
    if pure is None:
        pure = _numpy is None or isinstance(seed, pcg64.SeedSequence)
    if pure:
        return pcg64.Generator(pcg64.PCG64(seed))
    if _numpy is None:
        raise ImportError("numpy's generator was asked for (pure=False), but numpy is not installed")
    return _numpy.random.Generator(_numpy.random.PCG64(seed))


def spawn_generators(entropy: Sequence[int], n: int, pure: bool | None = None) -> tuple[Generator, ...]:
    """``n`` independent generators from ``SeedSequence(entropy).spawn(n)``, as numpy spawns them.

    >>> a = spawn_generators([5, 2], 3)
    >>> b = spawn_generators([5, 2], 3, pure=True)
    >>> [int(g.integers(0, 100)) for g in a] == [g.integers(0, 100) for g in b]
    True
    """
    if pure is None:
        pure = _numpy is None
    if pure:
        return tuple(pcg64.Generator(pcg64.PCG64(child)) for child in pcg64.SeedSequence(list(entropy)).spawn(n))
    return tuple(_numpy.random.Generator(_numpy.random.PCG64(child))
                 for child in _numpy.random.SeedSequence(list(entropy)).spawn(n))


def fresh_seed(bits: int = 32) -> int:
    """A seed from the operating system's entropy (for a match started without one)."""
    return secrets.randbits(bits)


def is_generator(value: object) -> bool:
    """Whether ``value`` is a generator this project draws from (numpy's or the pure one)."""
    if isinstance(value, pcg64.Generator):
        return True
    return _numpy is not None and isinstance(value, _numpy.random.Generator)


def generator_state(rng: Generator) -> RngState:
    """The state of a PCG64 generator (numpy's or pure) as four integers (what a saved match writes)."""
    s = rng.bit_generator.state
    return (s["state"]["state"], s["state"]["inc"], s["has_uint32"], s["uinteger"])


def set_generator_state(rng: Generator, saved: RngState) -> None:
    """Put ``rng`` (numpy's or pure) at a state :func:`generator_state` read, from either kind."""
    rng.bit_generator.state = {
        "bit_generator": "PCG64",
        "state": {"state": saved[0], "inc": saved[1]},
        "has_uint32": saved[2],
        "uinteger": saved[3],
    }


def generator_at(saved: RngState) -> Generator:
    """A new generator (of the kind this Python uses) standing at ``saved``."""
    rng = new_generator(0)
    set_generator_state(rng, saved)
    return rng


def uniforms(rng: Generator, n: int) -> list[float]:
    """``n`` uniform doubles in [0, 1) as a list: ``rng.random(n)``'s numbers from either kind."""
    drawn = rng.random(n)
    return drawn if isinstance(drawn, list) else drawn.tolist()


def sample_indices(rng: Generator, weights: Sequence[int], count: int) -> list[int]:
    """``count`` indices drawn with replacement in proportion to whole ``weights`` (each draw one integer).

    Ticket ``t`` uniform below the total picks the first index whose running total passes it, which is what
    ``numpy.searchsorted(cumsum, tickets, side="right")`` gives for ``rng.integers(0, total, size=count)``.

    >>> sample_indices(new_generator(1), [1, 0, 3], 6)
    [2, 2, 2, 2, 0, 0]
    """
    running = list(accumulate(weights))
    tickets = rng.integers(0, running[-1], size=count)
    if not isinstance(tickets, list):
        tickets = tickets.tolist()
    return [bisect_right(running, t) for t in tickets]
