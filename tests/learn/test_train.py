"""hearts train end to end on the tiny recipe: resumable data, the PyTorch network and its NumPy export, the model file."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pyarrow")
torch = pytest.importorskip("torch")

import numpy as np  # noqa: E402

from hearts.bots import make_bot  # noqa: E402
from hearts.bots.play import play_hand  # noqa: E402
from hearts.cli import main  # noqa: E402
from hearts.core import Hand, Rules  # noqa: E402
from hearts.learn import RECIPES  # noqa: E402
from hearts.learn.data import CHUNK_GROUP, ROUND_GROUP, chunk_dir, generate, load  # noqa: E402
from hearts.learn.train import build_network, export  # noqa: E402
from hearts.net import NetModel, card_features, encode  # noqa: E402
from hearts.net.model import describe  # noqa: E402
from hearts.sim.selfplay_io import read_dataset  # noqa: E402

TINY = RECIPES["tiny"]


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    work = tmp_path_factory.mktemp("train")
    out = work / "model.npz"
    assert main(["train", "--recipe", "tiny", "--work", str(work), "--out", str(out)]) == 0
    return work, out


def test_train_writes_a_model_and_its_manifest(trained: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    work, out = trained
    assert sorted(p.name for p in work.iterdir()) == ["chunk-00000", "chunk-00001", "model.json", "model.npz"]
    meta = json.loads(out.with_suffix(".json").read_text())
    report = meta["report"]
    assert meta["format"] == "hearts-net/1" and meta["variant"] == "standard" and meta["players"] == 4
    assert report["recipe"]["name"] == "tiny" and report["data"] == {"chunks": 2, "deals": 8, "rows": meta["report"]["data"]["rows"]}
    assert report["train_rows"] + report["held_rows"] > 300  # the teacher's rows of 8 deals (61 a deal)
    assert [p["epoch"] for p in report["curve"]] == [1, 2, 3]
    held = report["held_out"]
    assert 0.0 <= held["held_agreement"] <= 1.0 and held["held_regret"] >= 0.0 and held["held_play_rows"] > 0
    # the teacher searches its passes: the net's pass picks are scored against its pass values
    assert held["held_pass_valued_rows"] == held["held_pass_rows"] > 0 and held["held_pass_regret"] >= 0.0
    assert 0.0 <= held["held_pass_unweighed"] <= 1.0
    model = NetModel.load(out)
    assert model.meta == meta


def test_the_trained_model_plays_through_the_registry(trained: tuple[Path, Path]) -> None:
    _, out = trained
    bots = [make_bot(f"net:file={out}") for _ in range(4)]
    hand = play_hand(Hand.from_seed(Rules.standard(4), 11), bots)
    assert hand.phase == "done" and sum(hand.points or ()) in (26, 78)


def test_data_resumes_at_the_first_unfinished_chunk(trained: tuple[Path, Path], tmp_path: Path) -> None:
    work, _ = trained
    fresh = tmp_path / "again"
    generate(replace(TINY, chunks=1), fresh)  # as if stopped after the first chunk
    (chunk_dir(fresh, 1)).mkdir()
    (chunk_dir(fresh, 1) / "shard-00000.parquet").write_bytes(b"half written")  # and in the middle of the second
    seen: list[tuple[int, int]] = []
    generate(TINY, fresh, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]
    for k in range(2):
        _, a = read_dataset(chunk_dir(work, k))
        _, b = read_dataset(chunk_dir(fresh, k))
        assert a.drop_columns(["values"]).equals(b.drop_columns(["values"]))  # values hold NaN, which equals() refuses
    data = load([chunk_dir(fresh, k) for k in range(2)], TINY)
    first = load([chunk_dir(work, k) for k in range(2)], TINY)
    assert np.array_equal(data.values, first.values, equal_nan=True) and np.array_equal(data.obs, first.obs)
    assert len(data) == data.obs.shape[0] == data.values.shape[0] and data.is_pass.any() and np.isfinite(data.values).any()


def test_the_numpy_export_computes_what_the_network_computes() -> None:
    rules = Rules.standard(4)
    recipe = replace(TINY, trunk=(24, 12), card=10)
    net = build_network(recipe, encode(Hand.from_seed(rules, 1).view(0)).shape[0])
    model = export(net, recipe, describe(rules))
    hands = [Hand.from_seed(rules, s) for s in range(4)]
    obs = np.stack([encode(h.view(1)) for h in hands])
    with torch.no_grad():
        values, passes, hand_value, shoot = net(torch.from_numpy(obs), torch.from_numpy(card_features(obs, rules)))
    scale = model.value_scale
    assert np.allclose(model.all_values(obs), values.numpy() * scale, atol=1e-4)
    assert np.allclose(model.pass_logits(obs), passes.numpy(), atol=1e-4)
    assert np.allclose(model.hand_value(obs), hand_value.numpy() * scale, atol=1e-4)
    assert np.allclose(model.shoot_probability(obs), torch.sigmoid(shoot).numpy(), atol=1e-5)
    assert np.allclose(model.play_values(obs[2], [0, 13, 40]), values.numpy()[2, [0, 13, 40]] * scale, atol=1e-4)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--recipe", "huge"], "unknown recipe 'huge'"),
        (["--chunks", "0"], "--chunks must be at least 1"),
    ],
)
def test_bad_options_get_one_line(args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--work", str(tmp_path), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts train: ") and message in err and err.count("\n") == 1


def test_training_without_data_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--recipe", "tiny", "--work", str(tmp_path), "--skip-data"]) == 2
    assert "no complete chunk of data" in capsys.readouterr().err


def test_expert_iteration_labels_round_two_with_the_search_on_round_ones_model(tmp_path: Path) -> None:
    assert main(["train", "--recipe", "tiny", "--rounds", "2", "--chunks", "1", "--epochs", "1", "--work", str(tmp_path)]) == 0
    first, _ = read_dataset(chunk_dir(tmp_path, 0))
    second, _ = read_dataset(chunk_dir(tmp_path / "round-1", 0))
    assert first["lineup"] == [TINY.teacher] * 4
    assert second["lineup"] == [f"net-search:top=4:file={(tmp_path / 'round-0.npz').resolve()}:sims=24:pass=4"] * 4
    assert second["seed"] != first["seed"]  # new deals each round
    meta = json.loads((tmp_path / "tiny.json").read_text())
    assert meta["report"]["round"] == 1 and meta["report"]["data"]["chunks"] == 2 and (tmp_path / "round-0.npz").exists()


def test_expert_iteration_can_start_from_a_committed_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = tmp_path / "first"
    assert main(["train", "--recipe", "tiny", "--chunks", "1", "--epochs", "1", "--work", str(first)]) == 0
    work = tmp_path / "iter"
    args = ["train", "--recipe", "tiny", "--rounds", "2", "--chunks", "1", "--epochs", "1", "--work", str(work)]
    assert main([*args, "--from-model", str(first / "tiny.npz")]) == 0
    assert "round 0: the model is" in capsys.readouterr().out
    # round 0's model is the file given, not one trained here; round 1 is labelled by the search standing on it
    assert NetModel.load(work / "round-0.npz").meta == NetModel.load(first / "tiny.npz").meta
    second, _ = read_dataset(chunk_dir(work / "round-1", 0))
    assert second["lineup"] == [f"net-search:top=4:file={(work / 'round-0.npz').resolve()}:sims=24:pass=4"] * 4
    assert json.loads((work / "tiny.json").read_text())["report"]["data"]["chunks"] == 2


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--from-model", "x.npz"], "--from-model needs a second round"),
        (["--rounds", "2", "--from-model", "missing.npz"], "--from-model: "),
    ],
)
def test_a_bad_starting_model_is_a_clear_error(extra: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["train", "--recipe", "tiny", "--chunks", "1", "--work", str(tmp_path), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts train: ") and message in err and err.count("\n") == 1
    assert not (tmp_path / "round-0.npz").exists()


def test_a_model_of_another_table_cannot_start_the_rounds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other.npz"
    NetModel.init(Rules.standard(3), trunk=(8,), card=4, seed=1).save(other)
    args = ["train", "--recipe", "tiny", "--rounds", "2", "--chunks", "1", "--work", str(tmp_path / "w"), "--from-model", str(other)]
    assert main(args) == 2
    assert "--from-model: " in capsys.readouterr().err and not (tmp_path / "w" / "round-0.npz").exists()


def test_a_fixed_teacher_round_trains_no_model_before_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fixed = "search:sims=8:pass=2"
    recipe = replace(TINY, name="tiny-fixed", chunks=1, epochs=1, rounds=2, round_teachers=(fixed,), round_chunks=(2,))
    monkeypatch.setitem(RECIPES, "tiny-fixed", recipe)
    assert main(["train", "--recipe", "tiny-fixed", "--work", str(tmp_path)]) == 0
    second = [read_dataset(chunk_dir(tmp_path / "round-1", k))[0] for k in range(2)]
    assert [m["lineup"] for m in second] == [[fixed] * 4] * 2
    assert not (tmp_path / "round-0.npz").exists()  # round 1's teacher needs no model
    meta = json.loads((tmp_path / "tiny-fixed.json").read_text())
    assert meta["report"]["data"]["chunks"] == 3 and meta["report"]["teacher"] == fixed
    assert meta["report"]["recipe"]["round_teachers"] == [fixed] and meta["report"]["recipe"]["round_chunks"] == [2]
    # chunk 0 of each round: other deals, so other group ids; a deal is held out by the same rule in either round
    first, again = load([chunk_dir(tmp_path, 0)], recipe), load([chunk_dir(tmp_path / "round-1", 0)], recipe)
    assert not set(first.group.tolist()) & set(again.group.tolist())
    assert set((again.group // ROUND_GROUP).tolist()) == {1} and set((first.group // ROUND_GROUP).tolist()) == {0}
    for part in (first, again):
        deals = part.group % CHUNK_GROUP
        assert np.array_equal(part.split(recipe.holdout)[1].group % CHUNK_GROUP, deals[deals % recipe.holdout == 0])


def test_shoot_targets_mark_the_teachers_shoot_line() -> None:
    from hearts.learn.data import Dataset, shoot_targets
    from hearts.observe import segment_slices

    rules = Rules.standard(4)
    obs = np.zeros((5, encode(Hand.from_seed(rules, 1).view(0)).shape[0]), dtype=np.float32)
    points = segment_slices(rules)["points_taken"]
    obs[4, points.start + 2] = 3 / 26  # row 4: another seat has points, the moon is shut
    mask = np.zeros((5, 52), dtype=bool)
    mask[:, [1, 2, 3]] = True
    values = np.full((5, 52), np.nan, dtype=np.float32)
    values[[0, 1, 4], 1], values[[0, 1, 4], 2] = 2.0, 5.0
    action = np.array([2, 1, 3, 1, 1])  # 0: the best card; 1: below the best (the line); 2: unweighed with a choice (latched)
    is_pass = np.array([False, False, False, True, False])  # 3: a pass pick
    data = Dataset(obs, mask, values, action, is_pass, np.zeros(5, np.float32), np.arange(5))
    eligible, shooting = shoot_targets(rules, data)
    assert eligible.tolist() == [True, True, True, False, False]
    assert shooting.tolist() == [False, True, True, False, False]


def test_a_ranking_loss_trains_and_is_in_the_models_recipe(
    trained: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, _ = trained
    recipe = replace(TINY, name="tiny-rank", epochs=1, rank_weight=1.0, rank_temperature=2.0)
    monkeypatch.setitem(RECIPES, "tiny-rank", recipe)
    out = tmp_path / "rank.npz"
    assert main(["train", "--recipe", "tiny-rank", "--work", str(work), "--skip-data", "--out", str(out)]) == 0
    meta = json.loads(out.with_suffix(".json").read_text())
    assert meta["report"]["recipe"]["rank_weight"] == 1.0 and meta["report"]["recipe"]["rank_temperature"] == 2.0
    assert all(math.isfinite(point["train_play_mse"]) for point in meta["report"]["curve"])
