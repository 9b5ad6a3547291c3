"""How well a sampled world explains the plays seen so far.

A search deals the hidden cards into worlds uniformly (:mod:`hearts.bots.sampler`),
but the other seats' plays say more than their voids: a seat that could
dump Q♠ on a trick and dumps a small club instead probably does not hold it.
:func:`plausibility` replays the hand from its first card in one world and
counts the other seats' plays that the rollout policy, holding that world's
cards, would not have made; the world weighs ``miss`` to the power of that
count. The viewer's own plays and forced plays say nothing and are skipped.
The search weighs many worlds of one view: with the heuristic rollout
policy it uses :class:`PlayEvidence`, which works out the public side of
every play once and gives the same weights in about a fifth of the time.
The search's default ``miss`` is 1 (off): within ``hard``'s time a move the
weighing costs more worlds than it gains.

The pass says something too (:func:`pass_plausibility`): the seat that
passed to the viewer chose those cards from its hand, so a world in which
the heuristic's pass from that seat's hand would have been different is less
likely. The seat's hand before the pass is its world hand, its plays and the
cards it passed, less the cards it got, which only the viewer knows when it
passed to that very seat (a pass across); otherwise the cards it got stay in
(a hand of 16: its pass is then judged a little loosely). ``hard`` and
``expert`` use ``pass_miss=0.5``.

The measurements behind these choices (and two kinds of evidence tried and
removed) are in ``benchmarks/results/2026-12-07-search-lab-notes/``.

Only one-deck games are replayed (in Cancellation Hearts a world's start is
not fixed by its current hands: cancelled pairs and the kitty blur it).

>>> from hearts.core import Hand, Rules
>>> from hearts.bots.heuristic_rollout import rollout_card
>>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)  # no passing
>>> for _ in range(6):
...     hand.play(rollout_card(hand))
>>> view = hand.view(hand.to_move)
>>> real = [hand.hand_cards(s) for s in range(4)]
>>> plausibility(view, real, [], 0.5)  # the real deal, played by the policy itself: nothing to doubt
1.0
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from hearts.core import Card, Hand, SeatView
from hearts.core.cards import JD, SUIT_MASKS, SUIT_OF, mask_of
from hearts.core.kernel import JACK_POINTS, MOON_SCORE, trick_points, trick_winner
from hearts.core.rules import PASS_OFFSETS

from .heuristic_pass import KEEP_TOP
from .heuristic_play import defend_at, runner_of
from .heuristic_rollout import ROLLOUT_DEFEND_AT, RUN_ON_AT, rollout_card
from .kernel import evidence as ev
from .kernel.passing import pass_misses
from .playout import Policy


def plausibility(
    view: SeatView, hands: Sequence[Sequence[Card]], kitty: Sequence[Card], miss: float, policy: Policy | None = None
) -> float:
    """``miss`` to the power of the other seats' unforced plays that ``policy`` would not have made in this world.

    ``hands`` are the seats' current cards in the world (as from the sampler);
    ``miss`` 1.0 (or a two-deck game, or no play yet) gives 1.0.
    """
    if miss >= 1.0 or view.rules.copies != 1 or view.kitty_size:
        return 1.0
    if policy is None:
        policy = rollout_card
    played = view.played_by_seat()
    if not any(played):
        return 1.0
    rules = dataclasses.replace(view.rules, pass_count=0)  # the world starts after the passes
    start = Hand(rules, [list(hands[s]) + played[s] for s in range(view.players)], kitty, dealer=view.dealer, number=view.hand_number)
    me = view.seat
    weight = 1.0
    for card in [c for t in view.tricks for c in t.cards] + list(view.trick):
        seat = start.to_move
        if seat != me:
            legal = start.legal_mask()
            if legal & (legal - 1) and policy(start, 0) != card:
                weight *= miss
        start.play(card)
    return weight


class PlayEvidence:
    """:func:`plausibility` with the heuristic rollout policy, for the worlds of one view, fused: the
    public side of every play (the trick, the points, the voids, the runner, the cards not yet played) is
    worked out once, and a world only puts each seat's hand under it and asks the policy's card.
    The same weight comes out as from :func:`plausibility` (a test compares them on many worlds);
    it takes a fraction of the time.

    >>> from hearts.core import Hand, Rules
    >>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)  # no passing
    >>> for _ in range(9):
    ...     hand.play(hand.legal_cards()[-1])  # the highest legal card: not what the policy plays
    >>> view = hand.view(hand.to_move)
    >>> real = [hand.hand_cards(s) for s in range(4)]
    >>> PlayEvidence(view, 0.5)(real) == plausibility(view, real, [], 0.5) < 1
    True
    """

    def __init__(self, view: SeatView, miss: float) -> None:
        self.miss = miss
        rules = view.rules
        n = view.players
        self.n, self.moon, self.jd = n, rules.moon_points, bool(rules.jack_of_diamonds)
        self.restrict = not rules.points_on_first_trick
        #: the decisions, packed as :func:`~hearts.bots.kernel.evidence.play_misses` reads them
        self.count = 0
        self.fields: list[int] = []
        self.tricks: list[int] = []
        self.points: list[int] = []
        self.voids: list[int] = []
        #: the seats with a play to explain, and their misses by hand (a mask; a hand recurs across worlds)
        self._memo: dict[int, dict[int, int]] = {}
        if miss >= 1.0 or rules.copies != 1 or view.kitty_size or view.seat is None:
            return
        me = view.seat
        plays: list[tuple[int, Card, int, int]] = []  # seat, card, leader, trick number
        for number, t in enumerate(view.tricks):
            plays += [((t.leader + i) % n, c, t.leader, number) for i, c in enumerate(t.cards)]
        if view.trick_leader is not None:
            lead = view.trick_leader
            plays += [((lead + i) % n, c, lead, len(view.tricks)) for i, c in enumerate(view.trick)]
        later = [0] * n
        after: list[int] = []  # per play, its seat's cards from that play on
        for seat, card, _, _ in reversed(plays):
            later[seat] |= 1 << card
            after.append(later[seat])
        after.reverse()
        held = rules.deck_mask
        points = [0] * n
        voids = [0] * n
        broken = False
        moon = rules.moon_points
        threshold = defend_at(moon, ROLLOUT_DEFEND_AT)
        runner = -1
        trick: list[Card] = []
        for k, (seat, card, leader, number) in enumerate(plays):
            suit_mask = SUIT_MASKS[SUIT_OF[trick[0]]] if trick else 0
            if seat != me and (trick or number):  # the hand's first lead is forced
                tpts = trick_points(trick, len(trick)) + (JACK_POINTS * trick.count(JD) if self.jd else 0)
                all_points = points[seat] == sum(points)
                fields = [0] * ev.E_SIZE
                fields[ev.E_SEAT] = seat
                fields[ev.E_CARD] = card
                fields[ev.E_LATER] = after[k]
                fields[ev.E_HELD] = held
                fields[ev.E_TLEN] = len(trick)
                fields[ev.E_LEADER] = leader
                fields[ev.E_LED_SUIT] = SUIT_OF[trick[0]] if trick else -1
                fields[ev.E_FIRST] = int(number == 0)
                fields[ev.E_BROKEN] = int(broken)
                fields[ev.E_AGAINST] = -1 if runner == seat else runner
                fields[ev.E_TPTS] = tpts
                fields[ev.E_LIVE] = mask_of(trick) & suit_mask
                fields[ev.E_RUNS] = int(all_points and points[seat] * MOON_SCORE >= RUN_ON_AT * moon)
                fields[ev.E_MAY_SHOOT] = int(all_points and points[seat] * 2 >= moon)
                self.fields += fields
                self.tricks += trick + [0] * (n - len(trick))
                self.points += points
                self.voids += voids
                self.count += 1
                self._memo.setdefault(seat, {})
            b = 1 << card
            held ^= b
            if b & rules.breakers:
                broken = True
            if trick and not b & suit_mask:
                voids[seat] |= 1 << SUIT_OF[trick[0]]
            trick.append(card)
            if len(trick) == n:
                won = trick_winner(trick, n, 1, False)  # one deck: nothing cancels, the trick always has a winner
                points[(leader + won) % n] += trick_points(trick, n)
                runner = runner_of(points, threshold)
                trick = []

    @property
    def active(self) -> bool:
        """Is there any play to explain?"""
        return self.count > 0

    def __call__(self, hands: Sequence[Sequence[Card]]) -> float:
        """The weight of a world with these current hands (per seat)."""
        if not self.count:
            return 1.0
        masks = [mask_of(h) for h in hands]
        misses = 0
        for seat, memo in self._memo.items():
            mask = masks[seat]
            k = memo.get(mask)
            if k is None:
                k = memo[mask] = ev.play_misses(
                    masks, self.count, self.fields, self.tricks, self.points, self.voids, self.n, self.moon, self.jd, self.restrict, seat
                )
            misses += k
        weight = 1.0
        for _ in range(misses):
            weight *= self.miss
        return weight


def pass_plausibility(view: SeatView, hands: Sequence[Sequence[Card]], miss: float) -> float:
    """``miss`` to the power of the cards passed to the viewer that the heuristic's pass from the passer's hand
    in this world would not have passed (1.0 without a pass seen, in two-deck games, or with ``miss`` 1).
    A search weighing many worlds of one view builds a :class:`PassEvidence` once instead.

    >>> from hearts.core import Hand, Rules
    >>> from hearts.bots.heuristic_pass import choose_pass
    >>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=3)  # a pass across
    >>> for s in range(4):
    ...     hand.pass_cards(s, choose_pass(hand.hand_cards(s), hand.rules))
    >>> view = hand.view(0)
    >>> real = [hand.hand_cards(s) for s in range(4)]
    >>> pass_plausibility(view, real, 0.5)  # the real deal, passed by the heuristic itself: nothing to doubt
    1.0
    """
    return PassEvidence(view, miss)(hands)


class PassEvidence:
    """:func:`pass_plausibility` for the worlds of one view: what the view fixes is worked out once.

    ``stopper``: the heart the passer is expected to keep back as a moon stopper
    (:func:`~hearts.bots.heuristic_pass.shed_order`).
    """

    def __init__(self, view: SeatView, miss: float, stopper: int = KEEP_TOP) -> None:
        self.miss = miss
        self.stopper = stopper
        self.rules = view.rules
        received = view.received
        me = view.seat
        self.active = not (miss >= 1.0 or not received or me is None or view.rules.copies != 1 or view.pass_direction == "none")
        if not self.active:
            return
        assert received is not None and me is not None
        rules = view.rules
        self.passer = (me - PASS_OFFSETS[view.pass_direction]) % view.players
        #: the cards passed to us, as a mask
        self.received = mask_of(received)
        #: what the passer held before the pass besides its hand now: its plays and the cards it passed us
        self.known = mask_of(view.played_by_seat()[self.passer]) | self.received
        # in a pass across it got our cards: the rest of its hand is exact
        self.got = mask_of(view.passed) if view.pass_target == self.passer and view.passed else 0
        #: the rule facts the pass kernel takes
        self._facts = (rules.deck_mask, rules.players, bool(rules.jack_of_diamonds), rules.pass_count, int(stopper))
        #: the weight by the passer's hand now (a mask): its hand recurs across worlds
        self._memo: dict[int, float] = {}

    def __call__(self, hands: Sequence[Sequence[Card]]) -> float:
        if not self.active:
            return 1.0
        mask = mask_of(hands[self.passer])
        weight = self._memo.get(mask)
        if weight is None:
            deck, players, jack_rule, pass_count, stopper = self._facts
            misses = pass_misses(mask, self.known, self.got, self.received, deck, players, jack_rule, pass_count, stopper)
            weight = self._memo[mask] = float(self.miss**misses)
        return weight
