"""Put a bot on a server: ``python -m hearts.server.botlink WS TABLE SPEC --bot NAME``.

Connects to a ``hearts serve`` websocket (``ws://host:8000/ws``) as the
remote bot ``NAME``, takes a seat at table ``TABLE`` (docs/protocol.md,
*Bot seats*) and answers every ``decide`` with the decision of the bot
``SPEC`` names: any spec of ``hearts arena --bots`` (``exec:./mybot``,
``mymodule:make``, ``heuristic``...). So a program written for ``exec:``
plays on a server unchanged. The bot is made afresh at each ``start``,
seeded with its seed; an ``exec:`` bot gets the server's time a move, less
a margin for the network. The secret comes from the environment variable
``HEARTS_BOT_SECRET``, never the command line. It ends at the game's ``end``
(status 0), when the server refuses or unseats the bot (status 1), or when
the bot's program fails a decision (it crashed, stalled or answered
badly): botlink reports the fault to the server (a ``fault`` message, so
the house bot makes that move and the fault counts against the bot),
prints it, and stops (status 1).

>>> parser().parse_args(["ws://h/ws", "T1", "heuristic", "--bot", "lowbot"]).seat is None
True
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from typing import Any

from hearts.bots.base import Bot
from hearts.bots.registry import make_bot
from hearts.bots.wire import WireError, action_reply, view_from_json
from hearts.core import HeartsError

#: the environment variable that holds the bot's secret
SECRET_ENV = "HEARTS_BOT_SECRET"
#: seconds of each move left for the network (an exec: bot gets the rest)
MARGIN = 0.3
#: the id of the start botlink sends (``--start``): its refusal (another bot started first) does not stop the link
START_ID = "botlink-start"
#: the errors after which the link stops (the others are reported and the link goes on)
FINAL = ("unauthorized", "not_found", "not_now", "seat_taken", "already_seated", "unseated", "replaced", "bad_version")


def say(text: str) -> None:
    print(f"botlink: {text}", file=sys.stderr, flush=True)


async def link(
    url: str, table: str, spec: str, name: str, secret: str, *, seat: int | None = None, idle: float = 3600.0, start: bool = False
) -> int:
    """Play the bot ``spec`` as remote bot ``name`` at ``table`` until the game ends (0) or the server says no (1).

    ``start``: start the table once no seat is open (a table of bots alone: a bot tournament)."""
    import websockets

    hello: dict[str, Any] = {"type": "hello", "v": 1, "table": table, "bot": name, "bot_token": secret}
    if seat is not None:
        hello["seat"] = seat
    bot: Bot | None = None
    seconds = 5.0
    started = False
    try:
        async with websockets.connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps(hello))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), idle))
                kind = msg.get("type")
                if kind == "welcome":
                    seconds = float(msg.get("seconds") or seconds)
                    say(f"{name} holds seat {msg.get('seat')} of table {table}")
                elif kind == "error":
                    say(f"{msg.get('code')}: {msg.get('message')}")
                    if msg.get("code") in FINAL and msg.get("id") != START_ID:  # another bot started first: play on
                        return 1
                elif kind == "state" and start and not started and _all_seated(msg):
                    started = True
                    await ws.send(json.dumps({"type": "start", "seq": msg["seq"], "id": START_ID}))
                    say("every seat is taken: starting the table")
                elif kind == "start":
                    if bot is not None:
                        bot.close()
                    bot = make_bot(spec, seed=msg.get("seed"), time_limit=max(0.1, seconds - MARGIN))
                elif kind == "decide" and bot is not None:
                    view = view_from_json(msg["view"])
                    known = len(bot.faults())
                    action = await asyncio.to_thread(bot.act, view)
                    failed = bot.faults()[known:]
                    if failed:  # the program failed this decision: the server hears of it (the house bot moves), and we stop
                        fault = failed[0]
                        report = {"type": "fault", "id": msg["id"], "kind": fault.kind, "message": fault.message[:500]}
                        await ws.send(json.dumps(report))
                        say(f"the bot's program failed: {fault.kind}: {fault.message}"[:300])
                        return 1
                    await ws.send(json.dumps(action_reply(msg["id"], action)))
                elif kind == "end":
                    say("the game is over")
                    return 0
                elif kind == "moved":  # another worker serves the table
                    return await link(str(msg["ws"]), table, spec, name, secret, seat=seat, idle=idle, start=start)
    except (OSError, TimeoutError, websockets.ConnectionClosed, websockets.InvalidHandshake, WireError, HeartsError, ValueError) as err:
        say(f"stopped: {type(err).__name__}: {err}"[:300])
        return 1
    finally:
        if bot is not None:
            bot.close()


def _all_seated(state: dict[str, Any]) -> bool:
    """A waiting table at which no seat is open (every seat a bot's)."""
    table = state.get("table") or {}
    return table.get("status") == "waiting" and all(s.get("kind") != "open" for s in table.get("seats", []))


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m hearts.server.botlink", description=__doc__.split("\n\n")[0])
    p.add_argument("ws", help="the server's websocket, e.g. ws://127.0.0.1:8000/ws")
    p.add_argument("table", help="the table's id (the end of its invite link /t/ID)")
    p.add_argument("spec", help="the bot, as for hearts arena --bots: exec:COMMAND, module:function, heuristic, ...")
    p.add_argument("--bot", required=True, metavar="NAME", help="the bot's name, as the operator issued its token")
    p.add_argument("--seat", type=int, default=None, help="the open seat to take (default: the first)")
    p.add_argument(
        "--start", action="store_true", help="start the table once every seat is a bot's (a table of bots alone, e.g. a tournament)"
    )
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    secret = os.environ.get(SECRET_ENV, "")
    if not secret:
        say(f"give the bot's secret in the environment variable {SECRET_ENV}")
        return 2
    try:
        make_bot(args.spec).close()  # a bad spec is one line before anything connects
    except HeartsError as err:
        say(str(err))
        return 2
    return asyncio.run(link(args.ws, args.table, args.spec, args.bot, secret, seat=args.seat, start=args.start))


if __name__ == "__main__":
    sys.exit(main())
