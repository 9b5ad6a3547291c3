"""net-rollout: worlds loaded into hearts.vec exactly, rollouts that are the net's own play, and nothing hidden used."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np  # noqa: E402
from test_net import _position as position  # noqa: E402 (a hand passed and played at random to a random play)

from hearts.bots import BotSpecError, make_bot  # noqa: E402
from hearts.bots.playout import Evaluator  # noqa: E402
from hearts.bots.sampler import sample_hands, sample_world  # noqa: E402
from hearts.core import Hand, Rules, SeatView  # noqa: E402
from hearts.net import NetModel, encode  # noqa: E402
from hearts.net.rollout import history, rollout_values, world_deal  # noqa: E402
from hearts.vec import VecHearts  # noqa: E402

TABLES = [Rules.standard(4), Rules.standard(5), Rules.cancellation(8), Rules.standard(4, jack_of_diamonds=True)]


def replayed(view: SeatView, deal: list[list[int]], kitty: list[int], passes: list[list[int]]) -> Hand:
    """The engine's hand dealt ``deal``, passed ``passes`` and played as ``view`` shows."""
    rules = view.rules
    again = Hand(rules, deal, kitty, number=view.hand_number, dealer=view.dealer)
    if again.phase == "pass":
        for s in range(rules.players):
            again.pass_cards(s, passes[s])
    for card in [c for t in view.tricks for c in t.cards] + list(view.trick):
        again.play(card)
    return again


@pytest.mark.parametrize("rules", TABLES, ids=lambda r: f"{r.variant}-{r.players}{'-jd' if r.jack_of_diamonds else ''}")
def test_a_world_replayed_from_its_deal_is_the_world(rules: Rules) -> None:
    """The deal before the pass and the history rebuild the world: in the engine, and in hearts.vec's observation."""
    rng = random.Random(rules.players)
    checked = 0
    for number in range(1, 9):
        hand = position(rules, rng, number)
        if hand is None:
            continue
        seat = hand.to_move
        view = hand.view(seat)
        for _ in range(3):
            hands, kitty = sample_hands(view, rng)
            deal, passes = world_deal(view, hands, rng)
            again = replayed(view, deal, kitty, passes)
            assert [sorted(again.hand_cards(s)) for s in range(rules.players)] == [sorted(h) for h in hands]
            assert again.view(seat) == view
            vec = VecHearts(rules, 1)
            vec.set_deals([deal], [view.hand_number], [kitty] if kitty else (), [view.dealer])
            for card in history(view, passes):
                vec.step([card])
            assert int(vec.to_act[0]) == seat and np.array_equal(vec.observe()[0], encode(view))
            checked += 1
    assert checked >= 6


def greedy_move(model: NetModel, world: Hand) -> None:
    """The seat to move plays its best-valued legal card on its own view."""
    view = world.view(world.to_move)
    legal = sorted(set(view.legal))
    world.play(legal[int(np.argmax(model.play_values(encode(view), legal)))])


def greedy_playout(model: NetModel, world: Hand) -> Hand:
    """``world`` played to the end by the net in the engine, each seat's best-valued legal card on its own view."""
    while world.phase == "play":
        greedy_move(model, world)
    if world.phase == "moon":
        world.choose_moon(world.to_move, "add")
    return world


@pytest.mark.parametrize("rules", [Rules.standard(4), Rules.cancellation(8)], ids=lambda r: f"{r.variant}-{r.players}")
def test_the_batched_rollouts_are_the_nets_own_play_in_the_engine(rules: Rules) -> None:
    model = NetModel.init(rules, trunk=(32,), card=8, seed=3)
    rng = random.Random(7)
    hand = None
    while hand is None:
        hand = position(rules, rng, 1)
    seat = hand.to_move
    view = hand.view(seat)
    evaluator = Evaluator(seat, rules, view.scores, "payoff")
    worlds, engine = [], []
    for _ in range(3):
        hands, kitty = sample_hands(view, rng)
        deal, passes = world_deal(view, hands, rng)
        worlds.append((deal, kitty, passes))
        engine.append(replayed(view, deal, kitty, passes))  # every seat's own pass in its view, as in the batch
    cards = list(view.legal)
    values = rollout_values(model, view, worlds, cards, evaluator)
    for w, world in enumerate(engine):
        for k, card in enumerate(cards):
            played = world.clone()
            played.play(card)
            done = greedy_playout(model, played)
            assert done.points is not None
            assert values[w, k] == pytest.approx(evaluator.value(done.points, done.shooter))


