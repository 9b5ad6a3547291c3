"""hearts.vecjax.pgx_env: PgxHearts in pgx's own loop (vmap, jit, auto_reset) gives the functional API's states and rewards."""

from __future__ import annotations

import warnings

import pytest

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")
pgx = pytest.importorskip("pgx")

import jax.numpy as jnp  # noqa: E402
from pgx.experimental import auto_reset  # noqa: E402

from hearts.core import Rules  # noqa: E402
from hearts.vecjax.pgx_env import PgxHearts  # noqa: E402

BATCH = 6


@pytest.fixture(scope="module")
def env() -> PgxHearts:
    return PgxHearts(Rules.standard(4))


def same(a: object, b: object) -> bool:
    return all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(jax.tree.leaves(a), jax.tree.leaves(b), strict=True))


def test_pgx_steps_equal_the_functional_api_to_the_end(env: PgxHearts) -> None:
    """Random legal cards (and one illegal) in both, vmapped and jitted; every field equal at every step."""
    assert isinstance(env, pgx.Env)
    game = env.game
    keys = jax.random.split(jax.random.key(0), BATCH)
    p_step, f_step = jax.jit(jax.vmap(env.step)), jax.jit(jax.vmap(game.step))
    p, f = jax.jit(jax.vmap(env.init))(keys), jax.jit(jax.vmap(game.init))(keys)
    key = jax.random.key(1)
    total = np.zeros((BATCH, 4), np.float32)
    for count in range(66):  # 64 steps at most, then steps on finished games
        key, sub = jax.random.split(key)
        u = jax.random.uniform(sub, (BATCH, 52))
        actions = jnp.argmax(jnp.where(p.legal_action_mask, u, -1.0), axis=1).astype(jnp.int32)
        if count == 5:
            actions = actions.at[2].set(52)  # game 2 ends: an illegal action
        p, f = p_step(p, actions), f_step(f, actions)
        for name in ("current_player", "observation", "rewards", "terminated", "truncated", "legal_action_mask"):
            assert np.array_equal(np.asarray(getattr(p, name)), np.asarray(getattr(f, name))), (count, name)
        assert np.array_equal(np.asarray(p._step_count), np.asarray(f.step_count)) and same(p._game, f.game), count
        total += np.asarray(p.rewards)
    assert np.asarray(p.terminated).all()
    points = np.asarray(p._game.points)
    played = np.arange(BATCH) != 2
    assert np.array_equal(total[played], -points[played])  # a hand's rewards: minus its points
    assert total[2].tolist() == [-1.0 if s == int(p.current_player[2]) else 0.0 for s in range(4)]
    assert env.id == "hearts" and env.num_players == 4 and env.num_actions == 52 and env.observation_shape == (613,)


def test_auto_reset_and_observe_of_any_seat(env: PgxHearts) -> None:
    step = jax.jit(jax.vmap(auto_reset(env.step, env.init)))
    state = jax.jit(jax.vmap(env.init))(jax.random.split(jax.random.key(2), BATCH))
    key, dealt = jax.random.key(3), 0
    for _ in range(70):
        key, sub, act = jax.random.split(key, 3)
        actions = jnp.argmax(jnp.where(state.legal_action_mask, jax.random.uniform(act, (BATCH, 52)), -1.0), axis=1)
        state = step(state, actions, jax.random.split(sub, BATCH))
        dealt += int((np.asarray(state._step_count) == 0).sum())
    assert dealt >= BATCH and not np.asarray(state.terminated).any()  # every hand ended and a new one was dealt
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # pgx deprecates observe's player_id
        seen = jax.vmap(env.observe)(state, jnp.full(BATCH, 1, dtype=jnp.int32))
    assert np.array_equal(np.asarray(seen), np.asarray(jax.vmap(env.game.observe_game)(state._game, jnp.full(BATCH, 1))))
