"""The world sampler deals only worlds that agree with everything the seat knows."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.bots.sampler import WorldSampler, allowed_masks, sample_hands, sample_world
from hearts.core import Hand, Rules, SeatView
from hearts.core.cards import SUIT_OF, parse_card

RULES = [Rules.standard(p) for p in range(3, 8)] + [Rules.cancellation(p) for p in range(6, 12)] + [Rules.omnibus(4)]


def mid_hand(rules: Rules, seed: int, number: int = 1) -> tuple[Hand, int]:
    """A hand played at random to a random point of the play (or moon) phase, and a seat to view it from."""
    rng = random.Random(seed)
    hand = Hand.from_seed(rules, rng, number=number)
    if hand.phase == "pass":
        for s in range(rules.players):
            hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
    stop = rng.randrange(0, len(rules.deck) - rules.kitty_size + 1)
    while hand.phase == "play" and len(hand.plays) < stop:
        hand.play(rng.choice(hand.legal_cards()))
    return hand, rng.randrange(rules.players)


def played_by(view: SeatView) -> list[list[int]]:
    out: list[list[int]] = [[] for _ in range(view.players)]
    for t in view.tricks:
        for i, c in enumerate(t.cards):
            out[(t.leader + i) % view.players].append(c)
    if view.trick_leader is not None:
        for i, c in enumerate(view.trick):
            out[(view.trick_leader + i) % view.players].append(c)
    return out


def check_world(view: SeatView, hands: list[list[int]], kitty: list[int]) -> None:
    """Assert every fact the seat knows about the hidden cards holds in (hands, kitty)."""
    me = view.seat
    assert me is not None
    assert sorted(hands[me]) == sorted(view.hand)
    assert [len(h) for h in hands] == list(view.hand_sizes)
    assert len(kitty) == view.kitty_size
    # the deck is conserved: hands + kitty + played cards are exactly the deck
    assert Counter(c for h in hands for c in h) + Counter(kitty) + Counter(view.played_cards()) == Counter(view.rules.deck)
    for s in range(view.players):
        for c in hands[s]:
            assert not view.shows_void(s, SUIT_OF[c]), f"seat {s} showed a void in the suit of {c}"
    target = view.pass_target
    if target is not None and view.passed:
        left = Counter(view.passed) - Counter(played_by(view)[target])
        assert not left - Counter(hands[target]), "a passed card is not with its target"
    allowed = allowed_masks(view)
    for s in range(view.players):
        if s != me:
            assert all(allowed[s] >> c & 1 for c in hands[s])


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10**9), st.integers(1, 4))
def test_sampled_worlds_agree_with_the_view(rules: Rules, seed: int, number: int) -> None:
    hand, seat = mid_hand(rules, seed, number)
    if hand.phase not in ("play", "moon"):
        return
    view = hand.view(seat)
    # the true hidden state agrees with every inference the sampler makes
    check_world(view, [hand.hand_cards(s) for s in range(rules.players)], list(hand.kitty))
    sampler = WorldSampler(view)
    rng = random.Random(seed)
    for _ in range(25):
        hands, kitty = sampler.sample(rng)
        check_world(view, hands, kitty)
    # the fallback assignment is just as consistent
    for _ in range(5):
        hands, kitty = sampler._assign(rng)
        check_world(view, hands, kitty)
    world = sample_world(view, rng)
    assert world.view(seat) == view


def test_sample_hands_is_deterministic_for_a_seed() -> None:
    hand, seat = mid_hand(Rules.cancellation(9), 5)
    view = hand.view(seat)
    assert sample_hands(view, random.Random(3)) == sample_hands(view, random.Random(3))


def test_a_passed_card_stays_with_its_target_and_voids_are_respected() -> None:
    rules = Rules.standard(4)
    hand = Hand.from_seed(rules, seed=11, number=1)  # pass left
    for s in range(4):
        hand.pass_cards(s, hand.hand_cards(s)[-3:])
    rng = random.Random(0)
    while len(hand.tricks) < 5:
        hand.play(rng.choice(hand.legal_cards()))
    view = hand.view(0)
    passed = set(view.passed or ()) - set(view.played_cards())
    voids = [(s, suit) for s in range(4) for suit in range(4) if view.shows_void(s, suit)]
    for _ in range(300):
        hands, _ = sample_hands(view, rng)
        assert passed <= set(hands[1])
        assert not any(SUIT_OF[c] == suit for s, suit in voids for c in hands[s])


def test_a_point_card_discarded_on_the_first_trick_means_only_point_cards() -> None:
    """Standard: a seat void in clubs may drop a heart on trick 1 only when it holds nothing else."""
    suit = [[parse_card(r + s) for r in "23456789TJQKA"] for s in "CDHS"]
    hand = Hand(Rules.standard(4), [suit[0], suit[2], suit[1], suit[3]], number=4)
    hand.play(suit[0][0])
    hand.play(suit[2][5])  # seat 1 holds only hearts
    view = hand.view(2)
    assert allowed_masks(view)[1] == sum(1 << c for c in suit[2] + [parse_card("QS")])
    for _ in range(50):
        hands, _ = sample_hands(view, random.Random(_))
        assert set(hands[1]) <= set(suit[2]) | {parse_card("QS")}


def test_a_point_card_led_first_in_cancellation_means_only_point_cards() -> None:
    rules = Rules.cancellation(8, pass_count=0)
    rng = random.Random(4)
    hearts = [parse_card(r + "H") for r in "23456789TJQKA"]
    deck = [c for c in rules.deck]
    for c in hearts:
        deck.remove(c)
    rng.shuffle(deck)
    deal = [deck[i * 13 : (i + 1) * 13] for i in range(7)]
    deal.insert(1, hearts)  # seat 1 (left of dealer 0) leads first, holding only hearts
    hand = Hand(rules, deal, number=1)
    hand.play(hand.legal_cards()[0])
    view = hand.view(5)
    assert not allowed_masks(view)[1] & ~((1 << 39) - (1 << 26) | 1 << parse_card("QS"))
    for _ in range(30):
        hands, kitty = sample_hands(view, rng)
        check_world(view, hands, kitty)


def test_inconsistent_view_is_refused() -> None:
    hand, seat = mid_hand(Rules.standard(4), 1)
    view = hand.view(seat)
    bad = SeatView(**{**view.__dict__, "hand_sizes": tuple(h + 1 for h in view.hand_sizes)})
    with pytest.raises(ValueError):
        WorldSampler(bad)


def test_samples_are_close_to_uniform_with_several_constrained_seats() -> None:
    """Compare where each card lands against rejection sampling (exactly uniform) in a hand with several voids."""
    rules = Rules.standard(4)
    for seed in range(200):
        hand, seat = mid_hand(rules, seed, 4)
        if hand.phase == "play" and len(hand.plays) > 20:
            sampler = WorldSampler(hand.view(seat))
            if len(sampler.constrained) >= 2:
                break
    else:
        raise AssertionError("no hand with two constrained seats")
    rng = random.Random(1)
    exact: Counter[tuple[int, int]] = Counter()
    accepted = 0
    while accepted < 1500:
        pool = sampler.pool[:]
        rng.shuffle(pool)
        hands, i = sampler._hands(), 0
        for s in range(4):
            hands[s].extend(pool[i : i + sampler.caps[s]])
            i += sampler.caps[s]
        if all(sampler.allowed[s] >> c & 1 for s in range(4) if s != seat for c in hands[s]):
            accepted += 1
            exact.update((s, c) for s in range(4) for c in hands[s])
    ours: Counter[tuple[int, int]] = Counter()
    for _ in range(1500):
        hands, _ = sampler.sample(rng)
        ours.update((s, c) for s in range(4) for c in hands[s])
    assert max(abs(exact[k] - ours[k]) for k in exact | ours) / 1500 < 0.08


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_before_the_first_lead_the_leader_holds_the_lowest_club(players: int) -> None:
    """Who leads first is public: every world gives that seat the deck's lowest club (3C with 5 players, else 2C)."""
    rules = Rules.standard(players)
    rng = random.Random(players)
    hand = Hand.from_seed(rules, rng, number=1)
    for s in range(players):
        hand.pass_cards(s, rng.sample(hand.hand_cards(s), rules.pass_count))
    leader = hand.to_move
    for seat in range(players):
        view = hand.view(seat)
        for _ in range(20):
            hands, _ = sample_hands(view, rng)
            assert rules.lowest_club in hands[leader]
            assert sample_world(view, rng).legal_cards() == [rules.lowest_club]
