"""Deal the hidden cards of a seat's view into worlds that agree with all it knows.

A *world* gives every other seat a hand and the kitty its cards, such that:

- the viewer's own hand is its real hand;
- the cards it passed sit with the seat it passed to, unless that seat has played them;
- no card already played is dealt again (in Cancellation Hearts each card has two copies);
- a seat that showed a void holds no card of that suit; a seat whose play could only
  have been legal with a hand of hearts (and Black Maria) holds nothing else;
- before the first card of standard Hearts, the seat to lead holds the lowest club;
- every seat holds ``view.hand_sizes[seat]`` cards and the kitty ``view.kitty_size``
  (the kitty is never passed and shows no voids).

Algorithm: a :class:`WorldSampler` does the bookkeeping once per view (unseen
cards, forced cards, one *allowed* mask per seat). Each sample shuffles the
free cards and lets the seats take, most constrained first, the first cards
they may hold in that order (a uniform pick among their allowed cards); the
unconstrained seats and the kitty take the rest. When a seat finds too few
cards it may hold, the sample restarts; after a few failed tries an
augmenting-path assignment (which always finds a consistent deal when one
exists) is used. With at most one constrained seat the samples are exactly
uniform over the consistent deals; with more, a short chain of
constraint-keeping swaps (whose steady state is uniform) removes most of the
lean of the sequential deal.

>>> import random
>>> from hearts.core import Hand, Rules
>>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)  # no passing
>>> hand.play(hand.legal_cards()[0])
>>> hands, kitty = sample_hands(hand.view(2), random.Random(1))
>>> [len(h) for h in hands], kitty, hands[2] == hand.hand_cards(2)
([12, 13, 13, 13], [], True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hearts.core import Card, Hand, SeatView
from hearts.core.cards import BIT, HEARTS_MASK, SUIT_MASKS, SUIT_OF
from hearts.core.hand import POINT_MASK
from hearts.core.rules import PASS_OFFSETS

_ALL = (1 << 52) - 1
#: failed sequential tries before the augmenting-path assignment is used
_TRIES = 30
#: swap attempts per card held by the constrained seats
_MIX = 8


def sample_hands(view: SeatView, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
    """The current hand of every seat (the viewer's own is its real hand) and the kitty's cards."""
    return WorldSampler(view).sample(rng)


def sample_world(view: SeatView, rng: random.Random) -> Hand:
    """A full state consistent with ``view`` (play and moon phases): ``Hand.world`` of a sample."""
    hands, kitty = sample_hands(view, rng)
    return Hand.world(view, hands, kitty)


def allowed_masks(view: SeatView) -> list[int]:
    """Per seat, the mask of cards it may still hold, from its voids and its forced plays.

    Besides the voids shown, a play that was legal only with a hand of
    hearts (and Black Maria) tells that the seat held nothing else: a heart
    led before hearts were broken, or a point card led to (Cancellation) or
    discarded on (standard) the first trick.
    """
    rules, n = view.rules, view.players
    allowed = [_ALL] * n
    for s in range(n):
        v = view.voids[s]
        for suit in range(4):
            if v >> suit & 1:
                allowed[s] &= ~SUIT_MASKS[suit]
    broken = False
    breakers = rules.breakers
    restrict_first = not rules.points_on_first_trick
    tricks = [(t.leader, t.cards) for t in view.tricks]
    if view.trick_leader is not None and view.trick:
        tricks.append((view.trick_leader, view.trick))
    for number, (leader, cards) in enumerate(tricks):
        led = cards[0]
        for i, c in enumerate(cards):
            s = (leader + i) % n
            if i == 0:
                if number == 0:
                    if rules.is_cancellation and BIT[c] & POINT_MASK:
                        allowed[s] &= POINT_MASK
                elif not broken and SUIT_OF[c] == 2:
                    allowed[s] &= HEARTS_MASK
            elif number == 0 and restrict_first and SUIT_OF[c] != SUIT_OF[led] and BIT[c] & POINT_MASK:
                allowed[s] &= POINT_MASK
            if BIT[c] & breakers:
                broken = True
    return allowed


class WorldSampler:
    """The bookkeeping of one view, reused for many samples.

    >>> from hearts.core import Hand, Rules
    >>> hand = Hand.from_seed(Rules.cancellation(11), seed=2)
    >>> for s in range(11):
    ...     hand.pass_cards(s, hand.hand_cards(s)[:3])
    >>> hands, kitty = WorldSampler(hand.view(0)).sample(random.Random(0))
    >>> all(hands[1].count(c) >= hand.passes[0].count(c) for c in hand.passes[0])
    True
    >>> len(kitty), sum(map(len, hands))
    (5, 99)
    """

    def __init__(self, view: SeatView) -> None:
        if view.seat is None:
            raise ValueError("a world is sampled from a seat's view, not a spectator's")
        rules, n, me = view.rules, view.players, view.seat
        self.view = view
        self.n = n
        counts = [0] * 52
        for c in rules.deck:
            counts[c] += 1
        for c in view.hand:
            counts[c] -= 1
        played_by = view.played_by_seat()
        for cards in played_by:
            for c in cards:
                counts[c] -= 1
        self.forced: list[list[Card]] = [[] for _ in range(n)]
        target = view.pass_target
        if target is not None and view.passed and view.phase in ("play", "moon"):
            left = list(played_by[target])
            for c in view.passed:
                if c in left:
                    left.remove(c)  # the target played this copy (or its twin: they are the same)
                else:
                    self.forced[target].append(c)
                    counts[c] -= 1
        leader = view.seats_to_act[0] if view.seats_to_act else None
        if view.phase == "play" and not rules.is_cancellation and not view.tricks and not view.trick and leader != me:
            club = rules.lowest_club  # the first leader holds the lowest club: it must lead it
            if leader is not None and club not in self.forced[leader]:
                self.forced[leader].append(club)
                counts[club] -= 1
        if min(counts) < 0:
            raise ValueError("the view is inconsistent: more copies of a card are seen than the deck holds")
        self.pool: list[Card] = [c for c in range(52) for _ in range(counts[c])]
        self.allowed = allowed_masks(view)
        self.caps = [view.hand_sizes[s] - len(self.forced[s]) for s in range(n)]
        self.caps[me] = 0
        self.kitty_size = view.kitty_size
        if sum(self.caps) + self.kitty_size != len(self.pool) or min(self.caps) < 0:
            raise ValueError("the view is inconsistent: hand sizes do not match the unseen cards")
        pool_mask = 0
        for c in self.pool:
            pool_mask |= BIT[c]
        others = [s for s in range(n) if s != me and self.caps[s] > 0]
        # constrained seats (some unseen card they may not hold), tightest first
        slack = {s: sum(1 for c in self.pool if self.allowed[s] >> c & 1) - self.caps[s] for s in others}
        self.constrained = sorted((s for s in others if pool_mask & ~self.allowed[s]), key=lambda s: (slack[s], s))
        self.free = [s for s in others if not pool_mask & ~self.allowed[s]]

    def sample(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """One consistent deal: every seat's current hand and the kitty."""
        for _ in range(_TRIES):
            got = self._try(rng)
            if got is not None:
                break
        else:
            got = self._assign(rng)
        if len(self.constrained) > 1:
            self._mix(got, rng)
        return got

    def _mix(self, deal: tuple[list[list[Card]], list[Card]], rng: random.Random) -> None:
        """Swap cards between seats, keeping every constraint (a symmetric chain whose steady state is uniform).

        The sequential deal is exact with one constrained seat; with several it
        leans (the first seat picks as if the others had no voids), and these
        swaps move it towards the uniform deal.
        """
        hands, kitty = deal
        forced = self.forced
        slots: list[Card] = []
        owner: list[int] = []
        for s in self.constrained:
            slots.extend(hands[s][len(forced[s]) :])
            owner.extend([s] * (len(hands[s]) - len(forced[s])))
        k = len(slots)
        for s in self.free:
            slots.extend(hands[s][len(forced[s]) :])
            owner.extend([s] * (len(hands[s]) - len(forced[s])))
        slots.extend(kitty)
        owner.extend([self.n] * len(kitty))
        total = len(slots)
        allowed = self.allowed + [_ALL]
        rand = rng.random
        for _ in range(_MIX * k):
            a = int(rand() * k)
            b = int(rand() * total)
            sa, sb = owner[a], owner[b]
            ca, cb = slots[a], slots[b]
            if sa != sb and allowed[sb] >> ca & 1 and allowed[sa] >> cb & 1:
                slots[a], slots[b] = cb, ca
        i = 0
        for s in self.constrained + self.free:
            m = len(hands[s]) - len(forced[s])
            hands[s][len(forced[s]) :] = slots[i : i + m]
            i += m
        kitty[:] = slots[i:]

    def _hands(self) -> list[list[Card]]:
        hands = [list(f) for f in self.forced]
        hands[self.view.seat] = list(self.view.hand)  # type: ignore[index]
        return hands

    def _try(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]] | None:
        rand = rng.random
        pool = sorted(self.pool, key=lambda _: rand())
        hands = self._hands()
        caps, allowed = self.caps, self.allowed
        for s in self.constrained:
            take = caps[s]
            ok = allowed[s]
            hand = hands[s]
            rest: list[Card] = []
            for c in pool:
                if take and ok >> c & 1:
                    hand.append(c)
                    take -= 1
                else:
                    rest.append(c)
            if take:
                return None
            pool = rest
        i = 0
        for s in self.free:
            j = i + caps[s]
            hands[s].extend(pool[i:j])
            i = j
        return hands, pool[i:]

    def _assign(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """Place the cards one by one, moving placed cards along an augmenting path when stuck."""
        n = self.n
        kit = n  # the kitty is seat n here, allowed everything
        caps = self.caps + [self.kitty_size]
        allowed = self.allowed + [_ALL]
        placed: list[list[Card]] = [[] for _ in range(n + 1)]
        pool = self.pool[:]
        rng.shuffle(pool)
        seats = [s for s in range(n + 1) if caps[s] > 0]
        for c in pool:
            order = [s for s in seats if allowed[s] >> c & 1]
            rng.shuffle(order)
            room = [s for s in order if len(placed[s]) < caps[s]]
            if room:
                placed[room[0]].append(c)
                continue
            # breadth-first search: seat -> seat through a card that may move there
            prev: dict[int, tuple[int, int]] = {}
            frontier = order
            seen = set(order)
            end = None
            while frontier and end is None:
                nxt = []
                for s in frontier:
                    for k, d in enumerate(placed[s]):
                        for t in seats:
                            if t not in seen and allowed[t] >> d & 1:
                                seen.add(t)
                                prev[t] = (s, k)
                                if len(placed[t]) < caps[t]:
                                    end = t
                                    break
                                nxt.append(t)
                        if end is not None:
                            break
                    if end is not None:
                        break
                frontier = nxt
            if end is None:
                raise ValueError("no deal agrees with the view")
            t = end
            while t in prev:
                s, k = prev[t]
                placed[t].append(placed[s][k])
                placed[s][k] = -1  # a hole, filled below or by the card c
                t = s
            placed[t].append(c)
            for s in seats:
                placed[s] = [d for d in placed[s] if d >= 0]
        hands = self._hands()
        for s in range(n):
            hands[s].extend(placed[s])
        return hands, placed[kit]


def choose_passes(view: SeatView, hands: Sequence[Sequence[Card]], rng: random.Random) -> list[tuple[Card, ...]]:
    """Passes that agree with ``view`` and the world ``hands`` (play phase; empty when nobody passed).

    The viewer's pass and the pass it received are known; every other seat
    passed ``pass_count`` cards drawn from what its target held after the
    pass (the target's hand now plus the cards it played).
    """
    n, seat = view.players, view.seat
    if view.pass_direction == "none":
        return [() for _ in range(n)]
    assert seat is not None and view.passed is not None and view.received is not None
    offset = PASS_OFFSETS[view.pass_direction]
    played = view.played_by_seat()
    passes: list[tuple[Card, ...]] = []
    for s in range(n):
        target = (s + offset) % n
        if s == seat:
            passes.append(tuple(view.passed))
        elif target == seat:
            passes.append(tuple(view.received))
        else:
            after = sorted(set(hands[target]) | set(played[target]))
            passes.append(tuple(rng.sample(after, view.rules.pass_count)))
    return passes
