"""Test markers: ``slow`` marks the suites that start servers, browsers, Ray, OpenSpiel or training.

``pytest -m "not slow"`` runs the core, records, bots, the arena and the docs
checks (the README states its time), for a quick loop while working on the
engine or a bot; the full suite (``pytest``) is what CI runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hearts.core import Rules

HERE = Path(__file__).resolve().parent

#: folders and files (relative to tests/) whose tests are all slow
SLOW = (
    "server",
    "cluster",
    "learn",
    "rl",
    "openspiel",
    "tui",
    "net",
    "ladder",
    "vecjax",  # a JAX compile per table: about a minute and a half on one core
    "test_openspiel_diff.py",
    "test_docs_site.py",
    "bots/test_exec_bot.py",
    "bots/test_examples.py",
    "bots/test_plugins.py",
    "bots/test_kernel_sampler.py",  # the compiled kernels against the interpreted ones, world by world: 11 s
    "bots/test_kernel_passing.py",
    "baselines/test_ppo.py",  # MaskablePPO runs (PyTorch): about 25 s
    "sim/test_selfplay.py",
    "sim/test_arena_cli.py",
    "web/test_build.py",
    "web/test_browser_page.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if _slow_path(Path(str(item.fspath))):
            item.add_marker(pytest.mark.slow)


def _slow_path(path: Path) -> bool:
    try:
        where = path.resolve().relative_to(HERE).as_posix()
    except ValueError:  # doctests of src/ and the docs
        return False
    return any(where == s or where.startswith(s + "/") for s in SLOW)


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """With ``-m "not slow"``, the slow suites are not even imported: their imports (Ray, JAX, PyTorch, a server)
    cost most of the quick loop's time before any test ran."""
    if str(config.getoption("markexpr", "") or "").split() == ["not", "slow"] and _slow_path(collection_path):
        return True
    return None


@pytest.fixture
def unshipped(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Rules]:
    """A table whose shipped model is hidden for the test (11-player Cancellation Hearts): the shipped models are
    seen through a folder holding every one but its own, so the tests of a table with no model stay true whichever
    shapes ship."""
    from hearts.net import meta

    rules = Rules.cancellation(11)
    hidden = meta.shipped_name(rules.variant, rules.players).removesuffix(".npz")
    folder = tmp_path / "models"
    folder.mkdir()
    for path in meta.MODELS.iterdir():
        if path.stem != hidden:
            (folder / path.name).symlink_to(path)
    meta.read_shipped.cache_clear()
    monkeypatch.setattr(meta, "MODELS", folder)
    yield rules
    monkeypatch.undo()
    meta.read_shipped.cache_clear()
