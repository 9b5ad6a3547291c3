"""A bot's program as a process: JSON lines to its stdin, lines from its stdout within a deadline, its stderr's tail kept.

The program runs in a session of its own (so a Ctrl-C at the terminal is
the host's business, and :meth:`Program.stop` can kill whatever it started).
Every failure — it cannot start, it is silent past the deadline, it exits,
it sends a line over :data:`~hearts.bots.wire.MAX_LINE` bytes — raises
:class:`BotDown` with a kind and a reason for the fault's message.

>>> import sys
>>> program = Program([sys.executable, "-c", "print('{}'); print('x' * 10)"])
>>> program.read_line(10.0), program.read_line(10.0)
(b'{}', b'xxxxxxxxxx')
>>> program.stop()
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import threading
import time
from collections import deque
from typing import IO, Any

from .wire import MAX_LINE, encode

#: how much of the program's standard error is kept, to show in a crash's message (bytes)
STDERR_TAIL = 600


class BotDown(Exception):
    """Internal: the program failed; ``kind`` and ``reason`` become a :class:`BotFault`."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason


class Program:
    """A running program: lines to its stdin, lines from its stdout within a deadline, its stderr's tail kept."""

    def __init__(self, argv: list[str]) -> None:
        try:
            self.popen = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True
            )
        except OSError as err:
            raise BotDown("start", f"cannot start {argv[0]!r}: {err.strerror or err}") from None
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self.out = self.popen.stdout.fileno()
        os.set_blocking(self.out, False)
        self.buffer = b""
        self.tail: deque[bytes] = deque()
        self.tail_size = 0
        self.drain = threading.Thread(target=self._drain_stderr, args=(self.popen.stderr,), daemon=True)
        self.drain.start()

    def _drain_stderr(self, stream: IO[bytes]) -> None:
        """Read the program's stderr until it ends, keeping its tail; this thread owns the stream and closes it."""
        with stream:
            while True:
                try:
                    chunk = stream.read1(4096)  # type: ignore[attr-defined]
                except (OSError, ValueError):
                    return
                if not chunk:
                    return
                self.tail.append(chunk)
                self.tail_size += len(chunk)
                while self.tail_size - len(self.tail[0]) >= STDERR_TAIL:
                    self.tail_size -= len(self.tail.popleft())

    def stderr_tail(self) -> str:
        text = b"".join(self.tail)[-STDERR_TAIL:].decode("utf-8", "replace").strip()
        return " ".join(text.split())[-300:]

    def send(self, message: dict[str, Any]) -> None:
        stdin = self.popen.stdin
        assert stdin is not None
        try:
            stdin.write(encode(message))
            stdin.flush()
        except (BrokenPipeError, ConnectionResetError, ValueError, OSError):
            raise self._died() from None

    def read_line(self, seconds: float) -> bytes:
        """The next non-empty line, waiting at most ``seconds``."""
        end = time.monotonic() + seconds
        with selectors.DefaultSelector() as sel:
            sel.register(self.out, selectors.EVENT_READ)
            while True:
                line, newline, rest = self.buffer.partition(b"\n")
                if newline:
                    self.buffer = rest
                    if len(line) > MAX_LINE:
                        raise BotDown("malformed", f"sent a line of more than {MAX_LINE} bytes")
                    if line.strip():
                        return line
                    continue
                if len(self.buffer) > MAX_LINE:
                    raise BotDown("malformed", f"sent a line of more than {MAX_LINE} bytes")
                left = end - time.monotonic()
                if left <= 0:
                    raise BotDown("timeout", f"no reply within {seconds:g} s")
                if not sel.select(left):
                    continue
                try:
                    chunk = os.read(self.out, 65536)
                except BlockingIOError:
                    continue
                except OSError:
                    chunk = b""
                if not chunk:
                    raise self._died()
                self.buffer += chunk

    def _died(self) -> BotDown:
        try:
            code = self.popen.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            return BotDown("crash", "closed its standard output")
        self.drain.join(timeout=1.0)
        how = f"was killed by signal {-code}" if code < 0 else f"exited with status {code}"
        tail = self.stderr_tail()
        return BotDown("crash", how + (f"; its stderr ends: {tail}" if tail else ""))

    def stop(self, grace: float = 0.5) -> None:
        """Close its stdin, give it ``grace`` seconds to exit, then kill its process group."""
        with contextlib.suppress(OSError, ValueError):
            assert self.popen.stdin is not None
            self.popen.stdin.close()
        try:
            self.popen.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(self.popen.pid, signal.SIGKILL)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(timeout=2.0)
        with contextlib.suppress(OSError):
            assert self.popen.stdout is not None
            self.popen.stdout.close()
        self.drain.join(timeout=1.0)  # stderr ends with the program (the drain thread closes it)
