"""``hearts bench`` from the outside: a subprocess, its JSON and its table (no timing assertions)."""

from __future__ import annotations

import json
import math
import subprocess
import sys

KEYS = ("standard4_hands_per_s", "cancellation11_hands_per_s", "clones_per_s")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hearts", "bench", *args], capture_output=True, text=True, timeout=120)


def _positive(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value > 0


def test_bench_json() -> None:
    proc = _run("--json", "--seconds", "0.05")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert isinstance(data, dict)
    for key in KEYS:
        assert _positive(data[key]), (key, data[key])
    if "openspiel_hands_per_s" in data:
        assert _positive(data["openspiel_hands_per_s"]) and _positive(data["ratio_vs_openspiel"])
        assert _positive(data["openspiel_decisions_per_s"]) and _positive(data["ratio_python_hearts_vs_openspiel"])
        assert _positive(data["ratio_vec_vs_openspiel"])
    else:
        assert "ratio_vs_openspiel" not in data and "not installed" in data["openspiel"]


def test_bench_json_without_openspiel() -> None:
    proc = _run("--json", "--seconds", "0.02", "--no-openspiel", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert all(_positive(data[k]) for k in KEYS)
    assert "openspiel_hands_per_s" not in data and data["seed"] == 3


def test_bench_table() -> None:
    proc = _run("--seconds", "0.02", "--no-openspiel")
    assert proc.returncode == 0, proc.stderr
    assert "standard hands, 4 players" in proc.stdout and "cancellation hands, 11 players" in proc.stdout


def test_bench_rejects_zero_seconds_and_rounds() -> None:
    proc = _run("--seconds", "0")
    assert proc.returncode == 2 and "--seconds" in proc.stderr
    proc = _run("--rounds", "0")
    assert proc.returncode == 2 and "--rounds" in proc.stderr


def test_bench_describes_each_loop_and_its_rounds() -> None:
    """Every loop says what it drives, at what batch and what it counts, with the median and spread of its rounds
    (per CPU second); each ratio is taken round by round."""
    proc = _run("--json", "--seconds", "0.02", "--rounds", "3", "--no-openspiel")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["rounds"] == 3 and "CPU" in data["clock"] and data["machine"]["cpus"] >= 1
    for key, loop in data["loops"].items():
        spread = loop["per_cpu_s"]
        assert loop["drives"] and loop["counts"] and len(spread["rounds"]) == 3, key
        assert spread["min"] <= spread["median"] <= spread["max"] and spread["median"] == data[f"{key}_per_s"]
    if "vec_decisions" in data["loops"]:
        assert data["loops"]["vec_decisions"]["batch"] == 4096
        ratio = data["ratios"]["ratio_vec_vs_engine"]
        assert len(ratio["rounds"]) == 3 and ratio["median"] == data["ratio_vec_vs_engine"]


def test_bench_env_steps() -> None:
    """The RL environment's speed is measured where the ``rl`` extra imports, and skipped with a note otherwise."""
    proc = _run("--json", "--seconds", "0.02", "--no-openspiel")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    try:
        import hearts.rl  # noqa: F401
    except ImportError:
        assert "env_steps_per_s" not in data and "not installed" in data["env_steps"]
    else:
        assert _positive(data["env_steps_per_s"])


def test_bench_reports_the_three_comparisons() -> None:
    """hearts.vec against our engine's API (and, where pyspiel imports, against OpenSpiel's C++ and python_hearts)."""
    proc = _run("--seconds", "0.05")
    assert proc.returncode == 0, proc.stderr
    assert "3. hearts.vec / our Hand API" in proc.stdout
    if "OpenSpiel hearts (from Python)" in proc.stdout:
        for line in (
            "1. our Hand API / OpenSpiel C++ via pyspiel",
            "2. python_hearts / C++ hearts, same pyspiel loop",
            "3. hearts.vec / C++ hearts via pyspiel",
        ):
            assert line in proc.stdout
