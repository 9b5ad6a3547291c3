"""The field's standard checks: Gymnasium's seeding and stepping checks on the vector env, PettingZoo's seed tests,
registered ids, and option errors that name only what is accepted (the research issue's first part)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from pettingzoo.test import parallel_seed_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from hearts.core import RulesError  # noqa: E402
from hearts.rl import HeartsVectorEnv, env, parallel_env  # noqa: E402
from hearts.rl.registration import IDS  # noqa: E402
from hearts.vec import VecError  # noqa: E402


def test_the_vector_env_seeds_np_random_and_deals_the_same_for_a_seed() -> None:
    """Gymnasium's check_reset_seed_determinism, as it applies to a vector env."""
    a, b = HeartsVectorEnv(6, illegal="penalty"), HeartsVectorEnv(6, illegal="penalty")
    obs_a, _ = a.reset(seed=123)
    obs_b, _ = b.reset(seed=123)
    assert data_equivalence(obs_a, obs_b, exact=True)
    assert a.np_random.bit_generator.state == b.np_random.bit_generator.state
    assert a.observation_space.contains(obs_a)
    other, _ = b.reset(seed=124)
    assert not data_equivalence(obs_a, other)
    again, _ = a.reset(seed=123)
    assert data_equivalence(obs_a, again, exact=True)


def test_random_actions_step_the_same_for_a_seed_at_the_penalty() -> None:
    """Gymnasium's check_step_determinism, as it applies to a vector env: unmasked random actions, mostly illegal."""
    envs = [HeartsVectorEnv(8, illegal="penalty", penalty=2.5) for _ in range(2)]
    runs = []
    for e in envs:
        e.reset(seed=7)
        e.action_space.seed(7)
        steps = []
        for _ in range(40):
            step = e.step(e.action_space.sample())
            assert e.observation_space.contains(step[0])
            steps.append(step)
        runs.append(steps)
    illegal = 0
    for (obs_a, r_a, t_a, tr_a, info_a), (obs_b, r_b, t_b, tr_b, info_b) in zip(*runs, strict=True):
        assert data_equivalence((obs_a, r_a, t_a, tr_a), (obs_b, r_b, t_b, tr_b), exact=True)
        assert data_equivalence(info_a, info_b, exact=True)
        illegal += int(info_a["illegal"].sum())
    assert illegal > 100  # most random cards were illegal, and each was fined


def test_the_penalty_costs_exactly_the_penalty_and_plays_a_legal_card() -> None:
    e = HeartsVectorEnv(4, illegal="penalty", penalty=3.0, reward="points")
    fair = HeartsVectorEnv(4, reward="points")
    obs, _ = e.reset(seed=5)
    fair.reset(seed=5)
    legal = np.array([np.flatnonzero(m)[0] for m in obs["action_mask"]])
    bad = legal.copy()
    bad[1] = next(c for c in range(52) if not obs["action_mask"][1][c])  # game 1 plays a card it does not hold
    _, reward, _, _, info = e.step(bad)
    assert info["illegal"].tolist() == [False, True, False, False]
    _, fair_reward, _, _, _ = fair.step(legal)
    assert reward[0] == fair_reward[0] and reward[2] == fair_reward[2]
    assert reward[1] <= -3.0  # the fine, and whatever the replacement card scored
    raising = HeartsVectorEnv(4)
    raising.reset(seed=5)
    with pytest.raises(VecError, match="game 1: seat 0 may not"):
        raising.step(bad)


@pytest.mark.parametrize("make, name", [(env, "seed_test"), (parallel_env, "parallel_seed_test")])
def test_pettingzoos_seed_tests_pass_at_the_penalty(make: object, name: str) -> None:
    check = seed_test if name == "seed_test" else parallel_seed_test
    check(lambda: make(players=4, illegal="penalty"), num_cycles=60)  # type: ignore[operator]


@pytest.mark.parametrize("env_id", sorted(IDS))
def test_every_variant_is_registered_for_make_and_make_vec(env_id: str) -> None:
    variant, players = IDS[env_id]
    single = gymnasium.make(env_id, illegal="penalty")
    obs, _ = single.reset(seed=1)
    assert single.unwrapped.aec.rules.variant == variant and single.unwrapped.aec.rules.players == players
    single.step(single.action_space.sample())  # unmasked: fined, not raised
    vec = gymnasium.make_vec(env_id, num_envs=3, illegal="penalty")
    obs, _ = vec.reset(seed=1)
    assert obs["observation"].shape[0] == 3 and vec.unwrapped.rules.variant == variant
    vec.step(vec.action_space.sample())


def test_option_errors_name_only_what_each_env_takes() -> None:
    with pytest.raises(ValueError, match="illegal must be one of raise, penalty, not 'fine'"):
        HeartsVectorEnv(4, illegal="fine")
    with pytest.raises(ValueError, match="penalty must be a number"):
        HeartsVectorEnv(4, illegal="penalty", penalty=-1)
    with pytest.raises(RulesError) as vector_error:
        HeartsVectorEnv(4, hands=2)
    assert "takes seat, opponents, reward, illegal, penalty and the rules options" in str(vector_error.value)
    with pytest.raises(RulesError) as aec_error:
        env(colour="red")
    assert "takes reward, hands, illegal, penalty, render_mode and the rules options" in str(aec_error.value)
