"""Fight odds, exactly, and the sampled questions: surviving this turn, turns to distance 10.

:func:`fight_odds` takes a position in (or about to enter) a fight and a list of
moves the fighting player makes (FIGHT cards played, powers used) and counts
every battle destiny (the enemy's, DSF Curse; the player's, Captain Huber and
Hooper) and every overload's damage card exactly over the attack and damage
decks, then the fight's result: win, damaged (and whether that damage card
destroys the ship), or overpowered. It plays the moves through the rules, so
what the table would do is what is counted.

:func:`survive_this_turn` and :func:`turns_to_distance` play the rest of the
turn / game under the heuristic policy from the position, seeded, and report an
:class:`~explorer.odds.Estimate` with its 95% interval.

>>> import explorer
>>> game = explorer.load_game("pinned_down")
>>> s = game.position(stage="fight", threat=3, locations=["Harana"], enemies=[{"name": "Dra'tar Behemoth"}],
...                   fight={"player": 1, "enemy": 1}, players=[{"flagship": "TRB Ardor", "hand": ["Defiance"]}])
>>> odds = fight_odds(s)
>>> odds.win, odds.damaged + odds.destroyed
(Fraction(0, 1), Fraction(1, 1))
>>> fight_odds(s, ["play Defiance"]).win  # +4 at a planet: 15 against 12
Fraction(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from explorer.core import Action, sample_outcome
from explorer.core.rng import Generator
from explorer.errors import RulesError
from explorer.games.pinned_down import effects as fx
from explorer.core.words import possessive
from explorer.games.pinned_down.policies import heuristic_policy
from explorer.games.pinned_down.state import CHANCE_STEPS
from explorer.odds import Estimate, estimate
from explorer.odds.sampling import mean_interval

if TYPE_CHECKING:
    from explorer.games.pinned_down.state import PinnedDownState as S


@dataclass(frozen=True)
class FightOdds:
    """Exact chances of one fight's result (they sum to 1)."""

    win: Fraction
    damaged: Fraction
    destroyed: Fraction
    overpowered: Fraction

    def rows(self) -> list[tuple[str, Fraction]]:
        return [("win", self.win), ("damaged, survives", self.damaged), ("destroyed by damage", self.destroyed),
                ("overpowered", self.overpowered)]


def _damage(s: "S", fighter: int, memo: dict) -> tuple[Fraction, Fraction]:
    """After a lost fight: (P damaged and survives, P destroyed), walking every chance step the result left pending
    (each damage card, and what a card sets off: Cargo Bay Hit's random discard, Sickbay Hit's random character,
    DB Horror's second damage card) until the fight is over; destroyed if its structure reached 0 on any of them.

    Remembered by what these steps can depend on (the fleets, the damage deck and its discard, the steps), so
    the many battle destinies that led to the same ships are walked once.
    """
    if s.players[fighter].destroyed:
        return Fraction(0), Fraction(1)
    if not (_fight_pending(s) and s.is_chance()):
        return Fraction(1), Fraction(0)
    key = (s.players, s.damage_deck, s.damage_discard, s.pending, s.stage)
    hit = memo.get(key)
    if hit is None:
        damaged, destroyed = Fraction(0), Fraction(0)
        for a, q in s.chance_outcomes():
            d, x = _damage(s.apply(a), fighter, memo)
            damaged += q * d
            destroyed += q * x
        hit = memo[key] = (damaged, destroyed)
    return hit


def _fight_pending(s: "S") -> bool:
    """Whether the resolved fight still has steps to run (after them the rules move on to the next fight)."""
    return s.stage == "fight" and s.fight is not None and s.fight.resolved and bool(s.pending)


def _card_text_waiting(s: "S") -> bool:
    """Whether a card text waits for a decision before the fight can go on (a discard, a choice): the fight
    odds would have to guess it, so they wait. A chance step (a battle destiny, a card drawn, a damage card)
    is counted instead."""
    return any(step.kind not in CHANCE_STEPS for step in s.pending)


