"""The NumPy-free net (:mod:`hearts.net.pure`): the same inputs, features, values and cards as NumPy's, and the
``medium`` level playing with NumPy blocked."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

from hearts.core import Hand, Rules, SeatView  # noqa: E402
from hearts.net import NetBot, NetModel, card_features, encode, pure  # noqa: E402
from hearts.net import model as numpy_backend  # noqa: E402
from hearts.net.backend import load_shipped  # noqa: E402
from hearts.net.meta import ModelError, shipped_path  # noqa: E402
from hearts.net.pure import PureModel, read_npz  # noqa: E402
from hearts.observe import action_cards, action_mask, dense, sparse_encode  # noqa: E402

SHIPPED = [Rules.standard(4), Rules.cancellation(8)]


def _positions(rules: Rules, seed: int, count: int) -> list[tuple[SeatView, tuple[int, ...]]]:
    """``count`` (view, picked) decisions of random seeded hands: passes with some cards picked so far, and plays,
    with game scores on some hands."""
    rng = random.Random(seed)
    out: list[tuple[SeatView, tuple[int, ...]]] = []
    number = 0
    while len(out) < count:
        number += 1
        hand = Hand.from_seed(rules, rng.randrange(10**6), number=number)
        scores = [rng.randrange(0, 90) for _ in range(rules.players)] if number % 3 == 0 else None
        if hand.phase == "pass":
            for seat in range(rules.players):
                view = hand.view(seat, scores)
                out.append((view, tuple(rng.sample(hand.hand_cards(seat), rng.randrange(rules.pass_count)))))
            for seat in range(rules.players):
                hand.pass_cards(seat, rng.sample(hand.hand_cards(seat), rules.pass_count))
        while hand.phase == "play":
            out.append((hand.view(hand.to_move, scores), ()))
            hand.play(rng.choice(hand.legal_cards()))
    return out[:count]


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.cancellation(8), Rules.omnibus(5)], ids=lambda r: f"{r.variant}{r.players}")
def test_the_entries_and_the_choosable_cards_are_the_numpy_observation(rules: Rules) -> None:
    positions = _positions(rules, 11, 400)
    assert any(p for _, p in positions) and {v.phase for v, _ in positions} == {"pass", "play"}
    for view, picked in positions:
        obs = encode(view, picked)
        assert np.array_equal(np.array(dense(rules, *sparse_encode(view, picked)), dtype=np.float32), obs)
        assert action_cards(view, picked) == np.flatnonzero(action_mask(view, picked)).tolist()


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.cancellation(8), Rules.standard(3)], ids=lambda r: f"{r.variant}{r.players}")
def test_the_card_features_are_numpys(rules: Rules) -> None:
    for view, picked in _positions(rules, 12, 300):
        obs = dense(rules, *sparse_encode(view, picked))
        expected = card_features(encode(view, picked)[None, :], rules)[0]
        assert np.allclose(np.array(pure.card_features(obs, rules)), expected, atol=1e-6, rtol=0)
        some = sorted(set(view.hand))[:3]
        assert pure.card_features(obs, rules, some) == [pure.card_features(obs, rules)[c] for c in some]


@pytest.fixture(scope="module", params=SHIPPED, ids=lambda r: f"{r.variant}{r.players}")
def both(request: pytest.FixtureRequest) -> tuple[Rules, NetModel, PureModel]:
    rules: Rules = request.param
    return rules, numpy_backend.load_shipped(rules), pure.load_shipped(rules)


def test_the_values_logits_and_shoot_chance_are_numpys(both: tuple[Rules, NetModel, PureModel]) -> None:
    rules, numpy_model, pure_model = both
    columns = PureModel(*read_npz(shipped_path(rules)), by_columns=True)  # the layers as Python 3.12's sumprod runs them
    for view, picked in _positions(rules, 13, 120):
        cards = action_cards(view, picked)
        if view.phase == "pass":
            expected = numpy_model.view_pass(view, picked, cards)
            assert np.allclose(pure_model.view_pass(view, picked, cards), expected, atol=1e-3, rtol=0)
            continue
        values, chance = numpy_model.view_play(view, cards)
        for model in (pure_model, columns):
            got, got_chance = model.view_play(view, cards)
            assert np.allclose(got, values, atol=1e-3, rtol=0)
            assert chance is not None and got_chance == pytest.approx(chance, abs=1e-5)


def test_the_net_bot_chooses_the_same_cards_with_either_model(both: tuple[Rules, NetModel, PureModel]) -> None:
    rules, numpy_model, pure_model = both
    numpy_bot, pure_bot = NetBot(numpy_model), NetBot(pure_model)
    decisions = [(v, p) for v, p in _positions(rules, 14, 420) if not p]
    assert len(decisions) >= 300 and any(v.phase == "pass" for v, _ in decisions)
    for view, _ in decisions[:300]:
        assert pure_bot.act(view) == numpy_bot.act(view), view
        assert pure_bot.decision_values() == pytest.approx(numpy_bot.decision_values(), abs=1e-3)


def test_a_model_file_reads_the_same_from_bytes_and_a_saved_model_decides_as_numpys(tmp_path: Path) -> None:
    rules = Rules.standard(4)
    path = tmp_path / "m.npz"
    NetModel.init(rules, trunk=(24, 12), card=8, seed=5).save(path)
    numpy_model, pure_model = NetModel.load(path), PureModel.load(path.read_bytes())
    assert pure_model.meta == numpy_model.meta and isinstance(load_shipped(rules, pure=True), PureModel)
    for view, picked in _positions(rules, 15, 60):
        cards = action_cards(view, picked)
        if view.phase == "play":
            assert np.allclose(pure_model.view_play(view, cards)[0], numpy_model.view_play(view, cards)[0], atol=1e-3, rtol=0)
        else:
            assert np.allclose(pure_model.view_pass(view, picked, cards), numpy_model.view_pass(view, picked, cards), atol=1e-3)


def test_bad_model_files_are_clear_errors(tmp_path: Path, unshipped: Rules) -> None:
    with pytest.raises(ModelError, match="cannot read the model file '<bytes>'"):
        PureModel.load(b"not a model")
    with pytest.raises(ModelError, match="cannot read the model file"):
        PureModel.load(tmp_path / "nowhere.npz")
    np.savez(tmp_path / "other.npz", w0=np.zeros((2, 2)), meta=np.array(json.dumps({"format": "x"})))
    with pytest.raises(ModelError, match="is not a hearts-net/1 model"):
        PureModel.load(tmp_path / "other.npz")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("meta.npy", b"\x93NUMPY\x01\x00" + b"x" * 20)
    with pytest.raises(ModelError, match="cannot read"):
        read_npz(buffer.getvalue())
    with pytest.raises(ModelError, match="trained for standard Hearts with 4 players, not cancellation"):
        pure.load_shipped(Rules.standard(4)).check_fits(Rules.cancellation(8))
    with pytest.raises(ModelError, match=f"no shipped model for {unshipped.variant} Hearts with {unshipped.players} players"):
        pure.load_shipped(unshipped)


#: a seeded hand of ``medium`` bots at every seat, the actions printed as JSON; run with NumPy blocked or not
_HAND = """
import json, sys
if sys.argv[1] == "blocked":
    sys.modules["numpy"] = None
