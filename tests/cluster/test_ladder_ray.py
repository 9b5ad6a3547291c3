"""hearts ladder on Ray: the same matches and ratings as in one process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hearts.core import Rules

pytest.importorskip("openskill", reason="the ladder extra is not installed")


def test_the_ladder_on_ray_saves_the_same_matches(ray_cluster: Any, tmp_path: Path) -> None:
    from hearts.ladder.run import run_ladder

    bots, rules = ["random", "random:seed=4", "medium"], Rules.standard(3)
    on_ray = run_ladder(bots, rules, hands=3, seed=6, out=tmp_path / "ray", ray="local")
    local = run_ladder(bots, rules, hands=3, seed=6, out=tmp_path / "local")
    assert on_ray == local and ray_cluster.is_initialized()


def test_an_exec_bot_plays_on_ray_workers(ray_cluster: Any) -> None:
    import shlex
    import sys

    from hearts.sim.arena import run_arena

    lowest = f"exec:{shlex.quote(sys.executable)} {Path(__file__).resolve().parents[2] / 'examples/bots/lowest.py'}"
    on_ray = run_arena([lowest, "random"], Rules.standard(4), hands=2, seed=3, ray="local")
    local = run_arena([lowest, "random"], Rules.standard(4), hands=2, seed=3)
    assert on_ray.deals == local.deals and on_ray.faults == local.faults == []
