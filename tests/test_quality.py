"""The code stays ruff-clean and mypy-clean (both are in the test extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> list[str]:
    exe = Path(sys.executable).with_name(name)
    if exe.exists():
        return [str(exe)]
    found = shutil.which(name)
    if found is None:
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return [found]


def test_ruff_clean() -> None:
    result = subprocess.run([*_tool("ruff"), "check", "src", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_clean() -> None:
    result = subprocess.run([*_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
