"""The server's house bots are kept for their game (hearts.server.seatcache, BotPool.decide_seat): one bot per
seat, dropped at the game's end and after an undo, bounded, recovered when its worker dies, shown only its own seat."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.bots import Bot, RandomBot, make_bot
from hearts.bots.registry import LEVELS
from hearts.core import Action, Game, Rules, SeatView
from hearts.record.format import loads_record
from hearts.record.replay import replay_game
from hearts.server.botpool import BotPool
from hearts.server.seatcache import SeatCache
from hearts.session import decide

from .conftest import InProcessServer
from .test_botpool import bots_only_game, finished, wait_for
from .test_play_help import drive, mine, solo

GAME = Game(Rules.standard(4), seed=11)


def view(seat: int) -> SeatView:
    return GAME.view(seat)


class Remembering(RandomBot):
    """A random bot that remembers how many decisions it made (its memory shows in ``decisions``)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.decisions = 0
        self.closed = False

    def act(self, view: SeatView) -> Action:
        self.decisions += 1
        return super().act(view)

    def close(self) -> None:
        self.closed = True


class Made:
    """A bot factory that keeps every bot it makes (a :class:`Remembering` for ``"remember"``)."""

    def __init__(self) -> None:
        self.bots: list[Bot] = []

    def __call__(self, spec: str, *, seed: int | None = None) -> Bot:
        bot: Bot = Remembering(seed) if spec == "remember" else make_bot(spec, seed=seed)
        self.bots.append(bot)
        return bot


def play_out(cache: SeatCache, table: str, spec: str, seed: int) -> Game:
    """A whole game at ``table``, every seat's decision through ``cache``."""
    game = Game(Rules.standard(4, target=30), seed=seed)
    while not game.game_over:
        seat = game.seats_to_act()[0]
        game.apply(cache.act(table, seat, spec, seed * 1000 + len(game.hands) * 100 + len(game.hand.plays), game.view(seat)))  # type: ignore[union-attr]
    return game


# -- the cache of one process ---------------------------------------------------
def test_one_bot_serves_each_seat_for_the_whole_game() -> None:
    made = Made()
    cache = SeatCache(factory=made)
    game = play_out(cache, "t1", "remember", 3)
    assert len(made.bots) == 4 and cache.built == 4  # one per seat, however many hands
    decisions = [b.decisions for b in made.bots if isinstance(b, Remembering)]
    assert sum(decisions) >= sum(len(h.plays) for h in game.hands)
    assert all(d > 13 for d in decisions)  # each remembers the decisions of more than one hand
    assert cache.drop("t1") == 4 and all(isinstance(b, Remembering) and b.closed for b in made.bots) and not cache.kept


def test_a_new_game_or_a_drop_gets_fresh_bots() -> None:
    made = Made()
    cache = SeatCache(factory=made)
    cache.act("t1", 1, "remember", 5, view(1))
    cache.act("t1", 1, "remember", 6, view(1))
    cache.act("t2", 1, "remember", 5, view(1))  # the next game is another table
    assert len(made.bots) == 2
    cache.drop("t1")
    cache.act("t1", 1, "remember", 5, view(1))
    assert len(made.bots) == 3 and [b.decisions for b in made.bots if isinstance(b, Remembering)] == [2, 1, 1]


def test_kept_bots_decide_as_fresh_ones_for_the_same_seed() -> None:
    cache = SeatCache()
    for spec in (LEVELS["easy"], "random", LEVELS["medium"]):
        for k in range(6):
            seat = k % 4
            assert cache.act("t", seat, spec, 100 + k, view(seat)) == decide(spec, 100 + k, view(seat))


def test_the_cap_lets_the_least_recently_used_go() -> None:
    made = Made()
    cache = SeatCache(cap=2, factory=made)
    cache.act("a", 0, "remember", 1, view(0))
    cache.act("b", 0, "remember", 1, view(0))
    cache.act("a", 0, "remember", 2, view(0))  # a is the most recent now
    cache.act("c", 0, "remember", 1, view(0))  # b goes
    assert list(cache.kept) == [("a", 0), ("c", 0)] and cache.evicted == 1
    bots = [b for b in made.bots if isinstance(b, Remembering)]
    assert bots[1].closed and not bots[0].closed and bots[0].decisions == 2
    assert cache.stats() == {"bots": 2, "tables": 2, "built": 3, "evicted": 1}


