"""A seeded random driver for golden records and tests (uses only the engine)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from hearts.core import Game, Rules, parse_card
from hearts.core.fair_deal import seed_deal


def cards(texts: Sequence[str]) -> list[int]:
    return [parse_card(t) for t in texts]


def step(game: Game, rng: random.Random, *, dup_bias: bool = False, moon: str | None = None) -> None:
    """One action of the current hand: all passes, one play, or the moon choice."""
    h = game.hand
    assert h is not None
    if h.phase == "pass":
        for s in range(h.n):
            game.pass_cards(s, rng.sample(h.hand_cards(s), game.rules.pass_count))
    elif h.phase == "play":
        legal = h.legal_cards()
        if dup_bias:
            dups = [c for c in legal if c in h.trick]
            if dups and rng.random() < 0.8:
                legal = dups
        game.play(rng.choice(legal))
    elif h.phase == "moon":
        assert h.shooter is not None
        game.choose_moon(h.shooter, moon or rng.choice(["add", "subtract"]))


def play_game(
    rules: Rules,
    seed: int,
    *,
    first_dealer: int = 0,
    max_hands: int | None = None,
    dup_bias: bool = False,
    first_hand: tuple[list[list[str]], list[str], list[list[str]] | None] | None = None,
    stop: Callable[[Game], bool] | None = None,
    moon: str | None = None,
    deal_seed: Callable[[int], str] | None = None,
) -> Game:
    """Play a random game (optionally from a crafted first deal and passes) to its end,
    or until ``max_hands`` hands are done, or until ``stop(game)`` is true.
    With ``deal_seed``, hand ``h`` (from 1) is the hearts-deal/1 deal of ``deal_seed(h)``."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed, first_dealer=first_dealer, auto_deal=False)
    if first_hand is not None:
        deal, kitty, passes = first_hand
        game.start_hand([cards(d) for d in deal], cards(kitty))
        if passes is not None:
            for s, p in enumerate(passes):
                game.pass_cards(s, cards(p))
    while not game.game_over:
        if stop is not None and stop(game):
            break
        if game.needs_deal:
            if max_hands is not None and len(game.hands) >= max_hands:
                break
            if deal_seed is None:
                game.start_hand()
            else:
                game.start_hand(*seed_deal(rules, deal_seed(len(game.hands) + 1)))
            continue
        step(game, rng, dup_bias=dup_bias, moon=moon)
    return game
