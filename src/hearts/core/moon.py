"""The shooter's best moon choice on the score sheet: the rules kernel's :func:`~hearts.core.kernel.best_moon`, in words.

Both choices move the shooter the moon's score against every other seat.
What differs is whether the game ends: a choice that ends the game with the
shooter alone lowest wins it; one that ends it with the shooter not lowest
loses it. When neither ends the game, a shooter who leads wants it to end
sooner (``add`` pushes the others toward the target) and one who trails
wants it longer (``subtract``).

>>> moon_choice_for([80, 70, 60, 90], 0, 100)  # adding ends the game with seat 0 alone lowest
'add'
>>> moon_choice_for([95, 60, 60, 60], 0, 100)  # adding ends it with seat 0 last: subtract
'subtract'
"""

from __future__ import annotations

from collections.abc import Sequence

from .enums import MoonChoice
from .kernel import best_moon
from .view import SeatView


def moon_choice_for(scores: Sequence[int], seat: int, target: int) -> MoonChoice:
    """The better choice for the shooter ``seat`` from the scores before the hand, with the game played to ``target``."""
    return MoonChoice.of_code(best_moon(list(scores), len(scores), seat, target))


def best_moon_choice(view: SeatView) -> MoonChoice:
    """:func:`moon_choice_for` from a shooter's view (its seat, its scores, its rules' target)."""
    seat = view.seat
    assert seat is not None
    return moon_choice_for(list(view.scores or [0] * view.players), seat, view.rules.target or 0)
