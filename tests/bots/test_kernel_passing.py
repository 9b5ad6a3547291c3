"""The pass kernel (hearts.bots.kernel.passing) against the list-of-cards code it replaced, and compiled against interpreted.

The oracle below is the heuristic pass and the pass evidence as they were
written before the kernel (heuristic_pass.py and PassEvidence.__call__ at
a327947), kept here only to check the kernel against.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from hearts.bots import heuristic_pass
from hearts.bots.inference import PassEvidence
from hearts.bots.kernel import passing, tables
from hearts.bots.sampler import WorldSampler
from hearts.core import Card, Hand, Rules, SeatView
from hearts.core import kernel as rules_kernel
from hearts.core.cards import HEARTS_MASK, JD, QS, SUIT_MASKS, SUIT_OF
from hearts.core.deal import card_masks

ABOVE, HIGH_SPADES, LOW_SPADES, RANK = tables.ABOVE, tables.HIGH_SPADES, tables.LOW_SPADES, tables.RANK
QS_BIT = 1 << QS
STOPPERS = (passing.KEEP_NONE, passing.KEEP_TOP, passing.KEEP_SECOND)
SHAPES = (
    [Rules.standard(n) for n in range(3, 8)]
    + [Rules.omnibus(4), Rules.standard(4, jack_of_diamonds=True), Rules.standard(5, pass_count=4), Rules.standard(4, pass_count=0)]
    + [Rules.cancellation(n) for n in range(6, 12)]
    + [Rules.cancellation(8, jack_of_diamonds=True)]
)
ONE_DECK = [r for r in SHAPES if r.copies == 1]


def _shape(rules: Rules) -> str:
    return f"{rules.variant}-{rules.players}-jd{int(bool(rules.jack_of_diamonds))}-k{rules.pass_count}"


# -- the oracle: the code the kernel replaced ---------------------------------
def _top(m: int) -> int:
    return m.bit_length() - 1


def old_losers(mine: int, out: int, n: int) -> tuple[int, int]:
    side = hearts = 0
    for s, sm in enumerate(SUIT_MASKS):
        m, o = mine & sm, out & sm
        if not m:
            continue
        sure = (m & ABOVE[_top(o)]).bit_count() if o else m.bit_count()
        count = o.bit_count()
        need = (count + n - 2) // (n - 1)
        lost = 0 if sure >= need else m.bit_count() - sure
        if s == 2:
            hearts += lost
        else:
            side += lost
    return side, hearts


def old_moon_hand(mine: int, out: int, side_losers: int, n: int) -> bool:
    if (mine & HEARTS_MASK).bit_count() < 4:
        return False
    if out & QS_BIT and not (mine & HIGH_SPADES).bit_count() == 2:
        return False
    side, hearts = old_losers(mine, out, n)
    return hearts == 0 and side <= side_losers


def old_choose_pass(hand: Sequence[Card], rules: Rules, stopper: int = 1) -> list[Card]:
    k = rules.pass_count
    lo, hi = card_masks(hand)
    out = rules.deck_mask & ~(lo & hi if rules.copies == 2 else lo)
    if rules.copies == 1 and old_moon_hand(lo, out, k, rules.players):
        return old_moon_pass(hand, rules)
    return sorted(old_shed_order(hand, rules, stopper)[:k])


def old_moon_pass(hand: Sequence[Card], rules: Rules) -> list[Card]:
    order = sorted(hand, key=lambda c: (SUIT_OF[c] == 2 or c == QS, RANK[c], c))
    return sorted(order[: rules.pass_count])


def old_shed_order(hand: Sequence[Card], rules: Rules, stopper: int = 1) -> list[Card]:
    k = rules.pass_count
    lo, hi = card_masks(hand)
    out = rules.deck_mask & ~(lo & hi if rules.copies == 2 else lo)
    cancellation = rules.copies == 2
    jd = bool(rules.jack_of_diamonds)
    lengths = [(lo & sm).bit_count() + (hi & sm).bit_count() for sm in SUIT_MASKS]
    low_spades = (lo & LOW_SPADES).bit_count() + (hi & LOW_SPADES).bit_count()
    guarded = low_spades >= 4
    kept = old_kept_heart(lo, lengths[2], stopper) if not cancellation else -1
    void_suit = -1
    for s in (0, 1):
        if 0 < lengths[s] <= k and (void_suit < 0 or lengths[s] < lengths[void_suit]):
            void_suit = s
    scored: list[tuple[float, Card]] = []
    seen: set[Card] = set()
    for c in hand:
        second = c in seen
        seen.add(c)
        suit, rank = SUIT_OF[c], RANK[c]
        if c == QS:
            score = 10.0 if guarded else 100.0
        elif SUIT_OF[c] == 3 and rank > 10:
            score = 20.0 + rank if guarded and lo & QS_BIT else 80.0 + rank
        elif suit == 2:
            score = 30.0 + 3 * rank if rank >= 8 else rank - 20.0
            if c == kept:
                score = -25.0
        elif suit == 3:
            score = rank - 30.0
        else:
            score = 5.0 + 2 * rank
            if suit == void_suit:
                score += 40.0
        if jd and suit == 1:
            if c == JD:
                score = -50.0
            elif rank > RANK[JD]:
                score -= 12.0
        if cancellation and rank >= 9 and c != QS:
            if hi >> c & 1:
                score += 15.0
            elif out >> c & 1:
                score -= 15.0
        scored.append((score + (0.01 if second else 0.0), c))
    scored.sort(key=lambda t: -t[0])
    return [c for _, c in scored]


def old_kept_heart(mine: int, length: int, stopper: int) -> Card:
    hearts = mine & HEARTS_MASK
    if not stopper or length < 3 or not hearts:
        return -1
    first = _top(hearts)
    if RANK[first] < 9:
        return -1
    rest = hearts & ~(1 << first)
    if stopper == 2 and rest and RANK[_top(rest)] >= 9:
        return _top(rest)
    return first


def old_pass_weight(view: SeatView, hands: Sequence[Sequence[Card]], miss: float, stopper: int) -> float:
    """The old PassEvidence(view, miss, stopper)(hands), without its memo."""
    received = view.received
    me = view.seat
    if miss >= 1.0 or not received or me is None or view.rules.copies != 1 or view.pass_direction == "none":
        return 1.0
    target = view.pass_target
    assert target is not None
    passer = (2 * me - target) % view.players  # it passes to us as we pass to our target: as many seats round
    known = set(view.played_by_seat()[passer]) | set(received)
    got = set(view.passed) if view.pass_target == passer and view.passed else set()
    held = (set(hands[passer]) | known) - got
    model = set(old_choose_pass(sorted(held), view.rules, stopper))
    return float(miss ** sum(1 for c in received if c not in model))


# -- hands to try ---------------------------------------------------------------
def _hands(rules: Rules, seed: int) -> list[list[Card]]:
    """The seats' hands of a fair deal, as many drawn with hearts and high cards favoured (stoppers),
    and as many strong ones (moon hands)."""
    rng = random.Random(seed)
    deal = Hand.from_seed(rules, rng.randrange(2**32))
    hands = [deal.hand_cards(s) for s in range(rules.players)]
    deck = list(rules.deck)
    for _ in range(rules.players):
        favour = rng.choice((1.0, 3.0, 8.0))
        weight = [favour if SUIT_OF[c] == 2 or RANK[c] >= 9 else 1.0 for c in deck]
        keys = sorted(range(len(deck)), key=lambda i: -(rng.random() ** (1.0 / weight[i])))
        hands.append(sorted(deck[i] for i in keys[: rules.cards_each]))
    for _ in range(rules.players):  # strong hands, some fit for the moon: high cards, hearts first
        noise = rng.choice((1.0, 2.5))
        keys = sorted(range(len(deck)), key=lambda i: -(RANK[deck[i]] + 2 * (SUIT_OF[deck[i]] == 2) + rng.gauss(0, noise)))
        hands.append(sorted(deck[i] for i in keys[: rules.cards_each]))
    return hands


def _facts(rules: Rules) -> tuple[int, int, int, bool, int]:
    return rules.deck_mask, rules.players, rules.copies, bool(rules.jack_of_diamonds), rules.pass_count


# -- the pass ---------------------------------------------------------------------
@pytest.mark.parametrize("rules", SHAPES, ids=_shape)
def test_the_kernel_passes_as_the_old_code_on_random_hands(rules: Rules) -> None:
    seen = {"moon": 0, "stopper": 0, "kept": 0}
    for seed in range(40):
        for hand in _hands(rules, seed):
            lo, hi = card_masks(hand)
            out = rules.deck_mask & ~(lo & hi if rules.copies == 2 else lo)
            assert heuristic_pass.losers(lo, out, rules.players) == old_losers(lo, out, rules.players)
            k = rules.pass_count
            assert heuristic_pass.moon_hand(lo, out, k, rules.players) == old_moon_hand(lo, out, k, rules.players)
            assert heuristic_pass.moon_pass(hand, rules) == old_moon_pass(hand, rules)
            passes = []
            for stopper in STOPPERS:
                length = (lo & HEARTS_MASK).bit_count()
                assert heuristic_pass.kept_heart(lo, length, stopper) == old_kept_heart(lo, length, stopper)
                assert heuristic_pass.shed_order(hand, rules, stopper) == old_shed_order(hand, rules, stopper)
                chosen = heuristic_pass.choose_pass(hand, rules, stopper)
                assert chosen == old_choose_pass(hand, rules, stopper)
                passes.append(chosen)
                seen["kept"] += old_kept_heart(lo, length, stopper) >= 0
            seen["moon"] += rules.copies == 1 and old_moon_hand(lo, out, rules.pass_count, rules.players)
            seen["stopper"] += passes[0] != passes[1] or passes[1] != passes[2]
    # the hands reach the branches that matter: a differential check over hands that never shoot would prove little
    if rules.copies == 1 and rules.pass_count:
        assert min(seen.values()) > 0, seen


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.omnibus(4), Rules.cancellation(8)], ids=str)
def test_a_hand_in_any_order_passes_as_the_old_code_did_in_card_order(rules: Rules) -> None:
    rng = random.Random(5)
    for seed in range(30):
        for hand in _hands(rules, seed):
            shuffled = hand[:]
            rng.shuffle(shuffled)
            for stopper in STOPPERS:
                assert heuristic_pass.choose_pass(shuffled, rules, stopper) == old_choose_pass(hand, rules, stopper)
                assert heuristic_pass.shed_order(shuffled, rules, stopper) == old_shed_order(hand, rules, stopper)


def test_the_one_deck_mask_pass_is_the_card_pass() -> None:
    for rules in ONE_DECK:
        deck, players, _, jack, k = _facts(rules)
        for seed in range(20):
            for hand in _hands(rules, seed):
                mine = sum(1 << c for c in hand)
                for stopper in STOPPERS:
                    want = sum(1 << c for c in old_choose_pass(hand, rules, stopper))
                    assert passing.choose_pass_mask(mine, deck, players, jack, k, stopper) == want


def test_the_differential_check_can_fail() -> None:
    # a pass that keeps the top heart differs from one that sheds it: the comparison sees one card of difference
    rules = Rules.standard(4)
    hand = list(range(13))  # all clubs: no heart to keep, every stopper alike
    assert old_choose_pass(hand, rules, 0) == heuristic_pass.choose_pass(hand, rules, 2)
    hearts = sorted([26 + r for r in (12, 11, 10, 2, 1)] + list(range(8)))
    assert old_choose_pass(hearts, rules, 0) != heuristic_pass.choose_pass(hearts, rules, 1)


# -- the pass evidence -----------------------------------------------------------------
def _views(rules: Rules, seed: int) -> list[SeatView]:
    """Views after a pass (each seat passing by the heuristic with some stopper, or at random) and some random plays."""
    rng = random.Random(seed)
    views = []
    for number in range(1, rules.players + 1):
        hand = Hand.from_seed(rules, rng.randrange(2**32), dealer=rng.randrange(rules.players), number=number)
        if hand.phase != "pass":
            continue
        for s in range(rules.players):
            cards = hand.hand_cards(s)
            how = rng.random()
            sent = rng.sample(cards, rules.pass_count) if how < 0.3 else old_choose_pass(cards, rules, rng.choice(STOPPERS))
            hand.pass_cards(s, sent)
        for _ in range(rng.randrange(0, 3 * rules.players * 2)):
            if hand.phase != "play":
                break
            hand.play(rng.choice(hand.legal_cards()))
        if hand.phase == "play":
            views.append(hand.view(rng.randrange(rules.players)))
    return views


@pytest.mark.parametrize("rules", [r for r in ONE_DECK if r.pass_count], ids=_shape)
def test_pass_evidence_weighs_sampled_worlds_as_the_old_code(rules: Rules) -> None:
    weights: set[float] = set()
    for seed in range(6):
        for view in _views(rules, seed):
            sampler = WorldSampler(view)
            worlds = [sampler.sample(random.Random(i))[0] for i in range(12)]
            for stopper in STOPPERS:
                for miss in (0.5, 0.3):
                    evidence = PassEvidence(view, miss, stopper)
                    for hands in worlds + worlds[::-1]:  # the second time round from the memo
                        want = old_pass_weight(view, hands, miss, stopper)
                        assert evidence(hands) == want
                        weights.add(want)
    assert len(weights) >= 3  # worlds that explain the pass well and badly


def test_pass_misses_counts_the_cards_off_the_model() -> None:
    rules = Rules.standard(4)
    deck, players, _, jack, k = _facts(rules)
    hand = sorted([26 + 12, 26 + 11, 26 + 10, 26 + 1, 39 + 10, 39 + 12] + list(range(13, 20)))
    model = old_choose_pass(hand, rules, 1)
    mine = sum(1 << c for c in hand)
    assert passing.pass_misses(mine, 0, 0, sum(1 << c for c in model), deck, players, jack, k, 1) == 0
    off = [c for c in hand if c not in model][:2] + model[:1]
    assert passing.pass_misses(mine, 0, 0, sum(1 << c for c in off), deck, players, jack, k, 1) == 2


# -- compiled == interpreted ---------------------------------------------------------------
@pytest.fixture(scope="module")
def compiled() -> Any:
    pytest.importorskip("numba")
    from hearts import jit

    return jit.compile_modules([rules_kernel, tables, passing], cache=False)


def test_compiled_passes_as_interpreted(compiled: Any) -> None:
    import numpy as np

    for rules in SHAPES:
        deck, players, copies, jack, k = _facts(rules)
        for seed in range(6):
            for hand in _hands(rules, seed):
                lo, hi = card_masks(hand)
                out = deck & ~(lo & hi if copies == 2 else lo)
                assert compiled.losers(lo, out, players) == passing.losers(lo, out, players)
                assert compiled.moon_hand(lo, out, k, players) == passing.moon_hand(lo, out, k, players)
                got, want = np.zeros(k, np.int64), [0] * k
                assert compiled.moon_pass_cards(lo, hi, k, got) == passing.moon_pass_cards(lo, hi, k, want)
                assert list(got) == want
                for stopper in STOPPERS:
                    got, want = np.zeros(k, np.int64), [0] * k
                    assert compiled.choose_pass_cards(lo, hi, deck, players, copies, jack, k, stopper, got) == passing.choose_pass_cards(
                        lo, hi, deck, players, copies, jack, k, stopper, want
                    )
                    assert list(got) == want
                    got, want = np.zeros(len(hand), np.int64), [0] * len(hand)
                    assert compiled.shed_order_cards(lo, hi, deck, copies, jack, k, stopper, got) == len(hand)
                    passing.shed_order_cards(lo, hi, deck, copies, jack, k, stopper, want)
                    assert list(got) == want
                    if copies == 1:
                        assert compiled.choose_pass_mask(lo, deck, players, jack, k, stopper) == passing.choose_pass_mask(
                            lo, deck, players, jack, k, stopper
                        )


def test_compiled_pass_misses_as_interpreted(compiled: Any) -> None:
    for rules in (Rules.standard(4), Rules.omnibus(4), Rules.standard(6)):
        deck, players, _, jack, k = _facts(rules)
        for seed in range(3):
            for view in _views(rules, seed):
                evidence = PassEvidence(view, 0.5)
                if not evidence.active:
                    continue
                sampler = WorldSampler(view)
                for i in range(10):
                    now = sum(1 << c for c in sampler.sample(random.Random(i))[0][evidence.passer])
                    for stopper in STOPPERS:
                        args = (now, evidence.known, evidence.got, evidence.received, deck, players, jack, k, stopper)
                        assert compiled.pass_misses(*args) == passing.pass_misses(*args)
