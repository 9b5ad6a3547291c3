"""One local Ray instance for the tests of this package (its start costs seconds), or a skip where Ray is missing.

Package scope: Ray is shut down once these tests are done, so the rest of the
suite runs without it (a connected process would lend its connection to any
``ray=`` the arena is given).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="package")
def ray_cluster() -> Iterator[Any]:
    """``ray``, initialised with 2 CPUs on this machine; the arena and self-play use this connection."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()
