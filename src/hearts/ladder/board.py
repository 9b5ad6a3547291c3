"""The leaderboard in Markdown and in JSON.

>>> from hearts.ladder.rating import Standing
>>> row = Standing("medium", 27.5, 1.2, 23.9, 1.25, 0.3, 5.1, 40, 2, 0)
>>> print(markdown([row], "standard Hearts, 4 players, 20 deals a match, seed 1").splitlines()[4])
| 1 | `medium` | 27.50 ± 1.20 | 23.90 | +1.250 ± 0.300 | 5.100 | 40 | 2 | 0 |
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .rating import MODEL, Standing

#: the format of leaderboard.json
BOARD_FORMAT = "hearts-ladder/1"


def markdown(rows: Sequence[Standing], title: str) -> str:
    """The leaderboard as a Markdown table under a heading, with a line on what the columns mean."""
    lines = [
        f"# Ladder: {title}",
        "",
        "| rank | bot | rating μ ± σ | μ − 3σ | payoff ± se | points/hand | deals | matches | faults |",
        "|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for k, r in enumerate(rows, 1):
        se = "-" if r.payoff_se is None else f"{r.payoff_se:.3f}"
        name = r.name.replace("|", "\\|").replace("`", "'")
        lines.append(
            f"| {k} | `{name}` | {r.mu:.2f} ± {r.sigma:.2f} | {r.ordinal:.2f} | {r.payoff:+.3f} ± {se} | {r.points_per_hand:.3f} "
            f"| {r.deals} | {r.matches} | {r.faults} |"
        )
    lines += [
        "",
        f"Ordered by μ − 3σ ({MODEL}, one rated game per deal: the match's bots ranked by their mean points over the "
        "deal's rotations). Payoff: the others' mean points minus the bot's own, a hand, ± its standard error over deals. "
        "Faults: decisions an exec: bot failed (a fallback made them).",
    ]
    return "\n".join(lines) + "\n"


def board_json(rows: Sequence[Standing], settings: dict[str, Any], matches: int) -> dict[str, Any]:
    """The leaderboard as one JSON object: the settings, the model and one object per bot, best first."""
    return {
        "format": BOARD_FORMAT,
        **settings,
        "matches": matches,
        "model": MODEL,
        "bots": [
            {
                "rank": k,
                "name": r.name,
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.ordinal,
                "payoff": r.payoff,
                "payoff_se": r.payoff_se,
                "points_per_hand": r.points_per_hand,
                "deals": r.deals,
                "matches": r.matches,
                "faults": r.faults,
            }
            for k, r in enumerate(rows, 1)
        ],
    }
