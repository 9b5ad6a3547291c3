"""Seeded random play: hands and games where every choice is uniform.

Every random choice is drawn from the ``random.Random`` passed in, so the
same seed always gives the same hand or game:

- passing: each seat passes ``rules.pass_count`` cards drawn uniformly from
  its hand (``rng.sample``), seats in order 0..n-1;
- playing: a uniformly random legal card, ``k = int(rng.random() * count)``
  and the ``k``-th card of the legal mask in card order;
- the moon (``moon="choose"``): ``"add"`` or ``"subtract"`` with equal odds.

>>> import random
>>> from hearts.core import Rules
>>> h = play_random_hand(Rules.standard(4), random.Random(3))
>>> h.phase, sum(h.points_taken)
('done', 26)
>>> play_random_hand(Rules.standard(4), random.Random(3)).plays == h.plays
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from hearts.core import Card, CardMask, Game, Hand, Rules, random_deal

__all__ = [
    "finish_random",
    "nth_card",
    "play_random_game",
    "play_random_hand",
    "random_card",
    "random_moon_choice",
    "random_pass",
]


class _Table(Protocol):
    """What the driver needs: a :class:`Hand`, or a :class:`Game` (which also scores)."""

    def pass_cards(self, seat: int, cards: Sequence[Card]) -> None: ...

    def play(self, card: Card, seat: int | None = None) -> None: ...

    def choose_moon(self, seat: int, choice: str) -> None: ...


def nth_card(mask: CardMask, k: int) -> Card:
    """The ``k``-th card (0-based, in card order) of a non-empty mask.

    >>> nth_card(0b10110, 0), nth_card(0b10110, 2)
    (1, 4)
    """
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def random_card(mask: CardMask, rng: random.Random) -> Card:
    """A uniformly random card of a non-empty mask (one ``rng.random()`` draw)."""
    return nth_card(mask, int(rng.random() * mask.bit_count()))


def random_pass(hand: Hand, seat: int, rng: random.Random) -> list[Card]:
    """``rules.pass_count`` cards drawn uniformly from ``seat``'s hand."""
    return rng.sample(hand.hand_cards(seat), hand.rules.pass_count)


def random_moon_choice(rng: random.Random) -> str:
    """``"add"`` or ``"subtract"``, each with probability 1/2."""
    return "add" if rng.random() < 0.5 else "subtract"


def finish_random(hand: Hand, rng: random.Random, table: _Table | None = None) -> Hand:
    """Play ``hand`` to its end from any phase, at random; returns it.

    Actions go through ``table`` when given (a :class:`Game` whose current
    hand is ``hand``, so that the game scores it), else to ``hand`` itself.
    """
    t: _Table = hand if table is None else table
    if hand.phase == "pass":
        for seat in range(hand.n):
            if hand.passes[seat] is None:
                t.pass_cards(seat, random_pass(hand, seat, rng))
    play, rand = t.play, rng.random
    while hand.phase == "play":
        # random_card(), inlined: this loop is what `hearts bench` measures
        mask = hand.legal_mask()
        k = int(rand() * mask.bit_count())
        while k:
            mask &= mask - 1
            k -= 1
        play((mask & -mask).bit_length() - 1)
    if hand.phase == "moon":
        t.choose_moon(hand.to_move, random_moon_choice(rng))
    return hand


def play_random_hand(rules: Rules, rng: random.Random, number: int = 1, dealer: int = 0) -> Hand:
    """Deal a hand from ``rng`` and play it to the end at random.

    ``number`` is the hand number (it sets the pass direction), ``dealer``
    the dealing seat.
    """
    return finish_random(Hand.from_seed(rules, rng, dealer=dealer, number=number), rng)


def play_random_game(rules: Rules, rng: random.Random, first_dealer: int = 0) -> Game:
    """A whole game to the target score, every deal and choice drawn from ``rng``."""
    game = Game(rules, first_dealer=first_dealer, auto_deal=False)
    while game.needs_deal:
        deal, kitty = random_deal(rules, rng)
        hand = game.start_hand(deal, kitty)
        finish_random(hand, rng, game)
    return game
