"""hearts.vec against the reference engine: every acting seat, legal mask, observation, trick winner, hand's points and moon.

Each game of a batch is played in step by a :class:`hearts.core.Hand` built
from the same deal, fed the same cards, with the moon chosen as
:mod:`hearts.rl` chooses it; the finished games replay as records. The
benchmark (benchmarks/vec_speed.py --check) runs many more games.
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from hearts.core import Rules  # noqa: E402
from hearts.vec import VecHearts  # noqa: E402
from hearts.vec.check import Mismatch, check, steer_moons  # noqa: E402

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
    (Rules.cancellation(6), 16, 11),
    (Rules.cancellation(8), 12, 12),
    (Rules.cancellation(9), 12, 13),
    (Rules.cancellation(11, last_trick_unwon="previous_winner"), 12, 14),
    (Rules.cancellation(7, two_pairs_void_trick=True, jack_of_diamonds=True), 16, 15),
    (Rules.cancellation(10, points_on_first_trick=False, moon="subtract", pass_count=4), 12, 16),
]


@pytest.mark.parametrize("rules, batch, seed", CASES, ids=[f"{r.variant}{r.players}-{i}" for i, (r, _, _) in enumerate(CASES)])
def test_every_step_equals_the_engine(rules: Rules, batch: int, seed: int) -> None:
    checked = check(rules, batch, seed)
    assert checked.games == batch and checked.tricks == batch * rules.cards_each
    assert checked.records == sum(1 for g in range(batch) if checked.numbers[g] == 1)


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.omnibus(4, moon="subtract"), Rules.standard(4, target=20), Rules.standard(3)])
def test_moons_are_shot_and_scored_like_the_engine(rules: Rules) -> None:
    assert check(rules, 120, 11, observe=False, policy=steer_moons).moons >= 3


def test_moons_and_set_aside_tricks_of_cancellation_hearts() -> None:
    checked = check(Rules.cancellation(7, two_pairs_void_trick=True, jack_of_diamonds=True), 200, 5, observe=False, policy=steer_moons)
    assert checked.moons >= 3 and checked.set_aside >= 100  # the waiting cards and the kitty are exercised


def test_a_difference_is_caught() -> None:
    def corrupt(env: VecHearts, rng: np.random.Generator) -> np.ndarray:
        actions = env.random_actions(rng)
        if env.steps[0] == 20:
            env.broken[0] = not env.broken[0]  # a wrong fact in game 0
        return actions

    with pytest.raises(Mismatch, match="game 0"):
        check(Rules.standard(4, pass_count=0), 4, 3, observe=True, policy=corrupt)


def test_the_moon_choice_follows_the_score_sheet() -> None:
    env = VecHearts(Rules.standard(4, target=20), batch=1)  # adding 26 ends the game with the shooter alone lowest
    assert env.moon_adds.all()
    env = VecHearts(Rules.standard(4, moon="subtract"), batch=1)
    assert not env.moon_adds.any()
