"""Which kernels the search runs: compiled (Numba, the ``fast`` extra) once they are ready, else interpreted.

Compiled and interpreted kernels give the same results (the same source, the
same random numbers), so a bot may switch between them at any decision.
Compiling takes tens of seconds the first time on a machine and a second or
two from the cache afterwards (:func:`hearts.jit.cache_dir`). It never runs
inside a move: :func:`kernels` starts it in a background thread and serves
the interpreted kernels until it is done; :func:`warm` compiles in the
foreground (``hearts serve`` before it takes tables, ``.ci/run`` before the tests).
Where Numba is not installed, :func:`kernels` serves the interpreted kernels
and logs one line saying that the bots are slower (:func:`notice`).

``HEARTS_KERNELS=interpreted`` keeps the interpreted kernels (for tests and
measurements).

>>> ns, array = kernels(start=False)
>>> callable(ns.search_worlds), interpreted().play_out is playout.play_out
(True, True)
"""

from __future__ import annotations

import logging
import os
import threading
import time
import types
from collections.abc import Callable
from typing import Any

from hearts.core import kernel as rules_kernel

from . import evidence, pass_search, passing, playout, policy, rng, sampler, tables, worlds

#: the kernel modules, in the order the compiler takes them
MODULES: tuple[types.ModuleType, ...] = (rules_kernel, tables, rng, policy, playout, sampler, passing, evidence, worlds, pass_search)

_log = logging.getLogger("hearts.bots")
_lock = threading.Lock()
_compiled: types.SimpleNamespace | None = None
_state = "idle"  # idle, compiling, ready, failed, unavailable, off
_error = ""
_interpreted = types.SimpleNamespace(
    **{
        name: value
        for m in MODULES
        for name, value in vars(m).items()
        if isinstance(value, types.FunctionType) and value.__module__ == m.__name__
    }
)


def status() -> str:
    """``ready`` (compiled), ``compiling``, ``idle`` (not started), ``failed``, ``unavailable`` (no Numba) or ``off``."""
    return _state


def notice() -> str | None:
    """The one line to tell a person when the search runs interpreted for good (None otherwise)."""
    if _state == "unavailable":
        return (
            "Numba is not installed: the search bots (hard, expert) run interpreted, several times slower (pip install 'hearts-game[fast]')"
        )
    if _state == "failed":
        return f"the search could not be compiled ({_error}): the search bots run interpreted, several times slower"
    return None


def interpreted() -> types.SimpleNamespace:
    """The interpreted kernels (they take lists)."""
    return _interpreted


def kernels(start: bool = True) -> tuple[types.SimpleNamespace, Callable[[Any], Any]]:
    """The kernels to run now and the sequence maker they take: ``list``, or :func:`as_array` when compiled.

    ``start``: begin compiling in the background if nobody has yet.
    """
    if _state == "ready" and _compiled is not None:
        return _compiled, as_array
    if start and _state == "idle":
        _begin(background=True)
    return _interpreted, list


def give_up(err: BaseException) -> tuple[types.SimpleNamespace, Callable[[Any], Any]]:
    """A compiled kernel failed at a call: serve the interpreted ones from now on (logged once); they are returned."""
    global _state, _error
    if _state == "ready":
        _error = f"{type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}"
        _state = "failed"
        _log.warning(notice())
    return _interpreted, list


def start_reason() -> str | None:
    """Begin compiling in the background (apps call it at start-up); what a person should be told, as a word the app
    words in its language (``hearts play``: :func:`hearts.tui.cli.kernel_line`):
    ``compiling`` (the first compile is under way: the cache is cold), ``unavailable`` (no Numba), ``failed``
    (the compile failed: :func:`notice` says why), or None (nothing: compiled, or loading from the cache)."""
    cold = _state == "idle" and not cached()
    kernels(start=True)
    if _state == "compiling":
        return "compiling" if cold else None
    return _state if _state in ("unavailable", "failed") else None


def cached() -> bool:
    """Are compiled kernels of these sources in the cache (so that loading them takes a second or two)?"""
    from hearts.jit import available, cache_dir

    if not available():
        return False
    where = cache_dir(MODULES)
    return where.is_dir() and any(where.rglob("*.nbi"))


def warm(progress: Callable[[str], None] | None = None) -> bool:
    """Compile the kernels now (or load them from the cache) and run each entry point once; True when ready."""
    if _state == "idle":
        _begin(background=False, progress=progress)
    elif _state == "compiling":
        if progress is not None:
            progress("waiting for the search's compilation to finish...")
        while _state == "compiling":
            time.sleep(0.05)
    if progress is not None and (line := notice()) is not None:
        progress(line)
    return _state == "ready"


def _begin(*, background: bool, progress: Callable[[str], None] | None = None) -> None:
    global _state
    with _lock:
        if _state != "idle":
            return
        if os.environ.get("HEARTS_KERNELS") == "interpreted":
            _state = "off"
            return
        from hearts.jit import available

        if not available():
            _state = "unavailable"
            _log.warning(notice())
            return
        _state = "compiling"
    if background:
        threading.Thread(target=_compile, args=(progress,), name="hearts-compile", daemon=True).start()
    else:
        _compile(progress)


def _compile(progress: Callable[[str], None] | None) -> None:
    global _compiled, _state, _error
    from hearts.jit import compile_modules

    started = time.monotonic()
    if progress is not None:
        progress("compiling the search (once per machine; about a minute)...")
    try:
        ns = compile_modules(MODULES)
        _exercise(ns)
    except Exception as err:  # a bot that cannot compile plays interpreted; it never crashes a table
        _error = f"{type(err).__name__}: {err}"
        _state = "failed"
        _log.warning(notice())
        return
    _compiled = ns
    _state = "ready"
    if progress is not None:
        progress(f"the search is compiled ({time.monotonic() - started:.1f} s)")


def _exercise(ns: types.SimpleNamespace) -> None:
    """Call every entry point the bots use once, so that it is compiled (or loaded) before a move needs it."""
    from hearts.core import Hand, Rules

    from .driver import KernelWorlds

    for rules in (Rules.standard(4), Rules.cancellation(8)):
        hand = Hand.from_seed(rules, seed=1, number=2)
        for s in range(rules.players):
            hand.pass_cards(s, hand.hand_cards(s)[: rules.pass_count])
        hand.play(hand.legal_cards()[0])
        view = hand.view(hand.to_move)
        KernelWorlds(view, 1, "payoff", view.legal[0], 0.6, 0.5, 1, view.legal).run(0, 2, ns, as_array)
    from ..search_pass import search_pass

    for rules in (Rules.standard(4), Rules.cancellation(8)):
        search_pass(Hand.from_seed(rules, seed=1).view(0), 2, 1, None, kernel=(ns, as_array))


def _after_fork() -> None:
    """A process forked while its parent compiled has no compiling thread: it starts again when asked."""
    global _state
    if _state == "compiling":
        _state = "idle"


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)


def as_array(values: Any) -> Any:
    """A compiled kernel's sequence: an int64 array of a list of ints, a float64 array of a list of floats."""
    import numpy as np

    if values and type(values[0]) is float:
        return np.array(values, dtype=np.float64)
    return np.array(values, dtype=np.int64)
