"""The sampler kernel deals worlds that agree with the view, the same compiled and interpreted, distributed as WorldSampler's."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.bots import sampler as python_sampler
from hearts.bots.kernel import sampler as ks
from hearts.bots.kernel.pack_sampler import PackedSampler, kernel_seed, pack_sampler
from hearts.bots.sampler import WorldSampler, allowed_masks
from hearts.core import Hand, Rules, SeatView
from hearts.core.cards import SUIT_MASKS, SUIT_OF

RULES = [Rules.standard(p) for p in range(3, 8)] + [Rules.omnibus(4)] + [Rules.cancellation(p) for p in range(6, 12)]

#: views whose sequential deal often fails all its tries (found by a scan of mid_hand's views): rules, seed, number, seat
FALLBACK_VIEWS = [(Rules.standard(6), 107, 1, 5)]


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


def fallback_view() -> SeatView:
    rules, seed, number, seat = FALLBACK_VIEWS[0]
    return mid_hand(rules, seed, number)[0].view(seat)


def deal(packed: PackedSampler, seed: int, impl: Any = ks, array: Callable[[list[int]], Any] = list) -> tuple[int, Any, Any]:
    """One kernel deal: what sample_world returned, out_lo, out_hi."""
    out_lo, out_hi = packed.outputs(array)
    got = impl.sample_world(*packed.inputs(array), array([kernel_seed(seed)]), *packed.scratch(array), out_lo, out_hi)
    return int(got), out_lo, out_hi


def check_world(view: SeatView, packed: PackedSampler, out_lo: Any, out_hi: Any) -> None:
    """Assert every fact the seat knows about the hidden cards holds in the kernel's deal."""
    rules, n, me = view.rules, view.players, view.seat
    assert me is not None
    for s in range(n + 1):
        assert not int(out_hi[s]) & ~int(out_lo[s]), "a card held twice is not held once"
        assert rules.is_cancellation or out_hi[s] == 0
    hands, kitty = packed.unpack(out_lo, out_hi)
    assert hands[me] == sorted(view.hand)
    assert [len(h) for h in hands] == list(view.hand_sizes)
    assert len(kitty) == view.kitty_size
    # no card beyond its copies: hands, kitty and played cards are exactly the deck
    assert Counter(c for h in hands for c in h) + Counter(kitty) + Counter(view.played_cards()) == Counter(rules.deck)
    allowed = allowed_masks(view)
    for s in range(n):
        for c in hands[s]:
            assert not view.shows_void(s, SUIT_OF[c]), f"seat {s} showed a void in the suit of card {c}"
            assert s == me or allowed[s] >> c & 1, f"seat {s} cannot hold card {c}"
    target = view.pass_target
    if target is not None and view.passed:
        left = Counter(view.passed) - Counter(view.played_by_seat()[target])
        assert not left - Counter(hands[target]), "a passed card is not with its target"
    leader = view.seats_to_act[0] if view.seats_to_act else None
    if view.phase == "play" and not rules.is_cancellation and not view.tricks and not view.trick and leader is not None:
        assert rules.lowest_club in hands[leader], "the first leader does not hold the lowest club"


# -- (a) every world agrees with the view -------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(RULES), st.integers(0, 10**9), st.integers(1, 4))
def test_kernel_worlds_agree_with_the_view(rules: Rules, seed: int, number: int) -> None:
    hand, seat = mid_hand(rules, seed, number)
    if hand.phase not in ("play", "moon"):
        return
    view = hand.view(seat)
    packed = pack_sampler(WorldSampler(view))
    for i in range(8):
        got, out_lo, out_hi = deal(packed, seed + i)
        assert 1 <= got <= ks.FALLBACK
        check_world(view, packed, out_lo, out_hi)
    # the assignment alone (the fallback) is just as consistent
    pool, size, allowed, caps, constrained, n_constrained, free, n_free, base_lo, base_hi, players = packed.inputs()
    slots, owner, scratch = packed.scratch()
    assert ks.assign_deal(
        pool, size, allowed, caps, constrained, n_constrained, free, n_free, players, [kernel_seed(seed)], slots, owner, scratch
    )
    out_lo, out_hi = packed.outputs()
    ks.write_deal(slots, owner, size, base_lo, base_hi, players, out_lo, out_hi)
    check_world(view, packed, out_lo, out_hi)


