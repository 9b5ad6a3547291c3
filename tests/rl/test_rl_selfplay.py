"""SelfPlayVectorEnv: every seat acts from the batch, each seeing only its own view; rewards add up to the hand's score."""

from __future__ import annotations

import numpy as np
import pytest

from hearts.core import Rules
from hearts.observe import encode
from hearts.rl import SelfPlayVectorEnv
from hearts.vec import VecError
from hearts.vec.record import hand_of


@pytest.mark.parametrize(("variant", "players"), [("standard", 4), ("cancellation", 8)])
def test_each_acting_seat_sees_only_its_own_view(variant: str, players: int) -> None:
    """Every observation is exactly the encoding of the acting seat's view of the engine's own replay of that game
    (so another seat's cards never appear), for games in play."""
    env = SelfPlayVectorEnv(16, variant, players)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    seen_seats: set[int] = set()
    zeros = [0] * players
    for _ in range(60):
        for g in range(16):
            if env.vec.phase[g] != 1:  # the passing picks' partial choices are checked by hearts.vec's own differential test
                continue
            hand = hand_of(env.vec, g)
            seat = int(obs["seat"][g])
            assert seat == hand.to_move
            assert np.array_equal(obs["observation"][g], encode(hand.view(seat, zeros)))
            seen_seats.add(seat)
        cards = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, *_ = env.step(cards)
    assert seen_seats == set(range(players))  # every seat acted from the batch


def test_rewards_add_up_to_each_seats_score_and_hands_restart() -> None:
    env = SelfPlayVectorEnv(32, players=4, reward="points")
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = np.zeros((32, 4))
    ended = 0
    for _ in range(200):
        cards = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        obs, rewards, terminated, truncated, info = env.step(cards)
        assert rewards.shape == (32, 4) and not truncated.any()
        totals += rewards
        for g in np.flatnonzero(terminated):
            assert np.array_equal(-totals[g], info["hand_points"][g])  # the hand's rewards are its points
            totals[g] = 0
            ended += 1
        assert obs["action_mask"].sum(axis=1).min() >= 1  # an ended hand is dealt again at once
    assert ended >= 32


def test_illegal_cards_raise_or_cost_the_acting_seat() -> None:
    env = SelfPlayVectorEnv(4, players=4)
    obs, _ = env.reset(seed=1)
    bad = np.array([int(np.flatnonzero(m == 0)[0]) for m in obs["action_mask"]])
    with pytest.raises(VecError):
        env.step(bad)
    fined = SelfPlayVectorEnv(4, players=4, illegal="penalty", penalty=2.0)
    obs, _ = fined.reset(seed=1)
    seats = obs["seat"].copy()
    _, rewards, _, _, info = fined.step(bad)
    assert info["illegal"].all()
    assert np.array_equal(rewards[np.arange(4), seats], np.full(4, -2.0, dtype=np.float32))


def test_packed_layout_and_option_errors() -> None:
    env = SelfPlayVectorEnv(4, players=5, layout="packed")
    obs, _ = env.reset(seed=2)
    assert not isinstance(obs["observation"], np.ndarray) and obs["seat"].shape == (4,)
    with pytest.raises(ValueError, match="layout"):
        SelfPlayVectorEnv(4, layout="jpeg")
    with pytest.raises(Exception, match="takes") as err:
        SelfPlayVectorEnv(4, opponents="random")
    assert "opponents" not in str(err.value).split("takes", 1)[1]  # it names only what it accepts
    assert Rules.standard(5) == env.rules
