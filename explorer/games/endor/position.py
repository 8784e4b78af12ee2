"""The Battle of Endor position in the players' words, read back and refereed.

``position_dict`` writes what a player at the table can see or count: ships per
sector (``O8 = ["X-wing x5"]``), the face-up fleet markers, the Falcon's and
Executor's hits, undeployed TIEs, the shield track, the duel, each side's deck
*contents* (not their order) and discard pile, each seat's hand and order pile
(top first; ``bonus_orders`` counts the blind bonus cards in it), the card
revealed and the order being carried out, and the card draws still owed.
The deck's order is left out: a read-back deck is freshly shuffled, which is all
anyone at the table knows.

``check_state`` is the referee: every ship, stormtrooper and card is conserved
against the box (and the variant), values are in range, and the step of the
order is one the rules can reach.

>>> import explorer
>>> g = explorer.load_game("endor")
>>> m = explorer.Match(g, seed=5); _ = m.play("random", max_steps=40)
>>> text = m.state.position_text()
>>> g.position_from_text(text).position_text() == text
True
"""

from __future__ import annotations

from typing import Any

from explorer.core import Deck, Multiset
from explorer.core.field_words import field_label
from explorer.core.position import PositionReader, check_conserved, counted
from explorer.errors import StateFormatError, excerpt
from explorer.games.endor.rules import who
from explorer.games.endor.state import DEATH_STAR, EXECUTOR, FALCON, TIE, EndorState, Step

STAGES = ("deal", "plan", "orders", "draw")
STEP_STAGES = ("", "choose", "move", "count", "attack", "target", "ambush", "roll", "assign", "done")
DRAW_REASONS = {"deal": "starting hand", "bonus": "bonus orders", "refill": "back to 6"}
FORM_ENTRIES: dict[str, dict[str, Any]] = {"draws": {"seat": "", "reason": "", "cards": 1}}
"""The fields the editor shows on each card draw still owed, and what a new one holds."""
STAGE_WORDS = {"deal": "deal: the starting hands drawn", "plan": "plan: orders placed face down",
               "orders": "orders: the piles revealed and carried out", "draw": "draw: hands refilled to the limit"}
STEP_WORDS = {"": "no order under way", "choose": "choose an order on the revealed card", "move": "move ships (optional)",
              "count": "how many ships move", "attack": "attack (optional)", "target": "choose the Death Star's target",
              "ambush": "place stormtroopers", "roll": "roll the dice", "assign": "assign the rolled dice",
              "done": "the attack that won the game"}
FORM_WORDS: dict[str, dict[str, str]] = {"stage": STAGE_WORDS, "order.stage": STEP_WORDS}
"""The round's phase and the order's step in the rules' words; the editor shows these and reads back the id."""


def seat_names(seats: int) -> tuple[str, ...]:
    return ("Rebels", "Empire") if seats == 2 else ("Rebel 1", "Empire 1", "Empire 2", "Rebel 2")


def _node(state: EndorState, n: int) -> str:
    return "Death Star" if n == DEATH_STAR else ("" if n < 0 else state.data.nodes[n])


