"""The ladder's round robin and its saved matches (standard library only).

A *match* is one table of distinct bots (their specs sorted, so the order of
``--bots`` does not matter) playing the same ``hands`` deals of the arena in
every rotation. Each finished match is saved as one JSON file under
``OUT/matches/``, named by a hash of everything that decides its result (the
line-up, the rules, the number of deals, the seed), so a ladder run again
finds the matches it already played.

>>> schedule(["c", "a", "b"], 2)
[('a', 'b'), ('a', 'c'), ('b', 'c')]
>>> schedule(["b", "a"], 4)
[('a', 'b')]
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearts.core import HeartsError, Rules

#: the format of a saved match
MATCH_FORMAT = "hearts-ladder-match/1"


class LadderError(HeartsError, ValueError):
    """Bad ladder settings, or a saved match that cannot be read."""


def schedule(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Every table of the round robin: each group of ``players`` bots (all of them when fewer), sorted."""
    names = sorted(bots)
    if len(names) < 2:
        raise LadderError("a ladder needs at least two bots")
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise LadderError(f"bot {twice!r} is given twice")
    return list(itertools.combinations(names, min(players, len(names))))


@dataclass(frozen=True)
class DealScore:
    """One bot's numbers over one deal of a match (all rotations and seats): mean points and payoff a hand."""

    points: float
    payoff: float


@dataclass(frozen=True)
class MatchRecord:
    """A finished match: its line-up, each deal's numbers per bot, each bot's faults, and the arena's JSON."""

    lineup: tuple[str, ...]
    deals: tuple[dict[str, DealScore], ...]
    faults: dict[str, int]
    arena: dict[str, Any]

    def to_json(self, key: dict[str, Any]) -> dict[str, Any]:
        deals = [{name: [s.points, s.payoff] for name, s in deal.items()} for deal in self.deals]
        return {"key": key, "lineup": list(self.lineup), "deals": deals, "faults": self.faults, "arena": self.arena}


def match_key(lineup: tuple[str, ...], rules: Rules, hands: int, seed: int) -> dict[str, Any]:
    """Everything that decides a match's result."""
    return {"format": MATCH_FORMAT, "lineup": list(lineup), "rules": rules.to_dict(), "hands": hands, "seed": seed}


def match_path(out: Path, key: dict[str, Any]) -> Path:
    digest = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:20]
    return out / "matches" / f"{digest}.json"


def save_match(out: Path, key: dict[str, Any], record: MatchRecord) -> Path:
    """Write the match (to a temporary file first, so an interruption never leaves half a file)."""
    path = match_path(out, key)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(record.to_json(key)) + "\n", encoding="utf-8")
    os.replace(tmp, path)
    return path


def load_match(out: Path, key: dict[str, Any]) -> MatchRecord | None:
    """The saved match of ``key``, or None if it was not played yet; :class:`LadderError` for a damaged file."""
    path = match_path(out, key)
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["key"] != key:
            raise ValueError("it belongs to another match")
        lineup = tuple(data["lineup"])
        deals = tuple({name: DealScore(float(p), float(q)) for name, (p, q) in deal.items()} for deal in data["deals"])
        faults = {str(k): int(v) for k, v in data["faults"].items()}
        if not deals or any(set(d) != set(lineup) for d in deals):
            raise ValueError("its deals do not match its line-up")
        return MatchRecord(lineup, deals, faults, dict(data["arena"]))
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise LadderError(f"{path} is not a saved match ({err}): delete it to play that match again") from None
