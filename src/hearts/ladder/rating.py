"""Ratings with OpenSkill (the ``ladder`` extra), and each bot's totals: the leaderboard's rows.

Every deal of every match is one rated game: the match's bots ranked by
their mean points over the deal's rotations (fewer is better, equal points
tie), rated with OpenSkill's Plackett-Luce model. Matches are taken in the
order of their sorted line-ups and deals in order, so the ratings depend
only on the results, never on the order the matches were played in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from hearts.sim.arena_stats import standard_error

from .schedule import LadderError, MatchRecord

#: the rating model, as the leaderboard names it
MODEL = "openskill PlackettLuce"


@dataclass(frozen=True)
class Standing:
    """One bot's row: its rating ``mu`` ± ``sigma``, the conservative ``ordinal`` (mu - 3 sigma), and its totals."""

    name: str
    mu: float
    sigma: float
    ordinal: float
    payoff: float
    payoff_se: float | None
    points_per_hand: float
    deals: int
    matches: int
    faults: int


def require_openskill() -> None:
    """:class:`LadderError` with the install line when OpenSkill is missing."""
    try:
        import openskill.models  # noqa: F401
    except ImportError:
        raise LadderError("the ladder rates bots with openskill, which is not installed: pip install 'hearts-game[ladder]'") from None


def standings(bots: Sequence[str], records: Sequence[MatchRecord]) -> list[Standing]:
    """The bots' rows, best (highest ordinal) first; ties keep the order of their names."""
    require_openskill()
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in sorted(bots)}
    payoffs: dict[str, list[Fraction]] = {name: [] for name in ratings}
    points: dict[str, list[float]] = {name: [] for name in ratings}
    matches = dict.fromkeys(ratings, 0)
    faults = dict.fromkeys(ratings, 0)
    for record in sorted(records, key=lambda r: r.lineup):
        if any(name not in ratings for name in record.lineup):
            raise LadderError(f"a match of {', '.join(record.lineup)} holds a bot that is not in the ladder")
        for name in record.lineup:
            matches[name] += 1
            faults[name] += record.faults.get(name, 0)
        for deal in record.deals:
            teams = [[ratings[name]] for name in record.lineup]
            rated = model.rate(teams, ranks=[deal[name].points for name in record.lineup])
            for name, team in zip(record.lineup, rated, strict=True):
                ratings[name] = team[0]
                payoffs[name].append(Fraction(deal[name].payoff))
                points[name].append(deal[name].points)
    rows = []
    for name, r in ratings.items():
        n = len(points[name])
        rows.append(
            Standing(
                name=name,
                mu=r.mu,
                sigma=r.sigma,
                ordinal=r.mu - 3 * r.sigma,
                payoff=float(sum(payoffs[name]) / n) if n else 0.0,
                payoff_se=standard_error(payoffs[name]),
                points_per_hand=sum(points[name]) / n if n else 0.0,
                deals=n,
                matches=matches[name],
                faults=faults[name],
            )
        )
    return sorted(rows, key=lambda s: -s.ordinal)