def why_no_fight(s: "S") -> str:
    """One sentence: why the fight odds do not apply here ("" when a fight waits for its fighter's moves, or for
    a battle destiny or another draw the odds count: :func:`drawing_now`)."""
    if s.is_terminal():
        return "The game is over."
    if s.stage == "fight" and s.fight is not None and s.fight.resolved:
        return "This fight is resolved and its card texts are still resolving (a damage card, a draw, a " \
               "discard); the next fight's odds follow."
    if s.stage != "fight" or s.fight is None:
        return "No fight is under way: fight odds appear in the fight phase, before each fight is resolved."
    if _card_text_waiting(s):
        return "A card text is resolving first (a discard, a choice); the fight odds follow."
    return ""


def drawing_now(s: "S") -> str:
    """One sentence saying what the fight odds count first while a chance step of the fight is under way ("" at
    the fighter's decision): the battle destiny being drawn, the card being drawn, the damage card.

    >>> import explorer
    >>> from explorer.games.pinned_down.state import Step
    >>> game = explorer.load_game("pinned_down")
    >>> s = game.position(stage="fight", threat=3, locations=["Harana"], enemies=[{"name": "DSF Curse"}],
    ...                   fight={"player": 1, "enemy": 1}, players=[{"flagship": "TRB Ardor"}])
    >>> drawing_now(s.replace(pending=(Step("destiny", 0, 0, "enemy destiny"),)))
    "DSF Curse's battle destiny is being drawn: these odds count every attack card it may reveal."
    """
    if not s.pending or not s.is_chance() or why_no_fight(s):
        return ""
    step = s.pending[0]
    who = s.game.player_name(step.player)
    assert s.fight is not None, "why_no_fight: a fight is under way"
    if step.kind == "destiny":
        side = possessive(s.enemies[s.fight.enemy].name) if step.note == "enemy destiny" else possessive(who)
        return f"{side} battle destiny is being drawn: these odds count every attack card it may reveal."
    if step.kind == "damage":
        return f"A damage card for {who} is being drawn: these odds count every card it may be."
    if step.kind == "draw":
        return f"{who} is drawing a card: these odds count every card it may be."
    return f"A card text is being dealt ({step.note or step.kind}): these odds count every way it may go."


def fight_odds(s: "S", moves: Sequence[str] = ()) -> FightOdds:
    """Exact result chances of the current fight when the fighter makes ``moves`` (in order) and resolves.

    Asked where :func:`why_no_fight` gives no reason; elsewhere it refuses with that reason (RulesError).
    While a battle destiny (or another chance step of the fight) is being drawn, every card it may reveal is
    counted first, then the moves are made.
    """
    why = why_no_fight(s)
    if why:
        raise RulesError(f"fight odds: {why}", state=s)
    acc = {"win": Fraction(0), "damaged": Fraction(0), "destroyed": Fraction(0), "overpowered": Fraction(0)}
    assert s.fight is not None, "why_no_fight: a fight is under way"
    fighter = s.fight.player
    _walk(s, Fraction(1), list(moves), acc, fighter, {})
    return FightOdds(acc["win"], acc["damaged"], acc["destroyed"], acc["overpowered"])


def _walk(s: "S", p: Fraction, moves: list[str], acc: dict[str, Fraction], fighter: int, memo: dict) -> None:
    if s.is_terminal():
        acc["overpowered" if "overpowered" in s.outcome else "destroyed"] += p
        return
    if s.players[fighter].destroyed:  # an overload's damage card destroyed the ship before the fight resolved
        acc["destroyed"] += p
        return
    if s.is_chance():
        for a, q in s.chance_outcomes():
            _walk(s.apply(a), p * q, moves, acc, fighter, memo)
        return
    if moves:
        _walk(s.apply(moves[0]), p, moves[1:], acc, fighter, memo)
        return
    mine, theirs = fx.player_power(s), fx.enemy_power(s)
    if mine > theirs:
        acc["win"] += p
    elif s.knobs.overpowered and theirs >= 2 * mine:
        acc["overpowered"] += p
    else:
        damaged, destroyed = _damage(s.apply("resolve the fight"), fighter, memo)
        acc["damaged"] += p * damaged
        acc["destroyed"] += p * destroyed


