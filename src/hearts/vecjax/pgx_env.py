"""An adapter to pgx's ``Env`` (the ``pgx`` extra): :class:`PgxHearts` runs :func:`hearts.vecjax.make`'s game in pgx's training loops.

pgx's own ``Env.init`` / ``step`` / ``observe`` drive it: a step on a
finished hand gives zero rewards, an illegal action ends the hand, a
finished hand's mask is all true. pgx's illegal-action rewards are
replaced by the functional API's (the acting seat loses ``penalty``, the
others get nothing), so both give the same states and rewards.

>>> import jax
>>> from hearts.core import Rules
>>> env = PgxHearts(Rules.standard(4))
>>> state = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.key(0), 4))
>>> env.id, env.num_players, env.num_actions, state.legal_action_mask.shape
('hearts', 4, 52, (4, 52))
"""

from __future__ import annotations

from typing import Any

import jax.numpy as jnp
from jax import Array

from hearts.core import Rules

from .game import GameState, make

try:
    import pgx  # type: ignore[import-untyped]
    from pgx._src.struct import dataclass as pgx_dataclass  # type: ignore[import-untyped]
except ImportError as error:  # pragma: no cover - the extra is missing
    raise ImportError("hearts.vecjax.pgx_env needs pgx: pip install 'hearts-game[pgx]'") from error


@pgx_dataclass
class PgxState(pgx.State):  # type: ignore[misc]
    """pgx's state of one hand: its six common fields, the step count, and the game (``_game``, a :class:`~hearts.vecjax.State`)."""

    current_player: Array = jnp.int32(0)
    observation: Array = jnp.zeros(0, dtype=jnp.float32)
    rewards: Array = jnp.zeros(0, dtype=jnp.float32)
    terminated: Array = jnp.bool_(False)
    truncated: Array = jnp.bool_(False)
    legal_action_mask: Array = jnp.ones(52, dtype=jnp.bool_)
    _step_count: Array = jnp.int32(0)
    _game: Any = None

    @property
    def env_id(self) -> str:
        return "hearts"


def _to_pgx(state: GameState) -> PgxState:
    return PgxState(
        current_player=state.current_player,
        observation=state.observation,
        rewards=state.rewards,
        terminated=state.terminated,
        truncated=state.truncated,
        legal_action_mask=state.legal_action_mask,
        _step_count=state.step_count,
        _game=state.game,
    )


def _from_pgx(state: PgxState) -> GameState:
    return GameState(
        current_player=state.current_player,
        observation=state.observation,
        rewards=state.rewards,
        terminated=state.terminated,
        truncated=state.truncated,
        legal_action_mask=state.legal_action_mask,
        step_count=state._step_count - 1,  # pgx counted this step before calling _step; the functional step counts it again
        game=state._game,
    )


class PgxHearts(pgx.Env):  # type: ignore[misc]
    """``rules``' hands (any variant and player count) as a ``pgx.Env``; ``reward`` and ``penalty`` as :func:`~hearts.vecjax.make`'s."""

    def __init__(self, rules: Rules, *, reward: str = "points", penalty: float = 1.0) -> None:
        super().__init__()
        self.game = make(rules, reward=reward, penalty=penalty)

    def _init(self, key: Array) -> PgxState:
        return _to_pgx(self.game.init(key))

    def _step(self, state: PgxState, action: Array, key: Array | None) -> PgxState:
        """The functional API's step (pgx's ``step`` calls it for unfinished hands only, and sets an illegal action's rewards)."""
        return _to_pgx(self.game.step(_from_pgx(state), action, key))

    def _observe(self, state: PgxState, player_id: Array) -> Array:
        return self.game.observe_game(state._game, player_id)

    @property
    def _illegal_action_penalty(self) -> float:
        return -self.game.penalty

    def _step_with_illegal_action(self, state: PgxState, loser: Array) -> PgxState:
        """The acting seat loses ``penalty``; the others get nothing (pgx's default pays them)."""
        return state.replace(rewards=self.game.fine(loser), terminated=jnp.bool_(True))  # type: ignore[no-any-return]

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def version(self) -> str:
        return self.game.version

    @property
    def num_players(self) -> int:
        return self.game.num_players

    @property
    def num_actions(self) -> int:
        return 52

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return self.game.observation_shape
