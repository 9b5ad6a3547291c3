"""The Gymnasium single-agent wrapper: Gymnasium's checks (those that take no random action) and whole episodes."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils import env_checker, passive_env_checker  # noqa: E402

from hearts.bots import BotSpecError  # noqa: E402
from hearts.rl import IllegalStep, SingleAgentEnv  # noqa: E402


def test_gymnasium_checks() -> None:
    """``check_env`` steps with unmasked random actions, which are illegal here; its other checks run."""
    e = SingleAgentEnv(players=4, opponents="random")
    env_checker.check_reset_return_type(e)
    env_checker.check_reset_seed_determinism(e)
    env_checker.check_reset_options(e)
    env_checker.check_reset_return_info_deprecation(e)
    env_checker.check_space_limit(e.observation_space, "observation")
    obs, info = passive_env_checker.env_reset_passive_checker(e, seed=4)
    card = int(np.flatnonzero(info["action_mask"])[0])
    passive_env_checker.env_step_passive_checker(e, card)


def play(e: SingleAgentEnv, seed: int) -> tuple[float, dict[str, Any], int]:
    rng = random.Random(seed)
    obs, info = e.reset(seed=seed)
    total, steps, done = float(info["reward_before_first_action"]), 0, False
    while not done:
        assert e.observation_space.contains(obs)
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        obs, reward, done, truncated, info = e.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
        assert not truncated
        total += reward
        steps += 1
    return total, info, steps


@pytest.mark.parametrize("variant,players,seat", [("standard", 4, 0), ("standard", 3, 2), ("cancellation", 8, 5), ("omnibus", 4, 1)])
def test_episodes_end_with_the_seat_s_points(variant: str, players: int, seat: int) -> None:
    e = SingleAgentEnv(variant, players, seat=seat, opponents="heuristic")
    for seed in range(3):
        total, info, steps = play(e, seed)
        hand = e.aec.hand
        assert hand is not None and hand.points is not None
        assert total == -hand.points[seat] == -info["hand_points"]
        passes = e.aec.rules.pass_count if hand.pass_direction != "none" else 0
        assert steps == e.aec.rules.cards_each + passes


def test_payoff_reward_and_seeding() -> None:
    e = SingleAgentEnv(players=4, seat=3, opponents=["random", "heuristic", "random"], reward="payoff")
    a, b = play(e, 9), play(e, 9)
    assert a[0] == b[0]
    hand = e.aec.hand
    assert hand is not None and hand.points is not None
    pts = hand.points
    assert a[0] == pytest.approx(sum(pts[:3]) / 3 - pts[3])


def test_bad_arguments_and_illegal_actions() -> None:
    with pytest.raises(ValueError, match="seat must be"):
        SingleAgentEnv(players=4, seat=4)
    with pytest.raises(ValueError, match="one opponent spec, or 3"):
        SingleAgentEnv(players=4, opponents=["random"])
    with pytest.raises(BotSpecError):
        SingleAgentEnv(players=4, opponents="chess")
    e = SingleAgentEnv(players=4, opponents="random")
    obs, _ = e.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalStep, match="may not"):
        e.step(illegal)
