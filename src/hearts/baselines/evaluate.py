"""A policy's payoff against bots: the arena's duplicate deals, every rotation, the same deals at every checkpoint.

The learner (``rl-policy:file=PATH``, greedy) takes one seat and ``opponent``
every other; each of ``deals`` deals is played once per rotation, so the
policy plays every seat's cards. The figures are the arena's for the policy:
payoff (the others' mean points less its own, per hand) and points per hand,
each ± its standard error over deals.

>>> from hearts.core import Rules
>>> evaluate_spec("random", ["random"], Rules.standard(4), deals=2, seed=1)["random"]["payoff"]
0.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hearts.core import Rules
from hearts.sim.arena import run_arena


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def evaluate_spec(spec: str, opponents: Sequence[str], rules: Rules, *, deals: int, seed: int) -> dict[str, dict[str, Any]]:
    """For each opponent: the ``spec`` bot's payoff, points per hand and their standard errors, by duplicate deals."""
    out: dict[str, dict[str, Any]] = {}
    for opponent in opponents:
        lineup = [spec] + [opponent] * (rules.players - 1)
        result = run_arena(lineup, rules, hands=deals, seed=seed)
        mine = next(b for b in result.bots if b.name == spec) if spec != opponent else result.bots[0]
        out[opponent] = {
            "payoff": _round(mine.payoff),
            "payoff_se": _round(mine.payoff_se),
            "points_per_hand": _round(mine.points_per_hand),
            "points_se": _round(mine.se),
            "hands": mine.hands_played,
        }
    return out
