"""Per-deal results in the arena's JSON, and two runs on the same deals compared deal by deal."""

from __future__ import annotations

import importlib.util
import json
import statistics
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.core import Rules
from hearts.sim.arena import run_arena
from hearts.sim.arena_stats import paired_difference

ROOT = Path(__file__).resolve().parents[2]


def _paired_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("paired", ROOT / "benchmarks" / "paired.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_per_deal_results_average_to_the_totals() -> None:
    data = run_arena(["heuristic", "random"], Rules.standard(4), hands=5, seed=8).to_json(timing=False)
    for bot in data["bots"]:
        assert len(bot["per_deal_payoff"]) == len(bot["per_deal_points"]) == 5
        # hands mode: every deal has the same seat-hands, so the mean of the deals' means is the mean
        assert statistics.fmean(bot["per_deal_payoff"]) == pytest.approx(bot["payoff"])
        assert statistics.fmean(bot["per_deal_points"]) == pytest.approx(bot["points_per_hand"])
    # zero-sum at each deal: the two specs hold two seats each
    heuristic, rand = data["bots"]
    assert [a + b for a, b in zip(heuristic["per_deal_payoff"], rand["per_deal_payoff"], strict=True)] == pytest.approx([0.0] * 5)


@given(st.lists(st.floats(-30, 30), min_size=2, max_size=20))
def test_a_side_paired_with_itself_differs_by_nothing(values: list[float]) -> None:
    assert paired_difference(values, values) == (0.0, 0.0)


def test_paired_results_need_the_same_deals() -> None:
    with pytest.raises(ValueError, match="same deals"):
        paired_difference([1.0, 2.0], [1.0])
    with pytest.raises(ValueError, match="same deals"):
        paired_difference([], [])


def test_the_paired_script_compares_two_runs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = Rules.standard(4)
    for name, lineup in (("a", ["heuristic", "random"]), ("b", ["random:seed=2", "random"]), ("c", ["heuristic", "random"])):
        seed = 9 if name != "c" else 10
        data = run_arena(lineup, rules, hands=6, seed=seed).to_json(timing=False)
        (tmp_path / f"{name}.json").write_text(json.dumps(data))
    paired = _paired_script()
    assert paired.main([f"{tmp_path}/a.json:heuristic", f"{tmp_path}/b.json:random:seed=2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    a = json.loads((tmp_path / "a.json").read_text())["bots"][0]["per_deal_payoff"]
    b = json.loads((tmp_path / "b.json").read_text())["bots"][0]["per_deal_payoff"]
    assert out["deals"] == 6 and out["difference"] == pytest.approx(statistics.fmean(a) - statistics.fmean(b))
    with pytest.raises(SystemExit, match="seed differ"):
        paired.main([f"{tmp_path}/a.json:heuristic", f"{tmp_path}/c.json:heuristic"])
    with pytest.raises(SystemExit, match="no bot 'medium'"):
        paired.main([f"{tmp_path}/a.json:medium", f"{tmp_path}/b.json:random"])