def test_idle_bots_are_let_go() -> None:
    now = [0.0]
    cache = SeatCache(idle=60.0, clock=lambda: now[0])
    cache.act("a", 0, "random", 1, view(0))
    now[0] = 30.0
    cache.act("b", 0, "random", 1, view(0))
    now[0] = 70.0
    cache.act("b", 1, "random", 1, view(1))  # a has been idle 70 s, b 40 s
    assert list(cache.kept) == [("b", 0), ("b", 1)] and cache.evicted == 1


def test_a_bot_sees_its_own_seat_only_and_one_that_raises_is_built_again() -> None:
    made = Made()
    cache = SeatCache(factory=made)
    with pytest.raises(ValueError, match="own seat"):
        cache.act("t", 1, "random", 1, view(2))
    with pytest.raises(ValueError, match="own seat"):
        cache.act("t", 1, "random", 1, GAME.view(None))
    cache.act("t", 1, "remember", 1, view(1))
    broken = made.bots[-1]
    broken.act = lambda v: (_ for _ in ()).throw(RuntimeError("boom"))  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        cache.act("t", 1, "remember", 2, view(1))
    assert not cache.kept and isinstance(broken, Remembering) and broken.closed
    cache.act("t", 1, "remember", 3, view(1))
    assert made.bots[-1] is not broken
    with pytest.raises(ValueError):
        SeatCache(cap=0)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.lists(st.tuples(st.sampled_from("abc"), st.integers(0, 3)), max_size=30))
def test_the_kept_bots_are_the_most_recently_used(cap: int, uses: list[tuple[str, int]]) -> None:
    cache = SeatCache(cap=cap)
    for table, seat in uses:
        cache.act(table, seat, "random", 1, view(seat))
    recent: list[tuple[str, int]] = []
    for key in reversed(uses):
        if key not in recent:
            recent.append(key)
    assert list(cache.kept) == list(reversed(recent[:cap]))
    assert cache.built - cache.evicted == len(cache) <= cap


# -- the pool: threads and worker processes ---------------------------------------
def test_on_threads_the_pool_keeps_the_bots_here() -> None:
    async def run() -> tuple[list[Action], dict[str, int]]:
        bots = BotPool(0)
        await bots.start()
        try:
            out = [await bots.decide_seat("t", 1, LEVELS["easy"], k, view(1)) for k in range(3)]
            kept = bots.local.stats()
            bots.drop("t")
            return out, {**kept, "after": len(bots.local)}
        finally:
            await bots.stop()

    actions, kept = asyncio.run(run())
    assert actions == [decide(LEVELS["easy"], k, view(1)) for k in range(3)]
    assert kept == {"bots": 1, "tables": 1, "built": 1, "evicted": 0, "after": 0}


def test_a_table_keeps_its_bots_in_one_worker() -> None:
    async def run() -> dict[str, Any]:
        bots = BotPool(2, cap=2)
        await bots.start()
        try:
            out = [await bots.decide_seat("t1", s % 2, LEVELS["easy"], s, view(s % 2)) for s in range(8)]
            first = await bots.stats()
            await bots.decide_seat("t2", 0, LEVELS["easy"], 1, view(0))
            placed = {t: bots.pid_of(t) for t in ("t1", "t2")}
            bots.drop("t1")
            await bots.decide_seat("t1", 0, LEVELS["easy"], 1, view(0))  # built again after the drop
            for t in ("t3", "t4", "t5"):
                await bots.decide_seat(t, 0, LEVELS["easy"], 1, view(0))
            return {"out": out, "first": first, "placed": placed, "last": await bots.stats()}
        finally:
            await bots.stop()

    got = asyncio.run(run())
    assert got["out"] == [decide(LEVELS["easy"], s, view(s % 2)) for s in range(8)]  # as fresh bots decide
    assert sorted(w["built"] for w in got["first"]) == [0, 2]  # 8 decisions, one worker, one bot per seat
    assert len(set(got["placed"].values())) == 2  # the next table goes to the other worker
    last = {w["pid"]: w for w in got["last"]}
    assert all(w["bots"] <= 2 for w in last.values())  # the cap: t1, t3 and t5 on the first worker, t2 and t4 on the other
    assert sum(w["built"] for w in last.values()) == 2 + 1 + 1 + 3 and sum(w["evicted"] for w in last.values()) == 1


