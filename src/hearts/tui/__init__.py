"""Terminal play: ``hearts play``, a game against bots (Textual app, or plain line-based text).

:mod:`.session` holds the game logic and imports no UI; :mod:`.saves` the
index of saved games (the last one, names and bots); :mod:`.text` the words
shared by both interfaces; :mod:`.plain` is the line-based mode; :mod:`.app`
the Textual app and :mod:`.table` its drawing of the table (the ``tui`` extra).
"""

from .session import Session, SessionError

__all__ = ["Session", "SessionError"]
