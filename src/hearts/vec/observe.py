"""Observations over the batch: :func:`hearts.observe.encode`'s vector, built from the arrays at once.

The segments, their order and scaling are :mod:`hearts.observe`'s
(the same vector that :mod:`hearts.rl` gives for the same seat and moment;
the differential test checks it element by element). A one-hand episode's
scores are all zero.

:func:`observe_packed` gives the same vectors packed (the card segments as
bitmasks): a learner that moves observations to an accelerator can unpack
them there (:func:`unpack_observation` is the NumPy way).

>>> from hearts.core import Rules
>>> from hearts.vec import VecHearts
>>> env = VecHearts(Rules.standard(4), batch=3)
>>> env.reset(seed=2)
>>> obs = env.observe()
>>> obs.shape, obs.dtype, obs[:, :52].sum(axis=1).tolist()
((3, 613), dtype('float32'), [13.0, 13.0, 13.0])
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numpy.typing import NDArray

from hearts.core import Rules
from hearts.observe import DIRECTIONS, LIMIT, segment_slices, size

from .bits import BITS, ZERO, popcount

if TYPE_CHECKING:
    from .engine import VecHearts


class PackedObservation(NamedTuple):
    """:func:`observe`'s vectors packed: the card segments as bitmasks, the numeric tail as floats.

    ``cards`` (uint64, shape (batch, 3 + 2n), or (batch, 6 + 3n) with two
    decks): the masks of ``hand``, ``passed``, ``received``, ``played_by_seat``
    (n) and ``trick_by_seat`` (n), then with two decks the second copies of
    the first 3 + n. ``tail`` (float32): the vector from ``trick_leader`` on.
    About a seventh of the bytes of the vector (4-player Hearts: 252 against
    2,452), so it is faster to make, to keep and to move to an accelerator;
    :func:`unpack_observation` (or the same few lines on the device: bit
    ``c`` of a mask is card ``c``) gives the vector back.
    """

    cards: NDArray[np.uint64]
    tail: NDArray[np.float32]


def observe(env: VecHearts, seats: NDArray[np.int64], out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The observation of seat ``seats[b]`` of each game ``b``, shape (batch, size).

    ``out``: a float32 array of that shape to write into (a rollout buffer
    reused step after step saves allocating 2.5 MB per 1,000 games).
    """
    return unpack_observation(observe_packed(env, seats), env.rules, out)


