"""hearts.vecjax's interface: settings and input errors, seeded deals, legal random cards, resets, the k-step scan."""

from __future__ import annotations

import pytest

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")

import jax.numpy as jnp  # noqa: E402

from hearts.core import Rules  # noqa: E402
from hearts.core.cards import POINTS  # noqa: E402
from hearts.observe import segment_slices, size  # noqa: E402
from hearts.vec import VecError, VecHearts  # noqa: E402
from hearts.vecjax import JaxError, JaxHearts, State  # noqa: E402

RULES = Rules.standard(4, pass_count=0)


@pytest.fixture(scope="module")
def env() -> JaxHearts:
    return JaxHearts(RULES, batch=32)


def play_out(env: JaxHearts, state: State, seed: int) -> tuple[State, np.ndarray, int]:
    """Random legal cards (checked) until every game is done: the state, the summed rewards, the steps."""
    key = jax.random.key(seed)
    total = np.zeros((env.batch, env.players), dtype=np.float32)
    steps = 0
    while not bool((state.phase == 3).all()):
        key, sub = jax.random.split(key)
        actions = env.random_actions(state, sub)
        env.check_actions(state, actions)  # raises if one is illegal
        state, rewards = env.step(state, actions)
        total += np.asarray(rewards)
        steps += 1
    return state, total, steps


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        (("standard", 4), {}, "rules must be a hearts.core.Rules"),
        ((RULES, 0), {}, "batch must be a whole number"),
        ((RULES, 2.5), {}, "batch must be a whole number"),
        ((RULES, True), {}, "batch must be a whole number"),
        ((RULES, 4), {"reward": "score"}, "reward must be one of"),
    ],
)
def test_bad_settings(args: tuple[object, ...], kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(JaxError, match=message) as caught:
        JaxHearts(*args, **kwargs)  # type: ignore[arg-type]
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, VecError)


def test_bad_inputs_are_named(env: JaxHearts) -> None:
    state = env.reset(jax.random.key(0))
    with pytest.raises(JaxError, match=r"actions must have shape \(32,\)"):
        env.step(state, jnp.zeros((32, 1), dtype=jnp.int32))
    with pytest.raises(JaxError, match="actions must be integers"):
        env.step(state, jnp.zeros(32))
    with pytest.raises(JaxError, match="actions must be an array"):
        env.step(state, [0] * 32)
    with pytest.raises(JaxError, match="state must be a hearts.vecjax.State"):
        env.step(tuple(state), jnp.zeros(32, dtype=jnp.int32))
    other = JaxHearts(RULES, batch=8).reset(jax.random.key(0))
    with pytest.raises(JaxError, match=r"state is of \(8, 4\)"):
        env.legal(other)
    with pytest.raises(JaxError, match="key must be a JAX PRNG key"):
        env.reset(0)  # type: ignore[arg-type]
    with pytest.raises(JaxError, match="seats must be seats from 0 to 3"):
        env.observe(state, jnp.full(32, 4, dtype=jnp.int32))
    with pytest.raises(JaxError, match="from_vec takes a hearts.vec.VecHearts"):
        env.from_vec(state)  # type: ignore[arg-type]
    with pytest.raises(JaxError, match="k must be a whole number"):
        env.play(state, jax.random.key(0), 0)


def test_check_actions_names_the_first_illegal_game(env: JaxHearts) -> None:
    state = env.reset(jax.random.key(3))
    good = env.random_actions(state, jax.random.key(4))
    assert np.array_equal(np.asarray(env.check_actions(state, good)), np.asarray(good))
    with pytest.raises(JaxError, match="game 2: an action is a card id from 0 to 51, not 52"):
        env.check_actions(state, good.at[2].set(52))
    legal = np.asarray(env.legal(state))
    bad = int(np.flatnonzero(~legal[5])[0])  # the first lead: only the lowest club is legal
    with pytest.raises(JaxError, match=r"game 5: seat \d may not play .* now \(1 games illegal\)"):
        env.check_actions(state, good.at[5].set(bad))


def test_the_same_key_deals_the_same_games(env: JaxHearts) -> None:
    a, b, c = env.reset(jax.random.key(7)), env.reset(jax.random.key(7)), env.reset(jax.random.key(8))
    assert all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(a, b, strict=True))
    assert not np.array_equal(np.asarray(a.hands), np.asarray(c.hands))
    hands = np.asarray(a.hands)
    assert (hands.sum(axis=2) == 13).all() and (hands.sum(axis=1) == 1).all()  # a whole deck, dealt 13 each


def test_deals_are_whole_decks_shuffled_fairly() -> None:
    rules = Rules.standard(3)  # 51 cards: one two is out
    hands = np.asarray(JaxHearts(rules, batch=600).reset(jax.random.key(11)).hands)
    deck = np.isin(np.arange(52), rules.deck)
    assert (hands.sum(axis=1) == deck).all() and (hands.sum(axis=2) == 17).all()
    share = hands[:, 0, deck].mean(axis=0)  # how often seat 0 holds each card: a third, give or take
    assert (abs(share - 1 / 3) < 0.1).all()