from hearts.bots import make_bot
from hearts.bots.play import play_hand
from hearts.core import Hand, Rules
rules = Rules.standard(4) if sys.argv[2] == "4" else Rules.cancellation(8)
bots = [make_bot("medium", seed=s) for s in range(rules.players)]
hand = play_hand(Hand.from_seed(rules, 21, number=1), bots)
assert all(type(b).__name__ == "NetBot" for b in bots)
loaded = [m for m, x in sys.modules.items() if x and m.split(".")[0] == "numpy"]
print(json.dumps({"actions": [repr(hand.passes), *map(str, hand.plays)], "numpy": loaded}))
"""


@pytest.mark.parametrize("players", ["4", "8"])
def test_with_numpy_blocked_the_medium_level_plays_a_whole_hand_as_with_numpy(players: str) -> None:
    def run(mode: str) -> dict[str, list[str]]:
        done = subprocess.run([sys.executable, "-c", _HAND, mode, players], capture_output=True, text=True, check=True)
        out: dict[str, list[str]] = json.loads(done.stdout)
        return out

    blocked, free = run("blocked"), run("free")
    assert blocked["numpy"] == [] and free["numpy"]
    assert blocked["actions"] == free["actions"] and len(blocked["actions"]) > 40


def test_the_pure_modules_import_without_numpy() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import hearts.net, hearts.net.bot, hearts.net.pure, hearts.net.backend, hearts.observe\n"
        "from hearts.net.backend import numpy_available\n"
        "assert not numpy_available()\n"
        "try:\n    hearts.observe.encode\nexcept ImportError:\n    print('encode needs numpy')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "encode needs numpy"
