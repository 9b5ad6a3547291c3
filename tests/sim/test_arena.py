"""The arena's Python API: a small fixed case replayed by hand, rotation, seeding, jobs, errors."""

from __future__ import annotations

import json
import statistics
from fractions import Fraction

import pytest

from hearts.bots import Bot, BotSpecError
from hearts.bots.play import play_hand
from hearts.core import Card, Hand, Rules, SeatView
from hearts.core.fair_deal import seed_deal, seed_from_text
from hearts.sim.arena import ArenaError, BotFailure, derived_seed, full_lineup, game_deal, play_game_deal, run_arena


class LowBot(Bot):
    """Passes its lowest cards and plays its lowest legal card (by card id)."""

    def pass_cards(self, view: SeatView) -> list[Card]:
        return sorted(view.hand)[: view.rules.pass_count]

    def play_card(self, view: SeatView) -> Card:
        return min(view.legal)


class HighBot(Bot):
    """Passes its highest cards and plays its highest legal card."""

    def pass_cards(self, view: SeatView) -> list[Card]:
        return sorted(view.hand)[-view.rules.pass_count :]

    def play_card(self, view: SeatView) -> Card:
        return max(view.legal)


#: (bot name, seat, hand number, cards dealt) of every pass a recording bot chose
SEEN: list[tuple[str, int, int, tuple[Card, ...]]] = []


class RecordingBot(LowBot):
    def pass_cards(self, view: SeatView) -> list[Card]:
        assert view.seat is not None
        SEEN.append((self.name, view.seat, view.hand_number, view.hand))
        return super().pass_cards(view)


class CheatingBot(LowBot):
    def play_card(self, view: SeatView) -> Card:
        return max(set(view.hand) - set(view.legal), default=view.legal[0])


def factory(spec: str, *, seed: int | None = None) -> Bot:
    kinds = {"low": LowBot, "high": HighBot, "rec": RecordingBot, "cheat": CheatingBot}
    bot = kinds[spec.split("-")[0]]()
    bot.name = spec
    return bot


def test_fixed_case_recomputed_by_hand() -> None:
    """Three deals, line-up low, high, high, high: replay each deal and rotation here and recompute every number."""
    rules, seed, lineup = Rules.standard(4), 2, ["low", "high", "high", "high"]
    result = run_arena(lineup, rules, hands=3, seed=seed, factory=factory)
    rows = []  # (deal, bot name, own points, payoff, shot, conceded) per seat-hand
    for i in range(3):
        deal, kitty = seed_deal(rules, seed_from_text(f"{seed}:{i}"))  # hearts-deal/1
        for r in range(4):
            hand = Hand(rules, deal, kitty, dealer=i % 4, number=i % 4 + 1)
            names = [lineup[(s - r) % 4] for s in range(4)]
            play_hand(hand, [factory(name) for name in names], [0] * 4)
            assert hand.points is not None
            table = result.deals[i].tables[r]
            assert table.rotation == r and table.hands[0].points == tuple(hand.points) and table.hands[0].shooter == hand.shooter
            for s in range(4):
                own = hand.points[s]
                others = [p for t, p in enumerate(hand.points) if t != s]
                rows.append((i, names[s], own, Fraction(sum(others), 3) - own, hand.shooter == s, hand.shooter not in (None, s)))
    assert [b.name for b in result.bots] == ["low", "high"]
    for b in result.bots:
        mine = [row for row in rows if row[1] == b.name]
        assert b.hands_played == len(mine) == (12 if b.name == "low" else 36)
        assert b.points_per_hand == float(Fraction(sum(row[2] for row in mine), len(mine)))
        assert b.payoff == float(sum(row[3] for row in mine) / len(mine))
        per_deal = [[row for row in mine if row[0] == i] for i in range(3)]
        point_means = [Fraction(sum(row[2] for row in d), len(d)) for d in per_deal]
        payoff_means = [sum(row[3] for row in d) / len(d) for d in per_deal]
        assert b.se == pytest.approx(statistics.stdev(float(m) for m in point_means) / 3**0.5, rel=1e-12)
        assert b.payoff_se == pytest.approx(statistics.stdev(float(m) for m in payoff_means) / 3**0.5, rel=1e-12)
        assert b.moons_shot == sum(row[4] for row in mine) and b.moons_conceded == sum(row[5] for row in mine)
        assert b.win_rate is None
    low, high = result.bots
    assert (low.moons_shot, low.moons_conceded, high.moons_shot, high.moons_conceded) == (0, 1, 1, 2)  # seed 2 has a moon
    assert low.payoff * 12 + high.payoff * 36 == pytest.approx(0, abs=1e-9)
    assert result.hands_played == 12 and result.distinct_deals == 3 and result.games is None


