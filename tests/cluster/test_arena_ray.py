"""The arena on a local Ray cluster: the same results as --jobs 1, progress, a worker that dies, a bad address."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hearts.bots import Bot, make_bot
from hearts.core import Rules
from hearts.sim import run_arena

RULES = Rules.standard(4)
LINEUP = ["heuristic", "random", "search:sims=8", "heuristic:noise=0.3"]


def test_ray_gives_the_same_result_as_one_job(ray_cluster: Any) -> None:
    seen: list[tuple[int, int]] = []
    on_ray = run_arena(LINEUP, RULES, hands=6, seed=11, ray="local", progress=lambda d, t: seen.append((d, t)))
    here = run_arena(LINEUP, RULES, hands=6, seed=11)
    assert on_ray.to_json(timing=False) == here.to_json(timing=False)
    assert on_ray.deals == here.deals
    assert seen[0] == (0, 6) and seen[-1] == (6, 6) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_games_mode_on_ray(ray_cluster: Any) -> None:
    rules = Rules(variant="standard", players=3, target=40)
    on_ray = run_arena(["heuristic", "random"], rules, games=2, seed=5, ray="local")
    assert on_ray.to_json(timing=False) == run_arena(["heuristic", "random"], rules, games=2, seed=5).to_json(timing=False)


class DiesOnce:
    """A bot factory whose Ray worker process dies the first time it makes a bot (a marker file remembers)."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __call__(self, spec: str, *, seed: int | None = None) -> Bot:
        if not self.marker.exists() and _in_ray_worker():
            self.marker.write_text("died")
            os._exit(1)  # the worker is gone mid-task, as if killed
        return make_bot(spec, seed=seed)


def _in_ray_worker() -> bool:
    import ray

    return ray.is_initialized() and ray.get_runtime_context().worker.mode == ray.WORKER_MODE


def test_a_deal_whose_worker_died_is_played_again(ray_cluster: Any, tmp_path: Path) -> None:
    ray_cluster.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    marker = tmp_path / "died"
    result = run_arena(["heuristic", "random"], RULES, hands=3, seed=2, ray="local", factory=DiesOnce(marker))
    assert marker.read_text() == "died"  # a worker did die
    assert result.to_json(timing=False) == run_arena(["heuristic", "random"], RULES, hands=3, seed=2).to_json(timing=False)


def test_a_running_cluster_by_its_address(ray_cluster: Any) -> None:
    """``--ray ADDRESS`` from another process: the test's Ray instance, at the address Ray itself reports."""
    address = ray_cluster.get_runtime_context().gcs_address
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
    argv = [sys.executable, "-m", "hearts", "arena", "--bots", "heuristic,random", "--players", "4", "--hands", "3", "--seed", "8"]
    proc = subprocess.run([*argv, "--json", "--ray", address], capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr
    remote = json.loads(proc.stdout)
    remote.pop("timing")
    assert remote == run_arena(["heuristic", "random"], RULES, hands=3, seed=8).to_json(timing=False)


@pytest.mark.parametrize("command", ["arena", "selfplay"])
def test_unreachable_cluster_is_one_clear_line(command: str, tmp_path: Path) -> None:
    """In a fresh process (this one may be connected to the test's Ray instance)."""
    pytest.importorskip("ray")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[2] / "src"))
    argv = [sys.executable, "-m", "hearts", command, "--bots", "random", "--players", "4", "--hands", "2", "--ray", "127.0.0.1:1"]
    if command == "selfplay":
        pytest.importorskip("pyarrow")
        argv += ["--out", str(tmp_path / "out")]
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 2
    assert proc.stderr == f"hearts {command}: cannot reach the Ray cluster at 127.0.0.1:1: Connection refused\n"


@pytest.mark.parametrize("address", ["nonsense", "host:port", ":80"])
def test_bad_address_is_one_clear_line(address: str) -> None:
    pytest.importorskip("ray")
    from hearts.sim.ray_backend import RayUnavailable, _check_reachable

    with pytest.raises(RayUnavailable, match="bad Ray address"):
        _check_reachable(address)


class Cheater(Bot):
    """Plays a card it holds but may not play, when it has one."""

    def pass_cards(self, view: Any) -> list[int]:
        return sorted(view.hand)[: view.rules.pass_count]

    def play_card(self, view: Any) -> int:
        return max(set(view.hand) - set(view.legal), default=view.legal[0])


def cheating_factory(spec: str, *, seed: int | None = None) -> Bot:
    return Cheater() if spec == "cheat" else make_bot(spec, seed=seed)


def test_a_bot_that_breaks_the_rules_stops_the_run_with_its_error(ray_cluster: Any) -> None:
    from hearts.sim.arena import BotFailure

    ray_cluster.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    with pytest.raises(BotFailure, match="bot 'bot' in seat"):
        run_arena(["cheat", "random"], RULES, hands=2, seed=1, ray="local", factory=cheating_factory)
