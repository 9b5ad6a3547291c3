"""One websocket connection as the server sees it: its seat, its rate limit, its outgoing queue.

A table never waits for a client: :meth:`Client.send` only queues, and a
writer task of the connection's own sends the queue. A client whose queue
fills up is not reading, and it is closed (code 1008); a client that sends
too fast has its messages dropped (``allow``), and is closed once it has
dropped more than ``FLOOD_LIMIT`` of them (by the websocket route).

>>> client = Client(lambda text: None, lambda code: None)
>>> client.seat is None, client.allow()
(True, True)
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable
from typing import Any

from . import protocol

#: dropped messages after which a flooding client is disconnected
FLOOD_LIMIT = 100
#: outgoing messages queued for one client before it is dropped as too slow
QUEUE_LIMIT = 256
_order = itertools.count()


class Client:
    """One websocket connection: its seat (None: a spectator), its rate limit and its outgoing queue."""

    def __init__(self, send_text: Callable[[str], Any], close: Callable[[int], Any], *, peer: str | None = None) -> None:
        self.send_text = send_text
        self.close = close
        self.peer = peer
        self.order = next(_order)
        self.table_id: str | None = None
        self.seat: int | None = None
        #: the name of the remote bot this connection is (None: a person or a spectator)
        self.bot: str | None = None
        self.queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_LIMIT)
        self.task: asyncio.Task[None] | None = None
        self.bucket = protocol.TokenBucket()
        self.dropped = 0
        self.closed = False

    def allow(self) -> bool:
        """Take one message from the rate limit (False: over the limit, and counted as dropped)."""
        if self.bucket.wait() == 0.0:
            return True
        self.dropped += 1
        return False

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message; a client whose queue is full is not reading: it is closed (code 1008)."""
        if self.closed:
            return
        text = message if isinstance(message, str) else json.dumps(message, separators=(",", ":"))
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True
            asyncio.get_running_loop().create_task(self._abort())

    async def _abort(self) -> None:
        """Stop the writer (it may be stuck in a send) and close the connection."""
        if self.task is not None:
            self.task.cancel()
        await _close_quietly(self.close)

    async def close_after_send(self, code: int) -> None:
        """Let the queued messages go out (bounded: a stuck peer is closed anyway), then close with ``code``."""
        for _ in range(20):
            if self.queue.empty():
                break
            await asyncio.sleep(0.01)
        self.closed = True
        try:
            await asyncio.wait_for(self.close(code), 2.0)
        except Exception:
            pass

    def start(self) -> asyncio.Task[None]:
        """Start the writer task that sends the queued messages."""
        self.task = asyncio.get_running_loop().create_task(self._write())
        return self.task

    async def _write(self) -> None:
        try:
            while True:
                await self.send_text(await self.queue.get())
        except Exception:
            pass  # the connection is gone
        finally:
            if not self.closed:  # the connection ended by itself (an abort closes it itself)
                self.closed = True
                await _close_quietly(self.close)


async def _close_quietly(close: Callable[[int], Any]) -> None:
    """Close with code 1008; a connection already closed, or a peer that is stuck, is left to the server."""
    try:
        await asyncio.wait_for(close(1008), 2.0)
    except Exception:
        pass
