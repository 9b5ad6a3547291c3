"""The arena's records and statistics: what was played, and the numbers per bot.

A *deal* (in ``--games`` mode: a game) is played once per rotation of the
line-up; rotation ``r`` seats line-up position ``p`` at seat ``(p + r) % n``.
Every number is per *seat-hand* (one seat playing one hand) and aggregates
all the line-up positions a bot spec occupies.

- ``points_per_hand``: mean points per seat-hand.
- ``payoff``: mean over seat-hands of (mean of the other seats' points minus
  own points); zero-sum across the seats of each hand.
- ``se`` / ``payoff_se``: for each deal, the bot's mean over its seat-hands
  of that deal (all rotations and seats); then the sample standard deviation
  of those per-deal means divided by the square root of the number of deals.
  ``None`` with fewer than two deals.
- ``win_rate`` (games only): share of the bot's seat-games won, a win shared
  by ``k`` tied winners counting ``1/k``; ``win_rate_se`` as above.
- ``moons_shot``: seat-hands in which the bot's seat shot the moon;
  ``moons_conceded``: seat-hands in which another seat shot it.

>>> t = Table(rotation=0, hands=(HandOutcome((1, 5, 20), None),), winners=None)
>>> u = Table(rotation=1, hands=(HandOutcome((0, 26, 0), 1),), winners=None)
>>> [s.points_per_hand for s in bot_stats(["a", "b", "c"], [DealOutcome(0, (t, u))])]
[13.5, 2.5, 10.0]
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class HandOutcome:
    """One hand played: the points scored by each seat, and the seat that shot the moon (or None)."""

    points: tuple[int, ...]
    shooter: int | None


@dataclass(frozen=True)
class Table:
    """A deal (or game) played with one rotation of the line-up.

    ``winners`` are the seats that won the game (``None`` in hands mode);
    ``decisions`` and ``seconds`` are per seat: how many decisions its bot
    made and the time they took (timing only: not compared, never part of the statistics).
    """

    rotation: int
    hands: tuple[HandOutcome, ...]
    winners: tuple[int, ...] | None
    decisions: tuple[int, ...] = field(default=(), compare=False)
    seconds: tuple[float, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class DealOutcome:
    """A deal (hands mode) or a game (games mode), played once per rotation."""

    index: int
    tables: tuple[Table, ...]


@dataclass(frozen=True)
class BotStats:
    """The numbers of one distinct bot spec (see the module docstring for their meaning)."""

    name: str
    seats: int
    hands_played: int
    points_per_hand: float
    se: float | None
    payoff: float
    payoff_se: float | None
    win_rate: float | None
    win_rate_se: float | None
    moons_shot: int
    moons_conceded: int
    ms_per_move: float | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, object]:
        """The JSON object of this bot (``ms_per_move`` left out: it is not reproducible)."""
        data = asdict(self)
        del data["ms_per_move"]
        return data


def standard_error(samples: Sequence[Fraction]) -> float | None:
    """Sample standard deviation over ``sqrt(len)``; None for fewer than two samples.

    >>> standard_error([1, 3])
    1.0
    >>> standard_error([2]) is None
    True
    """
    if len(samples) < 2:
        return None
    return float(statistics.stdev(samples)) / math.sqrt(len(samples))


def bot_stats(lineup: Sequence[str], deals: Sequence[DealOutcome]) -> list[BotStats]:
    """The statistics of each distinct spec in ``lineup``, in order of first appearance."""
    n = len(lineup)
    if n < 2:
        raise ValueError("a line-up needs at least two seats")
    names = list(dict.fromkeys(lineup))
    out = []
    for name in names:
        positions = [p for p, spec in enumerate(lineup) if spec == name]
        total_points = total_payoff = Fraction(0)
        count = shot = conceded = decisions = 0
        seconds = 0.0
        point_means: list[Fraction] = []
        payoff_means: list[Fraction] = []
        win_shares: list[Fraction] = []
        for deal in deals:
            d_points = d_payoff = Fraction(0)
            d_count = 0
            d_wins = Fraction(0)
            games = 0
            for table in deal.tables:
                seats = [(p + table.rotation) % n for p in positions]
                for hand in table.hands:
                    total = sum(hand.points)
                    for s in seats:
                        own = hand.points[s]
                        d_points += own
                        d_payoff += Fraction(total - own, n - 1) - own
                        d_count += 1
                        if hand.shooter is not None:
                            if hand.shooter == s:
                                shot += 1
                            else:
                                conceded += 1
                if table.winners is not None:
                    games += len(seats)
                    d_wins += sum(Fraction(1, len(table.winners)) for s in seats if s in table.winners)
                for s in seats:
                    if table.decisions:
                        decisions += table.decisions[s]
                        seconds += table.seconds[s]
            if d_count == 0:
                raise ValueError(f"deal {deal.index} has no hand played")
            total_points += d_points
            total_payoff += d_payoff
            count += d_count
            point_means.append(d_points / d_count)
            payoff_means.append(d_payoff / d_count)
            if games:
                win_shares.append(d_wins / games)
        if count == 0:
            raise ValueError("no deal was played")
        win_rate = float(sum(win_shares) / len(win_shares)) if win_shares and len(win_shares) == len(deals) else None
        out.append(
            BotStats(
                name=name,
                seats=len(positions),
                hands_played=count,
                points_per_hand=float(total_points / count),
                se=standard_error(point_means),
                payoff=float(total_payoff / count),
                payoff_se=standard_error(payoff_means),
                win_rate=win_rate,
                win_rate_se=standard_error(win_shares) if win_rate is not None else None,
                moons_shot=shot,
                moons_conceded=conceded,
                ms_per_move=1000 * seconds / decisions if decisions else None,
            )
        )
    return out
