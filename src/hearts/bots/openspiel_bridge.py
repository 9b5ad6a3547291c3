"""Translating between this engine and OpenSpiel's ``hearts`` (4 players).

OpenSpiel's encodings (``open_spiel/games/hearts/hearts.h``):

- a card is ``rank * 4 + suit`` (suits C D H S = 0..3, rank 0 = the two);
  ours is ``suit * 13 + rank``;
- the first chance node picks the pass direction: 0 no pass, 1 left,
  2 across, 3 right; seat ``p`` passes to ``(p + dir) % 4``, so "left" is
  the next seat, as in ours; our hand numbers 1, 2, 3, 4 are left, right,
  across, none;
- deal chance node ``i`` (0..51) gives the chosen card to seat ``i % 4``;
  OpenSpiel has no dealer: the 2C holder leads, as in ours;
- passing is sequential, one card per action, seats 0, 1, 2, 3;
- returns are ``26 - points``; the moon adds 26 to the others and zeroes
  the shooter, i.e. our ``moon="add"``.

OpenSpiel is an optional extra: :func:`load_hearts` imports it lazily.

>>> from hearts.core import parse_card
>>> to_openspiel(parse_card("QS")), from_openspiel(43) == parse_card("QS")
(43, True)
>>> [OPENSPIEL_PASS_DIR[d] for d in ("left", "right", "across", "none")]
[1, 3, 2, 0]
"""

from __future__ import annotations

from typing import Any

from hearts.core import Card

#: OpenSpiel's first chance outcome for each of our pass directions.
OPENSPIEL_PASS_DIR: dict[str, int] = {"none": 0, "left": 1, "across": 2, "right": 3}
#: our pass direction for each OpenSpiel pass-direction outcome.
PASS_DIR_FROM_OPENSPIEL: dict[int, str] = {v: k for k, v in OPENSPIEL_PASS_DIR.items()}
#: our 4-player hand number (1..4) with each OpenSpiel pass direction.
HAND_NUMBER_FOR_OPENSPIEL_DIR: dict[int, int] = {1: 1, 3: 2, 2: 3, 0: 4}

_TO_OS: tuple[int, ...] = tuple((c % 13) * 4 + c // 13 for c in range(52))
_FROM_OS: tuple[int, ...] = tuple((a % 4) * 13 + a // 4 for a in range(52))


def to_openspiel(card: Card) -> int:
    """OpenSpiel's action id of our card."""
    return _TO_OS[card]


def from_openspiel(action: int) -> Card:
    """Our card of an OpenSpiel card action id."""
    return _FROM_OS[action]


def points_from_returns(returns: list[float]) -> list[int]:
    """Hand points from OpenSpiel's default returns (``26 - points``)."""
    return [26 - int(round(r)) for r in returns]


def load_hearts(**params: Any) -> Any:
    """OpenSpiel's ``hearts`` game, or ``None`` when ``pyspiel`` is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    return pyspiel.load_game("hearts", params) if params else pyspiel.load_game("hearts")
