"""``exec:COMMAND`` bots: a program in any language, spoken to in ``hearts-bot/1`` over its stdin and stdout.

The program is started at the bot's first decision and stopped by
:meth:`ExecBot.close` (the arena closes every bot when its game is over).
Everything it sends is checked (:mod:`hearts.bots.wire`). A decision it
fails — no hello, no reply within the time limit, a crash, a malformed or
an illegal reply — is recorded as a :class:`~hearts.bots.base.BotFault`
whose message names the bot and the decision; the program is stopped and a
fallback bot (``random`` by default, with the same seed) plays on for the
rest of the game.

>>> bot = make_exec("python3 -c 'print(1)'", seed=1)
>>> bot.command[0]
'python3'
>>> make_exec("no-such-bot-program --level 3")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hearts.bots.registry.BotSpecError: exec bot: command 'no-such-bot-program' not found ...
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil

from hearts.core import Action, Card, Rules, SeatView

from .base import Bot, BotFault
from .program import BotDown, Program
from .registry import BotSpecError, make_bot
from .wire import PROTOCOL, WireError, decode, read_action, read_hello, request, start_message

#: seconds a bot has for one decision, unless the caller gives its own limit
DEFAULT_TIME_LIMIT = 5.0
#: seconds a program has to start and send its hello (interpreters take a while to start)
START_LIMIT = 10.0
#: the bot that plays a seat's remaining decisions after a fault
DEFAULT_FALLBACK = "random"


def parse_command(text: str) -> list[str]:
    """The program and its arguments, split like a POSIX shell (``shlex``); the program must exist.

    >>> parse_command("python3 bot.py --name 'my bot'")
    ['python3', 'bot.py', '--name', 'my bot']
    """
    try:
        argv = shlex.split(text)
    except ValueError as err:
        raise BotSpecError(f"exec bot: cannot split the command {text!r}: {err}") from None
    if not argv:
        raise BotSpecError("exec bot: give a command after 'exec:', e.g. --bots 'exec:./mybot --level 3',medium")
    program = argv[0]
    if "/" in program:
        if not os.path.isfile(program) or not os.access(program, os.X_OK):
            raise BotSpecError(f"exec bot: {program!r} is not an executable file (chmod +x it, or start it with its interpreter)")
    elif shutil.which(program) is None:
        raise BotSpecError(f"exec bot: command {program!r} not found on the PATH (give its path, e.g. ./{program})")
    return argv


def make_exec(command: str, seed: int | None = None, time_limit: float | None = None, fallback: str = DEFAULT_FALLBACK) -> ExecBot:
    """The bot of the spec ``exec:COMMAND`` (``command`` is the text after ``exec:``)."""
    limit = DEFAULT_TIME_LIMIT if time_limit is None else time_limit
    if not 0 < limit <= 3600:
        raise BotSpecError(f"the time limit must be between 0 and 3600 seconds, not {limit}")
    return ExecBot(parse_command(command), seed=seed, time_limit=limit, fallback=fallback, name=f"exec:{command.strip()}")


class ExecBot(Bot):
    """A bot program spoken to in ``hearts-bot/1``; one process per game (see the module docstring)."""

    def __init__(
        self,
        command: list[str],
        *,
        seed: int | None = None,
        time_limit: float = DEFAULT_TIME_LIMIT,
        fallback: str = DEFAULT_FALLBACK,
        name: str = "exec",
    ) -> None:
        self.command = command
        self.seed = seed
        self.time_limit = time_limit
        self.fallback_spec = fallback
        self.name = name
        self.hello_name: str | None = None
        self.process: Program | None = None
        self.fallback: Bot | None = None
        self.decisions = 0
        self._faults: list[BotFault] = []

    # -- the program's life ---------------------------------------------------------
    def _start(self, rules: Rules) -> Program:
        """Start the program and read its hello; :class:`BotDown` if it cannot play ``rules``."""
        process = Program(self.command)
        try:
            try:
                line = process.read_line(max(START_LIMIT, self.time_limit))
            except BotDown as down:
                if down.kind == "timeout":
                    raise BotDown("handshake", f"sent no hello within {max(START_LIMIT, self.time_limit):g} s") from None
                raise
            try:
                name, variants, players = read_hello(decode(line))
            except WireError as err:
                raise BotDown("handshake", f"bad hello: {err}") from None
            if rules.variant not in variants or rules.players not in players:
                raise BotDown(
                    "handshake",
                    f"does not play {rules.variant} Hearts with {rules.players} players "
                    f"(its hello offers {', '.join(variants)} for {', '.join(map(str, players))} players)",
                )
            self.hello_name = name
        except BotDown:
            process.stop(grace=0)
            raise
        return process

    def check(self, rules: Rules) -> None:
        """Start the program once, check its hello offers ``rules``, and stop it (:class:`BotSpecError` if not)."""
        try:
            self._start(rules).stop()
        except BotDown as down:
            raise BotSpecError(f"bot {self.name!r} {down.reason}") from None

    def close(self) -> None:
        if self.process is not None:
            with contextlib.suppress(BotDown):
                self.process.send({"type": "end"})
            self.process.stop()
            self.process = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()

    def faults(self) -> tuple[BotFault, ...]:
        return tuple(self._faults)

    def reseed(self, seed: int) -> None:
        """The program draws its own randomness (from the ``start`` message's seed); a fallback is seeded again."""
        if self.fallback is not None:
            self.fallback.reseed(seed)

    # -- decisions ------------------------------------------------------------------------
    def act(self, view: SeatView) -> Action:
        seat = view.seat
        if seat is None:
            raise ValueError("a bot needs a seat's view, not a spectator's")
        self.decisions += 1
        if self.fallback is not None:
            return self.fallback.act(view)
        try:
            if self.process is None:
                self.process = self._start(view.rules)
                self.process.send(start_message(seat, view.rules, self.seed, self.time_limit))
            self.process.send(request(view, self.decisions))
            line = self.process.read_line(self.time_limit)
            try:
                return read_action(view, decode(line), self.decisions)
            except WireError as err:
                raise BotDown(err.kind, str(err)) from None
        except BotDown as down:
            return self._fail(view, down)

    def _fail(self, view: SeatView, down: BotDown) -> Action:
        """Record the fault, stop the program and let the fallback decide (now and for the rest of the game)."""
        seat = view.seat
        assert seat is not None
        trick = f", trick {len(view.tricks) + 1}" if view.phase == "play" else ""
        message = (
            f"bot {self.name!r} in seat {seat}, decision {self.decisions} (hand {view.hand_number}, {view.phase}{trick}): "
            f"{down.reason}; {self.fallback_spec!r} plays on"
        )
        self._faults.append(BotFault(self.name, seat, view.hand_number, view.phase, self.decisions, down.kind, message))
        if self.process is not None:
            self.process.stop(grace=0)
            self.process = None
        self.fallback = make_bot(self.fallback_spec, seed=self.seed)
        return self.fallback.act(view)

    def pass_cards(self, view: SeatView) -> list[Card]:
        return list(self.act(view).cards)  # type: ignore[union-attr]

    def play_card(self, view: SeatView) -> Card:
        return self.act(view).card  # type: ignore[union-attr]

    def moon_choice(self, view: SeatView) -> str:
        return self.act(view).choice  # type: ignore[union-attr]


__all__ = ["DEFAULT_TIME_LIMIT", "PROTOCOL", "ExecBot", "make_exec", "parse_command"]
