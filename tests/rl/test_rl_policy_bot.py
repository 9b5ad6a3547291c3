"""The numpy policy and the ``rl-policy`` bot that plays it."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402

from hearts.bots import BotSpecError, make_bot  # noqa: E402
from hearts.bots.play import play_hand  # noqa: E402
from hearts.core import Hand, Rules  # noqa: E402
from hearts.rl.policy import Policy, PolicyError  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "policy.npz"


@pytest.fixture
def policy_file(tmp_path: Path) -> Path:
    path = tmp_path / "p.npz"
    Policy.init(Rules.standard(4), hidden=(16,), seed=3).save(path)
    return path


def test_save_and_load_round_trip(policy_file: Path) -> None:
    p = Policy.load(policy_file)
    q = Policy.init(Rules.standard(4), hidden=(16,), seed=3)
    assert (p.variant, p.players, p.inputs) == ("standard", 4, q.inputs)
    assert all(np.allclose(a, b, atol=1e-2) for a, b in zip(p.weights, q.weights, strict=True))


def test_the_bot_plays_legal_hands(policy_file: Path) -> None:
    for seed in range(3):
        bots = [make_bot(f"rl-policy:file={policy_file}"), make_bot("random", seed=seed), make_bot("heuristic"), make_bot("random")]
        hand = play_hand(Hand.from_seed(Rules.standard(4), seed=seed, number=seed + 1), bots)
        assert hand.points is not None and sum(hand.points) in (26, 78)


def test_bad_specs_and_files(policy_file: Path, tmp_path: Path) -> None:
    with pytest.raises(BotSpecError, match="needs file="):
        make_bot("rl-policy")
    with pytest.raises(BotSpecError, match="cannot read the policy file"):
        make_bot(f"rl-policy:file={tmp_path / 'missing.npz'}")
    with pytest.raises(BotSpecError, match="unknown setting 'depth'"):
        make_bot(f"rl-policy:file={policy_file}:depth=3")
    bot = make_bot(f"rl-policy:file={policy_file}")
    hand = Hand.from_seed(Rules.standard(5), seed=1)
    with pytest.raises(PolicyError, match="trained for standard Hearts with 4 players"):
        bot.act(hand.view(0))


@pytest.mark.skipif(not EXAMPLE.exists(), reason="examples/policy.npz not trained")
def test_the_shipped_policy_beats_random() -> None:
    from hearts.sim.arena import run_arena

    result = run_arena([f"rl-policy:file={EXAMPLE}", "random", "random", "random"], Rules.standard(4), hands=10, seed=5)
    policy, rand = result.bots
    assert policy.points_per_hand < rand.points_per_hand