def _after_draws(s: "S") -> list["S"]:
    """The fighter's decisions the chance steps of the fight lead to, every way they may go (``[s]`` at one)."""
    if not s.is_chance():
        return [s]
    assert s.fight is not None, "the chance steps of a fight (fight_choices asks after why_no_fight)"
    out: list["S"] = []
    for a, _ in s.chance_outcomes():
        t = s.apply(a)
        if not t.is_terminal() and not t.players[s.fight.player].destroyed:
            out.extend(_after_draws(t))
    return out


def fight_moves(s: "S") -> list[Action]:
    """The FIGHT moves (cards played, powers used) open to the fighter now, or, while a chance step of the fight
    is under way, those open after it however it goes."""
    after = _after_draws(s)
    open_now = [[a for a in t.legal_actions() if a.kind in ("play", "use")] for t in after
                if t.stage == "fight" and t.fight is not None and not t.fight.resolved and not t.pending]
    if not open_now or len(open_now) < len(after):
        return []
    return [m for m in open_now[0] if all(m in other for other in open_now[1:])]


def fight_choices(s: "S") -> list[tuple[str, FightOdds]]:
    """The fight odds for "resolve now" and after each single FIGHT move open to the fighter.

    While a battle destiny is being drawn, "resolve now" is resolving as soon as it is drawn, and the moves
    are those open after it whatever it reveals (see :func:`drawing_now`).
    """
    out = [("resolve now", fight_odds(s))]
    for move in fight_moves(s):
        out.append((str(move), fight_odds(s, [str(move)])))
    return out


def _play_until(s: "S", rng: Generator, stop: Callable[["S"], bool]) -> "S":
    for _ in range(5000):
        if s.is_terminal() or stop(s):
            return s
        if s.is_chance():
            s = s.apply(sample_outcome(s.chance_outcomes(), rng))
        else:
            s = s.apply(heuristic_policy(s, rng))
    return s


def survive_this_turn(s: "S", *, trials: int = 400, seed: int = 1) -> Estimate:
    """P(no flagship is lost before the next turn begins), playing on with the heuristic (sampled)."""
    turn = s.turn

    def trial(rng: Generator) -> bool:
        end = _play_until(s, rng, lambda t: t.turn > turn)
        return not end.is_terminal() or end.outcome.startswith("win")

    return estimate(trial, trials=trials, seed=seed)


@dataclass(frozen=True)
class TurnsToGo:
    """Sampled: P(the fleet reaches the victory distance) and the turns it takes when it does."""

    win: Estimate
    turns: Estimate | None


def turns_to_distance(s: "S", *, trials: int = 200, seed: int = 1) -> TurnsToGo:
    """Play to the end with the heuristic, ``trials`` times from one seed: win chance and turns to win."""
    ends: list["S"] = []

    def trial(rng: Generator) -> bool:
        end = _play_until(s, rng, lambda t: False)
        ends.append(end)
        return end.outcome.startswith("win")

    win = estimate(trial, trials=trials, seed=seed)
    won = [e.turn - s.turn + 1 for e in ends if e.outcome.startswith("win")]
    if len(won) < 2:
        return TurnsToGo(win, None)
    mean, half = mean_interval([float(t) for t in won])
    return TurnsToGo(win, Estimate(mean, mean - half, mean + half, len(won), seed, "mean"))


__all__ = ["FightOdds", "TurnsToGo", "drawing_now", "fight_choices", "fight_moves", "fight_odds", "survive_this_turn", "turns_to_distance"]

