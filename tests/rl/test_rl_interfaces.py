"""The illegal-action option (raise, or a penalty and a random legal card) and the Parallel environment."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import parallel_api_test  # noqa: E402

from hearts.rl import IllegalStep, SingleAgentEnv, parallel_env, raw_env  # noqa: E402


def test_check_env_passes_with_the_penalty_option() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(SingleAgentEnv(players=4, opponents="random", illegal="penalty"), skip_render_check=True)


def test_an_illegal_card_raises_by_default_and_costs_the_penalty_with_the_option() -> None:
    e = raw_env(players=4)
    e.reset(seed=5)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalStep, match="may not pass"):
        e.step(bad)
    e = raw_env(players=4, illegal="penalty", penalty=2.5)
    e.reset(seed=5)
    e.step(bad)
    assert e.rewards["player_0"] == -2.5 and len(e.picks[0]) == 1 and e.picks[0][0] != bad
    assert e.infos["player_0"]["illegal"] == 1
    with pytest.raises(IllegalStep, match="card id"):
        e.step("QS")  # not a card id: raises in both modes


def test_penalty_replacements_are_seeded() -> None:
    def run(seed: int) -> list[int]:
        e = raw_env(players=4, illegal="penalty")
        e.reset(seed=seed)
        while not all(e.terminations.values()):
            e.step(51)  # the ace of spades, legal only now and then
        return [e.infos[a]["hand_points"] for a in e.agents] + [e.illegal_steps[a] for a in e.agents]

    assert run(3) == run(3)


@pytest.mark.parametrize("option, message", [({"illegal": "ignore"}, "illegal must be"), ({"penalty": -1}, "penalty must be")])
def test_bad_illegal_options(option: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        raw_env(players=4, **option)


@pytest.mark.parametrize("variant, players", [("standard", 4), ("standard", 3), ("cancellation", 6)])
def test_parallel_api_test_passes(variant: str, players: int) -> None:
    parallel_api_test(parallel_env(variant, players), num_cycles=400)


def last_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


@pytest.mark.parametrize("seed", [12, 13, 14, 15])
def test_parallel_passing_is_simultaneous_and_the_hand_matches_the_aec_env(seed: int) -> None:
    par = parallel_env(players=4)
    obs, _ = par.reset(seed=seed)
    passing = par.aec._hand.phase == "pass"
    assert par.acting() == (par.possible_agents if passing else [par.possible_agents[par.aec._hand.to_move]])
    steps = 0
    while par.agents:
        acts = {a: last_legal(o["action_mask"]) for a, o in obs.items() if o["action_mask"].any()}
        assert len(acts) == (4 if passing and steps < 3 else 1)
        obs, rewards, terminated, _, infos = par.step(acts)
        steps += 1
    assert steps == 3 * passing + 52 and all(terminated.values())
    assert {a: infos[a]["hand_points"] for a in infos} == {a: -r for a, r in rewards.items()}
    aec = raw_env(players=4)  # the same choices, one seat at a time: the same hand
    aec.reset(seed=seed)
    while not all(aec.terminations.values()):
        aec.step(last_legal(aec.observe(aec.agent_selection)["action_mask"]))
    assert {a: aec.infos[a]["hand_points"] for a in infos} == {a: infos[a]["hand_points"] for a in infos}


def test_parallel_missing_action_raises_or_is_penalised() -> None:
    par = parallel_env(players=4)
    par.reset(seed=2)
    with pytest.raises(IllegalStep, match="has no action"):
        par.step({})
    par = parallel_env(players=4, illegal="penalty")
    par.reset(seed=2)
    _, rewards, *_ = par.step({})
    assert rewards == {f"player_{s}": -1.0 for s in range(4)}
