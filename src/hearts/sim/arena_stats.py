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
- ``deal_payoffs`` / ``deal_points``: those per-deal means themselves, in deal
  order (in JSON ``per_deal_payoff`` / ``per_deal_points``), so that two runs
  on the same deals can be compared deal by deal (:func:`paired_difference`).
- ``win_rate`` (games only): share of the bot's seat-games won, a win shared
  by ``k`` tied winners counting ``1/k``; ``win_rate_se`` as above.
- ``moons_shot``: seat-hands in which the bot's seat shot the moon;
  ``moons_conceded``: seat-hands in which another seat shot it.
- ``moon_attempts``: seat-hands in which the bot's seat *attempted* the
  moon; ``moon_attempts_conceded``: seat-hands in which another seat
  attempted it. A seat attempted the moon in a hand if, at the end of some
  trick of that hand, it had taken every point taken so far in the hand and
  those points were at least 60 % of the moon total (``rules.moon_points``:
  16 of 26 in standard Hearts, 32 of 52 in Cancellation Hearts). Points are
  the point cards as the rules count them (hearts 1, Q♠ 13; not the Omnibus
  J♦'s −10); the kitty and the cards of set-aside tricks count once a seat
  takes them. A completed moon is always also an attempt; see
  :func:`moon_runs`.

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

from hearts.bots.base import BotFault
from hearts.core import Hand
from hearts.core.cards import POINTS
from hearts.core.hand import DONE, MOON

#: an attempt needs at least MOON_SHARE of the moon total (here 3/5: 16 of 26)
MOON_SHARE = Fraction(3, 5)


@dataclass(frozen=True)
class HandOutcome:
    """One hand played: the points scored by each seat, the seat that shot the moon (or None), the seats that attempted it."""

    points: tuple[int, ...]
    shooter: int | None
    attempts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Table:
    """A deal (or game) played with one rotation of the line-up.

    ``winners`` are the seats that won the game (``None`` in hands mode);
    ``decisions`` and ``seconds`` are per seat: how many decisions its bot
    made and the time they took (timing only: not compared, never part of the statistics);
    ``faults`` the decisions a bot failed (a fallback made them: see :class:`~hearts.bots.base.BotFault`).
    """

    rotation: int
    hands: tuple[HandOutcome, ...]
    winners: tuple[int, ...] | None
    decisions: tuple[int, ...] = field(default=(), compare=False)
    seconds: tuple[float, ...] = field(default=(), compare=False)
    faults: tuple[BotFault, ...] = ()


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
    moon_attempts: int
    moon_attempts_conceded: int
    ms_per_move: float | None = field(default=None, compare=False)
    deal_payoffs: tuple[float, ...] = ()
    deal_points: tuple[float, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The JSON object of this bot (``ms_per_move`` left out: it is not reproducible; per-deal means to 6 places)."""
        data = asdict(self)
        del data["ms_per_move"]
        data["per_deal_payoff"] = [round(x, 6) for x in data.pop("deal_payoffs")]
        data["per_deal_points"] = [round(x, 6) for x in data.pop("deal_points")]
        return data


def points_after_each_trick(hand: Hand) -> list[tuple[int, ...]]:
    """The points each seat had taken at the end of each trick of ``hand`` (replayed from ``hand.tricks``).

    Counted as the hand counts ``points_taken``: the point cards of each trick
    (the J♦ not counted), the kitty with the first trick, a set-aside trick's
    cards with the next trick won; when the hand is over, cards still set
    aside go to the last winner under ``last_trick_unwon="previous_winner"``.
    """
    taken = [0] * hand.n
    pile = 0
    last_winner: int | None = None
    out: list[tuple[int, ...]] = []
    finished = hand.phase in (MOON, DONE)
    for i, trick in enumerate(hand.tricks):
        gained = sum(POINTS[c] for c in trick.cards) + (sum(POINTS[c] for c in hand.kitty) if i == 0 else 0)
        if trick.winner is None:
            pile += gained
        else:
            taken[trick.winner] += gained + pile
            pile = 0
            last_winner = trick.winner
        if finished and i == len(hand.tricks) - 1 and pile and last_winner is not None:
            if hand.rules.last_trick_unwon == "previous_winner":
                taken[last_winner] += pile
        out.append(tuple(taken))
    return out


def moon_runs(hand: Hand) -> tuple[int, ...]:
    """The seats that attempted the moon in ``hand`` (defined in the module docstring), in seat order.

    Seat 0 holds the clubs, seat 1 the diamonds, seat 2 the hearts and seat 3
    the spades; with no pass, seat 0 wins every trick and shoots the moon:

    >>> from hearts.core import Rules
    >>> hand = Hand(Rules.standard(4), [list(range(13 * s, 13 * s + 13)) for s in range(4)], number=4)
    >>> while hand.phase == "play":
    ...     hand.play(hand.legal_cards()[0])
    >>> hand.shooter, moon_runs(hand)
    (0, (0,))
    """
    need = MOON_SHARE * hand.rules.moon_points
    seats: set[int] = set()
    for taken in points_after_each_trick(hand):
        total = sum(taken)
        if total and total >= need:
            seats.update(s for s, p in enumerate(taken) if p == total)
    return tuple(sorted(seats))


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
        count = shot = conceded = tried = tried_conceded = decisions = 0
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
                        if s in hand.attempts:
                            tried += 1
                        if any(a != s for a in hand.attempts):
                            tried_conceded += 1
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
                moon_attempts=tried,
                moon_attempts_conceded=tried_conceded,
                ms_per_move=1000 * seconds / decisions if decisions else None,
                deal_payoffs=tuple(float(x) for x in payoff_means),
                deal_points=tuple(float(x) for x in point_means),
            )
        )
    return out


def paired_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float | None]:
    """The mean of ``a[i] - b[i]`` over the deals, and its standard error (None for one deal).

    Two bots measured on the same deals (the same seed, table and count) in
    separate runs: the deal's luck cancels in each difference, so the error
    is smaller than the two runs' errors combined.

    >>> paired_difference([1.0, 3.0, -2.0], [0.5, 2.0, -2.5])
    (0.6666666666666666, 0.16666666666666666)
    """
    if len(a) != len(b) or not a:
        raise ValueError(f"paired results need the same deals on both sides, not {len(a)} and {len(b)}")
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    return statistics.fmean(diffs), standard_error([Fraction(d) for d in diffs])
