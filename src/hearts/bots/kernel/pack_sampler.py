"""Pack a :class:`~hearts.bots.sampler.WorldSampler`'s bookkeeping into the arrays of the sampler kernel.

The bookkeeping of a view (unseen cards, forced cards, allowed masks, caps,
the seats' order) is ``WorldSampler.__init__``'s; this module only lays it
out as :func:`hearts.bots.kernel.sampler.sample_world` reads it, and reads
the kernel's lo/hi masks back as card lists. Plain Python: it is not a
kernel module.

>>> import random
>>> from hearts.bots.kernel import sampler as kernel
>>> from hearts.bots.sampler import WorldSampler
>>> from hearts.core import Hand, Rules
>>> hand = Hand.from_seed(Rules.standard(4), seed=3, number=4)
>>> hand.play(hand.legal_cards()[0])
>>> packed = pack_sampler(WorldSampler(hand.view(2)))
>>> out_lo, out_hi = packed.outputs()
>>> kernel.sample_world(*packed.inputs(), [kernel_seed(1)], *packed.scratch(), out_lo, out_hi) > 0
True
>>> hands, kitty = packed.unpack(out_lo, out_hi)
>>> [len(h) for h in hands], kitty, hands[2] == hand.hand_cards(2)
([12, 13, 13, 13], [], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from hearts.bots.kernel.rng import rng_seed
from hearts.bots.kernel.sampler import ALL_CARDS
from hearts.bots.sampler import WorldSampler

#: turns a list of ints into the sequence type a kernel takes (``list`` interpreted, an int64 array compiled)
ArrayOf = Callable[[list[int]], Any]
#: sample_world's view arguments: pool, pool_size, allowed, caps, constrained, n_constrained, free, n_free,
#: base_lo, base_hi, players
Inputs = tuple[Any, int, Any, Any, Any, int, Any, int, Any, Any, int]


def kernel_seed(seed: int, stream: int = 0) -> int:
    """The kernel generator's state for a seed (``rng_seed``, with the seed folded below 2**32)."""
    return rng_seed(seed & 0xFFFFFFFF, stream)


@dataclass(frozen=True)
class PackedSampler:
    """A view's sampling bookkeeping as the kernel's arrays (see :mod:`hearts.bots.kernel.sampler`)."""

    players: int
    #: the unseen cards to deal, once per copy
    pool: list[int]
    #: per seat and the kitty (index ``players``): the cards it may hold, how many pool cards it takes
    allowed: list[int]
    caps: list[int]
    #: the constrained seats, tightest first, and the free seats
    constrained: list[int]
    free: list[int]
    #: per seat, the cards it surely holds (the viewer's hand, forced cards), as Hand.lo/Hand.hi masks
    base_lo: list[int]
    base_hi: list[int]

    def inputs(self, array: ArrayOf = list) -> Inputs:
        """``sample_world``'s arguments before ``state``: pool, pool_size, allowed, caps, constrained, n_constrained,
        free, n_free, base_lo, base_hi, players (``array`` makes each sequence)."""
        return (
            array(self.pool),
            len(self.pool),
            array(self.allowed),
            array(self.caps),
            array(self.constrained),
            len(self.constrained),
            array(self.free),
            len(self.free),
            array(self.base_lo),
            array(self.base_hi),
            self.players,
        )

    def scratch(self, array: ArrayOf = list) -> tuple[Any, Any, Any]:
        """``sample_world``'s scratch sequences: slots, owner, deck (one entry more than the pool, never empty)."""
        size = len(self.pool) + 1
        return array([0] * size), array([0] * size), array([0] * size)

    def outputs(self, array: ArrayOf = list, count: int = 1) -> tuple[Any, Any]:
        """Zeroed ``out_lo``, ``out_hi`` for ``count`` deals (``players + 1`` entries each: the seats, then the kitty)."""
        size = (self.players + 1) * count
        return array([0] * size), array([0] * size)

    def unpack(self, out_lo: Sequence[int], out_hi: Sequence[int], index: int = 0) -> tuple[list[list[int]], list[int]]:
        """Deal ``index`` of the kernel's output as ``WorldSampler.sample`` gives it: every seat's cards, the kitty's."""
        width = self.players + 1
        cards: list[list[int]] = []
        for s in range(width):
            lo, hi = int(out_lo[index * width + s]), int(out_hi[index * width + s])
            cards.append(sorted([c for c in range(52) if lo >> c & 1] + [c for c in range(52) if hi >> c & 1]))
        return cards[: self.players], cards[self.players]


def pack_sampler(sampler: WorldSampler) -> PackedSampler:
    """The kernel's arrays for the view ``sampler`` was built for (its own bookkeeping, laid out)."""
    n = sampler.n
    view = sampler.view
    base_lo, base_hi = [0] * n, [0] * n
    held: list[list[int]] = [list(f) for f in sampler.forced]
    assert view.seat is not None  # WorldSampler refuses a spectator's view
    held[view.seat] = list(view.hand)
    for s in range(n):
        for c in held[s]:
            b = 1 << c
            if base_lo[s] & b:
                base_hi[s] |= b
            else:
                base_lo[s] |= b
    return PackedSampler(
        players=n,
        pool=list(sampler.pool),
        allowed=list(sampler.allowed) + [ALL_CARDS],
        caps=list(sampler.caps) + [sampler.kitty_size],
        constrained=list(sampler.constrained),
        free=list(sampler.free),
        base_lo=base_lo,
        base_hi=base_hi,
    )
