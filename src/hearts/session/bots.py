"""The bots of one game: each seat's bot built once, reseeded before each decision, closed when the game ends.

A bot kept for the whole game keeps its memory (the search's moon shot it
chose to play out) and an ``exec:`` bot's program starts once per game, not
once per move. Each decision is still seeded from the moment of the game the
host names (:meth:`~hearts.bots.Bot.reseed`), so the same moment gets the same
decision, as the server's fresh bots do. Every bot sees only its own seat's
view: what it remembers from one hand to the next is what its seat was shown.

A bot's memory cannot be rewound: a host that takes moves back (an undo)
builds the bots again with :meth:`SeatBots.rebuilt` (an ``exec:`` program then
starts again; undo is rare, moves are not).

>>> from hearts.core import Game, Rules
>>> game = Game(Rules.standard(4), seed=1)
>>> bots = SeatBots({1: "random", 2: "easy", 3: "random"}, seed=5)
>>> action = bots.act(1, game.view(1), seed=9)
>>> bots.act(1, game.view(1), seed=9) == action  # the same moment, the same decision
True
>>> bots.close()
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Mapping

from hearts.bots import Bot, make_bot
from hearts.bots.base import BotFault
from hearts.bots.registry import HINT_LEVEL, LEVELS
from hearts.core import Action, SeatView

#: the bot that gives hints, in every app (the terminal, the server, the page): :data:`~hearts.bots.registry.HINT_LEVEL`
HINT_SPEC = LEVELS[HINT_LEVEL]

#: how a host makes a bot from its spec and seed (:func:`hearts.bots.make_bot`; tests pass their own)
BotFactory = Callable[..., Bot]


def decide(spec: str, seed: int, view: SeatView) -> Action:
    """One decision of a fresh bot ``spec`` seeded with ``seed``, from ``view`` only (the server's pool, the page)."""
    return make_bot(spec, seed=seed).act(view)


def hint(view: SeatView, seed: int) -> Action:
    """The hint for the seat of ``view``: the :data:`HINT_SPEC` bot's choice, made from that seat's view only."""
    return decide(HINT_SPEC, seed, view)


class SeatBots:
    """One bot per seat of ``specs`` (seat -> spec) for one game; see the module's notes.

    ``seed``: the seed each bot is built with is ``crc32(f"{seed}/{seat}")``
    (the decisions are reseeded anyway); ``factory`` makes a bot
    (``factory(spec, seed=...)``). A bad spec raises
    :class:`~hearts.bots.BotSpecError` here, before the game.
    """

    def __init__(self, specs: Mapping[int, str], seed: int | str, *, factory: BotFactory = make_bot) -> None:
        self.specs = dict(specs)
        self.seed = seed
        self.factory = factory
        self.bots: dict[int, Bot] = {seat: factory(spec, seed=zlib.crc32(f"{seed}/{seat}".encode())) for seat, spec in self.specs.items()}
        self.closed = False

    def act(self, seat: int, view: SeatView, seed: int) -> Action:
        """The action of ``seat``'s bot from its own view, its randomness drawn from ``seed``."""
        if self.closed:
            raise RuntimeError("the bots of this game are closed")
        bot = self.bots[seat]
        bot.reseed(seed)
        return bot.act(view)

    def faults(self) -> list[BotFault]:
        """The decisions the bots failed so far (an ``exec:`` bot that timed out, crashed or replied badly)."""
        return [f for bot in self.bots.values() for f in bot.faults()]

    def rebuilt(self) -> SeatBots:
        """Fresh bots for the same seats (this game's are closed): after an undo, whose past they cannot forget."""
        self.close()
        return SeatBots(self.specs, self.seed, factory=self.factory)

    def close(self) -> None:
        """Let every bot release what it holds (an ``exec:`` program); a second call does nothing."""
        if self.closed:
            return
        self.closed = True
        for bot in self.bots.values():
            bot.close()

    def __enter__(self) -> SeatBots:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
