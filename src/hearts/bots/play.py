"""Drive hands and games with bots, each seeing only its own seat's view.

>>> from hearts.core import Game, Rules
>>> from hearts.bots import make_bot
>>> game = Game(Rules.standard(4, target=50), seed=2)
>>> bots = [make_bot("random", seed=s) for s in range(4)]
>>> game = play_game(game, bots)
>>> game.game_over
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.core import Game, Hand

from .base import Bot


def play_hand(hand: Hand, bots: Sequence[Bot], scores: Sequence[int] | None = None) -> Hand:
    """Play ``hand`` to the end; every decision is made from the acting seat's view.

    In the passing phase every seat chooses from its view before any pass is
    seen. A bot's illegal action raises :class:`~hearts.core.IllegalAction`.
    """
    while hand.phase != "done":
        for seat in hand.seats_to_act():
            hand.apply(bots[seat].act(hand.view(seat, scores)))
    return hand


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Play ``game`` (dealing from its own generator) until it is over."""
    while not game.game_over:
        if game.needs_deal:
            game.start_hand()
        for seat in game.seats_to_act():
            game.apply(bots[seat].act(game.view(seat)))
    return game
