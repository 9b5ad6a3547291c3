"""A JAX backend of :mod:`hearts.vec`: B one-hand games of any variant as pure, jit-compiled functions (the ``jax`` extra).

- :class:`JaxHearts`: ``reset(key)``, ``step(state, actions)``, ``legal``,
  ``random_actions``, ``reset_done``, ``observe`` and ``play`` (k random
  steps in one compiled call), over a :class:`State` (a pytree of arrays;
  card sets as int8 counts, so no 64-bit integers: ``jax_enable_x64`` stays
  off). The rules, legal cards, rewards and observations are exactly
  :class:`hearts.vec.VecHearts`'s; :meth:`JaxHearts.from_vec` loads a NumPy
  batch's games (the differential test plays both in step).
- :func:`make`: one game as pure ``init`` / ``step`` / ``observe`` functions
  (the API of JAX game libraries such as pgx), for ``jax.vmap`` and
  ``jax.jit``; ``hearts.vecjax.pgx_env.PgxHearts`` adapts it to ``pgx.Env``
  (the ``pgx`` extra).

>>> import jax
>>> from hearts.core import Rules
>>> env = JaxHearts(Rules.standard(4), batch=8)
>>> state = env.reset(jax.random.key(1))
>>> state, rewards = env.step(state, env.random_actions(state, jax.random.key(2)))
>>> env.legal(state).shape, rewards.shape
((8, 52), (8, 4))
"""

from .env import JaxError, JaxHearts
from .game import GameState, HeartsGame, make
from .state import State, from_vec

__all__ = ["GameState", "HeartsGame", "JaxError", "JaxHearts", "State", "from_vec", "make"]