def test_every_table_shape_is_dealt() -> None:
    """A fixed sweep over every shape (the hypothesis test may miss some): 3-7 players, Omnibus, Cancellation 6-11."""
    shapes: Counter[tuple[int, str]] = Counter()
    for rules in RULES:
        for seed in range(6):
            hand, seat = mid_hand(rules, seed, 1 + seed % 4)
            if hand.phase not in ("play", "moon"):
                continue
            view = hand.view(seat)
            packed = pack_sampler(WorldSampler(view))
            for i in range(3):
                check_world(view, packed, *deal(packed, 100 * seed + i)[1:])
            shapes[rules.players, rules.variant] += 1
    assert len(shapes) == len(RULES)


def test_the_fallback_runs_and_deals_consistent_worlds() -> None:
    """In a view with five constrained seats the sequential deal often fails all its tries: the assignment deals."""
    view = fallback_view()
    packed = pack_sampler(WorldSampler(view))
    assert len(packed.constrained) >= 4
    used: Counter[int] = Counter()
    for i in range(300):
        got, out_lo, out_hi = deal(packed, i)
        used[got == ks.FALLBACK] += 1
        check_world(view, packed, out_lo, out_hi)
    assert used[True] >= 10, used  # about 14 % of the deals
    assert used[False] >= 100, used


def test_a_view_no_deal_agrees_with_is_refused() -> None:
    """Only one card fits either seat: the kernel returns 0 and leaves its outputs alone."""
    out_lo, out_hi = [7, 7, 7], [7, 7, 7]
    allowed = [0, 1 << 4, 1 << 4]
    got = ks.sample_world(
        [4, 9], 2, allowed, [0, 1, 1], [1, 2], 2, [], 0, [0, 0], [0, 0], 2, [5], [0] * 2, [0] * 2, [0] * 2, out_lo, out_hi
    )
    assert got == 0 and out_lo == [7, 7, 7]
    assert ks.sample_worlds([4, 9], 2, allowed, [0, 1, 1], [1, 2], 2, [], 0, [0, 0], [0, 0], 2, [5], 3, [0] * 9, [0] * 9) == -1


def test_ignoring_a_void_is_caught() -> None:
    """A wrong input (one seat's void forgotten) deals worlds that the consistency check refuses."""
    view = fallback_view()
    packed = pack_sampler(WorldSampler(view))
    pool_mask = sum(1 << c for c in set(packed.pool))
    seat, suit = next((s, u) for s in packed.constrained for u in range(4) if view.shows_void(s, u) and pool_mask & SUIT_MASKS[u])
    allowed = list(packed.allowed)
    allowed[seat] |= SUIT_MASKS[suit]
    wrong = PackedSampler(**{**packed.__dict__, "allowed": allowed})
    with pytest.raises(AssertionError, match="void"):
        for i in range(200):
            check_world(view, wrong, *deal(wrong, i)[1:])


def test_the_kernel_keeps_the_python_samplers_constants() -> None:
    assert (ks.TRIES, ks.MIX) == (python_sampler._TRIES, python_sampler._MIX)


# -- (b) compiled and interpreted deal the same worlds ----------------------------------------------------------------
@pytest.fixture(scope="module")
def compiled() -> Any:
    pytest.importorskip("numba")
    from hearts import jit
    from hearts.bots.kernel import rng
    from hearts.core import kernel

    return jit.compile_modules([kernel, rng, ks], cache=False)


def int64s(values: list[int]) -> Any:
    import numpy as np

    return np.array(values, dtype=np.int64)


def test_compiled_and_interpreted_deal_the_same_worlds(compiled: Any) -> None:
    views = []
    for rules in RULES:
        for seed in range(4):
            hand, seat = mid_hand(rules, seed, 1 + seed % 4)
            if hand.phase in ("play", "moon"):
                views.append(hand.view(seat))
    views.append(fallback_view())
    worlds = fallbacks = 0
    for v, view in enumerate(views):
        packed = pack_sampler(WorldSampler(view))
        for i in range(25):
            got, lo, hi = deal(packed, 1000 * v + i)
            got_c, lo_c, hi_c = deal(packed, 1000 * v + i, compiled, int64s)
            assert (got, lo, hi) == (got_c, lo_c.tolist(), hi_c.tolist())
            worlds += 1
            fallbacks += got == ks.FALLBACK
        # the batch: the same deals in a row, the same count of fallbacks
        lo, hi = packed.outputs(list, 30)
        lo_c, hi_c = packed.outputs(int64s, 30)
        batch = ks.sample_worlds(*packed.inputs(), [kernel_seed(v)], 30, lo, hi)
        assert batch == compiled.sample_worlds(*packed.inputs(int64s), int64s([kernel_seed(v)]), 30, lo_c, hi_c)
        assert (lo, hi) == (lo_c.tolist(), hi_c.tolist())
    assert worlds > 1000 and fallbacks > 0


