"""hearts: Hearts and Cancellation Hearts, a rules engine and tools around it.

>>> from hearts import Rules, Game
>>> Game(Rules.standard(4), seed=1).hand.phase
'pass'
"""

from .core import (
    Action,
    Card,
    CardError,
    ChooseMoon,
    DealError,
    Game,
    Hand,
    HeartsError,
    IllegalAction,
    PassCards,
    PlayCard,
    Rules,
    RulesError,
    SeatView,
    Trick,
    card_name,
    names,
    parse_card,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Card",
    "CardError",
    "ChooseMoon",
    "DealError",
    "Game",
    "Hand",
    "HeartsError",
    "IllegalAction",
    "PassCards",
    "PlayCard",
    "Rules",
    "RulesError",
    "SeatView",
    "Trick",
    "card_name",
    "names",
    "parse_card",
]