def observe_packed(env: VecHearts, seats: NDArray[np.int64]) -> PackedObservation:
    """:func:`observe`'s vectors of seat ``seats[b]`` of each game ``b``, packed.

    >>> from hearts.core import Rules
    >>> from hearts.vec import VecHearts
    >>> env = VecHearts(Rules.standard(4), batch=2)
    >>> env.reset(seed=2)
    >>> packed = env.observe_packed()
    >>> packed.cards.shape, packed.tail.shape
    ((2, 11), (2, 41))
    >>> bool((unpack_observation(packed, env.rules) == env.observe()).all())
    True
    """
    rules, n, B = env.rules, env.players, env.batch
    seats = np.asarray(seats, dtype=np.int64)
    if seats.shape != (B,) or ((seats < 0) | (seats >= n)).any():
        raise ValueError(f"seats must be an array of shape ({B},) of seats from 0 to {n - 1}")
    sl = segment_slices(rules)
    blocks = 3 + 2 * n
    rows = np.arange(B) * n
    own = rows + seats
    rel = rows[:, None] + _relative(n)[seats]  # block k: the seat k places to the left
    playing = env.phase == 1
    trick = env.trick.reshape(-1)[rel]
    cards = np.empty((B, blocks + (3 + n if env.two_decks else 0)), dtype="<u8")
    cards[:, 0] = env.hands.reshape(-1)[own]
    cards[:, 1] = env.picks.reshape(-1)[own]
    cards[:, 2] = env.received.reshape(-1)[own]
    cards[:, 3 : 3 + n] = env.played.reshape(-1)[rel]
    cards[:, 3 + n : blocks] = np.where((trick >= 0) & playing[:, None], BITS[np.maximum(trick, 0)], ZERO)
    if env.two_decks:  # counts: the second copies
        cards[:, blocks] = env.hands_hi.reshape(-1)[own]
        cards[:, blocks + 1] = env.picks_hi.reshape(-1)[own]
        cards[:, blocks + 2] = env.received_hi.reshape(-1)[own]
        cards[:, blocks + 3 :] = env.played_hi.reshape(-1)[rel]
    base: int = sl["trick_leader"].start
    tail = np.zeros((B, size(rules) - base), dtype=np.float32)

    def at(name: str) -> int:
        start: int = sl[name].start
        return start - base

    g = np.flatnonzero(playing)
    tail[g, (env.leader[g] - seats[g]) % n] = 1.0
    tail[:, at("voids") : at("voids") + 4 * n] = _VOIDS[env.voids.reshape(-1)[rel]].reshape(B, 4 * n)
    taken = env.points_taken.reshape(-1)[rel]
    sizes = popcount(env.hands.reshape(-1)[rel]).astype(np.int64)
    if env.two_decks:
        # the kitty stays hidden until the hand ends: its taker is seen with the points of its tricks only
        hidden = (env.phase != 3) & (env.kitty_taker >= 0)
        k = (env.kitty_taker - seats) % n
        taken[hidden, k[hidden]] -= env.kitty_points[hidden]
        sizes += popcount(env.hands_hi.reshape(-1)[rel])
    tail[:, at("points_taken") : at("points_taken") + n] = np.clip(taken / rules.moon_points, -LIMIT, LIMIT)
    tail[:, at("hand_sizes") : at("hand_sizes") + n] = np.clip(sizes / rules.cards_each, -LIMIT, LIMIT)
    every = np.arange(B)
    tail[every, at("phase") + env.phase] = 1.0
    direction = np.array([DIRECTIONS.index(d) for d in env.cycle])[env.number - 1]
    tail[every, at("pass_direction") + direction] = 1.0
    tail[:, at("hearts_broken")] = env.broken
    return PackedObservation(cards, tail)


def unpack_observation(packed: PackedObservation, rules: Rules, out: NDArray[np.float32] | None = None) -> NDArray[np.float32]:
    """The observation vectors of ``packed`` (made for ``rules``), shape (batch, size), written into ``out`` when given."""
    n, B = rules.players, packed.cards.shape[0]
    blocks, width = 3 + 2 * n, size(rules)
    if packed.cards.shape != (B, blocks + (3 + n if rules.copies == 2 else 0)) or packed.tail.shape != (B, width - 52 * blocks):
        raise ValueError(f"packed observations of shapes {packed.cards.shape} and {packed.tail.shape} are not of these rules")
    if out is None:
        out = np.empty((B, width), dtype=np.float32)
    elif out.shape != (B, width) or out.dtype != np.float32:
        raise ValueError(f"out must be a float32 array of shape ({B}, {width}), not {out.dtype} {out.shape}")
    masks = np.ascontiguousarray(packed.cards, dtype="<u8").view(np.uint8).reshape(B, -1, 8)
    card_part = out[:, : 52 * blocks].reshape(B, blocks, 52)  # a view
    card_part[...] = np.unpackbits(masks[:, :blocks], axis=-1, count=52, bitorder="little")
    if masks.shape[1] > blocks:
        card_part[:, : 3 + n] += np.unpackbits(masks[:, blocks:], axis=-1, count=52, bitorder="little")
    out[:, 52 * blocks :] = packed.tail
    return out


@lru_cache(maxsize=16)
def _relative(n: int) -> NDArray[np.int64]:
    """Row ``s``: the seats 0, 1, ... places to the left of seat ``s``."""
    out: NDArray[np.int64] = (np.arange(n)[:, None] + np.arange(n)) % n
    return out


#: the four void flags (C D H S) of each 4-bit voids value, as floats
_VOIDS: NDArray[np.float32] = ((np.arange(16)[:, None] >> np.arange(4)) & 1).astype(np.float32)
