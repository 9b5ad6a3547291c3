"""``hearts baseline``: bad arguments get one clear line and exit status 2, before any training or PyTorch import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hearts.baselines.config import BaselineError, PPOConfig
from hearts.baselines.plot import curve_svg, nice_ticks
from hearts.cli import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "name an algorithm: hearts baseline ppo"),
        (["ppo", "--steps", "0", "--out", "X"], "steps must be a whole number of at least 1, not 0"),
        (["ppo", "--steps", "10", "--out", "X", "--opponents", "nope"], "opponents: unknown bot 'nope'"),
        (["ppo", "--steps", "10", "--out", "X", "--eval-against", "nope"], "eval_against: unknown bot 'nope'"),
        (
            ["ppo", "--steps", "10", "--out", "X", "--opponents", "random,random"],
            "give one opponent spec, or 3 (one per other seat), not 2",
        ),
        (["ppo", "--steps", "10", "--out", "X", "--batch", "4096"], "the batch (4096) must be at most envs x n_steps (2048)"),
        (["ppo", "--steps", "10", "--out", "X", "--players", "2"], "standard Hearts is for 3 to 7 players, not 2"),
        (["ppo", "--steps", "10", "--out", "X", "--lr", "0"], "lr must be a number above 0 and at most 1.0, not 0.0"),
        (["ppo", "--steps", "10", "--out", "X", "--hidden", "0"], "hidden must be one or more layer widths"),
        (["plot", "missing.json", "--out", "X.svg"], "cannot read the curve 'missing.json'"),
    ],
)
def test_bad_arguments_get_one_line_and_status_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = [str(tmp_path / a) if a in ("X", "X.svg") else a for a in args]
    assert main(["baseline", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hearts baseline: ") and message in err and err.count("\n") == 1


def test_out_must_not_be_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "f").write_text("")
    assert main(["baseline", "ppo", "--steps", "10", "--out", str(tmp_path / "f")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_a_malformed_width_list_is_argparses_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["baseline", "ppo", "--steps", "10", "--out", "x", "--hidden", "a,b"])
    assert exc.value.code == 2 and "give widths separated by commas" in capsys.readouterr().err


def test_without_the_extra_training_says_what_is_missing(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['sb3_contrib'] = None; sys.modules['torch'] = None\n"
        f"from hearts.cli import main; sys.exit(main(['baseline', 'ppo', '--steps', '10', '--out', {str(tmp_path / 'o')!r}, "
        "'--opponents', 'random', '--eval-against', 'random']))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("hearts baseline: training needs the baselines extra (pip install 'hearts-game[baselines]')")


def test_the_config_fills_the_checkpoint_interval_and_round_trips_to_json() -> None:
    config = PPOConfig(steps=1000, opponents=("random",), eval_against=("random",))
    assert config.eval_every == 100
    data = config.to_json()
    assert data["opponents"] == ["random"] and data["hidden"] == [128, 128] and json.loads(json.dumps(data)) == data
    with pytest.raises(BaselineError, match="ent_coef"):
        PPOConfig(steps=10, ent_coef=2.0)


def _curve(points: list[tuple[int, float]]) -> dict[str, object]:
    """A curve.json object: (steps, payoff against random) per checkpoint; against heuristic the opposite, without SE."""
    vs = [{"random": {"payoff": p, "payoff_se": 0.3}, "heuristic": {"payoff": -p, "payoff_se": None}} for _, p in points]
    return {
        "algorithm": "MaskablePPO",
        "config": {"opponents": ["heuristic"]},
        "points": [{"steps": s, "cpu_s": s / 100, "vs": v} for (s, _), v in zip(points, vs, strict=True)],
    }


def test_the_plot_draws_a_line_and_a_band_per_bot_and_panel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    curve = _curve([(0, -2.0), (5000, 1.0), (10000, 3.0)])
    svg = curve_svg([curve])
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<polyline") == 4 and svg.count("<polygon") == 4  # 2 bots x 2 panels
    assert "against heuristic" in svg and "training CPU time" in svg
    (tmp_path / "run").mkdir()
    (tmp_path / "run" / "curve.json").write_text(json.dumps(curve))
    assert main(["baseline", "plot", str(tmp_path / "run"), "--out", str(tmp_path / "c.svg"), "--title", "A & B"]) == 0
    assert "A &amp; B" in (tmp_path / "c.svg").read_text()


def test_a_curve_without_points_is_refused() -> None:
    with pytest.raises(BaselineError, match="no points"):
        curve_svg([{"points": []}])


@pytest.mark.parametrize(("low", "high"), [(0, 10), (-11.3, 4.2), (0, 3_900_000), (0, 0.7), (5, 5)])
def test_ticks_cover_the_range(low: float, high: float) -> None:
    ticks = nice_ticks(low, high)
    assert ticks[0] <= low and ticks[-1] >= high and ticks == sorted(ticks) and 2 <= len(ticks) <= 12
