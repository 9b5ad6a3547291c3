"""The bots of one game (hearts.session.bots): built once per seat, reseeded per decision, closed once."""

from __future__ import annotations

from typing import Any

import pytest

from hearts.bots import Bot, BotSpecError, RandomBot, make_bot
from hearts.core import Game, Rules
from hearts.session import SeatBots, hint


class Counting:
    """A bot factory that counts the bots it makes and the ones closed."""

    def __init__(self) -> None:
        self.made: list[Bot] = []
        self.closed = 0

    def __call__(self, spec: str, *, seed: int | None = None) -> Bot:
        bot = make_bot(spec, seed=seed)
        original = bot.close

        def close() -> None:
            self.closed += 1
            original()

        bot.close = close  # type: ignore[method-assign]
        self.made.append(bot)
        return bot


def test_each_seat_gets_one_bot_for_the_game_and_closing_is_once() -> None:
    factory = Counting()
    game = Game(Rules.standard(4), seed=3)
    bots = SeatBots({1: "random", 2: "easy", 3: "random"}, seed="k", factory=factory)
    while not game.hand.done:  # type: ignore[union-attr]
        seat = game.seats_to_act()[0]
        action = bots.act(seat, game.view(seat), seed=len(game.hand.plays)) if seat else make_bot("random", seed=1).act(game.view(0))  # type: ignore[union-attr]
        game.apply(action)
    assert len(factory.made) == 3
    bots.close()
    bots.close()
    assert factory.closed == 3
    with pytest.raises(RuntimeError, match="closed"):
        bots.act(1, game.view(1), seed=0)


def test_the_same_moment_gets_the_same_decision_whatever_came_before() -> None:
    game = Game(Rules.standard(4), seed=8)
    a = SeatBots({1: "random"}, seed=1)
    b = SeatBots({1: "random"}, seed=2)
    for k in range(5):  # a's generator moves on; reseeding puts it back
        a.act(1, game.view(1), seed=100 + k)
    assert a.act(1, game.view(1), seed=7) == b.act(1, game.view(1), seed=7)


def test_rebuilt_bots_are_new_and_the_old_ones_closed() -> None:
    factory = Counting()
    bots = SeatBots({0: "random", 2: "random"}, seed=0, factory=factory)
    old = dict(bots.bots)
    fresh = bots.rebuilt()
    assert bots.closed and factory.closed == 2 and all(fresh.bots[s] is not old[s] for s in old)


def test_a_bad_spec_fails_before_the_game() -> None:
    with pytest.raises(BotSpecError):
        SeatBots({1: "chess"}, seed=0)


def test_reseed_draws_the_randomness_again_and_keeps_the_rest() -> None:
    bot = RandomBot(seed=1)
    bot.memory = ["kept"]  # type: ignore[attr-defined]
    bot.reseed(5)
    first = [bot.rng.random() for _ in range(3)]
    bot.reseed(5)
    assert [bot.rng.random() for _ in range(3)] == first and bot.memory == ["kept"]  # type: ignore[attr-defined]


def test_the_hint_is_a_legal_choice_of_the_seat() -> None:
    game = Game(Rules.standard(4), seed=2)
    action: Any = hint(game.view(0), seed=3)
    assert action.seat == 0 and len(action.cards) == 3 and set(action.cards) <= set(game.view(0).hand)
    assert hint(game.view(0), seed=3) == action
