"""The Gymnasium VectorEnv over hearts.vec: spaces, rewards adding up to each hand's points, seeding, the bots, errors."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from hearts.core import Rules  # noqa: E402
from hearts.rl import HeartsVectorEnv  # noqa: E402
from hearts.rl.policy import Policy  # noqa: E402
from hearts.vec import VecError  # noqa: E402


def play(env: HeartsVectorEnv, seed: int, hands: int) -> tuple[list[float], list[int], np.ndarray]:
    """Random learner cards until ``hands`` hands have ended; each ended hand's summed reward and the learner's points."""
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    running = np.zeros(env.num_envs)
    returns: list[float] = []
    points: list[int] = []
    first = obs["observation"].copy()
    while len(returns) < hands:
        assert env.observation_space.contains(obs)
        assert (env.vec.to_act == env.seat).all()
        cards = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, reward, terminated, truncated, info = env.step(cards)
        running += reward
        assert not truncated.any()
        for g in np.flatnonzero(terminated):
            returns.append(float(running[g]))
            points.append(int(info["hand_points"][g]))
            running[g] = 0
    return returns, points, first


@pytest.mark.parametrize(
    "variant, players, seat, reward",
    [("standard", 4, 0, "points"), ("standard", 3, 2, "points"), ("omnibus", 5, 1, "payoff"), ("cancellation", 8, 3, "points")],
)
def test_rewards_add_up_to_each_hands_score(variant: str, players: int, seat: int, reward: str) -> None:
    env = HeartsVectorEnv(16, variant, players=players, seat=seat, reward=reward)
    returns, points, _ = play(env, 3, 40)
    if reward == "points":
        assert returns == [-p for p in points]
    else:
        assert all(isinstance(r, float) for r in returns) and len(returns) >= 40


def test_the_same_seed_gives_the_same_run() -> None:
    a = play(HeartsVectorEnv(8, players=4), 5, 12)
    b = play(HeartsVectorEnv(8, players=4), 5, 12)
    assert a[0] == b[0] and np.array_equal(a[2], b[2])


def test_a_policy_plays_the_other_seats() -> None:
    rules = Rules.standard(4)
    env = HeartsVectorEnv(8, players=4, opponents=Policy.init(rules, hidden=(8,), seed=0))
    returns, points, _ = play(env, 2, 8)
    assert returns == [-p for p in points]


def test_the_learned_net_plays_the_other_seats() -> None:
    env = HeartsVectorEnv(8, players=4, opponents="net")
    returns, points, _ = play(env, 2, 8)
    assert returns == [-p for p in points]
    # the bots' cards are the shipped model's greedy choice on each bot seat's own observation
    from hearts.net import load_shipped
    from hearts.vec.engine import PASS

    model = load_shipped(Rules.standard(4))
    env.reset(seed=4)
    vec = env.vec
    while True:
        bots = (vec.phase != 3) & (vec.to_act != env.seat)
        if not bots.any():
            break
        want = model.greedy(vec.observe(), vec.action_masks(), vec.phase == PASS)
        before = vec.history.copy(), vec.steps.copy()
        env._advance_once()
        games = np.flatnonzero(bots)
        assert (vec.history[games, before[1][games]] == want[games]).all()


def test_bad_settings(unshipped: Rules) -> None:
    with pytest.raises(ValueError, match="seat must be"):
        HeartsVectorEnv(4, players=4, seat=4)
    with pytest.raises(ValueError, match="opponents must be"):
        HeartsVectorEnv(4, opponents="heuristic")
    with pytest.raises(ValueError, match="trained for standard Hearts with 5 players"):
        HeartsVectorEnv(4, players=4, opponents=Policy.init(Rules.standard(5), hidden=(4,)))
    with pytest.raises(ValueError, match=f"no shipped model for {unshipped.variant} Hearts with {unshipped.players} players"):
        HeartsVectorEnv(4, unshipped.variant, players=unshipped.players, opponents="net")
    env = HeartsVectorEnv(4)
    env.reset(seed=1)
    with pytest.raises(VecError, match=r"shape \(4,\)"):
        env.step(np.zeros(3, dtype=np.int64))
