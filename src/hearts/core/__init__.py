"""The rules engine: cards, rules, a hand's state, a game, seat views.

Standard library only; nothing here imports another part of the package.
"""

from .actions import Action, ChooseMoon, PassCards, PlayCard, Trick
from .cards import Card, CardMask, card_name, mask_cards, names, parse_card
from .deal import random_deal
from .enums import MoonChoice, MoonRule, PassDirection, Phase, Variant
from .errors import CardError, DealError, HeartsError, IllegalAction, RulesError
from .game import Game
from .hand import Hand
from .rules import Rules
from .view import SeatView

__all__ = [
    "Action",
    "Card",
    "CardError",
    "CardMask",
    "ChooseMoon",
    "DealError",
    "Game",
    "Hand",
    "HeartsError",
    "IllegalAction",
    "MoonChoice",
    "MoonRule",
    "PassCards",
    "PassDirection",
    "Phase",
    "PlayCard",
    "Rules",
    "RulesError",
    "SeatView",
    "Trick",
    "Variant",
    "card_name",
    "mask_cards",
    "names",
    "parse_card",
    "random_deal",
]
