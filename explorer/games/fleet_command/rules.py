"""The rules' flow: setup, card draws, initiative, the order of the phases, the end and the winner.

The three table phases (movement, activation, combat) are in
:mod:`explorer.games.fleet_command.phases`; this module moves between them.

* Setup (seed): place ships in turn (Player 1 first) so the leading edge is at
  most two tile-lengths from your edge, put the starting cubes on them, deal 2.
* Initiative (seed): each draws 2, each puts a card face down; the lower number
  wins, a tie goes to the lower symbol value; a full tie to the player who did
  not have initiative last round, decided at random in round 1 (§8).
* The end (seed, §8): the game is over when a card must be drawn and the deck is
  empty; the most cubes on ships wins, then the most surviving ships, else a draw.

>>> import explorer
>>> m = explorer.Match(explorer.load_game("fleet_command"), seed=1)
>>> _ = m.play("random", max_steps=5000)
>>> m.state.is_terminal(), len(m.state.deck)
(True, 0)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING

from explorer.core.actions import whole_arg
from explorer.core import Action, Deck, Multiset, Result
from explorer.core.zones import DeckNodes
from explorer.errors import RulesError
from explorer.games.fleet_command import phases
from explorer.games.fleet_command.geometry import Pose, Q

from explorer.games.fleet_command.state import Fleet, FleetState, Ship

if TYPE_CHECKING:
    from explorer.games.fleet_command.game import FleetCommand


def ship_names(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """``("Fighter", "Fighter", "Hopper")`` -> ``("Fighter", "Fighter 2", "Hopper")``."""
    seen: dict[str, int] = {}
    out = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        out.append(kind if seen[kind] == 1 else f"{kind} {seen[kind]}")
    return tuple(out)


def initial_state(game: "FleetCommand", fleets: tuple[tuple[str, ...], tuple[str, ...]]) -> FleetState:
    """Both fleets in the box with their starting cubes (seed setup step 2), ready to be placed."""
    data, params = game.data, game.params
    built = []
    for kinds in fleets:
        ships = tuple(Ship(name=n, kind=k, cubes=data.ship(k).cubes) for n, k in zip(ship_names(kinds), kinds))
        built.append(Fleet(ships=ships, supply=params.cubes_per_player - sum(s.cubes for s in ships)))
    return FleetState(game=game, stage="place", fleets=(built[0], built[1]), deck=Deck.shuffled(data.deck))


# --- placement -------------------------------------------------------------------------------
def placement_pose(state: FleetState, player: int, col: int, row: int) -> Pose:
    """Column ``col`` (1 = the table's left edge) and row ``row`` (1 = touching your own edge)."""
    return _slot(state.params.table_depth, player, col, row)


@lru_cache(maxsize=4096)
def _slot(depth: int, player: int, col: int, row: int) -> Pose:
    if player == 0:
        return Pose(Q(col - 0.5), Q(row - 0.5), 0)
    return Pose(Q(col - 0.5), Q(depth - row + 0.5), 180)


def place_actions(state: FleetState) -> list[Action]:
    player = state.actor
    taken = {s.pose for f in state.fleets for s in f.ships if s.pose is not None}
    kinds_done: set[str] = set()
    params = state.params
    slots = _slots(params.table_width, params.table_depth, params.setup_depth, player)
    out = []
    for ship in state.fleets[player].ships:
        if ship.pose is not None or ship.kind in kinds_done:
            continue
        kinds_done.add(ship.kind)
        for col, row, pose in slots:
            if pose not in taken:
                out.append(_place(ship.name, col, row))
    return out


@lru_cache(maxsize=256)
def _slots(width: int, depth: int, setup_depth: int, player: int) -> tuple[tuple[int, int, Pose], ...]:
    """Every ``(column, row, pose)`` a player may place a ship at, rows from their edge, then columns."""
    return tuple((col, row, _slot(depth, player, col, row))
                 for row in range(1, setup_depth + 1) for col in range(1, width + 1))


@lru_cache(maxsize=8192)
def _place(name: str, col: int, row: int) -> Action:
    """A ``place`` action, made and worded once (a setup lists every free slot for every kind)."""
    return Action("place", (name, col, row), label=f"place {name} at column {col} row {row}")


def _unplaced(state: FleetState, player: int) -> bool:
    return any(s.pose is None and not s.destroyed for s in state.fleets[player].ships)


def apply_place(state: FleetState, action: Action) -> FleetState:
    name, col, row = action.args
    player = state.actor
    state = state.with_ship(player, str(name), pose=placement_pose(state, player, whole_arg(col), whole_arg(row)))
    if _unplaced(state, 1 - player):
        return state.replace(actor=1 - player)
    if _unplaced(state, player):
        return state
    start = state.params.start_cards
    return settle(state.replace(stage="deal", draws=(0,) * start + (1,) * start))


# --- draws and the round --------------------------------------------------------------------
def settle(state: FleetState) -> FleetState:
    """Leave a chance stage whose draws are done; end the game when a card is needed and none is left."""
    if state.stage in ("deal", "draw") and state.draws and not state.deck:
        return _game_over(state)
    if state.stage == "deal" and not state.draws:
        return start_round(state)
    if state.stage == "draw" and not state.draws:
        if any(len(f.hand) > state.params.hand_limit for f in state.fleets):
            return state.replace(stage="discard")
        return state.replace(stage="initiative")
    if state.stage == "shot":
        assert state.shot is not None, "the Combat Phase's draw is for a shot"
        if not state.shot.card and not state.deck:
            return _game_over(state)
    return state


DECK_OUT = "the deck ran out when a card had to be drawn"
"""How a game ends (seed: "When the cards run out, the game is over"); the end of a round adds where."""

DECK_OUT_BETWEEN_ROUNDS = DECK_OUT + " for the next round's Initiative Phase"
"""The deck was empty when a round ended: the next round never begins (its heading is never written)."""


def _game_over(state: FleetState, outcome: str = DECK_OUT) -> FleetState:
    return state.replace(stage="over", draws=(), moving=None, outcome=outcome)


def start_round(state: FleetState) -> FleetState:
    """A new round: clear the marks, then the Initiative Phase draws (seed: each player draws 2)."""
    n = state.params.initiative_draw
    if not state.deck and state.round:
        return _game_over(state, DECK_OUT_BETWEEN_ROUNDS)
    fleets = tuple(Fleet(ships=tuple(_fresh(s) for s in f.ships), hand=f.hand, supply=f.supply)
                   for f in state.fleets)
    return settle(state.replace(stage="draw", round=state.round + 1, fleets=fleets,
                                draws=(0,) * n + (1,) * n, passes=0, moving=None, shot=None))


def _fresh(ship: Ship) -> Ship:
    if ship.moved or ship.activated or ship.shot:
        return Ship(name=ship.name, kind=ship.kind, cubes=ship.cubes, pose=ship.pose, destroyed=ship.destroyed,
                    attached=ship.attached)
    return ship


def chance_outcomes(state: FleetState) -> tuple[tuple[Action, Fraction], ...]:
    if state.stage in ("deal", "draw", "shot"):
        return _DECK_NODES("reveal" if state.stage == "shot" else "draw", state.deck)
    if state.stage == "tie":
        return tuple((Action("initiative to", (p,), label=f"Player {p + 1} takes initiative"), Fraction(1, 2))
                     for p in (0, 1))
    raise RulesError(f"no chance node in {state.phase}", state=state)


@lru_cache(maxsize=10_000)
def _card_action(kind: str, card: object) -> Action:
    """A ``draw``/``reveal`` outcome of one card: made and worded once (a chance node lists every card)."""
    return Action(kind, (card,), label=f"{kind} {card}")


_DECK_NODES = DeckNodes(_card_action)
"""The deck's next card as ``draw``/``reveal`` outcomes, remembered (every game starts from the one deck)."""


def apply_draw(state: FleetState, card: str) -> FleetState:
    player = state.draws[0]
    state = state.with_fleet(player, hand=state.fleets[player].hand.add(card))
    return settle(state.replace(deck=state.deck.after_draw(card), draws=state.draws[1:]))


# --- initiative -------------------------------------------------------------------------------
def discard_actions(state: FleetState) -> list[Action]:
    hand = state.fleets[state.current_player].hand
    return [Action("discard", (str(c),), label=f"discard {c}") for c in hand.kinds()]


def apply_discard(state: FleetState, card: str) -> FleetState:
    player = state.current_player
    state = state.with_fleet(player, hand=state.fleets[player].hand.remove(card))
    state = state.replace(discard=state.discard.add(card))
    if any(len(f.hand) > state.params.hand_limit for f in state.fleets):
        return state
    return state.replace(stage="initiative")


def initiative_actions(state: FleetState) -> list[Action]:
    hand = state.fleets[state.current_player].hand
    return [Action("initiative", (str(c),), label=f"put {c} face down for initiative") for c in hand.kinds()]


def initiative_key(state: FleetState, card: str) -> tuple[int, int]:
    """Lower wins: the card's number, then its symbol's value (seed)."""
    return state.data.card_number(card), state.data.card_symbol_value(card)


def apply_initiative(state: FleetState, card: str) -> FleetState:
    player = state.current_player
    fleet = state.fleets[player]
    state = state.with_fleet(player, hand=fleet.hand.remove(card), chosen=card)
    if not all(f.chosen for f in state.fleets):
        return state
    a, b = (initiative_key(state, f.chosen) for f in state.fleets)
    if a != b:
        return take_initiative(state, 0 if a < b else 1)
    if state.initiative < 0:
        return state.replace(stage="tie")
    return take_initiative(state, 1 - state.initiative)


def take_initiative(state: FleetState, player: int) -> FleetState:
    """The chosen cards go to the discard pile; the Movement Phase starts with the other player."""
    shown: Multiset[str] = Multiset([f.chosen for f in state.fleets])
    fleets = tuple(Fleet(ships=f.ships, hand=f.hand, supply=f.supply) for f in state.fleets)
    state = state.replace(fleets=fleets, discard=state.discard + shown, initiative=player)
    return phases.start_movement(state)


# --- the surface -----------------------------------------------------------------------------
def legal_actions(state: FleetState) -> tuple[Action, ...]:
    stage = state.stage
    if stage == "place":
        return tuple(place_actions(state))
    if stage == "discard":
        return tuple(discard_actions(state))
    if stage == "initiative":
        return tuple(initiative_actions(state))
    return tuple(phases.legal_actions(state))


def apply_action(state: FleetState, action: Action) -> FleetState:
    kind = action.kind
    if kind == "place":
        return apply_place(state, action)
    if kind == "draw":
        return apply_draw(state, str(action.args[0]))
    if kind == "discard":
        return apply_discard(state, str(action.args[0]))
    if kind == "initiative":
        return apply_initiative(state, str(action.args[0]))
    if kind == "initiative to":
        return take_initiative(state, whole_arg(action.args[0]))
    return phases.apply_action(state, action)


def why_illegal(state: FleetState, action: Action) -> str:
    return phases.why_illegal(state, action)


def result(state: FleetState) -> Result:
    cubes = [f.cubes_on_ships() for f in state.fleets]
    ships = [f.surviving() for f in state.fleets]
    tally = f"cubes on ships {cubes[0]}–{cubes[1]}, surviving ships {ships[0]}–{ships[1]}"
    if cubes[0] != cubes[1]:
        w = 0 if cubes[0] > cubes[1] else 1
        return Result((w,), (1.0 - w, float(w)), f"Player {w + 1} wins: {state.outcome}; {tally}")
    if ships[0] != ships[1]:
        w = 0 if ships[0] > ships[1] else 1
        return Result((w,), (1.0 - w, float(w)), f"Player {w + 1} wins on surviving ships: {state.outcome}; {tally}")
    return Result((), (0.5, 0.5), f"draw: {state.outcome}; {tally}")
