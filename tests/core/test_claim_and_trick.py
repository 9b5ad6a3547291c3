"""The trick's current winner and cancelled pairs (``winner_so_far``) and the claim rule (``hearts.core.claim``)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.core import Rules
from hearts.core.claim import can_claim, points_left
from hearts.core.hand import Hand, winner_so_far


def _played_out(rules: Rules, seed: int) -> Hand:
    """A hand played to its end with seeded random legal choices, checking the rules on the way."""
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, seed=seed)
    if hand.phase == "pass":
        for seat in range(rules.players):
            options = hand.pass_options(seat) if rules.players * rules.pass_count < 40 else None
            cards = rng.choice(options) if options else hand.hand_cards(seat)[: rules.pass_count]
            hand.pass_cards(seat, cards)
    while hand.phase == "play":
        seat = hand.to_move
        if can_claim(hand, seat) and rules.is_cancellation:  # one deck only may claim by holding the best cards
            assert not points_left(hand)
        if hand.trick:
            best, dup = winner_so_far(hand.trick, two_pairs_void=rules.two_pairs_void_trick)
            assert best is None or not dup >> hand.trick[best] & 1  # a cancelled card never wins
        hand.play(rng.choice(hand.legal_cards()))
    return hand


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(6, 11), void=st.booleans())
def test_winner_so_far_names_the_engines_winner(seed: int, players: int, void: bool) -> None:
    rules = Rules.cancellation(players, two_pairs_void_trick=void)
    hand = _played_out(rules, seed)
    for t in hand.tricks:
        best, _ = winner_so_far(t.cards, two_pairs_void=void)
        assert t.winner == (None if best is None else (t.leader + best) % players)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 7))
def test_one_deck_tricks_have_no_pairs_and_the_same_winner(seed: int, players: int) -> None:
    hand = _played_out(Rules.standard(players), seed)
    for t in hand.tricks:
        best, dup = winner_so_far(t.cards)
        assert dup == 0 and best is not None and t.winner == (t.leader + best) % players


def _finish(hand: Hand, rng: random.Random | None) -> list[int]:
    """Play ``hand`` to its end (the lowest legal card, or random ones), a moon added; the points taken."""
    while hand.phase == "play":
        cards = hand.legal_cards()
        hand.play(rng.choice(cards) if rng else cards[0])
    return list(hand.points_taken)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 7), cancellation=st.booleans())
def test_a_claim_settles_the_points(seed: int, players: int, cancellation: bool) -> None:
    rules = Rules.cancellation(players + 3 if players < 6 else players) if cancellation else Rules.standard(players)
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, seed=seed)
    if hand.phase == "pass":
        for seat in range(rules.players):
            hand.pass_cards(seat, hand.hand_cards(seat)[: rules.pass_count])
    while hand.phase == "play" and not can_claim(hand, hand.to_move):
        hand.play(rng.choice(hand.legal_cards()))
    if hand.phase == "play":  # claimed: any way of playing the rest takes the same points
        assert _finish(hand.clone(), None) == _finish(hand.clone(), random.Random(seed + 1)) == _finish(hand.clone(), rng)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([3, 4, 5, 7, 9, 11]), stop=st.integers(0, 120))
def test_whether_a_seat_may_claim_depends_on_nothing_it_cannot_see(seed: int, players: int, stop: int) -> None:
    """The claim flag goes to a seat's client: in every world that agrees with the seat's view
    (other hands and the kitty redrawn), the answer is the same."""
    from hearts.bots.sampler import sample_world

    rules = Rules.cancellation(players) if players > 7 else Rules.standard(players)
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, seed=seed, number=rules.players)  # a hand without passing (4 players: hand 4)
    if hand.phase == "pass":
        for seat in range(players):
            hand.pass_cards(seat, hand.hand_cards(seat)[: rules.pass_count])
    for _ in range(stop):
        if hand.phase != "play":
            break
        hand.play(rng.choice(hand.legal_cards()))
    if hand.phase != "play":
        return
    seat = hand.to_move
    answer = can_claim(hand, seat)
    for k in range(4):
        world = sample_world(hand.view(seat), random.Random(k))
        assert can_claim(world, seat) == answer