def test_every_deal_is_played_once_per_rotation_with_every_bot_in_every_seat() -> None:
    SEEN.clear()
    lineup = ["rec-a", "rec-b", "rec-c", "rec-d", "rec-e"]
    result = run_arena(lineup, Rules.standard(5), hands=3, seed=4, factory=factory)
    assert len(result.deals) == 3 and all(len(d.tables) == 5 for d in result.deals)
    assert [[t.rotation for t in d.tables] for d in result.deals] == [list(range(5))] * 3
    assert len(SEEN) == 3 * 5 * 5
    for i in range(3):
        seen = SEEN[i * 25 : (i + 1) * 25]
        assert {(name, seat) for name, seat, _, _ in seen} == {(name, seat) for name in lineup for seat in range(5)}
        cards = {}
        for _, seat, number, hand in seen:
            assert number == i % 2 + 1
            assert cards.setdefault(seat, hand) == hand  # the same cards in that seat in every rotation
        assert sorted(c for hand in cards.values() for c in hand) == sorted(Rules.standard(5).deck)
    # rotation r puts lineup[(seat - r) % n] in seat: in rotation 2 of deal 0, seat 0 holds rec-d
    assert SEEN[2 * 5][:2] == ("rec-d", 0)


def test_games_mode_deals_alike_in_every_rotation() -> None:
    rules = Rules.standard(3, target=40)
    lineup = ["rec-a", "rec-b", "high"]
    result = run_arena(lineup, rules, games=2, seed=9, factory=factory)
    assert result.mode == "games" and result.games == 2
    for d in result.deals:
        assert len(d.tables) == 3 and all(t.winners for t in d.tables)
        for t in d.tables:
            assert max(sum(h.points[s] for h in t.hands) for s in range(3)) >= 40
    rates = [b.win_rate for b in result.bots]
    assert all(r is not None for r in rates) and sum(r for r in rates if r is not None) == pytest.approx(1)
    assert result.distinct_deals == sum(max(len(t.hands) for t in d.tables) for d in result.deals)
    assert result.hands_played == sum(len(t.hands) for d in result.deals for t in d.tables)
    # one game again, recording what the recording bots were dealt: a seat's cards in hand h are the same in every rotation
    SEEN.clear()
    outcome = play_game_deal(lineup, rules, 9, 1, factory)
    assert outcome == result.deals[1]
    dealt: dict[tuple[int, int], set[tuple[Card, ...]]] = {}
    for _, seat, number, hand in SEEN:
        dealt.setdefault((seat, number), set()).add(hand)
    assert all(len(hands) == 1 for hands in dealt.values())
    assert {seat for seat, _ in dealt} == {0, 1, 2} and max(number for _, number in dealt) >= 2


def test_games_mode_hand_h_is_the_same_deal_in_every_rotation() -> None:
    rules = Rules.standard(4, target=30)
    outcome = play_game_deal(["low", "high", "high", "low"], rules, 3, 0, factory)
    deal, kitty = game_deal(rules, 3, 0, 0)
    hand = Hand(rules, deal, kitty, dealer=0, number=1)
    play_hand(hand, [factory(n) for n in ["low", "high", "high", "low"]], [0] * 4)
    assert outcome.tables[0].hands[0].points == tuple(hand.points or ())
    hand = Hand(rules, deal, kitty, dealer=0, number=1)
    play_hand(hand, [factory(n) for n in ["low", "low", "high", "high"]], [0] * 4)  # rotation 1
    assert outcome.tables[1].hands[0].points == tuple(hand.points or ())


