"""The AEC environment: PettingZoo's conformance tests, and agreement with the engine."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]  # noqa: E402

from hearts.core import Hand, HeartsError, Rules  # noqa: E402
from hearts.rl import HeartsEnv, IllegalStep, decode_cards, encode, env, raw_env, segments  # noqa: E402

CONFIGS: list[dict[str, Any]] = [
    {"variant": "standard", "players": 4},
    {"variant": "standard", "players": 3},
    {"variant": "cancellation", "players": 8},
    {"variant": "cancellation", "players": 11},
    {"variant": "omnibus", "players": 4, "reward": "payoff"},
    {"variant": "standard", "players": 4, "hands": None, "target": 40},
    {"variant": "cancellation", "players": 6, "illegal": "penalty", "penalty": 0.5},
]


@pytest.mark.parametrize("kwargs", CONFIGS, ids=lambda k: "-".join(str(v) for v in k.values()))
def test_pettingzoo_api_and_seed(kwargs: dict[str, Any]) -> None:
    api_test(env(**kwargs), num_cycles=300)
    seed_test(lambda: env(**kwargs), num_cycles=300)


def random_episode(e: HeartsEnv, seed: int, stop: int | None = None, reset: bool = True) -> list[tuple[str, int]]:
    """Play random legal actions (at most ``stop`` of them); returns (agent, card) in order."""
    rng = random.Random(seed)
    if reset:
        e.reset(seed=seed)
    log: list[tuple[str, int]] = []
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        if stop is not None and len(log) >= stop:
            break
        card = rng.choice(list(np.flatnonzero(obs["action_mask"])))
        log.append((agent, int(card)))
        e.step(int(card))
    return log


@pytest.mark.parametrize("variant,players", [("standard", 4), ("standard", 5), ("cancellation", 9), ("omnibus", 4)])
def test_rewards_passes_and_masks_agree_with_the_engine(variant: str, players: int) -> None:
    for seed in range(3):
        e = raw_env(variant, players)
        rng = random.Random(seed)
        e.reset(seed=seed)
        first = e.hand
        assert first is not None
        replay = Hand(e.rules, first.deal, first.kitty, dealer=first.dealer, number=first.number)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        picks: dict[int, list[int]] = {}
        for agent in e.agent_iter():
            obs, _, term, _, _ = e.last()
            if term:
                e.step(None)
                continue
            seat = e.agent_name_mapping[agent]
            mask = obs["action_mask"]
            if replay.phase == "play":
                assert replay.to_move == seat
                assert list(np.flatnonzero(mask)) == sorted(set(replay.legal_cards()))
            else:
                assert replay.phase == "pass" and seat in replay.seats_to_act()
            card = int(rng.choice(list(np.flatnonzero(mask))))
            e.step(card)
            for a in e.possible_agents:
                totals[a] += e.rewards.get(a, 0.0)
            if replay.phase == "pass":
                picks.setdefault(seat, []).append(card)
                if len(picks[seat]) == e.rules.pass_count:
                    replay.pass_cards(seat, picks[seat])
                    assert first.passes[seat] == replay.passes[seat] == tuple(sorted(picks[seat]))
            else:
                replay.play(card, seat)
                if replay.phase == "moon":
                    assert first.phase == "done" and first.moon_choice is not None
                    replay.choose_moon(replay.to_move, first.moon_choice)
        assert replay.phase == "done" and replay.points == first.points
        assert totals == {a: -float(p) for a, p in zip(e.possible_agents, replay.points or [], strict=True)}


def test_payoff_rewards_are_zero_sum_and_whole_games_end() -> None:
    e = raw_env("standard", 4, reward="payoff", hands=None, target=40)
    totals: Counter[str] = Counter()
    e.reset(seed=5)
    for agent in e.agent_iter():
        obs, reward, term, _, _ = e.last()
        totals[agent] += reward
        if term:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.game is not None and e.game.game_over and e.hands_done == len(e.game.hands)
    assert abs(sum(totals.values())) < 1e-9
    assert e.hands_done > 1


def test_several_hands_per_episode_sum_the_scores() -> None:
    e = raw_env("cancellation", 6, hands=2)
    e.reset(seed=2)
    first = e.hand
    random_episode(e, seed=2, reset=False)
    assert e.hands_done == 2 and e.hand is not first and e.hand is not None
    assert first is not None and first.points is not None and e.hand.points is not None
    assert e.scores == [a + b for a, b in zip(first.points, e.hand.points, strict=True)]
    assert e.hand.number == first.number + 1


def _card_multiset(blocks: list[list[int]]) -> Counter[int]:
    return Counter(c for b in blocks for c in b)


@pytest.mark.parametrize("variant,players", [("standard", 4), ("standard", 7), ("cancellation", 8), ("cancellation", 11), ("omnibus", 3)])
def test_the_observation_holds_no_hidden_card(variant: str, players: int) -> None:
    rules = Rules(variant=variant, players=players)
    for seed in range(6):
        e = raw_env(variant, players)
        random_episode(e, seed, stop=random.Random(seed).randrange(0, 60))
        hand = e.hand
        assert hand is not None
        for agent in e.possible_agents:
            seat = e.agent_name_mapping[agent]
            obs = e.observe(agent)["observation"]
            known = Counter(hand.hand_cards(seat)) + Counter(hand.passes[seat] or e.picks[seat])
            known += Counter(hand.received[seat] or ())
            known += Counter(hand.plays)
            for name in ("hand", "passed", "received", "played_by_seat", "trick_by_seat"):
                seen = _card_multiset(decode_cards(obs, rules, name))
                assert not seen - known, f"{name} shows a card {agent} cannot know"
            assert _card_multiset(decode_cards(obs, rules, "trick_by_seat")) == Counter(hand.trick)
            assert decode_cards(obs, rules, "hand") == [hand.hand_cards(seat)]
            assert _card_multiset(decode_cards(obs, rules, "played_by_seat")) == Counter(hand.plays)


def test_two_states_with_the_same_view_give_the_same_observation() -> None:
    """Swap the hidden cards of two other seats: the seat's view, and so its observation, is unchanged."""
    for variant, players in (("standard", 4), ("cancellation", 8)):
        for seed in range(5):
            e = raw_env(variant, players)
            random_episode(e, seed, stop=40)
            hand = e.hand
            assert hand is not None and hand.phase == "play"
            seat = hand.to_move
            view = hand.view(seat)
            others = [s for s in range(players) if s != seat]
            rng = random.Random(seed)
            hidden = [c for s in others for c in hand.hand_cards(s)]
            rng.shuffle(hidden)
            hands, i = [], 0
            for s in range(players):
                if s == seat:
                    hands.append(hand.hand_cards(s))
                else:
                    k = hand.hand_size(s)
                    hands.append(hidden[i : i + k])
                    i += k
            world = Hand.world(view, hands, hand.kitty)
            assert [world.hand_cards(s) for s in others] != [hand.hand_cards(s) for s in others]
            assert np.array_equal(encode(world.view(seat)), encode(view))


