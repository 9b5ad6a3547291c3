"""Observations: :mod:`hearts.vec.observe`'s vector (:func:`hearts.observe.encode`'s), built on the device.

The same segments, order, scaling and float32 values; block ``k`` of a
per-seat segment is the seat ``k`` places to the observer's left. A
one-hand episode's scores are zero.
"""

from __future__ import annotations

import jax.numpy as jnp
from jax import Array

from .config import Config
from .state import State

PLAY, DONE = 1, 3


def _seats_of(x: Array, which: Array) -> Array:
    """``out[b, k] = x[b, seat k of game b]`` for ``which``, one-hot (B, k, n): a masked sum, faster than a gather in XLA on a CPU."""
    w = which.reshape(which.shape + (1,) * (x.ndim - 2)).astype(x.dtype)
    out: Array = (w * x[:, None]).sum(axis=2, dtype=x.dtype)
    return out


def observe(cfg: Config, s: State, seats: Array) -> Array:
    """The observation of seat ``seats[b]`` of each game ``b``, float32 (B, size)."""
    n, B = cfg.players, cfg.batch
    seats = seats.astype(jnp.int32)
    every = jnp.arange(n)
    rel = (seats[:, None] + every[None, :]) % n  # block k: the seat k places to the left
    rel_hot = rel[:, :, None] == every[None, None, :]  # (B, n, n)
    own_hot = rel_hot[:, :1]
    playing = s.phase == PLAY
    trick = _seats_of(s.trick + 1, rel_hot) - 1
    on_table = (trick >= 0) & playing[:, None]
    trick_cards = (trick[:, :, None] == jnp.arange(52)) & on_table[:, :, None]
    blocks = [
        _seats_of(s.hands, own_hot),
        _seats_of(s.picks, own_hot),
        _seats_of(s.received, own_hot),
        _seats_of(s.played, rel_hot),
        trick_cards.astype(jnp.int8),
    ]
    leader = ((s.leader - seats) % n)[:, None] == every[None, :]
    voids = _seats_of(s.voids.astype(jnp.int8), rel_hot).reshape(B, 4 * n)
    taken = _seats_of(s.points_taken, rel_hot)
    if cfg.two_decks:  # the kitty stays hidden until the hand ends: its taker is seen with the points of its tricks only
        hidden = (s.phase != DONE) & (s.kitty_taker >= 0)
        at = ((s.kitty_taker - seats) % n)[:, None] == every[None, :]
        taken = taken - jnp.where(hidden[:, None] & at, s.kitty_points[:, None], 0)
    taken_scale = jnp.asarray(cfg.taken_scale, dtype=jnp.float32)
    size_scale = jnp.asarray(cfg.size_scale, dtype=jnp.float32)
    sizes = _seats_of(s.hands.sum(axis=2, dtype=jnp.int32), rel_hot)
    phase = s.phase[:, None] == jnp.arange(4)[None, :]
    direction = jnp.asarray(cfg.directions, dtype=jnp.int32)[s.number - 1][:, None] == jnp.arange(4)[None, :]
    tail = [
        (leader & playing[:, None]).astype(jnp.float32),
        voids.astype(jnp.float32),
        taken_scale[jnp.clip(taken, 0, len(cfg.taken_scale) - 1)],
        jnp.zeros((B, n), dtype=jnp.float32),  # scores: all zero before a one-hand episode
        size_scale[jnp.clip(sizes, 0, len(cfg.size_scale) - 1)],
        phase.astype(jnp.float32),
        direction.astype(jnp.float32),
        s.broken[:, None].astype(jnp.float32),
    ]
    cards = jnp.concatenate(blocks, axis=1).reshape(B, -1).astype(jnp.float32)
    out: Array = jnp.concatenate([cards, *tail], axis=1)
    assert out.shape == (B, cfg.size), "the segments of hearts.observe, in order"  # checked once, when traced
    return out
