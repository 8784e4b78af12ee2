"""Where the simulation lab's runs play: the backends a page offers, and what a page without threads may run.

In an ordinary kernel (JupyterLab, or a page served by Voilà) a run plays on a
background thread of the kernel, on worker processes, or on a Dask cluster,
as the page's budget allows (:mod:`explorer.sim.budget`). In the browser's own
Python (Pyodide, the static site: ``sys.platform == "emscripten"``) no thread
and no process can start. There the lab offers only the ``local`` backend and
plays the games on the page's event loop, ``IN_PAGE_CHUNK`` games at a time
between the visitor's clicks (:mod:`widgets.common.background`), so Cancel is
heard between two chunks; a run is bounded to ``IN_PAGE_MAX_GAMES`` games
(every compared variant counted), and the page says so in one sentence,
together with what needs the served version.

>>> [name for _, name in offered(("local", "processes", "dask"), in_page=True)]
['local']
>>> check_in_page(games=150, arms=2)
Traceback (most recent call last):
...
explorer.sim.spec.SimulationError: In this page a run may have up to 200 games, and this run asks for 300 (2 variants × 150): ask for fewer games, or run the lab on the served version for more.
"""

from __future__ import annotations

from explorer.sim import SimulationError
from widgets.common.background import threads_start

BACKENDS = (("this kernel (a thread)", "local"), ("processes (every core)", "processes"),
            ("Dask local cluster", "dask"))
"""Every backend the lab knows, as ``(what the page says, name)``."""
IN_PAGE_BACKEND = (("this page (one core)", "local"),)
IN_PAGE_MAX_GAMES = 200
"""Games one run may ask for where Python runs in the page (every compared variant counted)."""
IN_PAGE_CHUNK = 5
"""Games played in one turn of the page's event loop: Cancel and the page's other clicks wait at most this long."""
IN_PAGE_NOTE = (f"Python runs in this page: a run plays here, on one core, up to {IN_PAGE_MAX_GAMES} games, "
                f"{IN_PAGE_CHUNK} at a time between your clicks; the processes and Dask backends need the served "
                "version of the explorer (rules-explorer serve).")
"""The sentence the lab shows where no thread or process can start."""


def in_page() -> bool:
    """Whether this Python runs in the page itself (no thread, no process: the static site's Pyodide)."""
    return not threads_start()


def offered(allowed: tuple[str, ...], in_page: bool) -> list[tuple[str, str]]:
    """The backends the page's "Run on" menu offers: those ``allowed`` (by the budget), only ``local`` in a page."""
    if in_page:
        return list(IN_PAGE_BACKEND)
    return [(words, name) for words, name in BACKENDS if name in allowed]


def check_in_page(games: int, arms: int) -> None:
    """Refuse (:class:`~explorer.sim.SimulationError`, one sentence) a run too long for a page's own Python."""
    total = games * arms if isinstance(games, int) and not isinstance(games, bool) else games
    if isinstance(total, int) and total > IN_PAGE_MAX_GAMES:
        asked = f"{total} ({arms} variants × {games})" if arms > 1 else str(total)
        raise SimulationError(f"In this page a run may have up to {IN_PAGE_MAX_GAMES} games, and this run asks for "
                              f"{asked}: ask for fewer games, or run the lab on the served version for more.")