def position_dict(s: EndorState) -> dict[str, Any]:
    data = s.data
    d: dict[str, Any] = {"players": s.seats, "round": s.round, "stage": s.stage, "seat": who(s, s.seat)}
    if s.winner:
        d["winner"] = s.winner
    d["fleet_markers_face_up"] = [data.nodes[slot] for m, slot in enumerate(data.marker_slots) if s.markers[m]]
    d["falcon_hits"] = s.falcon_hits
    d["executor_hits"] = s.executor_hits
    d["undeployed_ties"] = s.tie_reserve
    d["destroyed"] = counted({t.name: s.destroyed[k] for k, t in enumerate(data.ship_types) if s.destroyed[k]})
    d["rebel_supply"] = counted({"B-wing": s.b_wing_supply} if s.b_wing_supply else {})
    d["strike_team"] = s.strike_team
    d["stormtroopers"] = list(s.troopers)
    d["luke_hits"] = s.luke_hits
    d["vader_hits"] = s.vader_hits
    d["vader"] = s.vader
    space: dict[str, Any] = {}
    for n, row in enumerate(s.ships):
        if any(row):
            space[data.nodes[n]] = counted({data.ship_types[k].name: c for k, c in enumerate(row) if c})
    d["space"] = space
    d["cards"] = [{"side": side, "deck": counted(s.decks[i].contents()), "discard": counted(s.discards[i])}
                  for i, side in enumerate(("Rebels", "Empire"))]
    d["seats"] = [{"name": who(s, seat), "hand": counted(s.hands[seat]), "order_pile": list(s.piles[seat]),
                   "bonus_orders": s.blind[seat]} for seat in range(s.seats)]
    step = s.step
    if s.revealed or step.stage:
        order: dict[str, Any] = {"card": s.revealed, "stage": step.stage}
        if step.order:
            order["order"] = step.order
        for key, value in (("from", _node(s, step.source)), ("to", _node(s, step.dest)),
                           ("target", _node(s, step.target))):
            if value:
                order[key] = value
        for key, number in (("moved", step.moved), ("dice", step.dice), ("bonus_earned", step.earned)):
            if number:
                order[key] = number
        if step.faces:
            order["faces"] = list(step.faces)
        d["order"] = order
    if s.pending:
        d["draws"] = [{"seat": who(s, seat), "reason": DRAW_REASONS[task], "cards": n} for task, seat, n in s.pending]
    return d


def position_vocabulary(game: Any) -> dict[str, tuple[str, ...]]:
    """The names a player may write in each key, and per field path where a key's names depend on the side.

    ``cards[0]`` and seats 1 and 4 are the Rebels' (``position_dict`` writes them so), ``cards[1]`` and seats
    2 and 3 the Empire's: each side's zones offer, and show as an example, that side's cards only.

    >>> import explorer
    >>> v = position_vocabulary(explorer.load_game("endor"))
    >>> v["cards[1].discard"][0], v["seats[0].hand"][0], v["seats[2].order_pile"][0]
    ('Death Star / Darth Vader', 'B-wing / Luke Skywalker', 'Death Star / Darth Vader')
    """
    data = game.data
    cards = tuple(sorted(data.card_orders))
    sides = {side: tuple(sorted(data.decks[side])) for side in ("Rebels", "Empire")}
    by_path: dict[str, tuple[str, ...]] = {}
    for i, side in enumerate(("Rebels", "Empire")):
        by_path |= {f"cards[{i}].deck": sides[side], f"cards[{i}].discard": sides[side]}
    for seat, side in enumerate(("Rebels", "Empire", "Empire", "Rebels")):  # seat_names(4); 2 seats: the first two
        by_path |= {f"seats[{seat}].hand": sides[side], f"seats[{seat}].order_pile": sides[side]}
    return {
        "space": tuple(t.name for t in data.ship_types),
        "destroyed": tuple(t.name for t in data.ship_types),
        "rebel_supply": ("B-wing",),
        "fleet_markers_face_up": tuple(data.nodes[n] for n in data.marker_slots),
        "hand": cards, "order_pile": cards, "deck": cards, "discard": cards,
        **by_path,
    }


def form_zones(game: Any) -> dict[str, tuple[str, ...]]:
    """The tables of zones the editor shows in full: every sector of space, empty ones too, so that ships can be
    moved into an empty sector (the position text still lists only the sectors that hold ships).

    >>> import explorer
    >>> sectors = form_zones(explorer.load_game("endor"))["space"]
    >>> len(sectors), sectors[:2], sectors[-1]
    (28, ('F0', 'F1'), 'I27')
    """
    return {"space": tuple(game.data.nodes)}


