"""Why a card may not be played now, as a code with its details (the words are the reader's to choose).

:meth:`hearts.core.hand.Hand.play_refusal` says which rule refuses a card;
:attr:`PlayRefusal.text` is the engine's own English sentence, and a front
end may word each ``code`` in its own language (the web client does).

>>> PlayRefusal("follow_suit", suit="C").text
'must follow suit: holds clubs'
>>> PlayRefusal("lead_lowest_club", card="2C").to_dict()
{'code': 'lead_lowest_club', 'card': '2C'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import SUIT_NAMES, SUITS

#: each code, with the engine's English for it
CODES = {
    "not_play_phase": "it is not the playing phase",
    "moon_first": "the shooter must choose the moon first",
    "not_your_turn": "it is seat {seat}'s turn",
    "not_a_card": "not a card: {card}",
    "not_held": "does not hold {card}",
    "follow_suit": "must follow suit: holds {suit_name}",
    "first_trick_points": "no hearts or QS on the first trick",
    "first_lead_cancellation": "the first lead may not be a heart or QS",
    "lead_lowest_club": "must lead {card} to the first trick",
    "hearts_not_broken": "hearts are not broken",
}


@dataclass(frozen=True)
class PlayRefusal:
    """The rule that refuses a card: ``code`` (one of :data:`CODES`) and what it names (a card, a suit, a seat)."""

    code: str
    card: str | None = None
    suit: str | None = None
    seat: int | None = None

    @property
    def text(self) -> str:
        """The engine's English sentence."""
        suit_name = SUIT_NAMES[SUITS.index(self.suit)] if self.suit else ""
        return CODES[self.code].format(card=self.card, suit_name=suit_name, seat=self.seat)

    def to_dict(self) -> dict[str, Any]:
        """The code and the details it has (for JSON)."""
        return {k: v for k, v in (("code", self.code), ("card", self.card), ("suit", self.suit), ("seat", self.seat)) if v is not None}
