"""``hearts serve --workers N``: N worker processes on one host, started again when one dies.

Worker ``i`` is ``hearts serve --cluster`` on port ``PORT + i`` with the
same options (without ``--bot-workers``, each worker's bots get an equal
share of the cores). Without ``--origin`` each worker lets browsers in from
every worker's address (a moved client connects to another port); with
``--origin`` each worker's public websocket URL is ``ORIGIN/w/I/ws``, for a
front proxy to route (see docs/scaling.md). A worker that exits is started
again after a pause that doubles up to 30 s; SIGTERM or SIGINT stops them
all (each lets its leases go, so the others could take its tables).
"""

from __future__ import annotations

import argparse
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

#: the options a worker gets from the supervisor, not copied from the command line
OWN = {"workers", "port", "cluster", "public_ws", "internal_url", "worker_name", "origin"}


def worker_argv(args: argparse.Namespace, i: int) -> list[str]:
    """The command line of worker ``i``."""
    from .cli import add_arguments

    parser = argparse.ArgumentParser()
    add_arguments(parser)
    out = [sys.executable, "-m", "hearts", "serve", "--cluster", "--port", str(args.port + i), "--worker-name", f"w{i}"]
    for action in parser._actions:
        if not action.option_strings or action.dest in OWN or action.dest == "help":
            continue
        value: Any = getattr(args, action.dest, None)
        flag = action.option_strings[-1]
        if isinstance(action, argparse._AppendAction):
            for v in value or []:
                out += [flag, str(v)]
        elif isinstance(action, argparse._StoreTrueAction):
            if value:
                out.append(flag)
        elif value is not None:
            out += [flag, str(value)]
    if getattr(args, "bot_workers", None) is None:  # the cores are shared: each worker's bots get its part of them
        from .botpool import usable_cores

        out += ["--bot-workers", str(max(1, usable_cores() // max(1, args.workers)))]
    host = args.host if ":" not in args.host else f"[{args.host}]"
    if args.origin:
        for origin in args.origin:
            out += ["--origin", origin]
        public = args.origin[0].rstrip("/")
        scheme = "wss" if public.startswith("https://") else "ws"
        out += ["--public-ws", f"{scheme}://{public.split('://', 1)[1]}/w/{i}/ws"]
    else:
        names = [host, "localhost"] if args.host in ("127.0.0.1", "::1") else [host]
        for j in range(args.workers):
            for name in names:
                out += ["--origin", f"http://{name}:{args.port + j}"]
    if args.public_ws:
        out += ["--public-ws", args.public_ws.replace("{i}", str(i)).replace("{port}", str(args.port + i))]
    if args.internal_url:
        out += ["--internal-url", args.internal_url.replace("{i}", str(i)).replace("{port}", str(args.port + i))]
    return out


def supervise(argv_for: Callable[[int], list[str]], n: int, *, poll: float = 0.5) -> int:
    """Run workers 0..n-1 until SIGTERM or SIGINT, starting again any that exits."""
    stopping = False

    def stop(_sig: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    procs = {i: subprocess.Popen(argv_for(i)) for i in range(n)}
    pause = dict.fromkeys(procs, 1.0)
    due: dict[int, float] = {}
    print(f"hearts serve: {n} workers, pids {' '.join(str(p.pid) for p in procs.values())}", file=sys.stderr, flush=True)
    try:
        while not stopping:
            time.sleep(poll)
            now = time.monotonic()
            for i, proc in procs.items():
                if proc.poll() is not None and i not in due:
                    print(
                        f"hearts serve: worker {i} exited ({proc.returncode}); starting it again in {pause[i]:.0f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                    due[i] = now + pause[i]
                    pause[i] = min(30.0, pause[i] * 2)
            for i, when in list(due.items()):
                if now >= when and not stopping:
                    procs[i] = subprocess.Popen(argv_for(i))
                    del due[i]
    finally:
        for proc in procs.values():
            if proc.poll() is None:
                proc.terminate()
        end = time.monotonic() + 15
        for proc in procs.values():
            try:
                proc.wait(max(0.1, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
    return 0
