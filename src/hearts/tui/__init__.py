"""Terminal play: ``hearts play``, a game against bots (Textual app, or plain line-based text).

:mod:`.session` holds the game logic and imports no UI; :mod:`.plain` is the
line-based mode; :mod:`.app` the Textual app (the ``tui`` extra).
"""

from .session import Session, SessionError

__all__ = ["Session", "SessionError"]
