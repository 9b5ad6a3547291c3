"""Where the server's bots decide: worker processes, so a slow bot never holds the event loop's GIL.

A :class:`BotPool` of ``workers`` processes (default: the usable cores)
decides each bot move from the seat's view (a frozen dataclass: it pickles)
and sends the action back. The processes start from a ``forkserver`` (never a
plain fork of the threaded server; ``spawn`` where there is none), are all
started at :meth:`BotPool.start`, and exit by themselves if the server dies
without stopping them (killed outright, say). ``workers=0`` decides on a
thread of the server process (the old way: tests, tiny deployments).

A table's house bots live in one worker for the length of its game
(:meth:`BotPool.decide_seat`): the table is placed on the worker with the
fewest tables at its first bot move, and that worker keeps each seat's bot
(:class:`~hearts.server.seatcache.SeatCache`), reseeded before every decision
so the same moment gets the same decision. Only the seat's own view travels
with each decision. The table drops its bots (:meth:`BotPool.drop`) when its
game ends, after an undo (a bot cannot forget what was taken back) and when it
is no longer served here; a worker lets go of bots idle for
:data:`~hearts.server.seatcache.IDLE` seconds, and of the least recently used
beyond :data:`~hearts.server.seatcache.CAP`. A hint (:meth:`BotPool.decide`)
is a fresh bot's, on the next worker in turn.

The workers run at a lower priority (``nice``, default :data:`BOT_NICE`):
when the cores are busy with bots' searches, the server process (which
answers the people) is scheduled first, so a person's action is stored and
answered at once while every table's bots think; the bots get whatever CPU
is left, which on a busy machine is all the rest.

A worker that dies (killed, out of memory) is started again on its own: its
tables stay placed on the fresh process, which builds their bots again at
their next move; the move that was asked for is decided at once by the
medium bot on a thread here, so no table waits. A bot that raises in a
worker is answered the same way (the medium bot's move), and logged. After
``RESTARTS`` deaths within ``RESTART_WINDOW`` seconds, bots decide on the
threads here for good.

>>> BotPool(0).workers, BotPool(3).workers, BotPool().workers == usable_cores()
(0, 3, True)
"""

from __future__ import annotations

import asyncio
import collections
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any

from hearts.bots.kernel.runtime import warm as warm_kernels
from hearts.bots.registry import FACTORIES, LEVELS, make_bot, parse_spec
from hearts.core import Action, SeatView
from hearts.session import decide

from .seatcache import CAP, IDLE, SeatCache

log = logging.getLogger("hearts.server")

#: the bot that decides, on a thread of the server, a move a worker could not
FALLBACK = LEVELS["medium"]
#: seconds the pool's processes have to start
START_SECONDS = 60.0
#: worker deaths within this many seconds after which bots decide on threads here for good
RESTARTS, RESTART_WINDOW = 5, 60.0
#: how much lower the bot workers' priority is than the server's (added to their nice value)
BOT_NICE = 10

#: in a worker process: the bots of the tables placed on it (set up by ``_init_worker``)
_cache: SeatCache | None = None


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it, else the CPU count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _worker_ready() -> int:
    """The warm-up job: each worker's pid once it has started."""
    return os.getpid()


def _seat_act(table: str, seat: int, spec: str, seed: int, view: SeatView) -> Action:
    """In a worker: the decision of the kept bot of (table, seat)."""
    assert _cache is not None, "the worker was not set up"
    return _cache.act(table, seat, spec, seed, view)


def _seat_drop(table: str) -> int:
    """In a worker: let the table's bots go."""
    return 0 if _cache is None else _cache.drop(table)


def _seat_stats() -> dict[str, int]:
    """In a worker: its pid and what its cache keeps and has built (see :meth:`SeatCache.stats`)."""
    return {"pid": os.getpid(), **(_cache.stats() if _cache is not None else {})}


def _init_worker(alive: Connection, nice: int = 0, cap: int = CAP, idle: float = IDLE) -> None:
    """In each worker: ignore Ctrl-C (the server stops the pool), lower its priority by ``nice``, load the levels' bots,
    keep up to ``cap`` seat bots (idle ``idle`` seconds at most), and exit once the server is gone.

    ``alive``: the reading end of a pipe whose writing end only the server holds: it reads end of file when the
    server exits, even when killed outright (a fork server's children keep each other alive, so a worker cannot
    go by its parent).
    """
    global _cache
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one bot per core: BLAS threads would only contend (before NumPy loads)
    if nice:
        try:
            os.nice(nice)
        except (AttributeError, OSError):
            pass  # no nice here (Windows): the same priority as the server
    for spec in LEVELS.values():
        try:
            make_bot(spec, seed=0)
        except Exception:
            pass  # a level that cannot be made here fails (and is answered) when it is asked for
    warm_kernels()  # the search's compiled kernels, from the cache the server filled before it started the workers
    _cache = SeatCache(cap, idle)

    def watch() -> None:
        try:
            alive.recv_bytes()  # nothing is ever sent
        except (EOFError, OSError):
            pass
        os._exit(0)

    threading.Thread(target=watch, name="hearts-bot-watch", daemon=True).start()


