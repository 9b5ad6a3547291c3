"""Passing by search: candidate passes tried in sampled deals, each played out to the end.

The candidates are the heuristic's pass, every choice of ``pass_count``
cards among the heuristic's ``pass_count + 3`` most sheddable cards, a
*void* pass for each club, diamond or heart suit short enough to pass whole
(its cards, topped up by the most sheddable others), and, in one-deck games,
a shooter's pass (its lowest cards; see
:func:`~hearts.bots.heuristic_pass.moon_pass`).

Each sample deals the cards this seat cannot see to the other seats (and the
kitty) uniformly; the other seats pass as the heuristic does; the candidates
still in the race are tried in the same samples and the hand is played out
with the heuristic rollout policy, this seat going for the moon in the
shooter's line. The race (:func:`search_pass`) drops the worse half of the
candidates after each round, so the leaders are tried in more samples for
the same cost (the measurements that chose the pool and the race are in
``benchmarks/results/2026-12-07-search-lab-notes/``). Another pass replaces the heuristic's only when it is
better by :data:`GATE` standard errors (paired over the samples; the
search_pass's ``gate``, :data:`GATE` by default), and then
the best mean value wins (:class:`~hearts.bots.playout.Evaluator`); the
shooter's pass must beat the chosen pass and take the moon in most samples
(the same double bar as in play).

With a ``guard`` (``search:pass_guard=5`` in ``hard`` and ``expert``) a Q♠ with fewer
spades below her than the guard goes in every candidate but the shooter's.
Left free, the search kept her in a third of the hands that held her (the
heuristic in a tenth), and against ``mc:128`` our seats that held her after
the pass took her themselves in 60 % of the hands (``mc:128``'s in 49 %):
the heuristic rollouts that rate the passes hunt her less than a strong
opponent does.

>>> import random
>>> from hearts.core import Hand, Rules
>>> hand = Hand.from_seed(Rules.standard(4), seed=5)
>>> cards = search_pass(hand.view(0), 20, 1, None)
>>> len(cards), all(c in hand.hand_cards(0) for c in cards)
(3, True)
"""

from __future__ import annotations

import itertools
import time
import types
from collections.abc import Callable
from typing import Any

from hearts.core import Card, Rules, SeatView
from hearts.core.cards import CLUBS, DIAMONDS, HEARTS, QS, SUIT_OF
from hearts.core.rules import PASS_OFFSETS

from .heuristic_pass import KEEP_TOP, choose_pass, moon_pass, shed_order
from .heuristic_play import LOW_SPADES
from .kernel.pack import pack_rules
from .kernel.rng import fold_seed
from .kernel.runtime import give_up, kernels
from .playout import Evaluator

#: deals a kernel call plays when compiled (the deadline is checked between calls)
CHUNK_COMPILED = 4

#: the candidate triples come from the pass count plus this many of the most sheddable cards
POOL = 3
#: a pass replaces the heuristic's only when its mean is better by this many standard errors
GATE = 1.5


def pass_candidates(
    view: SeatView, moon: bool = True, pool: int = POOL, guard: int = 0, alone: bool = False, stopper: int = KEEP_TOP
) -> tuple[list[tuple[Card, ...]], int]:
    """The candidate passes (the heuristic's first) and the index of the shooter's pass (-1: none).

    The triples are drawn from the ``pass_count + pool`` most sheddable cards.
    With ``alone`` (one deck), a pass with the Q♠ holds no heart while the
    hand has other cards to send with her (:func:`queen_alone`), except the
    shooter's. ``stopper`` says which heart the heuristic's pass (the bar) and the
    pool keep back as a moon stopper (the ``stopper`` of
    :func:`~hearts.bots.heuristic_pass.shed_order`); a heart kept back is not tried.
    """
    rules = view.rules
    hand = list(view.hand)
    k = rules.pass_count
    order = shed_order(hand, rules, stopper)
    first = tuple(sorted(choose_pass(hand, rules, stopper)))
    queen = queen_must_go(hand, rules, guard)
    alone = alone and rules.copies == 1 and QS in hand and sum(1 for c in hand if c != QS and SUIT_OF[c] != HEARTS) >= k - 1
    if queen and QS not in first or alone and not queen_alone(first):
        first = tuple(sorted([QS] + [c for c in order if c != QS and not (alone and SUIT_OF[c] == HEARTS)][: k - 1]))
    candidates = [first]

    def add(t: tuple[Card, ...]) -> None:
        if t not in candidates and (QS in t or not queen) and (not alone or queen_alone(t)):
            candidates.append(t)

    for combo in itertools.combinations(order[: k + pool], k):
        add(tuple(sorted(combo)))
    for suit in (CLUBS, DIAMONDS, HEARTS):  # a void made: a short suit passed whole, topped up by the most sheddable
        cards = [c for c in hand if SUIT_OF[c] == suit]
        need = k - len(cards) - (1 if queen else 0)
        if cards and need >= 0:
            rest = [c for c in order if SUIT_OF[c] != suit and c != QS][:need]
            add(tuple(sorted(cards + rest + ([QS] if queen else []))))
    shoot = -1
    if moon and rules.copies == 1:
        t = tuple(moon_pass(hand, rules))
        if t in candidates:
            shoot = candidates.index(t)
        else:
            shoot = len(candidates)
            candidates.append(t)
    return candidates, shoot


