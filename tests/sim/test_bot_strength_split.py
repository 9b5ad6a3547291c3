"""The benchmark's payoff split and paired difference (benchmarks/bot_strength.py) agree with the arena's payoffs."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path
from types import ModuleType

from hearts.core import Rules
from hearts.sim.arena import ArenaResult, run_arena

ROOT = Path(__file__).resolve().parents[2]


def _bot_strength() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_strength", ROOT / "benchmarks" / "bot_strength.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_payoff_split_adds_up_to_the_arenas_payoff() -> None:
    # the shooter against random bots: two of these 40 hands end in its moon
    result = run_arena(["shooter", "random"], Rules.standard(4), hands=10, seed=5)
    per_deal = _match_json(result)
    split = _bot_strength().payoff_split(per_deal)
    first = result.bots[0]
    assert first.name == "shooter"
    assert math.isclose(split["all"][0], first.payoff, abs_tol=1e-9)
    assert math.isclose(split["all"][1], first.payoff_se, abs_tol=1e-9)
    assert math.isclose(split["ours"][0] + split["theirs"][0] + split["rest"][0], split["all"][0], abs_tol=1e-9)
    assert first.moons_shot == 2  # (and each is "conceded" by its partner seat)
    assert split["ours"][0] > 0 and split["theirs"] == (0.0, 0.0)
    assert math.isclose(split["ours"][0], 2 * (26 - 26 / 3) / 2 / 40, abs_tol=1e-9)  # +26 and -8.67 for its two seats


def _match_json(result: ArenaResult) -> list[dict[str, object]]:
    """The arena's deals as match.py writes them (``per_deal``)."""
    return [
        {
            "deal": d.index,
            "tables": [
                {"rotation": t.rotation, "points": [list(h.points) for h in t.hands], "shooters": [h.shooter for h in t.hands]}
                for t in d.tables
            ],
        }
        for d in result.deals
    ]


def _per_deal(bots: list[str]) -> list[dict[str, object]]:
    return _match_json(run_arena(bots, Rules.standard(4), hands=10, seed=5))


def test_the_paired_difference_cancels_the_deals_played_the_same() -> None:
    bench = _bot_strength()
    base = _per_deal(["heuristic", "random"])
    assert bench.paired(base, _per_deal(["heuristic", "random"])) == (0.0, 0.0, 0, 10)  # seeded bots: the same plays
    shooter = _per_deal(["shooter", "random"])
    mean, se, changed, deals = bench.paired(base, shooter)
    first, other = bench.payoff_split(base)["all"][0], bench.payoff_split(shooter)["all"][0]
    assert math.isclose(mean, other - first, abs_tol=1e-9) and deals == 10 and 0 < changed <= 10 and se > 0
    assert bench.paired(base, [])[2:] == (0, 0)
