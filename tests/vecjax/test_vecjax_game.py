"""hearts.vecjax.make: one game's pure init/step/observe, vmapped and jitted, against hearts.vec on the same deals.

The NumPy engine is checked against the reference engine (tests/vec); here
the functional API, vmapped over a batch, must give its legal cards,
observations and rewards at every step, and follow pgx's conventions for
finished games and illegal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")

import jax.numpy as jnp  # noqa: E402

from hearts.core import Rules  # noqa: E402
from hearts.observe import segment_slices  # noqa: E402
from hearts.vec import VecHearts  # noqa: E402
from hearts.vec.bits import unpack  # noqa: E402
from hearts.vecjax import GameState, HeartsGame, JaxError, from_vec, make  # noqa: E402

RULES = Rules.standard(4)  # with passing: three hands of four pass, one holds


class Compiled(NamedTuple):
    game: HeartsGame
    init: Callable[..., GameState]
    start: Callable[..., GameState]
    step: Callable[..., GameState]
    observe: Callable[..., Any]


def compile_game(game: HeartsGame) -> Compiled:
    return Compiled(
        game,
        jax.jit(jax.vmap(game.init)),
        jax.jit(jax.vmap(game.start)),
        jax.jit(jax.vmap(game.step)),
        jax.jit(jax.vmap(game.observe)),
    )


@pytest.fixture(scope="module")
def fn() -> Compiled:
    return compile_game(make(RULES))


def dealt(fn: Compiled, batch: int, seed: int) -> tuple[VecHearts, GameState]:
    """``batch`` games dealt by hearts.vec and the same games as a vmapped GameState."""
    vec = VecHearts(fn.game.rules, batch, reward=fn.game.reward)
    vec.reset(seed=seed)
    return vec, fn.start(from_vec(vec))


def play_against_vec(fn: Compiled, batch: int, seed: int) -> tuple[VecHearts, GameState, np.ndarray]:
    """Step both engines with vec's random legal cards; compare at every step. Returns both and the summed rewards."""
    vec, state = dealt(fn, batch, seed)
    rng = np.random.default_rng(seed)
    total = np.zeros((batch, fn.game.num_players), np.float32)
    for count in range(200):
        active = ~vec.done
        assert np.array_equal(np.asarray(state.terminated), vec.done), count
        assert (np.asarray(state.step_count) == count)[active].all()
        if vec.done.all():
            break
        mask = np.asarray(state.legal_action_mask)
        assert np.array_equal(mask[active], unpack(vec.legal).astype(bool)[active]), count
        assert mask[~active].all()  # pgx: a finished game's mask is all true
        assert np.array_equal(np.asarray(state.current_player)[active], vec.to_act[active]), count
        assert np.array_equal(np.asarray(state.observation)[active], vec.observe()[active]), count
        actions = vec.random_actions(rng)
        expected = vec.step(actions)
        state = fn.step(state, jnp.asarray(actions, dtype=jnp.int32))
        if fn.game.reward == "points":
            assert np.array_equal(np.asarray(state.rewards), expected), count
        else:  # a division: vmapped, XLA may round the last bit otherwise than NumPy
            assert np.allclose(np.asarray(state.rewards), expected, rtol=0, atol=1e-5), count
        total += np.asarray(state.rewards)
    assert vec.done.all()
    return vec, state, total


def test_every_step_equals_hearts_vec_and_the_rewards_are_the_hands_points(fn: Compiled) -> None:
    vec, state, total = play_against_vec(fn, 8, 3)
    assert np.array_equal(total, -vec.points) and (vec.points.sum(axis=1) % 26 == 0).all()
    assert np.array_equal(np.asarray(state.game.points), vec.points)
    assert set(np.asarray(state.step_count).tolist()) <= {52, 64}  # 52 cards, and 12 picks when the hand passes


def test_payoff_rewards_of_cancellation_hearts() -> None:
    fn = compile_game(make(Rules.cancellation(6, jack_of_diamonds=True), reward="payoff"))
    vec, _, total = play_against_vec(fn, 4, 5)
    assert np.allclose(total.sum(axis=1), 0, atol=1e-4) and vec.done.all()


