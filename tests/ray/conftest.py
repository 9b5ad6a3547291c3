"""One local Ray instance for the whole test session (its start costs seconds), or a skip where Ray is missing."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[Any]:
    """``ray``, initialised with 2 CPUs on this machine; the arena and self-play use this connection."""
    ray = pytest.importorskip("ray", reason="the ray extra is not installed")
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield ray
    finally:
        ray.shutdown()
