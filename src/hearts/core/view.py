"""A seat's view: exactly what one seat (or a spectator) may know.

Bots, clients and learning agents receive a :class:`SeatView`, never the
state itself. It holds the seat's own hand, the cards it passed and
received, every card played, the voids each seat has shown, and the public
points; never another seat's cards or passes, nor the kitty before the hand
ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Trick
from .cards import Card, card_name
from .enums import PassDirection, Phase
from .rules import Rules


@dataclass(frozen=True)
class SeatView:
    """One seat's knowledge of the current hand (``seat`` None: a spectator)."""

    seat: int | None
    rules: Rules
    hand_number: int
    dealer: int
    pass_direction: PassDirection
    phase: Phase
    seats_to_act: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    passed: tuple[Card, ...] | None
    received: tuple[Card, ...] | None
    passes_chosen: tuple[bool, ...]
    tricks: tuple[Trick, ...]
    trick_leader: int | None
    trick: tuple[Card, ...]
    hearts_broken: bool
    voids: tuple[int, ...]
    points_taken: tuple[int, ...]
    set_aside: tuple[Card, ...]
    kitty_size: int
    kitty: tuple[Card, ...] | None
    kitty_taker: int | None
    shooter: int | None
    moon_choice: str | None
    points: tuple[int, ...] | None
    legal: tuple[Card, ...]
    scores: tuple[int, ...] | None = None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def pass_target(self) -> int | None:
        """The seat this seat passes to (None for a spectator or no passing)."""
        from .rules import PASS_OFFSETS

        if self.seat is None or self.pass_direction == "none":
            return None
        return (self.seat + PASS_OFFSETS[self.pass_direction]) % self.players

    def shows_void(self, seat: int, suit: int) -> bool:
        """Has ``seat`` shown that it holds no card of ``suit``?"""
        return bool(self.voids[seat] >> suit & 1)

    def played_by_seat(self) -> list[list[Card]]:
        """The cards each seat has played so far in the hand, in order."""
        played: list[list[Card]] = [[] for _ in range(self.players)]
        for t in self.tricks:
            for i, c in enumerate(t.cards):
                played[(t.leader + i) % self.players].append(c)
        if self.trick_leader is not None:
            for i, c in enumerate(self.trick):
                played[(self.trick_leader + i) % self.players].append(c)
        return played

    def played_cards(self) -> list[Card]:
        """Every card played so far in the hand, in order."""
        return [c for t in self.tricks for c in t.cards] + list(self.trick)

    def hand_names(self) -> list[str]:
        return [card_name(c) for c in self.hand]