@pytest.mark.parametrize("depth", [1, 2])
def test_a_cut_off_game_is_valued_by_the_net_at_the_viewers_turn(depth: int) -> None:
    """depth d: the net plays the world on to the viewer's d-th next turn, where its best legal card's value counts."""
    rules = Rules.standard(4)
    model = NetModel.init(rules, trunk=(32,), card=8, seed=5)
    rng = random.Random(9)
    checked = cut = 0
    for number in (1, 2, 3, 4):
        hand = position(rules, rng, number)
        if hand is None:
            continue
        seat = hand.to_move
        view = hand.view(seat)
        evaluator = Evaluator(seat, rules, view.scores, "payoff")
        hands, kitty = sample_hands(view, rng)
        deal, passes = world_deal(view, hands, rng)
        world = replayed(view, deal, kitty, passes)
        cards = list(view.legal)
        values = rollout_values(model, view, [(deal, kitty, passes)], cards, evaluator, depth)
        for k, card in enumerate(cards):
            played = world.clone()
            played.play(card)
            turns = depth
            while played.phase == "play":
                if played.to_move == seat:
                    turns -= 1
                    if turns == 0:
                        break
                greedy_move(model, played)
            if played.phase == "play":
                mine = played.view(seat)
                expected = float(np.max(model.play_values(encode(mine), sorted(set(mine.legal)))))
                cut += 1
            else:
                if played.phase == "moon":
                    played.choose_moon(played.to_move, "add")
                assert played.points is not None
                expected = evaluator.value(played.points, played.shooter)
            assert values[0, k] == pytest.approx(expected, rel=1e-5, abs=1e-4)
            checked += 1
    assert checked >= 8 and cut >= 4


def test_depth_is_checked() -> None:
    with pytest.raises(BotSpecError, match="depth must be between 0 and 52"):
        make_bot("net-rollout:depth=-1")
    hand = Hand.from_seed(Rules.standard(4), seed=5, number=4)
    assert make_bot("net-rollout:sims=16:depth=1:seed=2").play_card(hand.view(hand.to_move)) in hand.legal_cards()


@pytest.mark.parametrize("spec", ["net-rollout:sims=24", "net-rollout:sims=24:depth=1"])
def test_the_bot_decides_on_its_view_only(spec: str) -> None:
    """Resampled worlds of a seat's view (other hidden cards) give the same card and values."""
    rules = Rules.standard(4)
    rng = random.Random(11)
    checked = 0
    for number in (1, 2, 4):
        hand = position(rules, rng, number)
        if hand is None or len(hand.legal_cards()) < 2:
            continue
        seat = hand.to_move
        view = hand.view(seat)
        bot = make_bot(spec, seed=4)
        card = bot.play_card(view)
        values = bot.decision_values()
        world = sample_world(view, rng)
        assert world.view(seat) == view
        again = make_bot(spec, seed=4)
        assert again.play_card(world.view(seat)) == card and again.decision_values() == values
        checked += 1
    assert checked >= 1


def test_it_plays_whole_hands_and_passes_as_the_net() -> None:
    rules = Rules.standard(4)
    view = Hand.from_seed(rules, seed=5, number=1).view(0)
    assert make_bot("net-rollout:sims=16", seed=1).pass_cards(view) == make_bot("net", seed=1).pass_cards(view)
    bots = [make_bot("net-rollout:sims=8", seed=1)] + [make_bot("net", seed=s) for s in range(3)]
    from hearts.bots.play import play_hand

    hand = play_hand(Hand.from_seed(rules, 9, number=2), bots)
    assert hand.phase == "done" and sum(hand.points or ()) in (26, 78)


@pytest.mark.parametrize("spec", ["net-rollout", "net-search"])
def test_a_table_without_a_model_is_refused_before_the_game(spec: str, unshipped: Rules) -> None:
    from hearts.bots import BotSpecError

    make_bot(spec).check(Rules.standard(4))
    with pytest.raises(BotSpecError, match=f"no shipped model for {unshipped.variant} Hearts with {unshipped.players} players"):
        make_bot(spec).check(unshipped)


@pytest.mark.parametrize("given, expected", [(None, "1"), ("3", "3")])
def test_the_net_runs_numpys_blas_on_one_thread_unless_told(given: str | None, expected: str) -> None:
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given is not None:
        env["OPENBLAS_NUM_THREADS"] = given
    code = "import hearts.net, os; print(os.environ['OPENBLAS_NUM_THREADS'])"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == expected
