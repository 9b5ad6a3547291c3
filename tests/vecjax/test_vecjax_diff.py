"""hearts.vecjax against hearts.vec: the same deals stepped with the same cards, compared at every step.

The NumPy engine is itself checked against the reference engine
(tests/vec/test_vec_diff.py); here every acting seat, phase, legal mask,
observation, reward and trick winner of the JAX engine must equal its, and
at the end every hand's points and shooter.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("jax")
np = pytest.importorskip("numpy")

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vec"))  # the differential checker, tests/vec/differential.py
from differential import TABLES, Policy, steer_moons  # noqa: E402

from hearts.core import Rules  # noqa: E402
from hearts.vec import VecHearts  # noqa: E402
from hearts.vec.bits import unpack  # noqa: E402
from hearts.vecjax import JaxHearts, State  # noqa: E402

#: the tables of the NumPy differential test, with smaller batches (a compile per table)
BATCHES = [24, 12, 12, 12, 12, 16, 16, 12, 12, 16, 12, 12, 12, 12, 12, 12]  # games per table of TABLES
CASES = [(rules, batch, seed) for seed, (rules, batch) in enumerate(zip(TABLES, BATCHES, strict=True), start=1)]


def random(env: VecHearts, rng: np.random.Generator) -> np.ndarray:
    return env.random_actions(rng)


def play_both(
    rules: Rules, batch: int, seed: int, policy: Policy = random, reward: str = "points"
) -> tuple[VecHearts, State, dict[str, int]]:
    """Play a batch in both engines from the same deals; assert equality at every step. Returns both and some counts."""
    vec = VecHearts(rules, batch, reward=reward)
    vec.reset(seed=seed)
    env = JaxHearts(rules, batch, reward=reward)
    state = env.from_vec(vec)
    rng = np.random.default_rng(seed)
    counts = {"steps": 0, "tricks": 0, "set_aside": 0, "passes": 0}
    while not vec.done.all():
        active = ~vec.done
        where = f"step {counts['steps']}"
        assert np.array_equal(np.asarray(state.phase), vec.phase), where
        assert np.array_equal(np.asarray(state.to_act)[active], vec.to_act[active]), where
        assert np.array_equal(np.asarray(env.legal(state)), unpack(vec.legal).astype(bool)), where
        obs = np.asarray(env.observe(state))
        expected = vec.observe()
        bad = np.argwhere(obs != expected)
        assert bad.size == 0, f"{where}: observations differ at (game, index) {bad[:5].tolist()}"
        counts["passes"] += int((vec.phase == 0).sum())
        actions = policy(vec, rng)
        rewards = vec.step(actions)
        state, jax_rewards = env.step(state, np.asarray(actions, dtype=np.int32))
        assert np.array_equal(np.asarray(jax_rewards), rewards), where
        assert np.array_equal(np.asarray(state.trick_winner), vec.trick_winner), where
        counts["steps"] += 1
        counts["tricks"] += int((vec.trick_winner != -1).sum())
        counts["set_aside"] += int((vec.trick_winner == -2).sum())
    assert np.array_equal(np.asarray(state.phase), vec.phase)
    assert np.array_equal(np.asarray(state.points), vec.points)
    assert np.array_equal(np.asarray(state.shooter), vec.shooter)
    assert np.array_equal(np.asarray(state.points_taken), vec.points_taken)
    assert not env.legal(state).any()
    return vec, state, counts


@pytest.mark.parametrize("rules, batch, seed", CASES, ids=[f"{r.variant}{r.players}-{i}" for i, (r, _, _) in enumerate(CASES)])
def test_every_step_equals_hearts_vec(rules: Rules, batch: int, seed: int) -> None:
    vec, _, counts = play_both(rules, batch, seed)
    assert counts["tricks"] == batch * rules.cards_each
    assert counts["passes"] == sum(rules.players * rules.pass_count for k in vec.number if rules.pass_direction(int(k)) != "none")


@pytest.mark.parametrize(
    "rules",
    [Rules.standard(4), Rules.omnibus(4, moon="subtract"), Rules.standard(4, target=20), Rules.standard(3)],
    ids=lambda r: f"{r.variant}{r.players}-{r.moon}-{r.target}",
)
def test_moons_are_shot_and_scored_like_hearts_vec(rules: Rules) -> None:
    vec, _, _ = play_both(rules, 120, 11, policy=steer_moons)
    assert (vec.shooter >= 0).sum() >= 3


def test_moons_and_set_aside_tricks_of_cancellation_hearts() -> None:
    vec, _, counts = play_both(Rules.cancellation(7, two_pairs_void_trick=True, jack_of_diamonds=True), 200, 5, policy=steer_moons)
    assert (vec.shooter >= 0).sum() >= 3 and counts["set_aside"] >= 100


def test_payoff_rewards_equal_hearts_vec() -> None:
    play_both(Rules.omnibus(5, moon="add", pass_count=2), 12, 8, reward="payoff")
    play_both(Rules.cancellation(7, jack_of_diamonds=True), 12, 3, policy=steer_moons, reward="payoff")


def test_a_difference_is_caught() -> None:
    """The comparison is not vacuous: a state loaded one step off fails it."""
    rules = Rules.standard(4, pass_count=0)
    vec = VecHearts(rules, 4)
    vec.reset(seed=3)
    env = JaxHearts(rules, 4)
    state = env.from_vec(vec)
    vec.step(vec.random_actions(np.random.default_rng(0)))
    assert not np.array_equal(np.asarray(env.observe(state)), vec.observe())
    assert not np.array_equal(np.asarray(state.to_act), vec.to_act)
