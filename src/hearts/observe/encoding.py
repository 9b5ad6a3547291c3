"""The observation as a NumPy vector: one seat's view as a fixed-size vector of named segments.

Built only from a :class:`~hearts.core.SeatView` (never from the state), so
it cannot hold a card the seat may not know. Seats are *relative*: block
``k`` of a per-seat segment is the seat ``k`` places to the observer's left
(block 0 is the observer). Card segments hold counts (0-2: Cancellation
Hearts has two decks); the numeric segments are scaled and clipped to
``[-LIMIT, LIMIT]``. Which inputs are set is decided once, without NumPy, by
:func:`hearts.observe.layout.sparse_encode`; this module only lays them out.

>>> from hearts.core import Hand, Rules
>>> rules = Rules.standard(4)
>>> [name for name, _ in segments(rules)][:4]
['hand', 'passed', 'received', 'played_by_seat']
>>> obs = encode(Hand.from_seed(rules, seed=1).view(0))
>>> obs.shape, obs.dtype, int(obs[:52].sum())
((613,), dtype('float32'), 13)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hearts.core import Card, Rules, SeatView

from .layout import DIRECTIONS, LIMIT, PHASES, action_cards, segment_slices, segments, size, sparse_encode

__all__ = ["DIRECTIONS", "LIMIT", "PHASES", "action_mask", "bounds", "decode_cards", "encode", "segment_slices", "segments", "size"]


def bounds(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Per-element (low, high) of the observation: card counts in [0, copies], numbers in [-LIMIT, LIMIT]."""
    low = np.zeros(size(rules), dtype=np.float32)
    high = np.ones(size(rules), dtype=np.float32)
    sl = segment_slices(rules)
    for name in ("hand", "passed", "received", "played_by_seat", "trick_by_seat"):
        high[sl[name]] = rules.copies
    for name in ("points_taken", "scores", "hand_sizes"):
        low[sl[name]], high[sl[name]] = -LIMIT, LIMIT
    return low, high


def encode(view: SeatView, picked: Sequence[Card] = ()) -> np.ndarray:
    """The observation vector of ``view`` (a seat's view); ``picked``: cards chosen so far while passing."""
    index, value = sparse_encode(view, picked)
    out: np.ndarray = np.bincount(index, weights=value, minlength=size(view.rules)).astype(np.float32)
    return out


def action_mask(view: SeatView, picked: Sequence[Card] = ()) -> np.ndarray:
    """The cards (ids 0-51) ``view.seat`` may choose now: a legal card, or a card still held while passing.

    Zero everywhere when the seat is not to act.
    """
    mask = np.zeros(52, dtype=np.int8)
    mask[action_cards(view, picked)] = 1
    return mask


def decode_cards(obs: np.ndarray, rules: Rules, name: str) -> list[list[Card]]:
    """The cards a card segment holds, per 52-block (a count of 2: the card twice).

    >>> from hearts.core import Hand, Rules
    >>> rules = Rules.standard(4)
    >>> hand = Hand.from_seed(rules, seed=1)
    >>> decode_cards(encode(hand.view(2)), rules, "hand") == [hand.hand_cards(2)]
    True
    """
    seg = obs[segment_slices(rules)[name]]
    blocks = seg.reshape(-1, 52)
    return [[c for c in range(52) for _ in range(int(round(float(b[c]))))] for b in blocks]
