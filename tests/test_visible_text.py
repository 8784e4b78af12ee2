"""Every word a panel shows is the game's word (issue 37 §5): no snake_case, no token id, no "'s" after a plural.

The test builds every game panel (and the calculators, the landing page and the simulation lab) in Python,
opens each tab, and walks every widget's visible text: descriptions, placeholders, tooltips, options, tab
titles, HTML and labels stripped of their tags, and the titles, axis titles and trace names of the figures
shown. It does so at the opening and after some seeded steps. It fails on

* a snake_case word (``printed_explorer``, ``assign_start``): an internal id, never a player's word;
* a Warp's Edge token id (``energy-1``, ``demo-decoy``, ``kestrel-lance``): the token's name is its word;
* "'s" after a plural side name ("Rebels's"): "the Rebels' win chance";
* a list's name glued to a number where a label names one entry ("players 1 › bases 2 › name"): an entry is
  named in the singular, "Player 1 › base 2 › name" (``explorer.core.position.ENTRY_WORDS``).

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
GLUED = re.compile(r"(?<![\w-])(?!\w+ss )[a-z]+s \d+(?= ›)|(?:(?<=› )|^)(?!\w+ss )[a-z]+s \d+$")
"""A lower-case plural and a number as one step of a label ("players 1 › hand", a group titled "bases 2"): the
form names an entry in the singular ("Player 1", "base 2"); a count in a sentence ("draws 5 cards") is not a label."""


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
    # (none left: Warp's Edge names its tokens on screen and the Star Realms editor offers formats in words)
}
"""Why each known exception is left; :func:`allowed` says which text each one covers."""


def allowed(kind: str, where: str, word: str, text: str) -> str | None:
    """The :data:`ALLOWED` entry covering ``word`` in ``text`` (shown as ``kind`` ``where``), or ``None``."""
    return None


def variant_ids() -> set[str]:
    return {v.name for gid in explorer.games() for v in explorer.load_game(gid).info.variants}


def strip(text: str) -> str:
    return html.unescape(TAG.sub(" ", text)).strip()


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


GAME_PANEL_EXCEPTIONS = frozenset({"variant-header"})
"""The :data:`ALLOWED` entries that apply on a game panel (the simulation lab has its own)."""


def code_words(root: Any, exceptions: frozenset[str] = GAME_PANEL_EXCEPTIONS) -> set[tuple[str, str, str, str]]:
    """(rule broken, word, widget kind, text) for every code word not covered by the ``exceptions`` of
    :data:`ALLOWED`."""
    out = set()
    for kind, where, text in visible_texts(root):
        for rule, pattern in (("snake_case", SNAKE), ("token id", TOKEN), ("'s after a plural", PLURAL_POSSESSIVE),
                              ("a plural with a number", GLUED)):
            for match in pattern.finditer(text):
                if allowed(kind, where, match.group(0), text) not in exceptions:
                    out.add((rule, match.group(0), f"{kind}.{where}", text[:160]))
    return out


def test_the_walker_finds_each_kind_of_code_word() -> None:
    box = W.VBox([W.HTML("<b>variant printed_explorer</b>"), W.Dropdown(options=["the Rebels's win chance"]),
                  W.HTML("the pool holds <i>demo-decoy</i>"), W.HTML("laser and energy, level-2, free for all"),
                  W.Button(description="store energy-1 in hold"), W.Button(description="store Energy 1 in hold"),
                  W.HTML("hidden_word", layout=W.Layout(display="none")),
                  W.Text(description="players 1 › bases 2 › name", tooltip="Player 1 › base 2 › name"),
                  W.HTML('<div class="re-editor-title">ships 3</div>'), W.HTML("Player 2 draws 5 cards, passes 2"),
                  W.Button(tooltip="Remove Player 1 › bases 2")])
    found = {(rule, word) for rule, word, _kind, _text in code_words(box)}
    assert found == {("snake_case", "printed_explorer"), ("'s after a plural", "Rebels's"), ("token id", "demo-decoy"),
                     ("token id", "energy-1"), ("a plural with a number", "players 1"),
                     ("a plural with a number", "bases 2"), ("a plural with a number", "ships 3")}


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


def _editor_on(game_id: str, seed: int, steps: int) -> tuple[Any, Any]:
    from explorer import Match
    from widgets.common.position_editor import PositionEditor

    match = Match(explorer.load_game(game_id), seed=seed)
    match.play("random", steps)
    editor = PositionEditor(on_use=lambda *_a: None)
    editor.load(match.state)
    return editor, match.state


def test_the_star_realms_editor_offers_the_format_in_words_and_reads_back_its_id() -> None:
    """Issue 37 §5: the format field showed ``free_for_all``; it is a dropdown in the rulebook's words."""
    editor, state = _editor_on("star_realms", 1, 15)
    field = editor.field("format")
    assert dict(field.options) == {"Standard (1 vs 1)": "standard", "Free for all": "free_for_all",
                                   "Hunter": "hunter", "Hydra (teams)": "hydra", "Emperor (teams)": "emperor",
                                   "Raid (boss vs all)": "raid"}
    assert field.value == state.format == editor.data()["format"] == "standard"


def test_the_warps_edge_editor_suggests_tokens_by_name_and_reads_names_or_ids() -> None:
    """Issue 37 §5: the bag's placeholder said ``e.g. energy-1 x3``; names read back as the same tokens."""
    editor, state = _editor_on("warps_edge", 1, 20)
    assert editor.field("bag").placeholder == "e.g. Energy 1 x3, Energy 2"
    by_id = editor.data()
    names = ", ".join(f"{state.data.token_label(t).upper()} x{n}" for t, n in state.bag.items())
    editor.field("bag").value = names
    assert editor.data()["bag"] != by_id["bag"]
    game = state.game
    assert game.read_position_data(editor.data()).state == game.read_position_data(by_id).state
