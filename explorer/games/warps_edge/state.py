"""The Warp's Edge position: an immutable value the rules step forward.


Zones of tokens are multisets of token ids (``"laser-2"``, ``"photon-blast"``):
bag, pool, hold, discard, supply, removed (out of the game), plus the tokens
lying below (stunning) or above a target and those assigned to a skill card.
The enemy deck is three layers (yellow on top, orange, red at the bottom), each
a :class:`~explorer.core.zones.Deck` whose order is unknown, or, in a position
entered as a pilot sees it (a face-down pile of N), a
:class:`~explorer.core.zones.DealtDeck`: N cards dealt at random from the level's
cards seen nowhere else, the rest set aside in the box unseen.


>>> import explorer
>>> s = explorer.load_game("warps_edge").initial_state()
>>> s.phase, len(s.bag), s.hull
('setup: draw 2 skill cards', 11, 8)
"""


from __future__ import annotations


from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast


from explorer.core.rulebook import RulebookState
from explorer.core import CHANCE, TERMINAL, Action, Deck, Game, Multiset, Result, State  # noqa: F401 (Game: type hints)
from explorer.core.frozen import replaced
from explorer.core.zones import DealtDeck
from explorer.errors import IllegalActionError, InvalidActionError


if TYPE_CHECKING:
    from explorer.games.warps_edge.data import DataSet, TokenDef
    from explorer.games.warps_edge.game import WarpsEdge


EMPTY: Multiset = Multiset()


PHASES = {
    "setup-skills": "setup: draw 2 skill cards",
    "setup-keep": "setup: keep a skill card",
    "setup-bag": "setup: draw the starting pool",
    "setup-deck": "setup: build the enemy deck",
    "arrivals": "step 1: enemy arrivals",
    "actions": "step 2: pilot actions",
    "attacks": "step 3: enemy attacks",
    "plans": "step 4: pilot plans (draw 5)",
}
PENDING_PHASES = {
    "draw": "reward: draw tokens into the pool",
    "skill": "reward: gain a skill card",
    "recover": "reward: return tokens from the discard to the bag",
    "any": "reward: gain any one token",
    "rupture": "Rupture: choose value-1 tokens for the pool",
    "remove": "shield damage: remove a token in the discard from the game",
}
CHOICE_PENDING = ("recover", "any", "rupture", "remove")
CHANCE_PENDING = ("draw", "skill")
"""Names under which a state remembers values derived from its fields (the surface's caches)."""


def drawn(arg: Hashable) -> Multiset[str]:
    """An action's argument that the rules list as the tokens or cards a draw took (``draw``, ``skills``,
    ``enemies``): a multiset of ids, as the chance outcomes make it (``rules.chance_outcomes``).

    An action's arguments are typed ``Hashable``; that this one is a multiset of ids is the rules' invariant,
    as for :func:`explorer.core.actions.whole_arg` (no conversion: the value is the multiset itself).

    >>> drawn(Action("draw", (Multiset({"laser-1": 2}),)).args[0]).count("laser-1")
    2
    """
    return cast("Multiset[str]", arg)


def layer_cards(layer: Deck | DealtDeck) -> Multiset:
    """The cards of an enemy-deck layer, order forgotten; for a dealt layer every card it may hold, the ones
    set aside unseen in the box included (each of them is in one place or the other: none is lost)."""
    return layer.possible() if isinstance(layer, DealtDeck) else layer.contents()


def after_arrival(layer: Deck | DealtDeck, card: str) -> tuple[Deck | DealtDeck, Multiset]:
    """The layer after ``card`` arrived from it, and the cards this shows to be in the box.

    When the last dealt card of a dealt layer is out, the pool's other cards are the ones set aside:
    the box holds them (so a position has one form: a dealt layer always has cards to deal and cards set
    aside).
    """
    after = layer.after_draw(card)
    if isinstance(after, DealtDeck) and not after.dealt:
        return Deck.shuffled(after.known), after.pool
    return after, EMPTY


@dataclass(frozen=True)
class Target:
    """An enemy slot (``card`` is the enemy, ``""`` when empty) or a mothership section.

    ``below`` holds the tokens stunning it this turn; ``above`` the tokens that
    stay on it after its attack. ``lasers``/``maneuvers``/``energy`` are the
    totals assigned so far (Photon Blast adds lasers to a second target without
    a token there). ``marks`` names what stuns it this turn without a token
    below it: the id of a two-target token (the second target of a Photon
    Blast) or ``"skill"`` (a skill that stuns enemies); a Warhammer takes the
    laser stuns away (seed §5: "cannot stun others with lasers this turn").
    """

    card: str = ""
    below: Multiset[str] = EMPTY
    above: Multiset[str] = EMPTY
    lasers: int = 0
    maneuvers: int = 0
    energy: int = 0
    stunned: bool = False
    defeated: bool = False
    marks: Multiset[str] = EMPTY

    def tokens(self) -> Multiset:
        return self.below + self.above


@dataclass(frozen=True)
class SkillCard:
    """A skill card in front of the pilot.

    ``tokens``: assigned this step (they stay on the card until the skill is used
    or step 2 ends). ``exhausted``: activated this warp (seed §4: "Can only be used
    once per warp"). ``activated``: the cost was met this step and the effect is
    waiting for ``use skill <name>`` (seed §4: "Once activated, use it at any time
    during this step"); lost at ``end actions``. ``active``: an ongoing skill in
    effect for the rest of the game.
    """

    name: str
    tokens: Multiset[str] = EMPTY
    exhausted: bool = False
    active: bool = False
    activated: bool = False