# -- (c) the same distribution as WorldSampler -------------------------------------------------------------------------
def frequencies(
    hands_of: Callable[[int], tuple[list[list[int]], list[int]]], players: int, samples: int
) -> tuple[list[float], list[float]]:
    """Per (seat or kitty, card) cell: the mean number of copies held, and its variance, over ``samples`` deals."""
    width = (players + 1) * 52
    total, squares = [0.0] * width, [0.0] * width
    for i in range(samples):
        hands, kitty = hands_of(i)
        for s, cards in enumerate([*hands, kitty]):
            for c, k in Counter(cards).items():
                total[s * 52 + c] += k
                squares[s * 52 + c] += k * k
    mean = [t / samples for t in total]
    return mean, [q / samples - m * m for q, m in zip(squares, mean, strict=True)]


def largest_z(view: SeatView, packed: PackedSampler, samples: int) -> float:
    """The largest |z| over the cells between WorldSampler's frequencies and the kernel's (given packed arrays)."""
    sampler = WorldSampler(view)
    rng = random.Random(7)
    a, va = frequencies(lambda i: sampler.sample(rng), view.players, samples)

    def kernel_hands(i: int) -> tuple[list[list[int]], list[int]]:
        return packed.unpack(*deal(packed, 10**6 + i)[1:])

    b, vb = frequencies(kernel_hands, view.players, samples)
    z = 0.0
    for cell in range(len(a)):
        sd = math.sqrt((va[cell] + vb[cell]) / samples)
        if sd > 0:
            z = max(z, abs(a[cell] - b[cell]) / sd)
        else:
            assert a[cell] == b[cell]  # a cell fixed in one is fixed alike in the other
    return z


def constrained_views() -> list[SeatView]:
    """A 4-player view with two constrained seats or more, a Cancellation one (two decks, a kitty), the fallback one."""
    found = [fallback_view()]
    for rules, want in ((Rules.standard(4), 2), (Rules.cancellation(7), 2)):
        for seed in range(300):
            hand, seat = mid_hand(rules, seed, 4)
            if hand.phase == "play" and len(hand.plays) > 3 * rules.players:
                view = hand.view(seat)
                if len(WorldSampler(view).constrained) >= want:
                    found.append(view)
                    break
        else:
            raise AssertionError(f"no view with {want} constrained seats")
    return found


SAMPLES = 2500
Z_BOUND = 4.5  # the largest of a few hundred |z| under the same law is about 3-3.5


def test_the_kernel_deals_as_the_python_sampler_does() -> None:
    for view in constrained_views():
        packed = pack_sampler(WorldSampler(view))
        assert largest_z(view, packed, SAMPLES) < Z_BOUND


def test_a_biased_deal_is_caught() -> None:
    """Forbidding a constrained seat one card it often holds (a consistent but wrong deal) fails the comparison."""
    view = constrained_views()[1]
    packed = pack_sampler(WorldSampler(view))
    seat = packed.constrained[0]
    sampler, rng = WorldSampler(view), random.Random(3)
    held = Counter(c for _ in range(200) for c in sampler.sample(rng)[0][seat] if c in packed.pool)
    card = next(c for c, k in held.most_common() if k < 180)  # held often, not always
    allowed = list(packed.allowed)
    allowed[seat] &= ~(1 << card)
    biased = PackedSampler(**{**packed.__dict__, "allowed": allowed})
    check_world(view, biased, *deal(biased, 0)[1:])  # still a consistent deal
    assert largest_z(view, biased, SAMPLES) > 2 * Z_BOUND


def test_skipping_the_swaps_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel without its constraint-keeping swaps leans as the bare sequential deal does: the comparison sees it."""
    view = constrained_views()[1]
    packed = pack_sampler(WorldSampler(view))
    monkeypatch.setattr(ks, "mix_deal", lambda *args: None)
    assert largest_z(view, packed, SAMPLES) > 2 * Z_BOUND  # about 12.8
