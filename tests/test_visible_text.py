"""Every word a panel shows is the game's word (issue 37 §5): no snake_case, no token id, no "'s" after a plural.

The test builds every game panel (and the calculators, the landing page and the simulation lab) in Python,
opens each tab, and walks every widget's visible text: descriptions, placeholders, tooltips, options, tab
titles, HTML and labels stripped of their tags, and the titles, axis titles and trace names of the figures
shown. It does so at the opening and after some seeded steps. It fails on

* a snake_case word (``printed_explorer``, ``assign_start``): an internal id, never a player's word;
* a Warp's Edge token id (``energy-1``, ``demo-decoy``, ``kestrel-lance``): the token's name is its word;
* "'s" after a plural side name ("Rebels's"): "the Rebels' win chance".

What a player types or reads back as data (a text box's value, the position text) is not walked: ids belong
there. :data:`ALLOWED` lists the few exceptions, each with the file that must change; a new code word
anywhere fails.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import ipywidgets as W
import pytest

import explorer

TAG = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S | re.I)
SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
PLURAL_POSSESSIVE = re.compile(r"\b(Rebels|Imperials|players|Players|enemies)'s\b")


def token_ids() -> tuple[str, ...]:
    return tuple(t.id for t in explorer.load_game("warps_edge").data.tokens)


TOKEN = re.compile(r"(?<![\w-])(" + "|".join(re.escape(t) for t in sorted(token_ids(), key=len, reverse=True)
                                             if "-" in t) + r")(?![\w-])")
"""A Warp's Edge token id standing alone (``laser-1``; not the word "laser" in a sentence). Ids that are one
plain word (``warhammer``) are left out: the word is the token's name too ("Warhammer")."""

ALLOWED: dict[str, str] = {
    # --- words that truly are words --------------------------------------------------------------
    # (none yet: add an entry here only for a real word that looks like an id)
    # --- code words whose source is not this change's files: each names the file that must change ---
    "we-action": "explorer/games/warps_edge/actions.py / story.py: an action's str and the log name plain tokens "
                 "by id ('buy laser-1', 'Pilot draws 5: energy-1, …'); the buttons and log show them as written, "
                 "and tests/browser/test_warps_edge_dashboard.py clicks 'buy laser-1'",
    "we-editor": "explorer/games/warps_edge/position.py: the position format names tokens by id, so the editor's "
                 "pickers and placeholders offer ids ('e.g. energy-1 x3'); reading names as aliases is still to do",
    "sr-editor-format": "explorer/games/star_realms/position.py: the editor's format field offers the format ids "
                        "('free_for_all'); a FORM_WORDS = {'format': widgets.star_realms.panel.FORMAT_NAMES-like words} "
                        "there makes it a dropdown in words (widgets.common.editor_form reads FORM_WORDS)",
    "we-rewards": "explorer/games/warps_edge/describe.py describe_rewards (and the story's reward lines) write a "
                  "reward as the data file does ('gain laser-1'); the legend's enemy table shows it as written",
}
"""Why each known exception is left; :func:`allowed` says which text each one covers."""


def allowed(kind: str, where: str, word: str, text: str) -> str | None:
    """The :data:`ALLOWED` entry covering ``word`` in ``text`` (shown as ``kind`` ``where``), or ``None``."""
    if word == "free_for_all" and kind == "Combobox":
        return "sr-editor-format"
    if TOKEN.fullmatch(word):
        if kind == "Button" or text.lstrip().startswith("Start") or "Pilot " in text:
            return "we-action"
        if kind in ("Combobox", "Text") and where in ("option", "placeholder", "tooltip"):
            return "we-editor"
        if "What the tokens do" in text and re.search(rf"gain [^·]*\b{re.escape(word)}\b", text):
            return "we-rewards"
    return None


def variant_ids() -> set[str]:
    return {v.name for gid in explorer.games() for v in explorer.load_game(gid).info.variants}


def strip(text: str) -> str:
    return html.unescape(TAG.sub(" ", text))


def visible_texts(root: Any) -> Iterator[tuple[str, str, str]]:
    """(widget kind, where, text) for every visible text under ``root`` (hidden subtrees skipped)."""
    stack, seen = [root], set()
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        if getattr(getattr(w, "layout", None), "display", None) == "none":
            continue
        kind = type(w).__name__
        for attr in ("description", "placeholder", "tooltip"):
            value = getattr(w, attr, None)
            if isinstance(value, str) and value:
                yield kind, attr, value
        if isinstance(w, (W.HTML, W.Label, W.HTMLMath)) and w.value:
            yield kind, "value", strip(w.value)
        for label in getattr(w, "_options_labels", ()) or ():
            yield kind, "option", str(label)
        if isinstance(w, W.Combobox):
            yield from ((kind, "option", str(o)) for o in w.options)
        for title in getattr(w, "titles", ()) or ():
            if title:
                yield kind, "title", str(title)
        yield from figure_texts(w)
        stack.extend(getattr(w, "children", ()) or ())


