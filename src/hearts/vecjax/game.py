"""One game as pure functions, the API JAX game libraries use: ``init``, ``step`` and ``observe``, to ``jax.vmap`` and ``jax.jit``.

:func:`make` gives a :class:`HeartsGame`, whose functions take and return a
:class:`GameState` of ONE hand: the acting seat (``current_player``), the
legal cards (``legal_action_mask``), every seat's reward of the step
(``rewards``), ``terminated`` / ``truncated``, the acting seat's
``observation`` and the game (a :class:`~hearts.vecjax.State` without its
batch axis). The rules are those of :class:`~hearts.vecjax.JaxHearts`,
whose batched kernel runs each step on a batch of one. The conventions are
pgx's (``hearts.vecjax.pgx_env`` adapts it to ``pgx.Env``): a step on a
finished game returns it with zero rewards; an illegal action ends the game
and costs the acting seat ``penalty``; a finished game's mask is all true.

>>> import jax
>>> from hearts.core import Rules
>>> game = make(Rules.standard(4))
>>> state = jax.jit(jax.vmap(game.init))(jax.random.split(jax.random.key(0), 8))
>>> state.legal_action_mask.shape, state.rewards.shape, state.observation.shape
((8, 52), (8, 4), (8, 613))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
from jax import Array

from hearts.core import Rules
from hearts.vec.engine import check_settings

from . import deal, step
from .config import Config
from .env import JaxError
from .observe import observe as observe_batch
from .state import State

#: pgx's id and version of the environment (the version changes when its behaviour does)
ENV_ID, VERSION = "hearts", "v0"


class GameState(NamedTuple):
    """One hand (a pytree: ``jax.vmap`` gives a batch of them, each array with a leading batch axis)."""

    current_player: Array  #: int32: the acting seat (the last one to act, once the hand is over)
    observation: Array  #: float32 (size,): the acting seat's observation (:mod:`hearts.observe`'s vector)
    rewards: Array  #: float32 (players,): every seat's reward of the last step (nonzero when the hand ends)
    terminated: Array  #: bool: the hand is over (or an illegal action ended it)
    truncated: Array  #: bool: always false (a hand ends within its 64 or so steps)
    legal_action_mask: Array  #: bool (52,): the legal card ids (all true once terminated, as pgx has it)
    step_count: Array  #: int32: steps taken (a step on a finished game is not counted)
    game: State  #: the hand, :class:`~hearts.vecjax.State`'s arrays without the batch axis


def _lift(game: State) -> State:
    """One game as a batch of one."""
    return State(*(x[None] for x in game))


def _drop(batch: State) -> State:
    """A batch of one as one game."""
    return State(*(x[0] for x in batch))


def _pick(where: Array, new: Any, old: Any) -> Any:
    """``new`` where ``where`` (a scalar bool), else ``old``, leaf by leaf."""
    return jax.tree.map(lambda a, b: jnp.where(where, a, b), new, old)


@dataclass(frozen=True)
class HeartsGame:
    """``rules``' hands as pure functions of one game; build it with :func:`make` (it checks the settings).

    ``reward`` is :class:`~hearts.vecjax.JaxHearts`'s: ``"points"`` (minus a
    seat's points) or ``"payoff"`` (the mean of the others' points minus its
    own). Attributes as pgx's ``Env`` has them: ``id``, ``version``,
    ``num_players``, ``num_actions`` (52 card ids; a pass is one card picked
    at a time) and ``observation_shape``.
    """

    rules: Rules
    reward: str = "points"
    penalty: float = 1.0  #: what an illegal action costs the acting seat (it also ends the game)
    cfg: Config = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cfg", Config.of(self.rules, 1, self.reward))

    id = ENV_ID
    version = VERSION
    num_actions = 52

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.cfg.size,)

    # -- one game, no conventions (shared with the pgx adapter) ------------------
    def deal(self, key: Array) -> State:
        """A hand dealt from ``key``: a shuffled deck and a hand number drawn over the pass cycle."""
        return _drop(deal.deal(self.cfg, key, 1))

    def legal(self, game: State) -> Array:
        """The acting seat's legal cards, bool (52,) (none once the hand is over)."""
        out: Array = step.legal(self.cfg, _lift(game))[0]
        return out

    def advance(self, game: State, action: Array) -> tuple[State, Array]:
        """``game`` after ``action`` (a legal card id: not checked) and every seat's reward, float32 (players,)."""
        batch, rewards = step.step(self.cfg, _lift(game), jnp.reshape(action, (1,)))
        return _drop(batch), rewards[0]

    def observe_game(self, game: State, player_id: Array) -> Array:
        """Seat ``player_id``'s observation of ``game``: what that seat may see, float32 (size,)."""
        out: Array = observe_batch(self.cfg, _lift(game), jnp.reshape(player_id, (1,)))[0]
        return out

    def is_legal(self, mask: Array, action: Array) -> Array:
        """Whether ``action`` is a card id that ``mask`` allows (an id outside 0..51 is not)."""
        action = jnp.asarray(action, dtype=jnp.int32)
        out: Array = (action >= 0) & (action < 52) & mask[jnp.clip(action, 0, 51)]
        return out

    def fine(self, player: Array) -> Array:
        """The rewards of an illegal action by ``player``: minus the penalty for it, zero for the others."""
        seats = jnp.arange(self.num_players)
        out: Array = jnp.where(seats == player, -jnp.float32(self.penalty), jnp.float32(0))
        return out

    # -- the functional API ----------------------------------------------------------
    def init(self, key: Array) -> GameState:
        """A new hand from ``key`` (a PRNG key; the same key, the same deal)."""
        return self.start(self.deal(key))

    def start(self, game: State) -> GameState:
        """The :class:`GameState` of a game dealt elsewhere (one game of :func:`~hearts.vecjax.from_vec`'s batch, under ``jax.vmap``)."""
        return self._state(game, jnp.zeros(self.num_players, jnp.float32), game.phase == step.DONE, game.steps)

    def step(self, state: GameState, action: Array, key: Array | None = None) -> GameState:
        """The hand after the acting seat plays (or picks to pass) card ``action``; ``key`` is unused (the deal holds the chance).

        A finished hand comes back unchanged with zero rewards. An illegal
        action (a card the mask does not allow, or an id outside 0..51) ends
        the hand as it stands: the acting seat's reward is ``-penalty``, the
        others' zero.
        """
        del key
        finished = state.terminated | state.truncated
        legal = self.is_legal(state.legal_action_mask, action)
        moved, rewards = self.advance(state.game, jnp.clip(jnp.asarray(action, dtype=jnp.int32), 0, 51))
        ok = ~finished & legal
        illegal = ~finished & ~legal
        game = _pick(ok, moved, state.game)
        rewards = jnp.where(ok, rewards, jnp.where(illegal, self.fine(state.current_player), 0.0))
        terminated = state.terminated | illegal | (game.phase == step.DONE)
        return self._state(game, rewards, terminated, state.step_count + ~finished, state.truncated)

    def observe(self, state: GameState, player_id: Array | None = None) -> Array:
        """Seat ``player_id``'s observation (the acting seat's without it), float32 (size,).

        It holds what that seat may see: its own cards, the cards passed to
        and by it, the cards played and the voids shown; never another hand.
        """
        return self.observe_game(state.game, state.current_player if player_id is None else player_id)

    def _state(self, game: State, rewards: Array, terminated: Array, count: Array, truncated: Array | None = None) -> GameState:
        player = game.to_act.astype(jnp.int32)
        mask = jnp.where(terminated, True, self.legal(game))
        return GameState(
            current_player=player,
            observation=self.observe_game(game, player),
            rewards=rewards.astype(jnp.float32),
            terminated=jnp.asarray(terminated, dtype=bool),
            truncated=jnp.bool_(False) if truncated is None else truncated,
            legal_action_mask=mask,
            step_count=jnp.asarray(count, dtype=jnp.int32),
            game=game,
        )


def make(rules: Rules, *, reward: str = "points", penalty: float = 1.0) -> HeartsGame:
    """The functional game of ``rules`` (any variant and player count); bad settings raise :class:`~hearts.vecjax.JaxError`.

    >>> make(Rules.standard(4), penalty=-1)
    Traceback (most recent call last):
    ...
    hearts.vecjax.env.JaxError: penalty must be a number of at least 0, not -1
    """
    check_settings(rules, 1, reward, JaxError)
    if isinstance(penalty, bool) or not isinstance(penalty, (int, float)) or not penalty >= 0:
        raise JaxError(f"penalty must be a number of at least 0, not {penalty!r}")
    return HeartsGame(rules, reward, float(penalty))
