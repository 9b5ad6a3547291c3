"""The static facts of a table that the JAX functions are compiled for (hashable: a jit's static configuration)."""

from __future__ import annotations

from dataclasses import dataclass

from hearts.core import Rules
from hearts.core.cards import HEARTS_MASK, SUIT_OF
from hearts.core.kernel import POINT_MASK, card_points
from hearts.core.rules import PASS_OFFSETS
from hearts.observe import DIRECTIONS, LIMIT, size
from hearts.vec import VecHearts


def _bits(mask: int) -> tuple[bool, ...]:
    return tuple(bool(mask >> c & 1) for c in range(52))


def _scaled(top: int, by: int) -> tuple[float, ...]:
    """``k / by`` clipped to the observation's bound, for k = 0 .. top (a table: the same floats as NumPy's division)."""
    return tuple(max(-LIMIT, min(LIMIT, k / by)) for k in range(top + 1))


@dataclass(frozen=True)
class Config:
    """One table's constants, read from :class:`hearts.core.Rules` as :class:`hearts.vec.VecHearts` reads them."""

    batch: int
    players: int
    reward: str
    deck: tuple[int, ...]  #: the card ids of the deck(s), with repeats for two decks
    cards_each: int
    two_decks: bool
    pass_count: int
    offsets: tuple[int, ...]  #: the pass offset of each place of the pass cycle
    directions: tuple[int, ...]  #: the index in hearts.observe.DIRECTIONS of each place of the cycle
    low_club: int
    breakers: tuple[bool, ...]  #: per card: does playing it break hearts
    not_point: tuple[bool, ...]  #: per card: not a point card (hearts and the queen of spades)
    not_heart: tuple[bool, ...]
    restrict_first: bool  #: no point cards on the first trick (when one can)
    jack_of_diamonds: bool
    two_pairs_void_trick: bool
    previous_winner: bool  #: last_trick_unwon == "previous_winner"
    moon_points: int
    moon_adds: tuple[bool, ...]  #: per shooter: the moon adds to the others (else it subtracts from the shooter)
    size: int  #: the observation's length
    taken_scale: tuple[float, ...]  #: points taken k -> k / moon points, clipped
    size_scale: tuple[float, ...]  #: cards held k -> k / cards each, clipped

    @classmethod
    def of(cls, rules: Rules, batch: int, reward: str) -> Config:
        n = rules.players
        cycle = rules.pass_cycle
        top = 52 * rules.copies
        return cls(
            batch=batch,
            players=n,
            reward=reward,
            deck=tuple(rules.deck),
            cards_each=rules.cards_each,
            two_decks=rules.copies == 2,
            pass_count=rules.pass_count,
            offsets=tuple(PASS_OFFSETS[d] % n for d in cycle),
            directions=tuple(DIRECTIONS.index(d) for d in cycle),
            low_club=rules.lowest_club,
            breakers=_bits(rules.breakers),
            not_point=tuple(not b for b in _bits(POINT_MASK)),
            not_heart=tuple(not b for b in _bits(HEARTS_MASK)),
            restrict_first=not rules.points_on_first_trick,
            jack_of_diamonds=bool(rules.jack_of_diamonds),
            two_pairs_void_trick=rules.two_pairs_void_trick,
            previous_winner=rules.last_trick_unwon == "previous_winner",
            moon_points=rules.moon_points,
            moon_adds=tuple(bool(x) for x in VecHearts(rules, 1).moon_adds),  # the moon choice exactly as hearts.vec resolves it
            size=size(rules),
            taken_scale=_scaled(POINTS_TOTAL * rules.copies, rules.moon_points),
            size_scale=_scaled(top, rules.cards_each),
        )


#: the suit of each card id, and its points (from the rules kernel)
SUIT = SUIT_OF
POINT: tuple[int, ...] = tuple(card_points(c) for c in range(52))
#: the points of one deck
POINTS_TOTAL = sum(POINT)
