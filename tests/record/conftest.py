"""Shared paths and helpers of the record tests."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "records"
VALID = DATA / "valid"
INVALID = DATA / "invalid"
MALFORMED = DATA / "malformed"
EXAMPLES = ROOT / "src" / "hearts" / "examples"

if str(DATA) not in sys.path:
    sys.path.insert(0, str(DATA))


def valid_names() -> list[str]:
    return sorted(p.name[: -len(".json")] for p in VALID.glob("*.json") if not p.name.endswith(".expected.json"))


def invalid_names() -> list[str]:
    return sorted(p.name[: -len(".json")] for p in INVALID.glob("*.json") if not p.name.endswith(".expected.json"))


def malformed_names() -> list[str]:
    return sorted(p.name for p in MALFORMED.iterdir())
