"""Simulation: seeded random play and the ``hearts bench`` benchmark.

Imports only :mod:`hearts.core` and the standard library; OpenSpiel, where
used, is imported lazily inside functions.
"""

from .random_play import (
    finish_random,
    nth_card,
    play_random_game,
    play_random_hand,
    random_card,
    random_moon_choice,
    random_pass,
)

__all__ = [
    "finish_random",
    "nth_card",
    "play_random_game",
    "play_random_hand",
    "random_card",
    "random_moon_choice",
    "random_pass",
]
