"""hearts selfplay on a local Ray cluster writes the same files as in one process."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pyarrow")

from hearts.cli import main  # noqa: E402


def test_selfplay_on_ray_writes_the_same_files(ray_cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["selfplay", "--bots", "search:sims=8,heuristic", "--players", "4", "--hands", "3", "--shard-size", "2", "--seed", "7"]
    assert main([*args, "--out", str(tmp_path / "ray"), "--ray"]) == 0
    assert main([*args, "--out", str(tmp_path / "here")]) == 0
    assert "rows in 2 shards" in capsys.readouterr().out
    names = sorted(p.name for p in (tmp_path / "ray").iterdir())
    assert names == ["_manifest.json", "shard-00000.parquet", "shard-00001.parquet"]
    assert all((tmp_path / "ray" / n).read_bytes() == (tmp_path / "here" / n).read_bytes() for n in names)
