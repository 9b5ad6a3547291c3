"""A game in progress at a table, below the apps that show it: its bots, the help a player may ask for, the refusals.

``hearts play`` (:mod:`hearts.tui`) and ``hearts serve`` (:mod:`hearts.server`,
and the page's host in :mod:`hearts.web`) drive the same pieces:

- :mod:`~hearts.session.table` -- the game as an action log
  (:class:`TableSession`): an action checked with the turn's refusal
  (:class:`Refusal`), applied, replayed; undo, claim and the hint's view. The
  server's table is one (adding seats, tokens and the start);
- :mod:`~hearts.session.solo` -- one person against bots (:class:`SoloTable`),
  the game ``hearts play`` drives: its bots built once, its deals, undo, claim
  and hint;
- :mod:`~hearts.session.bots` -- the bots of a game, built once per seat
  (:class:`SeatBots`), and the one construction of a bot's single decision
  (:func:`decide`) that the hint (:func:`hint`) and the server's bot pool use;
- :mod:`~hearts.session.turn` -- the help and the refusals of a turn: why an
  action is not for now, the next play of a claim, the card an undo takes back;
- :mod:`~hearts.session.sheet` -- the score sheet after a hand
  (:class:`ScoreSheet`, the table's :attr:`~TableSession.sheet`): the pause
  while it is read, who has read it, and the next hand going on; the
  terminal, the server and the page drive it through the table;
- :mod:`~hearts.session.pace` -- the turn timer and the seat a bot must act
  for now (:class:`Pace`, clock-free, kept by each host beside its table:
  the server arms timers, the page polls);
- :mod:`~hearts.session.guide` -- the guided first hand: the coach's note
  that applies now, chosen from the player's own view.

Standard library only (the page runs it in Pyodide); it imports the core, the
record format and the bots, and nothing above them.
"""

from .bots import HINT_SPEC, SeatBots, decide, hint
from .pace import Pace
from .sheet import ScoreSheet
from .solo import SoloTable
from .table import Refusal, TableSession
from .turn import CLAIM_REFUSAL, NOTHING_TO_DECIDE, claim_play, last_play, not_now, play_seats

__all__ = [
    "CLAIM_REFUSAL",
    "HINT_SPEC",
    "NOTHING_TO_DECIDE",
    "Pace",
    "Refusal",
    "ScoreSheet",
    "SeatBots",
    "SoloTable",
    "TableSession",
    "claim_play",
    "decide",
    "hint",
    "last_play",
    "not_now",
    "play_seats",
]
