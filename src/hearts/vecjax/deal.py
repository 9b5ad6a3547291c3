"""Dealing: fresh games from a PRNG key (a whole batch, or only the finished games of one)."""

from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

from hearts.core.cards import JD

from .config import POINT, Config
from .state import State

DONE = 3


def first_leader(cfg: Config, hands: Array, dealer: Array) -> Array:
    """The seat that leads the first trick: the seat after the dealer (two decks), else the holder of the lowest club."""
    if cfg.two_decks:
        return (dealer + 1) % cfg.players
    return jnp.argmax(hands[:, :, cfg.low_club] > 0, axis=1).astype(jnp.int32)


def _positions(cfg: Config) -> np.ndarray:
    """Row ``j``, column ``c``: the deck position of copy ``j`` of card ``c``, or the deck's size (a position past it) if none."""
    size = len(cfg.deck)
    copies = 2 if cfg.two_decks else 1
    out = np.full((copies, 52), size, dtype=np.int32)
    seen = [0] * 52
    for position, card in enumerate(cfg.deck):
        out[seen[card], card] = position
        seen[card] += 1
    return out


def draw(cfg: Config, key: Array, m: int) -> tuple[Array, Array]:
    """``m`` shuffled decks and hand numbers (1 .. len(pass cycle)).

    The decks as who holds each copy of each card: int8 (m, copies, 52), a
    seat, ``players`` for the kitty, -1 for a card not in the deck. The shuffle ranks random 32-bit keys by comparing them all (ties broken
    by deck position): much faster in XLA than sorting them.
    """
    n, k = cfg.players, cfg.cards_each
    size = len(cfg.deck)
    shuffle_key, number_key = jax.random.split(key)
    keys = jax.random.bits(shuffle_key, (m, size), dtype=jnp.uint32)
    position = jnp.arange(size)
    mine, other = keys[:, :, None], keys[:, None, :]
    before = (other < mine) | ((other == mine) & (position[None, :] < position[:, None])[None])
    rank = before.sum(axis=2, dtype=jnp.int32)  # each deck position's place in the shuffled deck: a permutation
    holder = jnp.minimum(rank // k, n).astype(jnp.int8)  # seats 0 .. n-1, then n: the kitty
    holder = jnp.concatenate([holder, jnp.full((m, 1), -1, dtype=jnp.int8)], axis=1)  # past the deck: nobody
    number = jax.random.randint(number_key, (m,), 0, len(cfg.offsets), dtype=jnp.int32) + 1
    return holder[:, _positions(cfg)], number


def start(cfg: Config, holder: Array, number: Array) -> State:
    """Games dealt as ``holder`` says (see :func:`draw`), with hand numbers ``number``: nothing passed or played."""
    n = cfg.players
    m = number.shape[0]
    seats = jnp.arange(n, dtype=jnp.int8)[None, :, None]
    hands = sum(((holder[:, j, None, :] == seats).astype(jnp.int8) for j in range(holder.shape[1])), jnp.zeros((m, n, 52), jnp.int8))
    in_kitty = (holder == n).sum(axis=1, dtype=jnp.int32)  # (m, 52): copies of each card in the kitty
    kitty_points = (in_kitty * jnp.asarray(POINT, dtype=jnp.int32)[None, :]).sum(axis=1)
    kitty_jd = in_kitty[:, JD]
    dealer = (number - 1) % n
    passing = jnp.asarray(cfg.offsets, dtype=jnp.int32)[number - 1] != 0
    first = first_leader(cfg, hands, dealer)
    zeros = jnp.zeros((m,), dtype=jnp.int32)
    minus = jnp.full((m,), -1, dtype=jnp.int32)
    empty = jnp.zeros((m, n, 52), dtype=jnp.int8)
    per_seat = jnp.zeros((m, n), dtype=jnp.int32)
    return State(
        hands=hands,
        picks=empty,
        received=empty,
        played=empty,
        trick=jnp.full((m, n), -1, dtype=jnp.int32),
        voids=jnp.zeros((m, n, 4), dtype=bool),
        points_taken=per_seat,
        jd_taken=per_seat,
        points=per_seat,
        kitty_points=kitty_points,
        kitty_jd=kitty_jd,
        kitty_taker=minus,
        pile_points=zeros,
        pile_jd=zeros,
        pile=jnp.zeros((m,), dtype=bool),
        last_winner=minus,
        number=number,
        dealer=dealer,
        phase=jnp.where(passing, 0, 1).astype(jnp.int32),
        to_act=jnp.where(passing, 0, first),
        leader=jnp.where(passing, 0, first),
        led_suit=zeros,
        trick_len=zeros,
        tricks_done=zeros,
        broken=jnp.zeros((m,), dtype=bool),
        shooter=minus,
        trick_winner=minus,
        steps=zeros,
    )


def deal(cfg: Config, key: Array, m: int) -> State:
    """``m`` games dealt from ``key``: shuffled decks, hand numbers drawn over the pass cycle, nothing passed or played."""
    return start(cfg, *draw(cfg, key, m))


def reset_done(cfg: Config, state: State, key: Array) -> State:
    """The finished games of ``state`` dealt anew from ``key`` (the others unchanged).

    Shuffles are made a sixteenth of the batch at a time, as many times as
    there are finished games to deal (each takes one by its rank among them).
    """
    done = state.phase == DONE
    rank = jnp.cumsum(done, dtype=jnp.int32) - 1
    few = max(1, cfg.batch // 16)
    copies = 2 if cfg.two_decks else 1

    def more(carry: tuple[Array, Array, Array, Array]) -> tuple[Array, Array, Array, Array]:
        holder, number, dealt, key = carry
        key, sub = jax.random.split(key)
        some, numbers = draw(cfg, sub, few)
        slot = rank - dealt
        mine = done & (slot >= 0) & (slot < few)
        slot = jnp.clip(slot, 0, few - 1)
        holder = jnp.where(mine[:, None, None], some[slot], holder)
        return holder, jnp.where(mine, numbers[slot], number), dealt + few, key

    empty = (jnp.zeros((cfg.batch, copies, 52), dtype=jnp.int8), jnp.ones((cfg.batch,), dtype=jnp.int32), jnp.int32(0), key)
    holder, number, _, _ = jax.lax.while_loop(lambda c: c[2] < done.sum(), more, empty)
    fresh = start(cfg, holder, number)
    return State(*(jnp.where(done.reshape((-1,) + (1,) * (old.ndim - 1)), new, old) for old, new in zip(state, fresh, strict=True)))
