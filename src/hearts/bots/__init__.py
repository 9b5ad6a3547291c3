"""Bots: one protocol (a seat's view in, that seat's action out) and one registry.

>>> from hearts.bots import make_bot
>>> make_bot("random").name
'random'
"""

from .base import Bot, BotFault, RandomBot, best_moon_choice
from .registry import LEVELS, BotSpecError, known_bots, make_bot, parse_spec, split_specs

__all__ = [
    "LEVELS",
    "Bot",
    "BotFault",
    "BotSpecError",
    "RandomBot",
    "best_moon_choice",
    "known_bots",
    "make_bot",
    "parse_spec",
    "split_specs",
]
