"""Passing by search: candidate passes tried in sampled deals, each played out to the end.

The candidates are the heuristic's pass, every choice of ``pass_count``
cards among the heuristic's ``pass_count + 3`` most sheddable cards, a
*void* pass for each club, diamond or heart suit short enough to pass whole
(its cards, topped up by the most sheddable others), and, in one-deck games,
a shooter's pass (its lowest cards; see
:func:`~hearts.bots.heuristic_pass.moon_pass`). Against hearts-engine's
``mc:128`` the six-card pool and the void passes gained +0.61 ± 0.22 payoff a
hand over the five-card pool (``search:sims=300:pass=40``, 100 deals × 4).

Each sample deals the cards this seat cannot see to the other seats (and the
kitty) uniformly; the other seats pass as the heuristic does; every
candidate is tried in the same samples and the hand is played out with the
heuristic rollout policy, this seat going for the moon in the shooter's line. Another pass replaces the
heuristic's only when it is better by :data:`GATE` standard errors (paired
over the samples), and then the best mean value wins
(:class:`~hearts.bots.playout.Evaluator`); the shooter's pass must beat the
chosen pass and take the moon in most samples (the same double bar as in play).

>>> import random
>>> from hearts.core import Hand, Rules
>>> hand = Hand.from_seed(Rules.standard(4), seed=5)
>>> cards = search_pass(hand.view(0), 20, 1, None)
>>> len(cards), all(c in hand.hand_cards(0) for c in cards)
(3, True)
"""

from __future__ import annotations

import itertools
import random
import time

from hearts.core import Card, Hand, SeatView
from hearts.core.cards import CLUBS, DIAMONDS, HEARTS, SUIT_OF

from .heuristic_pass import choose_pass, moon_pass, shed_order
from .heuristic_rollout import rollout_card
from .playout import Evaluator, playout


def pass_candidates(view: SeatView, moon: bool = True) -> tuple[list[tuple[Card, ...]], int]:
    """The candidate passes (the heuristic's first) and the index of the shooter's pass (-1: none)."""
    rules = view.rules
    hand = list(view.hand)
    k = rules.pass_count
    candidates = [tuple(sorted(choose_pass(hand, rules)))]
    order = shed_order(hand, rules)
    for combo in itertools.combinations(order[:k + 3], k):
        t = tuple(sorted(combo))
        if t not in candidates:
            candidates.append(t)
    for suit in (CLUBS, DIAMONDS, HEARTS):  # a void made: a short suit passed whole, topped up by the most sheddable
        cards = [c for c in hand if SUIT_OF[c] == suit]
        if 0 < len(cards) <= k:
            rest = [c for c in order if SUIT_OF[c] != suit][:k - len(cards)]
            t = tuple(sorted(cards + rest))
            if t not in candidates:
                candidates.append(t)
    shoot = -1
    if moon and rules.copies == 1:
        t = tuple(moon_pass(hand, rules))
        if t in candidates:
            shoot = candidates.index(t)
        else:
            shoot = len(candidates)
            candidates.append(t)
    return candidates, shoot


def search_pass(view: SeatView, worlds: int, base_seed: int, deadline: float | None, *, moon: bool = True) -> list[Card]:
    """The pass with the best mean value over up to ``worlds`` sampled deals (stopping at ``deadline``)."""
    me = view.seat
    assert me is not None
    rules = view.rules
    n = rules.players
    candidates, shoot = pass_candidates(view, moon)
    unknown = list(rules.deck)
    for c in view.hand:
        unknown.remove(c)
    size = len(view.hand)
    evaluator = Evaluator(me, rules, view.scores, "payoff")
    values: list[list[float]] = [[] for _ in candidates]
    moons = 0
    done = 0
    for i in range(worlds):
        if deadline is not None and done and time.monotonic() > deadline:
            break
        rng = random.Random(base_seed + i)
        pool = unknown[:]
        rng.shuffle(pool)
        deal: list[list[Card]] = []
        at = 0
        for s in range(n):
            if s == me:
                deal.append(list(view.hand))
            else:
                deal.append(pool[at:at + size])
                at += size
        kitty = pool[at:]
        dealt = Hand(rules, deal, kitty, dealer=view.dealer, number=view.hand_number)
        for s in range(n):
            if s != me:
                dealt.pass_cards(s, choose_pass(deal[s], rules))
        for j, cand in enumerate(candidates):
            hand = dealt.clone()
            hand.pass_cards(me, cand)
            line = 1 << me if j == shoot else 0
            points = playout(hand, rollout_card, line)
            values[j].append(evaluator.value(points, hand.shooter))
            if j == shoot and hand.shooter == me:
                moons += 1
        done += 1
    best = 0
    for j in range(1, len(candidates)):
        if j != shoot and beats(values[j], values[0]) and sum(values[j]) > sum(values[best]):
            best = j
    if shoot >= 0 and sum(values[shoot]) > sum(values[best]) and 2 * moons > done:
        best = shoot
    return list(candidates[best])


#: a pass replaces the heuristic's only when its mean is better by this many standard errors
GATE = 1.5


def beats(values: list[float], base: list[float], gate: float = GATE) -> bool:
    """Is ``values`` better than ``base`` (paired, world by world) by ``gate`` standard errors?

    >>> beats([3.0, 2.0, 4.0, 3.0], [1.0, 1.0, 1.0, 1.0]), beats([3.0, -2.0, 4.0, -3.0], [1.0, 1.0, 1.0, 1.0])
    (True, False)
    """
    n = len(values)
    if n < 2:
        return False
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > gate * (var / n) ** 0.5