def test_a_worker_that_dies_hands_its_tables_to_a_fresh_one(caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> dict[str, Any]:
        bots = BotPool(2)
        await bots.start()
        try:
            await bots.decide_seat("t1", 1, LEVELS["easy"], 1, view(1))
            await bots.decide_seat("t2", 1, LEVELS["easy"], 1, view(1))
            victim, other = bots.pid_of("t1"), bots.pid_of("t2")
            assert victim is not None
            os.kill(victim, signal.SIGKILL)
            await asyncio.sleep(0.5)
            owed = await bots.decide_seat("t1", 1, LEVELS["easy"], 2, view(1))  # the medium bot's, here
            after = [await bots.decide_seat("t1", 1, LEVELS["easy"], k, view(1)) for k in range(3, 6)]
            return {"victim": victim, "other": other, "now": bots.pid_of("t1"), "owed": owed, "after": after, "stats": await bots.stats()}
        finally:
            await bots.stop()

    with caplog.at_level(logging.ERROR, logger="hearts.server"):
        got = asyncio.run(run())
    assert got["owed"] == decide(LEVELS["medium"], 2, view(1))
    assert got["after"] == [decide(LEVELS["easy"], k, view(1)) for k in range(3, 6)]  # reseeded: the same decisions
    assert got["now"] not in (None, got["victim"], got["other"])
    fresh = next(w for w in got["stats"] if w["pid"] == got["now"])
    assert fresh["built"] == 1 and fresh["bots"] == 1  # built again, once
    assert any("a bot worker process died" in r.getMessage() for r in caplog.records)


# -- a live table -------------------------------------------------------------------
@pytest.fixture
def threaded(tmp_path: Path) -> Iterator[InProcessServer]:
    s = InProcessServer(f"sqlite:///{tmp_path / 'h.db'}", bot_delay=0.0, grace=0.2, bot_workers=0)
    yield s
    s.stop()


def test_a_live_game_keeps_one_bot_per_seat_and_shows_each_its_own_cards(threaded: InProcessServer) -> None:
    bots = threaded.hub.bots
    made = Made()
    shown: list[tuple[Bot, SeatView]] = []

    def recording(spec: str, *, seed: int | None = None) -> Bot:
        bot = made(spec, seed=seed)
        act = bot.act

        def remember(v: SeatView) -> Action:
            shown.append((bot, v))
            return act(v)

        bot.act = remember  # type: ignore[method-assign]
        return bot

    bots.local.factory = recording
    table = bots_only_game(threaded)
    wait_for(lambda: finished(threaded, table), what="the game's end")
    assert len(made.bots) == 4 and len(shown) >= 52  # three bot seats and the one for the player who left
    assert not kept_of(bots, table) and table not in bots.placed  # dropped at the game's end
    found = threaded.store.record(table)
    assert found is not None and found[1] is not None
    game = replay_game(loads_record(found[1]))
    seats = {id(bot): {v.seat for b, v in shown if b is bot} for bot in made.bots}
    assert all(len(s) == 1 for s in seats.values())  # each bot serves one seat
    for _, v in shown:
        assert v.seat is not None
        dealt = game.hands[v.hand_number - 1].deal[v.seat]
        assert set(v.hand) <= set(dealt) | set(v.received or ())  # its own cards, and only those passed to it
        assert set(v.passed or ()) <= set(dealt)


def kept_of(bots: BotPool, table: str) -> dict[int, Any]:
    """Seat -> the kept bots of ``table`` in the server's own cache (read under its lock: the server thread uses it)."""
    with bots.local.lock:
        return {seat: kept.bots for (t, seat), kept in bots.local.kept.items() if t == table}


def test_an_undo_builds_the_tables_bots_again(threaded: InProcessServer) -> None:
    threaded.hub.review = 0
    bots = threaded.hub.bots
    table, ann = solo(threaded)
    drive(ann, lambda s: mine(s) and s["hand"]["phase"] == "play" and len(s["hand"]["cards"]) < 13)
    before = kept_of(bots, table)
    assert len(before) == 3
    assert ann.act({"type": "undo"})["type"] == "ok"
    assert mine(ann.sync()) and not kept_of(bots, table)  # dropped, and nothing decided since
    drive(ann, lambda s: bool(kept_of(bots, table)))
    after = kept_of(bots, table)
    assert after and all(after[s] is not before[s] for s in after)
