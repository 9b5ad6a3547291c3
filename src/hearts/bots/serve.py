"""The bot's side of ``hearts-bot/1`` for a Python bot: ``python -m hearts.bots.serve SPEC``.

Any bot :func:`~hearts.bots.make_bot` can make (a built-in, a plugin, a
``module:function``) becomes a program that ``exec:`` can seat: it sends its
hello, makes the bot afresh at every ``start`` (seeded with the start's
seed), answers every ``decide`` with the bot's action, and ignores message
types it does not know. So ``exec:python -m hearts.bots.serve heuristic``
plays exactly as ``heuristic`` does in-process (tests/bots/test_exec_bot.py
checks it move by move).

>>> import io, json
>>> out = io.StringIO()
>>> serve("random", io.StringIO(""), out)
0
>>> json.loads(out.getvalue())["protocol"]
'hearts-bot/1'
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from hearts.core import HeartsError
from hearts.core.rules import VARIANTS

from .base import Bot
from .registry import make_bot
from .wire import action_reply, hello, view_from_json

#: player counts the served bot offers (every variant's range; the host checks the pair)
PLAYERS = tuple(range(3, 12))


def serve(spec: str, stdin: TextIO, stdout: TextIO) -> int:
    """Speak ``hearts-bot/1`` for the bot ``spec`` until ``end`` or the end of input; 0 when done, 2 for a bad spec."""
    try:
        bot: Bot = make_bot(spec)
    except HeartsError as err:
        print(f"hearts.bots.serve: {err}", file=sys.stderr)
        return 2
    stdout.write(json.dumps(hello(spec[:64], VARIANTS, PLAYERS)) + "\n")
    stdout.flush()
    for line in stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "start":
            bot.close()
            bot = make_bot(spec, seed=message.get("seed"))
        elif kind == "decide":
            action = bot.act(view_from_json(message["view"]))
            stdout.write(json.dumps(action_reply(message["id"], action)) + "\n")
            stdout.flush()
        elif kind == "end":
            break
    bot.close()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m hearts.bots.serve SPEC   (e.g. heuristic, search:ms=200, mybots:make)", file=sys.stderr)
        return 2
    return serve(args[0], sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