def test_the_same_key_deals_the_same_game_batched_or_not(fn: Compiled) -> None:
    keys = jax.random.split(jax.random.key(4), 3)
    batch = fn.init(keys)
    one = jax.jit(fn.game.init)(keys[1])
    for a, b in zip(jax.tree.leaves(one), jax.tree.leaves(batch), strict=True):
        assert np.array_equal(np.asarray(a), np.asarray(b)[1])
    hands = np.asarray(batch.game.hands)
    assert (hands.sum(axis=2) == 13).all() and (hands.sum(axis=1) == 1).all()
    assert not np.array_equal(hands[0], hands[1])
    assert not batch.terminated.any() and not batch.truncated.any() and not batch.rewards.any()


def test_a_finished_game_is_returned_with_zero_rewards(fn: Compiled) -> None:
    _, state, _ = play_against_vec(fn, 4, 7)
    again = fn.step(state, jnp.zeros(4, dtype=jnp.int32))
    assert not np.asarray(again.rewards).any() and np.asarray(again.terminated).all()
    assert np.asarray(again.legal_action_mask).all()
    for a, b in zip(jax.tree.leaves(state.game), jax.tree.leaves(again.game), strict=True):
        assert np.array_equal(np.asarray(a), np.asarray(b))
    assert np.array_equal(np.asarray(again.step_count), np.asarray(state.step_count))


@pytest.mark.parametrize("wrong", ["illegal card", 52, -1])
def test_an_illegal_action_ends_the_game_and_costs_the_actor_the_penalty(fn: Compiled, wrong: object) -> None:
    _, state = dealt(fn, 4, 9)
    mask = np.asarray(state.legal_action_mask)
    bad = [int(np.flatnonzero(~m)[0]) if wrong == "illegal card" else wrong for m in mask]
    good = [int(np.flatnonzero(m)[0]) for m in mask]
    actions = jnp.asarray([bad[0], good[1], bad[2], good[3]], dtype=jnp.int32)
    after = fn.step(state, actions)
    assert np.asarray(after.terminated).tolist() == [True, False, True, False]
    rewards = np.asarray(after.rewards)
    actor = np.asarray(state.current_player)
    for g in (0, 2):
        assert rewards[g].tolist() == [-1.0 if seat == actor[g] else 0.0 for seat in range(4)]
        assert np.asarray(after.legal_action_mask)[g].all()
        assert all(np.array_equal(np.asarray(a)[g], np.asarray(b)[g]) for a, b in zip(state.game, after.game, strict=True))
    assert not rewards[[1, 3]].any() and (np.asarray(after.step_count) == 1).all()
    costly = jax.jit(jax.vmap(make(RULES, penalty=5).step))(state, actions)
    assert np.asarray(costly.rewards).sum() == -10.0


def test_observe_holds_only_what_the_seat_may_see(fn: Compiled) -> None:
    _, state = dealt(fn, 4, 11)
    hand = segment_slices(RULES)["hand"]
    for seat in range(4):
        seats = jnp.full(4, seat, dtype=jnp.int32)
        seen = np.asarray(fn.observe(state, seats))
        assert np.array_equal(seen[:, hand], np.asarray(state.game.hands)[:, seat])  # its own hand
        # the two seats after it swap hands: what it sees does not change
        a, b = (seat + 1) % 4, (seat + 2) % 4
        hands = state.game.hands
        swapped = state._replace(game=state.game._replace(hands=hands.at[:, a].set(hands[:, b]).at[:, b].set(hands[:, a])))
        assert np.array_equal(np.asarray(fn.observe(swapped, seats)), seen)
    assert np.array_equal(np.asarray(fn.observe(state, state.current_player)), np.asarray(state.observation))
    unbatched = jax.vmap(fn.game.observe)(state)  # without a seat: the acting seat's
    assert np.array_equal(np.asarray(unbatched), np.asarray(state.observation))


def test_the_attributes_pgx_has(fn: Compiled) -> None:
    game = fn.game
    assert (game.id, game.version, game.num_players, game.num_actions) == ("hearts", "v0", 4, 52)
    assert game.observation_shape == (613,) and make(Rules.cancellation(8)).num_players == 8


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"rules": "standard"}, "rules must be a hearts.core.Rules"),
        ({"reward": "score"}, "reward must be one of"),
        ({"penalty": -1}, "penalty must be a number of at least 0, not -1"),
        ({"penalty": True}, "penalty must be a number of at least 0"),
    ],
)
def test_bad_settings_are_named(kwargs: dict[str, Any], message: str) -> None:
    rules = kwargs.pop("rules", RULES)
    with pytest.raises(JaxError, match=message):
        make(rules, **kwargs)
