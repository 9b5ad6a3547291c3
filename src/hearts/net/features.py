"""Per-card features, computed from observations only (so from the seat's view only).

The net scores each candidate card with the context of the whole view plus a
few facts about that card that a player would look at first: how many
higher and lower cards of its suit are still out, whether it would win the
trick now, the trick's points so far. They are derived from the encoded
observation (:func:`hearts.observe.encode`), vectorised over a batch,
so training (from stored rows) and play (from a live view) compute exactly
the same numbers and no hidden card can enter them. The NumPy-free net
computes the same features of its candidate cards only
(:func:`hearts.net.pure.card_features`).

>>> from hearts.core import Hand, Rules
>>> from hearts.observe import encode
>>> rules = Rules.standard(4)
>>> obs = encode(Hand.from_seed(rules, seed=1).view(0))[None, :]
>>> f = card_features(obs, rules)
>>> f.shape, FEATURES[0]
((1, 52, 13), 'held')
>>> float(f[0, 0, FEATURES.index("lower_out")])  # the 2 of clubs: no lower club exists
0.0
"""

from __future__ import annotations

import numpy as np

from hearts.core import Rules
from hearts.core.kernel import MOON_SCORE, QUEEN_POINTS, card_points
from hearts.observe import segment_slices

from .meta import FEATURES

__all__ = ["FEATURES", "card_features"]

#: points of each card in the penalty count, from the rules kernel (hearts 1, the queen of spades 13)
_POINTS = np.array([card_points(c) for c in range(52)], dtype=np.float32)
_CARD_POINTS = (_POINTS / float(QUEEN_POINTS)).reshape(4, 13)
_RANKS = np.arange(13, dtype=np.float32)


def card_features(obs: np.ndarray, rules: Rules) -> np.ndarray:
    """``(batch, 52, len(FEATURES))`` float32 features of every card for each observation row.

    - ``held``: copies of the card in the seat's hand; ``out``: copies no one has shown yet
      (not held, not played);
    - ``lower_out`` / ``higher_out``: cards of its suit still out below / above it (/ 13);
    - ``suit_held`` / ``suit_out``: the seat's cards of the suit / the suit's cards still out (/ 13);
    - ``suit_voids``: the share of the other seats that have shown a void in the suit;
    - ``leading``: the trick is empty; ``follows``: the card is of the suit led;
    - ``beats``: it follows and is higher than every card of the led suit in the trick;
    - ``last``: the seat plays last to the trick; ``trick_points``: points in the trick (/ 26);
    - ``card_points``: the card's own points (/ 13).
    """
    sl = segment_slices(rules)
    n, b = rules.players, obs.shape[0]
    out = np.empty((b, 4, 13, len(FEATURES)), dtype=np.float32)  # each feature written in place: no stacking
    hand = obs[:, sl["hand"]]
    played = obs[:, sl["played_by_seat"]].reshape(b, n, 52).sum(axis=1)  # includes the current trick
    trick = obs[:, sl["trick_by_seat"]].reshape(b, n, 52)
    held = hand.reshape(b, 4, 13)
    rest = np.clip(rules.copies - hand - played, 0.0, None).reshape(b, 4, 13)  # copies still out
    upto = np.cumsum(rest, axis=2)
    total = upto[:, :, -1:]
    out[..., 0] = held
    out[..., 1] = rest
    out[..., 2] = (upto - rest) / 13.0  # lower_out
    out[..., 3] = (total - upto) / 13.0  # higher_out
    out[..., 4] = held.sum(axis=2, keepdims=True) / 13.0
    out[..., 5] = total / 13.0
    out[..., 6] = (obs[:, sl["voids"]].reshape(b, n, 4)[:, 1:, :].sum(axis=1) / max(1, n - 1))[:, :, None]

    in_trick = trick.sum(axis=1)  # (b, 52)
    size = in_trick.sum(axis=1)
    rows = np.arange(b)
    lead_cards = trick[rows, np.argmax(obs[:, sl["trick_leader"]], axis=1)]  # the leader's block: the card led
    has_lead = lead_cards.sum(axis=1) > 0  # a card has been led (an empty trick has a leader but no suit)
    lead_suit = np.argmax(lead_cards.reshape(b, 4, 13).sum(axis=2), axis=1)
    led = np.zeros((b, 4), dtype=np.float32)
    led[rows, lead_suit] = has_lead
    led_in_trick = in_trick.reshape(b, 4, 13)[rows, lead_suit] > 0  # (b, 13)
    best = np.where(led_in_trick, _RANKS, -1.0).max(axis=1)  # the highest rank of the led suit in the trick
    out[..., 7] = (size == 0)[:, None, None]  # leading
    out[..., 8] = led[:, :, None]  # follows
    out[..., 9] = led[:, :, None] * (_RANKS[None, None, :] > best[:, None, None])  # beats
    out[..., 10] = (size == n - 1)[:, None, None]  # last
    out[..., 11] = (in_trick @ _POINTS / float(MOON_SCORE))[:, None, None]
    out[..., 12] = _CARD_POINTS
    return out.reshape(b, 52, len(FEATURES))
