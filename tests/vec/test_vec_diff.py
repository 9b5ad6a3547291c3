"""hearts.vec against the reference engine: every acting seat, legal mask, observation, trick winner, hand's points and moon.

Each game of a batch is played in step by a :class:`hearts.core.Hand` built
from the same deal, fed the same cards, with the moon chosen as
:mod:`hearts.rl` chooses it; the finished games replay as records. The
benchmark (benchmarks/vec_speed.py --check) runs many more games.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

pytest.importorskip("numpy")

from hearts.bots import best_moon_choice  # noqa: E402
from hearts.core import Hand, Rules  # noqa: E402
from hearts.core.cards import POINTS, mask_cards, mask_of  # noqa: E402
from hearts.record import replay  # noqa: E402
from hearts.rl import encode  # noqa: E402
from hearts.vec import VecHearts, hand_of, record_of  # noqa: E402
from hearts.vec.bits import unpack  # noqa: E402

CASES = [
    (Rules.standard(4), 40, 1),
    (Rules.standard(3), 16, 2),
    (Rules.standard(5), 16, 3),
    (Rules.standard(6), 12, 4),
    (Rules.standard(7), 12, 5),
    (Rules.omnibus(4), 24, 6),
    (Rules.standard(4, moon="subtract", queen_breaks_hearts=False, points_on_first_trick=True), 24, 7),
    (Rules.omnibus(5, moon="add", pass_count=2), 16, 8),
    (Rules.standard(4, pass_count=0), 12, 9),
    (Rules.standard(4, target=20), 24, 10),
]


def engine_seat(hand: Hand, picks: list[list[int]]) -> tuple[int, int]:
    """The acting seat and its legal mask, as hearts.rl defines them (seat by seat while passing)."""
    if hand.phase == "pass":
        seat = min(hand.seats_to_act())
        return seat, hand.lo[seat] & ~mask_of(picks[seat])
    return hand.to_move, hand.legal_mask()


def steer(env: VecHearts, rng: np.random.Generator) -> np.ndarray:
    """Seat 0 plays its highest legal card, the others feed it points: moons are common."""
    legal = unpack(env.legal).astype(bool)
    cards = np.arange(52)
    points = np.array(POINTS)
    high = np.where(legal, cards, -1).argmax(axis=1)
    low = np.where(legal, cards, 99).argmin(axis=1)
    pointy = np.where(legal, points * 100 + cards, -1).argmax(axis=1)
    feed = np.where(np.where(legal, points, 0).max(axis=1) > 0, pointy, low)
    return np.where(env.to_act == 0, high, feed)


def play_both(
    rules: Rules,
    batch: int,
    seed: int,
    *,
    observe: bool = True,
    policy: Callable[[VecHearts, np.random.Generator], np.ndarray] | None = None,
) -> tuple[VecHearts, list[Hand], int]:
    env = VecHearts(rules, batch)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    n = rules.players
    hands = [
        Hand(rules, [list(mask_cards(int(m))) for m in env.dealt[g]], number=int(env.number[g]), dealer=(int(env.number[g]) - 1) % n)
        for g in range(batch)
    ]
    picks: list[list[list[int]]] = [[[] for _ in range(n)] for _ in range(batch)]
    tricks = 0
    while not env.done.all():
        obs = env.observe() if observe else None
        for g, hand in enumerate(hands):
            if hand.phase == "done":
                assert env.done[g] and env.legal[g] == 0
                continue
            seat, legal = engine_seat(hand, picks[g])
            assert (int(env.to_act[g]), int(env.legal[g])) == (seat, legal), (g, hand.phase)
            if obs is not None:
                expected = encode(hand.view(seat, [0] * n), picks[g][seat] if hand.phase == "pass" else ())
                assert np.array_equal(obs[g], expected), (g, np.flatnonzero(obs[g] != expected))
        actions = env.random_actions(rng) if policy is None else policy(env, rng)
        rewards = env.step(actions)
        for g, hand in enumerate(hands):
            if hand.phase == "done":
                assert not rewards[g].any()
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
                assert env.trick_winner[g] == hand.tricks[-1].winner
            else:
                assert env.trick_winner[g] == -1
            if hand.phase == "moon":
                shooter = hand.to_move
                hand.choose_moon(shooter, best_moon_choice(hand.view(shooter, [0] * n)))
            if hand.phase == "done":
                assert hand.points is not None
                assert env.points[g].tolist() == hand.points
                assert int(env.shooter[g]) == (-1 if hand.shooter is None else hand.shooter)
                assert rewards[g].tolist() == [-p for p in hand.points]
    return env, hands, tricks


@pytest.mark.parametrize("rules, batch, seed", CASES, ids=[f"{r.variant}{r.players}-{i}" for i, (r, _, _) in enumerate(CASES)])
def test_every_step_equals_the_engine(rules: Rules, batch: int, seed: int) -> None:
    env, hands, tricks = play_both(rules, batch, seed)
    assert tricks == batch * rules.cards_each
    for g, hand in enumerate(hands):
        again = hand_of(env, g)
        assert again.points == hand.points and again.plays == hand.plays and again.passes == hand.passes
        if env.number[g] == 1:
            out = replay(record_of(env, g))
            assert out["ok"] and out["hands"][0]["points"] == hand.points


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.omnibus(4, moon="subtract"), Rules.standard(4, target=20), Rules.standard(3)])
def test_moons_are_shot_and_scored_like_the_engine(rules: Rules) -> None:
    env, hands, _ = play_both(rules, 120, 11, policy=steer)
    shots = [h for h in hands if h.shooter is not None]
    assert len(shots) >= 3 and len(shots) == int((env.shooter >= 0).sum())
    for g, hand in enumerate(hands):
        if env.number[g] == 1:
            assert replay(record_of(env, g))["hands"][0]["points"] == hand.points


def test_the_moon_choice_follows_the_score_sheet() -> None:
    env = VecHearts(Rules.standard(4, target=20), batch=1)  # adding 26 ends the game with the shooter alone lowest
    assert env.moon_adds.all()
    env = VecHearts(Rules.standard(4, moon="subtract"), batch=1)
    assert not env.moon_adds.any()
