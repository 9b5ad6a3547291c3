"""The hearts-record/1 game record: read, check, write and replay.

Imports only :mod:`hearts.core` and the standard library.

>>> from hearts.core import Game, Rules
>>> g = Game(Rules.standard(4), seed=1)
>>> replay(game_record(g))["ok"]
True
"""

from .errors import RecordError, ReplayError
from .format import (
    FORMAT,
    Deals,
    HandRecord,
    Player,
    Record,
    dumps_record,
    game_record,
    hand_entry,
    hand_record,
    loads_record,
    read_record,
    save_record,
    to_record,
)
from .replay import replay, replay_game

__all__ = [
    "Deals",
    "FORMAT",
    "HandRecord",
    "Player",
    "Record",
    "RecordError",
    "ReplayError",
    "dumps_record",
    "game_record",
    "hand_entry",
    "hand_record",
    "loads_record",
    "read_record",
    "replay",
    "replay_game",
    "save_record",
    "to_record",
]
