"""``JaxHearts``: :class:`hearts.vec.VecHearts`'s games as pure JAX functions over a :class:`~hearts.vecjax.state.State`."""

from __future__ import annotations

from functools import partial
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import Array

from hearts.core import Rules
from hearts.core.cards import card_name
from hearts.vec import VecError, VecHearts
from hearts.vec.engine import check_settings

from . import deal, step
from .config import Config
from .observe import observe as observe_vector
from .state import State, from_vec


class JaxError(VecError):
    """Bad settings, states or actions for :class:`JaxHearts` (a ``ValueError``; the message says which)."""


class JaxHearts:
    """B one-hand episodes of ``rules`` (any variant and player count), stepped by jit-compiled functions.

    The functions are pure: they take a :class:`State` and return a new one.
    :meth:`step` checks the shape of the actions but not their legality (it
    runs inside jit; an illegal card leaves that game undefined):
    :meth:`check_actions` checks them, outside jit, and names the first bad
    game. Rewards, legal cards, observations and the moon are those of
    :class:`hearts.vec.VecHearts`; the deals come from JAX's generator
    (:meth:`from_vec` loads a NumPy batch's games instead).
    """

    def __init__(self, rules: Rules, batch: int, *, reward: str = "points") -> None:
        check_settings(rules, batch, reward, JaxError)
        self.rules = rules
        self.batch = int(batch)
        self.players = rules.players
        self.cfg = cfg = Config.of(rules, self.batch, reward)
        self._reset = jax.jit(partial(deal.deal, cfg, m=self.batch))
        self._reset_done = jax.jit(partial(deal.reset_done, cfg))
        self._step = jax.jit(partial(step.step, cfg))
        self._legal = jax.jit(partial(step.legal, cfg))
        self._random = jax.jit(partial(step.random_actions, cfg))
        self._observe = jax.jit(partial(observe_vector, cfg))
        self._play = jax.jit(partial(_play, cfg), static_argnames=("k", "observe"))

    # -- checks (outside jit) -----------------------------------------------
    def _games(self, value: Any, what: str) -> Array:
        """``value``, an integer array with one entry per game, as a JAX array (else a :class:`JaxError`)."""
        shape = (self.batch,)
        if not hasattr(value, "shape") or not hasattr(value, "dtype"):
            raise JaxError(f"{what} must be an array of shape {shape}, not {type(value).__name__}")
        if tuple(value.shape) != shape:
            raise JaxError(f"{what} must have shape {shape}, one per game, not {tuple(value.shape)}")
        if np.dtype(value.dtype).kind not in "iu":
            raise JaxError(f"{what} must be integers, not {value.dtype}")
        return jnp.asarray(value)

    def _state(self, state: Any) -> State:
        if not isinstance(state, State):
            raise JaxError(f"state must be a hearts.vecjax.State, not {type(state).__name__}")
        if tuple(state.hands.shape) != (self.batch, self.players, 52):
            raise JaxError(f"state is of {tuple(state.hands.shape[:2])} (batch, players), not of ({self.batch}, {self.players})")
        return state

    def _key(self, key: Any) -> Array:
        if not isinstance(key, jax.Array) or not (jnp.issubdtype(key.dtype, jax.dtypes.prng_key) or key.shape == (2,)):
            raise JaxError("key must be a JAX PRNG key (jax.random.key(seed) or jax.random.PRNGKey(seed))")
        return key

    def check_actions(self, state: State, actions: Any) -> Array:
        """``actions`` as int32 (batch,), each legal for its game (finished games: ignored).

        Raises :class:`JaxError` naming the first bad game. It reads arrays
        back from the device: for development and tests, not a training loop.
        """
        a = np.asarray(self._games(actions, "actions"))
        state = self._state(state)
        active = np.asarray(state.phase) != step.DONE
        bad = active & ((a < 0) | (a > 51))
        if bad.any():
            g = int(np.flatnonzero(bad)[0])
            raise JaxError(f"game {g}: an action is a card id from 0 to 51, not {int(a[g])}")
        legal = np.asarray(self._legal(state))
        a = np.where(active, a, 0)
        bad = active & ~legal[np.arange(self.batch), a]
        if bad.any():
            g = int(np.flatnonzero(bad)[0])
            doing = "pass" if int(state.phase[g]) == step.PASS else "play"
            raise JaxError(
                f"game {g}: seat {int(state.to_act[g])} may not {doing} {card_name(int(a[g]))} now ({int(bad.sum())} games illegal)"
            )
        return jnp.asarray(a, dtype=jnp.int32)

    # -- the functions ----------------------------------------------------------
    def reset(self, key: Array) -> State:
        """Every game dealt from ``key`` (the same key, the same deals and hand numbers)."""
        out: State = self._reset(self._key(key))
        return out

    def reset_done(self, state: State, key: Array) -> State:
        """The finished games dealt anew from ``key``; the others unchanged."""
        out: State = self._reset_done(self._state(state), self._key(key))
        return out

    def step(self, state: State, actions: Any) -> tuple[State, Array]:
        """One card id per game (int, shape (batch,); finished games ignore theirs): the new state and the rewards.

        Rewards, float32 (batch, players), are nonzero where a hand ended:
        ``reward="points"``, minus each seat's points; ``"payoff"``, the mean
        of the others' points minus its own. Legality is not checked (see
        :meth:`check_actions`).
        """
        out: tuple[State, Array] = self._step(self._state(state), self._games(actions, "actions"))
        return out

    def legal(self, state: State) -> Array:
        """The acting seats' legal cards, bool (batch, 52) (none for a finished game)."""
        out: Array = self._legal(self._state(state))
        return out

    def random_actions(self, state: State, key: Array) -> Array:
        """A legal card drawn uniformly for each game (0 for a finished one), int32 (batch,)."""
        out: Array = self._random(self._state(state), self._key(key))
        return out

    def observe(self, state: State, seats: Any = None) -> Array:
        """The observation of each game's acting seat (or of ``seats``), float32 (batch, size): :mod:`hearts.vec.observe`'s vector."""
        state = self._state(state)
        if seats is None:
            seats = state.to_act
        else:
            seats = self._games(seats, "seats")
            if bool(((seats < 0) | (seats >= self.players)).any()):
                raise JaxError(f"seats must be seats from 0 to {self.players - 1}")
        out: Array = self._observe(state, seats)
        return out

    def play(self, state: State, key: Array, k: int, *, observe: bool = False) -> tuple[State, Array, Array, Array]:
        """``k`` steps of random legal cards in one compiled call (a ``lax.scan``), finished games dealt again after each.

        Returns the state, the rewards summed over the steps (float32 (batch,
        players)), the number of game steps taken (active games, summed) and,
        with ``observe``, the sum of the acting seats' observations built at
        each step (as a learner would build them; 0 without).
        """
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise JaxError(f"k must be a whole number of steps, 1 or more, not {k!r}")
        out: tuple[State, Array, Array, Array] = self._play(self._state(state), self._key(key), k=k, observe=observe)
        return out

    @staticmethod
    def from_vec(vec: VecHearts) -> State:
        """The games of a NumPy :class:`~hearts.vec.VecHearts` (at any moment) as a :class:`State`."""
        if not isinstance(vec, VecHearts):
            raise JaxError(f"from_vec takes a hearts.vec.VecHearts, not {type(vec).__name__}")
        return from_vec(vec)


def _play(cfg: Config, state: State, key: Array, *, k: int, observe: bool = False) -> tuple[State, Array, Array, Array]:
    """:meth:`JaxHearts.play`'s scan: random cards, a step, the finished games dealt again, ``k`` times."""

    def one(carry: tuple[State, Array, Array, Array], key: Array) -> tuple[tuple[State, Array, Array, Array], None]:
        s, total, count, check = carry
        act_key, deal_key = jax.random.split(key)
        if observe:
            check = check + observe_vector(cfg, s, s.to_act).sum()
        active = (s.phase != step.DONE).sum(dtype=jnp.int32)
        s, rewards = step.step(cfg, s, step.random_actions(cfg, s, act_key))
        s = deal.reset_done(cfg, s, deal_key)
        return (s, total + rewards, count + active, check), None

    start = (state, jnp.zeros((cfg.batch, cfg.players), jnp.float32), jnp.zeros((), jnp.int32), jnp.zeros((), jnp.float32))
    (state, total, count, check), _ = jax.lax.scan(one, start, jax.random.split(key, k))
    return state, total, count, check