def position_from_dict(game: Any, raw: dict[str, Any], derived: list[str]) -> EndorState:
    data = game.data
    r = PositionReader(raw, "")
    seats = r.int("players", 2, 4)
    if seats not in (2, 4):
        raise StateFormatError(f"{r.at('players')}: the Battle of Endor is for 2 players or 4 in teams, got {seats}")
    names = seat_names(seats)
    round_ = r.int("round", 1, 10_000)
    stage = r.text("stage", STAGES)
    seat = names.index(r.text("seat", names))
    winner = r.text("winner", ("Rebels", "Empire", "draw", "-"), default="-").strip("-")
    face_up = r.names("fleet_markers_face_up", [data.nodes[n] for n in data.marker_slots])
    twice = [m for m, c in face_up.items() if c > 1]
    if twice:
        raise StateFormatError(f"{r.at('fleet_markers_face_up')}: {twice[0]} is listed {face_up.count(twice[0])} times; a fleet "
                               "marker is face up once or not at all")
    markers = tuple(face_up.count(data.nodes[n]) == 1 for n in data.marker_slots)
    type_names = [t.name for t in data.ship_types]
    destroyed_bag = r.names("destroyed", type_names)
    supply = r.names("rebel_supply", ["B-wing"])
    ships = [[0] * len(type_names) for _ in data.nodes]
    space = r.table("space", default={})
    for key in list(space.data):
        if key not in data.index:
            raise StateFormatError(f"{space.at(key)}: no such sector; sectors: F0-F5, O6-O14, M15-M21, I22-I27")
        for name, n in space.names(key, type_names).items():
            ships[data.index[key]][type_names.index(name)] = n
    space.finish()
    decks: list[Deck] = []
    discards: list[Multiset] = []
    hands: list[Multiset] = []
    piles: list[tuple[str, ...]] = []
    blind: list[int] = []
    seat_tables = r.tables("seats", (seats, seats))
    for i, t in enumerate(seat_tables):
        if t.text("name", names) != names[i]:
            raise StateFormatError(f"{field_label(f'seats[{i}].name')}: expected {names[i]!r} (seats are in the playing order)")
        side = "Rebels" if i in ((0, 3) if seats == 4 else (0,)) else "Empire"
        allowed = data.decks[side]
        hands.append(t.names("hand", allowed))
        piles.append(t.ordered("order_pile", allowed))
        blind.append(t.int("bonus_orders", 0, 30, default=0))
        t.finish()
    card_tables = {}
    for side_table in _optional_tables(r, "cards"):
        card_tables[side_table.text("side", ("Rebels", "Empire"))] = side_table
    order_table = r.table("order", default={})
    step_table = order_table if order_table.data else None
    revealed = step_table.text("card", list(data.card_orders) + [""]) if step_table else ""
    for side_i, side in enumerate(("Rebels", "Empire")):
        seen: Multiset = Multiset()
        where: dict[str, Multiset] = {}  # the zones the side's cards are seen in, as the form labels them
        for i in range(seats):
            if (side_i == 0) == (i in ((0, 3) if seats == 4 else (0,))):
                seen = seen + hands[i] + Multiset(piles[i])
                where |= {field_label(f"seats[{i}].hand"): hands[i],
                          field_label(f"seats[{i}].order_pile"): Multiset(piles[i])}
        if revealed and data.card_side(revealed) == side:
            seen = seen + Multiset([revealed])
            where[field_label("order.card")] = Multiset([revealed])
        side_cards = card_tables.get(side)
        discard = side_cards.names("discard", data.decks[side]) if side_cards else Multiset()
        if side_cards is not None:
            where[side_cards.at("discard")] = discard
        count = side_cards.raw("deck") if side_cards is not None and side_cards.has("deck") else None
        if side_cards is not None and side_cards.has("deck") and not (isinstance(count, int)
                                                                      and not isinstance(count, bool)):
            deck = side_cards.names("deck", data.decks[side])
        else:
            box: Multiset = Multiset(data.decks[side])
            if not (seen + discard) <= box:
                check_conserved(box, where, what=f"{side} order card")  # names the card and its zones
            deck = box - seen - discard
            if count is not None and count != len(deck):
                where_deck = side_cards.at("deck") if side_cards else field_label("cards")
                raise StateFormatError(f"{where_deck}: {count} face-down cards, but the {side} "
                                       f"cards not seen elsewhere are {len(deck)}; a count must match them")
            derived.append(f"{side} deck: the {len(deck)} cards not seen elsewhere")
        if side_cards is not None:
            side_cards.finish()
        decks.append(Deck.shuffled(deck))
        discards.append(discard)
    step = Step()
    if step_table is not None:
        st = step_table
        stage_name = st.text("stage", STEP_STAGES)
        order = st.text("order", sorted({o for os in data.card_orders.values() for o in os}) + ["-"],
                        default="-").strip("-")
        nodes = list(data.nodes) + ["Death Star", "-"]

        def node(key: str) -> int:
            value = st.text(key, nodes, default="-")
            return -1 if value == "-" else DEATH_STAR if value == "Death Star" else data.index[value]

        ship = data.type_index(data.ship_orders[order]) if order in data.ship_orders else -1
        faces = st.raw("faces", default=[])
        if not isinstance(faces, list) or not all(isinstance(f, int) and not isinstance(f, bool) and 1 <= f <= 6
                                                  for f in faces):
            raise StateFormatError(f"{st.at('faces')}: expected a list of die faces 1-6, got {faces!r}")
        step = Step(stage=stage_name, order=order, ship=ship, source=node("from"), dest=node("to"),
                    target=node("target"),
                    moved=st.int("moved", 0, 56, default=0), dice=st.int("dice", 0, 200, default=0),
                    faces=tuple(sorted(faces, reverse=True)),
                    earned=st.int("bonus_earned", 0, 99, default=0))
        st.finish()
    pending = []
    reasons = {v: k for k, v in DRAW_REASONS.items()}
    for draw in _optional_tables(r, "draws"):
        pending.append((reasons[draw.text("reason", list(reasons))], names.index(draw.text("seat", names)),
                        draw.int("cards", 1, 30)))
        draw.finish()
    state = EndorState(
        game=game, seats=seats, ships=tuple(tuple(row) for row in ships), markers=markers,
        falcon_hits=r.int("falcon_hits", 0, data.ship("Falcon").hits),
        executor_hits=r.int("executor_hits", 0, data.ship("Executor").hits),
        tie_reserve=r.int("undeployed_ties", 0, data.ship("TIE").count),
        destroyed=tuple(destroyed_bag.count(n) for n in type_names),
        b_wing_supply=supply.count("B-wing"),
        strike_team=r.int("strike_team", 0, len(data.track)),
        troopers=tuple(sorted(_spaces(r.raw("stormtroopers", default=[]), len(data.track)))),
        luke_hits=r.int("luke_hits", 0, 99), vader_hits=r.int("vader_hits", 0, 99),
        vader=r.text("vader", ("fighting", "destroyed", "redeemed")),
        decks=(decks[0], decks[1]), discards=(discards[0], discards[1]), hands=tuple(hands), piles=tuple(piles),
        blind=tuple(blind), revealed=revealed, round=round_, stage=stage, seat=seat, step=step,
        pending=tuple(pending), winner=winner,
    )
    r.finish()
    return state


