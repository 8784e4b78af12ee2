"""Issue 37: at every chance node, each odds question and the advice answer, or say in one sentence why not.

The questions are the panels' and notebooks' own (``tests/test_odds_answer_everywhere.py`` lists them,
asked there at decisions); here they are asked at every chance node of seeded games (a hand being
drawn, a trade-row refill, a skill card or enemy being dealt). Each answers, or raises a ``RulesError``
of one sentence saying why the question does not apply; nothing else may escape. The advice entry
is asked too: ``explorer.advise`` at a chance node refuses in one sentence, and the Advice tab's
``next_decision`` deals the chance steps as the rollouts do and names the decision it advises.

Endor, Fleet Command and Pinned Down (issue 37 item 2) ask their panels' and notebooks' lists the same
way. Pinned Down's fight odds answer while a battle destiny (or another draw of the fight) is being drawn,
counting it, and the fight table says so (``odds_fight.drawing_now``); the test of that compares them with
the odds after each card the destiny may reveal.

How many games: the issue asks for 1,000 per game; that is far past the ~2 minutes this suite may take on
one core (a Star Realms game's questions alone take seconds), so the quick tests play 4 Warp's Edge games,
the first 400 moves of 1 Star Realms game, 6 Endor games (400 moves each), 4 Fleet Command games and
8 Pinned Down games (about 2, 1 and 27 s); ``ODDS_AT_CHANCE_GAMES`` sets another count (and prints the
figures under ``pytest -s``, every 50 games and at the end); ``ODDS_AT_CHANCE_SEEDS=start:stop`` plays those
seeds and ``ODDS_AT_CHANCE_SHARD=k/n`` one shard of them (two shards on two cores: ``0/2`` and ``1/2``; the
lethal checks of every 10th node then count from each shard's first node). Run by hand once (2-core machine shared with a full test run), every question
answered or refused in one sentence, no other exception:

* Endor, ``ODDS_AT_CHANCE_GAMES=1000`` (227 s): 106,429 chance nodes; which order, the duel and the Death
  Star answered at all of them, one Shield Assault and orders until down at the 95,678 with the shields
  up; the advisor refused at all; the Advice tab dealt to a decision at 105,928 and said why not at 501
  (the deal ends the game).
* Fleet Command, 1000 games (385 s): 54,021 chance nodes; 207,398 shots, 231,604 destroy odds and
  shooters, initiative at all, reach 24,242 and expected cubes 5,403 (every 10th node), none refused;
  the advisor refused at all; the Advice tab dealt to a decision at 52,670 and said why not at 1,351.
* Pinned Down, 1000 games (1, 2 and 3 players; 71 min on the shared machine, 38 min of CPU): 56,989
  chance nodes; the reveal chart, the card table, ``reveal_by_card`` and the quiet effects answered at
  37,782 (the draws before and in the reveal) and said why not at 19,207; the fight odds answered at
  1,483 (a battle destiny or a draw in a fight) and said why not at 55,506; the fight order said why not
  at all (no chance node falls at that choice); the sampled questions answered at all 1,140 asked
  (every 50th node); the advisor refused at all; the Advice tab dealt to a decision at 53,933 and said
  why not at 3,056.
* Warp's Edge, 1000 games (21 s): 14,951 chance nodes; the next draw, its population and assumption,
  the laser total, stun odds, draws left, expected shield damage and hull odds answered at all of them,
  the signature tokens' odds 74,755 times, a slot's destroy odds 24,437 times (and said why not for
  35,367 empty slots); the advisor refused at all; the Advice tab dealt to a decision at all.
* Star Realms, 1000 whole games (2, 3 and 4 players in turn, the lethal checks at every 10th node): the
  first run stopped at a four-player hand drawn from a deck of 26 kinds, whose 60,214 possible hands
  passed the draw cap and raised a ValueError; that position is now sampled
  (``tests/star_realms/test_odds_large_draw.py``). Two reruns after that fix played 57 minutes and 2 h 19 min
  of CPU without a failure and were stopped; a profile showed the estimates summing every branch's chance
  once per branch and every question dealing a many-kinds deck again (both mended, the same answers:
  ``tests/star_realms/test_odds_sampling.py``). The whole 1,000 then passed (8 December 2026), in shards on
  the 2-core machine, 7,715 s of CPU in all: seeds 0..199 on the code before those speed-ups, 200..999 after
  (``ODDS_AT_CHANCE_SEEDS`` and ``ODDS_AT_CHANCE_SHARD``). 768,757 chance nodes; the advisor refused at all;
  the Advice tab dealt to a decision at 766,734 and said why not at 2,023; Trade and Combat answered
  2,351,539 times and said why not 168,127; the next hand answered 901,448 times and said why not 1,618,218;
  the lethal checks answered 863,242 times and said why not 58,592, "at least 6" 71,518 and 5,361; what a
  seat knows of a hand 3,238,255 times; the buyable cards answered at all; the buy comparisons said why not at all.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import explorer
from explorer.core.chance import sample_outcome
from tests.test_odds_answer_everywhere import (ENDOR_SETUPS, ENDOR_VARIANTS, FC_VARIANTS, PD_SETUPS, SR_FORMATS, ask_all,
                                               decisions,
                                               endor_questions, fleet_command_questions, pinned_down_questions,
                                               star_realms_questions, warps_edge_questions)
from widgets.common.advice_tab import next_decision


def chance_nodes(game_id: str, seeds: range, max_steps: int = 5_000, setups: tuple[dict[str, Any], ...] = ({},),
                 variants: tuple[str | None, ...] = (None,)) -> Iterator[tuple[Any, tuple[Any, ...]]]:
    """Every chance node of the seeded games (even seeds random, odd heuristic), with the states so far."""
    return decisions(game_id, seeds, max_steps, setups, chance=True, variants=variants)


def advice_questions(s: Any, seed: int) -> Iterator[tuple[str, Any]]:
    """The advice entry at a chance node: the advisor's refusal, and the Advice tab's deal to the next decision."""
    def advise_refuses() -> None:
        explorer.advise(s, rollouts=1)

    def tab_deals() -> None:
        dealt, said = next_decision(s, seed)
        assert not dealt.is_chance() and not dealt.is_terminal()
        assert said.startswith("Cards are still being dealt: this advises ") and said.endswith(
            "next decision, dealing the draw as the rollouts do."), said

    yield "advise", advise_refuses
    yield "next_decision", tab_deals


def _games(quick: int) -> int:
    return int(os.environ.get("ODDS_AT_CHANCE_GAMES", quick))


def _seeds(games: int) -> list[int]:
    """The seeds to play: ``range(games)``, or for a run by hand the seeds ``ODDS_AT_CHANCE_SEEDS=start:stop``
    and, of those, shard ``ODDS_AT_CHANCE_SHARD=k/n``: the seeds whose block of six (``seed // 6``) is ``k``
    modulo ``n``, so that each shard plays every format with each policy alike (a seed's format is its
    remainder by 3, its policy its remainder by 2). Two shards on two cores play a long run in half the time;
    seed ``k`` is the same game in any of them."""
    seeds = range(games)
    span = os.environ.get("ODDS_AT_CHANCE_SEEDS")
    if span:
        start, sep, stop = span.partition(":")
        if not (sep and start.isdigit() and stop.isdigit() and int(start) < int(stop)):
            raise ValueError(f"ODDS_AT_CHANCE_SEEDS is start:stop with whole numbers, start < stop; got {span!r}")
        seeds = range(int(start), int(stop))
    shard = os.environ.get("ODDS_AT_CHANCE_SHARD")
    if not shard:
        return list(seeds)
    k, sep, n = shard.partition("/")
    if not (sep and k.isdigit() and n.isdigit() and int(k) < int(n)):
        raise ValueError(f"ODDS_AT_CHANCE_SHARD is k/n with whole numbers, k < n; got {shard!r}")
    return [seed for seed in seeds if seed // 6 % int(n) == int(k)]


def _check(game_id: str, games: int, questions: Any, max_steps: int = 5_000,
           setups: tuple[dict[str, Any], ...] = ({},), variants: tuple[str | None, ...] = (None,)) -> Counter[str]:
    """Ask ``questions`` and the advice at every chance node of the seeded games; a run by hand (the
    environment variable set) prints its counts every 50 games and at the end, so a stopped run says how far
    it got."""
    by_hand = "ODDS_AT_CHANCE_GAMES" in os.environ
    counts: Counter[str] = Counter()
    started = time.process_time()
    seeds = _seeds(games)
    for played, seed in enumerate(seeds, start=1):
        for s, history in chance_nodes(game_id, range(seed, seed + 1), max_steps, setups, variants):
            counts.update(ask_all(questions(s, history), f"{game_id} seed {seed}, chance node {s.phase}"))
            counts.update(ask_all(advice_questions(s, counts["chance nodes"]),
                                  f"{game_id} seed {seed}, chance node {s.phase} (advice)"))
            counts["chance nodes"] += 1
        if by_hand and (played % 50 == 0 or played == len(seeds)):  # pytest -s shows them
            print(f"\n{game_id}, seeds {seeds[0]}..{seed} ({played} games, "
                  f"{time.process_time() - started:.0f} s of CPU):",
                  ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), flush=True)
    return counts


def test_warps_edge_odds_and_advice_answer_or_say_why_at_every_chance_node() -> None:
    counts = _check("warps_edge", _games(4), lambda s, _h: warps_edge_questions(s))
    assert counts["advise: refused"] > 10 and counts["next_decision"] > 0
    assert "advise" not in counts  # the advisor itself never advises a chance node: it says why


def test_star_realms_odds_and_advice_answer_or_say_why_at_every_chance_node(small_budget: None) -> None:
    by_hand = "ODDS_AT_CHANCE_GAMES" in os.environ  # whole games, 2, 3 and 4 players in turn; lethal every 10th
    questions = only_every_nth(star_realms_questions, 10, "lethal") if by_hand else star_realms_questions
    counts = _check("star_realms", _games(1), questions, max_steps=5_000 if by_hand else 400, setups=SR_FORMATS)
    assert counts["advise: refused"] > 10 and counts["next_decision"] > 0
    assert counts["next_hand"] > 10  # the hand being drawn answers; the other questions still say why not


def every_nth(questions: Any, n: int, flag: str) -> Any:
    """``questions`` with its slow or sampled questions (keyword ``flag``) asked at every ``n``-th chance node."""
    asked = iter(range(1 << 62))
    return lambda s, history: questions(s, history, **{flag: next(asked) % n == 0})


def only_every_nth(questions: Any, n: int, prefix: str) -> Any:
    """``questions`` with those whose name starts with ``prefix`` asked at every ``n``-th chance node only."""
    asked = iter(range(1 << 62))

    def thinned(s: Any, history: tuple[Any, ...]) -> Iterator[tuple[str, Any]]:
        keep = next(asked) % n == 0
        return ((name, ask) for name, ask in questions(s, history) if keep or not name.startswith(prefix))
    return thinned


def test_endor_odds_and_advice_answer_or_say_why_at_every_chance_node() -> None:
    """Endor's chance nodes: the deal of the order cards, the dice of an attack, a Shield Assault or a duel."""
    counts = _check("endor", _games(6), endor_questions, 400, ENDOR_SETUPS, ENDOR_VARIANTS)
    assert counts["advise: refused"] > 10 and counts["next_decision"] > 0 and "advise" not in counts
    assert counts["which_order"] == counts["chance nodes"]  # the orders in hand answer at every deal and roll
    assert not any(name.endswith("refused") for name in counts if not name.startswith(("advise", "next_decision")))


def test_fleet_command_odds_and_advice_answer_or_say_why_at_every_chance_node() -> None:
    """Fleet Command's chance nodes: the shuffle and deal, a card drawn for a shot; reach and the sampled
    ``expected_cubes`` at every 10th."""
    counts = _check("fleet_command", _games(4), every_nth(fleet_command_questions, 10, "slow"), 1_500, ({},),
                    FC_VARIANTS)
    assert counts["advise: refused"] > 10 and counts["next_decision"] > 0 and "advise" not in counts
    assert counts["destroy_odds"] > 0 and counts["reach"] > 0 and counts["expected_cubes"] > 0
    assert not any(name.endswith("refused") for name in counts if not name.startswith(("advise", "next_decision")))


def test_pinned_down_odds_and_advice_answer_or_say_why_at_every_chance_node() -> None:
    """Pinned Down's chance nodes: draws, the reveal, battle destinies, damage cards; the sampled questions at
    every 50th. In a fight a battle destiny or a draw is counted (``fight_choices`` answers); elsewhere the
    views say why in one sentence."""
    counts = _check("pinned_down", _games(8), every_nth(pinned_down_questions, 50, "sampled"), 3_000, PD_SETUPS)
    assert counts["advise: refused"] > 10 and counts["next_decision"] > 0 and "advise" not in counts
    assert counts["reveal_distribution"] > 0 and counts["fight_choices"] > 0  # the reveal, a destiny in a fight
    assert counts["survive_this_turn"] > 0


def test_pinned_down_fight_odds_while_a_battle_destiny_is_drawn_count_the_destiny() -> None:
    """Seed: a battle destiny reveals the top attack card and adds its threat. So at every battle destiny of a
    fight in seeded games, "resolve now" is the odds after each card the destiny may reveal, weighed by the
    attack deck's counts, and the table says what it counts."""
    from fractions import Fraction

    from explorer.games.pinned_down.odds_fight import drawing_now, fight_choices, fight_odds
    from widgets.pinned_down.odds_views import fight_table

    asked = 0
    for s, _history in chance_nodes("pinned_down", range(40), 3_000, PD_SETUPS):
        if s.stage != "fight" or not s.pending or s.pending[0].kind != "destiny" or s.fight.resolved:
            continue
        now = dict(fight_choices(s))["resolve now"]
        after = {k: Fraction(0) for k in ("win", "damaged", "destroyed", "overpowered")}
        for a, q in s.chance_outcomes():
            t = s.apply(a)
            if t.is_terminal() or t.players[s.fight.player].destroyed:
                after["destroyed"] += q
                continue
            o = fight_odds(t)
            for k in after:
                after[k] += q * getattr(o, k)
        assert (now.win, now.damaged, now.destroyed, now.overpowered) == tuple(after.values()), s.phase
        said = drawing_now(s)
        assert said.endswith("battle destiny is being drawn: these odds count every attack card it may reveal.")
        assert said in fight_table(s).replace("&#x27;", "'")
        asked += 1
    assert asked > 0


@pytest.fixture
def small_budget() -> Iterator[None]:
    """A small time budget: the exact walks give up sooner and the sampled estimates stand in (both are answers)."""
    from explorer.games.star_realms import odds

    old = odds.set_budget(exact_seconds=0.05, states=20_000, sample_seconds=0.02, min_trials=5, trials=200)
    yield
    odds.set_budget(**old.__dict__)


def test_star_realms_next_hand_while_it_is_being_drawn_is_the_hand_being_drawn() -> None:
    """At the end-of-turn draw, "the next hand" is the hand being drawn: it sums to 1 and holds the hand dealt."""
    from explorer.core import Multiset
    from explorer.games.star_realms import odds

    asked = 0
    for s, _history in chance_nodes("star_realms", range(2), max_steps=300):
        if s.stage != "draw":
            continue
        seat = s.queue[0].player
        d = odds.next_hand(s, seat)
        assert sum(d.p(h) for h in d.outcomes) == 1
        asked += 1
        n = s
        rng = np.random.default_rng(asked)
        while n.is_chance():
            n = n.apply(sample_outcome(n.chance_outcomes(), rng))
        assert d.p(Multiset(n.players[seat].hand)) > 0, (s.phase, n.players[seat].hand)
    assert asked > 20
