"""Collection outside ``tests/``: the package's doctests and the docs' examples (``tests/conftest.py`` sets the rest).

With ``pytest -m "not slow"`` the quick loop does not even import the JAX backend's modules (``src/hearts/vecjax``)
or run the research page's examples (``docs/research.md``): importing JAX costs seconds, its compiles more, and a
process that has imported JAX should not fork (the arena's and the search's worker processes do). The full run
(``pytest``) has them all.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
#: paths (relative to the repository) that only the full run collects
SLOW = ("src/hearts/vecjax", "docs/research.md")


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    if str(config.getoption("markexpr", "") or "").split() != ["not", "slow"]:
        return None
    try:
        where = collection_path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return None
    return True if any(where == s or where.startswith(s + "/") for s in SLOW) else None