def _optional_tables(r: PositionReader, key: str) -> list[PositionReader]:
    """The tables of an optional ``[[key]]`` list (none when it is missing)."""
    value = r.raw(key, default=[])
    if not isinstance(value, list):
        raise StateFormatError(f"{r.at(key)}: expected a list of entries, each a table ([[{key}]]), got {excerpt(value)}")
    return [PositionReader(v, f"{r.key_path(key)}[{i}]") for i, v in enumerate(value)]


def _spaces(value: Any, length: int) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= length
                                              for v in value):
        raise StateFormatError(f"{field_label('stormtroopers')}: expected a list of track spaces from 1 to {length}, got {value!r}")
    if len(set(value)) != len(value):
        raise StateFormatError(f"{field_label('stormtroopers')}: at most one stormtrooper on a space")
    return list(value)


def check_state(state: EndorState) -> None:
    """The referee: raise ``StateFormatError`` naming the field if the rules can never reach ``state``."""
    data, rules = state.data, state.rules
    types = data.ship_types
    if state.seats not in (2, 4):
        raise StateFormatError(f"{field_label('players')}: 2 or 4, got {state.seats}")
    if state.winner not in ("", "Rebels", "Empire", "draw"):
        raise StateFormatError(f"winner: expected Rebels, Empire or draw (or nobody yet), got {excerpt(state.winner)}")
    if len(state.ships) != len(data.nodes) or any(len(row) != len(types) for row in state.ships):
        raise StateFormatError("space: one row of ship counts per sector is expected")
    for n, row in enumerate(state.ships):
        where = field_label(f"space.{data.nodes[n]}")
        if any(c < 0 for c in row):
            raise StateFormatError(f"{where}: negative ship count")
        if sum(row[:4]) and sum(row[4:]):
            raise StateFormatError(f"{where}: Rebel and Imperial ships never share a sector")
        if n in data.marker_slots:
            m = data.marker_slots.index(n)
            if row[FALCON] or row[TIE] or row[EXECUTOR]:
                raise StateFormatError(f"{where}: only X-wings, Y-wings and B-wings sit on a fleet marker")
            if sum(row) and not state.markers[m]:
                raise StateFormatError(f"{where}: a flipped (destroyed) fleet marker holds no fighters")
    boxes = {t.name: t.count for t in types}
    boxes["B-wing"] = rules.b_wings
    for k, t in enumerate(types):
        on_board = sum(row[k] for row in state.ships)
        extra = state.tie_reserve if k == TIE else (state.b_wing_supply if t.name == "B-wing" else 0)
        total = on_board + state.destroyed[k] + extra
        if total != boxes[t.name]:
            raise StateFormatError(f"{t.name}: {on_board} on the board + {state.destroyed[k]} destroyed + {extra} "
                                   f"in reserve = {total}, but the box holds {boxes[t.name]}")
    for k, key, hits in ((FALCON, "falcon_hits", state.falcon_hits), (EXECUTOR, "executor_hits", state.executor_hits)):
        top = types[k].hits
        alive = sum(row[k] for row in state.ships)
        if alive and not 0 <= hits < top:
            raise StateFormatError(f"{field_label(key)}: {hits}, but a {types[k].name} in play has taken 0 to {top - 1} hits")
        if not alive and hits != top:
            raise StateFormatError(f"{field_label(key)}: a destroyed {types[k].name} has a full track of {top} hits, got {hits}")
    if not sum(row[EXECUTOR] for row in state.ships) and state.tie_reserve:
        raise StateFormatError(f"{field_label('undeployed_ties')}: the Executor is destroyed, so no TIE is left undeployed (when the Executor is destroyed, every undeployed TIE is destroyed with it: write 0)")
    if not 0 <= state.strike_team <= len(data.track):
        raise StateFormatError(f"{field_label('strike_team')}: 0 to {len(data.track)}, got {state.strike_team}")
    if len(state.troopers) > data.limits["stormtroopers"]:
        raise StateFormatError(f"stormtroopers: at most {data.limits['stormtroopers']} on the track")
    if any(t <= state.strike_team for t in state.troopers):
        raise StateFormatError("stormtroopers: only on spaces ahead of the strike team")
    if not 0 <= state.luke_hits <= rules.luke_hits:
        raise StateFormatError(f"{field_label('luke_hits')}: 0 to {rules.luke_hits}, got {state.luke_hits}")
    if not 0 <= state.vader_hits <= rules.vader_hits:
        raise StateFormatError(f"{field_label('vader_hits')}: 0 to {rules.vader_hits}, got {state.vader_hits}")
    if (state.vader == "destroyed") != (state.vader_hits == rules.vader_hits):
        raise StateFormatError(f"{field_label('vader')}: {state.vader!r} with {state.vader_hits} of {rules.vader_hits} hits")
    if state.vader == "redeemed" and not 1 <= rules.vader_hits - state.vader_hits <= rules.red_spaces:
        raise StateFormatError(f"{field_label('vader')}: redeemed only from a red space")
    _check_cards(state)
    _check_flow(state)


