"""Invariants over random complete hands and games of every variant and player count."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.core import Game, Hand, IllegalAction, Rules
from hearts.core.cards import POINTS

CONFIGS = [("standard", n) for n in range(3, 8)] + [("cancellation", n) for n in range(6, 12)] + [("omnibus", 4)]


def make_rules(config: tuple[str, int], **options: object) -> Rules:
    variant, players = config
    return Rules(variant=variant, players=players, **options)


def snapshot(hand: Hand) -> tuple[object, ...]:
    """Every field of the state, deep enough to see any change."""
    out = []
    for name in Hand.__slots__:
        value = getattr(hand, name)
        if isinstance(value, list):
            value = repr(value)
        out.append(value)
    return tuple(out)


def cards_in_play(hand: Hand) -> Counter[int]:
    held = Counter(c for s in range(hand.n) for c in hand.hand_cards(s))
    played = Counter(hand.plays)
    return held + played + Counter(hand.kitty)


def random_action_step(hand: Hand, rng: random.Random) -> None:
    if hand.phase == "pass":
        seat = rng.choice(hand.seats_to_act())
        hand.pass_cards(seat, rng.sample(hand.hand_cards(seat), hand.rules.pass_count))
    elif hand.phase == "play":
        hand.play(rng.choice(hand.legal_cards()))
    else:
        hand.choose_moon(hand.to_move, rng.choice(["add", "subtract"]))


def check_illegal_plays_raise_and_change_nothing(hand: Hand) -> None:
    before = snapshot(hand)
    legal = set(hand.legal_cards())
    seat = hand.to_move
    for c in sorted(set(hand.hand_cards(seat)) - legal)[:3]:
        try:
            hand.play(c)
        except IllegalAction as err:
            assert err.reason and err.phase == "play"
        else:
            raise AssertionError(f"illegal card {c} was accepted")
        assert snapshot(hand) == before
    other = (seat + 1) % hand.n
    for c in hand.hand_cards(other)[:1]:
        try:
            hand.play(c, seat=other)
        except IllegalAction:
            pass
        else:
            raise AssertionError("a seat played out of turn")
        assert snapshot(hand) == before


@settings(max_examples=60, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 2**32 - 1),
    number=st.integers(1, 8),
    pass_count=st.sampled_from([3, 3, 0, 1]),
    first_points=st.booleans(),
)
def test_random_hand_invariants(config: tuple[str, int], seed: int, number: int, pass_count: int, first_points: bool) -> None:
    rules = make_rules(config, pass_count=pass_count, points_on_first_trick=first_points)
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, rng, dealer=seed % rules.players, number=number)
    deck = Counter(rules.deck)
    assert cards_in_play(hand) == deck
    steps = 0
    while hand.phase != "done":
        if hand.phase == "play":
            assert hand.legal_cards(), "the seat to move always has a legal card"
            if steps % 7 == 0:
                check_illegal_plays_raise_and_change_nothing(hand)
        random_action_step(hand, rng)
        assert cards_in_play(hand) == deck
        steps += 1
    n = rules.players
    assert all(len(t.cards) == n for t in hand.tricks)
    assert len(hand.tricks) * n + rules.kitty_size == len(rules.deck)
    assert all(hand.hand_size(s) == 0 for s in range(n))
    taken = Counter(c for pile in hand.taken for c in pile)
    assert taken + Counter(hand.unclaimed) == deck
    raw = sum(hand.points_taken)
    assert raw == rules.moon_points - sum(POINTS[c] for c in hand.unclaimed)
    assert hand.points is not None and len(hand.points) == n
    jd = [10 * hand.taken[s].count(9 + 13) if rules.jack_of_diamonds else 0 for s in range(n)]
    if hand.shooter is None:
        assert hand.points == [hand.points_taken[s] - jd[s] for s in range(n)]
    else:
        assert hand.points_taken[hand.shooter] == rules.moon_points
        moon = [hand.points[s] + jd[s] for s in range(n)]  # the J♦'s -10 comes after the moon is settled
        added = [0 if s == hand.shooter else 26 for s in range(n)]
        subtracted = [-26 if s == hand.shooter else 0 for s in range(n)]
        assert moon in (added, subtracted)


def test_an_omnibus_moon_with_the_jack_of_diamonds() -> None:
    """The case hypothesis found: the shooter who also took the J♦ scores -36 when subtracting (-26, then -10)."""
    rules = make_rules(("omnibus", 4))
    rng = random.Random(522197)
    hand = Hand.from_seed(rules, rng, dealer=522197 % 4, number=2)
    while hand.phase != "done":
        random_action_step(hand, rng)
    assert (hand.shooter, hand.moon_choice) == (2, "subtract") and 9 + 13 in hand.taken[2]
    assert hand.points == [0, 0, -36, 0]


@settings(max_examples=25, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32 - 1), ties=st.sampled_from(["play_on", "share"]))
def test_random_game_scores_add_up_and_end_correctly(config: tuple[str, int], seed: int, ties: str) -> None:
    rules = make_rules(config, target=40, ties=ties)
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.game_over:
        hand = game.hand
        assert hand is not None
        if hand.phase == "pass":
            seat = hand.seats_to_act()[0]
            game.pass_cards(seat, rng.sample(hand.hand_cards(seat), rules.pass_count))
        elif hand.phase == "play":
            game.play(rng.choice(hand.legal_cards()))
        else:
            game.choose_moon(hand.to_move, rng.choice(["add", "subtract"]))
    totals = [sum(h.points[s] for h in game.hands if h.points) for s in range(rules.players)]
    assert totals == game.scores
    assert max(game.scores) >= rules.target
    low = min(game.scores)
    assert game.winners == [s for s, v in enumerate(game.scores) if v == low]
    if ties == "play_on":
        assert len(game.winners) == 1
    for i, h in enumerate(game.hands):
        assert h.dealer == (i % rules.players) and h.number == i + 1
    assert game.legal_actions(0) == [] and game.seats_to_act() == []
