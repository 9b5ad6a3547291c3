"""Compile kernel modules with Numba (the ``fast`` extra); nothing of the rules lives here.

A *kernel module* is written in the subset of Python that Numba compiles and
CPython runs unchanged (:mod:`hearts.core.kernel` is the model).
:func:`compile_modules` makes a Numba ``njit`` function of every function
those modules define, wired so that kernel functions calling one another
call the compiled versions, and the bit helpers (``top_bit``, ``low_bit``,
``count_bits``) become single machine instructions. Tuples of ints that the
modules keep as tables become constant arrays.

Compiled code is cached on disk (:func:`cache_dir`), keyed by the kernel
sources and the Numba version, so a changed rule never runs stale machine
code, and a warm cache loads in a second or two.

>>> available() in (True, False)
True
"""

from __future__ import annotations

import hashlib
import os
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

numba: Any
np: Any
try:  # the optional extra: without it the kernels run interpreted
    import numba
    import numpy as np
    from numba.core import types as nbtypes
    from numba.cpython.unsafe import numbers as _unsafe
    from numba.extending import intrinsic
except ImportError:  # pragma: no cover - exercised where numba is missing
    numba = None

#: the bit helpers every kernel uses, replaced by machine instructions when compiled
BIT_HELPERS = ("top_bit", "low_bit", "count_bits")


def available() -> bool:
    """Is Numba installed (so that kernels can be compiled)?"""
    return numba is not None


def cache_dir(modules: Sequence[types.ModuleType]) -> Path:
    """Where the compiled kernels of ``modules`` are cached: a folder per set of sources and Numba version.

    ``HEARTS_CACHE`` moves the root (default: ``~/.cache/hearts``).
    """
    digest = hashlib.sha256()
    for module in modules:
        digest.update(Path(module.__file__ or "").read_bytes())
    digest.update((numba.__version__ if numba is not None else "").encode())
    root = Path(os.environ.get("HEARTS_CACHE") or Path.home() / ".cache" / "hearts")
    return root / "numba" / digest.hexdigest()[:16]


def compile_modules(modules: Sequence[types.ModuleType], *, cache: bool = True) -> types.SimpleNamespace:
    """A namespace of Numba dispatchers, one per function defined in ``modules`` (compiled lazily, on first call).

    Raises RuntimeError when Numba is not installed.
    """
    if numba is None:
        raise RuntimeError("numba is not installed")
    if cache:
        where = cache_dir(modules)
        where.mkdir(parents=True, exist_ok=True)
        numba.config.CACHE_DIR = str(where)
    originals: dict[int, str] = {}  # id of a kernel function -> its name
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, types.FunctionType) and value.__module__ == module.__name__:
                originals[id(value)] = name
    compiled: dict[str, Any] = dict(_bit_helpers())
    spaces = []
    for module in modules:
        space: dict[str, Any] = {}
        for name, value in vars(module).items():
            if isinstance(value, tuple) and value and all(type(v) is int for v in value):
                space[name] = np.array(value, dtype=np.int64)
            else:
                space[name] = value
        spaces.append((module, space))
    for module, space in spaces:
        for name, value in list(space.items()):
            if isinstance(value, types.FunctionType) and value.__module__ == module.__name__ and name not in BIT_HELPERS:
                clone = types.FunctionType(value.__code__, space, value.__name__, value.__defaults__, value.__closure__)
                clone.__qualname__ = value.__qualname__
                clone.__module__ = value.__module__
                compiled[name] = numba.njit(cache=cache, nogil=True)(clone)
    for _module, space in spaces:  # calls between kernels go to the compiled versions
        for name, value in list(space.items()):
            if isinstance(value, types.FunctionType) and id(value) in originals:
                space[name] = compiled[originals[id(value)]]
            elif name in BIT_HELPERS:
                space[name] = compiled[name]
    return types.SimpleNamespace(**compiled)


def _bit_helpers() -> dict[str, Callable[..., int]]:
    """``top_bit``, ``low_bit`` and ``count_bits`` as Numba functions of one instruction each."""

    leading_zeros: Any = _unsafe.leading_zeros
    trailing_zeros: Any = _unsafe.trailing_zeros

    @intrinsic
    def popcount(typingctx: Any, src: Any) -> Any:
        if not isinstance(src, nbtypes.Integer):
            return None

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.ctpop(args[0])

        return src(src), codegen

    @numba.njit(cache=False, inline="always")  # type: ignore[untyped-decorator]
    def top_bit(m: int) -> int:
        return int(63 - leading_zeros(np.int64(m)))

    @numba.njit(cache=False, inline="always")  # type: ignore[untyped-decorator]
    def low_bit(m: int) -> int:
        return -1 if m == 0 else trailing_zeros(np.int64(m))

    @numba.njit(cache=False, inline="always")  # type: ignore[untyped-decorator]
    def count_bits(m: int) -> int:
        return popcount(np.int64(m))  # type: ignore[call-arg]

    return {"top_bit": top_bit, "low_bit": low_bit, "count_bits": count_bits}
