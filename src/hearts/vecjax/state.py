"""The batch's state as a pytree of arrays, and its loading from a NumPy :class:`~hearts.vec.VecHearts`.

Card sets are counts (int8, 0-2: two decks in Cancellation Hearts) of
shape (batch, players, 52), index = card id; everything else is int32 or
bool, with :class:`~hearts.vec.VecHearts`'s meaning (its attribute of the
same name).
"""

from __future__ import annotations

from typing import NamedTuple

import jax.numpy as jnp
import numpy as np
from jax import Array

from hearts.vec import VecHearts
from hearts.vec.bits import unpack


class State(NamedTuple):
    """B one-hand games of one table (shapes: (B,), (B, n) or (B, n, 52)); seats are absolute."""

    hands: Array  #: (B, n, 52) int8: the cards each seat holds
    picks: Array  #: (B, n, 52) int8: the cards each seat has picked to pass (then: passed)
    received: Array  #: (B, n, 52) int8: the cards passed to each seat (after the exchange)
    played: Array  #: (B, n, 52) int8: the cards each seat has played this hand
    trick: Array  #: (B, n): the card each seat played to the current trick, or -1
    voids: Array  #: (B, n, 4) bool: the suits (C D H S) each seat has shown it lacks
    points_taken: Array  #: (B, n): points taken in tricks (before the moon)
    jd_taken: Array  #: (B, n): jacks of diamonds taken
    points: Array  #: (B, n): the hand's points, once done (after the moon)
    kitty_points: Array  #: (B,): the kitty's points (two decks)
    kitty_jd: Array
    kitty_taker: Array  #: the seat that took the kitty with the first won trick, or -1
    pile_points: Array  #: the points of the set-aside tricks waiting to be taken
    pile_jd: Array
    pile: Array  #: bool: set-aside cards are waiting
    last_winner: Array  #: the latest trick's winner, or -1
    number: Array  #: the hand number (1 .. len(pass cycle)): its pass direction
    dealer: Array
    phase: Array  #: 0 passing, 1 playing, 3 done
    to_act: Array  #: the acting seat
    leader: Array  #: the seat that led the current trick
    led_suit: Array
    trick_len: Array
    tricks_done: Array
    broken: Array  #: bool: hearts broken
    shooter: Array  #: the seat that shot the moon, or -1
    trick_winner: Array  #: the winner of a trick the last step ended, -2 if set aside, else -1
    steps: Array  #: actions taken in the hand


def _counts(lo: np.ndarray, hi: np.ndarray) -> Array:
    return jnp.asarray(unpack(lo).astype(np.int8) + unpack(hi).astype(np.int8))


def from_vec(vec: VecHearts) -> State:
    """The games of ``vec`` (a NumPy :class:`~hearts.vec.VecHearts`, at any moment) as a :class:`State`."""

    def i32(x: np.ndarray) -> Array:
        return jnp.asarray(np.asarray(x, dtype=np.int32))

    voids = ((vec.voids[:, :, None] >> np.arange(4)) & 1).astype(bool)
    return State(
        hands=_counts(vec.hands, vec.hands_hi),
        picks=_counts(vec.picks, vec.picks_hi),
        received=_counts(vec.received, vec.received_hi),
        played=_counts(vec.played, vec.played_hi),
        trick=i32(vec.trick),
        voids=jnp.asarray(voids),
        points_taken=i32(vec.points_taken),
        jd_taken=i32(vec.jd_taken),
        points=i32(vec.points),
        kitty_points=i32(vec.kitty_points),
        kitty_jd=i32(vec.kitty_jd),
        kitty_taker=i32(vec.kitty_taker),
        pile_points=i32(vec.pile_points),
        pile_jd=i32(vec.pile_jd),
        pile=jnp.asarray(vec.pile.copy()),
        last_winner=i32(vec.last_winner),
        number=i32(vec.number),
        dealer=i32(vec.dealer),
        phase=i32(vec.phase),
        to_act=i32(vec.to_act),
        leader=i32(vec.leader),
        led_suit=i32(vec.led_suit),
        trick_len=i32(vec.trick_len),
        tricks_done=i32(vec.tricks_done),
        broken=jnp.asarray(vec.broken.copy()),
        shooter=i32(vec.shooter),
        trick_winner=i32(vec.trick_winner),
        steps=i32(vec.steps),
    )
