"""Bots from outside the package: ``module:function`` factory paths and the ``hearts.bots`` entry points.

A factory is called as ``factory(settings, seed)`` — ``settings`` the spec's
``key=value`` pairs as a dict of strings, ``seed`` an int or None — and
returns a :class:`~hearts.bots.Bot`, exactly like the built-in factories of
:data:`hearts.bots.registry.FACTORIES`. A distribution adds a name to
``--bots`` by declaring, in its ``pyproject.toml``::

    [project.entry-points."hearts.bots"]
    mybot = "mybot.factory:make"

>>> is_factory_path("mybots:make"), is_factory_path("search:ms=500"), is_factory_path("random")
(True, False, False)
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import sys
from typing import Any

from .base import Bot

#: the entry-point group a distribution uses to add bots
GROUP = "hearts.bots"


class PluginError(Exception):
    """A factory path or entry point cannot be loaded or does not make a bot (the registry turns it into a BotSpecError)."""


def is_factory_path(spec: str) -> bool:
    """Is ``spec`` a ``module:function[:key=value...]`` factory path (its second part has no ``=``)?"""
    parts = spec.strip().split(":")
    return len(parts) >= 2 and "=" not in parts[1] and parts[0] != "exec"


def plugin_names() -> dict[str, str]:
    """Installed bot names (entry points of the ``hearts.bots`` group) -> their ``module:function``."""
    try:
        found = importlib.metadata.entry_points(group=GROUP)
    except Exception:  # a broken distribution's metadata must not break the built-in bots
        return {}
    return {ep.name: ep.value for ep in found}


def load_factory(path: str, where: str) -> Any:
    """The callable at ``module:function`` (``where`` names it in errors); the current directory is searched last."""
    module_name, sep, attr = path.partition(":")
    if not sep or not module_name or not attr or not all(p.isidentifier() for p in module_name.split(".") + attr.split(".")):
        raise PluginError(f"{where}: {path!r} is not a factory path: write module:function, e.g. mybots:make")
    module = _import(module_name, where)
    target: Any = module
    for part in attr.split("."):
        if not hasattr(target, part):
            raise PluginError(f"{where}: module {module_name!r} has no {attr!r}")
        target = getattr(target, part)
    if not callable(target):
        raise PluginError(f"{where}: {path!r} is not callable")
    return target


def _import(module_name: str, where: str) -> Any:
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        here = os.getcwd()
        if err.name == module_name.split(".")[0] and here not in sys.path:
            sys.path.append(here)
            try:
                return importlib.import_module(module_name)
            except ModuleNotFoundError:
                pass
            finally:
                sys.path.remove(here)
        raise PluginError(f"{where}: cannot import {module_name!r}: {err}") from None
    except Exception as err:  # the module itself raised while importing
        raise PluginError(f"{where}: importing {module_name!r} failed: {type(err).__name__}: {err}") from None


def call_factory(factory: Any, params: dict[str, str], seed: int | None, where: str) -> Bot:
    """``factory(params, seed)``, checked to be a bot; its own errors become one-line :class:`PluginError` s."""
    from .registry import BotSpecError

    try:
        bot = factory(params, seed)
    except BotSpecError:
        raise
    except Exception as err:
        raise PluginError(f"{where}: the factory failed: {type(err).__name__}: {err}") from None
    if not isinstance(bot, Bot):
        raise PluginError(f"{where}: the factory returned {type(bot).__name__}, not a hearts.bots.Bot")
    return bot
