"""The arena's statistics on hand-made point tables, every number worked out by hand."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from hearts.sim.arena_stats import DealOutcome, HandOutcome, Table, bot_stats, standard_error


def _hands_table(rotation: int, points: tuple[int, ...], shooter: int | None = None) -> Table:
    return Table(rotation, (HandOutcome(points, shooter),), None)


# Line-up a, b, a (3 seats): rotation r seats position p at seat (p + r) % 3.
#   rotation 0: a=seats 0,2  b=seat 1;  rotation 1: a=seats 1,0  b=seat 2;  rotation 2: a=seats 2,1  b=seat 0
HANDS_DEALS = [
    DealOutcome(0, (_hands_table(0, (10, 6, 10)), _hands_table(1, (26, 0, 26), shooter=1), _hands_table(2, (2, 3, 21)))),
    DealOutcome(1, (_hands_table(0, (13, 13, 0)), _hands_table(1, (4, 4, 18)), _hands_table(2, (-26, 0, 0), shooter=0))),
]


def test_points_payoff_se_and_moons_worked_by_hand() -> None:
    a, b = bot_stats(["a", "b", "a"], HANDS_DEALS)
    assert (a.name, a.seats, a.hands_played, b.name, b.seats, b.hands_played) == ("a", 2, 12, "b", 1, 6)
    # a's points: deal 0: 10, 10 | 0, 26 | 21, 3 (= 70 / 6); deal 1: 13, 0 | 4, 4 | 0, 0 (= 21 / 6)
    assert a.points_per_hand == 91 / 12
    # two deals: stdev = |m0 - m1| / sqrt(2), se = stdev / sqrt(2) = |m0 - m1| / 2
    assert a.se == pytest.approx((70 / 6 - 21 / 6) / 2, rel=1e-12)
    # b's points: deal 0: 6, 26, 2 (= 34 / 3); deal 1: 13, 18, -26 (= 5 / 3)
    assert b.points_per_hand == 39 / 6
    assert b.se == pytest.approx((34 / 3 - 5 / 3) / 2, rel=1e-12)
    # payoff of a seat-hand: (hand total - own) / 2 - own
    # a, deal 0: -2, -2 | 26, -13 | -18.5, 8.5 (sum -1);  deal 1: -6.5, 13 | 7, 7 | -13, -13 (sum -5.5)
    # b, deal 0: 4 | -13 | 10 (sum 1);                    deal 1: -6.5 | -14 | 26 (sum 5.5)
    assert a.payoff == -6.5 / 12 and b.payoff == 6.5 / 6
    assert a.payoff_se == pytest.approx((-1 / 6 - -5.5 / 6) / 2, rel=1e-12)
    assert b.payoff_se == pytest.approx((5.5 / 3 - 1 / 3) / 2, rel=1e-12)
    # moon 1: seat 1 in rotation 1 = a (shot); a's other seat and b concede.
    # moon 2: seat 0 in rotation 2 = b (shot); both of a's seats concede.
    assert (a.moons_shot, a.moons_conceded, b.moons_shot, b.moons_conceded) == (1, 3, 1, 1)
    assert a.win_rate is None and b.win_rate is None and a.win_rate_se is None


def test_payoff_is_zero_sum_over_seats() -> None:
    a, b = bot_stats(["a", "b", "a"], HANDS_DEALS)
    assert a.payoff * a.hands_played + b.payoff * b.hands_played == pytest.approx(0, abs=1e-12)
    rng = random.Random(3)
    deals = [DealOutcome(i, tuple(_hands_table(r, tuple(rng.randint(-26, 26) for _ in range(5))) for r in range(5))) for i in range(4)]
    stats = bot_stats(["v", "w", "x", "y", "z"], deals)
    assert sum(s.payoff for s in stats) == pytest.approx(0, abs=1e-12)
    assert all(s.hands_played == 20 for s in stats)


def test_one_spec_in_every_seat_has_zero_payoff() -> None:
    (only,) = bot_stats(["a", "a", "a"], HANDS_DEALS)
    assert only.payoff == 0 and only.payoff_se == 0
    assert only.hands_played == 18 and only.points_per_hand == (26 + 52 + 26 + 26 + 26 - 26) / 18  # 3 seats x 6 hands
    assert (only.moons_shot, only.moons_conceded) == (2, 4)


def test_games_win_rate_and_unequal_game_lengths() -> None:
    # Line-up a, b, c.  Deal 0: rotation 0 lasts two hands, and rotation 1 is a shared win.
    deal0 = DealOutcome(
        0,
        (
            Table(0, (HandOutcome((10, 0, 16), None), HandOutcome((20, 6, 0), None)), (0,)),
            Table(1, (HandOutcome((0, 10, 16), None),), (1, 2)),
            Table(2, (HandOutcome((5, 5, 16), None),), (2,)),
        ),
    )
    deal1 = DealOutcome(
        1,
        (
            Table(0, (HandOutcome((6, 0, 20), None),), (1,)),
            Table(1, (HandOutcome((0, 20, 6), None),), (0,)),
            Table(2, (HandOutcome((0, 6, 20), None),), (0,)),
        ),
    )
    a, b, c = bot_stats(["a", "b", "c"], [deal0, deal1])
    # deal 0: a wins rotation 0 (seat 0), shares rotation 1 with b (seats 1 and 2), wins rotation 2 (seat 2)
    #   a: 1 + 1/2 + 1 = 5/2 of 3;  b (seats 1, 2, 0): 0 + 1/2 + 0 of 3;  c (seats 2, 0, 1): 0
    # deal 1: rotation 0 seat 1 = b; rotation 1 seat 0 = c; rotation 2 seat 0 = b
    assert a.win_rate == float((Fraction(5, 6) + 0) / 2)
    assert b.win_rate == float((Fraction(1, 6) + Fraction(2, 3)) / 2)
    assert c.win_rate == float((0 + Fraction(1, 3)) / 2)
    assert a.win_rate + b.win_rate + c.win_rate == pytest.approx(1)
    assert a.win_rate_se == pytest.approx(5 / 12) and b.win_rate_se == pytest.approx(1 / 4) and c.win_rate_se == pytest.approx(1 / 6)
    # a's points pool the hands of a deal: deal 0: 10, 20 | 10 | 16 (4 hands), deal 1: 6 | 20 | 20
    assert a.hands_played == 7 and a.points_per_hand == (56 + 46) / 7
    assert a.se == pytest.approx(abs(56 / 4 - 46 / 3) / 2, rel=1e-12)


def test_standard_error() -> None:
    assert standard_error([Fraction(1), Fraction(3)]) == 1.0
    assert standard_error([Fraction(2)]) is None and standard_error([]) is None
    assert standard_error([Fraction(5)] * 4) == 0.0
    samples = [Fraction(x) for x in (1, 2, 4, 8)]
    mean = sum(samples) / 4
    expected = math.sqrt(float(sum((x - mean) ** 2 for x in samples) / 3)) / 2
    assert standard_error(samples) == pytest.approx(expected, rel=1e-12)


def test_one_deal_has_no_standard_error() -> None:
    a, b = bot_stats(["a", "b", "a"], HANDS_DEALS[:1])
    assert a.se is None and b.payoff_se is None and a.points_per_hand == 70 / 6


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="two seats"):
        bot_stats(["a"], HANDS_DEALS)
    with pytest.raises(ValueError, match="no deal"):
        bot_stats(["a", "b", "a"], [])
    with pytest.raises(ValueError, match="no hand"):
        bot_stats(["a", "b", "a"], [DealOutcome(0, (Table(0, (), None),))])
