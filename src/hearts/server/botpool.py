"""Where the server's bots decide: worker processes, so a slow bot never holds the event loop's GIL.

A :class:`BotPool` of ``workers`` processes (default: the usable cores)
decides each bot move from the seat's view (a frozen dataclass: it pickles)
and sends the action back. The processes start from a ``forkserver`` (never a
plain fork of the threaded server; ``spawn`` where there is none), are all
started at :meth:`BotPool.start`, and exit by themselves if the server dies
without stopping them (killed outright, say). ``workers=0`` decides on a
thread of the server process (the old way: tests, tiny deployments).

The workers run at a lower priority (``nice``, default :data:`BOT_NICE`):
when the cores are busy with bots' searches, the server process (which
answers the people) is scheduled first, so a person's action is stored and
answered at once while every table's bots think; the bots get whatever CPU
is left, which on a busy machine is all the rest.

A worker that dies (killed, out of memory) breaks the pool: the pool is
started again, and the move that was asked for is decided at once by the
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
from hearts.session import decide

log = logging.getLogger("hearts.server")

#: the bot that decides, on a thread of the server, a move a worker could not
FALLBACK = LEVELS["medium"]
#: seconds the pool's processes have to start
START_SECONDS = 60.0
#: worker deaths within this many seconds after which bots decide on threads here for good
RESTARTS, RESTART_WINDOW = 5, 60.0
#: how much lower the bot workers' priority is than the server's (added to their nice value)
BOT_NICE = 10


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it, else the CPU count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _worker_ready() -> int:
    """The warm-up job: each worker's pid once it has started."""
    return os.getpid()


def _init_worker(alive: Connection, nice: int = 0) -> None:
    """In each worker: ignore Ctrl-C (the server stops the pool), lower its priority by ``nice``, load the levels' bots,
    and exit once the server is gone.

    ``alive``: the reading end of a pipe whose writing end only the server holds: it reads end of file when the
    server exits, even when killed outright (a fork server's children keep each other alive, so a worker cannot
    go by its parent).
    """
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


class BotPool:
    """The bots' decisions of one server: ``workers`` processes (None: :func:`usable_cores`; 0: a thread here),
    ``nice`` steps below the server's priority."""

    def __init__(self, workers: int | None = None, nice: int = BOT_NICE) -> None:
        self.workers = usable_cores() if workers is None else workers
        if self.workers < 0:
            raise ValueError(f"bot workers must be 0 or more, not {self.workers}")
        if not 0 <= nice <= 19:
            raise ValueError(f"the bot workers' nice must be from 0 to 19, not {nice}")
        self.nice = nice
        self.threads = ThreadPoolExecutor(2, thread_name_prefix="hearts-bot")
        self.pool: ProcessPoolExecutor | None = None
        #: when the pool was started again after a worker died (the latest few)
        self.restarts: collections.deque[float] = collections.deque(maxlen=RESTARTS)
        #: the pipe whose end of file tells the workers the server is gone (see ``_init_worker``)
        self.alive: tuple[Connection, Connection] | None = None

    async def start(self) -> None:
        """Start every worker process now (so the first move does not wait for one); on failure, decide on threads."""
        if self.workers == 0 or self.pool is not None:
            return
        try:
            self.pool = self._new_pool()
            await asyncio.wait_for(asyncio.gather(*map(asyncio.wrap_future, self._warm(self.pool))), START_SECONDS)
        except Exception as err:
            why = (str(err).strip().splitlines() or [type(err).__name__])[0].strip()
            log.warning("could not start %d bot worker processes (%s): bots decide in the server process", self.workers, why)
            pool, self.pool = self.pool, None
            if pool is not None:
                pool.shutdown(wait=False, cancel_futures=True)
            return
        log.info("bots decide in %d worker processes", self.workers)

    def _new_pool(self) -> ProcessPoolExecutor:
        if self.alive is None:
            self.alive = multiprocessing.Pipe(duplex=False)
        return ProcessPoolExecutor(self.workers, mp_context=_context(), initializer=_init_worker, initargs=(self.alive[0], self.nice))

    def _warm(self, pool: ProcessPoolExecutor) -> list[Future[int]]:
        """One job per worker, all submitted at once: the pool starts every process now."""
        return [pool.submit(_worker_ready) for _ in range(self.workers)]

    @property
    def pids(self) -> list[int]:
        """The current pool's worker processes (none while bots decide on threads)."""
        return sorted(getattr(self.pool, "_processes", None) or {})

    async def decide(self, spec: str, seed: int, view: Any) -> Any:
        """The action of bot ``spec`` (seeded) for ``view``; the medium bot's if its worker failed."""
        loop = asyncio.get_running_loop()
        pool = self.pool
        if pool is None:
            return await loop.run_in_executor(self.threads, decide, spec, seed, view)
        try:
            return await loop.run_in_executor(pool, decide, spec, seed, view)
        except BrokenProcessPool:
            self._restart(pool)
        except Exception:
            log.exception("bot %s failed in a worker process; this move is the medium bot's", spec.split(":")[0])
        return await loop.run_in_executor(self.threads, decide, FALLBACK, seed, view)

    def _restart(self, broken: ProcessPoolExecutor) -> None:
        """Put a fresh pool in place of a broken one (once, however many moves it failed), its workers starting now."""
        if self.pool is not broken:
            return  # another move found it broken first
        broken.shutdown(wait=False, cancel_futures=True)
        now = time.monotonic()
        self.restarts.append(now)
        if len(self.restarts) == RESTARTS and now - self.restarts[0] < RESTART_WINDOW:
            log.error(
                "bot worker processes died %d times in %.0f s: bots decide in the server process from now on",
                RESTARTS,
                now - self.restarts[0],
            )
            self.pool = None
            return
        log.error("a bot worker process died: the bot processes start again; the moves it owed are the medium bot's")
        try:
            self.pool = self._new_pool()
            self._warm(self.pool)
        except Exception as err:
            log.error("could not start the bot worker processes again (%s): bots decide in the server process", err)
            self.pool = None

    async def stop(self) -> None:
        """Stop the workers (a move being decided is dropped) and the threads; returns once the processes have exited."""
        pool, self.pool = self.pool, None
        self.threads.shutdown(wait=False, cancel_futures=True)
        if pool is None:
            return
        processes = list((getattr(pool, "_processes", None) or {}).values())
        try:
            await asyncio.wait_for(asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True), 10.0)
        except TimeoutError:
            log.warning("bot worker processes did not stop within 10 s: killing them")
            for process in processes:
                process.kill()
        if self.alive is not None:
            for end in self.alive:
                end.close()
            self.alive = None
