"""What a dashboard's link asks for: a new game from a seed, or a shared match or position of the page's game.

A game's page is one game's dashboard, so a link that names no game (``?seed=4``, typed by hand)
is for the page's game; a link for another game's page is not opened here, and the page says
which page it belongs to (``?game=star_realms&…`` on the Warp's Edge page names the Star Realms
dashboard). The link is read by
:mod:`explorer.core.share`, which refuses anything it cannot read with a sentence saying what was
wrong and what is allowed; here that sentence becomes the page's first status line and the
default game stays. Whatever the link holds, the page never breaks.

>>> import explorer
>>> game = explorer.load_game("warps_edge")
>>> reading = read_link(game, explorer.Match(game, seed=1), "seed=4")
>>> reading.match.seed, reading.kind, reading.note
(4, 'seed', "New game from the link's seed 4.")
>>> read_link(game, explorer.Match(game, seed=1), "seed=four").refused
True
"""

from __future__ import annotations

import logging
from typing import NamedTuple
from urllib.parse import urlencode

from explorer.core.game import Game, games, load_game
from explorer.core.match import Match
from explorer.core.share import LINK_FIELDS, query_fields, query_game_id, query_seed, read_query
from explorer.errors import RulesError, StateFormatError, excerpt

log = logging.getLogger(__name__)

class LinkReading(NamedTuple):
    """What a link opened: ``match`` to show (``None``: keep the default), what it was, and the sentence to say."""

    match: Match | None
    kind: str  # "seed", "match", "position", or "" (no link for this page, or refused)
    note: str  # for a seed or a refusal: the first status line ("" otherwise)
    refused: bool


def read_link(game: Game, default: Match, query: str | None) -> LinkReading:
    """Open what ``query`` (the page's address query) asks for on ``game``'s page, whose default match is ``default``."""
    if not query:
        return LinkReading(None, "", "", False)
    try:
        return _read(game, default, query)
    except RulesError as err:  # the link's fault: say what was wrong and what is allowed
        return LinkReading(None, "", f"The link could not be opened: {err.message} — the default game is shown "
                                     "instead.", True)
    except Exception as err:  # noqa: BLE001 - a hostile link never breaks the page
        log.exception("link refused")
        return LinkReading(None, "", f"The link could not be opened ({type(err).__name__}: {excerpt(str(err))}); "
                                     "the default game is shown instead.", True)


def _read(game: Game, default: Match, query: str) -> LinkReading:
    named, asked = query_game_id(query), link_fields(query)
    if named is None and asked:  # the page's own game: "?seed=4" means seed 4 here
        query, named = f"{urlencode({'game': game.info.id})}&{query}", game.info.id
    if named != game.info.id:
        return LinkReading(None, "", other_page_note(named), True)
    seed = query_seed(query)
    if seed is not None and asked & {"match", "position"}:
        raise StateFormatError("link: seed= starts a new game and match= or position= opens a shared one; "
                               "a link gives one of them")
    if seed is not None:  # "?game=...&seed=N": a new game from seed N (the simulation lab's replay links)
        return LinkReading(Match(default.states[0], seed=seed), "seed", f"New game from the link's seed {seed}.", False)
    shared = read_query(query, game=game, seed=default.seed)
    return LinkReading(shared.match, shared.kind, "", False)


def other_page_note(named: str | None) -> str:
    """What to say of a link made for another page: which dashboard opens it, or that no game has that id.

    >>> print(other_page_note("star_realms"))
    This link is for the Star Realms (base set) page (dashboards/star_realms.ipynb): open it there. The default game is shown here.
    """
    ids = games()
    if named in ids:
        title = load_game(named).info.title
        return (f"This link is for the {title} page (dashboards/{named}.ipynb): open it there. "
                "The default game is shown here.")
    return (f"This link names a game this explorer does not have ({excerpt(str(named))}); the games are "
            f"{', '.join(ids)}. The default game is shown here.")


def link_fields(query: str) -> set[str]:
    """Which of a share link's fields (``seed``, ``match``, ``position``) a query holds; ``game`` is not one.

    >>> sorted(link_fields("game=star_realms&seed=4&utm=x"))
    ['seed']
    """
    return set(query_fields(query)) & (set(LINK_FIELDS) - {"game"})
