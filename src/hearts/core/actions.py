"""Actions a seat can take, and the events that applying them produces.

>>> PlayCard(seat=1, card=0)
PlayCard(seat=1, card=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card


@dataclass(frozen=True)
class PassCards:
    """``seat`` passes ``cards`` (all seats choose before any pass is seen)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class PlayCard:
    """``seat`` plays ``card`` to the trick."""

    seat: int
    card: Card


@dataclass(frozen=True)
class ChooseMoon:
    """The shooter's choice: ``"add"`` 26 to the others or ``"subtract"`` 26."""

    seat: int
    choice: str


Action = PassCards | PlayCard | ChooseMoon


class Trick(NamedTuple):
    """A completed trick; ``winner`` is None when it was set aside."""

    leader: int
    cards: tuple[Card, ...]
    winner: int | None
    points: int


@dataclass(frozen=True)
class PassChosen:
    seat: int


@dataclass(frozen=True)
class PassesExchanged:
    direction: str


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True)
class TrickDone:
    trick: Trick


@dataclass(frozen=True)
class MoonShot:
    seat: int


@dataclass(frozen=True)
class HandScored:
    points: tuple[int, ...]
    moon_seat: int | None
    moon_choice: str | None


Event = PassChosen | PassesExchanged | CardPlayed | TrickDone | MoonShot | HandScored