def _check_cards(state: EndorState) -> None:
    data = state.data
    hand_size = data.limits["hand_size"]
    for side_i, side in enumerate(("Rebels", "Empire")):
        zones = {field_label(f"cards[{side_i}].deck"): state.decks[side_i].contents(),
                 field_label(f"cards[{side_i}].discard"): state.discards[side_i]}
        for seat in range(state.seats):
            if state.side(seat) == side_i:
                zones[field_label(f"seats[{seat}].hand")] = state.hands[seat]
                zones[field_label(f"seats[{seat}].order_pile")] = Multiset(state.piles[seat])
                if len(state.hands[seat]) > hand_size:
                    raise StateFormatError(f"{field_label(f'seats[{seat}].hand')}: at most {hand_size} cards, got "
                                           f"{len(state.hands[seat])}")
        if state.revealed and data.card_side(state.revealed) == side:
            zones[field_label("order.card")] = Multiset([state.revealed])
        check_conserved(Multiset(data.decks[side]), zones, what=f"{side} order card", say_zones=True)
    for seat in range(state.seats):
        if not 0 <= state.blind[seat] <= len(state.piles[seat]):
            raise StateFormatError(f"{field_label(f'seats[{seat}].bonus_orders')}: 0 to the {len(state.piles[seat])} cards of the pile")