def test_two_decks_deal_counts_and_a_kitty() -> None:
    rules = Rules.cancellation(7)  # 14 cards each, a kitty of 6
    env = JaxHearts(rules, batch=16)
    state = env.reset(jax.random.key(1))
    hands = np.asarray(state.hands)
    assert (hands.sum(axis=2) == rules.cards_each).all() and hands.max() == 2
    assert (hands.sum(axis=1) <= 2).all() and (hands.sum(axis=(1, 2)) == 7 * 14).all()
    points = (hands * np.array(POINTS)).sum(axis=(1, 2)) + np.asarray(state.kitty_points)
    assert (points == 52).all() and np.asarray(state.kitty_points).any()  # the rest of the two decks' points: the kitty's
    assert np.array_equal(np.asarray(state.to_act), (np.asarray(state.dealer) + 1) % 7 * (np.asarray(state.phase) == 1))


def test_random_actions_are_legal_and_rewards_add_up_to_the_points(env: JaxHearts) -> None:
    state, total, steps = play_out(env, env.reset(jax.random.key(5)), 6)
    assert steps == 52 and not env.legal(state).any()
    points = np.asarray(state.points)
    assert np.array_equal(total, -points) and set(points.sum(axis=1).tolist()) <= {26, 78}


def test_random_actions_with_passing_two_decks_and_payoff() -> None:
    env = JaxHearts(Rules.cancellation(6, jack_of_diamonds=True), batch=8, reward="payoff")
    state, total, steps = play_out(env, env.reset(jax.random.key(2)), 3)
    assert steps in (17 * 6, 17 * 6 + 6 * 3) and np.allclose(total.sum(axis=1), 0, atol=1e-4)


def test_reset_done_deals_only_the_finished_games() -> None:
    env = JaxHearts(Rules.standard(5), batch=40)  # shuffles 40 // 16 = 2 decks at a time: 1, 1 and 2 rounds here
    state = env.reset(jax.random.key(1))
    for finished in ([3], [3, 30], [0, 1, 2, 39]):
        ended = state._replace(phase=state.phase.at[jnp.array(finished)].set(3))
        again = env.reset_done(ended, jax.random.key(2))
        phase = np.asarray(again.phase)
        assert (phase != 3).all()
        kept = np.setdiff1d(np.arange(40), finished)
        for old, new in zip(ended, again, strict=True):
            assert np.array_equal(np.asarray(old)[kept], np.asarray(new)[kept])
        assert not np.array_equal(np.asarray(ended.hands)[finished], np.asarray(again.hands)[finished])
        assert (np.asarray(again.hands)[finished].sum(axis=2) == 10).all()


def test_the_k_step_scan_equals_the_step_by_step_functions() -> None:
    env = JaxHearts(Rules.omnibus(4), batch=16)
    key = jax.random.key(9)
    start = env.reset(key)
    scanned, total, count, nothing = env.play(start, key, 80)
    state, summed, active = start, np.zeros((16, 4), np.float32), 0
    for sub in jax.random.split(key, 80):
        act_key, deal_key = jax.random.split(sub)
        active += int((state.phase != 3).sum())
        state, rewards = env.step(state, env.check_actions(state, env.random_actions(state, act_key)))
        state = env.reset_done(state, deal_key)
        summed += np.asarray(rewards)
    assert all(np.array_equal(np.asarray(x), np.asarray(y)) for x, y in zip(scanned, state, strict=True))
    assert np.array_equal(np.asarray(total), summed) and int(count) == active == 80 * 16
    assert summed.any()  # hands ended within the 80 steps (64 at most a hand), then were dealt again
    assert float(nothing) == 0.0
    _, _, count, observed = env.play(start, key, 1, observe=True)
    assert int(count) == 16 and float(observed) == float(np.asarray(env.observe(start)).sum())


def test_observations_have_hearts_vec_layout(env: JaxHearts) -> None:
    state = env.reset(jax.random.key(4))
    obs = np.asarray(env.observe(state))
    sl = segment_slices(RULES)
    assert obs.shape == (32, size(RULES)) and obs.dtype == np.float32
    assert (obs[:, sl["hand"]].sum(axis=1) == 13).all() and (obs[:, sl["hand_sizes"]] == 1).all()
    assert (obs[:, sl["phase"]] == [0, 1, 0, 0]).all() and (obs[:, sl["pass_direction"]] == [0, 0, 0, 1]).all()
    others = np.asarray(env.observe(state, (state.to_act + 1) % 4))
    assert not np.array_equal(obs[:, sl["hand"]], others[:, sl["hand"]])


def test_no_64_bit_integers() -> None:
    assert not jax.config.jax_enable_x64
    vec = VecHearts(Rules.cancellation(9), 4)
    vec.reset(seed=1)
    state = JaxHearts.from_vec(vec)
    assert {np.dtype(x.dtype).itemsize for x in state} <= {1, 4}
