"""numpy in the tests: present on an ordinary install, refused in the run that checks the core without it.

``RULES_EXPLORER_WITHOUT_NUMPY=1`` (set by ``tests/test_without_numpy.py`` for the pytest run it starts)
makes every ``import numpy`` fail, as it does in a browser's Python, before the project is imported. Tests
that check numpy's own kinds (``numpy.int64`` counts, arrays) are marked ``needs_numpy`` and are skipped
there; everything else runs the same in both.
"""

from __future__ import annotations

import importlib.abc
import os
import sys
from typing import Any

import pytest

WITHOUT_NUMPY = os.environ.get("RULES_EXPLORER_WITHOUT_NUMPY") == "1"


class NumpyBlocker(importlib.abc.MetaPathFinder):
    """An import hook that refuses numpy and its submodules, as a Python without numpy would."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError(f"No module named {name!r} (refused: this run checks the core without numpy)")
        return None


if WITHOUT_NUMPY and not any(isinstance(f, NumpyBlocker) for f in sys.meta_path):
    if "numpy" in sys.modules:
        raise RuntimeError("numpy was imported before the blocker: the run without numpy would not be one")
    sys.meta_path.insert(0, NumpyBlocker())

try:
    import numpy as np
except ImportError:
    np = None

needs_numpy = pytest.mark.skipif(np is None, reason="checks numpy's own kinds; this run has no numpy")
