"""The observation: one seat's view as a fixed-size vector of named segments.

Built only from a :class:`~hearts.core.SeatView` (never from the state), so
it cannot hold a card the seat may not know. Seats are *relative*: block
``k`` of a per-seat segment is the seat ``k`` places to the observer's left
(block 0 is the observer). Card segments hold counts (0-2: Cancellation
Hearts has two decks); the numeric segments are scaled and clipped to
``[-LIMIT, LIMIT]``.

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
from functools import lru_cache

import numpy as np

from hearts.core import Card, Rules, SeatView

PHASES = ("pass", "play", "moon", "done")
DIRECTIONS = ("left", "right", "across", "none")
#: bound of the scaled numeric segments (points taken, scores, hand sizes)
LIMIT = 4.0


def segments(rules: Rules) -> list[tuple[str, int]]:
    """The observation's segments, in order, as (name, size).

    - ``hand`` (52): the cards the seat holds (counts);
    - ``passed`` (52): the cards it passed (while passing: those picked so far);
    - ``received`` (52): the cards passed to it (after the exchange);
    - ``played_by_seat`` (players x 52): the cards each seat has played this hand;
    - ``trick_by_seat`` (players x 52): the card each seat played to the current trick;
    - ``trick_leader`` (players): one-hot, the seat that led the current trick;
    - ``voids`` (players x 4): suits each seat has shown it lacks (C D H S);
    - ``points_taken`` (players): public points taken this hand / the moon total;
    - ``scores`` (players): game scores before this hand / the target;
    - ``hand_sizes`` (players): cards each seat holds / cards dealt each;
    - ``phase`` (4): one-hot pass, play, moon, done;
    - ``pass_direction`` (4): one-hot left, right, across, none;
    - ``hearts_broken`` (1).
    """
    n = rules.players
    return [
        ("hand", 52),
        ("passed", 52),
        ("received", 52),
        ("played_by_seat", n * 52),
        ("trick_by_seat", n * 52),
        ("trick_leader", n),
        ("voids", n * 4),
        ("points_taken", n),
        ("scores", n),
        ("hand_sizes", n),
        ("phase", len(PHASES)),
        ("pass_direction", len(DIRECTIONS)),
        ("hearts_broken", 1),
    ]


@lru_cache(maxsize=64)
def segment_slices(rules: Rules) -> dict[str, slice]:
    """Each segment's slice of the observation vector (do not modify: cached)."""
    out, start = {}, 0
    for name, size in segments(rules):
        out[name] = slice(start, start + size)
        start += size
    return out


def size(rules: Rules) -> int:
    """The length of the observation vector."""
    return sum(s for _, s in segments(rules))


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


def _add_cards(out: np.ndarray, start: int, cards: Sequence[Card]) -> None:
    for c in cards:
        out[start + c] += 1.0


def _clip(x: float) -> float:
    return -LIMIT if x < -LIMIT else LIMIT if x > LIMIT else x


def encode(view: SeatView, picked: Sequence[Card] = ()) -> np.ndarray:
    """The observation vector of ``view`` (a seat's view); ``picked``: cards chosen so far while passing."""
    seat = view.seat
    if seat is None:
        raise ValueError("an observation needs a seat's view, not a spectator's")
    rules, n = view.rules, view.players
    sl = segment_slices(rules)
    out = np.zeros(size(rules), dtype=np.float32)

    def rel(s: int) -> int:
        return (s - seat) % n

    _add_cards(out, sl["hand"].start, view.hand)
    _add_cards(out, sl["passed"].start, view.passed if view.passed is not None else picked)
    _add_cards(out, sl["received"].start, view.received or ())
    base = sl["played_by_seat"].start
    for s, cards in enumerate(view.played_by_seat()):
        _add_cards(out, base + 52 * rel(s), cards)
    if view.trick_leader is not None:
        base = sl["trick_by_seat"].start
        for i, c in enumerate(view.trick):
            out[base + 52 * rel((view.trick_leader + i) % n) + c] += 1.0
        out[sl["trick_leader"].start + rel(view.trick_leader)] = 1.0
    base = sl["voids"].start
    for s in range(n):
        for suit in range(4):
            if view.voids[s] >> suit & 1:
                out[base + 4 * rel(s) + suit] = 1.0
    scores = view.scores or (0,) * n
    target = rules.target or 100
    for s in range(n):
        r = rel(s)
        out[sl["points_taken"].start + r] = _clip(view.points_taken[s] / rules.moon_points)
        out[sl["scores"].start + r] = _clip(scores[s] / target)
        out[sl["hand_sizes"].start + r] = _clip(view.hand_sizes[s] / rules.cards_each)
    out[sl["phase"].start + PHASES.index(view.phase)] = 1.0
    out[sl["pass_direction"].start + DIRECTIONS.index(view.pass_direction)] = 1.0
    out[sl["hearts_broken"].start] = float(view.hearts_broken)
    return out


def action_mask(view: SeatView, picked: Sequence[Card] = ()) -> np.ndarray:
    """The cards (ids 0-51) ``view.seat`` may choose now: a legal card, or a card still held while passing.

    Zero everywhere when the seat is not to act.
    """
    mask = np.zeros(52, dtype=np.int8)
    if view.seat is None or view.seat not in view.seats_to_act:
        return mask
    if view.phase == "play":
        mask[list(view.legal)] = 1
    elif view.phase == "pass" and view.passed is None:
        counts = np.zeros(52, dtype=np.int16)
        np.add.at(counts, list(view.hand), 1)
        np.subtract.at(counts, list(picked), 1)
        mask[counts > 0] = 1
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
