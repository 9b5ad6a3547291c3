"""Simulation: seeded random play, the arena and the ``hearts bench`` benchmark.

Imports :mod:`hearts.core`, :mod:`hearts.bots` and the standard library;
OpenSpiel, where used, is imported lazily inside functions.
"""

from .arena import ArenaResult, run_arena
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
    "ArenaResult",
    "run_arena",
    "finish_random",
    "nth_card",
    "play_random_game",
    "play_random_hand",
    "random_card",
    "random_moon_choice",
    "random_pass",
]