def _context() -> Any:
    """A start method safe in a threaded server: forkserver (the levels' modules preloaded), else spawn."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    modules = {__name__} | {FACTORIES[parse_spec(spec)[0]].partition(":")[0] for spec in LEVELS.values()}
    ctx.set_forkserver_preload(sorted(modules))  # no effect once the fork server runs (another pool started it)
    return ctx


def _quiet(future: Future[Any]) -> None:
    """A job nobody waits for (a drop): its failure (a worker that died meanwhile) is no news."""
    if not future.cancelled():
        future.exception()


class BotPool:
    """The bots' decisions of one server: ``workers`` processes (None: :func:`usable_cores`; 0: a thread here),
    ``nice`` steps below the server's priority, each keeping up to ``cap`` seat bots idle ``idle`` seconds at most."""

    def __init__(self, workers: int | None = None, nice: int = BOT_NICE, *, cap: int = CAP, idle: float = IDLE) -> None:
        self.workers = usable_cores() if workers is None else workers
        if self.workers < 0:
            raise ValueError(f"bot workers must be 0 or more, not {self.workers}")
        if not 0 <= nice <= 19:
            raise ValueError(f"the bot workers' nice must be from 0 to 19, not {nice}")
        self.nice, self.cap, self.idle = nice, cap, idle
        self.threads = ThreadPoolExecutor(2, thread_name_prefix="hearts-bot")
        #: the worker processes, one single-process pool each (empty: bots decide on threads here)
        self.slots: list[ProcessPoolExecutor] = []
        #: the seat bots kept here, when bots decide on threads here
        self.local = SeatCache(cap, idle)
        #: table -> (the worker keeping its bots, when it last asked for a decision)
        self.placed: dict[str, tuple[int, float]] = {}
        self._turn = 0  # the worker of the next hint
        #: when a worker was started again after it died (the latest few)
        self.restarts: collections.deque[float] = collections.deque(maxlen=RESTARTS)
        #: the pipe whose end of file tells the workers the server is gone (see ``_init_worker``)
        self.alive: tuple[Connection, Connection] | None = None

    async def start(self) -> None:
        """Start every worker process now (so the first move does not wait for one); on failure, decide on threads."""
        if self.workers == 0 or self.slots:
            return
        try:
            for _ in range(self.workers):
                self.slots.append(self._new_slot())
            await asyncio.wait_for(asyncio.gather(*(asyncio.wrap_future(self._warm(slot)) for slot in self.slots)), START_SECONDS)
        except Exception as err:
            why = (str(err).strip().splitlines() or [type(err).__name__])[0].strip()
            log.warning("could not start %d bot worker processes (%s): bots decide in the server process", self.workers, why)
            slots, self.slots = self.slots, []
            for slot in slots:
                slot.shutdown(wait=False, cancel_futures=True)
            return
        log.info("bots decide in %d worker processes", self.workers)

    def _new_slot(self) -> ProcessPoolExecutor:
        """One worker process (a pool of one, so the jobs sent to it run there, in order)."""
        if self.alive is None:
            self.alive = multiprocessing.Pipe(duplex=False)
        initargs = (self.alive[0], self.nice, self.cap, self.idle)
        return ProcessPoolExecutor(1, mp_context=_context(), initializer=_init_worker, initargs=initargs)

    @staticmethod
    def _warm(slot: ProcessPoolExecutor) -> Future[int]:
        """A job for the worker: its process starts now."""
        return slot.submit(_worker_ready)

    @property
    def pool(self) -> ProcessPoolExecutor | None:
        """The first worker's pool (None: bots decide on threads here)."""
        return self.slots[0] if self.slots else None

    @property
    def pids(self) -> list[int]:
        """The worker processes (none while bots decide on threads)."""
        return sorted(pid for slot in self.slots for pid in (getattr(slot, "_processes", None) or {}))

    def pid_of(self, table: str) -> int | None:
        """The worker process keeping ``table``'s bots (None: none does)."""
        placed = self.placed.get(table)
        if placed is None or placed[0] >= len(self.slots):
            return None
        return next(iter(getattr(self.slots[placed[0]], "_processes", None) or {}), None)

    async def decide(self, spec: str, seed: int, view: SeatView) -> Action:
        """The action of a fresh bot ``spec`` (seeded) for ``view`` (a hint); the medium bot's if its worker failed."""
        loop = asyncio.get_running_loop()
        if not self.slots:
            return await loop.run_in_executor(self.threads, decide, spec, seed, view)
        self._turn = (self._turn + 1) % len(self.slots)
        return await self._run(self._turn, spec, seed, view, decide, spec, seed, view)

    async def decide_seat(self, table: str, seat: int, spec: str, seed: int, view: SeatView) -> Action:
        """The action of ``table``'s bot ``spec`` for ``seat`` from that seat's ``view``, reseeded with ``seed``: the
        same bot for the whole game (see the module's notes); the medium bot's if its worker failed."""
        loop = asyncio.get_running_loop()
        if not self.slots:
            return await loop.run_in_executor(self.threads, self.local.act, table, seat, spec, seed, view)
        return await self._run(self._place(table), spec, seed, view, _seat_act, table, seat, spec, seed, view)

    def _place(self, table: str) -> int:
        """The worker of ``table``'s bots: where it is, else the one with the fewest tables (placements idle too long
        are forgotten first, their bots let go)."""
        now = time.monotonic()
        placed = self.placed.get(table)
        if placed is None:
            for other, (_, used) in list(self.placed.items()):
                if used < now - self.idle:
                    self.drop(other)
            load = collections.Counter(slot for slot, _ in self.placed.values())
            placed = (min(range(len(self.slots)), key=lambda i: (load[i], i)), now)
        self.placed[table] = (placed[0], now)
        return placed[0]

    async def _run(self, index: int, spec: str, seed: int, view: SeatView, job: Any, *args: Any) -> Action:
        """``job(*args)`` in worker ``index``; the medium bot's move here if the worker died or the bot raised."""
        loop = asyncio.get_running_loop()
        slot = self.slots[index]
        try:
            action: Action = await loop.run_in_executor(slot, job, *args)
            return action
        except BrokenProcessPool:
            self._restart(slot)
        except Exception:
            log.exception("bot %s failed in a worker process; this move is the medium bot's", spec.split(":")[0])
        return await loop.run_in_executor(self.threads, decide, FALLBACK, seed, view)

    def drop(self, table: str) -> None:
        """Let ``table``'s bots go (its game ended, an undo, it is no longer served here); its next move builds them again."""
        self.local.drop(table)
        placed = self.placed.pop(table, None)
        if placed is None or placed[0] >= len(self.slots):
            return
        try:
            self.slots[placed[0]].submit(_seat_drop, table).add_done_callback(_quiet)
        except Exception:
            pass  # the worker died or stopped: its bots went with it

    async def stats(self) -> list[dict[str, int]]:
        """What each worker keeps and has built (:meth:`SeatCache.stats`, with its ``pid``); here: one entry for the threads."""
        if not self.slots:
            return [{"pid": os.getpid(), **self.local.stats()}]
        return list(await asyncio.gather(*(asyncio.wrap_future(slot.submit(_seat_stats)) for slot in self.slots)))

    def _restart(self, broken: ProcessPoolExecutor) -> None:
        """Put a fresh worker in place of one that died (once, however many moves it failed), starting now; its tables
        stay placed on it and get their bots built again."""
        if broken not in self.slots:
            return  # another move found it broken first
        index = self.slots.index(broken)
        broken.shutdown(wait=False, cancel_futures=True)
        now = time.monotonic()
        self.restarts.append(now)
        if len(self.restarts) == RESTARTS and now - self.restarts[0] < RESTART_WINDOW:
            log.error(
                "bot worker processes died %d times in %.0f s: bots decide in the server process from now on",
                RESTARTS,
                now - self.restarts[0],
            )
            self._to_threads()
            return
        log.error(
            "a bot worker process died: a fresh one takes its tables (and builds their bots again); the moves it owed are the medium bot's"
        )
        try:
            self.slots[index] = self._new_slot()
            self._warm(self.slots[index])
        except Exception as err:
            log.error("could not start a bot worker process again (%s): bots decide in the server process", err)
            self._to_threads()

    def _to_threads(self) -> None:
        """Bots decide on the threads here from now on: every worker stops (their tables' bots are built again here)."""
        slots, self.slots = self.slots, []
        self.placed.clear()
        for slot in slots:
            slot.shutdown(wait=False, cancel_futures=True)

    async def stop(self) -> None:
        """Stop the workers (a move being decided is dropped) and the threads; returns once the processes have exited."""
        slots, self.slots = self.slots, []
        self.placed.clear()
        self.threads.shutdown(wait=False, cancel_futures=True)
        self.local.close()
        if slots:
            processes = [p for slot in slots for p in (getattr(slot, "_processes", None) or {}).values()]
            try:
                await asyncio.wait_for(
                    asyncio.gather(*(asyncio.to_thread(slot.shutdown, wait=True, cancel_futures=True) for slot in slots)), 10.0
                )
            except TimeoutError:
                log.warning("bot worker processes did not stop within 10 s: killing them")
                for process in processes:
                    process.kill()
        if self.alive is not None:
            for end in self.alive:
                end.close()
            self.alive = None