def test_segments_cover_the_observation() -> None:
    e = raw_env("cancellation", 10)
    e.reset(seed=0)
    size = sum(s for _, s in segments(e.rules))
    assert e.observation_space("player_3")["observation"].shape == (size,)  # type: ignore[index]
    assert [n for n, _ in segments(e.rules)][-1] == "hearts_broken"


def test_illegal_actions_and_bad_arguments_give_clear_errors() -> None:
    e = raw_env("standard", 4)
    e.reset(seed=1)
    hand = e.hand
    assert hand is not None
    not_held = next(c for c in range(52) if c not in hand.hand_cards(0))
    with pytest.raises(IllegalStep, match="player_0 may not pass"):
        e.step(not_held)
    with pytest.raises(IllegalStep, match="card id from 0 to 51"):
        e.step(52)
    with pytest.raises(HeartsError, match="unknown variant"):
        raw_env("bridge", 4)
    with pytest.raises(HeartsError, match="for 6 to 11 players"):
        raw_env("cancellation", 4)
    with pytest.raises(ValueError, match="reward must be"):
        raw_env("standard", 4, reward="money")
    with pytest.raises(HeartsError, match="unknown option 'colour'"):
        raw_env("standard", 4, colour="red")
    with pytest.raises(ValueError, match="hands must be"):
        raw_env("standard", 4, hands=0)
    e.step(hand.hand_cards(0)[0])
    with pytest.raises(IllegalStep, match="player_0 may not pass"):
        e.step(hand.hand_cards(0)[0])


def test_a_duplicate_may_be_passed_twice_only_when_held_twice() -> None:
    for seed in range(20):
        e = raw_env("cancellation", 8)
        e.reset(seed=seed)
        hand = e.hand
        assert hand is not None
        cards = hand.hand_cards(0)
        twice = [c for c in set(cards) if cards.count(c) == 2]
        once = [c for c in set(cards) if cards.count(c) == 1]
        if twice and once:
            e.step(twice[0])
            assert e.observe("player_0")["action_mask"][twice[0]] == 1
            e.step(once[0])
            assert e.observe("player_0")["action_mask"][once[0]] == 0
            with pytest.raises(IllegalStep):
                e.step(once[0])
            return
    pytest.fail("no deal with a duplicate")


def test_render_ansi() -> None:
    e = raw_env("standard", 4, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "phase pass" in text
