"""The kinds of number a user may hand the core, with numpy's scalars among them when numpy is installed.

A notebook user may pass ``numpy.int64(3)`` or ``numpy.True_`` where the core asks for a whole number or
refuses a bool; without numpy those kinds simply do not occur. The checks read these tuples, so they
behave the same with and without numpy.

>>> isinstance(True, BOOLS), isinstance(2.5, FLOATS), isinstance(3, NUMBERS)
(True, True, True)
"""

from __future__ import annotations

from numbers import Real

try:
    import numpy as _numpy
except ImportError:  # a Python without numpy: only the built-in kinds exist
    _numpy = None  # type: ignore[assignment]  # numpy is optional: None says it is missing

BOOLS: tuple[type, ...] = (bool,) if _numpy is None else (bool, _numpy.bool_)
"""Truth values, which a whole-number field refuses (``True`` is an ``int`` to Python)."""

FLOATS: tuple[type, ...] = (float,) if _numpy is None else (float, _numpy.floating)
"""Floating-point numbers (which may be NaN)."""

NUMBERS: tuple[type, ...] = (Real,) if _numpy is None else (Real, _numpy.number)
"""Real numbers a sampled trial may return."""
