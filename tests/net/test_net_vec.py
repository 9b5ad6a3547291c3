"""The net's batched choice over hearts.vec: each game, replayed through the engine, is the model on each seat's own view."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402

from hearts.core import Hand, Rules  # noqa: E402
from hearts.core.cards import mask_cards  # noqa: E402
from hearts.net import NetModel, encode, load_shipped  # noqa: E402
from hearts.vec import VecHearts  # noqa: E402
from hearts.vec.engine import DONE, PASS  # noqa: E402
from hearts.vec.record import hand_of  # noqa: E402


def self_play(model: NetModel, rules: Rules, batch: int, seed: int) -> VecHearts:
    env = VecHearts(rules, batch=batch)
    env.reset(seed)
    while not env.done.all():
        actions = model.greedy(env.observe(), env.action_masks(), env.phase == PASS)
        env.step(actions, where=env.phase != DONE)
    return env


def replay_checking(model: NetModel, env: VecHearts, game: int) -> int:
    """Replay ``game`` through the engine, checking every decision against the model on the seat's view; the decisions checked."""
    done = hand_of(env, game)
    rules = env.rules
    deal = [sorted(mask_cards(int(env.dealt[game, s])) + mask_cards(int(env.dealt_hi[game, s]))) for s in range(rules.players)]
    kitty = sorted(mask_cards(int(env.kitty[game])) + mask_cards(int(env.kitty_hi[game])))
    hand = Hand(rules, deal, kitty, number=done.number, dealer=done.dealer)
    actions = [int(a) for a in env.history[game, : int(env.steps[game])]]
    k = rules.pass_count if hand.phase == "pass" else 0
    checked = 0
    for s in range(rules.players if k else 0):
        picks = actions[s * k : (s + 1) * k]
        view = hand.view(s)
        for j, card in enumerate(picks):
            logits = model.pass_logits(encode(view, picks[:j])[None])[0]
            legal = [c for c in set(view.hand) if picks[:j].count(c) < view.hand.count(c)]
            assert card == max(legal, key=lambda c: logits[c])
            checked += 1
        hand.pass_cards(s, picks)
    for card in actions[rules.players * k :]:
        view = hand.view(hand.to_move)
        legal = sorted(set(view.legal))
        values = model.play_values(encode(view), legal)
        assert card == legal[int(np.argmax(values))]
        hand.play(card)
        checked += 1
        if hand.phase == "moon":
            hand.choose_moon(hand.to_move, "add" if env.moon_adds[hand.to_move] else "subtract")
    assert hand.points == done.points == env.points[game].tolist()
    return checked


def test_greedy_self_play_on_vec_is_the_model_on_each_seats_view() -> None:
    rules = Rules.standard(4)
    model = load_shipped(rules)
    env = self_play(model, rules, 6, seed=8)
    assert sum(replay_checking(model, env, g) for g in range(6)) >= 6 * 52


def test_greedy_scores_plays_by_value_and_picks_by_logit() -> None:
    rules = Rules.standard(4)
    model = load_shipped(rules)
    rng = np.random.default_rng(2)
    obs = np.stack([encode(Hand.from_seed(rules, seed=s).view(0)) for s in range(6)])
    mask = (rng.random((6, 52)) < 0.3).astype(np.int8)
    mask[:, 0] = 1
    passing = np.array([True, False] * 3)
    got = model.greedy(obs, mask, passing)
    want = np.where(passing, np.argmax(np.where(mask > 0, model.pass_logits(obs), -np.inf), axis=1), 0)
    plays = np.argmax(np.where(mask > 0, model.all_values(obs), -np.inf), axis=1)
    assert np.array_equal(got, np.where(passing, want, plays))
