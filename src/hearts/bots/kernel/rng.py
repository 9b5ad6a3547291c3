"""The search kernel's random numbers: a small generator that gives the same numbers interpreted and compiled.

The state is one int in a one-element sequence (a list interpreted, an
array compiled), so that a kernel function can advance it in place. Every
step stays below 2**40, so Python ints and Numba's int64 agree exactly.
The generator is xorshift32 (Marsaglia, 2003): good enough to shuffle
cards, and cheap.

>>> state = [rng_seed(7, 3)]
>>> a = [rng_below(state, 10) for _ in range(5)]
>>> state = [rng_seed(7, 3)]
>>> a == [rng_below(state, 10) for _ in range(5)] and all(0 <= x < 10 for x in a)
True
"""

from __future__ import annotations

from collections.abc import Sequence

_MASK32 = 0xFFFFFFFF


def fold_seed(seed: int) -> int:
    """A seed of any size (not negative) folded below 2**32, every bit of it counted (plain Python, for callers).

    >>> fold_seed(5), fold_seed(5 << 32) == fold_seed(5), fold_seed(7 << 16) == fold_seed(7)
    (5, True, False)
    """
    folded = 0
    while seed:
        folded ^= seed & _MASK32
        seed >>= 32
    return folded


def rng_seed(base: int, index: int) -> int:
    """A nonzero 32-bit state for stream ``index`` of seed ``base`` (both below 2**32)."""
    x = (base ^ (index * 0x9E3779B1 & _MASK32)) & _MASK32
    x ^= (index >> 32) & _MASK32
    if x == 0:
        x = 0x6D2B79F5
    for _ in range(4):  # a few rounds, so that nearby seeds part ways
        x ^= (x << 13) & _MASK32
        x ^= x >> 17
        x ^= (x << 5) & _MASK32
    return x


def rng_next(state: Sequence[int]) -> int:
    """The next 32-bit number of the generator in ``state[0]`` (advanced in place)."""
    x = state[0]
    x ^= (x << 13) & _MASK32
    x ^= x >> 17
    x ^= (x << 5) & _MASK32
    state[0] = x  # type: ignore[index]
    return x


def rng_below(state: Sequence[int], k: int) -> int:
    """A number from 0 to ``k - 1`` (``k`` below 2**31)."""
    return (rng_next(state) * k) >> 32


def rng_unit(state: Sequence[int]) -> float:
    """A float in [0, 1)."""
    return rng_next(state) / 4294967296.0
