"""hearts selfplay: rows, returns, the manifest, determinism over jobs, bad options, the values hook."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pyarrow")

from hearts.bots import make_bot  # noqa: E402
from hearts.cli import main  # noqa: E402
from hearts.core import Hand, Rules  # noqa: E402
from hearts.rl import action_mask, encode  # noqa: E402
from hearts.sim.arena import hand_deal  # noqa: E402
from hearts.sim.selfplay_io import read_dataset, run_selfplay  # noqa: E402

RULES = Rules.standard(4)
BOTS = ["search:sims=12:pass=4", "heuristic"]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sp") / "one"
    run_selfplay(BOTS, RULES, out, hands=5, seed=3, shard_size=2)
    return out


def test_files_manifest_and_columns(dataset: Path) -> None:
    manifest, table = read_dataset(dataset)
    shards = [f"shard-0000{k}.parquet" for k in range(3)]
    assert sorted(p.name for p in dataset.iterdir()) == ["_manifest.json", *shards]
    assert manifest["format"] == "hearts-selfplay/1" and manifest["hands"] == 5 and manifest["seed"] == 3
    assert manifest["lineup"] == ["search:sims=12:pass=4", "heuristic", "search:sims=12:pass=4", "heuristic"]
    assert Rules.from_dict(manifest["rules"]) == RULES
    assert [(s["first"], s["last"]) for s in manifest["shards"]] == [(0, 1), (2, 3), (4, 4)]
    assert manifest["rows"] == table.num_rows == sum(s["rows"] for s in manifest["shards"])
    assert {"hearts", "numpy", "pyarrow", "python"} <= set(manifest["versions"])
    # every seat: 3 pass picks (deal 3 is a no-pass hand: hand number 4) and 13 plays
    per_deal = defaultdict(int)
    for d in table["deal"].to_pylist():
        per_deal[d] += 1
    assert per_deal == {0: 64, 1: 64, 2: 64, 3: 52, 4: 64}
    assert table.schema.field("observation").type.list_size == manifest["observation"]["size"] == 613


def test_rows_are_legal_and_returns_add_up(dataset: Path) -> None:
    _, table = read_dataset(dataset)
    rows = table.to_pylist()
    points: dict[tuple[int, int], int] = {}
    for r in rows:
        assert r["mask"][r["action"]] == 1
        points[(r["deal"], r["seat"])] = r["hand_points"]
        assert r["game_points"] == r["hand_points"] and r["game_return"] == r["hand_return"]
    for r in rows:
        others = [points[(r["deal"], s)] for s in range(4) if s != r["seat"]]
        assert math.isclose(r["hand_return"], sum(others) / 3 - r["hand_points"], rel_tol=1e-6)
    for d in range(5):
        assert sum(points[(d, s)] for s in range(4)) in (26, 78)  # 26 points, or a moon adding 26 to the others


def test_values_only_where_the_bot_weighed_cards(dataset: Path) -> None:
    _, table = read_dataset(dataset)
    searched = 0
    for r in table.to_pylist():
        if r["values"] is None:
            continue
        assert r["bot"].startswith("search")
        weighed = [c for c, v in enumerate(r["values"]) if not math.isnan(v)]
        assert set(weighed) <= {c for c, m in enumerate(r["mask"]) if m}
        if r["phase"] == "play":
            assert len(weighed) >= 2
            searched += 1
        else:  # a pass pick: the chosen pass was among those weighed, so the picked card has a value
            assert r["action"] in weighed
    assert searched > 20
    assert all(r["values"] is None for r in table.to_pylist() if r["bot"] == "heuristic")
    passes = [r for r in table.to_pylist() if r["phase"] == "pass" and r["bot"].startswith("search")]
    assert passes and all(r["values"] is not None for r in passes)


def test_first_rows_match_the_engine(dataset: Path) -> None:
    """Deal 0, seat 0's first pick: the observation and mask of the arena's deal 0 as the engine shows it."""
    _, table = read_dataset(dataset)
    first = table.slice(0, 1).to_pylist()[0]
    deal, kitty = hand_deal(RULES, 3, 0)
    view = Hand(RULES, deal, kitty, dealer=0, number=1).view(0, [0, 0, 0, 0])
    assert first["phase"] == "pass" and first["seat"] == 0 and first["bot"] == "search:sims=12:pass=4"
    assert first["observation"] == encode(view).tolist() and first["mask"] == action_mask(view).tolist()


def test_same_seed_same_data_whatever_the_jobs(dataset: Path, tmp_path: Path) -> None:
    run_selfplay(BOTS, RULES, tmp_path / "two", hands=5, seed=3, shard_size=2, jobs=2)
    assert same_files(dataset, tmp_path / "two")
    run_selfplay(BOTS, RULES, tmp_path / "other", hands=5, seed=4, shard_size=2)
    assert not same_files(dataset, tmp_path / "other")


def same_files(a: Path, b: Path) -> bool:
    """The same file names and bytes (the values' NaN make table comparison unfit)."""
    names = sorted(p.name for p in a.iterdir())
    return names == sorted(p.name for p in b.iterdir()) and all((a / n).read_bytes() == (b / n).read_bytes() for n in names)


def test_games_mode_game_returns(tmp_path: Path) -> None:
    rules = Rules(variant="standard", players=3, target=30)
    result = run_selfplay(["heuristic", "random"], rules, tmp_path / "g", games=2, seed=5)
    manifest, table = read_dataset(tmp_path / "g")
    assert manifest["games"] == 2 and result.rows == table.num_rows
    rows = table.to_pylist()
    for g in range(2):
        game_rows = [r for r in rows if r["deal"] == g]
        hands = {r["hand"] for r in game_rows}
        assert len(hands) >= 2  # 30 points take more than one hand
        finals = {r["seat"]: r["game_points"] for r in game_rows}
        totals = defaultdict(int)
        for h in hands:
            totals_h = {r["seat"]: r["hand_points"] for r in game_rows if r["hand"] == h}
            for s, p in totals_h.items():
                totals[s] += p
        assert dict(totals) == finals and max(finals.values()) >= 30


def test_search_bot_values_hook() -> None:
    bot = make_bot("search:sims=30:pass=8:seed=1")
    hand = Hand.from_seed(RULES, seed=3, number=4)
    hand.play(hand.legal_cards()[0])
    view = hand.view(hand.to_move)
    card = bot.play_card(view)
    values = bot.decision_values()
    assert values is not None and set(values) <= set(view.legal) and values[card] == max(values.values())
    assert bot.pass_values() is None
    view = Hand.from_seed(RULES, seed=3).view(0)
    cards = bot.pass_cards(view)
    assert bot.decision_values() is None
    passes = bot.pass_values()
    assert passes is not None and len(passes) >= 2 and tuple(sorted(cards)) in passes
    assert all(len(p) == 3 and set(p) <= set(view.hand) for p in passes)
    # the heuristic's pass is the bar: another replaces it only when better
    heuristic = tuple(sorted(make_bot("heuristic").pass_cards(view)))
    assert passes[tuple(sorted(cards))] >= passes[heuristic]
    assert make_bot("heuristic").decision_values() is None and make_bot("heuristic").pass_values() is None
    assert make_bot("search:sims=30:pass=0").pass_cards(view) and make_bot("search:sims=30:pass=0").pass_values() is None


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--bots", "heuristic", "--players", "4", "--hands", "0"], "hands must be a whole number of at least 1"),
        (["--bots", "nosuch", "--players", "4", "--hands", "1"], "nosuch"),
        (["--bots", "heuristic", "--players", "4"], "give --hands N"),
        (["--bots", "heuristic", "--players", "4", "--hands", "1", "--shard-size", "0"], "shard size"),
    ],
)
def test_bad_options_get_one_line(argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", *argv, "--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts selfplay: ") and message in err and err.count("\n") == 1


def test_out_must_be_empty(dataset: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = json.loads((dataset / "_manifest.json").read_text())
    assert main(["selfplay", "--bots", "heuristic", "--players", "4", "--hands", "1", "--out", str(dataset)]) == 2
    assert "is not an empty directory" in capsys.readouterr().err
    assert json.loads((dataset / "_manifest.json").read_text()) == before


def test_cli_writes_and_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["selfplay", "--bots", "heuristic,random,random", "--hands", "2", "--out", str(tmp_path / "c"), "--seed", "9"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("120 rows in 1 shards written to")  # 3 seats x (3 picks + 17 cards) x 2 deals
    manifest, table = read_dataset(tmp_path / "c")
    assert manifest["rules"]["players"] == 3 and table.num_rows == manifest["rows"]


def test_plain_parquet_readers_skip_the_manifest(dataset: Path) -> None:
    import pyarrow.dataset as ds

    manifest, table = read_dataset(dataset)
    plain = ds.dataset(dataset, format="parquet").to_table()
    assert plain.num_rows == table.num_rows == manifest["rows"]
    assert plain.column_names == table.column_names
    pd = pytest.importorskip("pandas")
    frame = pd.read_parquet(dataset)
    assert len(frame) == manifest["rows"]


def test_an_older_folder_with_manifest_json_still_reads(dataset: Path, tmp_path: Path) -> None:
    import shutil

    old = tmp_path / "old"
    shutil.copytree(dataset, old)
    (old / "_manifest.json").rename(old / "manifest.json")
    manifest, table = read_dataset(old)
    assert manifest == read_dataset(dataset)[0] and table.num_rows == manifest["rows"]