@dataclass(frozen=True)
class Pending:
    """A reward or effect still to resolve, in order: kind, how many, which token."""

    kind: str
    amount: int = 1
    token: str = ""


@dataclass(frozen=True, kw_only=True)
class WarpsEdgeState(RulebookState):
    """One position of Warp's Edge (see RULES.md for the stages)."""

    stage: str
    starfighter: str
    mothership: str
    hull: int
    shields: int
    bag: Multiset[str] = EMPTY
    pool: Multiset[str] = EMPTY
    hold: Multiset[str] = EMPTY
    discard: Multiset[str] = EMPTY
    supply: Multiset[str] = EMPTY
    removed: Multiset[str] = EMPTY
    skill_deck: Deck = Deck()
    skill_offer: tuple[str, ...] = ()
    skills: tuple[SkillCard, ...] = ()
    enemy_deck: tuple[Deck | DealtDeck, ...] = (Deck(), Deck(), Deck())
    enemy_box: Multiset[str] = EMPTY
    level_index: int = 0
    row: tuple[Target, ...] = (Target(), Target(), Target(), Target())
    sections: tuple[Target, ...] = ()
    defeated: Multiset[str] = EMPTY
    warp: int = 1
    turn: int = 0
    credit: int = 0
    warhammer: bool = False
    pending: tuple[Pending, ...] = ()
    attack_index: int = 0
    outcome: str = ""
    if TYPE_CHECKING:  # for the type checker only: the field ``game`` of ``State``, narrowed
        game: WarpsEdge  # (this state's game is the WarpsEdge that made it; the field's hint stays ``Game`` at run
        # time, where ``game.py`` imports this module and the JSON decoder reads the hints)

    def replace(self, **changes: Any) -> WarpsEdgeState:
        """A copy with some fields changed, as ``State.replace`` makes it (``replaced``), typed as this class."""
        return replaced(self, **changes)

    # --- data lookups --------------------------------------------------------
    @property
    def data(self) -> "DataSet":
        return self.game.data

    def token(self, token_id: str) -> "TokenDef":
        return self.data.token(token_id)

    @property
    def stun_only_red_blue(self) -> bool:
        return self.game.variant == "review_red_blue_stun_only"

    def _ongoing(self, kind: str) -> int:
        total = 0
        for card in self.skills:
            if card.active:
                for eff in self.data.skill(card.name).effects:
                    if eff.kind == kind:
                        total += eff.amount
        return total

    @property
    def max_shields(self) -> int:
        return self.data.starfighter(self.starfighter).shields + self._ongoing("max shields")

    @property
    def max_hull(self) -> int:
        return self.data.starfighter(self.starfighter).hull

    @property
    def hold_size(self) -> int:
        return self.data.starfighter(self.starfighter).hold + self._ongoing("hold")

    @property
    def armor(self) -> int:
        return self._ongoing("armor")

    @property
    def repair_per_energy(self) -> int:
        return 2 + self._ongoing("repair")

    @property
    def buy_bonus(self) -> int:
        return self._ongoing("buy credit")

    @property
    def warp_track(self) -> int:
        return self.data.mothership(self.mothership).warp_track

    def all_tokens(self) -> Multiset:
        """Every token of this game wherever it is (the conservation check's total)."""
        total = self.bag + self.pool + self.hold + self.discard + self.supply + self.removed
        for t in self.row + self.sections:
            total = total + t.tokens()
        for card in self.skills:
            total = total + card.tokens
        return total

    def all_enemies(self) -> Multiset:
        """Every enemy card: deck layers (with the cards set aside unseen from a dealt layer), row, defeated
        pile and the box."""
        total = self.enemy_box + self.defeated + Multiset(t.card for t in self.row if t.card)
        for layer in self.enemy_deck:
            total = total + layer_cards(layer)
        return total

    # --- the surface ---------------------------------------------------------
    @property
    def phase(self) -> str:
        if self.outcome:
            return "game over"
        if self.pending:
            return f"{PHASES.get(self.stage, self.stage)} — {PENDING_PHASES[self.pending[0].kind]}"
        if self.stage == "setup-deck":
            return f"setup: build the enemy deck ({('yellow', 'orange', 'red')[self.level_index]} cards)"
        return PHASES[self.stage]

    @property
    def current_player(self) -> int:
        if self.outcome:
            return TERMINAL
        if self.pending:
            return CHANCE if self.pending[0].kind in CHANCE_PENDING else 0
        if self.stage in ("setup-keep", "actions"):
            return 0
        return CHANCE

    def parse_notation(self, text: str) -> Action | None:
        return self.game.rulebook.actions.parse_notation(self, text)

    def parse_action(self, text: str) -> Action:
        """The move ``text`` names: its notation (``buy laser-1``, as saved matches and links store it) or its
        words as a button shows them (``buy Laser 1``); a refusal is the notation's."""
        try:
            return super().parse_action(text)
        except (IllegalActionError, InvalidActionError) as refused:
            move = self.game.rulebook.words.move_named(self, text)
            if move is not None:
                return move
            said = self.game.rulebook.words.refusal_in_words(self, refused.message)
            if said == refused.message:
                raise
            raise type(refused)(said, state=self, action=refused.action) from None

    def action_words(self, action: Action) -> str:
        """A move in words, its tokens named as the pilot names them (``buy Laser 1``; ``str(action)``, the
        notation, names them by id)."""
        return self.game.rulebook.words.words(self, action)

