"""The observation's layout and its nonzero entries, standard library only.

:func:`sparse_encode` decides every input of the observation: it lists the
nonzero ones as (index, value) pairs. :func:`hearts.observe.encode` builds
the NumPy vector from them; the NumPy-free net (:mod:`hearts.net.pure`)
reads them directly. So both see exactly the same inputs.

>>> from hearts.core import Hand, Rules
>>> rules = Rules.standard(4)
>>> index, value = sparse_encode(Hand.from_seed(rules, seed=1).view(0))
>>> sum(v for i, v in zip(index, value) if i < 52)  # the hand: 13 cards
13.0
>>> dense(rules, index, value)[segment_slices(rules)["phase"]]  # the pass phase
[1.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

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


def _clip(x: float) -> float:
    return -LIMIT if x < -LIMIT else LIMIT if x > LIMIT else x


def sparse_encode(view: SeatView, picked: Sequence[Card] = ()) -> tuple[list[int], list[float]]:
    """The nonzero inputs of ``view``'s observation as two lists, (indices, values); ``picked``: cards chosen so far
    while passing. An index may repeat (a card held twice in Cancellation Hearts): its values add up."""
    seat = view.seat
    if seat is None:
        raise ValueError("an observation needs a seat's view, not a spectator's")
    rules, n = view.rules, view.players
    sl = segment_slices(rules)
    start = sl["hand"].start
    index = [start + c for c in view.hand]
    start = sl["passed"].start
    index += [start + c for c in (view.passed if view.passed is not None else picked)]
    start = sl["received"].start
    index += [start + c for c in view.received or ()]
    base = sl["played_by_seat"].start
    for s, cards in enumerate(view.played_by_seat()):
        start = base + 52 * ((s - seat) % n)
        index += [start + c for c in cards]
    if view.trick_leader is not None:
        leader = view.trick_leader
        base = sl["trick_by_seat"].start
        index += [base + 52 * ((leader + i - seat) % n) + c for i, c in enumerate(view.trick)]
        index.append(sl["trick_leader"].start + (leader - seat) % n)
    base = sl["voids"].start
    for s, voids in enumerate(view.voids):
        if voids:
            index += [base + 4 * ((s - seat) % n) + suit for suit in range(4) if voids >> suit & 1]
    index.append(sl["phase"].start + PHASES.index(view.phase))
    index.append(sl["pass_direction"].start + DIRECTIONS.index(view.pass_direction))
    if view.hearts_broken:
        index.append(sl["hearts_broken"].start)
    value = [1.0] * len(index)
    scores = view.scores or (0,) * n
    target = rules.target or 100
    numbers = (
        (sl["points_taken"].start, view.points_taken, rules.moon_points),
        (sl["scores"].start, scores, target),
        (sl["hand_sizes"].start, view.hand_sizes, rules.cards_each),
    )
    for start, counts, scale in numbers:
        for s, count in enumerate(counts):
            if count:
                index.append(start + (s - seat) % n)
                value.append(_clip(count / scale))
    return index, value


def dense(rules: Rules, index: Sequence[int], value: Sequence[float]) -> list[float]:
    """The whole observation vector (a list) of :func:`sparse_encode`'s entries."""
    out = [0.0] * size(rules)
    for i, v in zip(index, value, strict=True):
        out[i] += v
    return out


def action_cards(view: SeatView, picked: Sequence[Card] = ()) -> list[Card]:
    """The card ids ``view.seat`` may choose now, ascending: the legal cards, or while passing the cards still held
    (less ``picked``). Empty when the seat is not to act."""
    if view.seat is None or view.seat not in view.seats_to_act:
        return []
    if view.phase == "play":
        return sorted(set(view.legal))
    if view.phase == "pass" and view.passed is None:
        left = list(view.hand)
        for c in picked:
            if c in left:
                left.remove(c)
        return sorted(set(left))
    return []
