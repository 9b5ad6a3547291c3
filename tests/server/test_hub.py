"""The hub's parts that need no network: a slow client's queue, the rate limit, names."""

from __future__ import annotations

import asyncio

import pytest

from hearts.server.connection import QUEUE_LIMIT, Client
from hearts.server.names import check_name
from hearts.server.protocol import BURST
from hearts.server.table import Refusal


def test_a_client_that_does_not_read_is_closed_without_holding_anything_up() -> None:
    async def run() -> tuple[Client, list[int], bool]:
        never = asyncio.Event()
        closed: list[int] = []

        async def stuck_send(text: str) -> None:
            await never.wait()  # the peer never reads

        async def close(code: int) -> None:
            closed.append(code)

        client = Client(stuck_send, close)
        writer = client.start()
        for i in range(QUEUE_LIMIT + 5):
            client.send({"n": i})  # never blocks the caller (a table broadcasting)
        await asyncio.sleep(0.05)
        return client, closed, writer.done()

    client, closed, done = asyncio.run(run())
    assert client.closed and closed == [1008] and done


def test_the_rate_limit_allows_a_burst_then_refuses() -> None:
    client = Client(lambda text: None, lambda code: None)
    allowed = sum(client.allow() for _ in range(int(BURST) + 10))
    assert int(BURST) <= allowed <= int(BURST) + 1 and client.dropped >= 9


@pytest.mark.parametrize("bad", [None, "", "   ", "x" * 25, "tab\there\x00", 7])
def test_names_are_checked(bad: object) -> None:
    with pytest.raises(Refusal):
        check_name(bad)


def test_names_are_tidied() -> None:
    assert check_name("  Ann   Lee ") == "Ann Lee"
