"""Worlds: full states that agree with everything one seat's view shows, with the hidden cards filled in.

A search deals the hidden cards into worlds (:mod:`hearts.bots.sampler`) and
plays them out; :func:`world` builds one, :class:`WorldMaker` many of one view
from a template. Both set the hand's state directly, as only the core may.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import SUIT_MASKS, SUIT_OF, Card
from .deal import card_masks
from .enums import PassDirection
from .hand import MOON, PLAY, Hand
from .kernel import trick_points
from .view import SeatView


def world(view: SeatView, hands: Sequence[Sequence[Card]], kitty: Sequence[Card] = ()) -> Hand:
    """A full state (a *world*) that agrees with everything public in ``view``.

    ``hands`` are the cards each seat holds now (the viewer's own must be
    its real hand) and ``kitty`` the kitty's cards: a search samples the
    hidden ones and plays the world out. Only for the play and moon
    phases. The world's ``deal`` is each seat's hand plus the cards it
    played, and its ``passes`` and ``received`` are the viewer's own
    (empty for the others, whose passes are unknown).
    """
    if view.phase not in (PLAY, MOON):
        raise ValueError(f"a world is built in the play or moon phase, not {view.phase!r}")
    rules, n = view.rules, view.players
    if len(hands) != n or len(kitty) != view.kitty_size:
        raise ValueError("a world needs one hand per seat and the kitty's cards")
    played = view.played_by_seat()
    masks = [card_masks(hands[s]) for s in range(n)]
    h = object.__new__(Hand)
    h._setup(rules, [m[0] for m in masks], [m[1] for m in masks], tuple(sorted(kitty)), view.dealer, view.hand_number)
    dealt = [card_masks(list(hands[s]) + played[s]) for s in range(n)]
    h._dealt = (tuple(m[0] for m in dealt), tuple(m[1] for m in dealt))
    if h.pass_direction != PassDirection.NONE:  # others' passes are unknown: empty, but made
        h.passes = [() for _ in range(n)]
        h.received = [() for _ in range(n)]
    if view.seat is not None:
        h.passes[view.seat] = view.passed
        h.received[view.seat] = view.received
    h.phase = PLAY if view.phase == PLAY else MOON  # our own constants, even for an unpickled view
    h.tricks = list(view.tricks)
    h.plays = [c for t in view.tricks for c in t.cards] + list(view.trick)
    h.trick = list(view.trick)
    h.broken = view.hearts_broken
    h.voids = list(view.voids)
    for i, t in enumerate(view.tricks):
        cards = list(t.cards) + (list(h.kitty) if i == 0 else [])
        gained = trick_points(cards, len(cards))
        if t.winner is None:
            h.pile.extend(cards)
            h.pile_points += gained
        else:
            h.taken[t.winner].extend(cards + h.pile)
            h.points_taken[t.winner] += gained + h.pile_points
            h.pile, h.pile_points = [], 0
            h.last_winner = t.winner
    if h.phase == PLAY:
        h.leader = view.trick_leader if view.trick_leader is not None else view.seats_to_act[0]
        h.to_move = view.seats_to_act[0]
        if h.trick:
            suit = SUIT_OF[h.trick[0]]
            h._suit, h._led, h._void_bit = SUIT_MASKS[suit], suit, 1 << suit
        h._legal = h._compute_legal()
    else:
        h.leader = h.to_move = view.seats_to_act[0]
        h.shooter = view.shooter
        h._legal = 0
    return h


class WorldMaker:
    """:func:`world` for many worlds of one view: what the view fixes is worked out once.

    A search builds thousands of worlds of one view; each is a copy of one
    template (the tricks, the points taken, the voids, the passes) with the
    sampled hands put in, and the sampled kitty put where the first trick
    took it (a winner's cards, or the set-aside pile). The worlds equal
    :func:`world`'s (a test compares every field).

    >>> from hearts.core import Rules
    >>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)  # no passing
    >>> hand.play(hand.legal_cards()[0])
    >>> view = hand.view(1)
    >>> hands = [hand.hand_cards(s) for s in range(4)]
    >>> world = WorldMaker(view)(hands)
    >>> world.hand_cards(2) == hand.hand_cards(2), world.legal_mask() == hand.legal_mask()
    (True, True)
    """

    __slots__ = ("n", "kitty_size", "played", "template", "kitty_at")

    def __init__(self, view: SeatView) -> None:
        n, k = view.players, view.kitty_size
        self.n = n
        self.kitty_size = k
        self.played = [card_masks(cards) for cards in view.played_by_seat()]
        # the template's kitty is k copies of a card worth no points, put back per world
        self.template = world(view, [[] for _ in range(n)], [0] * k)
        #: where the first trick left the kitty: (seat, offset in its cards taken), seat -1 for the pile;
        #: None before the first trick is done
        self.kitty_at: tuple[int, int] | None = None
        if k and view.tricks:
            taken = [0] * n  # cards taken so far, per seat
            pile = 0
            at: tuple[int, int] | None = None
            for i, t in enumerate(view.tricks):
                size = len(t.cards) + (k if i == 0 else 0)
                if t.winner is None:
                    if i == 0:
                        at = (-1, len(t.cards))
                    pile += size
                    continue
                if i == 0:
                    at = (t.winner, taken[t.winner] + len(t.cards))
                elif at is not None and at[0] < 0:  # the pile, kitty and all, goes with this trick
                    at = (t.winner, taken[t.winner] + len(t.cards) + at[1])
                taken[t.winner] += size + pile
                pile = 0
            self.kitty_at = at

    def __call__(self, hands: Sequence[Sequence[Card]], kitty: Sequence[Card] = ()) -> Hand:
        """The world with these current hands (per seat) and kitty."""
        n, k = self.n, self.kitty_size
        if len(hands) != n or len(kitty) != k:
            raise ValueError("a world needs one hand per seat and the kitty's cards")
        h = self.template.clone()
        lo, hi, dealt_lo, dealt_hi = [], [], [], []
        for s in range(n):
            a, b = card_masks(hands[s])
            pa, pb = self.played[s]
            lo.append(a)
            hi.append(b)
            dealt_lo.append(a | pa)
            dealt_hi.append(b | pb | (a & pa))  # a card held once and played once was dealt twice
        h.lo, h.hi = lo, hi
        h._dealt = (tuple(dealt_lo), tuple(dealt_hi))
        if k:
            h.kitty = tuple(sorted(kitty))
            if self.kitty_at is not None:
                seat, at = self.kitty_at
                gained = trick_points(h.kitty, len(h.kitty))
                if seat < 0:
                    h.pile[at : at + k] = h.kitty
                    h.pile_points += gained
                else:
                    h.taken[seat][at : at + k] = h.kitty
                    h.points_taken[seat] += gained
        if h.phase == PLAY:
            h._legal = h._compute_legal()
        return h
