"""The differential check: a :class:`~hearts.vec.VecHearts` batch played in step with the reference engine.

A helper of the tests (``tests/vec/test_vec_diff.py``, ``tests/vecjax``) and
of the benchmarks that run it at volume (``benchmarks/vec_check.py``,
``benchmarks/vec_speed.py --check``); it is not part of the package.

Every game of the batch is also a :class:`hearts.core.Hand` built from the
same deal and hand number and fed the same cards; at every step the
acting seat and its legal mask (and, with ``observe``, the observation
against :func:`hearts.observe.encode` of the seat's view) must be
equal, after every trick its winner, after every hand its points, its
shooter and the rewards; the moon is chosen as :mod:`hearts.rl` chooses it
(:func:`hearts.bots.best_moon_choice`). With ``records``, every finished
game numbered 1 is written as a hearts-record/1 record and replayed.

>>> from hearts.core import Rules
>>> check(Rules.standard(4), batch=8, seed=1).games
8
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from hearts.bots import best_moon_choice
from hearts.core import Rules
from hearts.core.cards import mask_of
from hearts.observe import encode
from hearts.record import replay
from hearts.vec import VecHearts, hand_of, record_of
from hearts.vec.bits import POINT, unpack

Policy = Callable[[VecHearts, np.random.Generator], NDArray[np.int64]]

#: the tables the differential tests play: every variant and player count, and the house rules that change play
TABLES: tuple[Rules, ...] = (
    Rules.standard(4),
    Rules.standard(3),
    Rules.standard(5),
    Rules.standard(6),
    Rules.standard(7),
    Rules.omnibus(4),
    Rules.standard(4, moon="subtract", queen_breaks_hearts=False, points_on_first_trick=True),
    Rules.omnibus(5, moon="add", pass_count=2),
    Rules.standard(4, pass_count=0),
    Rules.standard(4, target=20),
    Rules.cancellation(6),
    Rules.cancellation(8),
    Rules.cancellation(9),
    Rules.cancellation(11, last_trick_unwon="previous_winner"),
    Rules.cancellation(7, two_pairs_void_trick=True, jack_of_diamonds=True),
    Rules.cancellation(10, points_on_first_trick=False, moon="subtract", pass_count=4),
)


def steer_moons(env: VecHearts, rng: np.random.Generator) -> NDArray[np.int64]:
    """A :data:`Policy` that makes moons common: seat 0 plays its highest legal card, the others feed it points.

    Random play rarely shoots the moon; the checks steer with this to cover it.
    """
    legal = unpack(env.legal).astype(bool)
    cards = np.arange(52)
    points = POINT
    high = np.where(legal, cards, -1).argmax(axis=1)
    low = np.where(legal, cards, 99).argmin(axis=1)
    pointy = np.where(legal, points * 100 + cards, -1).argmax(axis=1)
    feed = np.where(np.where(legal, points, 0).max(axis=1) > 0, pointy, low)
    out: NDArray[np.int64] = np.where(env.to_act == 0, high, feed)
    return out


class Mismatch(AssertionError):
    """The batched engine and the reference engine disagree (the message says where)."""


@dataclass(frozen=True)
class Checked:
    """What a check compared: games, steps (acting seats and masks), tricks, moons, replayed records."""

    games: int
    steps: int
    tricks: int
    moons: int
    records: int
    numbers: tuple[int, ...]  #: each game's hand number
    set_aside: int = 0  #: tricks nothing won (two decks)


def _expect(ok: bool, game: int, what: str) -> None:
    if not ok:
        raise Mismatch(f"game {game}: {what}")


def check(rules: Rules, batch: int, seed: int, *, observe: bool = True, records: bool = True, policy: Policy | None = None) -> Checked:
    """Play ``batch`` games of ``rules`` from ``seed`` in both engines; raise :class:`Mismatch` on a difference.

    The cards are drawn at random among the legal ones, or chosen by ``policy``.
    """
    env = VecHearts(rules, batch)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    n = rules.players
    zeros = [0] * n
    hands = [hand_of(env, g) for g in range(batch)]  # the deals, before any action
    picks: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(batch)]
    steps = tricks = 0
    while not env.done.all():
        obs = env.observe() if observe else None
        for g, hand in enumerate(hands):
            if hand.phase == "done":
                _expect(bool(env.done[g]) and int(env.legal[g]) == 0, g, "finished in one engine only")
                continue
            if hand.phase == "pass":
                seat = min(hand.seats_to_act())
                legal = mask_of(c for c in hand.hand_cards(seat) if hand.holds(seat, c) > picks[g][seat].count(c))
            else:
                seat, legal = hand.to_move, hand.legal_mask()
            _expect(int(env.to_act[g]) == seat, g, f"acting seat {int(env.to_act[g])}, the engine's {seat}")
            _expect(int(env.legal[g]) == legal, g, f"legal mask {int(env.legal[g]):#x}, the engine's {legal:#x}")
            if obs is not None:
                expected = encode(hand.view(seat, zeros), picks[g][seat] if hand.phase == "pass" else ())
                _expect(bool(np.array_equal(obs[g], expected)), g, f"observation differs at {np.flatnonzero(obs[g] != expected).tolist()}")
            steps += 1
        actions = env.random_actions(rng) if policy is None else policy(env, rng)
        rewards = env.step(actions)
        for g, hand in enumerate(hands):
            if hand.phase == "done":
                _expect(not rewards[g].any(), g, "a reward after the hand")
                continue
            card = int(actions[g])
            if hand.phase == "pass":
                seat = min(hand.seats_to_act())
                picks[g][seat].append(card)
                if len(picks[g][seat]) == rules.pass_count:
                    hand.pass_cards(seat, picks[g][seat])
                continue
            before = len(hand.tricks)
            hand.play(card)
            if len(hand.tricks) > before:
                tricks += 1
                winner = hand.tricks[-1].winner
                _expect(
                    int(env.trick_winner[g]) == (-2 if winner is None else winner),
                    g,
                    f"trick winner {int(env.trick_winner[g])}, the engine's {winner}",
                )
            else:
                _expect(int(env.trick_winner[g]) == -1, g, "a trick ended in one engine only")
            if hand.phase == "moon":
                shooter = hand.to_move
                hand.choose_moon(shooter, best_moon_choice(hand.view(shooter, zeros)))
            if hand.phase == "done":
                assert hand.points is not None
                _expect(env.points[g].tolist() == hand.points, g, f"points {env.points[g].tolist()}, the engine's {hand.points}")
                _expect(int(env.shooter[g]) == (-1 if hand.shooter is None else hand.shooter), g, "the moon's shooter")
                _expect(rewards[g].tolist() == [-p for p in hand.points] or env.reward_kind != "points", g, "rewards")
    replayed = 0
    for g, hand in enumerate(hands):
        again = hand_of(env, g)
        _expect(again.points == hand.points and again.plays == hand.plays, g, "the game's replay through the engine")
        if records and env.number[g] == 1:
            out = replay(record_of(env, g))
            _expect(bool(out["ok"]) and out["hands"][0]["points"] == hand.points, g, "its record's replay")
            replayed += 1
    moons = sum(h.shooter is not None for h in hands)
    set_aside = sum(t.winner is None for h in hands for t in h.tricks)
    return Checked(batch, steps, tricks, moons, replayed, tuple(int(k) for k in env.number), set_aside)
