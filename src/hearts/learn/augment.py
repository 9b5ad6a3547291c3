"""The clubs-diamonds mirror: a free second copy of most play rows.

Once the first trick is over, nothing in the rules tells clubs from
diamonds (the two of clubs only opens the hand; only hearts and the queen
of spades score) unless the jack of diamonds scores or the deck lacks a
club or diamond. So a play row with the two suits swapped everywhere (the
cards in every segment, the voids, the mask, the teacher's values and its
pick) is another true row. Pass rows and rows of the first trick are left
alone: holding the two of clubs decides who leads.

>>> import numpy as np
>>> perm = card_permutation()
>>> [int(perm[c]) for c in (0, 12, 13, 25, 26, 51)]
[13, 25, 0, 12, 26, 51]
"""

from __future__ import annotations

import numpy as np

from hearts.core import Rules
from hearts.observe import segment_slices

#: the 52-card segments of the observation (each a block of 52 per seat)
CARD_SEGMENTS = ("hand", "passed", "received", "played_by_seat", "trick_by_seat")


def card_permutation() -> np.ndarray:
    """Card id -> its mirror (clubs 0-12 and diamonds 13-25 swap; hearts and spades stay)."""
    perm = np.arange(52)
    perm[:13], perm[13:26] = np.arange(13, 26), np.arange(13)
    return perm


def mirrors(rules: Rules) -> bool:
    """Does the mirror keep the rules? (No scoring jack of diamonds; the deck lacks the same clubs as diamonds.)"""
    cards = card_permutation()
    return not rules.jack_of_diamonds and all(rules.deck_mask >> c & 1 == rules.deck_mask >> int(cards[c]) & 1 for c in range(26))


def observation_permutation(rules: Rules) -> np.ndarray:
    """Index map of the whole observation vector under the mirror (``mirrored = obs[:, perm]``)."""
    sl = segment_slices(rules)
    size = max(s.stop for s in sl.values())
    perm = np.arange(size)
    cards = card_permutation()
    for name in CARD_SEGMENTS:
        start, stop = sl[name].start, sl[name].stop
        for block in range(start, stop, 52):
            perm[block : block + 52] = block + cards
    voids = sl["voids"]
    for block in range(voids.start, voids.stop, 4):
        perm[block : block + 4] = block + np.array([1, 0, 2, 3])
    return perm


def mirror_rows(rules: Rules, obs: np.ndarray, mask: np.ndarray, values: np.ndarray, action: np.ndarray, rows: np.ndarray) -> None:
    """Mirror the selected ``rows`` (bool) of a batch in place: observation, mask, values and action."""
    if not rows.any():
        return
    cards = card_permutation()
    obs[rows] = obs[rows][:, observation_permutation(rules)]
    mask[rows] = mask[rows][:, cards]
    values[rows] = values[rows][:, cards]
    action[rows] = cards[action[rows]]


def past_first_trick(rules: Rules, obs: np.ndarray) -> np.ndarray:
    """Rows (bool) whose first trick is complete: at least one card per seat has been played."""
    sl = segment_slices(rules)
    played: np.ndarray = obs[:, sl["played_by_seat"]].sum(axis=1) >= rules.players
    return played
