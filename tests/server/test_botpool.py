"""Bots decide in worker processes: a whole game through the pool, its size, and a worker that dies mid-game."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from hearts.bots.registry import LEVELS
from hearts.core import Rules
from hearts.server.app import create_app
from hearts.server.botpool import BOT_NICE, BotPool, _seat_stats, usable_cores
from hearts.server.cli import add_arguments
from hearts.server.supervisor import worker_argv
from hearts.server.table import Table

from .conftest import InProcessServer
from .wsconn import Conn


def wait_for(cond: Callable[[], bool], timeout: float = 60.0, what: str = "condition") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"{what} not reached in {timeout:.0f} s")


def bots_only_game(server: InProcessServer) -> str:
    """A started game whose one player left at once: the bots (and the bot for the away seat) play it out."""
    t = server.table(target=30)
    ann = Conn(server.ws, t["table"], t["token"])
    ann.next("state")
    assert ann.act({"type": "start"})["type"] == "ok"
    ann.ws.close()
    return str(t["table"])


def finished(server: InProcessServer, table: str) -> bool:
    found = server.store.record(table)
    return found is not None and found[0] == "finished"


def gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def a_view() -> Any:
    table = Table.new("t1", Rules.standard(4, target=30), level="medium", turn_seconds=0, secret="00" * 32)
    table.apply({"kind": "start", "seat": 0, "by": "player"})
    assert table.game is not None
    return table.game.view(0)


def test_bots_play_a_whole_game_in_worker_processes(tmp_path: Path) -> None:
    server = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, grace=0.2, bot_workers=2)
    try:
        bots = server.hub.bots
        pids = bots.pids
        assert len(pids) == 2 and os.getpid() not in pids
        bots.threads.shutdown()  # a move decided on a thread of the server would fail now: every move goes to the pool
        table = bots_only_game(server)
        wait_for(lambda: finished(server, table), what="the game's end")
        log = server.store.actions(table)
        assert sum(e["by"] == "bot" for e in log) >= 52 and not bots.restarts and bots.pids == pids
        kept = [slot.submit(_seat_stats).result(10) for slot in bots.slots]  # one bot per seat for the game, let go at its end
        assert sorted(w["built"] for w in kept) == [0, 4] and sum(w["bots"] for w in kept) == 0
    finally:
        server.stop()
    wait_for(lambda: all(gone(pid) for pid in pids), timeout=10, what="the workers' exit")


def test_the_default_worker_count_follows_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    if hasattr(os, "sched_getaffinity"):
        assert usable_cores() == len(os.sched_getaffinity(0))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 2, 5}, raising=False)
    assert usable_cores() == 3 and BotPool().workers == 3
    assert create_app("sqlite://").state.hub.bots.workers == 3
    assert create_app("sqlite://", bot_workers=0).state.hub.bots.workers == 0
    monkeypatch.delattr(os, "sched_getaffinity")
    monkeypatch.setattr(os, "cpu_count", lambda: 5)
    assert usable_cores() == 5
    with pytest.raises(ValueError):
        BotPool(-1)

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert parser.parse_args([]).bot_workers is None
    shared = worker_argv(parser.parse_args(["--workers", "2"]), 0)  # the workers of one host share its cores
    assert shared[shared.index("--bot-workers") + 1] == "2"
    given = worker_argv(parser.parse_args(["--workers", "2", "--bot-workers", "4"]), 1)
    assert given.count("--bot-workers") == 1 and given[given.index("--bot-workers") + 1] == "4"


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_the_workers_run_below_the_servers_priority() -> None:
    async def run(nice: int) -> list[int]:
        bots = BotPool(1, nice)
        await bots.start()
        try:
            await bots.decide(LEVELS["medium"], 1, a_view())
            return [os.getpriority(os.PRIO_PROCESS, pid) for pid in bots.pids]
        finally:
            await bots.stop()

    mine = os.getpriority(os.PRIO_PROCESS, 0)
    assert asyncio.run(run(BOT_NICE)) == [min(19, mine + BOT_NICE)]
    assert asyncio.run(run(0)) == [mine]
    with pytest.raises(ValueError, match="nice"):
        BotPool(1, 20)


def test_no_workers_decides_on_a_thread() -> None:
    async def run() -> tuple[Any, Any]:
        bots = BotPool(0)
        await bots.start()
        try:
            return bots.pool, await bots.decide(LEVELS["medium"], 1, a_view())
        finally:
            await bots.stop()

    pool, action = asyncio.run(run())
    assert pool is None and action.seat == 0


def test_a_worker_that_dies_or_a_bot_that_fails_gets_the_medium_bots_move(caplog: pytest.LogCaptureFixture) -> None:
    view = a_view()

    async def run() -> list[Any]:
        bots = BotPool(1)
        await bots.start()
        try:
            first = bots.pool
            assert first is not None and bots.pids
            dying = asyncio.wrap_future(first.submit(os._exit, 1))  # the worker exits in the middle of a job
            out = [await bots.decide(LEVELS["hard"], 1, view)]
            with pytest.raises(Exception):  # noqa: B017 (the pool says it is broken)
                await dying
            assert bots.pool is not None and bots.pool is not first and len(bots.restarts) == 1
            out.append(await bots.decide(LEVELS["hard"], 1, view))  # the new pool decides
            out.append(await bots.decide("no-such-bot", 1, view))  # a bot that raises in its worker
            assert len(bots.restarts) == 1
            return out
        finally:
            await bots.stop()

    with caplog.at_level(logging.INFO, logger="hearts.server"):
        actions = asyncio.run(run())
    held = set(view.hand)
    assert all(a.seat == 0 and set(a.cards) <= held and len(a.cards) == 3 for a in actions)
    messages = [r.getMessage() for r in caplog.records]
    assert any("a bot worker process died" in m for m in messages)
    assert any("bot no-such-bot failed in a worker process" in m for m in messages)


def test_a_killed_worker_does_not_stop_the_table(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    server = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.01, grace=0.2, bot_workers=2)
    try:
        bots = server.hub.bots
        before = bots.pids
        table = bots_only_game(server)
        wait_for(lambda: len(server.store.actions(table)) >= 20, what="20 actions")
        victim = bots.pid_of(table)  # the worker that keeps the table's bots
        assert victim in before
        with caplog.at_level(logging.ERROR, logger="hearts.server"):
            os.kill(victim, signal.SIGKILL)
            wait_for(lambda: finished(server, table), what="the game's end after a worker was killed")
        assert len(bots.restarts) == 1 and bots.pool is not None
        assert victim not in bots.pids and len(bots.pids) == 2 and set(before) - {victim} <= set(bots.pids)  # a fresh one in its place
        assert any("a bot worker process died" in r.getMessage() for r in caplog.records)
    finally:
        server.stop()


def test_workers_that_keep_dying_leave_the_bots_on_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    import hearts.server.botpool as botpool

    monkeypatch.setattr(botpool, "RESTARTS", 2)
    view = a_view()

    async def run() -> tuple[Any, Any]:
        bots = BotPool(1)
        await bots.start()
        try:
            for _ in range(2):
                assert bots.pool is not None
                bots.pool.submit(os._exit, 1)
                await bots.decide(LEVELS["medium"], 1, view)
            return bots.pool, await bots.decide(LEVELS["medium"], 1, view)
        finally:
            await bots.stop()

    pool, action = asyncio.run(run())
    assert pool is None and action.seat == 0
