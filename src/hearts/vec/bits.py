"""Card sets over a batch: uint64 bitmasks (bit ``c`` is card ``c``, as in :mod:`hearts.core.cards`).

>>> import numpy as np
>>> m = cards_mask(np.array([[0, 5, 51]]))
>>> int(m[0]), int(popcount(m)[0])
(2251799813685281, 3)
>>> np.flatnonzero(unpack(m)[0]).tolist()
[0, 5, 51]
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from hearts.core.cards import BIT, SUIT_MASKS, SUIT_OF
from hearts.core.kernel import card_points

U64 = np.uint64
#: the mask of each card id, as uint64
BITS: NDArray[np.uint64] = np.array(BIT, dtype=U64)
#: each suit's mask (C D H S), as uint64
SUITS: NDArray[np.uint64] = np.array(SUIT_MASKS, dtype=U64)
#: the suit of each card id
SUIT: NDArray[np.int64] = np.array(SUIT_OF, dtype=np.int64)
#: the points of each card id before house rules, from the rules kernel
POINT: NDArray[np.int64] = np.array([card_points(c) for c in range(52)], dtype=np.int64)
ZERO = U64(0)


def cards_mask(cards: NDArray[Any], axis: int = -1) -> NDArray[np.uint64]:
    """The set of the cards along ``axis`` (card ids, distinct), as uint64 masks."""
    out: NDArray[np.uint64] = np.bitwise_or.reduce(BITS[cards], axis=axis)
    return out


def popcount(masks: NDArray[np.uint64]) -> NDArray[np.uint8]:
    """How many cards each mask holds."""
    out: NDArray[np.uint8] = np.bitwise_count(masks)
    return out


def unpack(masks: NDArray[np.uint64]) -> NDArray[np.uint8]:
    """Masks of shape ``S`` as 0/1 bytes of shape ``S + (52,)`` (index = card id)."""
    m = np.ascontiguousarray(masks, dtype="<u8")
    bits = np.unpackbits(m.view(np.uint8).reshape(*m.shape, 8), axis=-1, bitorder="little")
    out: NDArray[np.uint8] = bits[..., :52]
    return out


def pick_random(masks: NDArray[np.uint64], rng: np.random.Generator) -> NDArray[np.int64]:
    """One card drawn uniformly from each non-empty mask (0 for an empty one).

    >>> rng = np.random.default_rng(0)
    >>> sorted({int(pick_random(np.array([0b1010], dtype=np.uint64), rng)[0]) for _ in range(50)})
    [1, 3]
    """
    count = popcount(masks).astype(np.int64)
    k = (rng.random(masks.shape[0]) * count).astype(np.int64)  # the k-th set bit, k < count
    return nth_bit(masks, k)


def nth_bit(masks: NDArray[np.uint64], k: NDArray[np.int64]) -> NDArray[np.int64]:
    """The card id of the ``k``-th lowest set bit of each mask (k counts from 0; 0 where there is none).

    >>> nth_bit(np.array([0b10110, 0b10110], dtype=np.uint64), np.array([0, 2])).tolist()
    [1, 4]
    """
    data = np.ascontiguousarray(masks, dtype="<u8").view(np.uint8).reshape(-1, 8)
    before = np.cumsum(np.bitwise_count(data), axis=1, dtype=np.int64)  # set bits up to each byte
    byte = np.minimum((before <= k[:, None]).sum(axis=1), 7)  # the byte holding the k-th bit
    rows = np.arange(data.shape[0])
    k_in = k - np.where(byte > 0, before[rows, np.maximum(byte - 1, 0)], 0)
    out: NDArray[np.int64] = byte * 8 + _NTH_IN_BYTE[data[rows, byte], np.clip(k_in, 0, 7)]
    return out


def _nth_in_byte_table() -> NDArray[np.int64]:
    table = np.zeros((256, 8), dtype=np.int64)
    for v in range(256):
        ones = [i for i in range(8) if v >> i & 1]
        for j, i in enumerate(ones):
            table[v, j] = i
    return table


_NTH_IN_BYTE = _nth_in_byte_table()