def _check_flow(state: EndorState) -> None:
    data = state.data
    step = state.step
    if state.stage not in STAGES:
        raise StateFormatError(f"{field_label('stage')}: one of {', '.join(STAGES)}, got {state.stage!r}")
    if not 0 <= state.seat < state.seats:
        raise StateFormatError(f"{field_label('seat')}: one of {', '.join(seat_names(state.seats))}, got seat number {state.seat + 1}")
    if step.stage not in STEP_STAGES:
        raise StateFormatError(f"{field_label('order.stage')}: one of {', '.join(STEP_STAGES)}, got {step.stage!r}")
    if step.stage and state.stage != "orders":
        raise StateFormatError(f"{field_label('order')}: an order is carried out only in the orders phase, not "
                               f"{state.stage!r}")
    if step.stage and not state.revealed and not state.winner:
        raise StateFormatError(f"{field_label('order.card')}: an order comes from a revealed card")
    if state.revealed and data.card_side(state.revealed) != ("Rebels", "Empire")[state.side(state.seat)]:
        raise StateFormatError(f"{field_label('order.card')}: {state.revealed} is not a card of {who(state, state.seat)}")
    if step.order and state.revealed and step.order not in data.card_orders[state.revealed]:
        raise StateFormatError(f"{field_label('order.order')}: {step.order} is not printed on {state.revealed}")
    if step.stage in ("move", "count", "attack", "assign") and step.ship < 0:
        raise StateFormatError(f"{field_label('order.order')}: the {step.stage} step belongs to a ship order, got {step.order!r}")
    if step.stage == "count" and (step.source < 0 or step.dest < 0):
        raise StateFormatError(f"{field_label('order')}: the 'count' step needs 'from' and 'to'")
    if step.stage == "assign" and not state.winner and (step.target < 0 or not step.faces):
        raise StateFormatError(f"{field_label('order')}: the 'assign' step needs a target and the faces still to assign")
    if step.stage == "roll" and not step.dice:
        raise StateFormatError(f"{field_label('order.dice')}: the 'roll' step rolls at least one die")
    if state.stage == "plan" and len(state.piles[state.seat]) >= (3 if state.seats == 2 else 2):
        raise StateFormatError(f"{field_label(f'seats[{state.seat}].order_pile')}: the pile is already planned")
    for i, (task, seat, n) in enumerate(state.pending):
        if task not in DRAW_REASONS or not 0 <= seat < state.seats or n < 1:
            raise StateFormatError(f"{field_label(f'draws[{i}]')}: {task!r} for seat number {seat + 1} of {n} cards is "
                                   f"not a draw the rules make (reasons: {', '.join(DRAW_REASONS.values())}; seats: "
                                   f"{', '.join(seat_names(state.seats))}; 1 card or more)")
