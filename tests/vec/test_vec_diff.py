"""hearts.vec against the reference engine: every acting seat, legal mask, observation, trick winner, hand's points and moon.

Each game of a batch is played in step by a :class:`hearts.core.Hand` built
from the same deal, fed the same cards, with the moon chosen as
:mod:`hearts.rl` chooses it; the finished games replay as records. The
benchmark (benchmarks/vec_speed.py --check) runs many more games.
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from differential import TABLES, Mismatch, check, steer_moons  # noqa: E402 (tests/vec/differential.py)

from hearts.core import Rules  # noqa: E402
from hearts.vec import VecHearts  # noqa: E402

BATCHES = [40, 16, 16, 12, 12, 24, 24, 16, 12, 24, 16, 12, 12, 12, 16, 12]  # games per table of TABLES
CASES = [(rules, batch, seed) for seed, (rules, batch) in enumerate(zip(TABLES, BATCHES, strict=True), start=1)]


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