def figure_texts(w: Any) -> Iterator[tuple[str, str, str]]:
    """The title, axis titles and trace names of a Plotly figure widget."""
    layout = getattr(w, "layout", None)
    if not hasattr(w, "data") or not hasattr(layout, "xaxis"):
        return
    for text in (layout.title.text, layout.xaxis.title.text, layout.yaxis.title.text):
        if text:
            yield "Figure", "title", strip(text)
    for trace in w.data:
        if getattr(trace, "name", None):
            yield "Figure", "trace", str(trace.name)


GAME_PANEL_EXCEPTIONS = frozenset({"variant-header", "we-action", "we-editor", "we-rewards", "sr-editor-format"})
"""The :data:`ALLOWED` entries that apply on a game panel (the simulation lab has its own)."""


def code_words(root: Any, exceptions: frozenset[str] = GAME_PANEL_EXCEPTIONS) -> set[tuple[str, str, str, str]]:
    """(rule broken, word, widget kind, text) for every code word not covered by the ``exceptions`` of
    :data:`ALLOWED`."""
    out = set()
    for kind, where, text in visible_texts(root):
        for rule, pattern in (("snake_case", SNAKE), ("token id", TOKEN), ("'s after a plural", PLURAL_POSSESSIVE)):
            for match in pattern.finditer(text):
                if allowed(kind, where, match.group(0), text) not in exceptions:
                    out.add((rule, match.group(0), f"{kind}.{where}", text[:160]))
    return out


def test_the_walker_finds_each_kind_of_code_word() -> None:
    box = W.VBox([W.HTML("<b>variant printed_explorer</b>"), W.Dropdown(options=["the Rebels's win chance"]),
                  W.HTML("the pool holds <i>demo-decoy</i>"), W.HTML("laser and energy, level-2, free for all"),
                  W.Button(description="store energy-1 in hold"),  # an action's own words: ALLOWED "we-action"
                  W.HTML("hidden_word", layout=W.Layout(display="none"))])
    found = {(rule, word) for rule, word, _kind, _text in code_words(box)}
    assert found == {("snake_case", "printed_explorer"), ("'s after a plural", "Rebels's"), ("token id", "demo-decoy")}


def panels() -> list[tuple[str, Any]]:
    from widgets.endor import EndorPanel
    from widgets.fleet_command import FleetCommandPanel
    from widgets.pinned_down import PinnedDownPanel
    from widgets.star_realms import StarRealmsPanel
    from widgets.warps_edge import WarpsEdgePanel

    return [("warps_edge", WarpsEdgePanel), ("star_realms", StarRealmsPanel), ("fleet_command", FleetCommandPanel),
            ("endor", EndorPanel), ("pinned_down", PinnedDownPanel)]


@pytest.mark.parametrize("game_id", ["warps_edge", "star_realms", "fleet_command", "endor", "pinned_down"])
def test_every_tab_of_a_game_panel_speaks_the_games_words(game_id: str) -> None:
    panel = dict(panels())[game_id](seed=1)
    found: set = set()
    for _stage in range(3):  # the opening, then after 12 and 24 seeded steps
        for tab in range(len(panel.tabs.children)):
            panel.tabs.selected_index = tab
            found |= code_words(panel.widget)
        panel.tabs.selected_index = 0
        panel.auto(12)
    assert not found, "\n".join(map(str, sorted(found)))


def test_the_calculators_landing_and_simulation_panels_speak_in_words() -> None:
    from widgets.calculators import DiceCalculator, DrawCalculator
    from widgets.common.landing import dashboard_index
    from widgets.simulation.panel import SimulationPanel

    found: set = set()
    for made in (DiceCalculator(), DrawCalculator(), dashboard_index()):
        found |= code_words(getattr(made, "widget", made), frozenset())
    found |= code_words(SimulationPanel().widget, frozenset({"sim-variants"}))
    assert not found, "\n".join(map(str, sorted(found)))


DASHBOARD_TITLES = {"warps_edge": "Warp's Edge", "star_realms": "Star Realms", "fleet_command": "Space Fleet Command",
                    "endor": "The Battle of Endor", "pinned_down": "Pinned Down", "calculators": "Odds calculators",
                    "simulation": "Simulation lab", "index": "Rules Explorer"}


def test_each_dashboard_page_is_titled_with_the_games_name() -> None:
    """The browser tab reads the notebook's ``metadata.title`` (nbconvert's lab template, which Voilà's lab
    template and the rules-explorer template extend: ``<title>{{ nb.metadata.title }}</title>``), not the file name."""
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "notebooks" / "dashboards"
    titles = {p.stem: json.loads(p.read_text(encoding="utf-8"))["metadata"].get("title")
              for p in sorted(folder.glob("*.ipynb"))}
    assert titles == DASHBOARD_TITLES
    for game_id in ("warps_edge", "star_realms", "fleet_command", "endor", "pinned_down"):
        assert explorer.load_game(game_id).info.title.startswith(DASHBOARD_TITLES[game_id])