def test_same_seed_same_result_and_another_seed_differs() -> None:
    rules = Rules.standard(4)
    one = run_arena(["random", "random:seed=2"], rules, hands=4, seed=5)
    two = run_arena(["random", "random:seed=2"], rules, hands=4, seed=5)
    other = run_arena(["random", "random:seed=2"], rules, hands=4, seed=6)
    assert one == two and json.dumps(one.to_json(timing=False)) == json.dumps(two.to_json(timing=False))
    assert one.deals != other.deals


def test_jobs_do_not_change_the_result() -> None:
    rules = Rules.cancellation(6)
    one = run_arena(["random", "random:seed=1", "random:seed=2"], rules, hands=5, seed=3, jobs=1)
    two = run_arena(["random", "random:seed=1", "random:seed=2"], rules, hands=5, seed=3, jobs=2)
    assert one.deals == two.deals and one.bots == two.bots
    assert one.to_json(timing=False) == two.to_json(timing=False)
    games1 = run_arena(["random", "random:seed=1", "random"], Rules.standard(3, target=30), games=3, seed=2, jobs=1)
    games2 = run_arena(["random", "random:seed=1", "random"], Rules.standard(3, target=30), games=3, seed=2, jobs=2)
    assert games1.to_json(timing=False) == games2.to_json(timing=False)


def test_one_spec_cycled_over_every_seat() -> None:
    result = run_arena(["random"], Rules.standard(3), hands=3, seed=1)
    (only,) = result.bots
    assert only.seats == 3 and only.hands_played == 27 and only.payoff == 0
    total = sum(sum(h.points) for d in result.deals for t in d.tables for h in t.hands)
    assert only.points_per_hand == total / 27


def test_progress_reports_every_deal() -> None:
    calls: list[tuple[int, int]] = []
    run_arena(["random"], Rules.standard(4), hands=3, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
    calls.clear()
    run_arena(["random"], Rules.standard(4), hands=3, jobs=2, progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 3) and calls[-1] == (3, 3) and [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_json_object() -> None:
    data = run_arena(["random", "random:seed=1"], Rules.standard(4), hands=2, seed=3).to_json()
    assert (data["hands"], data["deals"], data["games"], data["mode"], data["seed"]) == (8, 2, None, "hands", 3)
    assert data["lineup"] == ["random", "random:seed=1", "random", "random:seed=1"]
    assert set(data["timing"]) == {"seconds", "jobs", "ms_per_move"}
    for bot in data["bots"]:
        assert {"name", "points_per_hand", "se", "payoff", "win_rate", "moons_shot", "moons_conceded"} <= set(bot)
        assert bot["win_rate"] is None
    json.dumps(data)


def test_bad_settings_fail_before_play() -> None:
    rules = Rules.standard(4)
    with pytest.raises(ArenaError, match="not both"):
        run_arena(["random"], rules, hands=2, games=2)
    with pytest.raises(ArenaError, match="hands or of games"):
        run_arena(["random"], rules)
    with pytest.raises(ArenaError, match="hands must be"):
        run_arena(["random"], rules, hands=0)
    with pytest.raises(ArenaError, match="jobs must be"):
        run_arena(["random"], rules, hands=1, jobs=0)
    with pytest.raises(ArenaError, match="5 bots given for 4 seats"):
        run_arena(["random"] * 5, rules, hands=1)
    with pytest.raises(ArenaError, match="at least one bot"):
        run_arena([], rules, hands=1)
    with pytest.raises(ArenaError, match="seed"):
        run_arena(["random"], rules, hands=1, seed=True)
    with pytest.raises(BotSpecError, match="unknown bot 'chess'"):
        run_arena(["random", "chess"], rules, hands=1, jobs=2)


def test_a_bot_breaking_the_rules_is_a_clear_error() -> None:
    with pytest.raises(BotFailure, match=r"deal 0, rotation 0: bot 'cheat' in seat \d"):
        run_arena(["cheat", "low", "low", "low"], Rules.standard(4), hands=1, factory=factory)
    with pytest.raises(BotFailure, match="bot 'cheat'"):
        run_arena(["low", "cheat"], Rules.standard(4), hands=2, jobs=2, factory=factory)


def test_helpers() -> None:
    assert full_lineup([" a ", "b"], 3) == ["a", "b", "a"]
    assert derived_seed(1, "x") == derived_seed(1, "x") != derived_seed(2, "x")