def queen_alone(cards: tuple[Card, ...]) -> bool:
    """Does this pass leave the Q♠ alone, that is: no Q♠, or no heart with her (she and the top hearts make a moon)?

    >>> from hearts.core import parse_card as p
    >>> queen_alone((p("QS"), p("KD"), p("2C"))), queen_alone((p("QS"), p("AH"), p("2C"))), queen_alone((p("AH"), p("KH"), p("2C")))
    (True, False, True)
    """
    return QS not in cards or not any(SUIT_OF[c] == HEARTS for c in cards)


def queen_must_go(hand: list[Card], rules: Rules, guard: int) -> bool:
    """Must every pass but the shooter's hold the Q♠ (one deck, fewer than ``guard`` spades below her)?

    >>> from hearts.core import parse_card as p
    >>> hand = [p(x) for x in "QS 2S 5S 9S 2C 3C 4C 5C 6C 7C 8C 9C TC".split()]
    >>> queen_must_go(hand, Rules.standard(4), 4), queen_must_go(hand, Rules.standard(4), 3)
    (True, False)
    """
    if rules.copies != 1 or QS not in hand:
        return False
    return sum(1 for c in hand if LOW_SPADES >> c & 1) < guard


def search_pass(
    view: SeatView,
    worlds: int,
    base_seed: int,
    deadline: float | None,
    *,
    moon: bool = True,
    pool: int = POOL,
    guard: int = 0,
    alone: bool = False,
    stopper: int = KEEP_TOP,
    gate: float = GATE,
    report: dict[tuple[Card, ...], float] | None = None,
    kernel: tuple[types.SimpleNamespace, Callable[[Any], Any]] | None = None,
) -> list[Card]:
    """The pass with the best mean value, raced over sampled deals (a budget of ``worlds`` deals a candidate).

    The budget is ``worlds`` playouts for every candidate, spent in rounds of
    equal cost (:func:`race_rounds`); after each round but the last the worse
    half of the candidates is dropped, so the leaders get several times
    ``worlds`` deals. The heuristic's pass and the shooter's pass are never
    dropped: they are the bars the others must clear; another pass replaces
    the heuristic's only when it beats it by ``gate`` standard errors. The
    search stops early at ``deadline``; every candidate still in the race has
    then been tried in the same deals. ``report``, where given, receives each
    candidate's mean payoff over the deals it was tried in (training data).
    ``kernel``: the kernels to run (default: :func:`~hearts.bots.kernel.runtime.kernels`).
    """
    me = view.seat
    assert me is not None
    rules = view.rules
    candidates, shoot = pass_candidates(view, moon, pool, guard, alone, stopper)
    unknown = list(rules.deck)
    for c in view.hand:
        unknown.remove(c)
    game = Evaluator(me, rules, view.scores, "payoff").game
    values: list[list[float]] = [[] for _ in candidates]
    protected = {0} if shoot < 0 else {0, shoot}
    alive = list(range(len(candidates)))
    budget = worlds * len(candidates)
    rounds = race_rounds(len(candidates) - len(protected))
    deals = _Deals(view, unknown, candidates, shoot, stopper, game, fold_seed(base_seed))
    spent = 0
    moons = 0
    done = 0
    out_of_time = False
    for r in range(rounds):
        share = (budget - spent) // (rounds - r)
        want = max(1, share // len(alive))
        while want > 0:
            if deadline is not None and done and time.monotonic() > deadline:
                out_of_time = True
                break
            room = (budget - spent) // len(alive)
            if room < 1:
                break
            ns, array = kernel if kernel is not None else kernels()
            count = min(want, room, CHUNK_COMPILED if array is not list else 1)
            chunk, moon_count = deals.run(done, count, alive, ns, array)
            for a, j in enumerate(alive):
                values[j].extend(chunk[a])
            moons += moon_count
            spent += count * len(alive)
            done += count
            want -= count
        if out_of_time:
            break
        if r < rounds - 1:
            alive = halve(alive, values, protected)
    if report is not None:
        report.update({candidates[j]: sum(v) / len(v) for j, v in enumerate(values) if v})
    best = 0
    for j in alive:
        if j != shoot and j != 0 and beats(values[j], values[0], gate) and sum(values[j]) > sum(values[best]):
            best = j
    if shoot >= 0 and sum(values[shoot]) > sum(values[best]) and 2 * moons > done:
        best = shoot
    return list(candidates[best])


class _Deals:
    """The pass search's deals of one view, run by the kernel (:func:`~hearts.bots.kernel.pass_search.pass_deals`)."""

    def __init__(
        self, view: SeatView, unknown: list[Card], candidates: list[tuple[Card, ...]], shoot: int, stopper: int, game: bool, seed: int
    ) -> None:
        rules = view.rules
        me = view.seat
        assert me is not None
        mine_lo = mine_hi = 0
        for c in view.hand:
            if mine_lo >> c & 1:
                mine_hi |= 1 << c
            else:
                mine_lo |= 1 << c
        self.fixed = (
            me,
            view.dealer,
            PASS_OFFSETS[view.pass_direction] % rules.players,
            len(view.hand),
            unknown,
            len(unknown),
            mine_lo,
            mine_hi,
            [c for t in candidates for c in t],
            rules.pass_count,
        )
        self.rules = pack_rules(rules)
        self.after = (shoot, stopper, rules.deck_mask, list(view.scores) if view.scores is not None else [0] * rules.players, game)
        self.seed = seed & 0xFFFFFFFF
        self.shoot = shoot

    def run(
        self, start: int, count: int, alive: list[int], ns: types.SimpleNamespace, array: Callable[[Any], Any]
    ) -> tuple[list[list[float]], int]:
        """Deals ``start`` to ``start + count - 1``: per candidate of ``alive``, its values, and the shooter's moons."""
        if array is not list:
            try:
                return self._call(start, count, alive, ns, array)
            except Exception as err:  # a compiled kernel that fails never fails the pass: the interpreted one makes it
                ns, array = give_up(err)
        return self._call(start, count, alive, ns, array)

    def _call(
        self, start: int, count: int, alive: list[int], ns: types.SimpleNamespace, array: Callable[[Any], Any]
    ) -> tuple[list[list[float]], int]:
        me, dealer, offset, size, unknown, n_unknown, mine_lo, mine_hi, cards, pass_count = self.fixed
        shoot, stopper, deck, scores, game = self.after
        values = array([0.0] * (count * len(alive)))
        moons = array([0] * count)
        ns.pass_deals(
            array(self.rules),
            me,
            dealer,
            offset,
            size,
            array(unknown),
            n_unknown,
            mine_lo,
            mine_hi,
            array(cards),
            pass_count,
            array(alive),
            len(alive),
            shoot,
            stopper,
            deck,
            array(scores),
            game,
            self.seed,
            start,
            count,
            values,
            moons,
        )
        width = len(alive)
        return [[float(values[d * width + a]) for d in range(count)] for a in range(width)], int(sum(moons))


#: the race halves the field until at most this many candidates (besides the bars) are left
FINALISTS = 3


def race_rounds(free: int) -> int:
    """Rounds of a race among ``free`` droppable candidates: one per halving, and a last one.

    >>> race_rounds(20), race_rounds(3), race_rounds(0)
    (4, 1, 1)
    """
    rounds = 1
    while free > FINALISTS:
        free = max(FINALISTS, (free + 1) // 2)
        rounds += 1
    return rounds


def halve(alive: list[int], values: list[list[float]], protected: set[int]) -> list[int]:
    """``alive`` without the worse half of its droppable candidates (by their total over the same deals).

    >>> halve([0, 1, 2, 3, 4, 5, 6], [[0.0], [5.0], [1.0], [4.0], [2.0], [3.0], [9.0]], {0})
    [0, 1, 3, 6]
    """
    free = sorted((j for j in alive if j not in protected), key=lambda j: -sum(values[j]))
    if len(free) <= FINALISTS:
        return alive
    kept = set(free[: max(FINALISTS, (len(free) + 1) // 2)])
    return [j for j in alive if j in protected or j in kept]


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
    return bool(mean > gate * (var / n) ** 0.5)
