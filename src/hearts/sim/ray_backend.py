"""Tasks on a Ray cluster (the optional ``ray`` extra); the only module that imports Ray.

:func:`run_tasks` runs ``fn(task)`` for each task on the cluster and returns
the results in task order, so a caller's output cannot depend on which
worker ran what. ``address`` is ``"local"`` (start a Ray instance on this
machine for the run, with ``cpus`` CPUs, and stop it afterwards) or the
address of a running cluster (``HOST:PORT`` of its head, ``ray://HOST:PORT``
for Ray Client, or ``auto``). In a process already connected to Ray
(``ray.is_initialized()``) that connection is used as it is and left open.

A task whose worker process dies (killed, out of memory, a node lost) is
run again, up to :data:`RETRIES` times, by Ray itself; an exception raised
by ``fn`` is not retried: it is raised here. A cluster that cannot be
reached, or Ray missing, raises :class:`RayUnavailable` with one line.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from hearts.core import HeartsError

T = TypeVar("T")
R = TypeVar("R")

#: how many times Ray runs a task again after its worker died
RETRIES = 3
#: seconds to wait for a TCP connection to a cluster's head before saying it cannot be reached
CONNECT_TIMEOUT = 5.0


class RayUnavailable(HeartsError, ValueError):
    """Ray is not installed, or the cluster at the address cannot be reached."""


def _ray() -> Any:
    try:
        import ray  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        raise RayUnavailable("Ray is not installed: pip install 'hearts-game[ray]'") from None
    return ray


def _check_reachable(address: str) -> None:
    """A clear error now, rather than Ray's long retries, when nothing listens at ``HOST:PORT``."""
    if address == "auto":
        return
    hostport = address.split("://", 1)[-1]
    host, sep, port = hostport.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise RayUnavailable(f"bad Ray address {address!r}: give local, auto, HOST:PORT or ray://HOST:PORT")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT):
            pass
    except OSError as err:
        raise RayUnavailable(f"cannot reach the Ray cluster at {address}: {err.strerror or err}") from None


@contextmanager
def connected(address: str, cpus: int | None = None) -> Iterator[Any]:
    """The ``ray`` module, connected to ``address`` for the ``with`` block (see the module docstring)."""
    ray = _ray()
    if ray.is_initialized():
        yield ray
        return
    if address == "local":
        kwargs: dict[str, Any] = {"num_cpus": cpus, "include_dashboard": False}
    else:
        _check_reachable(address)
        kwargs = {"address": address}
    try:
        ray.init(**kwargs, log_to_driver=False, configure_logging=False)
    except (ConnectionError, RuntimeError, ValueError) as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise RayUnavailable(f"cannot connect to the Ray cluster at {address}: {first}") from None
    try:
        yield ray
    finally:
        ray.shutdown()


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    address: str,
    cpus: int | None = None,
    done: Callable[[int, R], None] | None = None,
    keep: bool = True,
) -> list[R]:
    """``[fn(t) for t in tasks]``, computed on the cluster; ``done(k, result)`` is called as task ``k`` finishes.

    With ``keep=False`` the results are only handed to ``done`` (the list returned holds None).
    """
    with connected(address, cpus) as ray:
        remote = ray.remote(max_retries=RETRIES, retry_exceptions=False)(fn)
        refs = [remote.remote(t) for t in tasks]
        index = {ref: k for k, ref in enumerate(refs)}
        results: list[Any] = [None] * len(tasks)
        pending = list(refs)
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    k = index[ref]
                    result = _get(ray, ref)
                    if keep:
                        results[k] = result
                    if done:
                        done(k, result)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
        return results


def _get(ray: Any, ref: Any) -> Any:
    """The task's value; its own exception re-raised as it was, Ray's failures as :class:`RayUnavailable`."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as err:
        cause = err.as_instanceof_cause()
        inner = getattr(err, "cause", None)
        raise (inner if isinstance(inner, BaseException) else cause) from None
    except ray.exceptions.RayError as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise RayUnavailable(f"a task failed on the Ray cluster after {RETRIES} retries: {first}") from None
